/**
 * The motor joint's data outside the step: its data object, its parameters (defaults,
 * checks, reads and writes), its rollback doubles and its coordinates. What the world and
 * a structure-only mirror of it (the worker client's) do with a motor joint without
 * solving it; the solver is motor_joint.ts, so a page that only checks and mirrors joints
 * ships none of it.
 */
import type { JointData } from './joint_store.js';
import { MAX_COORDINATE } from '../base/constants.js';
import { checkFinite, checkVec2Within, fail } from '../base/validate.js';
import { checkJointAngle, checkMaxForce } from './joint_checks.js';
import { bitsDiffer } from '../base/math.js';
import type { MotorJointParams } from '../types/joint_defs.js';

export class MotorJointData implements JointData {
  linearOffsetX = 0;
  linearOffsetY = 0;
  angularOffset = 0;
  maxForce = 1;
  maxTorque = 1;
  correctionFactor = 0.3;

  // solver temporaries, set by prepare
  oa = 0;
  ob = 0;
  mA = 0;
  mB = 0;
  iA = 0;
  iB = 0;
  /** A's anchor plus the linear offset, and B's anchor, relative to the centers of mass. */
  ax = 0;
  ay = 0;
  bx = 0;
  by = 0;
  deltaCenterX = 0;
  deltaCenterY = 0;
  deltaAngle = 0;
  axialMass = 0;

  // accumulated impulses (per sub-step), warm-started
  linearX = 0;
  linearY = 0;
  angularImpulse = 0;

  resetImpulses(): void {
    this.linearX = 0;
    this.linearY = 0;
    this.angularImpulse = 0;
  }
}

/**
 * Rollback state (world/rollback_state.ts): the parameters (6, inputs, saved so that a
 * rollback also undoes a change of them) and the warm-started impulses (3), as doubles,
 * booleans as 0 and 1. The solver temporaries are left out: prepare writes them before the
 * step reads them. Field by field, so that no double is boxed (keyed access would). Loading
 * writes only the fields whose bits differ: a field the step has only ever given small
 * integers (0) keeps V8's small-integer representation instead of being turned into a double
 * field by the load, which would deoptimise the step's code for the type.
 */
export const MOTOR_ROLLBACK_SIZE = 9;

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

export function defaultMotorJointParams(): MotorJointParams {
  return { linearOffset: { x: 0, y: 0 }, angularOffset: 0, maxForce: 1, maxTorque: 1, correctionFactor: 0.3 };
}

/** Checks motor joint parameters; throws naming the field and value. */
export function checkMotorJointParams(fn: string, p: MotorJointParams): void {
  checkVec2Within(fn, 'linearOffset', p.linearOffset, MAX_COORDINATE, 'm');
  checkJointAngle(fn, 'angularOffset', p.angularOffset);
  checkMaxForce(fn, 'maxForce', p.maxForce, 'N');
  checkMaxForce(fn, 'maxTorque', p.maxTorque, 'N m');
  checkFinite(fn, 'correctionFactor', p.correctionFactor);
  if (p.correctionFactor < 0 || p.correctionFactor > 1) {
    fail(fn, 'correctionFactor', 'in [0, 1]', p.correctionFactor);
  }
}

export function applyMotorJointParams(d: MotorJointData, p: MotorJointParams): void {
  d.linearOffsetX = p.linearOffset.x;
  d.linearOffsetY = p.linearOffset.y;
  d.angularOffset = p.angularOffset;
  d.maxForce = p.maxForce;
  d.maxTorque = p.maxTorque;
  d.correctionFactor = p.correctionFactor;
}

export function readMotorJointParams(d: MotorJointData): MotorJointParams {
  return {
    linearOffset: { x: d.linearOffsetX, y: d.linearOffsetY },
    angularOffset: d.angularOffset,
    maxForce: d.maxForce,
    maxTorque: d.maxTorque,
    correctionFactor: d.correctionFactor,
  };
}
