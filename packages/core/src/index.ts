/**
 * @impulse/core — the public API. Everything not exported here is internal.
 */

export {
  World,
  BodyType,
  defaultWorldDef,
  defaultBodyDef,
  defaultShapeDef,
  defaultChainDef,
  defaultFilter,
} from './world';
export type {
  BodyId,
  ShapeId,
  ChainId,
  WorldDef,
  BodyDef,
  ShapeDef,
  ChainDef,
  Filter,
  StepProfile,
  WorldCounters,
  BodyMassData,
  JointId,
  JointDef,
  JointDefInput,
  RevoluteJointDef,
  JointEvents,
} from './world';
export { JointType } from './joint';
export type { RevoluteJointParams } from './revolute_joint';
export type { FrictionMixer, RestitutionMixer } from './world_state';
export {
  ShapeType,
  Circle,
  Capsule,
  Segment,
  ChainSegment,
  Polygon,
  MassData,
  AABB,
  makeBox,
  makeSquare,
  makeOffsetBox,
  makeRoundedBox,
  makePolygon,
  makeCircle,
  makeCapsule,
  makeSegment,
  computeMass,
  computeShapeAABB,
} from './geometry';
export type { Geometry } from './geometry';
export { computeHull } from './hull';
export { Transform, cosSin, atan2, CosSin } from './math';
export type { Vec2 } from './math';
export { makeSoft, Softness } from './softness';
export * as constants from './constants';
