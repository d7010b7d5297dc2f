/**
 * A joint's frame: its bodies' state offsets, inverse masses, anchors and centers, from the
 * bodies' current poses. A light module (no step code): the joints' data modules read
 * coordinates through it, and the worker client's mirror loads those without the solver.
 */

import { STATE_STRIDE } from '../dynamics/body_state_layout.js';
import type { JointsState } from './joints_state.js';

/** The frame of joint types that solve from their data object, staged through one row. */
const frameScratch = new Float64Array(12);

/**
 * Joint j's frame (prepareJointFrameRow's layout) from the bodies' current poses, in a
 * scratch row that the next call overwrites: for the step's prepare and for the
 * coordinate reads between steps (distanceJointState, ...).
 */
export function jointFrameNow(w: JointsState, j: number): Float64Array {
  prepareJointFrameRow(w, j, frameScratch, 0);
  return frameScratch;
}

/**
 * The same frame written into a joint's solver row (`JointStore.rows`), for joint types
 * that solve from rows: at o + 0..11, state offsets of A and B, inverse masses (A, B),
 * inverse inertias (A, B), anchor A (x, y), anchor B (x, y), center of B minus center of A.
 */
export function prepareJointFrameRow(w: JointsState, j: number, rows: Float64Array, o: number): void {
  const bodies = w.bodies;
  const joints = w.joints;
  const a = joints.bodyA[j]!;
  const b = joints.bodyB[j]!;
  const cA = bodies.c[a]!;
  const sA = bodies.s[a]!;
  const cB = bodies.c[b]!;
  const sB = bodies.s[b]!;
  const lax = joints.localAx[j]! - bodies.lcx[a]!;
  const lay = joints.localAy[j]! - bodies.lcy[a]!;
  const lbx = joints.localBx[j]! - bodies.lcx[b]!;
  const lby = joints.localBy[j]! - bodies.lcy[b]!;
  rows[o] = a * STATE_STRIDE;
  rows[o + 1] = b * STATE_STRIDE;
  rows[o + 2] = bodies.invMass[a]!;
  rows[o + 3] = bodies.invMass[b]!;
  rows[o + 4] = bodies.invInertia[a]!;
  rows[o + 5] = bodies.invInertia[b]!;
  rows[o + 6] = cA * lax - sA * lay;
  rows[o + 7] = sA * lax + cA * lay;
  rows[o + 8] = cB * lbx - sB * lby;
  rows[o + 9] = sB * lbx + cB * lby;
  rows[o + 10] = bodies.cx[b]! - bodies.cx[a]!;
  rows[o + 11] = bodies.cy[b]! - bodies.cy[a]!;
}
