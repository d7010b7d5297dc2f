/**
 * Prismatic joint: body B slides along an axis fixed in body A, without turning relative
 * to A.
 *
 * With d = pB - pA (anchor B minus anchor A) and the world axis u = qA * localAxisA,
 * perpendicular n = perp(u):
 *   point-to-line  C1 = n . d                          rigid (the world's joint softness)
 *   angle          C2 = angleB - angleA - referenceAngle  rigid, solved with C1 as a 2x2 block
 * Axial rows act on the translation t = u . d:
 *   spring  soft by (hertz, dampingRatio) through makeSoft, toward t = 0
 *   motor   drives dt/dt to motorSpeed, |impulse| <= h * maxMotorForce
 *   limits  lowerTranslation <= t <= upperTranslation, one-sided, speculative when apart
 * Jacobian of an axial row (u) and of the perpendicular row (n), with rA, rB the anchors
 * relative to the centers of mass:
 *   J = [-u, -cross(d + rA, u), u, cross(rB, u)]
 * The force acts at anchor B, so body A's lever arm is d + rA (the same as Box2D v3).
 * Anchors and the axis are fixed at the start of the step (relative to the centers of mass)
 * and rotated by each body's in-step rotation, like the revolute joint does.
 * This file is the step's side outside the solve (prepare, finish, the reaction); the
 * solve reads only the rows (prismatic_rows.ts), so any thread may run it.
 */

import { prepareJointFrameRow } from './joint.js';
import type { StepContext } from '../dynamics/step_context.js';
import { JOINT_ANGLE_IO, relativeAngleIo } from './joint_angle.js';
import { makeSoftIo, Softness } from '../dynamics/softness.js';
import type { JointsState } from './joints_state.js';
import type { PrismaticJointData } from './prismatic_joint_data.js';
import { B, Row, RowKind } from './revolute_rows.js';
import { Prismatic, PrismaticFlag, PrismaticRow } from './prismatic_rows.js';

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
  STRIDE: B.STRIDE,
} as const;

/** Row and axial record stride (revolute_rows.ts Index). */
enum Index {
  STRIDE = 16,
}

/**
 * Prepares joint j into solver row r and its axial record (prismatic_rows.ts); a prismatic
 * joint is solved from its rows alone, which solver helpers may do.
 */
export function preparePrismaticJoint(
  w: JointsState,
  j: number,
  d: PrismaticJointData,
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
  const cA = bodies.c[a]!;
  const sA = bodies.s[a]!;
  const ux = cA * d.localAxisX - sA * d.localAxisY;
  const uy = sA * d.localAxisX + cA * d.localAxisY;
  rows[o + PrismaticRow.AXIS_X] = ux;
  rows[o + PrismaticRow.AXIS_Y] = uy;
  axial[o + Prismatic.LAST_AXIS_X] = ux;
  axial[o + Prismatic.LAST_AXIS_Y] = uy;
  const io = solverIo;
  io[0] = bodies.c[b]!;
  io[1] = bodies.s[b]!;
  io[2] = cA;
  io[3] = sA;
  io[4] = -d.referenceAngle;
  relativeAngleIo(io);
  axial[o + Prismatic.DELTA_ANGLE] = io[8]!;
  io[0] = d.hertz;
  io[1] = d.dampingRatio;
  io[2] = ctx.h;
  makeSoftIo(io, soft);
  axial[o + Prismatic.SPRING_BIAS_RATE] = soft.biasRate;
  axial[o + Prismatic.SPRING_MASS_SCALE] = soft.massScale;
  axial[o + Prismatic.SPRING_IMPULSE_SCALE] = soft.impulseScale;
  rows[o + PrismaticRow.FLAGS] =
    (d.enableSpring ? PrismaticFlag.SPRING : 0) |
    (d.enableMotor ? PrismaticFlag.MOTOR : 0) |
    (d.enableLimit ? PrismaticFlag.LIMIT : 0);
  axial[o + Prismatic.MOTOR_SPEED] = d.motorSpeed;
  axial[o + Prismatic.MAX_MOTOR_IMPULSE] = ctx.h * d.maxMotorForce;
  axial[o + Prismatic.LOWER_TRANSLATION] = d.lowerTranslation;
  axial[o + Prismatic.UPPER_TRANSLATION] = d.upperTranslation;
  if (!ctx.enableWarmStarting) d.resetImpulses();
  axial[o + Prismatic.PERP_IMPULSE] = d.perpImpulse;
  axial[o + Prismatic.ANGLE_IMPULSE] = d.angleImpulse;
  axial[o + Prismatic.SPRING_IMPULSE] = d.springImpulse;
  axial[o + Prismatic.MOTOR_IMPULSE] = d.motorImpulse;
  axial[o + Prismatic.LOWER_IMPULSE] = d.lowerImpulse;
  axial[o + Prismatic.UPPER_IMPULSE] = d.upperImpulse;
  rows[o + Row.KIND] = RowKind.PRISMATIC;
}

/** Copies the accumulated impulses and the last axis of row r back to the joint's data (before a reaction is read). */
export function finishPrismaticJoint(d: PrismaticJointData, axial: Float64Array, r: number): void {
  const o = r * Index.STRIDE;
  d.lastAxisX = axial[o + Prismatic.LAST_AXIS_X]!;
  d.lastAxisY = axial[o + Prismatic.LAST_AXIS_Y]!;
  d.perpImpulse = axial[o + Prismatic.PERP_IMPULSE]!;
  d.angleImpulse = axial[o + Prismatic.ANGLE_IMPULSE]!;
  d.springImpulse = axial[o + Prismatic.SPRING_IMPULSE]!;
  d.motorImpulse = axial[o + Prismatic.MOTOR_IMPULSE]!;
  d.lowerImpulse = axial[o + Prismatic.LOWER_IMPULSE]!;
  d.upperImpulse = axial[o + Prismatic.UPPER_IMPULSE]!;
}

/**
 * Constraint force (N) on body B from last step's impulses: the perpendicular and axial
 * (spring + motor + limits) parts along the axis of the last solve; torque (N m) of the
 * angular row.
 */
export function prismaticJointReaction(d: PrismaticJointData, ctx: StepContext, out: Float64Array): void {
  const invH = ctx.invH;
  const axial = (d.springImpulse + d.motorImpulse + d.lowerImpulse - d.upperImpulse) * invH;
  const perp = d.perpImpulse * invH;
  const ux = d.lastAxisX;
  const uy = d.lastAxisY;
  out[0] = axial * ux - perp * uy;
  out[1] = axial * uy + perp * ux;
  out[2] = d.angleImpulse * invH;
}
