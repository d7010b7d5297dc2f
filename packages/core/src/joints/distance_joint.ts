/**
 * Distance joint: keeps the anchor points of A and B at a distance along the line
 * between them. One axial row, u = (pB - pA) / |pB - pA|, C = |pB - pA| - length.
 *
 * Modes:
 *   rigid rod  spring off (or limits on with minLength = maxLength): one rigid row,
 *              soft by the world's joint softness, with bias only when useBias
 *   spring     spring on: an implicit-Euler spring (hertz, dampingRatio) through
 *              makeSoft toward C = 0; hertz 0 means no spring force at all
 *   rope       spring on, limits on: minLength <= |pB - pA| <= maxLength, one-sided,
 *              speculative when not touching (the usual rope is hertz 0, minLength 0)
 *   motor      spring on, motor on: drives the rate of change of the length to
 *              motorSpeed, |impulse| <= h * maxMotorForce
 *
 * The spring row is solved in the biased pass only. One sub-step of the spring alone is
 * then exactly the implicit-Euler update of a harmonic oscillator on the constraint
 * coordinate: solving it again in the relax pass (at the integrated position) would add
 * damping of order (h omega)^2 on top.
 *
 * Anchors are fixed at the start of the step (relative to the centers of mass) and
 * rotated by each body's in-step rotation; the separation is tracked from the in-step
 * position deltas, like the contact solver and the revolute joint do.
 */

import { prepareJointFrameRow } from './joint.js';
import type { StepContext } from '../dynamics/step_context.js';
import { makeSoftIo, Softness } from '../dynamics/softness.js';
import type { JointsState } from './joints_state.js';
import { type DistanceJointData, MIN_SEPARATION } from './distance_joint_data.js';
import { B, Row, RowKind } from './revolute_rows.js';
import { Distance, DistanceFlag, DistanceRow } from './distance_rows.js';

/** Scratch of makeSoftIo's inputs (hertz, damping ratio, step): never used across a call. */
const solverIo = new Float64Array(3);
const soft = new Softness();

/** This file's body state layout (revolute_rows.ts B), for the pinning test (test/dynamics/layouts.test.ts). */
export const bodyStateCopy = {
  VX: B.VX,
  VY: B.VY,
  W: B.W,
  DPX: B.DPX,
  DPY: B.DPY,
  DQC: B.DQC,
  DQS: B.DQS,
  STRIDE: B.STRIDE,
} as const;

/** Row and axial record stride (revolute_rows.ts Index). */
enum Index {
  STRIDE = 16,
}

/** True when the joint is one rigid row (no spring, or limits pinned to one length). */
function isRigid(d: DistanceJointData): boolean {
  return !d.enableSpring || (d.enableLimit && d.minLength === d.maxLength);
}

/**
 * Prepares joint j into solver row r and its axial record (distance_rows.ts); a distance
 * joint is solved from its rows alone, which solver helpers may do.
 */
export function prepareDistanceJoint(
  w: JointsState,
  j: number,
  d: DistanceJointData,
  ctx: StepContext,
  rows: Float64Array,
  axial: Float64Array,
  r: number,
): void {
  const o = r * Index.STRIDE;
  prepareJointFrameRow(w, j, rows, o);
  // the axis until the first solve (which recomputes it, and the mass along it, each time)
  const sepX = rows[o + Row.DCX]! + rows[o + Row.BX]! - rows[o + Row.AX]!;
  const sepY = rows[o + Row.DCY]! + rows[o + Row.BY]! - rows[o + Row.AY]!;
  const len = Math.sqrt(sepX * sepX + sepY * sepY);
  // separate stores, not `? :` mixing a double with the integer 0 (V8 boxes that result)
  if (len > MIN_SEPARATION) {
    rows[o + DistanceRow.UX] = sepX / len;
    rows[o + DistanceRow.UY] = sepY / len;
  } else {
    rows[o + DistanceRow.UX] = 0;
    rows[o + DistanceRow.UY] = 0;
  }
  const io = solverIo;
  io[0] = d.hertz;
  io[1] = d.dampingRatio;
  io[2] = ctx.h;
  makeSoftIo(io, soft);
  axial[o + Distance.SPRING_BIAS_RATE] = soft.biasRate;
  axial[o + Distance.SPRING_MASS_SCALE] = soft.massScale;
  axial[o + Distance.SPRING_IMPULSE_SCALE] = soft.impulseScale;
  const rigid = isRigid(d);
  rows[o + DistanceRow.FLAGS] = rigid
    ? DistanceFlag.RIGID
    : (d.hertz > 0 ? DistanceFlag.SPRING : 0) |
      (d.enableMotor ? DistanceFlag.MOTOR : 0) |
      (d.enableLimit ? DistanceFlag.LIMIT : 0);
  axial[o + Distance.LENGTH] = d.length;
  axial[o + Distance.MIN_LENGTH] = d.minLength;
  axial[o + Distance.MAX_LENGTH] = d.maxLength;
  axial[o + Distance.TARGET] = d.enableSpring ? d.minLength : d.length;
  axial[o + Distance.MOTOR_SPEED] = d.motorSpeed;
  axial[o + Distance.MAX_MOTOR_IMPULSE] = ctx.h * d.maxMotorForce;
  if (!ctx.enableWarmStarting) d.resetImpulses();
  axial[o + Distance.IMPULSE] = d.impulse;
  axial[o + Distance.LOWER_IMPULSE] = d.lowerImpulse;
  axial[o + Distance.UPPER_IMPULSE] = d.upperImpulse;
  axial[o + Distance.MOTOR_IMPULSE] = d.motorImpulse;
  rows[o + Row.KIND] = RowKind.DISTANCE;
}

/** Copies the accumulated impulses and the axis of row r back to the joint's data (before a reaction is read). */
export function finishDistanceJoint(
  d: DistanceJointData,
  rows: Float64Array,
  axial: Float64Array,
  r: number,
): void {
  const o = r * Index.STRIDE;
  d.ux = rows[o + DistanceRow.UX]!;
  d.uy = rows[o + DistanceRow.UY]!;
  d.impulse = axial[o + Distance.IMPULSE]!;
  d.lowerImpulse = axial[o + Distance.LOWER_IMPULSE]!;
  d.upperImpulse = axial[o + Distance.UPPER_IMPULSE]!;
  d.motorImpulse = axial[o + Distance.MOTOR_IMPULSE]!;
}

/** Constraint force (N) on body B, along the axis, from last step's impulses; no torque. */
export function distanceJointReaction(d: DistanceJointData, ctx: StepContext, out: Float64Array): void {
  const invH = ctx.invH;
  const f = (d.impulse + d.lowerImpulse - d.upperImpulse + d.motorImpulse) * invH;
  out[0] = f * d.ux;
  out[1] = f * d.uy;
  out[2] = 0;
}
