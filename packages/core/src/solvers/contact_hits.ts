/**
 * Hit events under the alternative solvers, by the soft step's rule (reportHitEvents in
 * dynamics/contact_solver.ts): a touching contact with events enabled reports its fastest
 * approaching point that pushed, when that approach speed exceeds the world's
 * `hitEventThreshold`, at the point's anchor on body A at the start of the step, along the
 * contact's normal.
 *
 * What "approach speed" and "pushed" mean is each solver's (the soft step's: the normal
 * speed at the start of the step, and a normal impulse above zero in some sub-step):
 *
 *   sequential impulses, pgs / jacobi   the normal speed when the contact is prepared
 *                                       (after gravity), and a final accumulated normal
 *                                       impulse above zero
 *   xpbd                                the largest normal speed at the start of a sub-step
 *                                       in which the point's position constraint pushed
 *
 * Each solver writes, for every point q of every touching contact c it solved, that speed
 * (or 0 when the point did not push) into `speed[2 c + q]`, then calls `report`. The array
 * is indexed by contact slot, so a solver writes it from whatever order its records are in.
 */

import { CONTACT_ENABLE_EVENTS } from '../dynamics/awake_contacts.js';
import {
  CONTACT_STRIDE,
  C_NX,
  C_NY,
  C_POINT,
  C_POINT_STRIDE,
  P_RAX,
  P_RAY,
} from '../dynamics/contact_layout.js';
import type { WorldState } from '../world/world_state.js';
import { reserveF64 } from './solver_kit.js';

/** One solver instance's approach speeds and the report of hits from them. */
export class ContactHits {
  /** Per contact slot c, point q: the approach speed at which it pushed this step, at 2 c + q. */
  speed = new Float64Array(0);

  /** Room for every contact slot of the world; returns `speed` (grown at most once per growth of the store). */
  reserve(w: WorldState): Float64Array {
    this.speed = reserveF64(this.speed, w.contacts.data.length / CONTACT_STRIDE, 2);
    return this.speed;
  }

  /** Pushes a hit event per touching contact with events whose fastest pushing point beat the threshold. */
  report(w: WorldState): void {
    const speed = this.speed;
    const contacts = w.contacts;
    const cd = contacts.data;
    const bodies = w.bodies;
    const pool = w.shapes.pool;
    for (let i = 0; i < w.awakeContactCount; i++) {
      const c = w.awakeContacts[i]!;
      const pointCount = contacts.pointCount[c]!;
      if (pointCount === 0 || (contacts.flags[c]! & CONTACT_ENABLE_EVENTS) === 0) continue;
      // `* 1`: a double local (see reportHitEvents), read inside the loop (see integrateVelocities)
      let best = w.settings.hitEventThreshold * 1;
      let bestPoint = -1;
      for (let q = 0; q < pointCount; q++) {
        const s = speed[2 * c + q]!;
        if (s > best) {
          best = s;
          bestPoint = q;
        }
      }
      if (bestPoint === -1) continue;
      const bA = contacts.bodyA[c]!;
      const cb = c * CONTACT_STRIDE;
      const p = cb + C_POINT + bestPoint * C_POINT_STRIDE;
      w.events.pushHit(
        pool.handle(contacts.shapeA[c]!),
        pool.handle(contacts.shapeB[c]!),
        bodies.cx[bA]! + cd[p + P_RAX]!,
        bodies.cy[bA]! + cd[p + P_RAY]!,
        cd[cb + C_NX]!,
        cd[cb + C_NY]!,
        best,
      );
    }
  }
}
