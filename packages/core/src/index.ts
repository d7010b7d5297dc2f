/**
 * @impulse/core — the public API. Everything not exported here is internal.
 */

export {
  World,
  BodyRecord,
  BodyType,
  defaultWorldDef,
  defaultBodyDef,
  defaultShapeDef,
  defaultChainDef,
  defaultFilter,
} from './world.js';
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
} from './world.js';
export { JointType } from './joint.js';
export type { RevoluteJointParams } from './revolute_joint.js';
export type { DistanceJointParams } from './distance_joint.js';
export type { WheelJointParams } from './wheel_joint.js';
export type { DistanceJointDef, WheelJointDef } from './world.js';
export type { MouseJointParams } from './mouse_joint.js';
export type { MotorJointParams } from './motor_joint.js';
export type { FilterJointParams } from './filter_joint.js';
export type { MouseJointDef, MotorJointDef, FilterJointDef } from './world.js';
export {
  springFromResponse,
  responseFromSpring,
  SPRING_DAMPING_RATIO,
  CRITICAL_SETTLING_OMEGA_T,
} from './spring_tuning.js';
export type { SpringDamping, SpringResponse, SpringTuning } from './spring_tuning.js';
export type { PrismaticJointParams } from './prismatic_joint.js';
export type { WeldJointParams } from './weld_joint.js';
export type { PrismaticJointDef, WeldJointDef } from './world.js';
export type { FrictionMixer, RestitutionMixer } from './world_state.js';
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
} from './mover.js';
export type { MoverDef, MoverOptions, MutableVec2 } from './mover.js';
export { defaultQueryFilter } from './query.js';
export type {
  QueryFilter,
  QueryAABB,
  QueryGeometry,
  QueryTransform,
  RayHit,
  ShapeCastHit,
} from './query.js';
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
} from './geometry.js';
export type { Geometry } from './geometry.js';
export { computeHull } from './hull.js';
export { Transform, cosSin, atan2, CosSin } from './math.js';
export type { Vec2 } from './math.js';
export { makeSoft, Softness } from './softness.js';
export * as constants from './constants.js';
