/**
 * Revolute joint: body B turns about an anchor point shared with body A. The step's side
 * outside the solve: prepare (the rows from the bodies and the data object), finish (the
 * impulses back into the data object) and the reaction. The solve itself reads only the
 * rows (revolute_rows.ts), so any thread may run it.
 */

import { prepareJointFrameRow } from './joint.js';
import { JOINT_ANGLE_IO, relativeAngleIo } from './joint_angle.js';
import type { StepContext } from '../dynamics/step_context.js';
import { makeSoftIo, Softness } from '../dynamics/softness.js';
import type { JointsState } from './joints_state.js';
import type { RevoluteJointData } from './revolute_joint_data.js';
import { AXIAL_ROW_STRIDE, Axial, AxialFlag, B, REVOLUTE_ROW_STRIDE, Row, RowKind } from './revolute_rows.js';

export { AXIAL_ROW_STRIDE, REVOLUTE_ROW_STRIDE } from './revolute_rows.js';
/** This file's body state layout (revolute_rows.ts), for the pinning test (test/dynamics/layouts.test.ts). */
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

/** Scratch of prepare's kernel calls (relativeAngleIo, makeSoftIo): never used across a call. */
const solverIo = new Float64Array(JOINT_ANGLE_IO);
const springSoftness = new Softness();

/**
 * Prepares joint j into solver row r (and its axial record, when a spring, motor or limit
 * acts on the angle); returns true: a revolute joint is solved from its rows alone
 * (revolute_rows.ts), which solver helpers may do.
 */
export function prepareRevoluteJoint(
  w: JointsState,
  j: number,
  d: RevoluteJointData,
  ctx: StepContext,
  rows: Float64Array,
  axial: Float64Array,
  r: number,
): boolean {
  const o = r * REVOLUTE_ROW_STRIDE;
  prepareJointFrameRow(w, j, rows, o);
  const flags =
    (d.enableSpring ? AxialFlag.SPRING : 0) |
    (d.enableMotor ? AxialFlag.MOTOR : 0) |
    (d.enableLimit ? AxialFlag.LIMIT : 0);
  if (!ctx.enableWarmStarting) d.resetImpulses();
  rows[o + Row.AXIAL] = flags;
  rows[o + Row.KIND] = RowKind.REVOLUTE;
  rows[o + Row.LINEAR_X] = d.linearX;
  rows[o + Row.LINEAR_Y] = d.linearY;
  // only springs, motors and limits read the angle: a plain hinge skips the atan2
  if (flags !== 0) prepareRevoluteAxial(w, j, d, ctx, rows, o, axial, r * AXIAL_ROW_STRIDE);
  return true;
}

/**
 * The axial record of joint j (a path V8 may not inline into: doubles go through the
 * scratch, see relativeAngleIo).
 */
function prepareRevoluteAxial(
  w: JointsState,
  j: number,
  d: RevoluteJointData,
  ctx: StepContext,
  rows: Float64Array,
  o: number,
  axial: Float64Array,
  x: number,
): void {
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
  const deltaAngle = io[8]!;
  axial[x + Axial.DELTA_ANGLE] = deltaAngle;
  // the angle at the first sub-step's solve (revolute_rows.ts Axial.THETA): the in-step
  // rotations as that solve reads them (no stage before it turns a body)
  const state = bodies.state;
  const oa = rows[o + Row.OA]! | 0;
  const ob = rows[o + Row.OB]! | 0;
  io[0] = state[ob + B.DQC]!;
  io[1] = state[ob + B.DQS]!;
  io[2] = state[oa + B.DQC]!;
  io[3] = state[oa + B.DQS]!;
  io[4] = deltaAngle;
  relativeAngleIo(io);
  axial[x + Axial.THETA] = io[8]!;
  const k = rows[o + Row.IA]! + rows[o + Row.IB]!;
  const axialMass = k > 0 ? 1 / k : 0;
  axial[x + Axial.AXIAL_MASS] = axialMass;
  io[0] = d.hertz;
  io[1] = d.dampingRatio;
  io[2] = ctx.h;
  makeSoftIo(io, springSoftness);
  axial[x + Axial.SPRING_BIAS_RATE] = springSoftness.biasRate;
  axial[x + Axial.SPRING_MASS] = -springSoftness.massScale * axialMass;
  axial[x + Axial.SPRING_IMPULSE_SCALE] = springSoftness.impulseScale;
  axial[x + Axial.SPRING_IMPULSE] = d.springImpulse;
  axial[x + Axial.MOTOR_IMPULSE] = d.motorImpulse;
  axial[x + Axial.LOWER_IMPULSE] = d.lowerImpulse;
  axial[x + Axial.UPPER_IMPULSE] = d.upperImpulse;
  axial[x + Axial.MOTOR_SPEED] = d.motorSpeed;
  axial[x + Axial.MAX_MOTOR_IMPULSE] = ctx.h * d.maxMotorTorque;
  axial[x + Axial.LOWER_ANGLE] = d.lowerAngle;
  axial[x + Axial.UPPER_ANGLE] = d.upperAngle;
}

/** Copies the accumulated impulses back to the joint's data (before a reaction is read). */
export function finishRevoluteJoint(
  d: RevoluteJointData,
  rows: Float64Array,
  axial: Float64Array,
  r: number,
): void {
  const o = r * REVOLUTE_ROW_STRIDE;
  d.linearX = rows[o + Row.LINEAR_X]!;
  d.linearY = rows[o + Row.LINEAR_Y]!;
  if (rows[o + Row.AXIAL] === 0) return;
  const x = r * AXIAL_ROW_STRIDE;
  d.springImpulse = axial[x + Axial.SPRING_IMPULSE]!;
  d.motorImpulse = axial[x + Axial.MOTOR_IMPULSE]!;
  d.lowerImpulse = axial[x + Axial.LOWER_IMPULSE]!;
  d.upperImpulse = axial[x + Axial.UPPER_IMPULSE]!;
}

/** Constraint force (N) and torque (N m) on body B from last step's impulses. */
export function revoluteJointReaction(d: RevoluteJointData, ctx: StepContext, out: Float64Array): void {
  const invH = ctx.invH;
  out[0] = d.linearX * invH;
  out[1] = d.linearY * invH;
  out[2] = (d.springImpulse + d.motorImpulse + d.lowerImpulse - d.upperImpulse) * invH;
}
