import { describe, expect, it } from 'vitest';
import { BodyType, makeBox, World } from '../src/index';

describe('smoke', () => {
  it('a box falls onto the ground and rests', () => {
    const world = new World();
    const ground = world.createBody();
    world.createPolygonShape(ground, makeBox(20, 1));
    const box = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 4 } });
    world.createPolygonShape(box, makeBox(0.5, 0.5));
    for (let i = 0; i < 120; i++) world.step(1 / 60);
    const p = world.getPosition(box);
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
    const stages = [p.pairs, p.collide, p.solve, p.continuous, p.sleep];
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
