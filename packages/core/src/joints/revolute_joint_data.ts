/**
 * The revolute joint's data outside the step: its data object, its parameter table (the
 * defaults, checks, reads and writes derive from it), its rollback doubles and its
 * coordinates. What the world and a structure-only mirror of it (the worker client's) do
 * with a revolute joint without solving it; the solver is revolute_joint.ts, so a page
 * that only checks and mirrors joints ships none of it.
 */

import { bitsDiffer, unwindAngle } from '../base/math.js';
import type { JointData } from './joint_store.js';
import type { RevoluteJointParams } from '../types/joint_defs.js';
import { flag, jointAngle, jointParams, limit, maxForce, SPRING, scalar } from './joint_params.js';
import { checkAngleLimits, checkAngularSpeed } from './joint_checks.js';
import type { JointsState } from './joints_state.js';
import { STATE_STRIDE, W } from '../dynamics/body_state_layout.js';
import { relativeAngle } from './joint_angle.js';

export class RevoluteJointData implements JointData {
  referenceAngle = 0;
  enableSpring = false;
  hertz = 0;
  dampingRatio = 0;
  enableMotor = false;
  motorSpeed = 0;
  maxMotorTorque = 0;
  enableLimit = false;
  lowerAngle = 0;
  upperAngle = 0;

  // accumulated impulses (per sub-step), warm-started
  linearX = 0;
  linearY = 0;
  springImpulse = 0;
  motorImpulse = 0;
  lowerImpulse = 0;
  upperImpulse = 0;

  resetImpulses(): void {
    this.linearX = 0;
    this.linearY = 0;
    this.springImpulse = 0;
    this.motorImpulse = 0;
    this.lowerImpulse = 0;
    this.upperImpulse = 0;
  }
}

/** Rollback (registry.ts says how): the parameters, then the warm-started impulses. */
export function saveRevoluteJointRollback(d: RevoluteJointData, f: Float64Array, at: number): number {
  f[at++] = d.referenceAngle;
  f[at++] = d.enableSpring ? 1 : 0;
  f[at++] = d.hertz;
  f[at++] = d.dampingRatio;
  f[at++] = d.enableMotor ? 1 : 0;
  f[at++] = d.motorSpeed;
  f[at++] = d.maxMotorTorque;
  f[at++] = d.enableLimit ? 1 : 0;
  f[at++] = d.lowerAngle;
  f[at++] = d.upperAngle;
  f[at++] = d.linearX;
  f[at++] = d.linearY;
  f[at++] = d.springImpulse;
  f[at++] = d.motorImpulse;
  f[at++] = d.lowerImpulse;
  f[at++] = d.upperImpulse;
  return at;
}

export function loadRevoluteJointRollback(d: RevoluteJointData, f: Float64Array, at: number): number {
  let v = f[at++]!;
  if (bitsDiffer(d.referenceAngle, v)) d.referenceAngle = v;
  if (d.enableSpring !== (f[at] === 1)) d.enableSpring = f[at] === 1;
  at++;
  v = f[at++]!;
  if (bitsDiffer(d.hertz, v)) d.hertz = v;
  v = f[at++]!;
  if (bitsDiffer(d.dampingRatio, v)) d.dampingRatio = v;
  if (d.enableMotor !== (f[at] === 1)) d.enableMotor = f[at] === 1;
  at++;
  v = f[at++]!;
  if (bitsDiffer(d.motorSpeed, v)) d.motorSpeed = v;
  v = f[at++]!;
  if (bitsDiffer(d.maxMotorTorque, v)) d.maxMotorTorque = v;
  if (d.enableLimit !== (f[at] === 1)) d.enableLimit = f[at] === 1;
  at++;
  v = f[at++]!;
  if (bitsDiffer(d.lowerAngle, v)) d.lowerAngle = v;
  v = f[at++]!;
  if (bitsDiffer(d.upperAngle, v)) d.upperAngle = v;
  v = f[at++]!;
  if (bitsDiffer(d.linearX, v)) d.linearX = v;
  v = f[at++]!;
  if (bitsDiffer(d.linearY, v)) d.linearY = v;
  v = f[at++]!;
  if (bitsDiffer(d.springImpulse, v)) d.springImpulse = v;
  v = f[at++]!;
  if (bitsDiffer(d.motorImpulse, v)) d.motorImpulse = v;
  v = f[at++]!;
  if (bitsDiffer(d.lowerImpulse, v)) d.lowerImpulse = v;
  v = f[at++]!;
  if (bitsDiffer(d.upperImpulse, v)) d.upperImpulse = v;
  return at;
}

/** The revolute joint's parameters (joint_params.ts), in the order of their checks. */
export const revoluteJointParams = jointParams<RevoluteJointParams>(
  () => new RevoluteJointData(),
  [
    jointAngle('referenceAngle'),
    ...SPRING,
    flag('enableMotor'),
    scalar('motorSpeed', checkAngularSpeed),
    maxForce('maxMotorTorque', 'N m'),
    ...limit('lowerAngle', 'upperAngle', checkAngleLimits),
  ],
);

/** Joint angle (rad, relative to the reference angle) and relative angular speed (rad/s). */
export function revoluteJointState(
  w: JointsState,
  j: number,
  d: RevoluteJointData,
): { angle: number; speed: number } {
  const bodies = w.bodies;
  const a = w.joints.bodyA[j]!;
  const b = w.joints.bodyB[j]!;
  const angle = unwindAngle(
    relativeAngle(bodies.c[b]!, bodies.s[b]!, bodies.c[a]!, bodies.s[a]!) - d.referenceAngle,
  );
  const speed = bodies.state[b * STATE_STRIDE + W]! - bodies.state[a * STATE_STRIDE + W]!;
  return { angle, speed };
}
