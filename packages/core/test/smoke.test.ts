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
