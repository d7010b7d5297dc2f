/**
 * The weld joint's data outside the step: its data object, its parameter table (the
 * defaults, checks, reads and writes derive from it), its rollback doubles and its
 * coordinates. What the world and a structure-only mirror of it (the worker client's) do
 * with a weld joint without solving it; the solver is weld_joint.ts and weld_rows.ts, so a page that only
 * checks and mirrors joints ships none of it.
 */

import type { JointData } from './joint_store.js';
import type { WeldJointParams } from '../types/joint_defs.js';
import { dampingRatio, hertz, jointAngle, jointParams } from './joint_params.js';
import { bitsDiffer } from '../base/math.js';
import type { JointsState } from './joints_state.js';

export class WeldJointData implements JointData {
  referenceAngle = 0;
  linearHertz = 0;
  linearDampingRatio = 0;
  angularHertz = 0;
  angularDampingRatio = 0;

  // accumulated impulses (per sub-step), warm-started; the step solves from rows
  // (weld_rows.ts), copied in at prepare and back at finish
  linearX = 0;
  linearY = 0;
  angularImpulse = 0;

  resetImpulses(): void {
    this.linearX = 0;
    this.linearY = 0;
    this.angularImpulse = 0;
  }
}

/** Rollback (registry.ts says how): the parameters, then the warm-started impulses. */
export function saveWeldJointRollback(d: WeldJointData, f: Float64Array, at: number): number {
  f[at++] = d.referenceAngle;
  f[at++] = d.linearHertz;
  f[at++] = d.linearDampingRatio;
  f[at++] = d.angularHertz;
  f[at++] = d.angularDampingRatio;
  f[at++] = d.linearX;
  f[at++] = d.linearY;
  f[at++] = d.angularImpulse;
  return at;
}

export function loadWeldJointRollback(d: WeldJointData, f: Float64Array, at: number): number {
  let v = f[at++]!;
  if (bitsDiffer(d.referenceAngle, v)) d.referenceAngle = v;
  v = f[at++]!;
  if (bitsDiffer(d.linearHertz, v)) d.linearHertz = v;
  v = f[at++]!;
  if (bitsDiffer(d.linearDampingRatio, v)) d.linearDampingRatio = v;
  v = f[at++]!;
  if (bitsDiffer(d.angularHertz, v)) d.angularHertz = v;
  v = f[at++]!;
  if (bitsDiffer(d.angularDampingRatio, v)) d.angularDampingRatio = v;
  v = f[at++]!;
  if (bitsDiffer(d.linearX, v)) d.linearX = v;
  v = f[at++]!;
  if (bitsDiffer(d.linearY, v)) d.linearY = v;
  v = f[at++]!;
  if (bitsDiffer(d.angularImpulse, v)) d.angularImpulse = v;
  return at;
}

/** The weld joint's parameters (joint_params.ts), in the order of their checks. */
export const weldJointParams = jointParams<WeldJointParams>(
  () => new WeldJointData(),
  [
    jointAngle('referenceAngle'),
    hertz('linearHertz'),
    dampingRatio('linearDampingRatio'),
    hertz('angularHertz'),
    dampingRatio('angularDampingRatio'),
  ],
);

/** A weld has no free coordinate: its state is empty. */
export function weldJointState(_w: JointsState, _j: number, _d: WeldJointData): Record<string, never> {
  return {};
}
