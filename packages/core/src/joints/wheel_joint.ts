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
 */

import { prepareJointFrame } from './joint.js';
import type { StepContext } from '../dynamics/step_context.js';
import { makeSoftIo } from '../dynamics/softness.js';
import type { JointsState } from './joints_state.js';
import type { WheelJointData } from './wheel_joint_data.js';

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

export function prepareWheelJoint(w: JointsState, j: number, d: WheelJointData, ctx: StepContext): void {
  const bodies = w.bodies;
  const joints = w.joints;
  const a = joints.bodyA[j]!;
  prepareJointFrame(w, j, d);
  const cA = bodies.c[a]!;
  const sA = bodies.s[a]!;
  const ux = cA * d.localAxisX - sA * d.localAxisY;
  const uy = sA * d.localAxisX + cA * d.localAxisY;
  d.axisX = ux;
  d.axisY = uy;
  d.ux = ux;
  d.uy = uy;
  const km = d.iA + d.iB;
  d.motorMass = km > 0 ? 1 / km : 0;
  const io = solverIo;
  io[0] = d.hertz;
  io[1] = d.dampingRatio;
  io[2] = ctx.h;
  makeSoftIo(io, d.springSoftness);
  if (!ctx.enableWarmStarting) d.resetImpulses();
}

export function warmStartWheelJoint(w: JointsState, d: WheelJointData): void {
  const state = w.bodies.state;
  const oa = d.oa;
  const ob = d.ob;
  const qac = state[oa + DQC]!;
  const qas = state[oa + DQS]!;
  const qbc = state[ob + DQC]!;
  const qbs = state[ob + DQS]!;
  const rbx = qbc * d.bx - qbs * d.by;
  const rby = qbs * d.bx + qbc * d.by;
  // d + rA = pB - cA
  const dax = state[ob + DPX]! - state[oa + DPX]! + d.deltaCenterX + rbx;
  const day = state[ob + DPY]! - state[oa + DPY]! + d.deltaCenterY + rby;
  const ux = qac * d.axisX - qas * d.axisY;
  const uy = qas * d.axisX + qac * d.axisY;
  const nx = -uy;
  const ny = ux;
  const a1 = dax * uy - day * ux;
  const a2 = rbx * uy - rby * ux;
  const s1 = dax * ny - day * nx;
  const s2 = rbx * ny - rby * nx;
  const axial = d.springImpulse + d.lowerImpulse - d.upperImpulse;
  const perp = d.perpImpulse;
  const px = axial * ux + perp * nx;
  const py = axial * uy + perp * ny;
  state[oa + VX] = state[oa + VX]! - d.mA * px;
  state[oa + VY] = state[oa + VY]! - d.mA * py;
  state[oa + W] = state[oa + W]! - d.iA * (axial * a1 + perp * s1 + d.motorImpulse);
  state[ob + VX] = state[ob + VX]! + d.mB * px;
  state[ob + VY] = state[ob + VY]! + d.mB * py;
  state[ob + W] = state[ob + W]! + d.iB * (axial * a2 + perp * s2 + d.motorImpulse);
}

export function solveWheelJoint(w: JointsState, d: WheelJointData, ctx: StepContext, useBias: boolean): void {
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

  const rax = qac * d.ax - qas * d.ay;
  const ray = qas * d.ax + qac * d.ay;
  const rbx = qbc * d.bx - qbs * d.by;
  const rby = qbs * d.bx + qbc * d.by;
  // separation d = pB - pA, and d + rA = pB - cA
  const dx = state[ob + DPX]! - state[oa + DPX]! + d.deltaCenterX + rbx - rax;
  const dy = state[ob + DPY]! - state[oa + DPY]! + d.deltaCenterY + rby - ray;
  const dax = dx + rax;
  const day = dy + ray;
  const ux = qac * d.axisX - qas * d.axisY;
  const uy = qas * d.axisX + qac * d.axisY;
  d.ux = ux;
  d.uy = uy;
  const translation = ux * dx + uy * dy;
  const a1 = dax * uy - day * ux;
  const a2 = rbx * uy - rby * ux;
  // masses for the current arms (see prismatic_joint.ts: a start-of-step mass over-corrects)
  const ka = mA + mB + iA * a1 * a1 + iB * a2 * a2;
  const axialMass = ka > 0 ? 1 / ka : 0;

  if (d.enableMotor && iA + iB > 0) {
    const maxImpulse = ctx.h * d.maxMotorTorque;
    const old = d.motorImpulse;
    let acc = old - d.motorMass * (wb - wa - d.motorSpeed);
    acc = acc < -maxImpulse ? -maxImpulse : acc > maxImpulse ? maxImpulse : acc;
    d.motorImpulse = acc;
    wa -= iA * (acc - old);
    wb += iB * (acc - old);
  }

  if (d.enableSpring && d.hertz > 0 && useBias) {
    const soft = d.springSoftness;
    const cdot = ux * (vbx - vax) + uy * (vby - vay) + a2 * wb - a1 * wa;
    const impulse =
      -soft.massScale * axialMass * (cdot + soft.biasRate * translation) -
      soft.impulseScale * d.springImpulse;
    d.springImpulse += impulse;
    vax -= mA * impulse * ux;
    vay -= mA * impulse * uy;
    wa -= iA * impulse * a1;
    vbx += mB * impulse * ux;
    vby += mB * impulse * uy;
    wb += iB * impulse * a2;
  }

  if (d.enableLimit) {
    // lower: C = translation - lower >= 0
    {
      const C = translation - d.lowerTranslation;
      let bias = 0;
      let massScale = 1;
      let impulseScale = 0;
      if (C > 0) {
        bias = C * ctx.invH;
      } else if (useBias) {
        bias = ctx.jointSoftness.biasRate * C;
        massScale = ctx.jointSoftness.massScale;
        impulseScale = ctx.jointSoftness.impulseScale;
      }
      const cdot = ux * (vbx - vax) + uy * (vby - vay) + a2 * wb - a1 * wa;
      const old = d.lowerImpulse;
      let acc = old - massScale * axialMass * (cdot + bias) - impulseScale * old;
      if (acc < 0) acc = 0;
      d.lowerImpulse = acc;
      const impulse = acc - old;
      vax -= mA * impulse * ux;
      vay -= mA * impulse * uy;
      wa -= iA * impulse * a1;
      vbx += mB * impulse * ux;
      vby += mB * impulse * uy;
      wb += iB * impulse * a2;
    }
    // upper: C = upper - translation >= 0 (signs flipped so the impulse stays positive)
    {
      const C = d.upperTranslation - translation;
      let bias = 0;
      let massScale = 1;
      let impulseScale = 0;
      if (C > 0) {
        bias = C * ctx.invH;
      } else if (useBias) {
        bias = ctx.jointSoftness.biasRate * C;
        massScale = ctx.jointSoftness.massScale;
        impulseScale = ctx.jointSoftness.impulseScale;
      }
      const cdot = -(ux * (vbx - vax) + uy * (vby - vay) + a2 * wb - a1 * wa);
      const old = d.upperImpulse;
      let acc = old - massScale * axialMass * (cdot + bias) - impulseScale * old;
      if (acc < 0) acc = 0;
      d.upperImpulse = acc;
      const impulse = acc - old;
      vax += mA * impulse * ux;
      vay += mA * impulse * uy;
      wa += iA * impulse * a1;
      vbx -= mB * impulse * ux;
      vby -= mB * impulse * uy;
      wb -= iB * impulse * a2;
    }
  }

  // point on line: n . d = 0
  {
    const nx = -uy;
    const ny = ux;
    const s1 = dax * ny - day * nx;
    const s2 = rbx * ny - rby * nx;
    const kp = mA + mB + iA * s1 * s1 + iB * s2 * s2;
    const perpMass = kp > 0 ? 1 / kp : 0;
    let bias = 0;
    let massScale = 1;
    let impulseScale = 0;
    if (useBias) {
      bias = ctx.jointSoftness.biasRate * (nx * dx + ny * dy);
      massScale = ctx.jointSoftness.massScale;
      impulseScale = ctx.jointSoftness.impulseScale;
    }
    const cdot = nx * (vbx - vax) + ny * (vby - vay) + s2 * wb - s1 * wa;
    const impulse = -massScale * perpMass * (cdot + bias) - impulseScale * d.perpImpulse;
    d.perpImpulse += impulse;
    vax -= mA * impulse * nx;
    vay -= mA * impulse * ny;
    wa -= iA * impulse * s1;
    vbx += mB * impulse * nx;
    vby += mB * impulse * ny;
    wb += iB * impulse * s2;
  }

  state[oa + VX] = vax;
  state[oa + VY] = vay;
  state[oa + W] = wa;
  state[ob + VX] = vbx;
  state[ob + VY] = vby;
  state[ob + W] = wb;
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
