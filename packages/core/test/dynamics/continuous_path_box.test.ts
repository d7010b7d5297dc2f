/**
 * Continuous collision searches the trees with the box of a fast body's centroid path
 * (dynamics/continuous.ts sweepBody), where it searched a box grown by the body's reach.
 * That finds the same candidates that count only if every shape a path crosses (the ray
 * cast of centroidPathCrosses) has a box that meets the path's box, padded by LINEAR_SLOP:
 * checked here for every shape kind, posed at random, against random and grazing paths.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LINEAR_SLOP } from '../../src/base/constants';
import { rayCastShape, RayCastOutput } from '../../src/collision/ray_cast';
import {
  AABB,
  ChainSegment,
  computeShapeAABB,
  type Geometry,
  makeCapsule,
  makeCircle,
  makeOffsetBox,
  makePolygon,
  makeRoundedBox,
  makeSegment,
  ShapeType,
} from '../../src/geometry/geometry';
import { xf } from '../support';

const shapes: ReadonlyArray<[string, ShapeType, Geometry]> = [
  ['circle', ShapeType.Circle, makeCircle(0.3, -0.2, 0.35)],
  ['capsule', ShapeType.Capsule, makeCapsule(-0.25, 0, 0.25, 0.1, 0.25)],
  ['box', ShapeType.Polygon, makeOffsetBox(0.5, 0.2, 0.1, -0.3, 0.3)],
  ['rounded box', ShapeType.Polygon, makeRoundedBox(0.4, 1.5, 0.2)],
  [
    'triangle',
    ShapeType.Polygon,
    makePolygon([
      { x: -1, y: 0 },
      { x: 1, y: 0.2 },
      { x: 0, y: 1.3 },
    ]),
  ],
  ['segment', ShapeType.Segment, makeSegment(-1, 0, 1, 0)],
  ['chain segment', ShapeType.ChainSegment, new ChainSegment(-2, 0.1, -1, 0, 1, 0, 2, 0.1)],
];

/** Whether the world path p0 -> p1 crosses the shape at pose (x, y, angle), as sweepBody asks. */
function pathCrosses(
  type: ShapeType,
  g: Geometry,
  pose: { x: number; y: number; angle: number },
  p0x: number,
  p0y: number,
  p1x: number,
  p1y: number,
): boolean {
  const t = xf(pose.x, pose.y, pose.angle);
  // the path in the shape's body frame (continuous.ts centroidPathCrosses)
  const ox0 = p0x - t.px;
  const oy0 = p0y - t.py;
  const dx0 = p1x - p0x;
  const dy0 = p1y - p0y;
  const ox = t.c * ox0 + t.s * oy0;
  const oy = -t.s * ox0 + t.c * oy0;
  const dx = t.c * dx0 + t.s * dy0;
  const dy = -t.s * dx0 + t.c * dy0;
  return rayCastShape(type, g, ox, oy, dx, dy, 1, new RayCastOutput());
}

function pathBoxMeets(box: AABB, p0x: number, p0y: number, p1x: number, p1y: number): boolean {
  return !(
    Math.min(p0x, p1x) - LINEAR_SLOP > box.maxX ||
    Math.max(p0x, p1x) + LINEAR_SLOP < box.minX ||
    Math.min(p0y, p1y) - LINEAR_SLOP > box.maxY ||
    Math.max(p0y, p1y) + LINEAR_SLOP < box.minY
  );
}

const coordinate = fc.double({ min: -3, max: 3, noNaN: true });
const pose = fc.record({ x: fc.double({ min: -1, max: 1, noNaN: true }), y: coordinate, angle: coordinate });

describe("continuous collision: the centroid path's box holds every crossing", () => {
  for (const [name, type, g] of shapes) {
    it(`${name}: a path that crosses it meets its box`, () => {
      let crossings = 0;
      fc.assert(
        fc.property(pose, coordinate, coordinate, coordinate, coordinate, (at, p0x, p0y, p1x, p1y) => {
          if (!pathCrosses(type, g, at, p0x, p0y, p1x, p1y)) return;
          crossings++;
          const box = computeShapeAABB(type, g, xf(at.x, at.y, at.angle), new AABB(0, 0, 0, 0));
          expect(pathBoxMeets(box, p0x, p0y, p1x, p1y)).toBe(true);
        }),
        { numRuns: 3000, seed: 27 },
      );
      // the property ran on real crossings, not only on misses
      expect(crossings).toBeGreaterThan(100);
    });

    it(`${name}: a path that ends on its box's edge and crosses meets it`, () => {
      // grazing paths: from far outside to a point on the box's boundary
      const box = computeShapeAABB(type, g, xf(0.2, -0.1, 0.7), new AABB(0, 0, 0, 0));
      const at = { x: 0.2, y: -0.1, angle: 0.7 };
      const edge = fc.double({ min: 0, max: 1, noNaN: true });
      fc.assert(
        fc.property(edge, fc.integer({ min: 0, max: 3 }), coordinate, coordinate, (f, side, fx, fy) => {
          const ex = side < 2 ? box.minX + f * (box.maxX - box.minX) : side === 2 ? box.minX : box.maxX;
          const ey = side >= 2 ? box.minY + f * (box.maxY - box.minY) : side === 0 ? box.minY : box.maxY;
          if (!pathCrosses(type, g, at, fx + 4 * Math.sign(fx), fy, ex, ey)) return;
          expect(pathBoxMeets(box, fx + 4 * Math.sign(fx), fy, ex, ey)).toBe(true);
        }),
        { numRuns: 1000, seed: 7 },
      );
    });
  }
});
