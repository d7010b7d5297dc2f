/**
 * Distance joint: keeps the anchor points of A and B at a distance along the line
 * between them. One axial row, u = (pB - pA) / |pB - pA|, C = |pB - pA| - length.
 *
 * Modes:
 *   rigid rod  spring off (or limits on with minLength = maxLength): one rigid row,
 *              soft by the world's joint softness, with bias only when useBias
 *   spring     spring on: an implicit-Euler spring (hertz, dampingRatio) through
 *              makeSoft toward C = 0; hertz 0 means no spring force at all
 *   rope       spring on, limits on: minLength <= |pB - pA| <= maxLength, one-sided,
 *              speculative when not touching (the usual rope is hertz 0, minLength 0)
 *   motor      spring on, motor on: drives the rate of change of the length to
 *              motorSpeed, |impulse| <= h * maxMotorForce
 *
 * The spring row is solved in the biased pass only. One sub-step of the spring alone is
 * then exactly the implicit-Euler update of a harmonic oscillator on the constraint
 * coordinate: solving it again in the relax pass (at the integrated position) would add
 * damping of order (h omega)^2 on top.
 *
 * Anchors are fixed at the start of the step (relative to the centers of mass) and
 * rotated by each body's in-step rotation; the separation is tracked from the in-step
 * position deltas, like the contact solver and the revolute joint do.
 */

import { prepareJointFrame } from './joint.js';
import type { StepContext } from '../dynamics/step_context.js';
import { makeSoftIo } from '../dynamics/softness.js';
import type { JointsState } from './joints_state.js';
import { type DistanceJointData, MIN_SEPARATION } from './distance_joint_data.js';

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

/** True when the joint is one rigid row (no spring, or limits pinned to one length). */
function isRigid(d: DistanceJointData): boolean {
  return !d.enableSpring || (d.enableLimit && d.minLength === d.maxLength);
}

export function prepareDistanceJoint(
  w: JointsState,
  j: number,
  d: DistanceJointData,
  ctx: StepContext,
): void {
  prepareJointFrame(w, j, d);
  // the axis until the first solve (which recomputes it, and the mass along it, each time)
  const sepX = d.deltaCenterX + d.bx - d.ax;
  const sepY = d.deltaCenterY + d.by - d.ay;
  const len = Math.sqrt(sepX * sepX + sepY * sepY);
  // separate stores, not `? :` mixing a double with the integer 0 (V8 boxes that result)
  if (len > MIN_SEPARATION) {
    d.ux = sepX / len;
    d.uy = sepY / len;
  } else {
    d.ux = 0;
    d.uy = 0;
  }
  const io = solverIo;
  io[0] = d.hertz;
  io[1] = d.dampingRatio;
  io[2] = ctx.h;
  makeSoftIo(io, d.springSoftness);
  if (!ctx.enableWarmStarting) d.resetImpulses();
}

export function warmStartDistanceJoint(w: JointsState, d: DistanceJointData): void {
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
  const sepX = state[ob + DPX]! - state[oa + DPX]! + (rbx - rax) + d.deltaCenterX;
  const sepY = state[ob + DPY]! - state[oa + DPY]! + (rby - ray) + d.deltaCenterY;
  const len = Math.sqrt(sepX * sepX + sepY * sepY);
  if (!(len > MIN_SEPARATION)) return;
  const axial = d.impulse + d.lowerImpulse - d.upperImpulse + d.motorImpulse;
  const px = (axial * sepX) / len;
  const py = (axial * sepY) / len;
  state[oa + VX] = state[oa + VX]! - d.mA * px;
  state[oa + VY] = state[oa + VY]! - d.mA * py;
  state[oa + W] = state[oa + W]! - d.iA * (rax * py - ray * px);
  state[ob + VX] = state[ob + VX]! + d.mB * px;
  state[ob + VY] = state[ob + VY]! + d.mB * py;
  state[ob + W] = state[ob + W]! + d.iB * (rbx * py - rby * px);
}

export function solveDistanceJoint(
  w: JointsState,
  d: DistanceJointData,
  ctx: StepContext,
  useBias: boolean,
): void {
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
  const sepX = state[ob + DPX]! - state[oa + DPX]! + (rbx - rax) + d.deltaCenterX;
  const sepY = state[ob + DPY]! - state[oa + DPY]! + (rby - ray) + d.deltaCenterY;
  const len = Math.sqrt(sepX * sepX + sepY * sepY);
  if (!(len > MIN_SEPARATION)) return;
  const ux = sepX / len;
  const uy = sepY / len;
  d.ux = ux;
  d.uy = uy;
  // angular lever arms of the axis: impulse P = lambda u gives torques lambda * cr
  const crA = rax * uy - ray * ux;
  const crB = rbx * uy - rby * ux;
  // the mass along the current axis: with the anchors close together the axis can turn
  // far within a step, and the start-of-step mass would then over-correct (and gain energy)
  const k = mA + mB + iA * crA * crA + iB * crB * crB;
  const m = k > 0 ? 1 / k : 0;

  if (!isRigid(d)) {
    if (useBias && d.hertz > 0) {
      // Cdot = u . (vB + wB x rB - vA - wA x rA)
      const cdot = ux * (vbx - vax) + uy * (vby - vay) + crB * wb - crA * wa;
      const C = len - d.length;
      const soft = d.springSoftness;
      const impulse = -soft.massScale * m * (cdot + soft.biasRate * C) - soft.impulseScale * d.impulse;
      d.impulse += impulse;
      vax -= mA * impulse * ux;
      vay -= mA * impulse * uy;
      wa -= iA * impulse * crA;
      vbx += mB * impulse * ux;
      vby += mB * impulse * uy;
      wb += iB * impulse * crB;
    }
    if (d.enableMotor) {
      const cdot = ux * (vbx - vax) + uy * (vby - vay) + crB * wb - crA * wa;
      const maxImpulse = ctx.h * d.maxMotorForce;
      const old = d.motorImpulse;
      let acc = old + m * (d.motorSpeed - cdot);
      acc = acc < -maxImpulse ? -maxImpulse : acc > maxImpulse ? maxImpulse : acc;
      d.motorImpulse = acc;
      const impulse = acc - old;
      vax -= mA * impulse * ux;
      vay -= mA * impulse * uy;
      wa -= iA * impulse * crA;
      vbx += mB * impulse * ux;
      vby += mB * impulse * uy;
      wb += iB * impulse * crB;
    }
    if (d.enableLimit) {
      // lower: C = length - minLength >= 0
      {
        const cdot = ux * (vbx - vax) + uy * (vby - vay) + crB * wb - crA * wa;
        const C = len - d.minLength;
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
        const old = d.lowerImpulse;
        let acc = old - massScale * m * (cdot + bias) - impulseScale * old;
        if (acc < 0) acc = 0;
        d.lowerImpulse = acc;
        const impulse = acc - old;
        vax -= mA * impulse * ux;
        vay -= mA * impulse * uy;
        wa -= iA * impulse * crA;
        vbx += mB * impulse * ux;
        vby += mB * impulse * uy;
        wb += iB * impulse * crB;
      }
      // upper: C = maxLength - length >= 0 (signs flipped so the impulse stays positive)
      {
        const cdot = -(ux * (vbx - vax) + uy * (vby - vay) + crB * wb - crA * wa);
        const C = d.maxLength - len;
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
        const old = d.upperImpulse;
        let acc = old - massScale * m * (cdot + bias) - impulseScale * old;
        if (acc < 0) acc = 0;
        d.upperImpulse = acc;
        const impulse = acc - old;
        vax += mA * impulse * ux;
        vay += mA * impulse * uy;
        wa += iA * impulse * crA;
        vbx -= mB * impulse * ux;
        vby -= mB * impulse * uy;
        wb -= iB * impulse * crB;
      }
    }
  } else {
    // rigid rod at the rest length (or at the pinned limit length)
    const target = d.enableSpring ? d.minLength : d.length;
    const cdot = ux * (vbx - vax) + uy * (vby - vay) + crB * wb - crA * wa;
    let bias = 0;
    let massScale = 1;
    let impulseScale = 0;
    if (useBias) {
      bias = ctx.jointSoftness.biasRate * (len - target);
      massScale = ctx.jointSoftness.massScale;
      impulseScale = ctx.jointSoftness.impulseScale;
    }
    const impulse = -massScale * m * (cdot + bias) - impulseScale * d.impulse;
    d.impulse += impulse;
    vax -= mA * impulse * ux;
    vay -= mA * impulse * uy;
    wa -= iA * impulse * crA;
    vbx += mB * impulse * ux;
    vby += mB * impulse * uy;
    wb += iB * impulse * crB;
  }

  state[oa + VX] = vax;
  state[oa + VY] = vay;
  state[oa + W] = wa;
  state[ob + VX] = vbx;
  state[ob + VY] = vby;
  state[ob + W] = wb;
}

/** Constraint force (N) on body B, along the axis, from last step's impulses; no torque. */
export function distanceJointReaction(d: DistanceJointData, ctx: StepContext, out: Float64Array): void {
  const invH = ctx.invH;
  const f = (d.impulse + d.lowerImpulse - d.upperImpulse + d.motorImpulse) * invH;
  out[0] = f * d.ux;
  out[1] = f * d.uy;
  out[2] = 0;
}
