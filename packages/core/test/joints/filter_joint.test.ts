/**
 * Filter joints: stopping two bodies colliding until destroyed.
 */

import { describe, expect, it } from 'vitest';
import { JointType, World } from '../../src/index';
import { DT } from '../support';
import { LOG, box } from './helpers';

describe('filter joint', () => {
  it('lets two overlapping boxes pass through each other until it is destroyed', () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const ground = world.createBody();
    const left = box(world, -0.2, 0, 2, 0);
    const right = box(world, 0.2, 0, -2, 0);
    // the pair touches before the joint exists: creating it removes the contact
    world.step(DT);
    const j = world.createFilterJoint({ bodyA: left, bodyB: right });
    expect(world.getJointType(j)).toBe(JointType.Filter);
    expect(world.getJointParams(j)).toEqual({});
    world.setBodyLinearVelocity(left, { x: 2, y: 0 });
    world.setBodyLinearVelocity(right, { x: -2, y: 0 });
    for (let i = 0; i < 30; i++) {
      world.step(DT);
      expect(world.getBodyLinearVelocity(left)).toEqual({ x: 2, y: 0 });
      expect(world.getBodyLinearVelocity(right)).toEqual({ x: -2, y: 0 });
      expect(world.getJointConstraintForce(j)).toEqual({ x: 0, y: 0 });
    }
    // passed through: left is now right of right
    expect(world.getBodyPosition(left).x - world.getBodyPosition(right).x).toBeGreaterThan(1.5);

    // send them back at each other without the joint: they collide
    world.destroyJoint(j);
    world.setBodyLinearVelocity(left, { x: -2, y: 0 });
    world.setBodyLinearVelocity(right, { x: 2, y: 0 });
    for (let i = 0; i < 60; i++) world.step(DT);
    const vl = world.getBodyLinearVelocity(left).x;
    const vr = world.getBodyLinearVelocity(right).x;
    if (LOG)
      console.log('filter after destroy', {
        vl,
        vr,
        gap: world.getBodyPosition(left).x - world.getBodyPosition(right).x,
      });
    expect(vl).toBeGreaterThan(-1.9);
    expect(vr).toBeLessThan(1.9);
    expect(world.getBodyPosition(left).x - world.getBodyPosition(right).x).toBeGreaterThan(0.9);
    expect(world.isValidBody(ground)).toBe(true);
  });
});
