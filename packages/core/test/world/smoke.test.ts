import { describe, expect, it } from 'vitest';
import { BodyType, makeBox, World } from '../../src/index';
import { boxOnGround } from '../support';

describe('smoke', () => {
  it('a box falls onto the ground and rests', () => {
    const world = new World();
    const { box } = boxOnGround(world, { groundHalfWidth: 20, groundHalfHeight: 1, y: 4 });
    for (let i = 0; i < 120; i++) world.step(1 / 60);
    const p = world.getBodyPosition(box);
    expect(p.y).toBeGreaterThan(1.49);
    expect(p.y).toBeLessThan(1.51);
  });
});

describe('profile', () => {
  function steppedPyramid(enableProfile: boolean): World {
    const world = new World({ enableProfile });
    const ground = world.createBody();
    world.createPolygonShape(ground, makeBox(20, 1));
    for (let i = 0; i < 10; i++) {
      const box = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 1.5 + i } });
      world.createPolygonShape(box, makeBox(0.5, 0.5));
    }
    for (let i = 0; i < 30; i++) world.step(1 / 60);
    return world;
  }

  it('times every stage of the step when enableProfile is on, and the stages add up to the step', () => {
    const p = steppedPyramid(true).getProfile();
    const stages = [p.pairs, p.collide, p.solve, p.continuous, p.sleep, p.sensors];
    for (const t of stages) expect(t).toBeGreaterThanOrEqual(0);
    expect(p.step).toBeGreaterThan(0);
    expect(stages.reduce((a, b) => a + b, 0)).toBeCloseTo(p.step, 9);
  });

  it('reads no clock by default: the timings stay zero', () => {
    const p = steppedPyramid(false).getProfile();
    expect([p.step, p.pairs, p.collide, p.solve, p.continuous, p.sleep]).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('can be switched on between steps with setSettings', () => {
    const world = steppedPyramid(false);
    world.setSettings({ enableProfile: true });
    world.step(1 / 60);
    expect(world.getProfile().step).toBeGreaterThan(0);
  });
});

describe('filters in the pair search', () => {
  function dropOnto(filter: { categoryBits: number; maskBits: number; groupIndex: number }): number {
    const world = new World();
    const ground = world.createBody({ type: BodyType.Dynamic, gravityScale: 0, fixedRotation: true });
    world.createPolygonShape(ground, makeBox(5, 0.5), { density: 1000, filter });
    const box = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 2 } });
    world.createPolygonShape(box, makeBox(0.5, 0.5), { filter });
    for (let i = 0; i < 120; i++) world.step(1 / 60);
    return world.getBodyPosition(box).y;
  }

  it('shapes whose masks exclude each other never pair: the box falls through', () => {
    expect(dropOnto({ categoryBits: 2, maskBits: ~2 >>> 0, groupIndex: 0 })).toBeLessThan(-1);
  });

  it('a shared positive group collides even when the masks exclude each other', () => {
    // the pair search prunes by mask, except for shapes of a positive group
    expect(dropOnto({ categoryBits: 2, maskBits: ~2 >>> 0, groupIndex: 3 })).toBeGreaterThan(0.9);
  });
});
