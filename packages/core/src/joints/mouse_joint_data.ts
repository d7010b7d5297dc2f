/**
 * The mouse joint's data outside the step: its data object, its parameters (defaults,
 * checks, reads and writes), its rollback doubles and its coordinates. What the world and
 * a structure-only mirror of it (the worker client's) do with a mouse joint without
 * solving it; the solver is mouse_joint.ts, so a page that only checks and mirrors joints
 * ships none of it.
 */
import type { JointData } from './joint_store.js';
import { Softness } from '../dynamics/softness.js';
import { MAX_COORDINATE } from '../base/constants.js';
import { checkVec2Within } from '../base/validate.js';
import { checkDampingRatio, checkHertz, checkMaxForce } from './joint_checks.js';
import { bitsDiffer } from '../base/math.js';
import type { MouseJointParams } from '../types/joint_defs.js';

export class MouseJointData implements JointData {
  targetX = 0;
  targetY = 0;
  hertz = 4;
  dampingRatio = 1;
  maxForce = 1;

  // solver temporaries, set by prepare
  ob = 0;
  mB = 0;
  iB = 0;
  bx = 0;
  by = 0;
  /** Center of mass of B minus the target, at the start of the step. */
  deltaCenterX = 0;
  deltaCenterY = 0;
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
export const MOUSE_ROLLBACK_SIZE = 8;

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

export function defaultMouseJointParams(): MouseJointParams {
  return { target: { x: 0, y: 0 }, hertz: 4, dampingRatio: 1, maxForce: 1 };
}

/** Checks mouse joint parameters; throws naming the field and value. */
export function checkMouseJointParams(fn: string, p: MouseJointParams): void {
  checkVec2Within(fn, 'target', p.target, MAX_COORDINATE, 'm');
  checkHertz(fn, 'hertz', p.hertz);
  checkDampingRatio(fn, 'dampingRatio', p.dampingRatio);
  checkMaxForce(fn, 'maxForce', p.maxForce, 'N');
}

export function applyMouseJointParams(d: MouseJointData, p: MouseJointParams): void {
  d.targetX = p.target.x;
  d.targetY = p.target.y;
  d.hertz = p.hertz;
  d.dampingRatio = p.dampingRatio;
  d.maxForce = p.maxForce;
}

export function readMouseJointParams(d: MouseJointData): MouseJointParams {
  return {
    target: { x: d.targetX, y: d.targetY },
    hertz: d.hertz,
    dampingRatio: d.dampingRatio,
    maxForce: d.maxForce,
  };
}
