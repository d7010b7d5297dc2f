/**
 * @impulse/core — the public API. Everything not exported here is internal.
 *
 * The world's contract (ids, definitions with their defaults and checks, geometry,
 * settings, the table of World methods, query checks) is listed once, in contract.ts,
 * which is also the light entry `@impulse/core/contract`; this entry adds the world.
 */

export * from './contract.js';
export { localizeJointDef, World } from './world.js';
export { jointCreators } from './joints/registry.js';
export type { BodyPose } from './joints/joint_def.js';
export type {
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
export { RollbackState } from './world/rollback_state.js';
export { makeSoft, Softness } from './dynamics/softness.js';
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
