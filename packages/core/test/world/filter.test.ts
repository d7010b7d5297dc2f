/**
 * A partial filter merges with the defaults: `{ groupIndex: -1 }` in a shape or chain
 * definition, or `{ maskBits }` in a query filter, keeps the other fields' defaults
 * instead of being rejected for the fields it leaves out.
 */

import { describe, expect, it } from 'vitest';
import { BodyType, makeBox, makeCircle, World } from '../../src/index';
import { DT } from '../support';

describe('partial filters', () => {
  it('a shape def with only groupIndex: -1 keeps the default category and mask', () => {
    const world = new World();
    const ground = world.createBody();
    world.createPolygonShape(ground, makeBox(20, 1));
    const balls = [0, 1].map((i) => {
      const b = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 2 + i * 0.5 } });
      return {
        body: b,
        shape: world.createCircleShape(b, makeCircle(0, 0, 0.5), { filter: { groupIndex: -1 } }),
      };
    });
    expect(world.getShapeFilter(balls[0]!.shape)).toEqual({
      categoryBits: 1,
      maskBits: 0xffffffff,
      groupIndex: -1,
    });
    for (let i = 0; i < 60; i++) world.step(DT);
    // same negative group: the balls pass through each other, and both rest on the ground
    for (const { body } of balls) expect(world.getBodyPosition(body).y).toBeCloseTo(1.5, 1);
  });

  it('a chain def with only maskBits keeps the default category and group', () => {
    const world = new World();
    const ground = world.createBody();
    const chain = world.createChain(ground, {
      points: [
        { x: 10, y: 0 },
        { x: -10, y: 0 },
      ],
      filter: { maskBits: 2 },
    });
    const segment = world.getChainSegments(chain)[0]!;
    expect(world.getShapeFilter(segment)).toEqual({ categoryBits: 1, maskBits: 2, groupIndex: 0 });
  });

  it('a query filter with only maskBits keeps the default category', () => {
    const world = new World();
    const b = world.createBody();
    world.createCircleShape(b, makeCircle(0, 0, 1), { filter: { categoryBits: 2 } });
    expect(world.overlapPoint({ x: 0, y: 0 }, { maskBits: 2 })).toHaveLength(1);
    expect(world.overlapPoint({ x: 0, y: 0 }, { maskBits: 4 })).toHaveLength(0);
    expect(world.castRayAny({ x: -5, y: 0 }, { x: 10, y: 0 }, { categoryBits: 1 })).not.toBeNull();
  });

  it('a filter field of the wrong type is still rejected', () => {
    const world = new World();
    const b = world.createBody();
    expect(() => world.createCircleShape(b, makeCircle(0, 0, 1), { filter: { groupIndex: 0.5 } })).toThrow(
      /^createCircleShape: filter\.groupIndex must be an integer/,
    );
    expect(() => world.overlapPoint({ x: 0, y: 0 }, { maskBits: -1 })).toThrow(
      /^overlapPoint: filter\.maskBits/,
    );
  });
});
