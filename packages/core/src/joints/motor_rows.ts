/**
 * The motor joint's solve, from its rows alone (see revolute_rows.ts for the rows' rules):
 * the frame in its row (Row.OA to Row.DCY, A's anchor with the linear offset folded in)
 * and its linear impulse in Row.LINEAR_X/Y, the rest in its axial record (Motor). Written
 * by prepareMotorJoint (motor_joint.ts), the impulses copied back by finishMotorJoint; the
 * arithmetic is the data object's former solve's, in the same order, so the bits are the
 * same. The rows' meaning is motor_joint.ts's.
 */

import type { StepContext } from '../dynamics/step_context.js';
import { JOINT_ANGLE_IO, relativeAngleIo } from './joint_angle.js';
import { B, Index, Row } from './revolute_rows.js';

/** The motor joint's axial record in `JointStore.axialRows`, by its row's place. */
export enum Motor {
  DELTA_ANGLE = 0,
  AXIAL_MASS = 1,
  ANGULAR_IMPULSE = 2,
  CORRECTION_FACTOR = 3,
  /** h * maxTorque: the angular impulse bound in a sub-step. */
  MAX_ANGULAR_IMPULSE = 4,
  /** h * maxForce: the linear impulse bound in a sub-step. */
  MAX_LINEAR_IMPULSE = 5,
}

/** Scratch of the angle kernel: never used across a call; one per thread. */
const angleIo = new Float64Array(JOINT_ANGLE_IO);

/** Warm-starts the motor joint at place r. */
export function warmStartMotorJointRows(
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
  const px = rows[o + Row.LINEAR_X]!;
  const py = rows[o + Row.LINEAR_Y]!;
  const angular = axial[o + Motor.ANGULAR_IMPULSE]!;
  const mA = rows[o + Row.MA]!;
  const mB = rows[o + Row.MB]!;
  const iA = rows[o + Row.IA]!;
  const iB = rows[o + Row.IB]!;
  state[oa + B.VX] = state[oa + B.VX]! - mA * px;
  state[oa + B.VY] = state[oa + B.VY]! - mA * py;
  state[oa + B.W] = state[oa + B.W]! - iA * (rax * py - ray * px + angular);
  state[ob + B.VX] = state[ob + B.VX]! + mB * px;
  state[ob + B.VY] = state[ob + B.VY]! + mB * py;
  state[ob + B.W] = state[ob + B.W]! + iB * (rbx * py - rby * px + angular);
}

/** Solves the motor joint at place r: the angular row, then the linear row (useBias is ignored: the bias is a drive). */
export function solveMotorJointRows(
  state: Float64Array,
  ctx: StepContext,
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
  const beta = axial[o + Motor.CORRECTION_FACTOR]! * ctx.invH;

  // angular row
  if (iA + iB > 0) {
    const io = angleIo;
    io[0] = qbc;
    io[1] = qbs;
    io[2] = qac;
    io[3] = qas;
    io[4] = axial[o + Motor.DELTA_ANGLE]!;
    relativeAngleIo(io);
    const theta = io[8]!;
    const maxImpulse = axial[o + Motor.MAX_ANGULAR_IMPULSE]!;
    const old = axial[o + Motor.ANGULAR_IMPULSE]!;
    let acc = old - axial[o + Motor.AXIAL_MASS]! * (wb - wa + beta * theta);
    acc = acc < -maxImpulse ? -maxImpulse : acc > maxImpulse ? maxImpulse : acc;
    axial[o + Motor.ANGULAR_IMPULSE] = acc;
    wa -= iA * (acc - old);
    wb += iB * (acc - old);
  }

  // linear row
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
    const sepX = state[ob + B.DPX]! - state[oa + B.DPX]! + (rbx - rax) + rows[o + Row.DCX]!;
    const sepY = state[ob + B.DPY]! - state[oa + B.DPY]! + (rby - ray) + rows[o + Row.DCY]!;
    const k11 = mA + mB + ray * ray * iA + rby * rby * iB;
    const k12 = -ray * rax * iA - rby * rbx * iB;
    const k22 = mA + mB + rax * rax * iA + rbx * rbx * iB;
    let det = k11 * k22 - k12 * k12;
    if (det !== 0) det = 1 / det;
    const rhsX = cdotX + beta * sepX;
    const rhsY = cdotY + beta * sepY;
    const oldX = rows[o + Row.LINEAR_X]!;
    const oldY = rows[o + Row.LINEAR_Y]!;
    let accX = oldX - det * (k22 * rhsX - k12 * rhsY);
    let accY = oldY - det * (k11 * rhsY - k12 * rhsX);
    const maxImpulse = axial[o + Motor.MAX_LINEAR_IMPULSE]!;
    const lenSq = accX * accX + accY * accY;
    if (lenSq > maxImpulse * maxImpulse) {
      const scale = maxImpulse / Math.sqrt(lenSq);
      accX *= scale;
      accY *= scale;
    }
    rows[o + Row.LINEAR_X] = accX;
    rows[o + Row.LINEAR_Y] = accY;
    const impX = accX - oldX;
    const impY = accY - oldY;
    vax -= mA * impX;
    vay -= mA * impY;
    wa -= iA * (rax * impY - ray * impX);
    vbx += mB * impX;
    vby += mB * impY;
    wb += iB * (rbx * impY - rby * impX);
  }

  state[oa + B.VX] = vax;
  state[oa + B.VY] = vay;
  state[oa + B.W] = wa;
  state[ob + B.VX] = vbx;
  state[ob + B.VY] = vby;
  state[ob + B.W] = wb;
}
