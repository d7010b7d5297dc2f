/**
 * A joint's two edges in its bodies' joint lists (edge 2j on body A, 2j + 1 on body B,
 * newest first): the links a World keeps and the worker client's structure-only mirror
 * keeps alike, so both call these. Only types are imported: the mirror ships in the main
 * thread's bundle.
 */

/** A column: a typed array in a World, a plain array in the mirror. */
interface Column {
  [slot: number]: number;
}

/** The columns the joint lists are made of (as JointStore and BodyStore name them). */
export interface JointLinks {
  readonly joints: { bodyA: Column; bodyB: Column; edgePrev: Column; edgeNext: Column };
  readonly bodies: { jointHead: Column };
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
