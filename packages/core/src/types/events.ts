/** The events a step leaves to read (World.getContactEvents, getBodyEvents, getJointEvents). */

import type { BodyId, IdArray, JointId, ShapeId } from './ids.js';

/** Contact events of the last step (see World.getContactEvents). Arrays hold shape ids. */
export interface ContactEvents {
  readonly beginCount: number;
  readonly beginShapeA: IdArray<ShapeId>;
  readonly beginShapeB: IdArray<ShapeId>;
  readonly endCount: number;
  readonly endShapeA: IdArray<ShapeId>;
  readonly endShapeB: IdArray<ShapeId>;
  readonly hitCount: number;
  readonly hitShapeA: IdArray<ShapeId>;
  readonly hitShapeB: IdArray<ShapeId>;
  readonly hitPointX: Float64Array;
  readonly hitPointY: Float64Array;
  readonly hitNormalX: Float64Array;
  readonly hitNormalY: Float64Array;
  readonly hitSpeed: Float64Array;
  readonly sensorBeginCount: number;
  readonly sensorBeginSensor: IdArray<ShapeId>;
  readonly sensorBeginVisitor: IdArray<ShapeId>;
  readonly sensorEndCount: number;
  readonly sensorEndSensor: IdArray<ShapeId>;
  readonly sensorEndVisitor: IdArray<ShapeId>;
}

/** Body events of the last step (see World.getBodyEvents). Arrays hold body ids. */
export interface BodyEvents {
  readonly bodyCount: number;
  readonly body: IdArray<BodyId>;
  readonly bodyAwake: Uint8Array;
  readonly moveCount: number;
  /**
   * Body ids too, typed as plain numbers for now: the worker builds an empty one with
   * `new Float64Array(0)`, which an `IdArray<BodyId>` would reject (cast each element).
   */
  readonly moveBody: Float64Array;
}

/** Joint events since the last step began. */
export interface JointEvents {
  /** Joints that broke (force or torque over their limit); they stay, disabled. */
  broken: JointId[];
  /** Joints removed because one of their bodies was destroyed. */
  removed: JointId[];
}
