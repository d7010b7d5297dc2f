/**
 * The distance joint's data outside the step: its data object, its parameter table (the
 * defaults, checks, reads and writes derive from it), its rollback doubles and its
 * coordinates. What the world and a structure-only mirror of it (the worker client's) do
 * with a distance joint without solving it; the solver is distance_joint.ts, so a page
 * that only checks and mirrors joints ships none of it.
 */
import { HUGE } from '../base/constants.js';
import type { JointData } from './joint_store.js';
import type { DistanceJointParams } from '../types/joint_defs.js';
import { jointFrameNow } from './joint_frame.js';
import { jointParams, limit, motor, SPRING, scalar } from './joint_params.js';
import { checkNonNegativeAtMost, fail } from '../base/validate.js';
import { checkJointLength } from './joint_checks.js';
import { bitsDiffer } from '../base/math.js';
import type { JointsState } from './joints_state.js';
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

  // solver results, copied back from the rows (distance_rows.ts) at finish
  /** Axis of the last solve (world), for the reaction force. */
  ux = 0;
  uy = 0;

  // accumulated impulses (per sub-step), warm-started; copied in at prepare, back at finish
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

/** Rollback (registry.ts says how): the parameters, then the warm-started impulses. */
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

/**
 * The length limits: minLength in [0, MAX_DISTANCE]; maxLength in [0, HUGE], HUGE (the
 * default) standing for "no limit", the one length past MAX_DISTANCE; minLength <= maxLength.
 */
function checkLengthLimits(fn: string, lower: string, lo: unknown, upper: string, hi: unknown): void {
  const l = checkJointLength(fn, lower, lo);
  const u = checkNonNegativeAtMost(fn, upper, hi, HUGE, 'm');
  if (l > u) fail(fn, lower, `<= ${upper} (${u})`, l);
}

/** The distance joint's parameters (joint_params.ts), in the order of their checks. */
export const distanceJointParams = jointParams<DistanceJointParams>(
  () => new DistanceJointData(),
  [
    scalar('length', (fn, field, v) => checkJointLength(fn, field, v, true)),
    ...SPRING,
    ...limit('minLength', 'maxLength', checkLengthLimits),
    ...motor('maxMotorForce', 'N'),
  ],
);

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
