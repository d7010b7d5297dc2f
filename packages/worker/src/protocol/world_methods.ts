/**
 * Every public `World` method, and how the client serves it: one table, used by the client
 * (to build its commands and mirror reads), the host (to check what it applies) and the
 * types. A new World method fails the worker's coverage test until it has a row here.
 *
 * - `command`: changes the world. The client's mirror world checks and answers the call
 *   (ids included) on the main thread, then it is queued for the host, which applies the
 *   same calls in the same order to its own world.
 * - `input`: a command sent every frame; it travels through the shared input ring without
 *   a message. These rows come from the input forms (inputs.ts), declared there once.
 * - `mirror`: a read of what only commands change (never the step): the mirror answers.
 * - `frame`: a read of what the step changes: from the newest published frame, or the
 *   mirror's value before the body's first published step.
 * - `host`: only the host knows (hashes, snapshots, queries, joint forces): a promise.
 * - `{ absent }`: not on the client, with the reason.
 */
import { JointType, type World } from '@impulse/core';
import { INPUT_METHODS, type InputMethod } from './inputs.js';

export type Route = 'command' | 'input' | 'mirror' | 'frame' | 'host' | { readonly absent: string };

/** The joint kinds' create methods, from the core's joint types (the joint registry's index). */
type JointCreator = `create${keyof typeof JointType}Joint`;

/** Each joint create method and the joint type it makes. */
export const JOINT_CREATORS: ReadonlyMap<string, JointType> = new Map(
  Object.entries(JointType).map(([kind, type]) => [`create${kind}Joint`, type]),
);

const jointCreators = Object.fromEntries([...JOINT_CREATORS.keys()].map((name) => [name, 'command'])) as {
  readonly [K in JointCreator]: 'command';
};

const inputs = Object.fromEntries(INPUT_METHODS.map((name) => [name, 'input'])) as {
  readonly [K in InputMethod]: 'input';
};

export const WORLD_METHODS = {
  ...inputs,
  ...jointCreators,
  // world
  setGravity: 'command',
  setSettings: 'command',
  getGravity: 'mirror',
  getSettings: 'mirror',
  step: { absent: 'the client steps on its own clock, or with step(n) (a promise) in manual mode' },
  stateHash: 'host',
  snapshot: 'host',
  restore: 'host',
  saveState: 'host',
  loadState: 'host',
  getProfile: 'host',
  getCounters: 'host',
  getContactEvents: { absent: 'events arrive by subscription: onContactEvents' },
  getBodyEvents: { absent: 'events arrive by subscription: onBodyEvents (moved bodies: the frame)' },
  getJointEvents: { absent: 'events arrive by subscription: onJointEvents' },
  readContactPoints: 'frame',
  // bodies
  createBody: 'command',
  destroyBody: 'command',
  setBodyType: 'command',
  setBodyMassData: 'command',
  resetBodyMassData: 'command',
  setBodyLinearDamping: 'command',
  setBodyAngularDamping: 'command',
  setBodyGravityScale: 'command',
  setBodyFixedRotation: 'command',
  setBodyBullet: 'command',
  enableBodySleep: 'command',
  setBodySleepThreshold: 'command',
  isValidBody: 'mirror',
  getBodySlot: 'mirror',
  getBodySlotCount: 'mirror',
  getBodyType: 'mirror',
  getBodyShapes: 'mirror',
  getBodyJoints: 'mirror',
  getBodyMass: 'mirror',
  getBodyRotationalInertia: 'mirror',
  getBodyMassData: 'mirror',
  getBodyLocalCenter: 'mirror',
  getBodyLinearDamping: 'mirror',
  getBodyAngularDamping: 'mirror',
  getBodyGravityScale: 'mirror',
  isBodyFixedRotation: 'mirror',
  isBodyBullet: 'mirror',
  isBodySleepEnabled: 'mirror',
  getBodySleepThreshold: 'mirror',
  getBodyUserData: 'mirror',
  setBodyUserData: 'mirror', // user data stays on the main thread
  readBodyTransforms: 'frame',
  getBodyPosition: 'frame',
  getBodyAngle: 'frame',
  getBodyRotation: 'frame',
  getBodyWorldCenter: 'frame',
  getBodyLinearVelocity: 'frame',
  getBodyAngularVelocity: 'frame',
  isBodyAwake: 'frame',
  getBodyLocalPoint: 'frame',
  getBodyWorldPoint: 'frame',
  // shapes and chains
  createCircleShape: 'command',
  createCapsuleShape: 'command',
  createPolygonShape: 'command',
  createSegmentShape: 'command',
  createChain: 'command',
  destroyChain: 'command',
  destroyShape: 'command',
  setShapeDensity: 'command',
  setShapeFriction: 'command',
  setShapeRestitution: 'command',
  setShapeFilter: 'command',
  enableShapeContactEvents: 'command',
  isValidShape: 'mirror',
  isValidChain: 'mirror',
  getChainSegments: 'mirror',
  getShapeBody: 'mirror',
  getShapeType: 'mirror',
  getShapeGeometry: 'mirror',
  getShapeDensity: 'mirror',
  getShapeFriction: 'mirror',
  getShapeRestitution: 'mirror',
  getShapeFilter: 'mirror',
  areShapeContactEventsEnabled: 'mirror',
  isShapeSensor: 'mirror',
  getShapeUserData: 'mirror',
  setShapeUserData: 'mirror',
  getShapeAABB: 'frame',
  // joints
  destroyJoint: 'command',
  setJointBreakForce: 'command',
  setJointBreakTorque: 'command',
  isValidJoint: 'mirror',
  getJointType: 'mirror',
  getJointBodyA: 'mirror',
  getJointBodyB: 'mirror',
  getJointLocalAnchors: 'mirror',
  getJointParams: 'mirror',
  getJointUserData: 'mirror',
  setJointUserData: 'mirror',
  getJointBreakForce: 'mirror',
  getJointBreakTorque: 'mirror',
  getJointState: 'host',
  getJointConstraintForce: 'host',
  getJointConstraintTorque: 'host',
  isJointEnabled: 'host',
  // queries
  castRayClosest: 'host',
  castRayAll: 'host',
  castRayAny: 'host',
  castShape: 'host',
  overlapAABB: 'host',
  overlapPoint: 'host',
  overlapShape: 'host',
  // characters
  createMover: { absent: 'a mover queries the world every frame: createCharacter runs it in the worker' },
  moveCharacter: { absent: 'as createMover' },
  // solvers
  getSolver: {
    absent:
      'a solver is a module object (functions), which postMessage cannot send: the worker needs the factories in its bundle (docs/solvers.md)',
  },
  setSolver: { absent: 'as getSolver' },
} as const satisfies { readonly [K in keyof World]?: Route };

type Table = typeof WORLD_METHODS;
export type WorldMethodName = keyof Table;

/** The World methods served the way `R` says. */
export type MethodsRouted<R extends Route> = {
  [K in keyof Table]: Table[K] extends R ? K : never;
}[keyof Table];

/** The commands: what changes the world, per-frame inputs included. */
export type CommandName = MethodsRouted<'command' | 'input'>;

/** The commands with the core's exact signatures. */
export type WorldCommands = Pick<World, CommandName>;

export function methodsRouted<R extends Exclude<Route, object>>(route: R): MethodsRouted<R>[] {
  return (Object.keys(WORLD_METHODS) as WorldMethodName[]).filter(
    (name): name is MethodsRouted<R> => WORLD_METHODS[name] === route,
  );
}

/** Every command, per-frame inputs included (what the host applies from a message). */
export const COMMAND_NAMES = [
  ...methodsRouted('input'),
  ...methodsRouted('command'),
] as readonly CommandName[];

const commands: ReadonlySet<string> = new Set(COMMAND_NAMES);

export function isCommandName(name: unknown): name is CommandName {
  return typeof name === 'string' && commands.has(name);
}
