import { World } from '@impulse/core';
import { describe, expect, it } from 'vitest';
import { BACKENDS, boxOnGround, disposeAfterEach, stepBoth } from './support';

const keep = disposeAfterEach();

describe.each(BACKENDS)('persistent rays in %s', (_name, create) => {
  it('are cast after every step and read as the core casts them, with begin and end', async () => {
    const physics = keep(create());
    const world = new World();
    boxOnGround(physics, { x: 0, y: 8 });
    const { box } = boxOnGround(world, { x: 0, y: 8 });
    const origin = { x: 0.2, y: 5 };
    const down = { x: 0, y: -10 };
    const ray = physics.createPersistentRay(origin, down);
    expect(physics.readPersistentRay(ray).hit).toBe(false); // not cast yet
    await stepBoth(physics, world, 1);
    let r = physics.readPersistentRay(ray);
    expect(r).toMatchObject({ hit: true, began: true, ended: false });
    expect(r.point).toEqual(world.castRayClosest(origin, down)!.point); // the ground's top, bit for bit
    expect(physics.readPersistentRay(ray).began).toBe(false); // said once
    // The box falls through the ray's start and lands across it: the hit moves up to the box.
    let sawBox = false;
    for (let i = 0; i < 120; i++) {
      await stepBoth(physics, world, 1);
      r = physics.readPersistentRay(ray);
      const expected = world.castRayClosest(origin, down);
      expect(r.hit).toBe(expected !== null);
      if (expected) {
        expect(r.point).toEqual(expected.point);
        expect(r.bodyId).toBe(expected.bodyId);
        if (expected.bodyId === box) sawBox = true;
      }
    }
    expect(sawBox).toBe(true);
    // Moved off the world (through the input ring on the worker): it stops hitting.
    physics.setPersistentRay(ray, { x: 100, y: 5 }, down);
    await physics.step(1);
    r = physics.readPersistentRay(ray);
    expect(r).toMatchObject({ hit: false, ended: true });
    physics.destroyPersistentRay(ray);
    expect(() => physics.readPersistentRay(ray)).toThrow(
      'readPersistentRay: rayId must be a live persistent ray',
    );
  });

  it('rejects bad rays at the call site with the core message', () => {
    const physics = keep(create());
    expect(() => physics.createPersistentRay({ x: Number.NaN, y: 0 }, { x: 1, y: 0 })).toThrow(
      /castRayClosest: origin\.x/,
    );
    for (let i = 0; i < 64; i++) physics.createPersistentRay({ x: 0, y: 0 }, { x: 1, y: 0 });
    expect(() => physics.createPersistentRay({ x: 0, y: 0 }, { x: 1, y: 0 })).toThrow(/at most 64/);
  });
});
