/**
 * The contact constraints of one step: the solver's rows (the solver is contact_solver.ts).
 */

import { growF64, growI32, replaceArraysOnce } from '../base/array.js';
import { ConstraintGraph } from './constraint_graph_store.js';

/** Doubles per prepared constraint (its fields: contact_solver.ts K, which copies this). */
export const CONSTRAINT_STRIDE = 35;

/** Prepared contact constraints for one step. */
export class ContactConstraints {
  count = 0;
  /** Some constraint has a non-zero restitution (restitution is skipped when none has). */
  bouncy = false;
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
  /** A solve with constraints has run in this world (see finishPrepare). */
  primed = false;
  data = new Float64Array(64 * CONSTRAINT_STRIDE);
  /**
   * Per constraint: state offset of A, state offset of B, point count (| 4 when paired with
   * the next constraint of its colour), contact slot. Written by the colouring.
   */
  meta = new Int32Array(64 * 4);
  /** Per constraint: 1 when the last relax pass changed it by more than RELAX_AGAIN_SPEED. */
  relaxAgain = new Int32Array(64);
  /** This step's colours: the order of the constraints. */
  readonly graph = new ConstraintGraph();

  constructor() {
    replaceArraysOnce(this);
  }

  reserve(n: number): void {
    if (n * CONSTRAINT_STRIDE > this.data.length) {
      this.data = growF64(this.data, n * CONSTRAINT_STRIDE);
      this.meta = growI32(this.meta, n * 4);
    }
    if (n > this.relaxAgain.length) this.relaxAgain = growI32(this.relaxAgain, n);
  }
}
