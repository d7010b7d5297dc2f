/**
 * The joint stage of the step: one switch per solver phase dispatching to the joint
 * type's own functions, plus the read-out of constraint forces and the break check.
 */

import { growI32 } from './array';
import { isJointActive, type JointContext, type JointData, JointType } from './joint';
import {
  prepareRevoluteJoint,
  RevoluteJointData,
  revoluteJointReaction,
  solveRevoluteJoint,
  warmStartRevoluteJoint,
} from './revolute_joint';
import type { WorldState } from './world_state';

const reaction = new Float64Array(3);

/** A fresh data object for a joint type (used when restoring a snapshot). */
export function createJointData(type: number): JointData {
  switch (type) {
    case JointType.Revolute:
      return new RevoluteJointData();
    default:
      throw new RangeError(`restore: snapshot is corrupt (joint type ${type})`);
  }
}

/** Collects the joints to solve this step (enabled, with an awake body) and prepares them. */
export function prepareJoints(w: WorldState, ctx: JointContext): void {
  const joints = w.joints;
  let n = 0;
  for (let j = 0; j < joints.pool.next; j++) {
    if (joints.pool.alive[j] !== 1 || !isJointActive(w, j)) continue;
    if (n === w.activeJoints.length) w.activeJoints = growI32(w.activeJoints, n * 2);
    w.activeJoints[n++] = j;
    const d = joints.data[j]!;
    switch (joints.type[j]) {
      case JointType.Revolute:
        prepareRevoluteJoint(w, j, d as RevoluteJointData, ctx);
        break;
      default:
        break;
    }
  }
  w.activeJointCount = n;
}

export function warmStartJoints(w: WorldState): void {
  const joints = w.joints;
  for (let i = 0; i < w.activeJointCount; i++) {
    const j = w.activeJoints[i]!;
    const d = joints.data[j]!;
    switch (joints.type[j]) {
      case JointType.Revolute:
        warmStartRevoluteJoint(w, d as RevoluteJointData);
        break;
      default:
        break;
    }
  }
}

export function solveJoints(w: WorldState, ctx: JointContext, useBias: boolean): void {
  const joints = w.joints;
  for (let i = 0; i < w.activeJointCount; i++) {
    const j = w.activeJoints[i]!;
    const d = joints.data[j]!;
    switch (joints.type[j]) {
      case JointType.Revolute:
        solveRevoluteJoint(w, d as RevoluteJointData, ctx, useBias);
        break;
      default:
        break;
    }
  }
}

/**
 * Stores each solved joint's constraint force and torque (impulse per sub-step / h) and
 * breaks the joints whose force or torque exceeded their limit: a broken joint is
 * disabled, its impulses cleared, its bodies woken, and it is reported once.
 */
export function finishJoints(w: WorldState, ctx: JointContext): void {
  const joints = w.joints;
  for (let i = 0; i < w.activeJointCount; i++) {
    const j = w.activeJoints[i]!;
    const d = joints.data[j]!;
    reaction[0] = 0;
    reaction[1] = 0;
    reaction[2] = 0;
    switch (joints.type[j]) {
      case JointType.Revolute:
        revoluteJointReaction(d as RevoluteJointData, ctx.invH, reaction);
        break;
      default:
        break;
    }
    const fx = reaction[0]!;
    const fy = reaction[1]!;
    const torque = reaction[2]!;
    joints.forceX[j] = fx;
    joints.forceY[j] = fy;
    joints.torque[j] = torque;
    const maxForce = joints.breakForce[j]!;
    const maxTorque = joints.breakTorque[j]!;
    if (fx * fx + fy * fy > maxForce * maxForce || torque > maxTorque || torque < -maxTorque) {
      joints.enabled[j] = 0;
      d.resetImpulses();
      w.reportJointEvent(j, true);
      w.wakeBody(joints.bodyA[j]!);
      w.wakeBody(joints.bodyB[j]!);
    }
  }
}
