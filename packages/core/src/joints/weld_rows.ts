/**
 * The weld joint's solve, from its rows alone (see revolute_rows.ts for the rows' rules):
 * the frame and the linear impulse in its row (Row.OA to Row.DCY, Row.LINEAR_X/Y, the
 * revolute joint's slots), the rest in its axial record (Weld). Written by prepareWeldJoint
 * (weld_joint.ts), the impulses copied back by finishWeldJoint; the arithmetic is the data
 * object's solve's, in the same order, so the bits are the same.
 */

import { JOINT_ANGLE_IO, relativeAngleIo } from './joint_angle.js';
import { B, Index, Row } from './revolute_rows.js';

/** The weld joint's axial record in `JointStore.axialRows`, by its row's place. */
export enum Weld {
  DELTA_ANGLE = 0,
  AXIAL_MASS = 1,
  ANGULAR_IMPULSE = 2,
  /** The linear part's softness (the world's joint softness when rigid). */
  LINEAR_BIAS_RATE = 3,
  LINEAR_MASS_SCALE = 4,
  LINEAR_IMPULSE_SCALE = 5,
  /** The angular part's softness. */
  ANGULAR_BIAS_RATE = 6,
  ANGULAR_MASS_SCALE = 7,
  ANGULAR_IMPULSE_SCALE = 8,
  /** WeldFlag bits: which parts are springs (biased in the relax pass too). */
  FLAGS = 9,
}

/** Weld.FLAGS's bits. */
export enum WeldFlag {
  LINEAR_SPRING = 1,
  ANGULAR_SPRING = 2,
}

/** Scratch of the angle kernel: never used across a call; one per thread. */
const angleIo = new Float64Array(JOINT_ANGLE_IO);

/** Warm-starts the weld joint at place r. */
export function warmStartWeldJointRows(
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
  const ang = axial[o + Weld.ANGULAR_IMPULSE]!;
  const mA = rows[o + Row.MA]!;
  const mB = rows[o + Row.MB]!;
  const iA = rows[o + Row.IA]!;
  const iB = rows[o + Row.IB]!;
  state[oa + B.VX] = state[oa + B.VX]! - mA * px;
  state[oa + B.VY] = state[oa + B.VY]! - mA * py;
  state[oa + B.W] = state[oa + B.W]! - iA * (rax * py - ray * px + ang);
  state[ob + B.VX] = state[ob + B.VX]! + mB * px;
  state[ob + B.VY] = state[ob + B.VY]! + mB * py;
  state[ob + B.W] = state[ob + B.W]! + iB * (rbx * py - rby * px + ang);
}

/** Solves the weld joint at place r: the angular row, then the linear (point) rows. */
export function solveWeldJointRows(
  state: Float64Array,
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
  const flags = axial[o + Weld.FLAGS]! | 0;

  // angular
  {
    let bias = 0;
    let massScale = 1;
    let impulseScale = 0;
    if (useBias || (flags & WeldFlag.ANGULAR_SPRING) !== 0) {
      const io = angleIo;
      io[0] = qbc;
      io[1] = qbs;
      io[2] = qac;
      io[3] = qas;
      io[4] = axial[o + Weld.DELTA_ANGLE]!;
      relativeAngleIo(io);
      bias = axial[o + Weld.ANGULAR_BIAS_RATE]! * io[8]!;
      massScale = axial[o + Weld.ANGULAR_MASS_SCALE]!;
      impulseScale = axial[o + Weld.ANGULAR_IMPULSE_SCALE]!;
    }
    const old = axial[o + Weld.ANGULAR_IMPULSE]!;
    const impulse = -axial[o + Weld.AXIAL_MASS]! * massScale * (wb - wa + bias) - impulseScale * old;
    axial[o + Weld.ANGULAR_IMPULSE] = old + impulse;
    wa -= iA * impulse;
    wb += iB * impulse;
  }

  // linear
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
    if (useBias || (flags & WeldFlag.LINEAR_SPRING) !== 0) {
      const sepX = state[ob + B.DPX]! - state[oa + B.DPX]! + (rbx - rax) + rows[o + Row.DCX]!;
      const sepY = state[ob + B.DPY]! - state[oa + B.DPY]! + (rby - ray) + rows[o + Row.DCY]!;
      const biasRate = axial[o + Weld.LINEAR_BIAS_RATE]!;
      biasX = biasRate * sepX;
      biasY = biasRate * sepY;
      massScale = axial[o + Weld.LINEAR_MASS_SCALE]!;
      impulseScale = axial[o + Weld.LINEAR_IMPULSE_SCALE]!;
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

  state[oa + B.VX] = vax;
  state[oa + B.VY] = vay;
  state[oa + B.W] = wa;
  state[ob + B.VX] = vbx;
  state[ob + B.VY] = vby;
  state[ob + B.W] = wb;
}
