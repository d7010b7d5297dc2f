import {
  type Geometry,
  makeBox,
  makeCapsule,
  makeCircle,
  makeSegment,
  type ShapeDef,
  World,
} from '@impulse/core';
import { describe, expect, it } from 'vitest';
import { checkShape, createShape } from '../src/shapes.js';

/** The message `fn` throws, or null. */
function thrown(fn: () => void): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('checkShape', () => {
  const geometries: [string, () => Geometry][] = [
    ['Polygon', () => makeBox(0.5, 0.5)],
    ['Circle', () => makeCircle(0, 0, 0.5)],
    ['Capsule', () => makeCapsule(-0.5, 0, 0.5, 0, 0.2)],
    ['Segment', () => makeSegment(-1, 0, 1, 0)],
  ];
  const defs: Partial<ShapeDef>[] = [{ density: -1 }, { friction: Number.NaN }, { isSensor: 1 as never }, {}];

  it.each(geometries)(
    "throws what the world's create%sShape throws, without a world (issue 22)",
    (_, make) => {
      const world = new World();
      const body = world.createBody();
      for (const def of defs) {
        for (const geometry of [make(), far(make())]) {
          const expected = thrown(() => createShape(world, body, geometry, def));
          expect(thrown(() => checkShape(geometry, def))).toBe(expected);
        }
      }
      // Only the last def and the unmoved geometry are valid: the checks must have failed.
      expect(world.getBodyShapes(body).length).toBe(1);
    },
  );
});

/** The geometry moved out of the world's coordinate range (its check fails). */
function far(g: Geometry): Geometry {
  const m = g as unknown as Record<string, unknown>;
  for (const key of ['cx', 'c1x', 'p1x', 'centroidX']) if (typeof m[key] === 'number') m[key] = 1e30;
  return g;
}
