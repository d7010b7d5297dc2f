import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LINEAR_SLOP } from '../../src/base/constants';
import { computeHull } from '../../src/geometry/hull';
import { length, type Vec2 } from '../../src/base/math';

type P = { x: number; y: number };

function cross3(o: Vec2, a: Vec2, b: Vec2): number {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/** Signed distance of p outside edge a->b of a CCW polygon (positive = outside). */
function distanceOutside(a: Vec2, b: Vec2, p: Vec2): number {
  const ex = b.x - a.x;
  const ey = b.y - a.y;
  return -((ex * (p.y - a.y) - ey * (p.x - a.x)) / Math.sqrt(ex * ex + ey * ey));
}

function expectStrictlyConvexCcw(hull: readonly P[]): void {
  const n = hull.length;
  expect(n).toBeGreaterThanOrEqual(3);
  for (let i = 0; i < n; i++) {
    const a = hull[i]!;
    const b = hull[(i + 1) % n]!;
    const c = hull[(i + 2) % n]!;
    expect(cross3(a, b, c)).toBeGreaterThan(0);
  }
}

/** Reference hull (Andrew's monotone chain, exact collinear points dropped), CCW. */
function referenceHull(points: readonly P[]): P[] {
  const sorted = [...points].sort((p, q) => p.x - q.x || p.y - q.y);
  const unique = sorted.filter((p, i) => i === 0 || p.x !== sorted[i - 1]!.x || p.y !== sorted[i - 1]!.y);
  const chain = (pts: P[]): P[] => {
    const out: P[] = [];
    for (const p of pts) {
      while (out.length >= 2 && cross3(out[out.length - 2]!, out[out.length - 1]!, p) <= 0) out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...chain(unique), ...chain([...unique].reverse())];
}

/** Rotates a cyclic sequence so it starts at its lexicographically smallest point. */
function canonical(hull: readonly P[]): string {
  let start = 0;
  for (let i = 1; i < hull.length; i++) {
    const p = hull[i]!;
    const s = hull[start]!;
    if (p.x < s.x || (p.x === s.x && p.y < s.y)) start = i;
  }
  const rotated = [...hull.slice(start), ...hull.slice(0, start)];
  return rotated.map((p) => `${p.x},${p.y}`).join(' ');
}

const coordinate = fc.double({ min: -10, max: 10, noNaN: true, noDefaultInfinity: true });
const point = fc.record({ x: coordinate, y: coordinate });
const cloud = fc.array(point, { minLength: 3, maxLength: 8 });

describe('computeHull', () => {
  it('hull of a random point cloud is convex, counter-clockwise and contains every input point', () => {
    fc.assert(
      fc.property(cloud, (points) => {
        let hull: P[];
        try {
          hull = computeHull(points, 'test');
        } catch (e) {
          // Only a genuinely degenerate cloud may be refused; random doubles almost never are.
          expect(e).toBeInstanceOf(RangeError);
          expect((e as Error).message).toMatch(/^test: points must span a 2D convex hull/);
          return;
        }
        expectStrictlyConvexCcw(hull);
        for (const p of points) {
          for (let i = 0; i < hull.length; i++) {
            // Welding and collinear removal may each move the boundary by under LINEAR_SLOP.
            expect(distanceOutside(hull[i]!, hull[(i + 1) % hull.length]!, p)).toBeLessThan(2 * LINEAR_SLOP);
          }
        }
        // Hull vertices are input points, no two closer than LINEAR_SLOP.
        for (const v of hull) expect(points.some((p) => p.x === v.x && p.y === v.y)).toBe(true);
        for (let i = 0; i < hull.length; i++) {
          for (let j = i + 1; j < hull.length; j++) {
            expect(length(hull[i]!.x - hull[j]!.x, hull[i]!.y - hull[j]!.y)).toBeGreaterThanOrEqual(
              LINEAR_SLOP,
            );
          }
        }
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  it('hull of points on a coarse grid (many collinear and duplicate points) equals the exact hull', () => {
    const gridPoint = fc.record({
      x: fc.integer({ min: -4, max: 4 }).map((i) => i * 0.5),
      y: fc.integer({ min: -4, max: 4 }).map((i) => i * 0.5),
    });
    fc.assert(
      fc.property(fc.array(gridPoint, { minLength: 3, maxLength: 8 }), (points) => {
        const expected = referenceHull(points);
        if (expected.length < 3) {
          expect(() => computeHull(points, 'test')).toThrow(RangeError);
          return;
        }
        expect(canonical(computeHull(points, 'test'))).toBe(canonical(expected));
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  it('hull does not depend on the order of the input points', () => {
    fc.assert(
      fc.property(cloud, fc.integer({ min: 1, max: 7 }), (points, shift) => {
        let hull: P[];
        try {
          hull = computeHull(points, 'test');
        } catch {
          return;
        }
        const k = shift % points.length;
        const rotated = [...points.slice(k), ...points.slice(0, k)];
        // Welding keeps the first of two close points, so compare only well-separated clouds.
        const separated = points.every((p, i) =>
          points.every((q, j) => i === j || length(p.x - q.x, p.y - q.y) > 4 * LINEAR_SLOP),
        );
        fc.pre(separated);
        expect(canonical(computeHull(rotated, 'test'))).toBe(canonical(hull));
        expect(canonical(computeHull([...points].reverse(), 'test'))).toBe(canonical(hull));
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  it('is deterministic: the same input gives the same vertices in the same order', () => {
    const points = [
      { x: 0.3, y: 1.7 },
      { x: -2, y: 0.1 },
      { x: 1.1, y: -1.4 },
      { x: 2.5, y: 0.9 },
      { x: 0, y: 0 },
      { x: -1.2, y: -2.2 },
    ];
    expect(computeHull(points, 'test')).toEqual(computeHull(points, 'test'));
  });

  it('returns counter-clockwise vertices for clockwise input', () => {
    const hull = computeHull(
      [
        { x: 0, y: 0 },
        { x: 0, y: 1 },
        { x: 1, y: 1 },
        { x: 1, y: 0 },
      ],
      'test',
    );
    expect(hull).toHaveLength(4);
    expectStrictlyConvexCcw(hull);
  });

  it('a square with a redundant mid-edge point gives 4 vertices', () => {
    const hull = computeHull(
      [
        { x: -1, y: -1 },
        { x: 0, y: -1 },
        { x: 1, y: -1 },
        { x: 1, y: 1 },
        { x: -1, y: 1 },
      ],
      'test',
    );
    expect(hull).toHaveLength(4);
    expect(hull.some((p) => p.x === 0)).toBe(false);
    expectStrictlyConvexCcw(hull);
  });

  it.each([
    ['drops', 'within', 0.5, 3],
    ['keeps', 'more than', 2, 4],
  ])(
    '%s a vertex lying %s LINEAR_SLOP outside the edge through its neighbours',
    (_verb, _where, slops, kept) => {
      const bump = slops * LINEAR_SLOP;
      const hull = computeHull(
        [
          { x: -1, y: -1 },
          { x: 0, y: -1 - bump },
          { x: 1, y: -1 },
          { x: 0, y: 1 },
        ],
        'test',
      );
      expect(hull).toHaveLength(kept);
    },
  );

  it('welds points closer than LINEAR_SLOP, keeping the first', () => {
    const hull = computeHull(
      [
        { x: 0, y: 0 },
        { x: 0.5 * LINEAR_SLOP, y: 0 },
        { x: 1, y: 0 },
        { x: 0, y: 1 },
      ],
      'test',
    );
    expect(hull).toHaveLength(3);
    expect(hull).toContainEqual({ x: 0, y: 0 });
  });

  it('returns copies: mutating the result does not touch the input', () => {
    const points = [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 0, y: 1 },
    ];
    const hull = computeHull(points, 'test');
    hull[0]!.x = 99;
    expect(points.every((p) => p.x !== 99)).toBe(true);
  });

  describe('rejects', () => {
    it('collinear points as a degenerate hull', () => {
      expect(() =>
        computeHull(
          [
            { x: 0, y: 0 },
            { x: 1, y: 1 },
            { x: 2, y: 2 },
            { x: -3, y: -3 },
          ],
          'makePolygon',
        ),
      ).toThrow(/^makePolygon: points must span a 2D convex hull.*got 2 hull vertices after welding$/);
    });

    it('points collinear within LINEAR_SLOP as a degenerate hull', () => {
      expect(() =>
        computeHull(
          [
            { x: 0, y: 0 },
            { x: 1, y: 0.4 * LINEAR_SLOP },
            { x: 2, y: 0 },
          ],
          'test',
        ),
      ).toThrow(RangeError);
    });

    it('duplicate points as a degenerate hull', () => {
      expect(() =>
        computeHull(
          [
            { x: 1, y: 2 },
            { x: 1, y: 2 },
            { x: 1 + 0.1 * LINEAR_SLOP, y: 2 },
          ],
          'test',
        ),
      ).toThrow(/^test: points must span a 2D convex hull.*got 1 hull vertices/);
    });

    it('fewer than 3 points', () => {
      expect(() =>
        computeHull(
          [
            { x: 0, y: 0 },
            { x: 1, y: 0 },
          ],
          'makePolygon',
        ),
      ).toThrow(new RangeError('makePolygon: points.length must be between 3 and 8, got 2'));
    });

    it('more than 8 points', () => {
      const points = Array.from({ length: 9 }, (_, i) => ({ x: i, y: i * i }));
      expect(() => computeHull(points, 'makePolygon')).toThrow(
        new RangeError('makePolygon: points.length must be between 3 and 8, got 9'),
      );
    });

    it('a NaN coordinate, naming the index and field', () => {
      const points = [
        { x: 0, y: 0 },
        { x: 1, y: 0 },
        { x: Number.NaN, y: 1 },
      ];
      expect(() => computeHull(points, 'makePolygon')).toThrow(
        new RangeError('makePolygon: points[2].x must be finite, got NaN'),
      );
    });

    it('an infinite coordinate, naming the index and field', () => {
      const points = [
        { x: 0, y: Number.NEGATIVE_INFINITY },
        { x: 1, y: 0 },
        { x: 0, y: 1 },
      ];
      expect(() => computeHull(points, 'makePolygon')).toThrow(
        new RangeError('makePolygon: points[0].y must be finite, got -Infinity'),
      );
    });

    it('a missing entry or a non-array with a TypeError', () => {
      const holey = [{ x: 0, y: 0 }, null, { x: 0, y: 1 }] as unknown as Vec2[];
      expect(() => computeHull(holey, 'test')).toThrow(
        new TypeError('test: points[1] must be an object with x and y, got null'),
      );
      expect(() => computeHull(undefined as unknown as Vec2[], 'test')).toThrow(TypeError);
    });
  });
});
