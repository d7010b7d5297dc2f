/**
 * The naming rule: a World method that takes an id names its object (getBodyPosition,
 * setShapeFriction, getJointType). The names from before the rule stay as deprecated
 * aliases of the same functions.
 */

import { describe, expect, it } from 'vitest';
import { BodyType, makeBox, World } from '../../src/index';

describe('method names', () => {
  it('the old names are the same functions as the new ones', () => {
    const proto = World.prototype as unknown as Record<string, unknown>;
    const pairs: [string, string][] = [
      ['getPosition', 'getBodyPosition'],
      ['applyLinearImpulse', 'applyBodyLinearImpulse'],
      ['getUserData', 'getBodyUserData'],
      ['isAwake', 'isBodyAwake'],
      ['enableSleep', 'enableBodySleep'],
      ['getWorldPoint', 'getBodyWorldPoint'],
      ['getFriction', 'getShapeFriction'],
      ['isSensor', 'isShapeSensor'],
      ['enableContactEvents', 'enableShapeContactEvents'],
    ];
    for (const [old, name] of pairs) {
      expect(typeof proto[name], name).toBe('function');
      expect(proto[old], old).toBe(proto[name]);
    }
  });

  it('old and new names read and write the same state', () => {
    const world = new World();
    const body = world.createBody({ type: BodyType.Dynamic, position: { x: 1, y: 2 } });
    const shape = world.createPolygonShape(body, makeBox(0.5, 0.5));
    world.setUserData(body, 'a');
    expect(world.getBodyUserData(body)).toBe('a');
    world.setShapeFriction(shape, 0.25);
    expect(world.getFriction(shape)).toBe(0.25);
    expect(world.getPosition(body)).toEqual(world.getBodyPosition(body));
  });
});
