/**
 * The mouse joint's solve, from its rows alone (see revolute_rows.ts for the rows' rules):
 * body B's part of the frame in its row (Row.OB, Row.MB, Row.IB, Row.BX/BY, and in
 * Row.DCX/DCY B's center minus the target), its linear impulse in Row.LINEAR_X/Y, the rest
 * in its axial record (Mouse). Body A takes no force: the solve never reads or writes it.
 * Written by prepareMouseJoint (mouse_joint.ts), the impulses copied back by
 * finishMouseJoint; the arithmetic is the data object's former solve's, in the same order,
 * so the bits are the same. The rows' meaning is mouse_joint.ts's.
 */

import { B, Index, Row } from './revolute_rows.js';

/** The mouse joint's axial record in `JointStore.axialRows`, by its row's place. */
export enum Mouse {
  LINEAR_BIAS_RATE = 0,
  LINEAR_MASS_SCALE = 1,
  LINEAR_IMPULSE_SCALE = 2,
  ANGULAR_MASS_SCALE = 3,
  ANGULAR_IMPULSE_SCALE = 4,
  ANGULAR_IMPULSE = 5,
  /** h * maxForce: the linear impulse bound in a sub-step. */
  MAX_IMPULSE = 6,
}

/** Warm-starts the mouse joint at place r. */
export function warmStartMouseJointRows(
  state: Float64Array,
  rows: Float64Array,
  axial: Float64Array,
  r: number,
): void {
  const place = r & Index.PLACE_MASK;
  const o = place * Index.STRIDE;
  const ob = rows[o + Row.OB]! & Index.OFFSET_MASK;
  const bx = rows[o + Row.BX]!;
  const by = rows[o + Row.BY]!;
  const qc = state[ob + B.DQC]!;
  const qs = state[ob + B.DQS]!;
  const rx = qc * bx - qs * by;
  const ry = qs * bx + qc * by;
  const px = rows[o + Row.LINEAR_X]!;
  const py = rows[o + Row.LINEAR_Y]!;
  const mB = rows[o + Row.MB]!;
  const iB = rows[o + Row.IB]!;
  state[ob + B.VX] = state[ob + B.VX]! + mB * px;
  state[ob + B.VY] = state[ob + B.VY]! + mB * py;
  state[ob + B.W] = state[ob + B.W]! + iB * (rx * py - ry * px + axial[o + Mouse.ANGULAR_IMPULSE]!);
}

/** Solves the mouse joint at place r: the angular damper, then the point spring (useBias is ignored: a spring). */
export function solveMouseJointRows(
  state: Float64Array,
  rows: Float64Array,
  axial: Float64Array,
  r: number,
): void {
  const place = r & Index.PLACE_MASK;
  const o = place * Index.STRIDE;
  const ob = rows[o + Row.OB]! & Index.OFFSET_MASK;
  const mB = rows[o + Row.MB]!;
  const iB = rows[o + Row.IB]!;
  let vx = state[ob + B.VX]!;
  let vy = state[ob + B.VY]!;
  let wb = state[ob + B.W]!;

  // angular damper: drives wB toward 0, softly, with no positional bias
  if (iB > 0) {
    const angularImpulse = axial[o + Mouse.ANGULAR_IMPULSE]!;
    const impulse =
      -axial[o + Mouse.ANGULAR_MASS_SCALE]! * (wb / iB) -
      axial[o + Mouse.ANGULAR_IMPULSE_SCALE]! * angularImpulse;
    axial[o + Mouse.ANGULAR_IMPULSE] = angularImpulse + impulse;
    wb += iB * impulse;
  }

  // point spring toward the target, accumulated impulse clamped to h * maxForce
  const qc = state[ob + B.DQC]!;
  const qs = state[ob + B.DQS]!;
  const bx = rows[o + Row.BX]!;
  const by = rows[o + Row.BY]!;
  const rx = qc * bx - qs * by;
  const ry = qs * bx + qc * by;
  const cdotX = vx - wb * ry;
  const cdotY = vy + wb * rx;
  const biasRate = axial[o + Mouse.LINEAR_BIAS_RATE]!;
  const massScale = axial[o + Mouse.LINEAR_MASS_SCALE]!;
  const impulseScale = axial[o + Mouse.LINEAR_IMPULSE_SCALE]!;
  const sepX = state[ob + B.DPX]! + rx + rows[o + Row.DCX]!;
  const sepY = state[ob + B.DPY]! + ry + rows[o + Row.DCY]!;
  const rhsX = cdotX + biasRate * sepX;
  const rhsY = cdotY + biasRate * sepY;
  const k11 = mB + ry * ry * iB;
  const k12 = -ry * rx * iB;
  const k22 = mB + rx * rx * iB;
  let det = k11 * k22 - k12 * k12;
  if (det !== 0) det = 1 / det;
  const solX = det * (k22 * rhsX - k12 * rhsY);
  const solY = det * (k11 * rhsY - k12 * rhsX);
  const oldX = rows[o + Row.LINEAR_X]!;
  const oldY = rows[o + Row.LINEAR_Y]!;
  let accX = oldX - massScale * solX - impulseScale * oldX;
  let accY = oldY - massScale * solY - impulseScale * oldY;
  const maxImpulse = axial[o + Mouse.MAX_IMPULSE]!;
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
  vx += mB * impX;
  vy += mB * impY;
  wb += iB * (rx * impY - ry * impX);

  state[ob + B.VX] = vx;
  state[ob + B.VY] = vy;
  state[ob + B.W] = wb;
}
