/**
 * Mouse (target) joint: a soft spring pulling an anchor point of body B toward a target
 * point fixed in the world, for dragging bodies with a pointer or steering them to a
 * moving goal. Body A takes no force; it only ties the joint into the world (usually a
 * static ground body).
 *
 * Point row  C = pB - target (2D), soft by (hertz, dampingRatio) through makeSoft, its
 *            accumulated impulse clamped to a disc of radius h * maxForce, so the pull
 *            never exceeds maxForce whatever the distance.
 * Angular    a weak damper on B's spin (0.5 Hz, damping ratio 0.1, no bias), as Box2D
 *            does, so a body dragged by a corner does not keep spinning for ever.
 * The anchor is fixed at the start of the step (relative to B's center of mass) and
 * rotated by B's in-step rotation; the separation is tracked from B's delta position.
 * Being a spring, the point row always applies its bias (useBias is ignored).
 * This file is the step's side outside the solve (prepare, finish, the reaction); the
 * solve reads only the rows (mouse_rows.ts), so any thread may run it.
 */

import type { StepContext } from '../dynamics/step_context.js';
import { makeSoftIo, Softness } from '../dynamics/softness.js';
import type { JointsState } from './joints_state.js';
import type { MouseJointData } from './mouse_joint_data.js';
import { B, Row, RowKind } from './revolute_rows.js';
import { Mouse } from './mouse_rows.js';

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

/** The weak angular damper on body B (Box2D's choice): frequency (Hz) and damping ratio. */
const ANGULAR_DAMPING_HERTZ = 0.5;
const ANGULAR_DAMPING_RATIO = 0.1;

/**
 * Prepares joint j into solver row r and its axial record (mouse_rows.ts); a mouse joint is
 * solved from its rows alone, which solver helpers may do.
 */
export function prepareMouseJoint(
  w: JointsState,
  j: number,
  d: MouseJointData,
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
  // A's slots for the record only: the solve never reads them
  rows[o + Row.OA] = a * B.STRIDE;
  rows[o + Row.MA] = 0;
  rows[o + Row.IA] = 0;
  rows[o + Row.AX] = 0;
  rows[o + Row.AY] = 0;
  rows[o + Row.OB] = b * B.STRIDE;
  rows[o + Row.MB] = bodies.invMass[b]!;
  rows[o + Row.IB] = bodies.invInertia[b]!;
  const cB = bodies.c[b]!;
  const sB = bodies.s[b]!;
  const lbx = joints.localBx[j]! - bodies.lcx[b]!;
  const lby = joints.localBy[j]! - bodies.lcy[b]!;
  rows[o + Row.BX] = cB * lbx - sB * lby;
  rows[o + Row.BY] = sB * lbx + cB * lby;
  rows[o + Row.DCX] = bodies.cx[b]! - d.targetX;
  rows[o + Row.DCY] = bodies.cy[b]! - d.targetY;
  const io = solverIo;
  io[0] = d.hertz;
  io[1] = d.dampingRatio;
  io[2] = ctx.h;
  makeSoftIo(io, soft);
  axial[o + Mouse.LINEAR_BIAS_RATE] = soft.biasRate;
  axial[o + Mouse.LINEAR_MASS_SCALE] = soft.massScale;
  axial[o + Mouse.LINEAR_IMPULSE_SCALE] = soft.impulseScale;
  io[0] = ANGULAR_DAMPING_HERTZ;
  io[1] = ANGULAR_DAMPING_RATIO;
  io[2] = ctx.h;
  makeSoftIo(io, soft);
  axial[o + Mouse.ANGULAR_MASS_SCALE] = soft.massScale;
  axial[o + Mouse.ANGULAR_IMPULSE_SCALE] = soft.impulseScale;
  axial[o + Mouse.MAX_IMPULSE] = ctx.h * d.maxForce;
  if (!ctx.enableWarmStarting) d.resetImpulses();
  rows[o + Row.LINEAR_X] = d.linearX;
  rows[o + Row.LINEAR_Y] = d.linearY;
  axial[o + Mouse.ANGULAR_IMPULSE] = d.angularImpulse;
  rows[o + Row.KIND] = RowKind.MOUSE;
}

/** Copies the accumulated impulses of row r back to the joint's data (before a reaction is read). */
export function finishMouseJoint(
  d: MouseJointData,
  rows: Float64Array,
  axial: Float64Array,
  r: number,
): void {
  const o = r * Index.STRIDE;
  d.linearX = rows[o + Row.LINEAR_X]!;
  d.linearY = rows[o + Row.LINEAR_Y]!;
  d.angularImpulse = axial[o + Mouse.ANGULAR_IMPULSE]!;
}

/** Force (N) and damping torque (N m) on body B from last step's impulses. */
export function mouseJointReaction(d: MouseJointData, ctx: StepContext, out: Float64Array): void {
  const invH = ctx.invH;
  out[0] = d.linearX * invH;
  out[1] = d.linearY * invH;
  out[2] = d.angularImpulse * invH;
}
