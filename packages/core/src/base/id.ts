/**
 * Handles with generations.
 *
 * A handle is one safe integer: `generation * 2^27 + kind * 2^24 + slot + 1`, where kind
 * tells bodies, shapes, chains and joints apart (so a shape id passed where a chain id is
 * expected is rejected, not mistaken for chain number N). Zero is the null handle.
 * When a slot is freed its generation is bumped, so an old handle to it no longer
 * matches and is reported as stale instead of silently touching the new occupant.
 * Numbers (rather than objects) cross the worker boundary for free and compare with ===.
 */

const SLOT_BITS = 2 ** 24;

/** Largest number of live objects of one kind. */
export const MAX_SLOTS = SLOT_BITS - 1;

const KIND_BITS = 8;

/** What a handle names. */
export const HandleKind = { Body: 0, Shape: 1, Chain: 2, Joint: 3, Contact: 4 } as const;
export type HandleKind = (typeof HandleKind)[keyof typeof HandleKind];

export function makeHandle(slot: number, generation: number, kind: HandleKind): number {
  return (generation * KIND_BITS + kind) * SLOT_BITS + slot + 1;
}

export function handleKind(handle: number): number {
  return Math.floor(handle / SLOT_BITS) % KIND_BITS;
}

export function handleSlot(handle: number): number {
  return (handle % SLOT_BITS) - 1;
}

export function handleGeneration(handle: number): number {
  return Math.floor(handle / (SLOT_BITS * KIND_BITS));
}

/**
 * Hands out slots lowest-freed-last (a stack), deterministically, and remembers each
 * slot's generation. Capacity is implicit: `next` is one past the highest slot used.
 * A pool whose slots are never named by a handle (`versioned` false: contacts) keeps every
 * generation at 0, so there is nothing of them to save or compare.
 */
export class SlotPool {
  generation = new Uint32Array(16);
  alive = new Uint8Array(16);
  free: number[] = [];
  next = 0;
  count = 0;

  constructor(
    readonly kind: HandleKind,
    readonly versioned = true,
  ) {}

  allocate(): number {
    const slot = this.free.length > 0 ? this.free.pop()! : this.next++;
    this.reserve(slot + 1);
    this.alive[slot] = 1;
    this.count++;
    return slot;
  }

  release(slot: number): void {
    this.alive[slot] = 0;
    if (this.versioned) this.generation[slot] = (this.generation[slot]! + 1) >>> 0;
    this.free.push(slot);
    this.count--;
  }

  handle(slot: number): number {
    return makeHandle(slot, this.generation[slot]!, this.kind);
  }

  /** The slot of a live handle, or -1 when the handle is malformed, freed or stale. */
  resolve(handle: unknown): number {
    if (typeof handle !== 'number' || !Number.isSafeInteger(handle) || handle <= 0) return -1;
    const slot = handleSlot(handle);
    if (handleKind(handle) !== this.kind || slot >= this.next || this.alive[slot] !== 1) return -1;
    return this.generation[slot] === handleGeneration(handle) ? slot : -1;
  }

  /** Makes room for slots below `n`, doubling the arrays as often as that takes. */
  reserve(n: number): void {
    if (n <= this.alive.length) return;
    let capacity = this.alive.length;
    while (capacity < n) capacity *= 2;
    const g = new Uint32Array(capacity);
    g.set(this.generation);
    this.generation = g;
    const a = new Uint8Array(capacity);
    a.set(this.alive);
    this.alive = a;
  }
}
