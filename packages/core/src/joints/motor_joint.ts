/**
 * Motor joint: drives body B to a position and angle relative to body A, with bounded
 * force and torque (a character's root following an animation, a platform following a
 * path, a "soft weld" that gives way under load).
 *
 * Linear row   C = pB - (pA + R_A * linearOffset) (2D), where pA and pB are the anchors
 *              (localAnchorA and localAnchorB, default the body origins); the offset is
 *              in A's frame, so it is folded into A's anchor and turns with A.
 * Angular row  theta = angleB - angleA - angularOffset.
 * Both rows are velocity motors with a positional bias, as in Box2D v3.0: the target
 * velocity is -correctionFactor * C / h (h the sub-step), and the accumulated impulses
 * are clamped, the linear one to a disc of radius h * maxForce, the angular one to
 * [-h * maxTorque, h * maxTorque]. The bias is a drive, not error correction of a rigid
 * row, so it applies in the relax pass too (useBias is ignored). The angular row is
 * solved first.
 * This file is the step's side outside the solve (prepare, finish, the reaction); the
 * solve reads only the rows (motor_rows.ts), so any thread may run it.
 */

import type { StepContext } from '../dynamics/step_context.js';
import { JOINT_ANGLE_IO, relativeAngleIo } from './joint_angle.js';
import type { JointsState } from './joints_state.js';
import type { MotorJointData } from './motor_joint_data.js';
import { B, Row, RowKind } from './revolute_rows.js';
import { Motor } from './motor_rows.js';

/** Scratch of prepare's kernel call (relativeAngleIo): never used across a call. */
const solverIo = new Float64Array(JOINT_ANGLE_IO);

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

/**
 * Prepares joint j into solver row r and its axial record (motor_rows.ts); a motor joint is
 * solved from its rows alone, which solver helpers may do. The frame is
 * prepareJointFrameRow's but for A's anchor, which carries the linear offset.
 */
export function prepareMotorJoint(
  w: JointsState,
  j: number,
  d: MotorJointData,
  ctx: StepContext,
  rows: Float64Array,
  axial: Float64Array,
  r: number,
): void {
  const o = r * Index.STRIDE;
  const bodies = w.bodies;
  const joints = w.joints;
  const a = joints.bodyA[j]!;
  const b = joints.bodyB[j]!;
  rows[o + Row.OA] = a * B.STRIDE;
  rows[o + Row.OB] = b * B.STRIDE;
  rows[o + Row.MA] = bodies.invMass[a]!;
  rows[o + Row.MB] = bodies.invMass[b]!;
  rows[o + Row.IA] = bodies.invInertia[a]!;
  rows[o + Row.IB] = bodies.invInertia[b]!;
  const cA = bodies.c[a]!;
  const sA = bodies.s[a]!;
  const cB = bodies.c[b]!;
  const sB = bodies.s[b]!;
  const lax = joints.localAx[j]! + d.linearOffsetX - bodies.lcx[a]!;
  const lay = joints.localAy[j]! + d.linearOffsetY - bodies.lcy[a]!;
  const lbx = joints.localBx[j]! - bodies.lcx[b]!;
  const lby = joints.localBy[j]! - bodies.lcy[b]!;
  rows[o + Row.AX] = cA * lax - sA * lay;
  rows[o + Row.AY] = sA * lax + cA * lay;
  rows[o + Row.BX] = cB * lbx - sB * lby;
  rows[o + Row.BY] = sB * lbx + cB * lby;
  rows[o + Row.DCX] = bodies.cx[b]! - bodies.cx[a]!;
  rows[o + Row.DCY] = bodies.cy[b]! - bodies.cy[a]!;
  const io = solverIo;
  io[0] = cB;
  io[1] = sB;
  io[2] = cA;
  io[3] = sA;
  io[4] = -d.angularOffset;
  relativeAngleIo(io);
  axial[o + Motor.DELTA_ANGLE] = io[8]!;
  const k = rows[o + Row.IA]! + rows[o + Row.IB]!;
  axial[o + Motor.AXIAL_MASS] = k > 0 ? 1 / k : 0;
  axial[o + Motor.CORRECTION_FACTOR] = d.correctionFactor;
  axial[o + Motor.MAX_ANGULAR_IMPULSE] = ctx.h * d.maxTorque;
  axial[o + Motor.MAX_LINEAR_IMPULSE] = ctx.h * d.maxForce;
  if (!ctx.enableWarmStarting) d.resetImpulses();
  rows[o + Row.LINEAR_X] = d.linearX;
  rows[o + Row.LINEAR_Y] = d.linearY;
  axial[o + Motor.ANGULAR_IMPULSE] = d.angularImpulse;
  rows[o + Row.KIND] = RowKind.MOTOR;
}

/** Copies the accumulated impulses of row r back to the joint's data (before a reaction is read). */
export function finishMotorJoint(
  d: MotorJointData,
  rows: Float64Array,
  axial: Float64Array,
  r: number,
): void {
  const o = r * Index.STRIDE;
  d.linearX = rows[o + Row.LINEAR_X]!;
  d.linearY = rows[o + Row.LINEAR_Y]!;
  d.angularImpulse = axial[o + Motor.ANGULAR_IMPULSE]!;
}

/** Constraint force (N) and torque (N m) on body B from last step's impulses. */
export function motorJointReaction(d: MotorJointData, ctx: StepContext, out: Float64Array): void {
  const invH = ctx.invH;
  out[0] = d.linearX * invH;
  out[1] = d.linearY * invH;
  out[2] = d.angularImpulse * invH;
}
