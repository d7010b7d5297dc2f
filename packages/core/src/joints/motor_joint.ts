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
 */

import type { StepContext } from '../dynamics/step_context.js';
import { JOINT_ANGLE_IO, relativeAngleIo } from './joint_angle.js';
import type { JointsState } from './joints_state.js';
import type { MotorJointData } from './motor_joint_data.js';

/** Scratch of the solver's kernel calls (relativeAngleIo, makeSoftIo): never used across a call. */
const solverIo = new Float64Array(JOINT_ANGLE_IO);

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

export function prepareMotorJoint(w: JointsState, j: number, d: MotorJointData, ctx: StepContext): void {
  const bodies = w.bodies;
  const joints = w.joints;
  const a = joints.bodyA[j]!;
  const b = joints.bodyB[j]!;
  d.oa = a * STATE_STRIDE;
  d.ob = b * STATE_STRIDE;
  d.mA = bodies.invMass[a]!;
  d.mB = bodies.invMass[b]!;
  d.iA = bodies.invInertia[a]!;
  d.iB = bodies.invInertia[b]!;

  const cA = bodies.c[a]!;
  const sA = bodies.s[a]!;
  const cB = bodies.c[b]!;
  const sB = bodies.s[b]!;
  const lax = joints.localAx[j]! + d.linearOffsetX - bodies.lcx[a]!;
  const lay = joints.localAy[j]! + d.linearOffsetY - bodies.lcy[a]!;
  const lbx = joints.localBx[j]! - bodies.lcx[b]!;
  const lby = joints.localBy[j]! - bodies.lcy[b]!;
  d.ax = cA * lax - sA * lay;
  d.ay = sA * lax + cA * lay;
  d.bx = cB * lbx - sB * lby;
  d.by = sB * lbx + cB * lby;
  d.deltaCenterX = bodies.cx[b]! - bodies.cx[a]!;
  d.deltaCenterY = bodies.cy[b]! - bodies.cy[a]!;
  const io = solverIo;
  io[0] = cB;
  io[1] = sB;
  io[2] = cA;
  io[3] = sA;
  io[4] = -d.angularOffset;
  relativeAngleIo(io);
  d.deltaAngle = io[8]!;

  const k = d.iA + d.iB;
  d.axialMass = k > 0 ? 1 / k : 0;
  if (!ctx.enableWarmStarting) d.resetImpulses();
}

export function warmStartMotorJoint(w: JointsState, d: MotorJointData): void {
  const state = w.bodies.state;
  const oa = d.oa;
  const ob = d.ob;
  const qac = state[oa + DQC]!;
  const qas = state[oa + DQS]!;
  const qbc = state[ob + DQC]!;
  const qbs = state[ob + DQS]!;
  const rax = qac * d.ax - qas * d.ay;
  const ray = qas * d.ax + qac * d.ay;
  const rbx = qbc * d.bx - qbs * d.by;
  const rby = qbs * d.bx + qbc * d.by;
  const px = d.linearX;
  const py = d.linearY;
  const angular = d.angularImpulse;
  state[oa + VX] = state[oa + VX]! - d.mA * px;
  state[oa + VY] = state[oa + VY]! - d.mA * py;
  state[oa + W] = state[oa + W]! - d.iA * (rax * py - ray * px + angular);
  state[ob + VX] = state[ob + VX]! + d.mB * px;
  state[ob + VY] = state[ob + VY]! + d.mB * py;
  state[ob + W] = state[ob + W]! + d.iB * (rbx * py - rby * px + angular);
}

export function solveMotorJoint(w: JointsState, d: MotorJointData, ctx: StepContext): void {
  const state = w.bodies.state;
  const oa = d.oa;
  const ob = d.ob;
  const mA = d.mA;
  const mB = d.mB;
  const iA = d.iA;
  const iB = d.iB;
  let vax = state[oa + VX]!;
  let vay = state[oa + VY]!;
  let wa = state[oa + W]!;
  let vbx = state[ob + VX]!;
  let vby = state[ob + VY]!;
  let wb = state[ob + W]!;
  const qac = state[oa + DQC]!;
  const qas = state[oa + DQS]!;
  const qbc = state[ob + DQC]!;
  const qbs = state[ob + DQS]!;
  const beta = d.correctionFactor * ctx.invH;

  // angular row
  if (iA + iB > 0) {
    const io = solverIo;
    io[0] = qbc;
    io[1] = qbs;
    io[2] = qac;
    io[3] = qas;
    io[4] = d.deltaAngle;
    relativeAngleIo(io);
    const theta = io[8]!;
    const maxImpulse = ctx.h * d.maxTorque;
    const old = d.angularImpulse;
    let acc = old - d.axialMass * (wb - wa + beta * theta);
    acc = acc < -maxImpulse ? -maxImpulse : acc > maxImpulse ? maxImpulse : acc;
    d.angularImpulse = acc;
    wa -= iA * (acc - old);
    wb += iB * (acc - old);
  }

  // linear row
  {
    const rax = qac * d.ax - qas * d.ay;
    const ray = qas * d.ax + qac * d.ay;
    const rbx = qbc * d.bx - qbs * d.by;
    const rby = qbs * d.bx + qbc * d.by;
    const cdotX = vbx - wb * rby - (vax - wa * ray);
    const cdotY = vby + wb * rbx - (vay + wa * rax);
    const sepX = state[ob + DPX]! - state[oa + DPX]! + (rbx - rax) + d.deltaCenterX;
    const sepY = state[ob + DPY]! - state[oa + DPY]! + (rby - ray) + d.deltaCenterY;
    const k11 = mA + mB + ray * ray * iA + rby * rby * iB;
    const k12 = -ray * rax * iA - rby * rbx * iB;
    const k22 = mA + mB + rax * rax * iA + rbx * rbx * iB;
    let det = k11 * k22 - k12 * k12;
    if (det !== 0) det = 1 / det;
    const rhsX = cdotX + beta * sepX;
    const rhsY = cdotY + beta * sepY;
    const oldX = d.linearX;
    const oldY = d.linearY;
    let accX = oldX - det * (k22 * rhsX - k12 * rhsY);
    let accY = oldY - det * (k11 * rhsY - k12 * rhsX);
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
    vax -= mA * impX;
    vay -= mA * impY;
    wa -= iA * (rax * impY - ray * impX);
    vbx += mB * impX;
    vby += mB * impY;
    wb += iB * (rbx * impY - rby * impX);
  }

  state[oa + VX] = vax;
  state[oa + VY] = vay;
  state[oa + W] = wa;
  state[ob + VX] = vbx;
  state[ob + VY] = vby;
  state[ob + W] = wb;
}

/** Constraint force (N) and torque (N m) on body B from last step's impulses. */
export function motorJointReaction(d: MotorJointData, ctx: StepContext, out: Float64Array): void {
  const invH = ctx.invH;
  out[0] = d.linearX * invH;
  out[1] = d.linearY * invH;
  out[2] = d.angularImpulse * invH;
}
