/**
 * The touching contact points of a world, copied into a caller's array for debug drawing
 * (and the worker's debug overlay): where each point is, the contact normal, the impulse
 * that pushed there in the last step and the separation. Read-only over the contact store.
 *
 * A point is anchored to body A's center of mass (world orientation) by the narrow phase
 * at the start of the step; it is drawn from A's center as it is now, so it moves with
 * the body it belongs to.
 */
import {
  C_NX,
  C_NY,
  C_POINT,
  C_POINT_STRIDE,
  CONTACT_STRIDE,
  P_NORMAL_IMPULSE,
  P_RAX,
  P_RAY,
  P_SEP,
} from '../dynamics/contact_layout.js';
import type { WorldState } from './world_state.js';
import { CONTACT_TOUCHING } from '../dynamics/awake_contacts.js';
import { ContactPointRecord } from '../types/contact_point_record.js';

/**
 * Writes the records of up to `out.length / stride` touching points, in contact slot
 * order, and returns how many touching points there are (more than were written when
 * `out` is too short: grow it and read again).
 */
export function readContactPoints(w: WorldState, out: Float64Array, stride: number): number {
  const contacts = w.contacts;
  const alive = contacts.pool.alive;
  const data = contacts.data;
  const room = Math.floor(out.length / stride);
  let n = 0;
  for (let c = 0; c < contacts.pool.next; c++) {
    if (alive[c] !== 1 || (contacts.flags[c]! & CONTACT_TOUCHING) === 0) continue;
    const a = contacts.bodyA[c]!;
    const base = c * CONTACT_STRIDE;
    for (let k = 0; k < contacts.pointCount[c]!; k++) {
      if (n < room) {
        const p = base + C_POINT + k * C_POINT_STRIDE;
        const o = n * stride;
        out[o + ContactPointRecord.X] = w.bodies.cx[a]! + data[p + P_RAX]!;
        out[o + ContactPointRecord.Y] = w.bodies.cy[a]! + data[p + P_RAY]!;
        out[o + ContactPointRecord.NX] = data[base + C_NX]!;
        out[o + ContactPointRecord.NY] = data[base + C_NY]!;
        out[o + ContactPointRecord.NormalImpulse] = data[p + P_NORMAL_IMPULSE]!;
        out[o + ContactPointRecord.Separation] = data[p + P_SEP]!;
      }
      n++;
    }
  }
  return n;
}
