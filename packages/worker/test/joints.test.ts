import { BodyType, makeBox, World } from '@impulse/core';
import { describe, expect, it } from 'vitest';
import type { PhysicsClient } from '../src/index';
import { createTestWorker, disposeAfterEach, records, stepBoth } from './support';

const keep = disposeAfterEach();

describe('joints from world points', () => {
  it('are placed from the poses of the newest step, as an inline World places them, after the bodies moved', async () => {
    const physics = keep(createTestWorker({ stepping: 'manual' }));
    const world = new World();
    const build = (t: World | PhysicsClient) => {
      const ground = t.createBody();
      t.createPolygonShape(ground, makeBox(10, 0.5));
      const arm = t.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 4 }, angle: 0.3 });
      t.createPolygonShape(arm, makeBox(1, 0.1));
      return { ground, arm };
    };
    const { ground, arm } = build(physics);
    build(world);
    await stepBoth(physics, world, 20); // the arm falls and turns: the mirror's poses are stale now
    const p = physics.getBodyWorldPoint(arm, { x: -1, y: 0 });
    const def = {
      bodyA: ground,
      bodyB: arm,
      anchor: p,
      enableLimit: true,
      lowerAngle: -0.2,
      upperAngle: 0.2,
    };
    const hinge = physics.createRevoluteJoint(def);
    const expected = world.createRevoluteJoint(def);
    expect(hinge).toBe(expected);
    expect(physics.getJointLocalAnchors(hinge)).toEqual(world.getJointLocalAnchors(expected));
    expect(physics.getJointParams(hinge)).toEqual(world.getJointParams(expected));
    await stepBoth(physics, world, 60);
    expect(records(physics)).toEqual(records(world));
  });
});

describe('break limits', () => {
  it('set on a live joint reach the worker, which breaks the joint as an inline World does', async () => {
    const physics = keep(createTestWorker({ stepping: 'manual' }));
    const world = new World();
    const build = (t: World | PhysicsClient) => {
      const pivot = t.createBody({ position: { x: 0, y: 10 } });
      const bob = t.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 9 } });
      t.createPolygonShape(bob, makeBox(0.2, 0.2));
      return t.createRevoluteJoint({ bodyA: pivot, bodyB: bob, anchor: { x: 0, y: 10 } });
    };
    const joint = build(physics);
    const expected = build(world);
    await stepBoth(physics, world, 10);
    // a bad limit throws at the call site with the core's message, and nothing is sent
    expect(() => physics.setJointBreakForce(joint, -1)).toThrow(/setJointBreakForce: force/);
    // under the bob's weight (0.16 kg, 1.6 N): it breaks in the next step
    physics.setJointBreakForce(joint, 1);
    world.setJointBreakForce(expected, 1);
    expect(physics.getJointBreakForce(joint)).toBe(1);
    await stepBoth(physics, world, 1);
    expect(world.isJointEnabled(expected)).toBe(false);
    expect(await physics.isJointEnabled(joint)).toBe(false);
    await stepBoth(physics, world, 30);
    expect(records(physics)).toEqual(records(world));
  });
});
