/** The host's end of the input ring (see protocol/command_ring.ts). */
import type { World } from '@impulse/core';
import { Entry, RING_ENTRIES, RingControl, ringViews } from '../protocol/command_ring.js';
import type { HostInputs } from '../protocol/inputs.js';
import { InputDecoder } from './input_decoder.js';

type Call = (...args: unknown[]) => unknown;

export class RingReader {
  private readonly control: Int32Array;
  private readonly entries: Float64Array;
  private readonly decoder = new InputDecoder();
  private tail = 0;

  constructor(
    buffer: SharedArrayBuffer,
    /** Where the host's own inputs (ray moves, character velocities) go. */
    private readonly host: HostInputs,
  ) {
    ({ control: this.control, entries: this.entries } = ringViews(buffer));
  }

  /**
   * Applies, in order, the entries written after at most `messagesApplied` messages;
   * stops at the first that needs a message not yet here. Returns the first error (an
   * entry the world refused; the others still apply).
   */
  drain(world: World, messagesApplied: number): string | null {
    const head = Atomics.load(this.control, RingControl.Head);
    let error: string | null = null;
    while (this.tail < head) {
      const o = (this.tail % RING_ENTRIES) * Entry.Size;
      if (this.entries[o + Entry.Messages]! > messagesApplied) break;
      try {
        this.apply(world, o);
      } catch (e) {
        error ??= e instanceof Error ? `${e.name}: ${e.message}` : String(e);
      }
      this.tail++;
    }
    Atomics.store(this.control, RingControl.Tail, this.tail);
    return error;
  }

  private apply(world: World, o: number): void {
    const x = this.entries;
    const op = x[o + Entry.Op]!;
    const form = this.decoder.form(op);
    const args = this.decoder.decode(op, x[o + Entry.Id]!, x, o + Entry.Args);
    const target = form.on === 'world' ? world : this.host;
    ((target as unknown as Record<string, Call>)[form.method] as Call).apply(target, args);
  }
}
