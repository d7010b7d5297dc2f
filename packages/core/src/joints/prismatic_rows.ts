/**
 * The prismatic joint's solve, from its rows alone (see revolute_rows.ts for the rows'
 * rules): the frame in its row (Row.OA to Row.DCY), its axis and flags in the row's own
 * slots (PrismaticRow), parameters, softness and impulses in its axial record (Prismatic).
 * Written by preparePrismaticJoint (prismatic_joint.ts), the impulses and the last axis
 * copied back by finishPrismaticJoint; the arithmetic is the data object's former solve's,
 * in the same order, so the bits are the same. The rows' meaning is prismatic_joint.ts's.
 */

import type { StepContext } from '../dynamics/step_context.js';
import { JOINT_ANGLE_IO, relativeAngleIo } from './joint_angle.js';
import { B, Index, Row } from './revolute_rows.js';

/** The prismatic joint's slots of its row after the frame. */
export enum PrismaticRow {
  /** The axis in world coordinates at the start of the step. */
  AXIS_X = 12,
  AXIS_Y = 13,
  /** PrismaticFlag bits. */
  FLAGS = 14,
}

/** PrismaticRow.FLAGS's bits: which axial rows act besides the perpendicular-angular block. */
export enum PrismaticFlag {
  /** The spring (a real spring: applied in the relax pass too). */
  SPRING = 1,
  MOTOR = 2,
  LIMIT = 4,
}

/** The prismatic joint's axial record in `JointStore.axialRows`, by its row's place. */
export enum Prismatic {
  DELTA_ANGLE = 0,
  SPRING_BIAS_RATE = 1,
  SPRING_MASS_SCALE = 2,
  SPRING_IMPULSE_SCALE = 3,
  PERP_IMPULSE = 4,
  ANGLE_IMPULSE = 5,
  SPRING_IMPULSE = 6,
  MOTOR_IMPULSE = 7,
  LOWER_IMPULSE = 8,
  UPPER_IMPULSE = 9,
  MOTOR_SPEED = 10,
  /** h * maxMotorForce: the motor's impulse bound in a sub-step. */
  MAX_MOTOR_IMPULSE = 11,
  LOWER_TRANSLATION = 12,
  UPPER_TRANSLATION = 13,
  /** The axis of the last solve (world), for the reaction force. */
  LAST_AXIS_X = 14,
  LAST_AXIS_Y = 15,
}

/** Scratch of the angle kernel: never used across a call; one per thread. */
const angleIo = new Float64Array(JOINT_ANGLE_IO);

/** Warm-starts the prismatic joint at place r. */
export function warmStartPrismaticJointRows(
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
  const ax = rows[o + Row.AX]!;
  const ay = rows[o + Row.AY]!;
  const bx = rows[o + Row.BX]!;
  const by = rows[o + Row.BY]!;
  const rax = qac * ax - qas * ay;
  const ray = qas * ax + qac * ay;
  const rbx = qbc * bx - qbs * by;
  const rby = qbs * bx + qbc * by;
  const sepX = state[ob + B.DPX]! - state[oa + B.DPX]! + rows[o + Row.DCX]! + rbx - rax;
  const sepY = state[ob + B.DPY]! - state[oa + B.DPY]! + rows[o + Row.DCY]! + rby - ray;
  const axisX = rows[o + PrismaticRow.AXIS_X]!;
  const axisY = rows[o + PrismaticRow.AXIS_Y]!;
  const ux = qac * axisX - qas * axisY;
  const uy = qas * axisX + qac * axisY;
  // perpendicular n = (-uy, ux)
  const nx = -uy;
  const ny = ux;
  const lx = sepX + rax;
  const ly = sepY + ray;
  const a1 = lx * uy - ly * ux;
  const a2 = rbx * uy - rby * ux;
  const s1 = lx * ny - ly * nx;
  const s2 = rbx * ny - rby * nx;
  const axialImpulse =
    axial[o + Prismatic.SPRING_IMPULSE]! +
    axial[o + Prismatic.MOTOR_IMPULSE]! +
    axial[o + Prismatic.LOWER_IMPULSE]! -
    axial[o + Prismatic.UPPER_IMPULSE]!;
  const perp = axial[o + Prismatic.PERP_IMPULSE]!;
  const ang = axial[o + Prismatic.ANGLE_IMPULSE]!;
  const px = axialImpulse * ux + perp * nx;
  const py = axialImpulse * uy + perp * ny;
  const LA = axialImpulse * a1 + perp * s1 + ang;
  const LB = axialImpulse * a2 + perp * s2 + ang;
  const mA = rows[o + Row.MA]!;
  const mB = rows[o + Row.MB]!;
  const iA = rows[o + Row.IA]!;
  const iB = rows[o + Row.IB]!;
  state[oa + B.VX] = state[oa + B.VX]! - mA * px;
  state[oa + B.VY] = state[oa + B.VY]! - mA * py;
  state[oa + B.W] = state[oa + B.W]! - iA * LA;
  state[ob + B.VX] = state[ob + B.VX]! + mB * px;
  state[ob + B.VY] = state[ob + B.VY]! + mB * py;
  state[ob + B.W] = state[ob + B.W]! + iB * LB;
}

/** Solves the prismatic joint at place r: spring, motor, limits, then the perpendicular-angular block. */
export function solvePrismaticJointRows(
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
  const flags = rows[o + PrismaticRow.FLAGS]! | 0;

  // current anchors, separation and axis
  const ax = rows[o + Row.AX]!;
  const ay = rows[o + Row.AY]!;
  const bx = rows[o + Row.BX]!;
  const by = rows[o + Row.BY]!;
  const rax = qac * ax - qas * ay;
  const ray = qas * ax + qac * ay;
  const rbx = qbc * bx - qbs * by;
  const rby = qbs * bx + qbc * by;
  const sepX = state[ob + B.DPX]! - state[oa + B.DPX]! + rows[o + Row.DCX]! + rbx - rax;
  const sepY = state[ob + B.DPY]! - state[oa + B.DPY]! + rows[o + Row.DCY]! + rby - ray;
  const axisX = rows[o + PrismaticRow.AXIS_X]!;
  const axisY = rows[o + PrismaticRow.AXIS_Y]!;
  const ux = qac * axisX - qas * axisY;
  const uy = qas * axisX + qac * axisY;
  axial[o + Prismatic.LAST_AXIS_X] = ux;
  axial[o + Prismatic.LAST_AXIS_Y] = uy;
  const translation = ux * sepX + uy * sepY;
  const lx = sepX + rax;
  const ly = sepY + ray;
  // torque arms of an axial force: cross(d + rA, u) on A, cross(rB, u) on B
  const a1 = lx * uy - ly * ux;
  const a2 = rbx * uy - rby * ux;
  // the mass along the axis for the current arms: they change with the separation, and a
  // start-of-step mass over-corrects a light body whose anchor travels far in the step
  const k = mA + mB + iA * a1 * a1 + iB * a2 * a2;
  const axialMass = k > 0 ? 1 / k : 0;

  if ((flags & PrismaticFlag.SPRING) !== 0) {
    const springImpulse = axial[o + Prismatic.SPRING_IMPULSE]!;
    const cdot = ux * (vbx - vax) + uy * (vby - vay) + a2 * wb - a1 * wa;
    const impulse =
      -axial[o + Prismatic.SPRING_MASS_SCALE]! *
        axialMass *
        (cdot + axial[o + Prismatic.SPRING_BIAS_RATE]! * translation) -
      axial[o + Prismatic.SPRING_IMPULSE_SCALE]! * springImpulse;
    axial[o + Prismatic.SPRING_IMPULSE] = springImpulse + impulse;
    vax -= mA * impulse * ux;
    vay -= mA * impulse * uy;
    wa -= iA * impulse * a1;
    vbx += mB * impulse * ux;
    vby += mB * impulse * uy;
    wb += iB * impulse * a2;
  }

  if ((flags & PrismaticFlag.MOTOR) !== 0) {
    const cdot = ux * (vbx - vax) + uy * (vby - vay) + a2 * wb - a1 * wa;
    const maxImpulse = axial[o + Prismatic.MAX_MOTOR_IMPULSE]!;
    const old = axial[o + Prismatic.MOTOR_IMPULSE]!;
    let acc = old + axialMass * (axial[o + Prismatic.MOTOR_SPEED]! - cdot);
    acc = acc < -maxImpulse ? -maxImpulse : acc > maxImpulse ? maxImpulse : acc;
    axial[o + Prismatic.MOTOR_IMPULSE] = acc;
    const impulse = acc - old;
    vax -= mA * impulse * ux;
    vay -= mA * impulse * uy;
    wa -= iA * impulse * a1;
    vbx += mB * impulse * ux;
    vby += mB * impulse * uy;
    wb += iB * impulse * a2;
  }

  if ((flags & PrismaticFlag.LIMIT) !== 0) {
    // lower: C = t - lower >= 0
    {
      const C = translation - axial[o + Prismatic.LOWER_TRANSLATION]!;
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
      const old = axial[o + Prismatic.LOWER_IMPULSE]!;
      let acc = old - massScale * axialMass * (cdot + bias) - impulseScale * old;
      if (acc < 0) acc = 0;
      axial[o + Prismatic.LOWER_IMPULSE] = acc;
      const impulse = acc - old;
      vax -= mA * impulse * ux;
      vay -= mA * impulse * uy;
      wa -= iA * impulse * a1;
      vbx += mB * impulse * ux;
      vby += mB * impulse * uy;
      wb += iB * impulse * a2;
    }
    // upper: C = upper - t >= 0 (signs flipped so the impulse stays positive)
    {
      const C = axial[o + Prismatic.UPPER_TRANSLATION]! - translation;
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
      const cdot = ux * (vax - vbx) + uy * (vay - vby) + a1 * wa - a2 * wb;
      const old = axial[o + Prismatic.UPPER_IMPULSE]!;
      let acc = old - massScale * axialMass * (cdot + bias) - impulseScale * old;
      if (acc < 0) acc = 0;
      axial[o + Prismatic.UPPER_IMPULSE] = acc;
      const impulse = acc - old;
      vax += mA * impulse * ux;
      vay += mA * impulse * uy;
      wa += iA * impulse * a1;
      vbx -= mB * impulse * ux;
      vby -= mB * impulse * uy;
      wb -= iB * impulse * a2;
    }
  }

  // perpendicular and angular rows as one 2x2 block
  {
    const nx = -uy;
    const ny = ux;
    const s1 = lx * ny - ly * nx;
    const s2 = rbx * ny - rby * nx;
    const cdot1 = nx * (vbx - vax) + ny * (vby - vay) + s2 * wb - s1 * wa;
    const cdot2 = wb - wa;
    let bias1 = 0;
    let bias2 = 0;
    let massScale = 1;
    let impulseScale = 0;
    if (useBias) {
      const C1 = nx * sepX + ny * sepY;
      const io = angleIo;
      io[0] = qbc;
      io[1] = qbs;
      io[2] = qac;
      io[3] = qas;
      io[4] = axial[o + Prismatic.DELTA_ANGLE]!;
      relativeAngleIo(io);
      bias1 = ctx.jointSoftness.biasRate * C1;
      bias2 = ctx.jointSoftness.biasRate * io[8]!;
      massScale = ctx.jointSoftness.massScale;
      impulseScale = ctx.jointSoftness.impulseScale;
    }
    const k11 = mA + mB + iA * s1 * s1 + iB * s2 * s2;
    const k12 = iA * s1 + iB * s2;
    let k22 = iA + iB;
    // both rotations fixed: the angular row is void, keep the matrix invertible
    if (k22 === 0) k22 = 1;
    let det = k11 * k22 - k12 * k12;
    if (det !== 0) det = 1 / det;
    const rhs1 = cdot1 + bias1;
    const rhs2 = cdot2 + bias2;
    const sol1 = det * (k22 * rhs1 - k12 * rhs2);
    const sol2 = det * (k11 * rhs2 - k12 * rhs1);
    const perpImpulse = axial[o + Prismatic.PERP_IMPULSE]!;
    const angleImpulse = axial[o + Prismatic.ANGLE_IMPULSE]!;
    const imp1 = -massScale * sol1 - impulseScale * perpImpulse;
    const imp2 = -massScale * sol2 - impulseScale * angleImpulse;
    axial[o + Prismatic.PERP_IMPULSE] = perpImpulse + imp1;
    axial[o + Prismatic.ANGLE_IMPULSE] = angleImpulse + imp2;
    vax -= mA * imp1 * nx;
    vay -= mA * imp1 * ny;
    wa -= iA * (imp1 * s1 + imp2);
    vbx += mB * imp1 * nx;
    vby += mB * imp1 * ny;
    wb += iB * (imp1 * s2 + imp2);
  }

  state[oa + B.VX] = vax;
  state[oa + B.VY] = vay;
  state[oa + B.W] = wa;
  state[ob + B.VX] = vbx;
  state[ob + B.VY] = vby;
  state[ob + B.W] = wb;
}
