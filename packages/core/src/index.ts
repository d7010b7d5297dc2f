/**
 * @impulse/core — the public API. Everything not exported here is internal.
 */

export { ContactPointRecord } from './world/contact_points.js';
export { localizeJointDef, World } from './world.js';
export {
  WORLD_METHODS,
  WRITING_KINDS,
  worldMethodsOf,
  type WorldMethodKind,
  type WorldMethodName,
  type WorldMethodsOf,
} from './world/world_methods.js';
export type { BodyPose } from './joints/joint_def.js';
export type { BodyId, ShapeId, ChainId, JointId, IdArray } from './types/ids.js';
export { JointType } from './types/joint_type.js';
export { jointCreators } from './joints/registry.js';
// The checks World runs before each write, for clients that validate at the call site
// without a world (the worker client, React): the same messages as World's.
export { checkBodyDef, checkBodyMassData, checkBodyType } from './dynamics/body_checks.js';
export { checkChainDef, checkFilter, checkShapeDef } from './dynamics/shape_checks.js';
export { checkCapsule, checkCircle, checkPolygon, checkSegment } from './geometry/geometry_checks.js';
export { checkWorldDef } from './world/world_settings.js';
// The vector check behind every { x, y } argument (an array is named as such)
export { checkVec2Within } from './base/validate.js';
export { BodyType, defaultBodyDef } from './types/body_def.js';
export type { BodyDef, BodyMassData, BodyRotation } from './types/body_def.js';
export { BodyRecord } from './types/body_record.js';
export { defaultShapeDef, defaultChainDef, defaultFilter } from './types/shape_def.js';
export type { ShapeDef, ShapeDefInput, ChainDef, ChainDefInput, Filter } from './types/shape_def.js';
export { defaultWorldDef, WORLD_SCALAR_SETTINGS } from './types/world_def.js';
export type {
  WorldDef,
  WorldScalarSettings,
  ScalarSettingSpec,
  FrictionMixer,
  RestitutionMixer,
} from './types/world_def.js';
export type { StepProfile, WorldCounters } from './types/world_stats.js';
export type { ContactEvents, BodyEvents, JointEvents } from './types/events.js';
export type {
  JointDef,
  JointDefInput,
  JointLocalAnchors,
  JointParams,
  JointParamsByKind,
  JointKind,
  JointCreateMethod,
  JointParamsUnion,
  JointParamsByType,
  JointParamsOf,
  JointState,
  JointStateByType,
  JointStateOf,
  WorldAxisDef,
  RevoluteJointDef,
  RevoluteJointParams,
  DistanceJointDef,
  DistanceJointParams,
  WheelJointDef,
  WheelJointParams,
  MouseJointDef,
  MouseJointParams,
  MotorJointDef,
  MotorJointParams,
  FilterJointDef,
  FilterJointParams,
  PrismaticJointDef,
  PrismaticJointParams,
  WeldJointDef,
  WeldJointParams,
} from './types/joint_defs.js';
export {
  springFromResponse,
  responseFromSpring,
  SPRING_DAMPING_RATIO,
  CRITICAL_SETTLING_OMEGA_T,
} from './joints/spring_tuning.js';
export type { SpringDamping, SpringResponse, SpringTuning } from './joints/spring_tuning.js';
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
// the alternative constraint solvers (docs/solvers.md): their factories are the
// `@impulse/core/solvers` entry, so an app that keeps the soft step ships none of them
export type { Solver, SolverCapabilities } from './world/solver_interface.js';
export type {
  BaumgarteSettings,
  BlockSolverSettings,
  NgsSettings,
  PgsSettings,
  SoftOdeSettings,
  XpbdSettings,
} from './solvers/index.js';
// a solver as plain data, for a worker and React props; each kind's module loaded on demand
export {
  checkSolverDescription,
  createSolver,
  loadSolver,
  loadSolverKind,
  SOLVER_KINDS,
  type SolverDescription,
  type SolverKind,
  type SolverSettingsByKind,
} from './solvers/description.js';
