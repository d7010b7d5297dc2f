/**
 * The wheel joint's data outside the step: its data object, its parameter table (the
 * defaults, checks, reads and writes derive from it), its rollback doubles and its
 * coordinates. What the world and a structure-only mirror of it (the worker client's) do
 * with a wheel joint without solving it; the solver is wheel_joint.ts and wheel_rows.ts, so a page that only
 * checks and mirrors joints ships none of it.
 */

import type { JointData } from './joint_store.js';
import type { WheelJointParams } from '../types/joint_defs.js';
import { axis, jointParams, limit, motor, SPRING } from './joint_params.js';
import { checkAngularSpeed, checkTranslationLimits } from './joint_checks.js';
import { bitsDiffer } from '../base/math.js';
import type { JointsState } from './joints_state.js';
import { W } from '../dynamics/body_state_layout.js';
import { jointFrameNow } from './joint_frame.js';

export class WheelJointData implements JointData {
  /** Unit axis in A's frame. */
  localAxisX = 0;
  localAxisY = 1;
  enableSpring = true;
  hertz = 1;
  dampingRatio = 0.7;
  enableLimit = false;
  lowerTranslation = 0;
  upperTranslation = 0;
  enableMotor = false;
  maxMotorTorque = 0;
  motorSpeed = 0;

  /** Axis of the last solve (world), for the reaction force. */
  ux = 0;
  uy = 0;

  // accumulated impulses (per sub-step), warm-started; the step solves from rows
  // (wheel_rows.ts), copied in at prepare and back (with the axis) at finish
  perpImpulse = 0;
  springImpulse = 0;
  motorImpulse = 0;
  lowerImpulse = 0;
  upperImpulse = 0;

  resetImpulses(): void {
    this.perpImpulse = 0;
    this.springImpulse = 0;
    this.motorImpulse = 0;
    this.lowerImpulse = 0;
    this.upperImpulse = 0;
  }
}

/** Rollback (registry.ts says how): the parameters, then the warm-started impulses. */
export function saveWheelJointRollback(d: WheelJointData, f: Float64Array, at: number): number {
  f[at++] = d.localAxisX;
  f[at++] = d.localAxisY;
  f[at++] = d.enableSpring ? 1 : 0;
  f[at++] = d.hertz;
  f[at++] = d.dampingRatio;
  f[at++] = d.enableLimit ? 1 : 0;
  f[at++] = d.lowerTranslation;
  f[at++] = d.upperTranslation;
  f[at++] = d.enableMotor ? 1 : 0;
  f[at++] = d.maxMotorTorque;
  f[at++] = d.motorSpeed;
  f[at++] = d.perpImpulse;
  f[at++] = d.springImpulse;
  f[at++] = d.motorImpulse;
  f[at++] = d.lowerImpulse;
  f[at++] = d.upperImpulse;
  return at;
}

export function loadWheelJointRollback(d: WheelJointData, f: Float64Array, at: number): number {
  let v = f[at++]!;
  if (bitsDiffer(d.localAxisX, v)) d.localAxisX = v;
  v = f[at++]!;
  if (bitsDiffer(d.localAxisY, v)) d.localAxisY = v;
  if (d.enableSpring !== (f[at] === 1)) d.enableSpring = f[at] === 1;
  at++;
  v = f[at++]!;
  if (bitsDiffer(d.hertz, v)) d.hertz = v;
  v = f[at++]!;
  if (bitsDiffer(d.dampingRatio, v)) d.dampingRatio = v;
  if (d.enableLimit !== (f[at] === 1)) d.enableLimit = f[at] === 1;
  at++;
  v = f[at++]!;
  if (bitsDiffer(d.lowerTranslation, v)) d.lowerTranslation = v;
  v = f[at++]!;
  if (bitsDiffer(d.upperTranslation, v)) d.upperTranslation = v;
  if (d.enableMotor !== (f[at] === 1)) d.enableMotor = f[at] === 1;
  at++;
  v = f[at++]!;
  if (bitsDiffer(d.maxMotorTorque, v)) d.maxMotorTorque = v;
  v = f[at++]!;
  if (bitsDiffer(d.motorSpeed, v)) d.motorSpeed = v;
  v = f[at++]!;
  if (bitsDiffer(d.perpImpulse, v)) d.perpImpulse = v;
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

/** The wheel joint's parameters (joint_params.ts), in the order of their checks. */
export const wheelJointParams = jointParams<WheelJointParams>(
  () => new WheelJointData(),
  [
    axis(),
    ...SPRING,
    ...limit('lowerTranslation', 'upperTranslation', checkTranslationLimits),
    ...motor('maxMotorTorque', 'N m', checkAngularSpeed),
  ],
);

/**
 * Translation of B's anchor along the axis from A's anchor (m), and the angular speed of
 * B relative to A (rad/s, what the motor drives).
 */
export function wheelJointState(
  w: JointsState,
  j: number,
  d: WheelJointData,
): { translation: number; speed: number } {
  const bodies = w.bodies;
  const a = w.joints.bodyA[j]!;
  const cA = bodies.c[a]!;
  const sA = bodies.s[a]!;
  // anchors relative to the centres, and B's centre from A's (joint_frame.ts)
  const frame = jointFrameNow(w, j);
  const dx = frame[10]! + frame[8]! - frame[6]!;
  const dy = frame[11]! + frame[9]! - frame[7]!;
  const ux = cA * d.localAxisX - sA * d.localAxisY;
  const uy = sA * d.localAxisX + cA * d.localAxisY;
  const state = bodies.state;
  const speed = state[frame[1]! + W]! - state[frame[0]! + W]!;
  return { translation: ux * dx + uy * dy, speed };
}
