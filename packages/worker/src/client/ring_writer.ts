/** The main thread's end of the input ring (see protocol/command_ring.ts). */
import { Entry, RING_ENTRIES, RingControl, ringViews } from '../protocol/command_ring.js';
import { encodeInput, type InputForm } from '../protocol/inputs.js';

export class RingWriter {
  private readonly control: Int32Array;
  private readonly entries: Float64Array;
  private head = 0;

  constructor(buffer: SharedArrayBuffer) {
    ({ control: this.control, entries: this.entries } = ringViews(buffer));
  }

  /**
   * Writes one input (`form`, opcode `op`, its arguments `a`, `b`, `c` after `id`); false
   * when the ring is full (the caller sends the input in a message). Allocates nothing.
   */
  push(
    messagesSent: number,
    form: InputForm,
    op: number,
    id: number,
    a: unknown,
    b: unknown,
    c: unknown,
  ): boolean {
    const tail = Atomics.load(this.control, RingControl.Tail);
    if (this.head - tail >= RING_ENTRIES) return false;
    const o = (this.head % RING_ENTRIES) * Entry.Size;
    const x = this.entries;
    x.fill(0, o, o + Entry.Size);
    x[o + Entry.Messages] = messagesSent;
    x[o + Entry.Op] = op;
    x[o + Entry.Id] = id;
    encodeInput(form, x, o + Entry.Args, a, b, c);
    this.head++;
    Atomics.store(this.control, RingControl.Head, this.head);
    return true;
  }
}
