/**
 * The shape pairs that have a contact, each with its contact slot: an open-addressing hash
 * table on typed arrays (Box2D v3 keeps a hash set keyed by the shape pair).
 *
 * A `Map` keyed by a packed pair allocated on every insert and delete (table rehashes, and
 * the packed key is a heap number once it leaves the small-integer range), which the step
 * does whenever contacts begin and end. Here a key is two int32 shape indices, probing is
 * linear, and deletion shifts the following entries back instead of leaving tombstones, so
 * the table never degrades and allocates only when it grows. Nothing iterates it: contact
 * order never depends on hashing.
 *
 * A slot's key is one record of two int32 (lower shape, higher shape), 8 bytes, so a probe
 * reads one record and a probe run stays within a cache line or two; the slot's contact
 * sits in a column of its own, read only by the callers that want it. The pair search asks
 * the table whether a pair exists for every proxy it meets (pairFilter, some 8,500 times a
 * step in the tumbler, most of them hits at random places): the table's bytes are what
 * those lookups miss the cache on. With the contact in the record (16 bytes a slot) the
 * tumbler's table was 512 KiB, the size of a core's L2; keys alone take half that.
 */

import { replaceArraysOnce } from '../base/array.js';

const EMPTY = -1;

/** A slot's key record in `slots`: lower shape index (EMPTY when free), higher. */
enum SLOT {
  LOW = 0,
  HIGH = 1,
  STRIDE = 2,
}

/** Mixes an unordered-pair key (lower index first) into 32 bits (a murmur3-style finaliser). */
function hashPair(low: number, high: number): number {
  let h = Math.imul(low, 0x9e3779b1) ^ high;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** Unordered pairs of shape indices (>= 0) mapped to contact slots (>= 0). */
export class PairTable {
  /** One key record per slot (SLOT), capacity * SLOT.STRIDE int32. */
  private slots: Int32Array;
  /** Per slot, the contact of its pair (meaningful where the slot's key is not EMPTY). */
  private contacts: Int32Array;
  /** Capacity - 1; the capacity is a power of two. */
  private mask: number;
  private _count = 0;

  /** @param capacity initial slot count, rounded up to a power of two (at least 16). */
  constructor(capacity = 64) {
    let n = 16;
    while (n < capacity) n *= 2;
    this.slots = emptySlots(n);
    this.contacts = new Int32Array(n);
    this.mask = n - 1;
    replaceArraysOnce(this);
  }

  /** Number of pairs in the table. */
  get count(): number {
    return this._count;
  }

  /** Number of slots (for growth tests). */
  get capacity(): number {
    return this.mask + 1;
  }

  /** The contact of the pair (in either order), or -1 when the pair has none. */
  find(shapeA: number, shapeB: number): number {
    const i = this.slotOf(shapeA, shapeB);
    return i === -1 ? -1 : this.contacts[i]!;
  }

  /** True when the pair (in either order) has a contact; reads the keys only. */
  has(shapeA: number, shapeB: number): boolean {
    return this.slotOf(shapeA, shapeB) !== -1;
  }

  /** The slot holding the pair (in either order), or -1. */
  private slotOf(shapeA: number, shapeB: number): number {
    const lo = shapeA < shapeB ? shapeA : shapeB;
    const hi = shapeA < shapeB ? shapeB : shapeA;
    const mask = this.mask;
    const slots = this.slots;
    for (let i = hashPair(lo, hi) & mask; ; i = (i + 1) & mask) {
      const r = i * SLOT.STRIDE;
      const l = slots[r + SLOT.LOW]!;
      if (l === EMPTY) return -1;
      if (l === lo && slots[r + SLOT.HIGH] === hi) return i;
    }
  }

  /** Adds a pair that is not in the table yet. */
  insert(shapeA: number, shapeB: number, contact: number): void {
    // at most half full, so probe runs stay short and an empty slot always ends them
    if (2 * (this._count + 1) > this.mask + 1) this.grow();
    const lo = shapeA < shapeB ? shapeA : shapeB;
    const hi = shapeA < shapeB ? shapeB : shapeA;
    this.place(lo, hi, contact);
    this._count++;
  }

  /** Removes the pair (in either order) and returns its contact, or -1 when it was absent. */
  remove(shapeA: number, shapeB: number): number {
    const lo = shapeA < shapeB ? shapeA : shapeB;
    const hi = shapeA < shapeB ? shapeB : shapeA;
    const mask = this.mask;
    const slots = this.slots;
    let i = hashPair(lo, hi) & mask;
    for (; ; i = (i + 1) & mask) {
      const r = i * SLOT.STRIDE;
      const l = slots[r + SLOT.LOW]!;
      if (l === EMPTY) return -1;
      if (l === lo && slots[r + SLOT.HIGH] === hi) break;
    }
    const contacts = this.contacts;
    const removed = contacts[i]!;
    // Backward shift: pull later entries of the probe run into the hole when the hole lies
    // on their path from home, so every lookup still reaches its entry before an empty slot.
    let hole = i;
    for (let j = (i + 1) & mask; slots[j * SLOT.STRIDE + SLOT.LOW] !== EMPTY; j = (j + 1) & mask) {
      const rj = j * SLOT.STRIDE;
      const home = hashPair(slots[rj + SLOT.LOW]!, slots[rj + SLOT.HIGH]!) & mask;
      // distance from home to j versus from home to the hole, both along the probe order
      if (((j - home) & mask) >= ((j - hole) & mask)) {
        const rh = hole * SLOT.STRIDE;
        slots[rh + SLOT.LOW] = slots[rj + SLOT.LOW]!;
        slots[rh + SLOT.HIGH] = slots[rj + SLOT.HIGH]!;
        contacts[hole] = contacts[j]!;
        hole = j;
      }
    }
    this.slots[hole * SLOT.STRIDE + SLOT.LOW] = EMPTY;
    this._count--;
    return removed;
  }

  /** Empties the table, keeping its capacity. */
  clear(): void {
    const slots = this.slots;
    for (let r = 0; r < slots.length; r += SLOT.STRIDE) slots[r + SLOT.LOW] = EMPTY;
    this._count = 0;
  }

  private place(lo: number, hi: number, contact: number): void {
    const mask = this.mask;
    const slots = this.slots;
    let i = hashPair(lo, hi) & mask;
    while (slots[i * SLOT.STRIDE + SLOT.LOW] !== EMPTY) i = (i + 1) & mask;
    const r = i * SLOT.STRIDE;
    slots[r + SLOT.LOW] = lo;
    slots[r + SLOT.HIGH] = hi;
    this.contacts[i] = contact;
  }

  /** Doubles the capacity and re-inserts every entry (slot order: deterministic). */
  private grow(): void {
    const old = this.slots;
    const oldContacts = this.contacts;
    const n = 2 * (this.mask + 1);
    this.slots = emptySlots(n);
    this.contacts = new Int32Array(n);
    this.mask = n - 1;
    for (let i = 0; i < oldContacts.length; i++) {
      const r = i * SLOT.STRIDE;
      if (old[r + SLOT.LOW] !== EMPTY) this.place(old[r + SLOT.LOW]!, old[r + SLOT.HIGH]!, oldContacts[i]!);
    }
  }
}

/** `n` free slots. */
function emptySlots(n: number): Int32Array {
  const slots = new Int32Array(n * SLOT.STRIDE);
  for (let r = 0; r < slots.length; r += SLOT.STRIDE) slots[r + SLOT.LOW] = EMPTY;
  return slots;
}
