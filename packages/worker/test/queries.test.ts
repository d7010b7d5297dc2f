import { BodyType, makeBox, makeCapsule, makeCircle, World } from '@impulse/core';
import { describe, expect, it } from 'vitest';
import type { PhysicsClient } from '../src/index';
import { buildPyramid, createTestWorker, disposeAfterEach, stepBoth } from './support';

const keep = disposeAfterEach();

describe('one-shot queries', () => {
  it('answer as the core answers the same world: rays, shape casts and overlaps', async () => {
    const physics = keep(createTestWorker({ stepping: 'manual' }));
    const world = new World();
    buildPyramid(physics, 8);
    buildPyramid(world, 8);
    await stepBoth(physics, world, 30);
    const origin = { x: -10, y: 1.5 };
    const across = { x: 20, y: 0 };
    expect(await physics.castRayClosest(origin, across)).toEqual(world.castRayClosest(origin, across));
    expect(await physics.castRayAll(origin, across)).toEqual(world.castRayAll(origin, across));
    expect(await physics.castRayAny(origin, across)).toEqual(world.castRayAny(origin, across));
    const pose = { position: { x: 0, y: 12 }, angle: 0.3 };
    const down = { x: 0, y: -15 };
    for (const shape of [makeCircle(0, 0, 0.4), makeCapsule(-0.3, 0, 0.3, 0, 0.2), makeBox(0.6, 0.3)]) {
      expect(await physics.castShape(shape, pose, down)).toEqual(world.castShape(shape, pose, down));
      expect(await physics.overlapShape(shape, { position: { x: 0, y: 2 }, angle: 0 })).toEqual(
        world.overlapShape(shape, { position: { x: 0, y: 2 }, angle: 0 }),
      );
    }
    const box = { minX: -2, minY: 0, maxX: 2, maxY: 3 };
    expect(await physics.overlapAABB(box)).toEqual(world.overlapAABB(box));
    expect((await physics.overlapAABB(box)).length).toBeGreaterThan(3);
    expect(await physics.overlapPoint({ x: 0, y: 1.5 })).toEqual(world.overlapPoint({ x: 0, y: 1.5 }));
    const filter = { categoryBits: 1, maskBits: 0 };
    expect(await physics.castRayClosest(origin, across, filter)).toBeNull();
  });
});

describe('bad query input', () => {
  it("throws at the call site with the core's message, before anything is sent", async () => {
    const physics = keep(createTestWorker({ stepping: 'manual' }));
    const world = new World();
    const bad: [string, (q: PhysicsClient | World) => unknown][] = [
      ['castRayClosest', (q) => q.castRayClosest({ x: Number.NaN, y: 0 }, { x: 1, y: 0 })],
      ['castRayAll', (q) => q.castRayAll({ x: 0, y: 0 }, { x: 0, y: 0 })],
      ['castRayAny', (q) => q.castRayAny({ x: 0, y: 0 }, { x: 1, y: 0 }, { maskBits: -1.5 })],
      [
        'castShape',
        (q) => q.castShape(makeCircle(0, 0, 1), { position: { x: 0, y: 0 }, angle: 1e300 }, { x: 1, y: 0 }),
      ],
      ['overlapShape', (q) => q.overlapShape(makeBox(1, 1), { position: { x: 2e6, y: 0 }, angle: 0 })],
      ['overlapAABB', (q) => q.overlapAABB({ minX: 1, minY: 0, maxX: 0, maxY: 1 })],
      ['overlapPoint', (q) => q.overlapPoint({ x: 0, y: 0 }, { includeSensors: 1 as unknown as boolean })],
    ];
    for (const [name, call] of bad) {
      let expected = '';
      try {
        call(world);
      } catch (e) {
        expected = (e as Error).message;
      }
      expect(expected, name).toMatch(new RegExp(`^${name}: `));
      expect(() => call(physics), name).toThrow(expected);
    }
    // good input still answers
    expect(await physics.overlapPoint({ x: 0, y: 0 })).toEqual([]);
  });
});

describe('reads derived from the pose, and joint read-outs', () => {
  it('give world and local points as the core does, and the joint state and forces from the worker', async () => {
    const physics = keep(createTestWorker({ stepping: 'manual' }));
    const world = new World();
    const build = (t: World | PhysicsClient) => {
      const ground = t.createBody();
      const arm = t.createBody({ type: BodyType.Dynamic, position: { x: 1, y: 5 }, angle: 0.4 });
      t.createPolygonShape(arm, makeBox(1, 0.1), { density: 2 });
      const hinge = t.createRevoluteJoint({
        bodyA: ground,
        bodyB: arm,
        localAnchorA: { x: 0, y: 5 },
        localAnchorB: { x: -1, y: 0 },
      });
      return { arm, hinge };
    };
    const { arm, hinge } = build(physics);
    build(world);
    await stepBoth(physics, world, 40);
    const p = { x: 0.5, y: -0.05 };
    expect(physics.getBodyWorldPoint(arm, p)).toEqual(world.getBodyWorldPoint(arm, p));
    expect(physics.getBodyLocalPoint(arm, { x: 1, y: 2 })).toEqual(
      world.getBodyLocalPoint(arm, { x: 1, y: 2 }),
    );
    const c = physics.getBodyWorldCenter(arm);
    const expected = world.getBodyWorldCenter(arm);
    expect(c.x).toBeCloseTo(expected.x, 12); // from the pose: equal to the last bits or so
    expect(c.y).toBeCloseTo(expected.y, 12);
    expect(await physics.getJointState(hinge)).toEqual(world.getJointState(hinge));
    expect(await physics.getJointConstraintForce(hinge)).toEqual(world.getJointConstraintForce(hinge));
    expect(await physics.getJointConstraintTorque(hinge)).toBe(world.getJointConstraintTorque(hinge));
    expect(await physics.isJointEnabled(hinge)).toBe(true);
    const shape = physics.getBodyShapes(arm)[0]!;
    expect(physics.getShapeAABB(shape)).toEqual(world.getShapeAABB(shape)); // where it is now, not where it was made
  });
});
