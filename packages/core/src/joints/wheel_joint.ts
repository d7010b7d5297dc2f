/**
 * Wheel joint: body B (the wheel) slides along an axis fixed in body A (the chassis) on a
 * suspension spring, and turns freely about its anchor, optionally driven by a motor.
 *
 * With d = pB - pA, the axis u fixed in A and its left perpendicular n:
 *   perpendicular  C = n . d = 0, rigid (the world's joint softness), bias only when useBias
 *   spring         C = u . d, soft by (hertz, dampingRatio) through makeSoft toward 0;
 *                  hertz 0 means no spring force
 *   limits         lower <= u . d <= upper, one-sided, speculative when not touching
 *   motor          drives wB - wA to motorSpeed, |impulse| <= h * maxMotorTorque
 * The spring row is solved in the biased pass only, so that one sub-step of it is exactly
 * an implicit-Euler spring update (see distance_joint.ts).
 * Anchors and the axis are fixed at the start of the step and rotated by each body's
 * in-step rotation; the separation is tracked from the in-step position deltas.
 * This file is the step's side outside the solve (prepare, finish, the reaction); the
 * solve reads only the rows (wheel_rows.ts), so any thread may run it.
 */

import { prepareJointFrameRow } from './joint.js';
import type { StepContext } from '../dynamics/step_context.js';
import { makeSoftIo, Softness } from '../dynamics/softness.js';
import type { JointsState } from './joints_state.js';
import type { WheelJointData } from './wheel_joint_data.js';
import { B, Row, RowKind } from './revolute_rows.js';
import { Wheel, WheelFlag, WheelRow } from './wheel_rows.js';

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

/**
 * Prepares joint j into solver row r and its axial record (wheel_rows.ts); a wheel joint is
 * solved from its rows alone, which solver helpers may do.
 */
export function prepareWheelJoint(
  w: JointsState,
  j: number,
  d: WheelJointData,
  ctx: StepContext,
  rows: Float64Array,
  axial: Float64Array,
  r: number,
): void {
  const o = r * Index.STRIDE;
  prepareJointFrameRow(w, j, rows, o);
  const bodies = w.bodies;
  const a = w.joints.bodyA[j]!;
  const cA = bodies.c[a]!;
  const sA = bodies.s[a]!;
  const ux = cA * d.localAxisX - sA * d.localAxisY;
  const uy = sA * d.localAxisX + cA * d.localAxisY;
  rows[o + WheelRow.AXIS_X] = ux;
  rows[o + WheelRow.AXIS_Y] = uy;
  axial[o + Wheel.UX] = ux;
  axial[o + Wheel.UY] = uy;
  const km = rows[o + Row.IA]! + rows[o + Row.IB]!;
  axial[o + Wheel.MOTOR_MASS] = km > 0 ? 1 / km : 0;
  const io = solverIo;
  io[0] = d.hertz;
  io[1] = d.dampingRatio;
  io[2] = ctx.h;
  makeSoftIo(io, soft);
  axial[o + Wheel.SPRING_BIAS_RATE] = soft.biasRate;
  axial[o + Wheel.SPRING_MASS_SCALE] = soft.massScale;
  axial[o + Wheel.SPRING_IMPULSE_SCALE] = soft.impulseScale;
  rows[o + WheelRow.FLAGS] =
    (d.enableMotor && km > 0 ? WheelFlag.MOTOR : 0) |
    (d.enableSpring && d.hertz > 0 ? WheelFlag.SPRING : 0) |
    (d.enableLimit ? WheelFlag.LIMIT : 0);
  axial[o + Wheel.MOTOR_SPEED] = d.motorSpeed;
  axial[o + Wheel.MAX_MOTOR_IMPULSE] = ctx.h * d.maxMotorTorque;
  axial[o + Wheel.LOWER_TRANSLATION] = d.lowerTranslation;
  axial[o + Wheel.UPPER_TRANSLATION] = d.upperTranslation;
  if (!ctx.enableWarmStarting) d.resetImpulses();
  axial[o + Wheel.PERP_IMPULSE] = d.perpImpulse;
  axial[o + Wheel.SPRING_IMPULSE] = d.springImpulse;
  axial[o + Wheel.MOTOR_IMPULSE] = d.motorImpulse;
  axial[o + Wheel.LOWER_IMPULSE] = d.lowerImpulse;
  axial[o + Wheel.UPPER_IMPULSE] = d.upperImpulse;
  rows[o + Row.KIND] = RowKind.WHEEL;
}

/** Copies the accumulated impulses and the last axis of row r back to the joint's data (before a reaction is read). */
export function finishWheelJoint(d: WheelJointData, axial: Float64Array, r: number): void {
  const o = r * Index.STRIDE;
  d.ux = axial[o + Wheel.UX]!;
  d.uy = axial[o + Wheel.UY]!;
  d.perpImpulse = axial[o + Wheel.PERP_IMPULSE]!;
  d.springImpulse = axial[o + Wheel.SPRING_IMPULSE]!;
  d.motorImpulse = axial[o + Wheel.MOTOR_IMPULSE]!;
  d.lowerImpulse = axial[o + Wheel.LOWER_IMPULSE]!;
  d.upperImpulse = axial[o + Wheel.UPPER_IMPULSE]!;
}

/** Constraint force (N) on body B and the motor torque (N m) from last step's impulses. */
export function wheelJointReaction(d: WheelJointData, ctx: StepContext, out: Float64Array): void {
  const invH = ctx.invH;
  const axial = d.springImpulse + d.lowerImpulse - d.upperImpulse;
  const perp = d.perpImpulse;
  out[0] = (axial * d.ux - perp * d.uy) * invH;
  out[1] = (axial * d.uy + perp * d.ux) * invH;
  out[2] = d.motorImpulse * invH;
}
