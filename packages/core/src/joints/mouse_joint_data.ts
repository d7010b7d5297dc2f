/**
 * The mouse joint's data outside the step: its data object, its parameter table (the
 * defaults, checks, reads and writes derive from it), its rollback doubles and its
 * coordinates. What the world and a structure-only mirror of it (the worker client's) do
 * with a mouse joint without solving it; the solver is mouse_joint.ts and mouse_rows.ts, so a page that only
 * checks and mirrors joints ships none of it.
 */
import type { JointData } from './joint_store.js';
import type { MouseJointParams } from '../types/joint_defs.js';
import { dampingRatio, hertz, jointParams, maxForce, position } from './joint_params.js';
import { bitsDiffer } from '../base/math.js';

export class MouseJointData implements JointData {
  targetX = 0;
  targetY = 0;
  hertz = 4;
  dampingRatio = 1;
  maxForce = 1;

  // accumulated impulses (per sub-step), warm-started; the step solves from rows
  // (mouse_rows.ts), copied in at prepare and back at finish
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
export function saveMouseJointRollback(d: MouseJointData, f: Float64Array, at: number): number {
  f[at++] = d.targetX;
  f[at++] = d.targetY;
  f[at++] = d.hertz;
  f[at++] = d.dampingRatio;
  f[at++] = d.maxForce;
  f[at++] = d.linearX;
  f[at++] = d.linearY;
  f[at++] = d.angularImpulse;
  return at;
}

export function loadMouseJointRollback(d: MouseJointData, f: Float64Array, at: number): number {
  let v = f[at++]!;
  if (bitsDiffer(d.targetX, v)) d.targetX = v;
  v = f[at++]!;
  if (bitsDiffer(d.targetY, v)) d.targetY = v;
  v = f[at++]!;
  if (bitsDiffer(d.hertz, v)) d.hertz = v;
  v = f[at++]!;
  if (bitsDiffer(d.dampingRatio, v)) d.dampingRatio = v;
  v = f[at++]!;
  if (bitsDiffer(d.maxForce, v)) d.maxForce = v;
  v = f[at++]!;
  if (bitsDiffer(d.linearX, v)) d.linearX = v;
  v = f[at++]!;
  if (bitsDiffer(d.linearY, v)) d.linearY = v;
  v = f[at++]!;
  if (bitsDiffer(d.angularImpulse, v)) d.angularImpulse = v;
  return at;
}

/** The mouse joint's parameters (joint_params.ts), in the order of their checks. */
export const mouseJointParams = jointParams<MouseJointParams>(
  () => new MouseJointData(),
  [
    position('target', 'targetX', 'targetY'),
    hertz('hertz'),
    dampingRatio('dampingRatio'),
    maxForce('maxForce', 'N'),
  ],
);
