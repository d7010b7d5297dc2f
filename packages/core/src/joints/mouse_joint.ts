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
 */

import type { StepContext } from '../dynamics/step_context.js';
import { makeSoftIo } from '../dynamics/softness.js';
import type { JointsState } from './joints_state.js';
import type { MouseJointData } from './mouse_joint_data.js';

/** Scratch of makeSoftIo's inputs (hertz, damping ratio, step): never used across a call. */
const solverIo = new Float64Array(3);

// body solver state layout (dynamics/body_state_layout.ts), local for the hot path;
// exported as bodyStateCopy and pinned by test/dynamics/layouts.test.ts
const VX = 0;
const VY = 1;
const W = 2;
const DPX = 4;
const DPY = 5;
const DQC = 6;
const DQS = 7;
const STATE_STRIDE = 8;
export const bodyStateCopy = { VX, VY, W, DPX, DPY, DQC, DQS, STRIDE: STATE_STRIDE } as const;

/** The weak angular damper on body B (Box2D's choice): frequency (Hz) and damping ratio. */
const ANGULAR_DAMPING_HERTZ = 0.5;
const ANGULAR_DAMPING_RATIO = 0.1;

export function prepareMouseJoint(w: JointsState, j: number, d: MouseJointData, ctx: StepContext): void {
  const bodies = w.bodies;
  const joints = w.joints;
  const b = joints.bodyB[j]!;
  d.ob = b * STATE_STRIDE;
  d.mB = bodies.invMass[b]!;
  d.iB = bodies.invInertia[b]!;
  const cB = bodies.c[b]!;
  const sB = bodies.s[b]!;
  const lbx = joints.localBx[j]! - bodies.lcx[b]!;
  const lby = joints.localBy[j]! - bodies.lcy[b]!;
  d.bx = cB * lbx - sB * lby;
  d.by = sB * lbx + cB * lby;
  d.deltaCenterX = bodies.cx[b]! - d.targetX;
  d.deltaCenterY = bodies.cy[b]! - d.targetY;
  const io = solverIo;
  io[0] = d.hertz;
  io[1] = d.dampingRatio;
  io[2] = ctx.h;
  makeSoftIo(io, d.linearSoftness);
  io[0] = ANGULAR_DAMPING_HERTZ;
  io[1] = ANGULAR_DAMPING_RATIO;
  io[2] = ctx.h;
  makeSoftIo(io, d.angularSoftness);
  if (!ctx.enableWarmStarting) d.resetImpulses();
}

export function warmStartMouseJoint(w: JointsState, d: MouseJointData): void {
  const state = w.bodies.state;
  const ob = d.ob;
  const qc = state[ob + DQC]!;
  const qs = state[ob + DQS]!;
  const rx = qc * d.bx - qs * d.by;
  const ry = qs * d.bx + qc * d.by;
  const px = d.linearX;
  const py = d.linearY;
  state[ob + VX] = state[ob + VX]! + d.mB * px;
  state[ob + VY] = state[ob + VY]! + d.mB * py;
  state[ob + W] = state[ob + W]! + d.iB * (rx * py - ry * px + d.angularImpulse);
}

export function solveMouseJoint(w: JointsState, d: MouseJointData, ctx: StepContext): void {
  const state = w.bodies.state;
  const ob = d.ob;
  const mB = d.mB;
  const iB = d.iB;
  let vx = state[ob + VX]!;
  let vy = state[ob + VY]!;
  let wb = state[ob + W]!;

  // angular damper: drives wB toward 0, softly, with no positional bias
  if (iB > 0) {
    const soft = d.angularSoftness;
    const impulse = -soft.massScale * (wb / iB) - soft.impulseScale * d.angularImpulse;
    d.angularImpulse += impulse;
    wb += iB * impulse;
  }

  // point spring toward the target, accumulated impulse clamped to h * maxForce
  const qc = state[ob + DQC]!;
  const qs = state[ob + DQS]!;
  const rx = qc * d.bx - qs * d.by;
  const ry = qs * d.bx + qc * d.by;
  const cdotX = vx - wb * ry;
  const cdotY = vy + wb * rx;
  const soft = d.linearSoftness;
  const sepX = state[ob + DPX]! + rx + d.deltaCenterX;
  const sepY = state[ob + DPY]! + ry + d.deltaCenterY;
  const rhsX = cdotX + soft.biasRate * sepX;
  const rhsY = cdotY + soft.biasRate * sepY;
  const k11 = mB + ry * ry * iB;
  const k12 = -ry * rx * iB;
  const k22 = mB + rx * rx * iB;
  let det = k11 * k22 - k12 * k12;
  if (det !== 0) det = 1 / det;
  const solX = det * (k22 * rhsX - k12 * rhsY);
  const solY = det * (k11 * rhsY - k12 * rhsX);
  const oldX = d.linearX;
  const oldY = d.linearY;
  let accX = oldX - soft.massScale * solX - soft.impulseScale * oldX;
  let accY = oldY - soft.massScale * solY - soft.impulseScale * oldY;
  const maxImpulse = ctx.h * d.maxForce;
  const lenSq = accX * accX + accY * accY;
  if (lenSq > maxImpulse * maxImpulse) {
    const scale = maxImpulse / Math.sqrt(lenSq);
    accX *= scale;
    accY *= scale;
  }
  d.linearX = accX;
  d.linearY = accY;
  const impX = accX - oldX;
  const impY = accY - oldY;
  vx += mB * impX;
  vy += mB * impY;
  wb += iB * (rx * impY - ry * impX);

  state[ob + VX] = vx;
  state[ob + VY] = vy;
  state[ob + W] = wb;
}

/** Force (N) and damping torque (N m) on body B from last step's impulses. */
export function mouseJointReaction(d: MouseJointData, ctx: StepContext, out: Float64Array): void {
  const invH = ctx.invH;
  out[0] = d.linearX * invH;
  out[1] = d.linearY * invH;
  out[2] = d.angularImpulse * invH;
}
