/**
 * @impulse/core — the public API. Everything not exported here is internal.
 *
 * The world's contract (ids, definitions with their defaults and checks, geometry,
 * settings, the table of World methods, query checks) is listed once, in contract.ts,
 * which is also the light entry `@impulse/core/contract`; this entry adds the world.
 */

export * from './contract.js';
export { World } from './public_world.js';
// the joint registry's public views (its modules hold the joints' solvers: not the contract's)
export { jointCreators } from './joints/registry.js';
export { localizeJointDef } from './joints/localize.js';
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
