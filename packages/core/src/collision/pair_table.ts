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
 */

import { replaceArraysOnce } from '../base/array.js';

const EMPTY = -1;

/** Mixes an unordered-pair key (lower index first) into 32 bits (a murmur3-style finaliser). */
function hashPair(low: number, high: number): number {
  let h = Math.imul(low, 0x9e3779b1) ^ high;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** Unordered pairs of shape indices (>= 0) mapped to contact slots (>= 0). */
export class PairTable {
  /** Lower shape index of each slot, -1 when the slot is empty. */
  private low: Int32Array;
  /** Higher shape index of each slot. */
  private high: Int32Array;
  /** Contact slot of each entry. */
  private contact: Int32Array;
  /** Capacity - 1; the capacity is a power of two. */
  private mask: number;
  private _count = 0;

  /** @param capacity initial slot count, rounded up to a power of two (at least 16). */
  constructor(capacity = 64) {
    let n = 16;
    while (n < capacity) n *= 2;
    this.low = new Int32Array(n).fill(EMPTY);
    this.high = new Int32Array(n);
    this.contact = new Int32Array(n);
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
    const lo = shapeA < shapeB ? shapeA : shapeB;
    const hi = shapeA < shapeB ? shapeB : shapeA;
    const mask = this.mask;
    const low = this.low;
    for (let i = hashPair(lo, hi) & mask; ; i = (i + 1) & mask) {
      const l = low[i]!;
      if (l === EMPTY) return -1;
      if (l === lo && this.high[i] === hi) return this.contact[i]!;
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
    const low = this.low;
    const high = this.high;
    const contact = this.contact;
    let i = hashPair(lo, hi) & mask;
    for (; ; i = (i + 1) & mask) {
      const l = low[i]!;
      if (l === EMPTY) return -1;
      if (l === lo && high[i] === hi) break;
    }
    const removed = contact[i]!;
    // Backward shift: pull later entries of the probe run into the hole when the hole lies
    // on their path from home, so every lookup still reaches its entry before an empty slot.
    let hole = i;
    for (let j = (i + 1) & mask; low[j] !== EMPTY; j = (j + 1) & mask) {
      const home = hashPair(low[j]!, high[j]!) & mask;
      // distance from home to j versus from home to the hole, both along the probe order
      if (((j - home) & mask) >= ((j - hole) & mask)) {
        low[hole] = low[j]!;
        high[hole] = high[j]!;
        contact[hole] = contact[j]!;
        hole = j;
      }
    }
    low[hole] = EMPTY;
    this._count--;
    return removed;
  }

  /** Empties the table, keeping its capacity. */
  clear(): void {
    this.low.fill(EMPTY);
    this._count = 0;
  }

  private place(lo: number, hi: number, contact: number): void {
    const mask = this.mask;
    const low = this.low;
    let i = hashPair(lo, hi) & mask;
    while (low[i] !== EMPTY) i = (i + 1) & mask;
    low[i] = lo;
    this.high[i] = hi;
    this.contact[i] = contact;
  }

  /** Doubles the capacity and re-inserts every entry (slot order: deterministic). */
  private grow(): void {
    const oldLow = this.low;
    const oldHigh = this.high;
    const oldContact = this.contact;
    const n = 2 * oldLow.length;
    this.low = new Int32Array(n).fill(EMPTY);
    this.high = new Int32Array(n);
    this.contact = new Int32Array(n);
    this.mask = n - 1;
    for (let i = 0; i < oldLow.length; i++) {
      if (oldLow[i] !== EMPTY) this.place(oldLow[i]!, oldHigh[i]!, oldContact[i]!);
    }
  }
}
