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

import { HUGE } from '../base/constants.js';
import { jointFrameNow, prepareJointFrame } from './joint.js';
import type { JointData } from './joint_store.js';
import type { StepContext } from '../dynamics/step_context.js';
import { makeSoftIo, Softness } from '../dynamics/softness.js';
import { checkBoolean, checkNonNegativeAtMost, fail } from '../base/validate.js';
import {
  checkDampingRatio,
  checkHertz,
  checkJointLength,
  checkLinearSpeed,
  checkMaxForce,
} from './joint_checks.js';
import { bitsDiffer } from '../base/math.js';
import type { JointsState } from './joints_state.js';
import type { DistanceJointParams } from '../types/joint_defs.js';

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

/** Below this separation (m) the axis is undefined and the joint applies nothing. */
const MIN_SEPARATION = 1e-12;

export class DistanceJointData implements JointData {
  length = 1;
  enableSpring = false;
  hertz = 0;
  dampingRatio = 0;
  enableLimit = false;
  minLength = 0;
  maxLength = HUGE;
  enableMotor = false;
  maxMotorForce = 0;
  motorSpeed = 0;

  // solver temporaries, set by prepare
  oa = 0;
  ob = 0;
  mA = 0;
  mB = 0;
  iA = 0;
  iB = 0;
  ax = 0;
  ay = 0;
  bx = 0;
  by = 0;
  deltaCenterX = 0;
  deltaCenterY = 0;
  readonly springSoftness = new Softness();
  /** Axis of the last solve (world), for the reaction force. */
  ux = 0;
  uy = 0;

  // accumulated impulses (per sub-step), warm-started
  /** Spring impulse in spring mode, rigid-row impulse in rigid mode. */
  impulse = 0;
  lowerImpulse = 0;
  upperImpulse = 0;
  motorImpulse = 0;

  resetImpulses(): void {
    this.impulse = 0;
    this.lowerImpulse = 0;
    this.upperImpulse = 0;
    this.motorImpulse = 0;
  }
}

/**
 * Rollback state (world/rollback_state.ts): the parameters (10, inputs, saved so that a
 * rollback also undoes a change of them) and the warm-started impulses (4), as doubles,
 * booleans as 0 and 1. The solver temporaries are left out: prepare writes them before the
 * step reads them. Field by field, so that no double is boxed (keyed access would). Loading
 * writes only the fields whose bits differ: a field the step has only ever given small
 * integers (0) keeps V8's small-integer representation instead of being turned into a double
 * field by the load, which would deoptimise the step's code for the type.
 */
export const DISTANCE_ROLLBACK_SIZE = 14;

export function saveDistanceJointRollback(d: DistanceJointData, f: Float64Array, at: number): number {
  f[at++] = d.length;
  f[at++] = d.enableSpring ? 1 : 0;
  f[at++] = d.hertz;
  f[at++] = d.dampingRatio;
  f[at++] = d.enableLimit ? 1 : 0;
  f[at++] = d.minLength;
  f[at++] = d.maxLength;
  f[at++] = d.enableMotor ? 1 : 0;
  f[at++] = d.maxMotorForce;
  f[at++] = d.motorSpeed;
  f[at++] = d.impulse;
  f[at++] = d.lowerImpulse;
  f[at++] = d.upperImpulse;
  f[at++] = d.motorImpulse;
  return at;
}

export function loadDistanceJointRollback(d: DistanceJointData, f: Float64Array, at: number): number {
  let v = f[at++]!;
  if (bitsDiffer(d.length, v)) d.length = v;
  if (d.enableSpring !== (f[at] === 1)) d.enableSpring = f[at] === 1;
  at++;
  v = f[at++]!;
  if (bitsDiffer(d.hertz, v)) d.hertz = v;
  v = f[at++]!;
  if (bitsDiffer(d.dampingRatio, v)) d.dampingRatio = v;
  if (d.enableLimit !== (f[at] === 1)) d.enableLimit = f[at] === 1;
  at++;
  v = f[at++]!;
  if (bitsDiffer(d.minLength, v)) d.minLength = v;
  v = f[at++]!;
  if (bitsDiffer(d.maxLength, v)) d.maxLength = v;
  if (d.enableMotor !== (f[at] === 1)) d.enableMotor = f[at] === 1;
  at++;
  v = f[at++]!;
  if (bitsDiffer(d.maxMotorForce, v)) d.maxMotorForce = v;
  v = f[at++]!;
  if (bitsDiffer(d.motorSpeed, v)) d.motorSpeed = v;
  v = f[at++]!;
  if (bitsDiffer(d.impulse, v)) d.impulse = v;
  v = f[at++]!;
  if (bitsDiffer(d.lowerImpulse, v)) d.lowerImpulse = v;
  v = f[at++]!;
  if (bitsDiffer(d.upperImpulse, v)) d.upperImpulse = v;
  v = f[at++]!;
  if (bitsDiffer(d.motorImpulse, v)) d.motorImpulse = v;
  return at;
}

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

export function defaultDistanceJointParams(): DistanceJointParams {
  return {
    length: 1,
    enableSpring: false,
    hertz: 0,
    dampingRatio: 0,
    enableLimit: false,
    minLength: 0,
    maxLength: HUGE,
    enableMotor: false,
    maxMotorForce: 0,
    motorSpeed: 0,
  };
}

/**
 * The distance joint's defaults that depend on the definition: `hertz > 0` without
 * `enableSpring` makes a spring. Box2D v3 keeps `enableSpring` false unless told, so a
 * definition with `hertz: 4` alone silently became a rigid rod; Box2D v2 and planck.js,
 * where most users come from, make any `frequencyHz > 0` a spring, and a v3 user who
 * writes `enableSpring: true` with a hertz gets the same joint either way. An explicit
 * `enableSpring: false` is still honoured (a rod whose spring settings are kept for
 * later, as `b2DistanceJoint_EnableSpring` toggles them). Only at creation:
 * `setJointParams` changes exactly the fields it is given.
 */
export function completeDistanceJointDef(def: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const hertz = def.hertz;
  return def.enableSpring === undefined && typeof hertz === 'number' && hertz > 0
    ? { enableSpring: true }
    : {};
}

/** Checks distance joint parameters; throws naming the field and value. */
export function checkDistanceJointParams(fn: string, p: DistanceJointParams): void {
  checkJointLength(fn, 'length', p.length, true);
  checkBoolean(fn, 'enableSpring', p.enableSpring);
  checkHertz(fn, 'hertz', p.hertz);
  checkDampingRatio(fn, 'dampingRatio', p.dampingRatio);
  checkBoolean(fn, 'enableLimit', p.enableLimit);
  checkJointLength(fn, 'minLength', p.minLength);
  // HUGE, the default, stands for "no limit"; it is the one length past MAX_DISTANCE
  checkNonNegativeAtMost(fn, 'maxLength', p.maxLength, HUGE, 'm');
  if (p.minLength > p.maxLength) fail(fn, 'minLength', `<= maxLength (${p.maxLength})`, p.minLength);
  checkBoolean(fn, 'enableMotor', p.enableMotor);
  checkMaxForce(fn, 'maxMotorForce', p.maxMotorForce, 'N');
  checkLinearSpeed(fn, 'motorSpeed', p.motorSpeed);
}

export function applyDistanceJointParams(d: DistanceJointData, p: DistanceJointParams): void {
  d.length = p.length;
  d.enableSpring = p.enableSpring;
  d.hertz = p.hertz;
  d.dampingRatio = p.dampingRatio;
  d.enableLimit = p.enableLimit;
  d.minLength = p.minLength;
  d.maxLength = p.maxLength;
  d.enableMotor = p.enableMotor;
  d.maxMotorForce = p.maxMotorForce;
  d.motorSpeed = p.motorSpeed;
}

export function readDistanceJointParams(d: DistanceJointData): DistanceJointParams {
  return {
    length: d.length,
    enableSpring: d.enableSpring,
    hertz: d.hertz,
    dampingRatio: d.dampingRatio,
    enableLimit: d.enableLimit,
    minLength: d.minLength,
    maxLength: d.maxLength,
    enableMotor: d.enableMotor,
    maxMotorForce: d.maxMotorForce,
    motorSpeed: d.motorSpeed,
  };
}

/**
 * Current distance between the anchors (m) and its rate of change (m/s, > 0 when the
 * anchors move apart).
 */
export function distanceJointState(
  w: JointsState,
  j: number,
  _d: DistanceJointData,
): { length: number; speed: number } {
  const bodies = w.bodies;
  const state = bodies.state;
  const a = w.joints.bodyA[j]!;
  const b = w.joints.bodyB[j]!;
  // anchors relative to the centers of mass, world orientation
  const frame = jointFrameNow(w, j);
  const rax = frame[6]!;
  const ray = frame[7]!;
  const rbx = frame[8]!;
  const rby = frame[9]!;
  const dx = bodies.cx[b]! + rbx - (bodies.cx[a]! + rax);
  const dy = bodies.cy[b]! + rby - (bodies.cy[a]! + ray);
  const length = Math.sqrt(dx * dx + dy * dy);
  if (!(length > MIN_SEPARATION)) return { length, speed: 0 };
  const oa = frame[0]!;
  const ob = frame[1]!;
  const wa = state[oa + W]!;
  const wb = state[ob + W]!;
  const vx = state[ob + VX]! - wb * rby - (state[oa + VX]! - wa * ray);
  const vy = state[ob + VY]! + wb * rbx - (state[oa + VY]! + wa * rax);
  return { length, speed: (dx * vx + dy * vy) / length };
}
