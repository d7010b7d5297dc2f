/**
 * Every method of `World`, classified once. The one table of what each method does to the
 * world: the world derives from it which methods renew the rollback stamp (installWriteMarks,
 * world/write_marks.ts), the rollback tests derive their lists of writes and reads from it, and packages
 * that mirror World (the worker client: its commands, its per-frame inputs, the reads its
 * mirror answers, the methods it leaves out) derive theirs from it too. A method missing
 * from it fails the core's tests (test/world/world_methods.test.ts) and, for a public one,
 * the typecheck of world.ts.
 *
 * The kinds:
 * - `input`: a write a game makes every frame (velocities, forces, impulses, waking, joint
 *   params): the worker sends these through its shared input ring.
 * - `command`: a write that keeps the structure (settings, body and shape properties).
 * - `structure`: a write that changes the structure (creates, destroys, a body's type): an
 *   older rollback state no longer loads after one.
 * - `restore`: replaces the whole content from a snapshot (a write, structure included).
 * - `userData`: user data, read or written: no step, save or load reads it, so setting it
 *   keeps the rollback stamp.
 * - `config`: a read of what only writes change (never the step): a mirror of the world
 *   kept by replaying the writes answers it.
 * - `frame`: a read of what the step changes (poses, velocities, sleep, forces, counters,
 *   hashes, snapshots).
 * - `query`: a spatial query (rays, shape casts, overlaps) at the current poses.
 * - `events`: the events of the last step.
 * - `character`: a character mover; it writes only when it pushes a body, and does so
 *   through `applyBodyLinearImpulse`, a write of this table (character/mover.ts MoverWriter).
 * - `step`: the step; it keeps the stamp of a world at rest (world/solver.ts).
 * - `rollback`: saveState and loadState, which keep and compare the stamp
 *   (world/rollback.ts, "The fast path").
 * - `internal`: world.ts's private helpers (TypeScript-private, still on the prototype),
 *   reached only through the public methods.
 *
 * The worker client's lists, derived (each equal to today's hand-written one): its per-frame
 * inputs are worldMethodsOf('input'); its commands worldMethodsOf('input', 'command',
 * 'structure'); the reads its mirror answers worldMethodsOf('config', 'userData'); the
 * methods it leaves out WorldMethodsOf<'step' | 'events' | 'character'>.
 */

export type WorldMethodKind =
  | 'input'
  | 'command'
  | 'structure'
  | 'restore'
  | 'userData'
  | 'config'
  | 'frame'
  | 'query'
  | 'events'
  | 'character'
  | 'step'
  | 'rollback'
  | 'internal';

/** The kinds that write what a rollback state holds or what its coding reads. */
export const WRITING_KINDS: ReadonlySet<WorldMethodKind> = new Set([
  'input',
  'command',
  'structure',
  'restore',
]);

/** Every method of World (the deprecated aliases apart: each is its new name's function). */
export const WORLD_METHODS = {
  // world
  step: 'step',
  getGravity: 'config',
  setGravity: 'command',
  getSettings: 'config',
  setSettings: 'command',
  getSolver: 'config',
  setSolver: 'command',
  getProfile: 'frame',
  readContactPoints: 'frame',
  getCounters: 'frame',
  stateHash: 'frame',
  snapshot: 'frame',
  restore: 'restore',
  saveState: 'rollback',
  loadState: 'rollback',
  // bodies
  createBody: 'structure',
  destroyBody: 'structure',
  isValidBody: 'config',
  getBodySlot: 'config',
  getBodySlotCount: 'config',
  readBodyTransforms: 'frame',
  getBodyType: 'config',
  setBodyType: 'structure',
  getBodyPosition: 'frame',
  getBodyAngle: 'frame',
  getBodyRotation: 'frame',
  getBodyWorldCenter: 'frame',
  getBodyLocalCenter: 'config',
  getBodyLinearVelocity: 'frame',
  getBodyAngularVelocity: 'frame',
  setBodyLinearVelocity: 'input',
  setBodyAngularVelocity: 'input',
  setBodyTransform: 'input',
  applyBodyForce: 'input',
  applyBodyForceToCenter: 'input',
  applyBodyTorque: 'input',
  applyBodyLinearImpulse: 'input',
  applyBodyLinearImpulseToCenter: 'input',
  applyBodyAngularImpulse: 'input',
  getBodyMass: 'config',
  getBodyRotationalInertia: 'config',
  getBodyMassData: 'config',
  setBodyMassData: 'command',
  resetBodyMassData: 'command',
  getBodyLinearDamping: 'config',
  setBodyLinearDamping: 'command',
  getBodyAngularDamping: 'config',
  setBodyAngularDamping: 'command',
  getBodyGravityScale: 'config',
  setBodyGravityScale: 'command',
  isBodyFixedRotation: 'config',
  setBodyFixedRotation: 'command',
  isBodyBullet: 'config',
  setBodyBullet: 'command',
  isBodyAwake: 'frame',
  setBodyAwake: 'input',
  isBodySleepEnabled: 'config',
  enableBodySleep: 'command',
  getBodySleepThreshold: 'config',
  setBodySleepThreshold: 'command',
  getBodyUserData: 'userData',
  setBodyUserData: 'userData',
  getBodyShapes: 'config',
  getBodyJoints: 'config',
  getBodyLocalPoint: 'frame',
  getBodyWorldPoint: 'frame',
  // shapes and chains
  createCircleShape: 'structure',
  createCapsuleShape: 'structure',
  createPolygonShape: 'structure',
  createSegmentShape: 'structure',
  createChain: 'structure',
  destroyChain: 'structure',
  getChainSegments: 'config',
  isValidChain: 'config',
  destroyShape: 'structure',
  isValidShape: 'config',
  getShapeBody: 'config',
  getShapeType: 'config',
  getShapeGeometry: 'config',
  getShapeDensity: 'config',
  setShapeDensity: 'command',
  getShapeFriction: 'config',
  setShapeFriction: 'command',
  getShapeRestitution: 'config',
  setShapeRestitution: 'command',
  getShapeFilter: 'config',
  setShapeFilter: 'command',
  areShapeContactEventsEnabled: 'config',
  enableShapeContactEvents: 'command',
  getShapeUserData: 'userData',
  setShapeUserData: 'userData',
  getShapeAABB: 'frame',
  isShapeSensor: 'config',
  // joints
  createRevoluteJoint: 'structure',
  createDistanceJoint: 'structure',
  createWheelJoint: 'structure',
  createMouseJoint: 'structure',
  createMotorJoint: 'structure',
  createFilterJoint: 'structure',
  createPrismaticJoint: 'structure',
  createWeldJoint: 'structure',
  destroyJoint: 'structure',
  isValidJoint: 'config',
  getJointType: 'config',
  getJointBodyA: 'config',
  getJointBodyB: 'config',
  getJointLocalAnchors: 'config',
  getJointConstraintForce: 'frame',
  getJointConstraintTorque: 'frame',
  isJointEnabled: 'frame',
  getJointBreakForce: 'config',
  setJointBreakForce: 'command',
  getJointBreakTorque: 'config',
  setJointBreakTorque: 'command',
  getJointUserData: 'userData',
  setJointUserData: 'userData',
  getJointParams: 'config',
  setJointParams: 'input',
  getJointState: 'frame',
  // queries, characters, events
  castRayClosest: 'query',
  castRayAll: 'query',
  castRayAny: 'query',
  castShape: 'query',
  overlapAABB: 'query',
  overlapPoint: 'query',
  overlapShape: 'query',
  createMover: 'character',
  moveCharacter: 'character',
  getContactEvents: 'events',
  getBodyEvents: 'events',
  getJointEvents: 'events',
  // world.ts's private helpers
  applySettings: 'internal',
  newJoint: 'internal',
  joint: 'internal',
  bodyField: 'internal',
  body: 'internal',
  shape: 'internal',
  resolveChain: 'internal',
  chain: 'internal',
  newShape: 'internal',
  shapeDef: 'internal',
} as const satisfies Record<string, WorldMethodKind>;

export type WorldMethodName = keyof typeof WORLD_METHODS;

/** The methods of one kind, in the table's order. */
export type WorldMethodsOf<K extends WorldMethodKind> = {
  [N in WorldMethodName]: (typeof WORLD_METHODS)[N] extends K ? N : never;
}[WorldMethodName];

/** The names of the methods of the given kinds, in the table's order. */
export function worldMethodsOf<K extends WorldMethodKind>(...kinds: K[]): WorldMethodsOf<K>[] {
  const wanted: ReadonlySet<WorldMethodKind> = new Set(kinds);
  return (Object.keys(WORLD_METHODS) as WorldMethodName[]).filter((n) =>
    wanted.has(WORLD_METHODS[n]),
  ) as WorldMethodsOf<K>[];
}
