/**
 * Joints: storage, the per-type dispatch, and the links to islands, sleep and contacts.
 *
 * Every joint type lives in its own files: its step side (revolute_joint.ts, ...) exports
 * prepare (once per step: the joint's rows from its data object and the bodies), finish
 * (the impulses back into the data object) and the read-out of its constraint force and
 * torque; its rows file (revolute_rows.ts, ...) the warm start and the solve, which read
 * only the rows and the body state, so any thread may run them. joint_solver.ts dispatches
 * prepare and finish with one `switch`, joint_rows.ts the solve by the row's kind, the way
 * Box2D v3's joint.c does; no classes per joint type and no virtual calls.
 *
 * Common data (type, bodies, anchors, break limits, read-outs) is structure-of-arrays
 * indexed by joint slot; each type keeps its parameters and warm-started impulses in one
 * small object of its own class (monomorphic inside each type's functions).
 */

import { growI32 } from '../base/array.js';
import type { JointsState } from './joints_state.js';
import { markAwake, wakeBody } from '../dynamics/island.js';
import { destroyContactsBetween } from '../dynamics/contact.js';
import type { Vec2 } from '../base/math.js';
import { BodyType } from '../types/body_def.js';
import type { JointType } from '../types/joint_type.js';
import type { JointData } from './joint_store.js';
import { unlinkJoint, writeNewJoint } from './joint_links.js';

export { jointFrameNow, prepareJointFrameRow } from './joint_frame.js';

/** True when a joint between the two bodies forbids their shapes from colliding. */
export function jointsBlockCollision(w: JointsState, bodyA: number, bodyB: number): boolean {
  const joints = w.joints;
  for (let edge = w.bodies.jointHead[bodyA]!; edge !== -1; edge = joints.edgeNext[edge]!) {
    const j = edge >> 1;
    const other = (edge & 1) === 0 ? joints.bodyB[j]! : joints.bodyA[j]!;
    if (other === bodyB && joints.collideConnected[j] === 0) return true;
  }
  return false;
}

/** A joint is solved when it is enabled and one of its bodies is awake. */
export function isJointActive(w: JointsState, j: number): boolean {
  if (w.joints.enabled[j] !== 1) return false;
  const bodies = w.bodies;
  return bodies.awake[w.joints.bodyA[j]!] === 1 || bodies.awake[w.joints.bodyB[j]!] === 1;
}

/** Whether the body takes part in islands (dynamic bodies only). */
export function linksIslands(w: JointsState, body: number): boolean {
  return w.bodies.type[body] === BodyType.Dynamic;
}

// ---------------------------------------------------------------------------------------
// Operations on one world (moved from JointsState; callers have validated their input).

/** Records a joint event (broken in the step, or removed with one of its bodies). */
export function reportJointEvent(w: JointsState, j: number, broken: boolean): void {
  w.jointEventIds.push(w.joints.pool.handle(j));
  w.jointEventBroken.push(broken ? 1 : 0);
}

export function bindJointCallbacks(w: JointsState): void {
  w.destroyBodyJoints = (body) => {
    while (w.bodies.jointHead[body] !== -1) {
      const j = w.bodies.jointHead[body]! >> 1;
      reportJointEvent(w, j, false);
      freeJoint(w, j);
    }
  };
  w.jointFilter = (a, b) =>
    w.bodies.jointHead[a] === -1 || w.bodies.jointHead[b] === -1 || !jointsBlockCollision(w, a, b);
  w.linkJointIslands = (union) => {
    const joints = w.joints;
    const bodies = w.bodies;
    for (let i = 0; i < w.activeJointCount; i++) {
      const j = w.activeJoints[i]!;
      const a = joints.bodyA[j]!;
      const b = joints.bodyB[j]!;
      if (bodies.type[a] === BodyType.Dynamic && bodies.type[b] === BodyType.Dynamic) union(a, b);
    }
  };
  w.wakeJointNeighbours = (body, top) => {
    const joints = w.joints;
    const bodies = w.bodies;
    for (let edge = bodies.jointHead[body]!; edge !== -1; edge = joints.edgeNext[edge]!) {
      const j = edge >> 1;
      if (joints.enabled[j] !== 1) continue;
      const other = (edge & 1) === 0 ? joints.bodyB[j]! : joints.bodyA[j]!;
      if (bodies.type[other] === BodyType.Static || bodies.awake[other] === 1) continue;
      markAwake(w, other);
      w.events.pushBody(bodies.pool.handle(other), true);
      if (top === w.wakeStack.length) w.wakeStack = growI32(w.wakeStack, top * 2);
      w.wakeStack[top++] = other;
    }
    return top;
  };
}

/** Adds a joint of `type` with its type's `data`; the bodies wake (a jointed pair is one island). */
export function createJoint(
  w: JointsState,
  type: JointType,
  a: number,
  b: number,
  localA: Vec2,
  localB: Vec2,
  collideConnected: boolean,
  breakForce: number,
  breakTorque: number,
  data: JointData,
  userData: unknown,
): number {
  const joints = w.joints;
  const j = joints.pool.allocate();
  joints.ensureCapacity(j + 1);
  joints.collideConnected[j] = collideConnected ? 1 : 0;
  joints.forceX[j] = 0;
  joints.forceY[j] = 0;
  joints.torque[j] = 0;
  writeNewJoint(w, j, type, a, b, localA, localB, breakForce, breakTorque, data, userData);
  if (!collideConnected) destroyContactsBetween(w, a, b);
  // a jointed pair is one island: wake both so they fall asleep together
  wakeBody(w, a);
  wakeBody(w, b);
  return j;
}

export function freeJoint(w: JointsState, j: number): void {
  const joints = w.joints;
  const a = joints.bodyA[j]!;
  const b = joints.bodyB[j]!;
  unlinkJoint(w, j);
  joints.data[j] = null;
  joints.userData[j] = undefined;
  joints.enabled[j] = 0;
  joints.pool.release(j);
  wakeBody(w, a);
  wakeBody(w, b);
  // shapes that the joint kept apart may collide again: let the broad phase re-pair them
  const shapes = w.shapes;
  for (const body of [a, b]) {
    for (let s = w.bodies.shapeHead[body]!; s !== -1; s = shapes.next[s]!) {
      const key = shapes.proxyKey[s]!;
      if (key !== -1) w.broadPhase.bufferMove(key);
    }
  }
}
