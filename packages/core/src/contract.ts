/**
 * @impulse/core/contract — the world's contract without the world: ids, the definitions
 * with their defaults and checks, geometry, settings, the table of World methods and the
 * argument checks of queries, for code that checks calls where they are made, or keeps a
 * copy of a world's structure, without shipping the step. Nothing here reaches the solver,
 * the narrow phase, the broad phase's tree, the character mover, snapshots or rollback
 * states: a page that only checks and forwards calls to a world in a worker stays small.
 * test/contract.test.ts bundles this entry and fails if one of those modules enters it.
 *
 * Every check throws World's own message (the same functions run in World). Everything
 * here is also exported by the main entry, `@impulse/core`; the two share one copy.
 */

export {
  WORLD_METHODS,
  WRITING_KINDS,
  worldMethodsOf,
  type WorldMethodKind,
  type WorldMethodName,
  type WorldMethodsOf,
} from './world/world_methods.js';
export type { BodyId, ShapeId, ChainId, JointId, IdArray } from './types/ids.js';
export { JointType } from './types/joint_type.js';
export type { BodyPose } from './joints/joint_def.js';
// a rollback state is a container the caller keeps (its coding lives with World)
export { RollbackState } from './world/rollback_state.js';
// The checks World runs before each write (the same messages as World's)
export { checkBodyDef, checkBodyMassData, checkBodyType } from './dynamics/body_checks.js';
export { checkChainDef, checkFilter, checkShapeDef } from './dynamics/shape_checks.js';
export { checkCapsule, checkCircle, checkPolygon, checkSegment } from './geometry/geometry_checks.js';
export { checkWorldDef } from './world/world_settings.js';
export { checkVec2Within } from './base/validate.js';
export {
  checkAABBQuery,
  checkPointQuery,
  checkRayQuery,
  checkShapeQuery,
  defaultQueryFilter,
} from './world/query_checks.js';
export type {
  QueryFilter,
  QueryAABB,
  QueryGeometry,
  QueryTransform,
  RayHit,
  ShapeCastHit,
} from './world/query.js';
// Definitions and their defaults
export { BodyType, defaultBodyDef } from './types/body_def.js';
export type { BodyDef, BodyMassData, BodyRotation } from './types/body_def.js';
export { BodyRecord } from './types/body_record.js';
export { ContactPointRecord } from './types/contact_point_record.js';
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
} from './types/joint_defs.js';
export {
  springFromResponse,
  responseFromSpring,
  SPRING_DAMPING_RATIO,
  CRITICAL_SETTLING_OMEGA_T,
} from './joints/spring_tuning.js';
export type { SpringDamping, SpringResponse, SpringTuning } from './joints/spring_tuning.js';
// Geometry
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
export * as constants from './base/public_constants.js';
// A solver as plain data, for a worker and React props: its checks, and each kind's
// module loaded on demand (a chunk of its own: the contract ships no solver)
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
