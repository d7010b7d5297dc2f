/**
 * Weld joint: glues body B to body A at the anchors, holding their relative angle.
 *
 *   linear   C = pB - pA (2D)
 *   angular  C = angleB - angleA - referenceAngle
 * Each part is rigid when its hertz is 0 (the world's joint softness, bias only in the
 * biased pass), or a soft spring by (hertz, dampingRatio) through makeSoft otherwise; a
 * spring is real, so its bias is applied in the relax pass too. makeSoft converts with
 * the row's own effective mass: the angular spring's stiffness is
 *   k = omega^2 / (invIA + invIB)    (N m / rad, omega = 2 pi angularHertz)
 * Anchors are fixed at the start of the step (relative to the centers of mass) and
 * rotated by each body's in-step rotation, like the revolute joint does.
 */

import { prepareJointFrameRow } from './joint.js';
import type { StepContext } from '../dynamics/step_context.js';
import { JOINT_ANGLE_IO, relativeAngleIo } from './joint_angle.js';
import { makeSoftIo, Softness } from '../dynamics/softness.js';
import type { JointsState } from './joints_state.js';
import type { WeldJointData } from './weld_joint_data.js';
import { B, Row, RowKind } from './revolute_rows.js';
import { Weld, WeldFlag } from './weld_rows.js';

/** Scratch of prepare's kernel calls (relativeAngleIo, makeSoftIo): never used across a call. */
const solverIo = new Float64Array(JOINT_ANGLE_IO);
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
} as const;

/**
 * Prepares joint j into solver row r and its axial record (weld_rows.ts); a weld joint is
 * solved from its rows alone, which solver helpers may do.
 */
export function prepareWeldJoint(
  w: JointsState,
  j: number,
  d: WeldJointData,
  ctx: StepContext,
  rows: Float64Array,
  axial: Float64Array,
  r: number,
): void {
  const o = r * Index.STRIDE;
  prepareJointFrameRow(w, j, rows, o);
  const bodies = w.bodies;
  const a = w.joints.bodyA[j]!;
  const b = w.joints.bodyB[j]!;
  const io = solverIo;
  io[0] = bodies.c[b]!;
  io[1] = bodies.s[b]!;
  io[2] = bodies.c[a]!;
  io[3] = bodies.s[a]!;
  io[4] = -d.referenceAngle;
  relativeAngleIo(io);
  axial[o + Weld.DELTA_ANGLE] = io[8]!;
  const k = rows[o + Row.IA]! + rows[o + Row.IB]!;
  axial[o + Weld.AXIAL_MASS] = k > 0 ? 1 / k : 0;
  const js = ctx.jointSoftness;
  if (d.linearHertz === 0) {
    axial[o + Weld.LINEAR_BIAS_RATE] = js.biasRate;
    axial[o + Weld.LINEAR_MASS_SCALE] = js.massScale;
    axial[o + Weld.LINEAR_IMPULSE_SCALE] = js.impulseScale;
  } else {
    io[0] = d.linearHertz;
    io[1] = d.linearDampingRatio;
    io[2] = ctx.h;
    makeSoftIo(io, soft);
    axial[o + Weld.LINEAR_BIAS_RATE] = soft.biasRate;
    axial[o + Weld.LINEAR_MASS_SCALE] = soft.massScale;
    axial[o + Weld.LINEAR_IMPULSE_SCALE] = soft.impulseScale;
  }
  if (d.angularHertz === 0) {
    axial[o + Weld.ANGULAR_BIAS_RATE] = js.biasRate;
    axial[o + Weld.ANGULAR_MASS_SCALE] = js.massScale;
    axial[o + Weld.ANGULAR_IMPULSE_SCALE] = js.impulseScale;
  } else {
    io[0] = d.angularHertz;
    io[1] = d.angularDampingRatio;
    io[2] = ctx.h;
    makeSoftIo(io, soft);
    axial[o + Weld.ANGULAR_BIAS_RATE] = soft.biasRate;
    axial[o + Weld.ANGULAR_MASS_SCALE] = soft.massScale;
    axial[o + Weld.ANGULAR_IMPULSE_SCALE] = soft.impulseScale;
  }
  axial[o + Weld.FLAGS] =
    (d.linearHertz > 0 ? WeldFlag.LINEAR_SPRING : 0) | (d.angularHertz > 0 ? WeldFlag.ANGULAR_SPRING : 0);
  if (!ctx.enableWarmStarting) d.resetImpulses();
  rows[o + Row.LINEAR_X] = d.linearX;
  rows[o + Row.LINEAR_Y] = d.linearY;
  axial[o + Weld.ANGULAR_IMPULSE] = d.angularImpulse;
  rows[o + Row.KIND] = RowKind.WELD;
}

/** Copies the accumulated impulses of row r back to the joint's data (before a reaction is read). */
export function finishWeldJoint(d: WeldJointData, rows: Float64Array, axial: Float64Array, r: number): void {
  const o = r * Index.STRIDE;
  d.linearX = rows[o + Row.LINEAR_X]!;
  d.linearY = rows[o + Row.LINEAR_Y]!;
  d.angularImpulse = axial[o + Weld.ANGULAR_IMPULSE]!;
}

/** Row and axial record stride (revolute_rows.ts Index). */
enum Index {
  STRIDE = 16,
}

/** Constraint force (N) and torque (N m) on body B from last step's impulses. */
export function weldJointReaction(d: WeldJointData, ctx: StepContext, out: Float64Array): void {
  const invH = ctx.invH;
  out[0] = d.linearX * invH;
  out[1] = d.linearY * invH;
  out[2] = d.angularImpulse * invH;
}
