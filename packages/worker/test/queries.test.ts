import { makeBox, makeCapsule, makeCircle, World } from '@impulse/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { PhysicsClient } from '../src/index';
import { buildPyramid, createTestWorker, DT } from './support';

let client: PhysicsClient | null = null;
afterEach(() => {
  client?.dispose();
  client = null;
});

describe('one-shot queries', () => {
  it('answer as the core answers the same world: rays, shape casts and overlaps', async () => {
    const physics = createTestWorker({ stepping: 'manual' });
    client = physics;
    const world = new World();
    buildPyramid(physics, 8);
    buildPyramid(world, 8);
    await physics.step(30);
    for (let i = 0; i < 30; i++) world.step(DT);
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
