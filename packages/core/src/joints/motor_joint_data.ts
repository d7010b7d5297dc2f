/**
 * The motor joint's data outside the step: its data object, its parameter table (the
 * defaults, checks, reads and writes derive from it), its rollback doubles and its
 * coordinates. What the world and a structure-only mirror of it (the worker client's) do
 * with a motor joint without solving it; the solver is motor_joint.ts and motor_rows.ts, so a page that only
 * checks and mirrors joints ships none of it.
 */
import type { JointData } from './joint_store.js';
import type { MotorJointParams } from '../types/joint_defs.js';
import { jointAngle, jointParams, maxForce, position, scalar } from './joint_params.js';
import { checkFinite, fail } from '../base/validate.js';
import { bitsDiffer } from '../base/math.js';

export class MotorJointData implements JointData {
  linearOffsetX = 0;
  linearOffsetY = 0;
  angularOffset = 0;
  maxForce = 1;
  maxTorque = 1;
  correctionFactor = 0.3;

  // accumulated impulses (per sub-step), warm-started; the step solves from rows
  // (motor_rows.ts), copied in at prepare and back at finish
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
export function saveMotorJointRollback(d: MotorJointData, f: Float64Array, at: number): number {
  f[at++] = d.linearOffsetX;
  f[at++] = d.linearOffsetY;
  f[at++] = d.angularOffset;
  f[at++] = d.maxForce;
  f[at++] = d.maxTorque;
  f[at++] = d.correctionFactor;
  f[at++] = d.linearX;
  f[at++] = d.linearY;
  f[at++] = d.angularImpulse;
  return at;
}

export function loadMotorJointRollback(d: MotorJointData, f: Float64Array, at: number): number {
  let v = f[at++]!;
  if (bitsDiffer(d.linearOffsetX, v)) d.linearOffsetX = v;
  v = f[at++]!;
  if (bitsDiffer(d.linearOffsetY, v)) d.linearOffsetY = v;
  v = f[at++]!;
  if (bitsDiffer(d.angularOffset, v)) d.angularOffset = v;
  v = f[at++]!;
  if (bitsDiffer(d.maxForce, v)) d.maxForce = v;
  v = f[at++]!;
  if (bitsDiffer(d.maxTorque, v)) d.maxTorque = v;
  v = f[at++]!;
  if (bitsDiffer(d.correctionFactor, v)) d.correctionFactor = v;
  v = f[at++]!;
  if (bitsDiffer(d.linearX, v)) d.linearX = v;
  v = f[at++]!;
  if (bitsDiffer(d.linearY, v)) d.linearY = v;
  v = f[at++]!;
  if (bitsDiffer(d.angularImpulse, v)) d.angularImpulse = v;
  return at;
}

/** How much of the position error the motor corrects per step, in [0, 1]. */
function checkCorrectionFactor(fn: string, field: string, v: unknown): void {
  if (checkFinite(fn, field, v) < 0 || (v as number) > 1) fail(fn, field, 'in [0, 1]', v);
}

/** The motor joint's parameters (joint_params.ts), in the order of their checks. */
export const motorJointParams = jointParams<MotorJointParams>(
  () => new MotorJointData(),
  [
    position('linearOffset', 'linearOffsetX', 'linearOffsetY'),
    jointAngle('angularOffset'),
    maxForce('maxForce', 'N'),
    maxForce('maxTorque', 'N m'),
    scalar('correctionFactor', checkCorrectionFactor),
  ],
);
