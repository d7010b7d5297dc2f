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

import { prepareJointFrame } from './joint.js';
import type { StepContext } from '../dynamics/step_context.js';
import { JOINT_ANGLE_IO, relativeAngleIo } from './joint_angle.js';
import { makeSoftIo, type Softness } from '../dynamics/softness.js';
import type { JointsState } from './joints_state.js';
import type { WeldJointData } from './weld_joint_data.js';

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
export const bodyStateCopy = { VX, VY, W, DPX, DPY, DQC, DQS } as const;

function copySoftness(from: Softness, to: Softness): void {
  to.biasRate = from.biasRate;
  to.massScale = from.massScale;
  to.impulseScale = from.impulseScale;
}

export function prepareWeldJoint(w: JointsState, j: number, d: WeldJointData, ctx: StepContext): void {
  const bodies = w.bodies;
  const joints = w.joints;
  const a = joints.bodyA[j]!;
  const b = joints.bodyB[j]!;
  prepareJointFrame(w, j, d);
  const cA = bodies.c[a]!;
  const sA = bodies.s[a]!;
  const cB = bodies.c[b]!;
  const sB = bodies.s[b]!;
  const io = solverIo;
  io[0] = cB;
  io[1] = sB;
  io[2] = cA;
  io[3] = sA;
  io[4] = -d.referenceAngle;
  relativeAngleIo(io);
  d.deltaAngle = io[8]!;

  const k = d.iA + d.iB;
  d.axialMass = k > 0 ? 1 / k : 0;
  if (d.linearHertz === 0) copySoftness(ctx.jointSoftness, d.linearSoftness);
  else {
    io[0] = d.linearHertz;
    io[1] = d.linearDampingRatio;
    io[2] = ctx.h;
    makeSoftIo(io, d.linearSoftness);
  }
  if (d.angularHertz === 0) copySoftness(ctx.jointSoftness, d.angularSoftness);
  else {
    io[0] = d.angularHertz;
    io[1] = d.angularDampingRatio;
    io[2] = ctx.h;
    makeSoftIo(io, d.angularSoftness);
  }
  if (!ctx.enableWarmStarting) d.resetImpulses();
}

export function warmStartWeldJoint(w: JointsState, d: WeldJointData): void {
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
  const ang = d.angularImpulse;
  state[oa + VX] = state[oa + VX]! - d.mA * px;
  state[oa + VY] = state[oa + VY]! - d.mA * py;
  state[oa + W] = state[oa + W]! - d.iA * (rax * py - ray * px + ang);
  state[ob + VX] = state[ob + VX]! + d.mB * px;
  state[ob + VY] = state[ob + VY]! + d.mB * py;
  state[ob + W] = state[ob + W]! + d.iB * (rbx * py - rby * px + ang);
}

export function solveWeldJoint(w: JointsState, d: WeldJointData, _ctx: StepContext, useBias: boolean): void {
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

  // angular
  {
    let bias = 0;
    let massScale = 1;
    let impulseScale = 0;
    if (useBias || d.angularHertz > 0) {
      const io = solverIo;
      io[0] = qbc;
      io[1] = qbs;
      io[2] = qac;
      io[3] = qas;
      io[4] = d.deltaAngle;
      relativeAngleIo(io);
      const C = io[8]!;
      const soft = d.angularSoftness;
      bias = soft.biasRate * C;
      massScale = soft.massScale;
      impulseScale = soft.impulseScale;
    }
    const impulse = -d.axialMass * massScale * (wb - wa + bias) - impulseScale * d.angularImpulse;
    d.angularImpulse += impulse;
    wa -= iA * impulse;
    wb += iB * impulse;
  }

  // linear
  {
    const rax = qac * d.ax - qas * d.ay;
    const ray = qas * d.ax + qac * d.ay;
    const rbx = qbc * d.bx - qbs * d.by;
    const rby = qbs * d.bx + qbc * d.by;
    const cdotX = vbx - wb * rby - (vax - wa * ray);
    const cdotY = vby + wb * rbx - (vay + wa * rax);
    let biasX = 0;
    let biasY = 0;
    let massScale = 1;
    let impulseScale = 0;
    if (useBias || d.linearHertz > 0) {
      const sepX = state[ob + DPX]! - state[oa + DPX]! + (rbx - rax) + d.deltaCenterX;
      const sepY = state[ob + DPY]! - state[oa + DPY]! + (rby - ray) + d.deltaCenterY;
      const soft = d.linearSoftness;
      biasX = soft.biasRate * sepX;
      biasY = soft.biasRate * sepY;
      massScale = soft.massScale;
      impulseScale = soft.impulseScale;
    }
    const k11 = mA + mB + ray * ray * iA + rby * rby * iB;
    const k12 = -ray * rax * iA - rby * rbx * iB;
    const k22 = mA + mB + rax * rax * iA + rbx * rbx * iB;
    let det = k11 * k22 - k12 * k12;
    if (det !== 0) det = 1 / det;
    const rhsX = cdotX + biasX;
    const rhsY = cdotY + biasY;
    const solX = det * (k22 * rhsX - k12 * rhsY);
    const solY = det * (k11 * rhsY - k12 * rhsX);
    const impX = -massScale * solX - impulseScale * d.linearX;
    const impY = -massScale * solY - impulseScale * d.linearY;
    d.linearX += impX;
    d.linearY += impY;
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
export function weldJointReaction(d: WeldJointData, ctx: StepContext, out: Float64Array): void {
  const invH = ctx.invH;
  out[0] = d.linearX * invH;
  out[1] = d.linearY * invH;
  out[2] = d.angularImpulse * invH;
}
