import { BodyType, makeBox, World } from '@impulse/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { PhysicsClient } from '../src/index';
import { createTestWorker, DT, records } from './support';

let client: PhysicsClient | null = null;
afterEach(() => {
  client?.dispose();
  client = null;
});

describe('joints from world points', () => {
  it('are placed from the poses of the newest step, as an inline World places them, after the bodies moved', async () => {
    const physics = createTestWorker({ stepping: 'manual' });
    client = physics;
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
    await physics.step(20); // the arm falls and turns: the mirror's poses are stale now
    for (let i = 0; i < 20; i++) world.step(DT);
    const p = physics.getBodyWorldPoint(arm, { x: -1, y: 0 });
    const hinge = physics.createRevoluteJoint({
      bodyA: ground,
      bodyB: arm,
      anchor: p,
      enableLimit: true,
      lowerAngle: -0.2,
      upperAngle: 0.2,
    });
    const expected = world.createRevoluteJoint({
      bodyA: ground,
      bodyB: arm,
      anchor: p,
      enableLimit: true,
      lowerAngle: -0.2,
      upperAngle: 0.2,
    });
    expect(hinge).toBe(expected);
    expect(physics.getJointLocalAnchors(hinge)).toEqual(world.getJointLocalAnchors(expected));
    expect(physics.getJointParams(hinge)).toEqual(world.getJointParams(expected));
    await physics.step(60);
    for (let i = 0; i < 60; i++) world.step(DT);
    expect(records(physics)).toEqual(records(world));
  });
});
