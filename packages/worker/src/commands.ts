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

export const COMMAND_NAMES = [
  // world
  'setGravity',
  'setSettings',
  // bodies
  'createBody',
  'destroyBody',
  'setBodyType',
  'setLinearVelocity',
  'setAngularVelocity',
  'setTransform',
  'applyForce',
  'applyForceToCenter',
  'applyTorque',
  'applyLinearImpulse',
  'applyLinearImpulseToCenter',
  'applyAngularImpulse',
  'setMassData',
  'resetMassData',
  'setLinearDamping',
  'setAngularDamping',
  'setGravityScale',
  'setFixedRotation',
  'setBullet',
  'setAwake',
  'enableSleep',
  'setSleepThreshold',
  // shapes and chains
  'createCircleShape',
  'createCapsuleShape',
  'createPolygonShape',
  'createSegmentShape',
  'createChain',
  'destroyChain',
  'destroyShape',
  'setDensity',
  'setFriction',
  'setRestitution',
  'setFilter',
  'enableContactEvents',
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
  'setJointParams',
] as const satisfies readonly (keyof World)[];

export type CommandName = (typeof COMMAND_NAMES)[number];

/** The commands with the core's exact signatures. */
export type WorldCommands = Pick<World, CommandName>;

/**
 * Commands whose only effect is a per-frame input (a force, an impulse, a velocity, a
 * pose, a joint parameter): nothing is allocated by them, so they may be coalesced.
 */
export const INPUT_COMMANDS: ReadonlySet<CommandName> = new Set<CommandName>([
  'setLinearVelocity',
  'setAngularVelocity',
  'setTransform',
  'applyForce',
  'applyForceToCenter',
  'applyTorque',
  'applyLinearImpulse',
  'applyLinearImpulseToCenter',
  'applyAngularImpulse',
  'setAwake',
  'setJointParams',
]);

const known: ReadonlySet<string> = new Set(COMMAND_NAMES);

export function isCommandName(name: unknown): name is CommandName {
  return typeof name === 'string' && known.has(name);
}
