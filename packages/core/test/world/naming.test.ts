/**
 * The naming rule: a World method that takes an id names its object (getBodyPosition,
 * setShapeFriction, getJointType). There is one name for each method: the names from
 * before the rule are gone, and calling one fails to compile (the @ts-expect-error lines
 * below fail the typecheck if an old name comes back).
 */

import { describe, expect, it } from 'vitest';
import { BodyType, makeBox, World } from '../../src/index';
import { RENAMED_METHODS } from '../support';

const OLD_NAMES = [
  'getPosition',
  'getAngle',
  'getRotation',
  'getWorldCenter',
  'getLocalCenter',
  'getLinearVelocity',
  'getAngularVelocity',
  'getMass',
  'getRotationalInertia',
  'getMassData',
  'getLinearDamping',
  'getAngularDamping',
  'getGravityScale',
  'getSleepThreshold',
  'getUserData',
  'getLocalPoint',
  'getWorldPoint',
  'setLinearVelocity',
  'setAngularVelocity',
  'setTransform',
  'setMassData',
  'setLinearDamping',
  'setAngularDamping',
  'setGravityScale',
  'setFixedRotation',
  'setBullet',
  'setAwake',
  'setSleepThreshold',
  'setUserData',
  'resetMassData',
  'applyForce',
  'applyForceToCenter',
  'applyTorque',
  'applyLinearImpulse',
  'applyLinearImpulseToCenter',
  'applyAngularImpulse',
  'isFixedRotation',
  'isBullet',
  'isAwake',
  'isSleepEnabled',
  'enableSleep',
  'getDensity',
  'setDensity',
  'getFriction',
  'setFriction',
  'getRestitution',
  'setRestitution',
  'getFilter',
  'setFilter',
  'areContactEventsEnabled',
  'enableContactEvents',
  'isSensor',
];

describe('method names', () => {
  it('an old name does not exist, at run time or in the types', () => {
    const world = new World();
    const body = world.createBody({ type: BodyType.Dynamic });
    const shape = world.createPolygonShape(body, makeBox(0.5, 0.5));
    const proto = World.prototype as unknown as Record<string, unknown>;
    for (const old of OLD_NAMES) expect(proto[old], old).toBeUndefined();
    for (const name of RENAMED_METHODS) expect(typeof proto[name], name).toBe('function');
    const typo = (): void => {
      // @ts-expect-error getPosition was renamed getBodyPosition
      world.getPosition(body);
      // @ts-expect-error setFriction was renamed setShapeFriction
      world.setFriction(shape, 0.5);
      // @ts-expect-error applyLinearImpulse was renamed applyBodyLinearImpulse
      world.applyLinearImpulse(body, { x: 1, y: 0 }, { x: 0, y: 0 });
      // @ts-expect-error isAwake was renamed isBodyAwake
      world.isAwake(body);
    };
    expect(typo).toThrow(TypeError);
  });
});
