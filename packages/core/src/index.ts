/**
 * @impulse/core — the public API. Everything not exported here is internal.
 */

export { ContactPointRecord } from './world/contact_points.js';
export {
  localizeJointDef,
  World,
  RENAMED_WORLD_METHODS,
  BodyRecord,
  BodyType,
  defaultWorldDef,
  defaultBodyDef,
  defaultShapeDef,
  defaultChainDef,
  defaultFilter,
} from './world.js';
export type { BodyPose } from './joints/joint_def.js';
export type {
  BodyId,
  ShapeId,
  ChainId,
  WorldDef,
  BodyDef,
  ShapeDef,
  ShapeDefInput,
  ChainDef,
  ChainDefInput,
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
  IdArray,
  BodyRotation,
  JointLocalAnchors,
  JointParams,
  JointParamsUnion,
  JointParamsByType,
  JointParamsOf,
  JointState,
  JointStateByType,
  JointStateOf,
  WorldAxisDef,
} from './world.js';
export { JointType } from './joints/joint.js';
export type { RevoluteJointParams } from './joints/revolute_joint.js';
export type { DistanceJointParams } from './joints/distance_joint.js';
export type { WheelJointParams } from './joints/wheel_joint.js';
export type { DistanceJointDef, WheelJointDef } from './world.js';
export type { MouseJointParams } from './joints/mouse_joint.js';
export type { MotorJointParams } from './joints/motor_joint.js';
export type { FilterJointParams } from './joints/filter_joint.js';
export type { MouseJointDef, MotorJointDef, FilterJointDef } from './world.js';
export {
  springFromResponse,
  responseFromSpring,
  SPRING_DAMPING_RATIO,
  CRITICAL_SETTLING_OMEGA_T,
} from './joints/spring_tuning.js';
export type { SpringDamping, SpringResponse, SpringTuning } from './joints/spring_tuning.js';
export type { PrismaticJointParams } from './joints/prismatic_joint.js';
export type { WeldJointParams } from './joints/weld_joint.js';
export type { PrismaticJointDef, WeldJointDef } from './world.js';
export type { FrictionMixer, RestitutionMixer } from './world/world_state.js';
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
} from './character/mover.js';
export type { MoverDef, MoverOptions, MutableVec2 } from './character/mover.js';
export {
  checkAABBQuery,
  checkPointQuery,
  checkRayQuery,
  checkShapeQuery,
  defaultQueryFilter,
} from './world/query.js';
export { RollbackState } from './world/rollback_state.js';
export type {
  QueryFilter,
  QueryAABB,
  QueryGeometry,
  QueryTransform,
  RayHit,
  ShapeCastHit,
} from './world/query.js';
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
} from './geometry/geometry.js';
export type { Geometry } from './geometry/geometry.js';
export { computeHull } from './geometry/hull.js';
export { Transform, cosSin, atan2, CosSin } from './base/math.js';
export type { Vec2 } from './base/math.js';
export { makeSoft, Softness } from './dynamics/softness.js';
export * as constants from './base/public_constants.js';
// the alternative constraint solvers (issue 24, docs/solvers.md): pass one as `solver`
export type { Solver, SolverCapabilities } from './world/solver_interface.js';
export * from './solvers/index.js';
