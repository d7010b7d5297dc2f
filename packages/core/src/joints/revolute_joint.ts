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
import { B, REVOLUTE_ROW_STRIDE, Row, solveRevoluteRow, warmStartRevoluteRow } from './revolute_rows.js';

export { REVOLUTE_ROW_STRIDE } from './revolute_rows.js';
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

/** Scratch of the solver's kernel calls (relativeAngleIo, makeSoftIo): never used across a call. */
const solverIo = new Float64Array(JOINT_ANGLE_IO);

/**
 * Prepares joint j into solver row r; returns true when the joint is solved from its row
 * alone (no spring, motor or limit: revolute_rows.ts), which solver helpers may do.
 */
export function prepareRevoluteJoint(
  w: JointsState,
  j: number,
  d: RevoluteJointData,
  ctx: StepContext,
  rows: Float64Array,
  r: number,
): boolean {
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
  return !axial;
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
  const o = r * REVOLUTE_ROW_STRIDE;
  const axial =
    rows[o + Row.AXIAL] !== 0 ? d.springImpulse + d.motorImpulse + d.lowerImpulse - d.upperImpulse : 0;
  warmStartRevoluteRow(w.bodies.state, rows, o, axial);
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
  if (rows[o + Row.AXIAL] !== 0) solveRevoluteAxial(state, d, ctx, useBias, rows, o);
  solveRevoluteRow(state, ctx, useBias, rows, o);
}

/**
 * The axial rows (spring, motor, limits) of the joint whose row is at `o`, on the bodies'
 * angular velocities, before its point constraint (solveRevoluteRow reads them back).
 */
function solveRevoluteAxial(
  state: Float64Array,
  d: RevoluteJointData,
  ctx: StepContext,
  useBias: boolean,
  rows: Float64Array,
  o: number,
): void {
  const oa = rows[o + Row.OA]! | 0;
  const ob = rows[o + Row.OB]! | 0;
  const iA = rows[o + Row.IA]!;
  const iB = rows[o + Row.IB]!;
  let wa = state[oa + B.W]!;
  let wb = state[ob + B.W]!;
  const qac = state[oa + B.DQC]!;
  const qas = state[oa + B.DQS]!;
  const qbc = state[ob + B.DQC]!;
  const qbs = state[ob + B.DQS]!;
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
  state[oa + B.W] = wa;
  state[ob + B.W] = wb;
}

/** Constraint force (N) and torque (N m) on body B from last step's impulses. */
export function revoluteJointReaction(d: RevoluteJointData, ctx: StepContext, out: Float64Array): void {
  const invH = ctx.invH;
  out[0] = d.linearX * invH;
  out[1] = d.linearY * invH;
  out[2] = (d.springImpulse + d.motorImpulse + d.lowerImpulse - d.upperImpulse) * invH;
}
