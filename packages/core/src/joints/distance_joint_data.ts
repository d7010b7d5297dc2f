/**
 * The distance joint's data outside the step: its data object, its parameters (defaults,
 * checks, reads and writes), its rollback doubles and its coordinates. What the world and
 * a structure-only mirror of it (the worker client's) do with a distance joint without
 * solving it; the solver is distance_joint.ts, so a page that only checks and mirrors joints
 * ships none of it.
 */
import { HUGE } from '../base/constants.js';
import type { JointData } from './joint_store.js';
import { jointFrameNow } from './joint_frame.js';
import { Softness } from '../dynamics/softness.js';
import { checkBoolean, checkNonNegativeAtMost, fail } from '../base/validate.js';
import {
  checkDampingRatio,
  checkHertz,
  checkJointLength,
  checkLinearSpeed,
  checkMaxForce,
} from './joint_checks.js';
import { bitsDiffer } from '../base/math.js';
import type { JointsState } from './joints_state.js';
import type { DistanceJointParams } from '../types/joint_defs.js';
import { VX, VY, W } from '../dynamics/body_state_layout.js';

/** Below this separation (m) the axis is undefined and the joint applies nothing. */
export const MIN_SEPARATION = 1e-12;

export class DistanceJointData implements JointData {
  length = 1;
  enableSpring = false;
  hertz = 0;
  dampingRatio = 0;
  enableLimit = false;
  minLength = 0;
  maxLength = HUGE;
  enableMotor = false;
  maxMotorForce = 0;
  motorSpeed = 0;

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
  readonly springSoftness = new Softness();
  /** Axis of the last solve (world), for the reaction force. */
  ux = 0;
  uy = 0;

  // accumulated impulses (per sub-step), warm-started
  /** Spring impulse in spring mode, rigid-row impulse in rigid mode. */
  impulse = 0;
  lowerImpulse = 0;
  upperImpulse = 0;
  motorImpulse = 0;

  resetImpulses(): void {
    this.impulse = 0;
    this.lowerImpulse = 0;
    this.upperImpulse = 0;
    this.motorImpulse = 0;
  }
}

/**
 * Rollback state (world/rollback_state.ts): the parameters (10, inputs, saved so that a
 * rollback also undoes a change of them) and the warm-started impulses (4), as doubles,
 * booleans as 0 and 1. The solver temporaries are left out: prepare writes them before the
 * step reads them. Field by field, so that no double is boxed (keyed access would). Loading
 * writes only the fields whose bits differ: a field the step has only ever given small
 * integers (0) keeps V8's small-integer representation instead of being turned into a double
 * field by the load, which would deoptimise the step's code for the type.
 */
export const DISTANCE_ROLLBACK_SIZE = 14;

export function saveDistanceJointRollback(d: DistanceJointData, f: Float64Array, at: number): number {
  f[at++] = d.length;
  f[at++] = d.enableSpring ? 1 : 0;
  f[at++] = d.hertz;
  f[at++] = d.dampingRatio;
  f[at++] = d.enableLimit ? 1 : 0;
  f[at++] = d.minLength;
  f[at++] = d.maxLength;
  f[at++] = d.enableMotor ? 1 : 0;
  f[at++] = d.maxMotorForce;
  f[at++] = d.motorSpeed;
  f[at++] = d.impulse;
  f[at++] = d.lowerImpulse;
  f[at++] = d.upperImpulse;
  f[at++] = d.motorImpulse;
  return at;
}

export function loadDistanceJointRollback(d: DistanceJointData, f: Float64Array, at: number): number {
  let v = f[at++]!;
  if (bitsDiffer(d.length, v)) d.length = v;
  if (d.enableSpring !== (f[at] === 1)) d.enableSpring = f[at] === 1;
  at++;
  v = f[at++]!;
  if (bitsDiffer(d.hertz, v)) d.hertz = v;
  v = f[at++]!;
  if (bitsDiffer(d.dampingRatio, v)) d.dampingRatio = v;
  if (d.enableLimit !== (f[at] === 1)) d.enableLimit = f[at] === 1;
  at++;
  v = f[at++]!;
  if (bitsDiffer(d.minLength, v)) d.minLength = v;
  v = f[at++]!;
  if (bitsDiffer(d.maxLength, v)) d.maxLength = v;
  if (d.enableMotor !== (f[at] === 1)) d.enableMotor = f[at] === 1;
  at++;
  v = f[at++]!;
  if (bitsDiffer(d.maxMotorForce, v)) d.maxMotorForce = v;
  v = f[at++]!;
  if (bitsDiffer(d.motorSpeed, v)) d.motorSpeed = v;
  v = f[at++]!;
  if (bitsDiffer(d.impulse, v)) d.impulse = v;
  v = f[at++]!;
  if (bitsDiffer(d.lowerImpulse, v)) d.lowerImpulse = v;
  v = f[at++]!;
  if (bitsDiffer(d.upperImpulse, v)) d.upperImpulse = v;
  v = f[at++]!;
  if (bitsDiffer(d.motorImpulse, v)) d.motorImpulse = v;
  return at;
}

export function defaultDistanceJointParams(): DistanceJointParams {
  return {
    length: 1,
    enableSpring: false,
    hertz: 0,
    dampingRatio: 0,
    enableLimit: false,
    minLength: 0,
    maxLength: HUGE,
    enableMotor: false,
    maxMotorForce: 0,
    motorSpeed: 0,
  };
}

/**
 * The distance joint's defaults that depend on the definition: `hertz > 0` without
 * `enableSpring` makes a spring. Box2D v3 keeps `enableSpring` false unless told, so a
 * definition with `hertz: 4` alone silently became a rigid rod; Box2D v2 and planck.js,
 * where most users come from, make any `frequencyHz > 0` a spring, and a v3 user who
 * writes `enableSpring: true` with a hertz gets the same joint either way. An explicit
 * `enableSpring: false` is still honoured (a rod whose spring settings are kept for
 * later, as `b2DistanceJoint_EnableSpring` toggles them). Only at creation:
 * `setJointParams` changes exactly the fields it is given.
 */
export function completeDistanceJointDef(def: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const hertz = def.hertz;
  return def.enableSpring === undefined && typeof hertz === 'number' && hertz > 0
    ? { enableSpring: true }
    : {};
}

/** Checks distance joint parameters; throws naming the field and value. */
export function checkDistanceJointParams(fn: string, p: DistanceJointParams): void {
  checkJointLength(fn, 'length', p.length, true);
  checkBoolean(fn, 'enableSpring', p.enableSpring);
  checkHertz(fn, 'hertz', p.hertz);
  checkDampingRatio(fn, 'dampingRatio', p.dampingRatio);
  checkBoolean(fn, 'enableLimit', p.enableLimit);
  checkJointLength(fn, 'minLength', p.minLength);
  // HUGE, the default, stands for "no limit"; it is the one length past MAX_DISTANCE
  checkNonNegativeAtMost(fn, 'maxLength', p.maxLength, HUGE, 'm');
  if (p.minLength > p.maxLength) fail(fn, 'minLength', `<= maxLength (${p.maxLength})`, p.minLength);
  checkBoolean(fn, 'enableMotor', p.enableMotor);
  checkMaxForce(fn, 'maxMotorForce', p.maxMotorForce, 'N');
  checkLinearSpeed(fn, 'motorSpeed', p.motorSpeed);
}

export function applyDistanceJointParams(d: DistanceJointData, p: DistanceJointParams): void {
  d.length = p.length;
  d.enableSpring = p.enableSpring;
  d.hertz = p.hertz;
  d.dampingRatio = p.dampingRatio;
  d.enableLimit = p.enableLimit;
  d.minLength = p.minLength;
  d.maxLength = p.maxLength;
  d.enableMotor = p.enableMotor;
  d.maxMotorForce = p.maxMotorForce;
  d.motorSpeed = p.motorSpeed;
}

export function readDistanceJointParams(d: DistanceJointData): DistanceJointParams {
  return {
    length: d.length,
    enableSpring: d.enableSpring,
    hertz: d.hertz,
    dampingRatio: d.dampingRatio,
    enableLimit: d.enableLimit,
    minLength: d.minLength,
    maxLength: d.maxLength,
    enableMotor: d.enableMotor,
    maxMotorForce: d.maxMotorForce,
    motorSpeed: d.motorSpeed,
  };
}

/**
 * Current distance between the anchors (m) and its rate of change (m/s, > 0 when the
 * anchors move apart).
 */
export function distanceJointState(
  w: JointsState,
  j: number,
  _d: DistanceJointData,
): { length: number; speed: number } {
  const bodies = w.bodies;
  const state = bodies.state;
  const a = w.joints.bodyA[j]!;
  const b = w.joints.bodyB[j]!;
  // anchors relative to the centers of mass, world orientation
  const frame = jointFrameNow(w, j);
  const rax = frame[6]!;
  const ray = frame[7]!;
  const rbx = frame[8]!;
  const rby = frame[9]!;
  const dx = bodies.cx[b]! + rbx - (bodies.cx[a]! + rax);
  const dy = bodies.cy[b]! + rby - (bodies.cy[a]! + ray);
  const length = Math.sqrt(dx * dx + dy * dy);
  if (!(length > MIN_SEPARATION)) return { length, speed: 0 };
  const oa = frame[0]!;
  const ob = frame[1]!;
  const wa = state[oa + W]!;
  const wb = state[ob + W]!;
  const vx = state[ob + VX]! - wb * rby - (state[oa + VX]! - wa * ray);
  const vy = state[ob + VY]! + wb * rbx - (state[oa + VY]! + wa * rax);
  return { length, speed: (dx * vx + dy * vy) / length };
}
