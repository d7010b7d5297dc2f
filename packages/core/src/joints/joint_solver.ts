/**
 * The joint stage of the step: prepare (one switch dispatching to the joint type's own
 * prepare, which writes the joint's rows), the warm start and solve from the rows
 * (joint_rows.ts), the read-out of constraint forces (the impulses copied back from the
 * rows first) and the break check.
 */

import { growF64, growI32, growU8 } from '../base/array.js';
import type { WheelJointData } from './wheel_joint_data.js';
import type { DistanceJointData } from './distance_joint_data.js';
import type { WeldJointData } from './weld_joint_data.js';
import type { PrismaticJointData } from './prismatic_joint_data.js';
import type { MouseJointData } from './mouse_joint_data.js';
import type { MotorJointData } from './motor_joint_data.js';
import type { RevoluteJointData } from './revolute_joint_data.js';
import { isJointActive } from './joint.js';
import type { StepContext } from '../dynamics/step_context.js';
import {
  finishRevoluteJoint,
  prepareRevoluteJoint,
  AXIAL_ROW_STRIDE,
  REVOLUTE_ROW_STRIDE,
  revoluteJointReaction,
} from './revolute_joint.js';
import { finishMotorJoint, motorJointReaction, prepareMotorJoint } from './motor_joint.js';
import { finishMouseJoint, mouseJointReaction, prepareMouseJoint } from './mouse_joint.js';
import { finishPrismaticJoint, preparePrismaticJoint, prismaticJointReaction } from './prismatic_joint.js';
import { finishWeldJoint, prepareWeldJoint, weldJointReaction } from './weld_joint.js';
import { distanceJointReaction, finishDistanceJoint, prepareDistanceJoint } from './distance_joint.js';
import { solveJointRows, warmStartJointRows } from './joint_rows.js';
import { finishWheelJoint, prepareWheelJoint, wheelJointReaction } from './wheel_joint.js';
import type { JointsState } from './joints_state.js';
import { wakeBody } from '../dynamics/island.js';
import { reportJointEvent } from './joint.js';
import { JointType } from '../types/joint_type.js';

const reaction = new Float64Array(3);

/** Collects the joints to solve this step (enabled, with an awake body) and prepares them. */
export function prepareJoints(w: JointsState, ctx: StepContext): void {
  const joints = w.joints;
  // at most every joint is active: size the list and the rows once
  w.activeJoints = growI32(w.activeJoints, joints.pool.count);
  joints.rows = growF64(joints.rows, joints.pool.count * REVOLUTE_ROW_STRIDE);
  joints.axialRows = growF64(joints.axialRows, joints.pool.count * AXIAL_ROW_STRIDE);
  joints.rowOnly = growU8(joints.rowOnly, joints.pool.count);
  joints.peakForceSq = growF64(joints.peakForceSq, joints.pool.count);
  joints.peakTorque = growF64(joints.peakTorque, joints.pool.count);
  // The counts are kept up to date in the loop, not stored after it: V8 compiles this
  // loop on entry during the first call, before code after it has run, and deoptimised
  // at that code at every later call (docs/contact-churn.md, "Deoptimised at every call").
  w.activeJointCount = 0;
  w.breakableJointCount = 0;
  let n = 0;
  let breakable = 0;
  for (let j = 0; j < joints.pool.next; j++) {
    if (joints.pool.alive[j] !== 1 || !isJointActive(w, j)) continue;
    w.activeJoints[n] = j;
    joints.rowOnly[n] = prepareJoint(w, j, ctx, n) ? 1 : 0;
    joints.peakForceSq[n] = 0;
    joints.peakTorque[n] = 0;
    if (joints.breakForce[j] !== Infinity || joints.breakTorque[j] !== Infinity) breakable++;
    n++;
    w.activeJointCount = n;
    w.breakableJointCount = breakable;
  }
}

/**
 * Prepares one joint into solver row r; returns true when it is solved from its row alone
 * (helpers may solve it: joint_graph.ts). Its own function, not the body of the loop above:
 * a function called once per joint is optimised within a few steps, while a loop body that
 * runs once per step stays in baseline code until its enclosing function is optimised,
 * boxing every double it computes (and the loop above only handles integers).
 */
function prepareJoint(w: JointsState, j: number, ctx: StepContext, r: number): boolean {
  const joints = w.joints;
  const d = joints.data[j]!;
  switch (joints.type[j]) {
    case JointType.Revolute:
      return prepareRevoluteJoint(w, j, d as RevoluteJointData, ctx, joints.rows, joints.axialRows, r);
    case JointType.Distance:
      prepareDistanceJoint(w, j, d as DistanceJointData, ctx, joints.rows, joints.axialRows, r);
      return true;
    case JointType.Wheel:
      prepareWheelJoint(w, j, d as WheelJointData, ctx, joints.rows, joints.axialRows, r);
      return true;
    case JointType.Mouse:
      prepareMouseJoint(w, j, d as MouseJointData, ctx, joints.rows, joints.axialRows, r);
      return true;
    case JointType.Motor:
      prepareMotorJoint(w, j, d as MotorJointData, ctx, joints.rows, joints.axialRows, r);
      return true;
    case JointType.Prismatic:
      preparePrismaticJoint(w, j, d as PrismaticJointData, ctx, joints.rows, joints.axialRows, r);
      return true;
    case JointType.Weld:
      prepareWeldJoint(w, j, d as WeldJointData, ctx, joints.rows, joints.axialRows, r);
      return true;
    default:
      break;
  }
  return false;
}

/**
 * Warm-starts the active joints at places [from, to) of the colour order (`solveOrder`,
 * joint_graph.ts): all of them, or a joint colour's joints that only the calling thread
 * can solve, or the overflow.
 */
export function warmStartJointsInOrder(w: JointsState, from: number, to: number): void {
  const order = w.joints.solveOrder;
  for (let k = from; k < to; k++) warmStartJoint(w, order[k]!);
}

/**
 * Warm-starts active joint i: from its rows, as every kind that solves anything is (the
 * filter joint, never row-only, solves nothing and its row is not written).
 */
function warmStartJoint(w: JointsState, i: number): void {
  const joints = w.joints;
  if (joints.rowOnly[i] === 1) warmStartJointRows(w.bodies.state, joints.rows, joints.axialRows, i);
}

/** Solves the active joints at places [from, to) of the colour order (see warmStartJointsInOrder). */
export function solveJointsInOrder(
  w: JointsState,
  ctx: StepContext,
  useBias: boolean,
  from: number,
  to: number,
): void {
  const order = w.joints.solveOrder;
  for (let k = from; k < to; k++) solveJoint(w, ctx, useBias, order[k]!);
}

/** Solves active joint i (see warmStartJoint). */
function solveJoint(w: JointsState, ctx: StepContext, useBias: boolean, i: number): void {
  const joints = w.joints;
  if (joints.rowOnly[i] === 1) solveJointRows(w.bodies.state, ctx, useBias, joints.rows, joints.axialRows, i);
}

/**
 * Records, after a sub-step, the largest constraint force and torque each breakable joint
 * has applied so far this step. Breaking is judged on this peak, not on the last sub-step:
 * a body caught by a joint is mostly stopped in the first sub-step, so the last one alone
 * would make the same joint break or hold depending on the sub-step count. Skipped when no
 * active joint can break (the common case costs one comparison per sub-step).
 */
export function trackJointPeaks(w: JointsState, ctx: StepContext): void {
  if (w.breakableJointCount === 0) return;
  const joints = w.joints;
  for (let i = 0; i < w.activeJointCount; i++) {
    const j = w.activeJoints[i]!;
    if (joints.breakForce[j] === Infinity && joints.breakTorque[j] === Infinity) continue;
    readReaction(w, ctx, i);
    const fx = reaction[0]!;
    const fy = reaction[1]!;
    const forceSq = fx * fx + fy * fy;
    const torque = Math.abs(reaction[2]!);
    if (forceSq > joints.peakForceSq[i]!) joints.peakForceSq[i] = forceSq;
    if (torque > joints.peakTorque[i]!) joints.peakTorque[i] = torque;
  }
}

/**
 * Stores each solved joint's constraint force and torque (impulse per sub-step / h, of
 * the last sub-step) and breaks the joints whose peak force or torque over the step's
 * sub-steps (trackJointPeaks) exceeded their limit: a broken joint is disabled, its
 * impulses and read-outs cleared, its bodies woken, and it is reported once.
 */
export function finishJoints(w: JointsState, ctx: StepContext): void {
  for (let i = 0; i < w.activeJointCount; i++) {
    finishJoint(w, ctx, i);
  }
}

/** Reads one solved joint's force and torque and breaks it when over its limits. */
function finishJoint(w: JointsState, ctx: StepContext, i: number): void {
  const joints = w.joints;
  const j = w.activeJoints[i]!;
  const d = joints.data[j]!;
  readReaction(w, ctx, i);
  const fx = reaction[0]!;
  const fy = reaction[1]!;
  const torque = reaction[2]!;
  joints.forceX[j] = fx;
  joints.forceY[j] = fy;
  joints.torque[j] = torque;
  const maxForce = joints.breakForce[j]!;
  const maxTorque = joints.breakTorque[j]!;
  if (maxForce === Infinity && maxTorque === Infinity) return;
  // the last sub-step is one of the tracked ones: the peak covers it
  if (joints.peakForceSq[i]! > maxForce * maxForce || joints.peakTorque[i]! > maxTorque) {
    joints.enabled[j] = 0;
    joints.forceX[j] = 0;
    joints.forceY[j] = 0;
    joints.torque[j] = 0;
    d.resetImpulses();
    reportJointEvent(w, j, true);
    wakeBody(w, joints.bodyA[j]!);
    wakeBody(w, joints.bodyB[j]!);
  }
}

/** Writes the constraint force and torque of active joint i (its current impulses) into `reaction`. */
function readReaction(w: JointsState, ctx: StepContext, i: number): void {
  const joints = w.joints;
  const j = w.activeJoints[i]!;
  const d = joints.data[j]!;
  reaction[0] = 0;
  reaction[1] = 0;
  reaction[2] = 0;
  switch (joints.type[j]) {
    case JointType.Revolute:
      finishRevoluteJoint(d as RevoluteJointData, joints.rows, joints.axialRows, i);
      revoluteJointReaction(d as RevoluteJointData, ctx, reaction);
      break;
    case JointType.Distance:
      finishDistanceJoint(d as DistanceJointData, joints.rows, joints.axialRows, i);
      distanceJointReaction(d as DistanceJointData, ctx, reaction);
      break;
    case JointType.Wheel:
      finishWheelJoint(d as WheelJointData, joints.axialRows, i);
      wheelJointReaction(d as WheelJointData, ctx, reaction);
      break;
    case JointType.Mouse:
      finishMouseJoint(d as MouseJointData, joints.rows, joints.axialRows, i);
      mouseJointReaction(d as MouseJointData, ctx, reaction);
      break;
    case JointType.Motor:
      finishMotorJoint(d as MotorJointData, joints.rows, joints.axialRows, i);
      motorJointReaction(d as MotorJointData, ctx, reaction);
      break;
    case JointType.Prismatic:
      finishPrismaticJoint(d as PrismaticJointData, joints.axialRows, i);
      prismaticJointReaction(d as PrismaticJointData, ctx, reaction);
      break;
    case JointType.Weld:
      finishWeldJoint(d as WeldJointData, joints.rows, joints.axialRows, i);
      weldJointReaction(d as WeldJointData, ctx, reaction);
      break;
    default:
      break;
  }
}
