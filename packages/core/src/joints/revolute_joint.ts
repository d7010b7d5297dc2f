/**
 * Revolute joint: body B turns about an anchor point shared with body A.
 *
 * Point constraint  C = pB - pA (2D), soft (the world's joint softness) with bias.
 * Axial rows act on the relative angle theta = angleB - angleA - referenceAngle:
 *   spring  soft by (hertz, dampingRatio) through makeSoft, toward theta = 0
 *   motor   drives wB - wA to motorSpeed, |impulse| <= h * maxMotorTorque
 *   limits  lower <= theta <= upper, one-sided, speculative when not touching
 * Anchors are fixed at the start of the step (relative to the centers of mass) and
 * rotated by each body's in-step rotation, like the contact solver does.
 */

import { prepareJointFrameRow } from './joint.js';
import { JOINT_ANGLE_IO, relativeAngleIo } from './joint_angle.js';
import type { StepContext } from '../dynamics/step_context.js';
import { makeSoftIo } from '../dynamics/softness.js';
import type { JointsState } from './joints_state.js';
import type { RevoluteJointData } from './revolute_joint_data.js';

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

/**
 * The point constraint's solver row in `JointStore.rows` (one row per active joint, in
 * solve order): read eight times a step, so it lives in one contiguous typed-array record
 * rather than in the data object, whose double fields V8 keeps in separate heap boxes.
 * Accumulated impulses are copied in at prepare and back out at finish, so the data object
 * (and snapshots) stay the source of truth between steps.
 */
enum Row {
  // the joint frame, written by prepareJointFrameRow (joint.ts) in this order
  /** State offsets of the bodies (small integers, exact in a double). */
  OA = 0,
  OB = 1,
  MA = 2,
  MB = 3,
  IA = 4,
  IB = 5,
  AX = 6,
  AY = 7,
  BX = 8,
  BY = 9,
  DCX = 10,
  DCY = 11,
  // the revolute joint's own
  /** 1 when a spring, motor or limit acts on the angle (those read the data object). */
  AXIAL = 12,
  LINEAR_X = 13,
  LINEAR_Y = 14,
}
/** Sixteen doubles: a row is two cache lines. */
export const REVOLUTE_ROW_STRIDE = 16;

/** Scratch of the solver's kernel calls (relativeAngleIo, makeSoftIo): never used across a call. */
const solverIo = new Float64Array(JOINT_ANGLE_IO);

export function prepareRevoluteJoint(
  w: JointsState,
  j: number,
  d: RevoluteJointData,
  ctx: StepContext,
  rows: Float64Array,
  r: number,
): void {
  const o = r * REVOLUTE_ROW_STRIDE;
  prepareJointFrameRow(w, j, rows, o);
  const axial = hasAxialRow(d);
  if (axial) {
    // only springs, motors and limits read the angle: a plain hinge skips the atan2
    // (a path V8 may not inline into: doubles go through the scratch, see relativeAngleIo)
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
    d.deltaAngle = io[8]!;
    const k = rows[o + Row.IA]! + rows[o + Row.IB]!;
    d.axialMass = k > 0 ? 1 / k : 0;
    io[0] = d.hertz;
    io[1] = d.dampingRatio;
    io[2] = ctx.h;
    makeSoftIo(io, d.springSoftness);
  }
  if (!ctx.enableWarmStarting) d.resetImpulses();
  rows[o + Row.AXIAL] = axial ? 1 : 0;
  rows[o + Row.LINEAR_X] = d.linearX;
  rows[o + Row.LINEAR_Y] = d.linearY;
}

/** Copies the accumulated impulses back to the joint's data at the end of the step. */
export function finishRevoluteJoint(d: RevoluteJointData, rows: Float64Array, r: number): void {
  const o = r * REVOLUTE_ROW_STRIDE;
  d.linearX = rows[o + Row.LINEAR_X]!;
  d.linearY = rows[o + Row.LINEAR_Y]!;
}

/** True when the joint has an axial row (spring, motor or limit) to solve. */
function hasAxialRow(d: RevoluteJointData): boolean {
  return d.enableSpring || d.enableMotor || d.enableLimit;
}

export function warmStartRevoluteJoint(
  w: JointsState,
  d: RevoluteJointData,
  rows: Float64Array,
  r: number,
): void {
  const state = w.bodies.state;
  const o = r * REVOLUTE_ROW_STRIDE;
  const oa = rows[o + Row.OA]! | 0;
  const ob = rows[o + Row.OB]! | 0;
  const mA = rows[o + Row.MA]!;
  const mB = rows[o + Row.MB]!;
  const iA = rows[o + Row.IA]!;
  const iB = rows[o + Row.IB]!;
  const ax = rows[o + Row.AX]!;
  const ay = rows[o + Row.AY]!;
  const bx = rows[o + Row.BX]!;
  const by = rows[o + Row.BY]!;
  const qac = state[oa + DQC]!;
  const qas = state[oa + DQS]!;
  const qbc = state[ob + DQC]!;
  const qbs = state[ob + DQS]!;
  const rax = qac * ax - qas * ay;
  const ray = qas * ax + qac * ay;
  const rbx = qbc * bx - qbs * by;
  const rby = qbs * bx + qbc * by;
  const axial =
    rows[o + Row.AXIAL] !== 0 ? d.springImpulse + d.motorImpulse + d.lowerImpulse - d.upperImpulse : 0;
  const px = rows[o + Row.LINEAR_X]!;
  const py = rows[o + Row.LINEAR_Y]!;
  state[oa + VX] = state[oa + VX]! - mA * px;
  state[oa + VY] = state[oa + VY]! - mA * py;
  state[oa + W] = state[oa + W]! - iA * (rax * py - ray * px + axial);
  state[ob + VX] = state[ob + VX]! + mB * px;
  state[ob + VY] = state[ob + VY]! + mB * py;
  state[ob + W] = state[ob + W]! + iB * (rbx * py - rby * px + axial);
}

export function solveRevoluteJoint(
  w: JointsState,
  d: RevoluteJointData,
  ctx: StepContext,
  useBias: boolean,
  rows: Float64Array,
  r: number,
): void {
  const state = w.bodies.state;
  const o = r * REVOLUTE_ROW_STRIDE;
  const oa = rows[o + Row.OA]! | 0;
  const ob = rows[o + Row.OB]! | 0;
  const mA = rows[o + Row.MA]!;
  const mB = rows[o + Row.MB]!;
  const iA = rows[o + Row.IA]!;
  const iB = rows[o + Row.IB]!;
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

  if (rows[o + Row.AXIAL] !== 0) {
    const fixedRotation = iA + iB === 0;

    if ((d.enableSpring || d.enableLimit) && !fixedRotation) {
      const io = solverIo;
      io[0] = qbc;
      io[1] = qbs;
      io[2] = qac;
      io[3] = qas;
      io[4] = d.deltaAngle;
      relativeAngleIo(io);
      const theta = io[8]!;
      if (d.enableSpring) {
        const soft = d.springSoftness;
        const impulse =
          -soft.massScale * d.axialMass * (wb - wa + soft.biasRate * theta) -
          soft.impulseScale * d.springImpulse;
        d.springImpulse += impulse;
        wa -= iA * impulse;
        wb += iB * impulse;
      }
      if (d.enableMotor) {
        const maxImpulse = ctx.h * d.maxMotorTorque;
        const old = d.motorImpulse;
        let acc = old - d.axialMass * (wb - wa - d.motorSpeed);
        acc = acc < -maxImpulse ? -maxImpulse : acc > maxImpulse ? maxImpulse : acc;
        d.motorImpulse = acc;
        wa -= iA * (acc - old);
        wb += iB * (acc - old);
      }
      if (d.enableLimit) {
        // lower: C = theta - lower >= 0
        {
          const C = theta - d.lowerAngle;
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
          let acc = old - massScale * d.axialMass * (wb - wa + bias) - impulseScale * old;
          if (acc < 0) acc = 0;
          d.lowerImpulse = acc;
          wa -= iA * (acc - old);
          wb += iB * (acc - old);
        }
        // upper: C = upper - theta >= 0 (signs flipped so the impulse stays positive)
        {
          const C = d.upperAngle - theta;
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
          let acc = old - massScale * d.axialMass * (wa - wb + bias) - impulseScale * old;
          if (acc < 0) acc = 0;
          d.upperImpulse = acc;
          wa += iA * (acc - old);
          wb -= iB * (acc - old);
        }
      }
    } else if (d.enableMotor && !fixedRotation) {
      const maxImpulse = ctx.h * d.maxMotorTorque;
      const old = d.motorImpulse;
      let acc = old - d.axialMass * (wb - wa - d.motorSpeed);
      acc = acc < -maxImpulse ? -maxImpulse : acc > maxImpulse ? maxImpulse : acc;
      d.motorImpulse = acc;
      wa -= iA * (acc - old);
      wb += iB * (acc - old);
    }
  }

  // point constraint
  {
    const ax = rows[o + Row.AX]!;
    const ay = rows[o + Row.AY]!;
    const bx = rows[o + Row.BX]!;
    const by = rows[o + Row.BY]!;
    const rax = qac * ax - qas * ay;
    const ray = qas * ax + qac * ay;
    const rbx = qbc * bx - qbs * by;
    const rby = qbs * bx + qbc * by;
    const cdotX = vbx - wb * rby - (vax - wa * ray);
    const cdotY = vby + wb * rbx - (vay + wa * rax);
    let biasX = 0;
    let biasY = 0;
    let massScale = 1;
    let impulseScale = 0;
    if (useBias) {
      const sepX = state[ob + DPX]! - state[oa + DPX]! + (rbx - rax) + rows[o + Row.DCX]!;
      const sepY = state[ob + DPY]! - state[oa + DPY]! + (rby - ray) + rows[o + Row.DCY]!;
      biasX = ctx.jointSoftness.biasRate * sepX;
      biasY = ctx.jointSoftness.biasRate * sepY;
      massScale = ctx.jointSoftness.massScale;
      impulseScale = ctx.jointSoftness.impulseScale;
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
    const linearX = rows[o + Row.LINEAR_X]!;
    const linearY = rows[o + Row.LINEAR_Y]!;
    const impX = -massScale * solX - impulseScale * linearX;
    const impY = -massScale * solY - impulseScale * linearY;
    rows[o + Row.LINEAR_X] = linearX + impX;
    rows[o + Row.LINEAR_Y] = linearY + impY;
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
export function revoluteJointReaction(d: RevoluteJointData, ctx: StepContext, out: Float64Array): void {
  const invH = ctx.invH;
  out[0] = d.linearX * invH;
  out[1] = d.linearY * invH;
  out[2] = (d.springImpulse + d.motorImpulse + d.lowerImpulse - d.upperImpulse) * invH;
}
