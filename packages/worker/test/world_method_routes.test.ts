/**
 * The worker derives each route from the core's table of World methods
 * (protocol/world_methods.ts). These are the routes as they stood when the worker kept its own
 * full table: the derivation must reproduce every one, and the types the client is built from
 * (MethodsRouted, CommandName) must name the same methods.
 */
import { WORLD_METHODS as CORE_METHODS, worldMethodsOf } from '@impulse/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { INPUT_METHODS } from '../src/protocol/inputs';
import {
  type CommandName,
  COMMAND_NAMES,
  type MethodsRouted,
  WORLD_METHODS,
} from '../src/protocol/world_methods';

const PINNED = {
  applyBodyAngularImpulse: 'input',
  applyBodyForce: 'input',
  applyBodyForceToCenter: 'input',
  applyBodyLinearImpulse: 'input',
  applyBodyLinearImpulseToCenter: 'input',
  applyBodyTorque: 'input',
  areShapeContactEventsEnabled: 'mirror',
  castRayAll: 'host',
  castRayAny: 'host',
  castRayClosest: 'host',
  castShape: 'host',
  createBody: 'command',
  createCapsuleShape: 'command',
  createChain: 'command',
  createCircleShape: 'command',
  createDistanceJoint: 'command',
  createFilterJoint: 'command',
  createMotorJoint: 'command',
  createMouseJoint: 'command',
  createMover: { absent: 'a mover queries the world every frame: createCharacter runs it in the worker' },
  createPolygonShape: 'command',
  createPrismaticJoint: 'command',
  createRevoluteJoint: 'command',
  createSegmentShape: 'command',
  createWeldJoint: 'command',
  createWheelJoint: 'command',
  destroyBody: 'command',
  destroyChain: 'command',
  destroyJoint: 'command',
  destroyShape: 'command',
  enableBodySleep: 'command',
  enableShapeContactEvents: 'command',
  getBodyAngle: 'frame',
  getBodyAngularDamping: 'mirror',
  getBodyAngularVelocity: 'frame',
  getBodyEvents: { absent: 'events arrive by subscription: onBodyEvents (moved bodies: the frame)' },
  getBodyGravityScale: 'mirror',
  getBodyJoints: 'mirror',
  getBodyLinearDamping: 'mirror',
  getBodyLinearVelocity: 'frame',
  getBodyLocalCenter: 'mirror',
  getBodyLocalPoint: 'frame',
  getBodyMass: 'mirror',
  getBodyMassData: 'mirror',
  getBodyPosition: 'frame',
  getBodyRotation: 'frame',
  getBodyRotationalInertia: 'mirror',
  getBodyShapes: 'mirror',
  getBodySleepThreshold: 'mirror',
  getBodySlot: 'mirror',
  getBodySlotCount: 'mirror',
  getBodyType: 'mirror',
  getBodyUserData: 'mirror',
  getBodyWorldCenter: 'frame',
  getBodyWorldPoint: 'frame',
  getChainSegments: 'mirror',
  getContactEvents: { absent: 'events arrive by subscription: onContactEvents' },
  getCounters: 'host',
  getGravity: 'mirror',
  getJointBodyA: 'mirror',
  getJointBodyB: 'mirror',
  getJointBreakForce: 'mirror',
  getJointBreakTorque: 'mirror',
  getJointConstraintForce: 'host',
  getJointConstraintTorque: 'host',
  getJointEvents: { absent: 'events arrive by subscription: onJointEvents' },
  getJointLocalAnchors: 'mirror',
  getJointParams: 'mirror',
  getJointState: 'host',
  getJointType: 'mirror',
  getJointUserData: 'mirror',
  getProfile: 'host',
  getSettings: 'mirror',
  getShapeAABB: 'frame',
  getShapeBody: 'mirror',
  getShapeDensity: 'mirror',
  getShapeFilter: 'mirror',
  getShapeFriction: 'mirror',
  getShapeGeometry: 'mirror',
  getShapeRestitution: 'mirror',
  getShapeType: 'mirror',
  getShapeUserData: 'mirror',
  getSolver: {
    absent:
      "a solver object holds functions, which postMessage cannot send: the client's getSolver and setSolver take a description ({ kind: 'xpbd' }) instead (docs/solvers.md)",
  },
  isBodyAwake: 'frame',
  isBodyBullet: 'mirror',
  isBodyFixedRotation: 'mirror',
  isBodySleepEnabled: 'mirror',
  isJointEnabled: 'host',
  isShapeSensor: 'mirror',
  isValidBody: 'mirror',
  isValidChain: 'mirror',
  isValidJoint: 'mirror',
  isValidShape: 'mirror',
  loadState: 'host',
  moveCharacter: { absent: 'as createMover' },
  overlapAABB: 'host',
  overlapPoint: 'host',
  overlapShape: 'host',
  readBodyTransforms: 'frame',
  readContactPoints: 'frame',
  resetBodyMassData: 'command',
  restore: 'host',
  saveState: 'host',
  setBodyAngularDamping: 'command',
  setBodyAngularVelocity: 'input',
  setBodyAwake: 'input',
  setBodyBullet: 'command',
  setBodyFixedRotation: 'command',
  setBodyGravityScale: 'command',
  setBodyLinearDamping: 'command',
  setBodyLinearVelocity: 'input',
  setBodyMassData: 'command',
  setBodySleepThreshold: 'command',
  setBodyTransform: 'input',
  setBodyType: 'command',
  setBodyUserData: 'mirror',
  setGravity: 'command',
  setJointBreakForce: 'command',
  setJointBreakTorque: 'command',
  setJointParams: 'input',
  setJointUserData: 'mirror',
  setSettings: 'command',
  setShapeDensity: 'command',
  setShapeFilter: 'command',
  setShapeFriction: 'command',
  setShapeRestitution: 'command',
  setShapeUserData: 'mirror',
  setSolver: { absent: 'as getSolver' },
  snapshot: 'host',
  stateHash: 'host',
  step: { absent: 'the client steps on its own clock, or with step(n) (a promise) in manual mode' },
} as const;

describe('the routes derived from the table of the core', () => {
  it('are the routes the worker had written by hand, for every method', () => {
    expect(WORLD_METHODS).toEqual(PINNED);
  });

  it('leave out exactly the private helpers of World', () => {
    const internal = new Set<string>(worldMethodsOf('internal'));
    expect(Object.keys(WORLD_METHODS).sort()).toEqual(
      Object.keys(CORE_METHODS)
        .filter((n) => !internal.has(n))
        .sort(),
    );
  });

  it('send as per-frame inputs exactly the methods the input forms carry', () => {
    expect([...INPUT_METHODS].sort()).toEqual([...worldMethodsOf('input')].sort());
    expect(new Set(COMMAND_NAMES)).toEqual(
      new Set(
        Object.keys(PINNED).filter(
          (n) =>
            PINNED[n as keyof typeof PINNED] === 'command' || PINNED[n as keyof typeof PINNED] === 'input',
        ),
      ),
    );
  });

  it('keep the types the client is built from', () => {
    expectTypeOf<MethodsRouted<'input'>>().toEqualTypeOf<
      | 'applyBodyAngularImpulse'
      | 'applyBodyForce'
      | 'applyBodyForceToCenter'
      | 'applyBodyLinearImpulse'
      | 'applyBodyLinearImpulseToCenter'
      | 'applyBodyTorque'
      | 'setBodyAngularVelocity'
      | 'setBodyAwake'
      | 'setBodyLinearVelocity'
      | 'setBodyTransform'
      | 'setJointParams'
    >();
    expectTypeOf<MethodsRouted<'command'>>().toEqualTypeOf<
      | 'createBody'
      | 'createCapsuleShape'
      | 'createChain'
      | 'createCircleShape'
      | 'createDistanceJoint'
      | 'createFilterJoint'
      | 'createMotorJoint'
      | 'createMouseJoint'
      | 'createPolygonShape'
      | 'createPrismaticJoint'
      | 'createRevoluteJoint'
      | 'createSegmentShape'
      | 'createWeldJoint'
      | 'createWheelJoint'
      | 'destroyBody'
      | 'destroyChain'
      | 'destroyJoint'
      | 'destroyShape'
      | 'enableBodySleep'
      | 'enableShapeContactEvents'
      | 'resetBodyMassData'
      | 'setBodyAngularDamping'
      | 'setBodyBullet'
      | 'setBodyFixedRotation'
      | 'setBodyGravityScale'
      | 'setBodyLinearDamping'
      | 'setBodyMassData'
      | 'setBodySleepThreshold'
      | 'setBodyType'
      | 'setGravity'
      | 'setJointBreakForce'
      | 'setJointBreakTorque'
      | 'setSettings'
      | 'setShapeDensity'
      | 'setShapeFilter'
      | 'setShapeFriction'
      | 'setShapeRestitution'
    >();
    expectTypeOf<MethodsRouted<'mirror'>>().toEqualTypeOf<
      | 'areShapeContactEventsEnabled'
      | 'getBodyAngularDamping'
      | 'getBodyGravityScale'
      | 'getBodyJoints'
      | 'getBodyLinearDamping'
      | 'getBodyLocalCenter'
      | 'getBodyMass'
      | 'getBodyMassData'
      | 'getBodyRotationalInertia'
      | 'getBodyShapes'
      | 'getBodySleepThreshold'
      | 'getBodySlot'
      | 'getBodySlotCount'
      | 'getBodyType'
      | 'getBodyUserData'
      | 'getChainSegments'
      | 'getGravity'
      | 'getJointBodyA'
      | 'getJointBodyB'
      | 'getJointBreakForce'
      | 'getJointBreakTorque'
      | 'getJointLocalAnchors'
      | 'getJointParams'
      | 'getJointType'
      | 'getJointUserData'
      | 'getSettings'
      | 'getShapeBody'
      | 'getShapeDensity'
      | 'getShapeFilter'
      | 'getShapeFriction'
      | 'getShapeGeometry'
      | 'getShapeRestitution'
      | 'getShapeType'
      | 'getShapeUserData'
      | 'isBodyBullet'
      | 'isBodyFixedRotation'
      | 'isBodySleepEnabled'
      | 'isShapeSensor'
      | 'isValidBody'
      | 'isValidChain'
      | 'isValidJoint'
      | 'isValidShape'
      | 'setBodyUserData'
      | 'setJointUserData'
      | 'setShapeUserData'
    >();
    expectTypeOf<MethodsRouted<'frame'>>().toEqualTypeOf<
      | 'getBodyAngle'
      | 'getBodyAngularVelocity'
      | 'getBodyLinearVelocity'
      | 'getBodyLocalPoint'
      | 'getBodyPosition'
      | 'getBodyRotation'
      | 'getBodyWorldCenter'
      | 'getBodyWorldPoint'
      | 'getShapeAABB'
      | 'isBodyAwake'
      | 'readBodyTransforms'
      | 'readContactPoints'
    >();
    expectTypeOf<MethodsRouted<'host'>>().toEqualTypeOf<
      | 'castRayAll'
      | 'castRayAny'
      | 'castRayClosest'
      | 'castShape'
      | 'getCounters'
      | 'getJointConstraintForce'
      | 'getJointConstraintTorque'
      | 'getJointState'
      | 'getProfile'
      | 'isJointEnabled'
      | 'loadState'
      | 'overlapAABB'
      | 'overlapPoint'
      | 'overlapShape'
      | 'restore'
      | 'saveState'
      | 'snapshot'
      | 'stateHash'
    >();
    expectTypeOf<MethodsRouted<{ readonly absent: string }>>().toEqualTypeOf<
      | 'createMover'
      | 'getBodyEvents'
      | 'getContactEvents'
      | 'getJointEvents'
      | 'getSolver'
      | 'moveCharacter'
      | 'setSolver'
      | 'step'
    >();
    expectTypeOf<CommandName>().toEqualTypeOf<MethodsRouted<'command' | 'input'>>();
  });
});
