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
  ContactEvents,
  BodyEvents,
} from './world';
export { JointType } from './joint';
export type { RevoluteJointParams } from './revolute_joint';
export type { DistanceJointParams } from './distance_joint';
export type { WheelJointParams } from './wheel_joint';
export type { DistanceJointDef, WheelJointDef } from './world';
export type { MouseJointParams } from './mouse_joint';
export type { MotorJointParams } from './motor_joint';
export type { FilterJointParams } from './filter_joint';
export type { MouseJointDef, MotorJointDef, FilterJointDef } from './world';
export {
  springFromResponse,
  responseFromSpring,
  SPRING_DAMPING_RATIO,
  CRITICAL_SETTLING_OMEGA_T,
} from './spring_tuning';
export type { SpringDamping, SpringResponse, SpringTuning } from './spring_tuning';
export type { PrismaticJointParams } from './prismatic_joint';
export type { WeldJointParams } from './weld_joint';
export type { PrismaticJointDef, WeldJointDef } from './world';
export type { FrictionMixer, RestitutionMixer } from './world_state';
export {
  CharacterMover,
  MoveResult,
  MoverContact,
  defaultMoverOptions,
  MOVER_SKIN,
  MOVER_CAST_SKIN,
  MOVER_MARGIN,
  MOVER_TOUCH,
  MOVER_MAX_PLANES,
} from './mover';
export type { MoverDef, MoverOptions, MutableVec2 } from './mover';
export { defaultQueryFilter } from './query';
export type {
  QueryFilter,
  QueryAABB,
  QueryGeometry,
  QueryTransform,
  RayHit,
  ShapeCastHit,
} from './query';
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
