/**
 * The revolute joint's point constraint, solved from its solver row alone: the part of the
 * revolute joint (revolute_joint.ts) that reads nothing but `JointStore.rows`, the body
 * state and the step context's joint softness, all of which a solver helper sees in shared
 * memory. A plain hinge (no spring, motor or limit) is this and nothing else, so helpers
 * solve it in blocks (world/solver_stages.ts, the joint stages; docs/parallel-step.md,
 * "Joints on helpers"); the axial rows read the joint's data object and stay on the calling
 * thread. A light module: the helpers' kernel bundles it without the rest of the joints.
 */

import type { StepContext } from '../dynamics/step_context.js';

/**
 * Body solver state layout (dynamics/body_state_layout.ts), local for the hot path (an enum:
 * the bundler inlines its members); exported as bodyStateCopy by revolute_joint.ts and
 * pinned by test/dynamics/layouts.test.ts.
 */
export enum B {
  VX = 0,
  VY = 1,
  W = 2,
  DPX = 4,
  DPY = 5,
  DQC = 6,
  DQS = 7,
  STRIDE = 8,
}

/**
 * The point constraint's solver row in `JointStore.rows` (one row per active joint, by its
 * place in the active list): read eight times a step, so it lives in one contiguous
 * typed-array record rather than in the data object, whose double fields V8 keeps in
 * separate heap boxes. Accumulated impulses are copied in at prepare and back out at finish,
 * so the data object (and snapshots) stay the source of truth between steps.
 */
export enum Row {
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

/** Applies the point impulse and the axial impulse `axial` of the row at `o` (warm start). */
export function warmStartRevoluteRow(state: Float64Array, rows: Float64Array, o: number, axial: number): void {
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
  state[oa + B.VX] = state[oa + B.VX]! - mA * px;
  state[oa + B.VY] = state[oa + B.VY]! - mA * py;
  state[oa + B.W] = state[oa + B.W]! - iA * (rax * py - ray * px + axial);
  state[ob + B.VX] = state[ob + B.VX]! + mB * px;
  state[ob + B.VY] = state[ob + B.VY]! + mB * py;
  state[ob + B.W] = state[ob + B.W]! + iB * (rbx * py - rby * px + axial);
}

/** Solves the point constraint of the row at `o`, from and into the bodies' velocities. */
export function solveRevoluteRow(
  state: Float64Array,
  ctx: StepContext,
  useBias: boolean,
  rows: Float64Array,
  o: number,
): void {
  const oa = rows[o + Row.OA]! | 0;
  const ob = rows[o + Row.OB]! | 0;
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
  const cdotX = vbx - wb * rby - (vax - wa * ray);
  const cdotY = vby + wb * rbx - (vay + wa * rax);
  let biasX = 0;
  let biasY = 0;
  let massScale = 1;
  let impulseScale = 0;
  if (useBias) {
    const sepX = state[ob + B.DPX]! - state[oa + B.DPX]! + (rbx - rax) + rows[o + Row.DCX]!;
    const sepY = state[ob + B.DPY]! - state[oa + B.DPY]! + (rby - ray) + rows[o + Row.DCY]!;
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
  state[oa + B.VX] = vax;
  state[oa + B.VY] = vay;
  state[oa + B.W] = wa;
  state[ob + B.VX] = vbx;
  state[ob + B.VY] = vby;
  state[ob + B.W] = wb;
}

/**
 * Warm-starts the row-only joints at places [start, end) of `order` (active-list places,
 * joint_graph.ts): a block of a joint colour's warm start on any thread.
 */
export function warmStartRevoluteRows(
  order: Int32Array,
  rows: Float64Array,
  state: Float64Array,
  start: number,
  end: number,
): void {
  for (let k = start; k < end; k++) warmStartRevoluteRow(state, rows, order[k]! * REVOLUTE_ROW_STRIDE, 0);
}

/** Solves the row-only joints at places [start, end) of `order`, with or without bias. */
export function solveRevoluteRows(
  order: Int32Array,
  rows: Float64Array,
  state: Float64Array,
  ctx: StepContext,
  useBias: boolean,
  start: number,
  end: number,
): void {
  for (let k = start; k < end; k++) solveRevoluteRow(state, ctx, useBias, rows, order[k]! * REVOLUTE_ROW_STRIDE);
}
