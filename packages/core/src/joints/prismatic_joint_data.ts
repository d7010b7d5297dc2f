/**
 * The prismatic joint's data outside the step: its data object, its parameters (defaults,
 * checks, reads and writes), its rollback doubles and its coordinates. What the world and
 * a structure-only mirror of it (the worker client's) do with a prismatic joint without
 * solving it; the solver is prismatic_joint.ts, so a page that only checks and mirrors joints
 * ships none of it.
 */

import type { JointData } from './joint_store.js';
import { jointFrameNow } from './joint_frame.js';
import { Softness } from '../dynamics/softness.js';
import { checkBoolean } from '../base/validate.js';
import {
  checkAxis,
  checkDampingRatio,
  checkHertz,
  checkJointAngle,
  checkLinearSpeed,
  checkMaxForce,
  checkTranslationLimits,
  normalizeAxis,
} from './joint_checks.js';
import { bitsDiffer } from '../base/math.js';
import type { JointsState } from './joints_state.js';
import type { PrismaticJointParams } from '../types/joint_defs.js';
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

  // solver temporaries, set by prepare
  oa = 0;
  ob = 0;
  mA = 0;
  mB = 0;
  iA = 0;
  iB = 0;
  /** Anchors relative to the centers of mass, world frame, at the start of the step. */
  ax = 0;
  ay = 0;
  bx = 0;
  by = 0;
  /** World axis at the start of the step. */
  axisX = 1;
  axisY = 0;
  /** World axis used by the last solve (for the force read-out). */
  lastAxisX = 1;
  lastAxisY = 0;
  deltaCenterX = 0;
  deltaCenterY = 0;
  deltaAngle = 0;
  readonly springSoftness = new Softness();

  // accumulated impulses (per sub-step), warm-started
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

/**
 * Rollback state (world/rollback_state.ts): the parameters (12, inputs, saved so that a
 * rollback also undoes a change of them) and the warm-started impulses (6), as doubles,
 * booleans as 0 and 1. The solver temporaries are left out: prepare writes them before the
 * step reads them. Field by field, so that no double is boxed (keyed access would). Loading
 * writes only the fields whose bits differ: a field the step has only ever given small
 * integers (0) keeps V8's small-integer representation instead of being turned into a double
 * field by the load, which would deoptimise the step's code for the type.
 */
export const PRISMATIC_ROLLBACK_SIZE = 18;

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

export function defaultPrismaticJointParams(): PrismaticJointParams {
  return {
    localAxisA: { x: 1, y: 0 },
    referenceAngle: 0,
    enableSpring: false,
    hertz: 0,
    dampingRatio: 0,
    enableLimit: false,
    lowerTranslation: 0,
    upperTranslation: 0,
    enableMotor: false,
    maxMotorForce: 0,
    motorSpeed: 0,
  };
}

/** Checks prismatic parameters; throws naming the field and value. */
export function checkPrismaticJointParams(fn: string, p: PrismaticJointParams): void {
  checkAxis(fn, 'localAxisA', p.localAxisA);
  checkJointAngle(fn, 'referenceAngle', p.referenceAngle);
  checkBoolean(fn, 'enableSpring', p.enableSpring);
  checkHertz(fn, 'hertz', p.hertz);
  checkDampingRatio(fn, 'dampingRatio', p.dampingRatio);
  checkBoolean(fn, 'enableLimit', p.enableLimit);
  checkTranslationLimits(fn, 'lowerTranslation', p.lowerTranslation, 'upperTranslation', p.upperTranslation);
  checkBoolean(fn, 'enableMotor', p.enableMotor);
  checkMaxForce(fn, 'maxMotorForce', p.maxMotorForce, 'N');
  checkLinearSpeed(fn, 'motorSpeed', p.motorSpeed);
}

export function applyPrismaticJointParams(d: PrismaticJointData, p: PrismaticJointParams): void {
  normalizeAxis(p.localAxisA.x, p.localAxisA.y, d);
  d.referenceAngle = p.referenceAngle;
  d.enableSpring = p.enableSpring;
  d.hertz = p.hertz;
  d.dampingRatio = p.dampingRatio;
  d.enableLimit = p.enableLimit;
  d.lowerTranslation = p.lowerTranslation;
  d.upperTranslation = p.upperTranslation;
  d.enableMotor = p.enableMotor;
  d.maxMotorForce = p.maxMotorForce;
  d.motorSpeed = p.motorSpeed;
}

export function readPrismaticJointParams(d: PrismaticJointData): PrismaticJointParams {
  return {
    localAxisA: { x: d.localAxisX, y: d.localAxisY },
    referenceAngle: d.referenceAngle,
    enableSpring: d.enableSpring,
    hertz: d.hertz,
    dampingRatio: d.dampingRatio,
    enableLimit: d.enableLimit,
    lowerTranslation: d.lowerTranslation,
    upperTranslation: d.upperTranslation,
    enableMotor: d.enableMotor,
    maxMotorForce: d.maxMotorForce,
    motorSpeed: d.motorSpeed,
  };
}

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
