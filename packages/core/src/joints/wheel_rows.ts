/**
 * The wheel joint's solve, from its rows alone (see revolute_rows.ts for the rows' rules):
 * the frame in its row (Row.OA to Row.DCY), its axis and flags in the row's own slots
 * (WheelRow), parameters, softness and impulses in its axial record (Wheel). Written by
 * prepareWheelJoint (wheel_joint.ts), the impulses and the last axis copied back by
 * finishWheelJoint; the arithmetic is the data object's former solve's, in the same order,
 * so the bits are the same. The rows' meaning is wheel_joint.ts's.
 */

import type { StepContext } from '../dynamics/step_context.js';
import { B, Index, Row } from './revolute_rows.js';

/** The wheel joint's slots of its row after the frame. */
export enum WheelRow {
  /** The axis in world coordinates at the start of the step. */
  AXIS_X = 12,
  AXIS_Y = 13,
  /** WheelFlag bits. */
  FLAGS = 14,
}

/** WheelRow.FLAGS's bits: which rows act besides the point-on-line row. */
export enum WheelFlag {
  /** The motor, on a pair that can turn (iA + iB > 0). */
  MOTOR = 1,
  /** The spring, with hertz > 0 (solved in the biased pass only). */
  SPRING = 2,
  LIMIT = 4,
}

/** The wheel joint's axial record in `JointStore.axialRows`, by its row's place. */
export enum Wheel {
  MOTOR_MASS = 0,
  SPRING_BIAS_RATE = 1,
  SPRING_MASS_SCALE = 2,
  SPRING_IMPULSE_SCALE = 3,
  PERP_IMPULSE = 4,
  SPRING_IMPULSE = 5,
  MOTOR_IMPULSE = 6,
  LOWER_IMPULSE = 7,
  UPPER_IMPULSE = 8,
  MOTOR_SPEED = 9,
  /** h * maxMotorTorque: the motor's impulse bound in a sub-step. */
  MAX_MOTOR_IMPULSE = 10,
  LOWER_TRANSLATION = 11,
  UPPER_TRANSLATION = 12,
  /** The axis of the last solve (world), for the reaction force. */
  UX = 13,
  UY = 14,
}

/** Warm-starts the wheel joint at place r. */
export function warmStartWheelJointRows(
  state: Float64Array,
  rows: Float64Array,
  axial: Float64Array,
  r: number,
): void {
  const place = r & Index.PLACE_MASK;
  const o = place * Index.STRIDE;
  const oa = rows[o + Row.OA]! & Index.OFFSET_MASK;
  const ob = rows[o + Row.OB]! & Index.OFFSET_MASK;
  const qac = state[oa + B.DQC]!;
  const qas = state[oa + B.DQS]!;
  const qbc = state[ob + B.DQC]!;
  const qbs = state[ob + B.DQS]!;
  const bx = rows[o + Row.BX]!;
  const by = rows[o + Row.BY]!;
  const rbx = qbc * bx - qbs * by;
  const rby = qbs * bx + qbc * by;
  // d + rA = pB - cA
  const dax = state[ob + B.DPX]! - state[oa + B.DPX]! + rows[o + Row.DCX]! + rbx;
  const day = state[ob + B.DPY]! - state[oa + B.DPY]! + rows[o + Row.DCY]! + rby;
  const axisX = rows[o + WheelRow.AXIS_X]!;
  const axisY = rows[o + WheelRow.AXIS_Y]!;
  const ux = qac * axisX - qas * axisY;
  const uy = qas * axisX + qac * axisY;
  const nx = -uy;
  const ny = ux;
  const a1 = dax * uy - day * ux;
  const a2 = rbx * uy - rby * ux;
  const s1 = dax * ny - day * nx;
  const s2 = rbx * ny - rby * nx;
  const axialImpulse =
    axial[o + Wheel.SPRING_IMPULSE]! + axial[o + Wheel.LOWER_IMPULSE]! - axial[o + Wheel.UPPER_IMPULSE]!;
  const perp = axial[o + Wheel.PERP_IMPULSE]!;
  const motor = axial[o + Wheel.MOTOR_IMPULSE]!;
  const px = axialImpulse * ux + perp * nx;
  const py = axialImpulse * uy + perp * ny;
  const mA = rows[o + Row.MA]!;
  const mB = rows[o + Row.MB]!;
  const iA = rows[o + Row.IA]!;
  const iB = rows[o + Row.IB]!;
  state[oa + B.VX] = state[oa + B.VX]! - mA * px;
  state[oa + B.VY] = state[oa + B.VY]! - mA * py;
  state[oa + B.W] = state[oa + B.W]! - iA * (axialImpulse * a1 + perp * s1 + motor);
  state[ob + B.VX] = state[ob + B.VX]! + mB * px;
  state[ob + B.VY] = state[ob + B.VY]! + mB * py;
  state[ob + B.W] = state[ob + B.W]! + iB * (axialImpulse * a2 + perp * s2 + motor);
}

/** Solves the wheel joint at place r: motor, spring, limits, then the point-on-line row. */
export function solveWheelJointRows(
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
  const flags = rows[o + WheelRow.FLAGS]! | 0;

  const ax = rows[o + Row.AX]!;
  const ay = rows[o + Row.AY]!;
  const bx = rows[o + Row.BX]!;
  const by = rows[o + Row.BY]!;
  const rax = qac * ax - qas * ay;
  const ray = qas * ax + qac * ay;
  const rbx = qbc * bx - qbs * by;
  const rby = qbs * bx + qbc * by;
  // separation d = pB - pA, and d + rA = pB - cA
  const dx = state[ob + B.DPX]! - state[oa + B.DPX]! + rows[o + Row.DCX]! + rbx - rax;
  const dy = state[ob + B.DPY]! - state[oa + B.DPY]! + rows[o + Row.DCY]! + rby - ray;
  const dax = dx + rax;
  const day = dy + ray;
  const axisX = rows[o + WheelRow.AXIS_X]!;
  const axisY = rows[o + WheelRow.AXIS_Y]!;
  const ux = qac * axisX - qas * axisY;
  const uy = qas * axisX + qac * axisY;
  axial[o + Wheel.UX] = ux;
  axial[o + Wheel.UY] = uy;
  const translation = ux * dx + uy * dy;
  const a1 = dax * uy - day * ux;
  const a2 = rbx * uy - rby * ux;
  // masses for the current arms (see prismatic_rows.ts: a start-of-step mass over-corrects)
  const ka = mA + mB + iA * a1 * a1 + iB * a2 * a2;
  const axialMass = ka > 0 ? 1 / ka : 0;

  if ((flags & WheelFlag.MOTOR) !== 0) {
    const maxImpulse = axial[o + Wheel.MAX_MOTOR_IMPULSE]!;
    const old = axial[o + Wheel.MOTOR_IMPULSE]!;
    let acc = old - axial[o + Wheel.MOTOR_MASS]! * (wb - wa - axial[o + Wheel.MOTOR_SPEED]!);
    acc = acc < -maxImpulse ? -maxImpulse : acc > maxImpulse ? maxImpulse : acc;
    axial[o + Wheel.MOTOR_IMPULSE] = acc;
    wa -= iA * (acc - old);
    wb += iB * (acc - old);
  }

  if ((flags & WheelFlag.SPRING) !== 0 && useBias) {
    const springImpulse = axial[o + Wheel.SPRING_IMPULSE]!;
    const cdot = ux * (vbx - vax) + uy * (vby - vay) + a2 * wb - a1 * wa;
    const impulse =
      -axial[o + Wheel.SPRING_MASS_SCALE]! *
        axialMass *
        (cdot + axial[o + Wheel.SPRING_BIAS_RATE]! * translation) -
      axial[o + Wheel.SPRING_IMPULSE_SCALE]! * springImpulse;
    axial[o + Wheel.SPRING_IMPULSE] = springImpulse + impulse;
    vax -= mA * impulse * ux;
    vay -= mA * impulse * uy;
    wa -= iA * impulse * a1;
    vbx += mB * impulse * ux;
    vby += mB * impulse * uy;
    wb += iB * impulse * a2;
  }

  if ((flags & WheelFlag.LIMIT) !== 0) {
    // lower: C = translation - lower >= 0
    {
      const C = translation - axial[o + Wheel.LOWER_TRANSLATION]!;
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
      const old = axial[o + Wheel.LOWER_IMPULSE]!;
      let acc = old - massScale * axialMass * (cdot + bias) - impulseScale * old;
      if (acc < 0) acc = 0;
      axial[o + Wheel.LOWER_IMPULSE] = acc;
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
      const C = axial[o + Wheel.UPPER_TRANSLATION]! - translation;
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
      const old = axial[o + Wheel.UPPER_IMPULSE]!;
      let acc = old - massScale * axialMass * (cdot + bias) - impulseScale * old;
      if (acc < 0) acc = 0;
      axial[o + Wheel.UPPER_IMPULSE] = acc;
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
    const perpImpulse = axial[o + Wheel.PERP_IMPULSE]!;
    const impulse = -massScale * perpMass * (cdot + bias) - impulseScale * perpImpulse;
    axial[o + Wheel.PERP_IMPULSE] = perpImpulse + impulse;
    vax -= mA * impulse * nx;
    vay -= mA * impulse * ny;
    wa -= iA * impulse * s1;
    vbx += mB * impulse * nx;
    vby += mB * impulse * ny;
    wb += iB * impulse * s2;
  }

  state[oa + B.VX] = vax;
  state[oa + B.VY] = vay;
  state[oa + B.W] = wa;
  state[ob + B.VX] = vbx;
  state[ob + B.VY] = vby;
  state[ob + B.W] = wb;
}
