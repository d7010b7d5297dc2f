/**
 * The commands: every `World` method that creates, destroys or changes something. The
 * client has each of them with the core's signature; a call is checked and answered (ids
 * included) by the client's mirror world on the main thread, then queued for the worker,
 * which applies the same calls in the same order to its own world. Reads are not here:
 * they come from shared memory (transforms) or ask the worker (queries, hashes).
 *
 * One list, used by the client (to build its methods), the worker (to check what it
 * applies) and the types: adding a World method that changes the world means adding its
 * name here.
 */
import type { World } from '@impulse/core';

/**
 * Per-frame inputs: the client implements these itself, so that they travel through the
 * shared input ring (command_ring.ts) without a message or an allocation.
 */
export const INPUT_COMMANDS = [
  'setBodyLinearVelocity',
  'setBodyAngularVelocity',
  'setBodyTransform',
  'applyBodyForce',
  'applyBodyForceToCenter',
  'applyBodyTorque',
  'applyBodyLinearImpulse',
  'applyBodyLinearImpulseToCenter',
  'applyBodyAngularImpulse',
  'setBodyAwake',
  'setJointParams',
] as const satisfies readonly (keyof World)[];

/** Every command: the per-frame inputs and the commands that travel in messages. */
export const COMMAND_NAMES = [
  ...INPUT_COMMANDS,
  // world
  'setGravity',
  'setSettings',
  // bodies
  'createBody',
  'destroyBody',
  'setBodyType',
  'setBodyMassData',
  'resetBodyMassData',
  'setBodyLinearDamping',
  'setBodyAngularDamping',
  'setBodyGravityScale',
  'setBodyFixedRotation',
  'setBodyBullet',
  'enableBodySleep',
  'setBodySleepThreshold',
  // shapes and chains
  'createCircleShape',
  'createCapsuleShape',
  'createPolygonShape',
  'createSegmentShape',
  'createChain',
  'destroyChain',
  'destroyShape',
  'setShapeDensity',
  'setShapeFriction',
  'setShapeRestitution',
  'setShapeFilter',
  'enableShapeContactEvents',
  // joints
  'createRevoluteJoint',
  'createDistanceJoint',
  'createWheelJoint',
  'createMouseJoint',
  'createMotorJoint',
  'createFilterJoint',
  'createPrismaticJoint',
  'createWeldJoint',
  'destroyJoint',
  'setJointBreakForce',
  'setJointBreakTorque',
] as const satisfies readonly (keyof World)[];

export type CommandName = (typeof COMMAND_NAMES)[number];

/** The commands with the core's exact signatures. */
export type WorldCommands = Pick<World, CommandName>;

const known: ReadonlySet<string> = new Set(COMMAND_NAMES);

export function isCommandName(name: unknown): name is CommandName {
  return typeof name === 'string' && known.has(name);
}
