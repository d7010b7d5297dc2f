/**
 * Ids for the host-side objects the client hands out (persistent rays, characters): a
 * fixed table of slots, and ids that carry a generation (`slot + 1 + size * generation`),
 * so an id kept after its object was destroyed is rejected instead of reaching the slot's
 * next occupant — the core's handle rule, for tables small enough to scan.
 */
export class SlotIds {
  /** Each slot's live id, 0 when free. */
  private readonly ids: number[];
  private readonly generation: Uint32Array;

  constructor(
    private readonly size: number,
    /** What an id names, in messages: 'persistent ray', 'character'. */
    private readonly what: string,
    /** The id argument's name, in messages: 'rayId', 'characterId'. */
    private readonly field: string,
  ) {
    this.ids = new Array(size).fill(0);
    this.generation = new Uint32Array(size);
  }

  /** A free slot and its new id; throws when all are taken. */
  acquire(fn: string): { slot: number; id: number } {
    const slot = this.ids.indexOf(0);
    if (slot === -1) throw new RangeError(`${fn}: at most ${this.size} ${this.what}s at once`);
    const id = slot + 1 + this.size * this.generation[slot]!;
    this.ids[slot] = id;
    return { slot, id };
  }

  /** The slot of a live id; throws naming the call and the id otherwise. */
  slotOf(fn: string, id: number): number {
    const slot = (id - 1) % this.size;
    if (!Number.isInteger(id) || id < 1 || this.ids[slot] !== id) {
      throw new RangeError(`${fn}: ${this.field} must be a live ${this.what}, got ${String(id)}`);
    }
    return slot;
  }

  release(slot: number): void {
    this.ids[slot] = 0;
    this.generation[slot]!++;
  }

  /** The live id in `slot`, 0 when free. */
  idAt(slot: number): number {
    return this.ids[slot]!;
  }
}
