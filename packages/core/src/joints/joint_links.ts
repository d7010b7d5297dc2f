/**
 * A joint's two edges in its bodies' joint lists (edge 2j on body A, 2j + 1 on body B,
 * newest first): the links a World keeps and the worker client's structure-only mirror
 * keeps alike, so both call these. Only types are imported: the mirror ships in the main
 * thread's bundle.
 */

import type { Vec2 } from '../base/math.js';

/** A column: a typed array in a World, a plain array in the mirror. */
interface Column {
  [slot: number]: number;
}

/** The columns the joint lists are made of (as JointStore and BodyStore name them). */
export interface JointLinks {
  readonly joints: { bodyA: Column; bodyB: Column; edgePrev: Column; edgeNext: Column };
  readonly bodies: { jointHead: Column };
}

/** The joint columns both a World and the mirror keep. */
export interface JointStructure {
  readonly joints: JointLinks['joints'] & {
    type: Column;
    localAx: Column;
    localAy: Column;
    localBx: Column;
    localBy: Column;
    breakForce: Column;
    breakTorque: Column;
    enabled: Column;
    data: (object | null)[];
    userData: unknown[];
  };
  readonly bodies: JointLinks['bodies'];
}

/**
 * Writes a new joint's columns at slot `j` (checked by the caller), enabled, and links it
 * into its bodies' lists. Waking the two bodies (a jointed pair is one island) is the
 * caller's next step.
 */
export function writeNewJoint(
  w: JointStructure,
  j: number,
  type: number,
  a: number,
  b: number,
  localA: Vec2,
  localB: Vec2,
  breakForce: number,
  breakTorque: number,
  data: object,
  userData: unknown,
): void {
  const joints = w.joints;
  joints.type[j] = type;
  joints.bodyA[j] = a;
  joints.bodyB[j] = b;
  joints.localAx[j] = localA.x;
  joints.localAy[j] = localA.y;
  joints.localBx[j] = localB.x;
  joints.localBy[j] = localB.y;
  joints.breakForce[j] = breakForce;
  joints.breakTorque[j] = breakTorque;
  joints.enabled[j] = 1;
  joints.data[j] = data;
  joints.userData[j] = userData;
  linkJoint(w, j);
}

/** Puts joint j's edges at the head of its bodies' lists. */
export function linkJoint(w: JointLinks, j: number): void {
  const joints = w.joints;
  const bodies = w.bodies;
  for (let side = 0; side < 2; side++) {
    const edge = 2 * j + side;
    const body = side === 0 ? joints.bodyA[j]! : joints.bodyB[j]!;
    const head = bodies.jointHead[body]!;
    joints.edgePrev[edge] = -1;
    joints.edgeNext[edge] = head;
    if (head !== -1) joints.edgePrev[head] = edge;
    bodies.jointHead[body] = edge;
  }
}

/** Takes joint j's edges out of its bodies' lists. */
export function unlinkJoint(w: JointLinks, j: number): void {
  const joints = w.joints;
  const bodies = w.bodies;
  for (let side = 0; side < 2; side++) {
    const edge = 2 * j + side;
    const body = side === 0 ? joints.bodyA[j]! : joints.bodyB[j]!;
    const prev = joints.edgePrev[edge]!;
    const next = joints.edgeNext[edge]!;
    if (prev !== -1) joints.edgeNext[prev] = next;
    else bodies.jointHead[body] = next;
    if (next !== -1) joints.edgePrev[next] = prev;
    joints.edgePrev[edge] = -1;
    joints.edgeNext[edge] = -1;
  }
}
