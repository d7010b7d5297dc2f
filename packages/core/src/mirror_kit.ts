/**
 * @impulse/core/mirror-kit — internal: for clients that keep a copy of a world's structure
 * without stepping it (the worker client's mirror). The contract, plus the core's own id
 * pools, argument checks, mass rule, settings, joint registry and solver capability
 * checks, so the copy allocates the same ids and throws the same messages as World. Not a
 * stable API: it follows World's internals, and is no part of the main entry.
 * @internal
 */

export * from './contract.js';
/** @internal */
export { jointCreators } from './joints/registry.js';
/** @internal */
export { localizeJointDef } from './joints/localize.js';

/** @internal */
export {
  HandleKind,
  handleGeneration,
  handleKind,
  handleSlot,
  MAX_SLOTS,
  makeHandle,
  SlotPool,
} from './base/id.js';
/** @internal */
export {
  checkBoolean,
  checkKnownFields,
  checkNonNegative,
  checkNonNegativeAtMost,
  checkVec2Length,
  checkWithin,
  describe,
  fail,
} from './base/validate.js';
/** @internal */
export { MAX_GRAVITY_SCALE } from './base/constants.js';
/** @internal */
export { withDefaultFilter } from './dynamics/shape_checks.js';
/** @internal */
export { cloneGeometry, polygonOf } from './geometry/geometry.js';
export { chainSegments, chainShapeDef } from './geometry/chain.js';
/** @internal */
export { applyMass, updateBodyMass, updateMaxExtent } from './dynamics/body_mass.js';
/** @internal */
export { STATE_STRIDE, VX, VY, W } from './dynamics/body_state_layout.js';
/** @internal */
export {
  addAngularImpulse,
  addLinearImpulse,
  addLinearImpulseToCenter,
  placeBody,
  prepareToActWith,
  releaseBody,
  setAngularVelocityWith,
  setAwakeWith,
  setFixedRotation,
  setLinearVelocityWith,
  startsAwake,
  writeBodyType,
  writeNewBody,
} from './dynamics/body_structure.js';
/** @internal */
export { unlinkJoint, writeNewJoint } from './joints/joint_links.js';
/** @internal */
export {
  releaseChainSlot,
  takeChainSlot,
  unlinkShape,
  writeNewShape,
  writeShapeFilter,
} from './dynamics/shape_structure.js';
/** @internal */
export { defToSettings, settingsToDef, WorldSettings } from './world/world_settings.js';
/** @internal */
export { jointCreateMethod, jointTypes } from './joints/registry.js';
/** @internal */
export type { JointTypeEntry } from './joints/registry.js';
/** @internal */
export { checkJointDefFields, resolveJointDefAt } from './joints/joint_def.js';
/** @internal */
export { checkBreakLimit } from './joints/joint_checks.js';
/** @internal */
export { checkJointsUnderSolver, checkNewJointUnderSolver, checkSolver } from './world/solver_interface.js';
/** @internal */
export type { Solver } from './world/solver_interface.js';
/** @internal */
export { checkMoverDef } from './character/mover_options.js';
/** @internal */
export type { MoverDef } from './character/mover_options.js';
/** @internal */
export type { WorldState } from './world/world_state.js';
