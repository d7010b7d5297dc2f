/**
 * The contact constraints of one step: the solver's rows (the solver is contact_solver.ts).
 */

import { growF64, growI32, replaceArraysOnce } from '../base/array.js';

/** Doubles per prepared constraint (its fields: contact_solver.ts K, which copies this). */
export const CONSTRAINT_STRIDE = 35;

/** Prepared contact constraints for one step. */
export class ContactConstraints {
  count = 0;
  /** Constraints with a non-zero restitution (restitution is skipped when there is none). */
  bouncyCount = 0;
  /**
   * Some point approaches fast enough that restitution or a hit event could read its
   * largest normal impulse of the step. Only those points' maxima are ever read (both
   * consumers first check the approach speed), so on steps without one the sweeps skip
   * that bookkeeping (a load and a store per point and pass: 3-4% of a small pyramid's
   * step) and the contacts keep a maximum of 0.
   */
  trackMaxImpulse = false;
  /** Whether the sweeps track maxima this step: `trackMaxImpulse`, or this world's first solve. */
  tracking = true;
  /** A solve with constraints has run in this world (see writeConstraints). */
  primed = false;
  data = new Float64Array(64 * CONSTRAINT_STRIDE);
  /**
   * Per constraint: state offset of A, state offset of B, point count (| 4 when paired with
   * the next constraint), contact slot.
   */
  meta = new Int32Array(64 * 4);

  // Schedule scratch (prepareContacts).
  /** Contacts to prepare, in awake order. */
  order = new Int32Array(64);
  /** Per slot: the two constraints (indices into `order`) run together, -1 when empty. */
  slotX = new Int32Array(64);
  slotY = new Int32Array(64);
  /** Per slot: itself when it has a free lane, else a later slot to look at (union-find). */
  nextOpen = new Int32Array(64);
  /** Per body: last slot that moves it, -1 when none this step. */
  lastSlot = new Int32Array(64).fill(-1);
  /** Constraints the last relax pass changed by more than RELAX_AGAIN_SPEED, in order. */
  relaxAgain = new Int32Array(64);
  relaxAgainCount = 0;

  constructor() {
    replaceArraysOnce(this);
  }

  reserve(n: number): void {
    if (n * CONSTRAINT_STRIDE > this.data.length) {
      this.data = growF64(this.data, n * CONSTRAINT_STRIDE);
      this.meta = growI32(this.meta, n * 4);
    }
    if (n > this.order.length) {
      this.order = growI32(this.order, n);
      this.slotX = growI32(this.slotX, n);
      this.slotY = growI32(this.slotY, n);
      this.nextOpen = growI32(this.nextOpen, n);
      this.relaxAgain = growI32(this.relaxAgain, n);
    }
  }

  reserveBodies(n: number): void {
    if (n > this.lastSlot.length) this.lastSlot = growI32(this.lastSlot, n, -1);
  }
}
