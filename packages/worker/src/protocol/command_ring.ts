/**
 * The input ring: per-frame inputs (forces, impulses, velocities, poses, wake, a mouse
 * joint's target, a motor's speed, a persistent ray's move, a character's velocity)
 * travel from the main thread to the host through shared memory, so a game that pushes
 * its bodies every frame sends no message. What each entry carries is declared in
 * inputs.ts; the main thread's end is client/ring_writer.ts, the host's host/ring_reader.ts.
 *
 * A single-producer single-consumer ring of fixed-size entries. The main thread writes
 * entries and then publishes its head; the host reads up to the head before each step
 * and publishes its tail. Order with the commands that travel in messages (creating a
 * body, then pushing it) is kept by numbering: each entry carries how many messages had
 * been sent when it was written, and the host applies an entry only once it has applied
 * that many messages; a message is applied only after the entries written before it.
 */
import { INPUT_DOUBLES } from './inputs.js';

/** Int32 words before the entries (a multiple of two, so entries are float64-aligned). */
export const RingControl = { Head: 0, Tail: 1, Size: 4 } as const;

/** An entry's doubles: messages sent before it, opcode, id, then the input's own doubles. */
export const Entry = { Messages: 0, Op: 1, Id: 2, Args: 3, Size: 3 + INPUT_DOUBLES } as const;

/** Entries the ring holds: a frame's inputs for thousands of bodies. */
export const RING_ENTRIES = 8192;

export function createRingBuffer(): SharedArrayBuffer {
  return new SharedArrayBuffer(RingControl.Size * 4 + RING_ENTRIES * Entry.Size * 8);
}

/** The ring's two views: its control words and its entries. */
export function ringViews(buffer: SharedArrayBuffer): { control: Int32Array; entries: Float64Array } {
  return {
    control: new Int32Array(buffer, 0, RingControl.Size),
    entries: new Float64Array(buffer, RingControl.Size * 4, RING_ENTRIES * Entry.Size),
  };
}
