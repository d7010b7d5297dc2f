/**
 * Ids: the handles the public API hands out (Box2D's id.h). At run time each is a number
 * (base/id.ts packs slot, generation and kind); the brands keep a body id from being
 * passed where a shape id is expected.
 */

import type { JointType } from './joint_type.js';

/** Handle of a body. Stale handles are detected and rejected. */
export type BodyId = number & { readonly __brand: 'BodyId' };

/** Handle of a shape. */
export type ShapeId = number & { readonly __brand: 'ShapeId' };

/** Handle of a chain (a one-sided chain of segment shapes). */
export type ChainId = number & { readonly __brand: 'ChainId' };

/**
 * Handle of a joint. `K` is its type when known: the create methods return
 * `JointId<typeof JointType.Revolute>` and so on, so `getJointParams`, `setJointParams`
 * and `getJointState` take and return that type's own fields without a cast. A plain
 * `JointId` (any type) gives the union of all types' fields.
 */
export type JointId<K extends JointType = JointType> = number & {
  readonly __brand: 'JointId';
  /** Type-level only (never set): the joint's type. */
  readonly __jointType?: K;
};

/**
 * A Float64Array of ids of one kind (the event arrays): an element reads as that id type,
 * so `world.getShapeBody(events.beginShapeA[i])` needs no cast. At run time it is a plain
 * Float64Array (ids are safe integers, exact in a double).
 */
export interface IdArray<Id extends number> extends Float64Array<ArrayBuffer> {
  [index: number]: Id;
  slice(start?: number, end?: number): IdArray<Id>;
  subarray(begin?: number, end?: number): IdArray<Id>;
}
