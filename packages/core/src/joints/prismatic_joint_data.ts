/**
 * The prismatic joint's data outside the step: its data object, its parameter table (the
 * defaults, checks, reads and writes derive from it), its rollback doubles and its
 * coordinates. What the world and a structure-only mirror of it (the worker client's) do
 * with a prismatic joint without solving it; the solver is prismatic_joint.ts and prismatic_rows.ts, so a page
 * that only checks and mirrors joints ships none of it.
 */

import type { JointData } from './joint_store.js';
import type { PrismaticJointParams } from '../types/joint_defs.js';
import { jointFrameNow } from './joint_frame.js';
import { axis, jointAngle, jointParams, limit, motor, SPRING } from './joint_params.js';
import { checkTranslationLimits } from './joint_checks.js';
import { bitsDiffer } from '../base/math.js';
import type { JointsState } from './joints_state.js';
import { VX, VY, W } from '../dynamics/body_state_layout.js';

export class PrismaticJointData implements JointData {
  /** Unit axis in body A's frame. */
  localAxisX = 1;
  localAxisY = 0;
  referenceAngle = 0;
  enableSpring = false;
  hertz = 0;
  dampingRatio = 0;
  enableLimit = false;
  lowerTranslation = 0;
  upperTranslation = 0;
  enableMotor = false;
  maxMotorForce = 0;
  motorSpeed = 0;

  /** World axis used by the last solve (for the force read-out). */
  lastAxisX = 1;
  lastAxisY = 0;

  // accumulated impulses (per sub-step), warm-started; the step solves from rows
  // (prismatic_rows.ts), copied in at prepare and back (with the axis) at finish
  perpImpulse = 0;
  angleImpulse = 0;
  springImpulse = 0;
  motorImpulse = 0;
  lowerImpulse = 0;
  upperImpulse = 0;

  resetImpulses(): void {
    this.perpImpulse = 0;
    this.angleImpulse = 0;
    this.springImpulse = 0;
    this.motorImpulse = 0;
    this.lowerImpulse = 0;
    this.upperImpulse = 0;
  }
}

/** Rollback (registry.ts says how): the parameters, then the warm-started impulses. */
export function savePrismaticJointRollback(d: PrismaticJointData, f: Float64Array, at: number): number {
  f[at++] = d.localAxisX;
  f[at++] = d.localAxisY;
  f[at++] = d.referenceAngle;
  f[at++] = d.enableSpring ? 1 : 0;
  f[at++] = d.hertz;
  f[at++] = d.dampingRatio;
  f[at++] = d.enableLimit ? 1 : 0;
  f[at++] = d.lowerTranslation;
  f[at++] = d.upperTranslation;
  f[at++] = d.enableMotor ? 1 : 0;
  f[at++] = d.maxMotorForce;
  f[at++] = d.motorSpeed;
  f[at++] = d.perpImpulse;
  f[at++] = d.angleImpulse;
  f[at++] = d.springImpulse;
  f[at++] = d.motorImpulse;
  f[at++] = d.lowerImpulse;
  f[at++] = d.upperImpulse;
  return at;
}

export function loadPrismaticJointRollback(d: PrismaticJointData, f: Float64Array, at: number): number {
  let v = f[at++]!;
  if (bitsDiffer(d.localAxisX, v)) d.localAxisX = v;
  v = f[at++]!;
  if (bitsDiffer(d.localAxisY, v)) d.localAxisY = v;
  v = f[at++]!;
  if (bitsDiffer(d.referenceAngle, v)) d.referenceAngle = v;
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
  if (bitsDiffer(d.maxMotorForce, v)) d.maxMotorForce = v;
  v = f[at++]!;
  if (bitsDiffer(d.motorSpeed, v)) d.motorSpeed = v;
  v = f[at++]!;
  if (bitsDiffer(d.perpImpulse, v)) d.perpImpulse = v;
  v = f[at++]!;
  if (bitsDiffer(d.angleImpulse, v)) d.angleImpulse = v;
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

/** The prismatic joint's parameters (joint_params.ts), in the order of their checks. */
export const prismaticJointParams = jointParams<PrismaticJointParams>(
  () => new PrismaticJointData(),
  [
    axis(),
    jointAngle('referenceAngle'),
    ...SPRING,
    ...limit('lowerTranslation', 'upperTranslation', checkTranslationLimits),
    ...motor('maxMotorForce', 'N'),
  ],
);

/**
 * Translation of anchor B from anchor A along the world axis (m), and its rate of change
 * (m/s), from the bodies' current transforms and velocities.
 */
export function prismaticJointState(
  w: JointsState,
  j: number,
  d: PrismaticJointData,
): { translation: number; speed: number } {
  const bodies = w.bodies;
  const a = w.joints.bodyA[j]!;
  const cA = bodies.c[a]!;
  const sA = bodies.s[a]!;
  const frame = jointFrameNow(w, j);
  const rax = frame[6]!;
  const ray = frame[7]!;
  const rbx = frame[8]!;
  const rby = frame[9]!;
  const ux = cA * d.localAxisX - sA * d.localAxisY;
  const uy = sA * d.localAxisX + cA * d.localAxisY;
  const sepX = frame[10]! + rbx - rax;
  const sepY = frame[11]! + rby - ray;
  const translation = ux * sepX + uy * sepY;
  const state = bodies.state;
  const oa = frame[0]!;
  const ob = frame[1]!;
  const wa = state[oa + W]!;
  const wb = state[ob + W]!;
  // relative velocity of the anchors, plus the axis turning with A
  const vrx = state[ob + VX]! - wb * rby - (state[oa + VX]! - wa * ray);
  const vry = state[ob + VY]! + wb * rbx - (state[oa + VY]! + wa * rax);
  const speed = sepX * (-wa * uy) + sepY * (wa * ux) + ux * vrx + uy * vry;
  return { translation, speed };
}
