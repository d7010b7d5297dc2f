/**
 * The distance joint's solve, from its rows alone (see revolute_rows.ts for the rows'
 * rules): the frame in its row (Row.OA to Row.DCY), its flags and axis in the row's own
 * slots (DistanceRow), parameters, softness and impulses in its axial record (Distance).
 * Written by prepareDistanceJoint (distance_joint.ts), the impulses and the axis copied
 * back by finishDistanceJoint; the arithmetic is the data object's solve's, in the same
 * order, so the bits are the same. The modes are distance_joint.ts's.
 */

import type { StepContext } from '../dynamics/step_context.js';
import { B, Index, Row } from './revolute_rows.js';

/** The distance joint's slots of its row after the frame. */
export enum DistanceRow {
  /** DistanceFlag bits. */
  FLAGS = 12,
  /** The axis of the last solve (world), for the reaction force. */
  UX = 13,
  UY = 14,
}

/** DistanceRow.FLAGS's bits. */
export enum DistanceFlag {
  /** One rigid row (no spring, or limits pinned to one length); the other bits are 0. */
  RIGID = 1,
  /** A spring with hertz > 0. */
  SPRING = 2,
  MOTOR = 4,
  LIMIT = 8,
}

/** The distance joint's axial record in `JointStore.axialRows`, by its row's place. */
export enum Distance {
  LENGTH = 0,
  MIN_LENGTH = 1,
  MAX_LENGTH = 2,
  SPRING_BIAS_RATE = 3,
  SPRING_MASS_SCALE = 4,
  SPRING_IMPULSE_SCALE = 5,
  /** Spring impulse in spring mode, rigid-row impulse in rigid mode. */
  IMPULSE = 6,
  LOWER_IMPULSE = 7,
  UPPER_IMPULSE = 8,
  MOTOR_IMPULSE = 9,
  MOTOR_SPEED = 10,
  /** h * maxMotorForce: the motor's impulse bound in a sub-step. */
  MAX_MOTOR_IMPULSE = 11,
  /** The rigid row's length: minLength when limits pin it, else length. */
  TARGET = 12,
}

/** Below this separation (m) the axis is undefined (distance_joint_data.ts MIN_SEPARATION). */
const MIN_SEPARATION = 1e-12;

/** Warm-starts the distance joint at place r. */
export function warmStartDistanceJointRows(
  state: Float64Array,
  rows: Float64Array,
  axial: Float64Array,
  r: number,
): void {
  const place = r & Index.PLACE_MASK;
  const o = place * Index.STRIDE;
  const oa = rows[o + Row.OA]! & Index.OFFSET_MASK;
  const ob = rows[o + Row.OB]! & Index.OFFSET_MASK;
  const ax = rows[o + Row.AX]!;
  const ay = rows[o + Row.AY]!;
  const bx = rows[o + Row.BX]!;
  const by = rows[o + Row.BY]!;
  const qac = state[oa + B.DQC]!;
  const qas = state[oa + B.DQS]!;
  const qbc = state[ob + B.DQC]!;
  const qbs = state[ob + B.DQS]!;
  const rax = qac * ax - qas * ay;
  const ray = qas * ax + qac * ay;
  const rbx = qbc * bx - qbs * by;
  const rby = qbs * bx + qbc * by;
  const sepX = state[ob + B.DPX]! - state[oa + B.DPX]! + (rbx - rax) + rows[o + Row.DCX]!;
  const sepY = state[ob + B.DPY]! - state[oa + B.DPY]! + (rby - ray) + rows[o + Row.DCY]!;
  const len = Math.sqrt(sepX * sepX + sepY * sepY);
  if (!(len > MIN_SEPARATION)) return;
  const impulse =
    axial[o + Distance.IMPULSE]! +
    axial[o + Distance.LOWER_IMPULSE]! -
    axial[o + Distance.UPPER_IMPULSE]! +
    axial[o + Distance.MOTOR_IMPULSE]!;
  const px = (impulse * sepX) / len;
  const py = (impulse * sepY) / len;
  const mA = rows[o + Row.MA]!;
  const mB = rows[o + Row.MB]!;
  const iA = rows[o + Row.IA]!;
  const iB = rows[o + Row.IB]!;
  state[oa + B.VX] = state[oa + B.VX]! - mA * px;
  state[oa + B.VY] = state[oa + B.VY]! - mA * py;
  state[oa + B.W] = state[oa + B.W]! - iA * (rax * py - ray * px);
  state[ob + B.VX] = state[ob + B.VX]! + mB * px;
  state[ob + B.VY] = state[ob + B.VY]! + mB * py;
  state[ob + B.W] = state[ob + B.W]! + iB * (rbx * py - rby * px);
}

/** Solves the distance joint at place r, with or without bias. */
export function solveDistanceJointRows(
  state: Float64Array,
  ctx: StepContext,
  useBias: boolean,
  rows: Float64Array,
  axial: Float64Array,
  r: number,
): void {
  const place = r & Index.PLACE_MASK;
  const o = place * Index.STRIDE;
  const oa = rows[o + Row.OA]! & Index.OFFSET_MASK;
  const ob = rows[o + Row.OB]! & Index.OFFSET_MASK;
  const mA = rows[o + Row.MA]!;
  const mB = rows[o + Row.MB]!;
  const iA = rows[o + Row.IA]!;
  const iB = rows[o + Row.IB]!;
  let vax = state[oa + B.VX]!;
  let vay = state[oa + B.VY]!;
  let wa = state[oa + B.W]!;
  let vbx = state[ob + B.VX]!;
  let vby = state[ob + B.VY]!;
  let wb = state[ob + B.W]!;
  const qac = state[oa + B.DQC]!;
  const qas = state[oa + B.DQS]!;
  const qbc = state[ob + B.DQC]!;
  const qbs = state[ob + B.DQS]!;

  const ax = rows[o + Row.AX]!;
  const ay = rows[o + Row.AY]!;
  const bx = rows[o + Row.BX]!;
  const by = rows[o + Row.BY]!;
  const rax = qac * ax - qas * ay;
  const ray = qas * ax + qac * ay;
  const rbx = qbc * bx - qbs * by;
  const rby = qbs * bx + qbc * by;
  const sepX = state[ob + B.DPX]! - state[oa + B.DPX]! + (rbx - rax) + rows[o + Row.DCX]!;
  const sepY = state[ob + B.DPY]! - state[oa + B.DPY]! + (rby - ray) + rows[o + Row.DCY]!;
  const len = Math.sqrt(sepX * sepX + sepY * sepY);
  if (!(len > MIN_SEPARATION)) return;
  const ux = sepX / len;
  const uy = sepY / len;
  rows[o + DistanceRow.UX] = ux;
  rows[o + DistanceRow.UY] = uy;
  // angular lever arms of the axis: impulse P = lambda u gives torques lambda * cr
  const crA = rax * uy - ray * ux;
  const crB = rbx * uy - rby * ux;
  // the mass along the current axis (distance_joint.ts says why not the start-of-step one)
  const k = mA + mB + iA * crA * crA + iB * crB * crB;
  const m = k > 0 ? 1 / k : 0;
  const flags = rows[o + DistanceRow.FLAGS]! | 0;

  if ((flags & DistanceFlag.RIGID) === 0) {
    if (useBias && (flags & DistanceFlag.SPRING) !== 0) {
      // Cdot = u . (vB + wB x rB - vA - wA x rA)
      const cdot = ux * (vbx - vax) + uy * (vby - vay) + crB * wb - crA * wa;
      const C = len - axial[o + Distance.LENGTH]!;
      const old = axial[o + Distance.IMPULSE]!;
      const impulse =
        -axial[o + Distance.SPRING_MASS_SCALE]! * m * (cdot + axial[o + Distance.SPRING_BIAS_RATE]! * C) -
        axial[o + Distance.SPRING_IMPULSE_SCALE]! * old;
      axial[o + Distance.IMPULSE] = old + impulse;
      vax -= mA * impulse * ux;
      vay -= mA * impulse * uy;
      wa -= iA * impulse * crA;
      vbx += mB * impulse * ux;
      vby += mB * impulse * uy;
      wb += iB * impulse * crB;
    }
    if ((flags & DistanceFlag.MOTOR) !== 0) {
      const cdot = ux * (vbx - vax) + uy * (vby - vay) + crB * wb - crA * wa;
      const maxImpulse = axial[o + Distance.MAX_MOTOR_IMPULSE]!;
      const old = axial[o + Distance.MOTOR_IMPULSE]!;
      let acc = old + m * (axial[o + Distance.MOTOR_SPEED]! - cdot);
      acc = acc < -maxImpulse ? -maxImpulse : acc > maxImpulse ? maxImpulse : acc;
      axial[o + Distance.MOTOR_IMPULSE] = acc;
      const impulse = acc - old;
      vax -= mA * impulse * ux;
      vay -= mA * impulse * uy;
      wa -= iA * impulse * crA;
      vbx += mB * impulse * ux;
      vby += mB * impulse * uy;
      wb += iB * impulse * crB;
    }
    if ((flags & DistanceFlag.LIMIT) !== 0) {
      // lower: C = length - minLength >= 0
      {
        const cdot = ux * (vbx - vax) + uy * (vby - vay) + crB * wb - crA * wa;
        const C = len - axial[o + Distance.MIN_LENGTH]!;
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
        const old = axial[o + Distance.LOWER_IMPULSE]!;
        let acc = old - massScale * m * (cdot + bias) - impulseScale * old;
        if (acc < 0) acc = 0;
        axial[o + Distance.LOWER_IMPULSE] = acc;
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
        const C = axial[o + Distance.MAX_LENGTH]! - len;
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
        const old = axial[o + Distance.UPPER_IMPULSE]!;
        let acc = old - massScale * m * (cdot + bias) - impulseScale * old;
        if (acc < 0) acc = 0;
        axial[o + Distance.UPPER_IMPULSE] = acc;
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
    const cdot = ux * (vbx - vax) + uy * (vby - vay) + crB * wb - crA * wa;
    let bias = 0;
    let massScale = 1;
    let impulseScale = 0;
    if (useBias) {
      bias = ctx.jointSoftness.biasRate * (len - axial[o + Distance.TARGET]!);
      massScale = ctx.jointSoftness.massScale;
      impulseScale = ctx.jointSoftness.impulseScale;
    }
    const old = axial[o + Distance.IMPULSE]!;
    const impulse = -massScale * m * (cdot + bias) - impulseScale * old;
    axial[o + Distance.IMPULSE] = old + impulse;
    vax -= mA * impulse * ux;
    vay -= mA * impulse * uy;
    wa -= iA * impulse * crA;
    vbx += mB * impulse * ux;
    vby += mB * impulse * uy;
    wb += iB * impulse * crB;
  }

  state[oa + B.VX] = vax;
  state[oa + B.VY] = vay;
  state[oa + B.W] = wa;
  state[ob + B.VX] = vbx;
  state[ob + B.VY] = vby;
  state[ob + B.W] = wb;
}
