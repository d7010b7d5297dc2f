/**
 * The weld joint's data outside the step: its data object, its parameters (defaults,
 * checks, reads and writes), its rollback doubles and its coordinates. What the world and
 * a structure-only mirror of it (the worker client's) do with a weld joint without
 * solving it; the solver is weld_joint.ts, so a page that only checks and mirrors joints
 * ships none of it.
 */

import type { JointData } from './joint_store.js';
import { Softness } from '../dynamics/softness.js';
import { checkDampingRatio, checkHertz, checkJointAngle } from './joint_checks.js';
import { bitsDiffer } from '../base/math.js';
import type { JointsState } from './joints_state.js';
import type { WeldJointParams } from '../types/joint_defs.js';

export class WeldJointData implements JointData {
  referenceAngle = 0;
  linearHertz = 0;
  linearDampingRatio = 0;
  angularHertz = 0;
  angularDampingRatio = 0;

  // solver temporaries, set by prepare
  oa = 0;
  ob = 0;
  mA = 0;
  mB = 0;
  iA = 0;
  iB = 0;
  ax = 0;
  ay = 0;
  bx = 0;
  by = 0;
  deltaCenterX = 0;
  deltaCenterY = 0;
  deltaAngle = 0;
  axialMass = 0;
  readonly linearSoftness = new Softness();
  readonly angularSoftness = new Softness();

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
 * Rollback state (world/rollback_state.ts): the parameters (5, inputs, saved so that a
 * rollback also undoes a change of them) and the warm-started impulses (3), as doubles,
 * booleans as 0 and 1. The solver temporaries are left out: prepare writes them before the
 * step reads them. Field by field, so that no double is boxed (keyed access would). Loading
 * writes only the fields whose bits differ: a field the step has only ever given small
 * integers (0) keeps V8's small-integer representation instead of being turned into a double
 * field by the load, which would deoptimise the step's code for the type.
 */
export const WELD_ROLLBACK_SIZE = 8;

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

export function defaultWeldJointParams(): WeldJointParams {
  return {
    referenceAngle: 0,
    linearHertz: 0,
    linearDampingRatio: 0,
    angularHertz: 0,
    angularDampingRatio: 0,
  };
}

/** Checks weld parameters; throws naming the field and value. */
export function checkWeldJointParams(fn: string, p: WeldJointParams): void {
  checkJointAngle(fn, 'referenceAngle', p.referenceAngle);
  checkHertz(fn, 'linearHertz', p.linearHertz);
  checkDampingRatio(fn, 'linearDampingRatio', p.linearDampingRatio);
  checkHertz(fn, 'angularHertz', p.angularHertz);
  checkDampingRatio(fn, 'angularDampingRatio', p.angularDampingRatio);
}

export function applyWeldJointParams(d: WeldJointData, p: WeldJointParams): void {
  d.referenceAngle = p.referenceAngle;
  d.linearHertz = p.linearHertz;
  d.linearDampingRatio = p.linearDampingRatio;
  d.angularHertz = p.angularHertz;
  d.angularDampingRatio = p.angularDampingRatio;
}

export function readWeldJointParams(d: WeldJointData): WeldJointParams {
  return {
    referenceAngle: d.referenceAngle,
    linearHertz: d.linearHertz,
    linearDampingRatio: d.linearDampingRatio,
    angularHertz: d.angularHertz,
    angularDampingRatio: d.angularDampingRatio,
  };
}

/** A weld has no free coordinate: its state is empty. */
export function weldJointState(_w: JointsState, _j: number, _d: WeldJointData): Record<string, never> {
  return {};
}
