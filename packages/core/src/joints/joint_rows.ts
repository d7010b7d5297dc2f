/**
 * The joint stages' kernel: a block of row-only joints (places in `JointStore.solveOrder`,
 * joint_graph.ts), each dispatched by its row's kind (Row.KIND) to its kind's rows file.
 * What the helpers run for a joint colour, and the calling thread for one joint. Only
 * integers and the row arrays cross these calls: every double is read from and written to
 * the rows or the body state inside the function that uses it.
 */

import type { StepContext } from '../dynamics/step_context.js';
import { solveDistanceJointRows, warmStartDistanceJointRows } from './distance_rows.js';
import { Index, Row, RowKind, solveRevoluteJointRows, warmStartRevoluteJointRows } from './revolute_rows.js';
import { solveWeldJointRows, warmStartWeldJointRows } from './weld_rows.js';
import { solveWheelJointRows, warmStartWheelJointRows } from './wheel_rows.js';
import { solvePrismaticJointRows, warmStartPrismaticJointRows } from './prismatic_rows.js';
import { solveMotorJointRows, warmStartMotorJointRows } from './motor_rows.js';
import { solveMouseJointRows, warmStartMouseJointRows } from './mouse_rows.js';

/** Warm-starts the row-only joint at place r. */
export function warmStartJointRows(
  state: Float64Array,
  rows: Float64Array,
  axial: Float64Array,
  r: number,
): void {
  const kind = rows[(r & Index.PLACE_MASK) * Index.STRIDE + Row.KIND]! | 0;
  if (kind === RowKind.REVOLUTE) warmStartRevoluteJointRows(state, rows, axial, r);
  else if (kind === RowKind.WELD) warmStartWeldJointRows(state, rows, axial, r);
  else if (kind === RowKind.DISTANCE) warmStartDistanceJointRows(state, rows, axial, r);
  else if (kind === RowKind.WHEEL) warmStartWheelJointRows(state, rows, axial, r);
  else if (kind === RowKind.PRISMATIC) warmStartPrismaticJointRows(state, rows, axial, r);
  else if (kind === RowKind.MOTOR) warmStartMotorJointRows(state, rows, axial, r);
  else if (kind === RowKind.MOUSE) warmStartMouseJointRows(state, rows, axial, r);
}

/** Solves the row-only joint at place r, with or without bias. */
export function solveJointRows(
  state: Float64Array,
  ctx: StepContext,
  useBias: boolean,
  rows: Float64Array,
  axial: Float64Array,
  r: number,
): void {
  const kind = rows[(r & Index.PLACE_MASK) * Index.STRIDE + Row.KIND]! | 0;
  if (kind === RowKind.REVOLUTE) solveRevoluteJointRows(state, ctx, useBias, rows, axial, r);
  else if (kind === RowKind.WELD) solveWeldJointRows(state, useBias, rows, axial, r);
  else if (kind === RowKind.DISTANCE) solveDistanceJointRows(state, ctx, useBias, rows, axial, r);
  else if (kind === RowKind.WHEEL) solveWheelJointRows(state, ctx, useBias, rows, axial, r);
  else if (kind === RowKind.PRISMATIC) solvePrismaticJointRows(state, ctx, useBias, rows, axial, r);
  else if (kind === RowKind.MOTOR) solveMotorJointRows(state, ctx, rows, axial, r);
  else if (kind === RowKind.MOUSE) solveMouseJointRows(state, rows, axial, r);
}

/** Warm-starts the joints at places [start, end) of `order`: a block of a joint colour. */
export function warmStartRowsInOrder(
  order: Int32Array,
  rows: Float64Array,
  axial: Float64Array,
  state: Float64Array,
  start: number,
  end: number,
): void {
  for (let k = start; k < end; k++) warmStartJointRows(state, rows, axial, order[k]!);
}

/** Solves the joints at places [start, end) of `order`, with or without bias. */
export function solveRowsInOrder(
  order: Int32Array,
  rows: Float64Array,
  axial: Float64Array,
  state: Float64Array,
  ctx: StepContext,
  useBias: boolean,
  start: number,
  end: number,
): void {
  for (let k = start; k < end; k++) solveJointRows(state, ctx, useBias, rows, axial, order[k]!);
}
