import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LINEAR_SLOP } from '../../src/base/constants';
import {
  AABB,
  Capsule,
  ChainSegment,
  Circle,
  computeCapsuleMass,
  computeCircleMass,
  computeMass,
  computePolygonCentroid,
  computePolygonMass,
  computeShapeAABB,
  makeBox,
  makeCapsule,
  makeCircle,
  makeOffsetBox,
  makePolygon,
  makeRoundedBox,
  makeSegment,
  makeSquare,
  MassData,
  type Polygon,
  Segment,
  ShapeType,
} from '../../src/geometry/geometry';
import { CosSin, cosSin, length, PI, Transform } from '../../src/base/math';

/** |actual - expected| <= rel * max(1, |expected|). */
function expectClose(actual: number, expected: number, rel = 1e-12): void {
  const tolerance = rel * Math.max(1, Math.abs(expected));
  if (!(Math.abs(actual - expected) <= tolerance)) {
    throw new Error(`expected ${actual} to be within ${tolerance} of ${expected}`);
  }
}

function polygonVertices(p: Polygon): { x: number; y: number }[] {
  return Array.from({ length: p.count }, (_, i) => ({ x: p.vx[i]!, y: p.vy[i]! }));
}

function expectUnitOutwardNormals(p: Polygon): void {
  for (let i = 0; i < p.count; i++) {
    const j = (i + 1) % p.count;
    const nx = p.nx[i]!;
    const ny = p.ny[i]!;
    expectClose(length(nx, ny), 1);
    // Perpendicular to its edge...
    const ex = p.vx[j]! - p.vx[i]!;
    const ey = p.vy[j]! - p.vy[i]!;
    expectClose((nx * ex + ny * ey) / length(ex, ey), 0);
    // ...and every other vertex lies behind it.
    for (let k = 0; k < p.count; k++) {
      if (k === i || k === j) continue;
      expect(nx * (p.vx[k]! - p.vx[i]!) + ny * (p.vy[k]! - p.vy[i]!)).toBeLessThan(0);
    }
  }
}

const coordinate = fc.double({ min: -5, max: 5, noNaN: true, noDefaultInfinity: true });
const cloud = fc.array(fc.record({ x: coordinate, y: coordinate }), { minLength: 3, maxLength: 8 });
const angle = fc.double({ min: -10, max: 10, noNaN: true, noDefaultInfinity: true });

function tryMakePolygon(points: { x: number; y: number }[], radius = 0): Polygon | null {
  try {
    return makePolygon(points, radius);
  } catch {
    return null; // a degenerate random cloud: not what these properties are about
  }
}

describe('constructors', () => {
  it('makeBox has CCW corners at +-half sizes, centroid at the origin, unit outward normals', () => {
    const box = makeBox(2, 0.5);
    expect(box.count).toBe(4);
    expect(box.radius).toBe(0);
    expect(polygonVertices(box)).toEqual([
      { x: -2, y: -0.5 },
      { x: 2, y: -0.5 },
      { x: 2, y: 0.5 },
      { x: -2, y: 0.5 },
    ]);
    expect([box.centroidX, box.centroidY]).toEqual([0, 0]);
    expectUnitOutwardNormals(box);
  });

  it('makeSquare is makeBox with equal half sizes', () => {
    expect(polygonVertices(makeSquare(0.75))).toEqual(polygonVertices(makeBox(0.75, 0.75)));
  });

  it('makeOffsetBox outputs unit outward normals and is centred on its center for any angle', () => {
    fc.assert(
      fc.property(angle, coordinate, coordinate, (a, cx, cy) => {
        const box = makeOffsetBox(1.5, 0.25, cx, cy, a);
        expectUnitOutwardNormals(box);
        expect([box.centroidX, box.centroidY]).toEqual([cx, cy]);
        let sx = 0;
        let sy = 0;
        for (const v of polygonVertices(box)) {
          sx += v.x;
          sy += v.y;
          expectClose(length(v.x - cx, v.y - cy), length(1.5, 0.25), 1e-14);
        }
        expectClose(sx / 4, cx, 1e-14);
        expectClose(sy / 4, cy, 1e-14);
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  it('makeOffsetBox rotates counter-clockwise by the angle', () => {
    const box = makeOffsetBox(1, 0.5, 0, 0, PI / 2);
    // The first corner (-1, -0.5) rotated by +90 degrees is (0.5, -1).
    expectClose(box.vx[0]!, 0.5);
    expectClose(box.vy[0]!, -1);
  });

  it('makeRoundedBox keeps the box corners and stores the radius', () => {
    const box = makeRoundedBox(1, 2, 0.1);
    expect(polygonVertices(box)).toEqual(polygonVertices(makeBox(1, 2)));
    expect(box.radius).toBe(0.1);
  });

  it('makePolygon outputs unit outward normals, its hull and its area centroid', () => {
    fc.assert(
      fc.property(cloud, (points) => {
        const p = tryMakePolygon(points);
        if (p === null) return;
        expectUnitOutwardNormals(p);
        // The centroid is the mass center of a unit density.
        const md = computePolygonMass(p, 1, new MassData());
        expectClose(p.centroidX, md.centerX, 1e-9);
        expectClose(p.centroidY, md.centerY, 1e-9);
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  it('makePolygon stores the radius', () => {
    const p = makePolygon(
      [
        { x: 0, y: 0 },
        { x: 1, y: 0 },
        { x: 0, y: 1 },
      ],
      0.25,
    );
    expect(p.radius).toBe(0.25);
    expect(p.count).toBe(3);
  });

  it('computePolygonCentroid of a triangle is the average of its vertices', () => {
    const out = computePolygonCentroid([1, 4, 2], [1, 2, 6], 3, { x: 0, y: 0 });
    expectClose(out.x, 7 / 3);
    expectClose(out.y, 3);
  });

  it('makeCircle, makeCapsule and makeSegment store their arguments', () => {
    expect(makeCircle(1, 2, 3)).toEqual(new Circle(1, 2, 3));
    expect(makeCapsule(0, 0, 1, 0, 0.5)).toEqual(new Capsule(0, 0, 1, 0, 0.5));
    expect(makeSegment(0, 0, 0, 2)).toEqual(new Segment(0, 0, 0, 2));
  });

  describe('reject bad input with a RangeError naming the field and value', () => {
    const square = [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
      { x: 0, y: 1 },
    ];
    const cases: [string, () => unknown, string][] = [
      ['makeBox', () => makeBox(-1, 1), 'makeBox: halfWidth must be positive and finite, got -1'],
      // a finite size outside the valid range names the field and the range (was a message about edge normals)
      ['makeBox', () => makeBox(1e300, 1), 'makeBox: halfWidth must be in (0, 100000] m, got 1e+300'],
      [
        'makeCircle',
        () => makeCircle(0, 0, 1e155),
        'makeCircle: radius must be in (0, 100000] m, got 1e+155',
      ],
      [
        'makeCircle',
        () => makeCircle(2e6, 0, 1),
        'makeCircle: cx must be in [-1000000, 1000000] m, got 2000000',
      ],
      ['makeBox', () => makeBox(1, Number.NaN), 'makeBox: halfHeight must be positive and finite, got NaN'],
      ['makeSquare', () => makeSquare(0), 'makeSquare: halfWidth must be positive and finite, got 0'],
      [
        'makeOffsetBox',
        () => makeOffsetBox(1, Number.POSITIVE_INFINITY, 0, 0, 0),
        'makeOffsetBox: halfHeight must be positive and finite, got Infinity',
      ],
      [
        'makeOffsetBox',
        () => makeOffsetBox(1, 1, Number.POSITIVE_INFINITY, 0, 0),
        'makeOffsetBox: centerX must be finite, got Infinity',
      ],
      [
        'makeOffsetBox',
        () => makeOffsetBox(1, 1, 0, Number.NaN, 0),
        'makeOffsetBox: centerY must be finite, got NaN',
      ],
      [
        'makeOffsetBox',
        () => makeOffsetBox(1, 1, 0, 0, Number.NaN),
        'makeOffsetBox: angle must be finite, got NaN',
      ],
      [
        'makeRoundedBox',
        () => makeRoundedBox(1, 1, -0.1),
        'makeRoundedBox: radius must be non-negative and finite, got -0.1',
      ],
      [
        'makeRoundedBox',
        () => makeRoundedBox(0, 1, 0.1),
        'makeRoundedBox: halfWidth must be positive and finite, got 0',
      ],
      ['makeCircle', () => makeCircle(0, 0, 0), 'makeCircle: radius must be positive and finite, got 0'],
      ['makeCircle', () => makeCircle(Number.NaN, 0, 1), 'makeCircle: cx must be finite, got NaN'],
      ['makeCircle', () => makeCircle(0, Number.NaN, 1), 'makeCircle: cy must be finite, got NaN'],
      [
        'makeCapsule',
        () => makeCapsule(0, 0, 1, 0, -2),
        'makeCapsule: radius must be positive and finite, got -2',
      ],
      ['makeCapsule', () => makeCapsule(0, 0, 1, Number.NaN, 1), 'makeCapsule: c2y must be finite, got NaN'],
      [
        'makeCapsule',
        () => makeCapsule(1, 2, 1, 2, 0.5),
        'makeCapsule: distance between centers must be greater than LINEAR_SLOP (0.005); ' +
          'use makeCircle when the centers coincide, got 0',
      ],
      [
        'makeSegment',
        () => makeSegment(1, 1, 1, 1),
        'makeSegment: length must be greater than LINEAR_SLOP (0.005), got 0',
      ],
      ['makeSegment', () => makeSegment(0, 0, Number.NaN, 1), 'makeSegment: p2x must be finite, got NaN'],
      [
        'makePolygon',
        () => makePolygon(square, -1),
        'makePolygon: radius must be non-negative and finite, got -1',
      ],
      [
        'makePolygon',
        () => makePolygon([square[0]!, square[1]!, { x: Number.NaN, y: 1 }]),
        'makePolygon: points[2].x must be finite, got NaN',
      ],
      [
        'makePolygon',
        () => makePolygon([square[0]!, square[1]!]),
        'makePolygon: points.length must be between 3 and 8, got 2',
      ],
      [
        'computeCircleMass',
        () => computeCircleMass(new Circle(0, 0, 1), -1, new MassData()),
        'computeCircleMass: density must be non-negative and finite, got -1',
      ],
      [
        'computePolygonMass',
        () => computePolygonMass(makeBox(1, 1), Number.NaN, new MassData()),
        'computePolygonMass: density must be non-negative and finite, got NaN',
      ],
      [
        'computeMass',
        () => computeMass(ShapeType.Segment, new Segment(0, 0, 1, 0), -1, new MassData()),
        'computeMass: density must be non-negative and finite, got -1',
      ],
      [
        'computeMass',
        () => computeMass(7 as ShapeType, new Segment(0, 0, 1, 0), 1, new MassData()),
        'computeMass: type must be a ShapeType (0 to 4), got 7',
      ],
    ];
    for (const [name, call, message] of cases) {
      it(`${name}: ${message.slice(name.length + 2)}`, () => {
        expect(call).toThrow(new RangeError(message));
      });
    }

    it('makeSegment and makeCapsule accept a length just above LINEAR_SLOP', () => {
      expect(() => makeSegment(0, 0, 2 * LINEAR_SLOP, 0)).not.toThrow();
      expect(() => makeCapsule(0, 0, 0, 2 * LINEAR_SLOP, 1)).not.toThrow();
      expect(() => makeSegment(0, 0, 0.5 * LINEAR_SLOP, 0)).toThrow(RangeError);
    });
  });
});

describe('mass', () => {
  it('box mass is density * w * h and inertia m (w^2 + h^2) / 12 about its center', () => {
    const density = 2.5;
    const w = 3;
    const h = 1.5;
    const md = computePolygonMass(makeBox(w / 2, h / 2), density, new MassData());
    expectClose(md.mass, density * w * h);
    expectClose(md.centerX, 0);
    expectClose(md.centerY, 0);
    expectClose(md.rotationalInertia, (md.mass * (w * w + h * h)) / 12);
  });

  it('offset box: center at its center, inertia about that center unchanged by the offset and angle', () => {
    const density = 0.7;
    const md = computePolygonMass(makeOffsetBox(1, 0.25, 3, -2, 0.7), density, new MassData());
    expectClose(md.mass, density * 2 * 0.5);
    expectClose(md.centerX, 3);
    expectClose(md.centerY, -2);
    expectClose(md.rotationalInertia, (md.mass * (4 + 0.25)) / 12);
  });

  it('circle: m = density pi r^2 and I = m r^2 / 2 about its center', () => {
    const md = computeCircleMass(new Circle(1, -2, 0.5), 3, new MassData());
    expectClose(md.mass, 3 * PI * 0.25);
    expect([md.centerX, md.centerY]).toEqual([1, -2]);
    expectClose(md.rotationalInertia, (md.mass * 0.25) / 2);
  });

  it('capsule matches rectangle + two half discs moved by the parallel axis theorem', () => {
    const density = 1.3;
    const r = 0.4;
    const length = 2;
    const md = computeCapsuleMass(new Capsule(-1, 0.5, 1, 0.5, r), density, new MassData());
    const rectMass = density * length * 2 * r;
    const halfDiscMass = (density * PI * r * r) / 2;
    const centroidOffset = (4 * r) / (3 * PI); // of a half disc, from its flat side
    const halfDiscAboutCentroid = halfDiscMass * ((r * r) / 2 - centroidOffset * centroidOffset);
    const halfDiscAboutCenter =
      halfDiscAboutCentroid + halfDiscMass * (length / 2 + centroidOffset) * (length / 2 + centroidOffset);
    expectClose(md.mass, rectMass + 2 * halfDiscMass);
    expect([md.centerX, md.centerY]).toEqual([0, 0.5]);
    expectClose(
      md.rotationalInertia,
      (rectMass * (length * length + 4 * r * r)) / 12 + 2 * halfDiscAboutCenter,
    );
  });

  it('capsule mass does not depend on its orientation', () => {
    fc.assert(
      fc.property(angle, (a) => {
        const q = cosSin(a, new CosSin());
        const tilted = computeCapsuleMass(new Capsule(-q.c, -q.s, q.c, q.s, 0.3), 1, new MassData());
        const flat = computeCapsuleMass(new Capsule(-1, 0, 1, 0, 0.3), 1, new MassData());
        expectClose(tilted.mass, flat.mass);
        expectClose(tilted.rotationalInertia, flat.rotationalInertia);
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  it('a rounded box of vanishing height has the mass of the capsule along its length', () => {
    const capsule = computeCapsuleMass(new Capsule(-1, 0, 1, 0, 0.3), 2, new MassData());
    const box = computePolygonMass(makeRoundedBox(1, 1e-9, 0.3), 2, new MassData());
    expectClose(box.mass, capsule.mass, 1e-8);
    expectClose(box.rotationalInertia, capsule.rotationalInertia, 1e-8);
  });

  it('rounded box: area w h + perimeter r + pi r^2 and inertia of its exact decomposition', () => {
    const hw = 1;
    const hh = 0.5;
    const r = 0.1;
    const density = 1.5;
    const md = computePolygonMass(makeRoundedBox(hw, hh, r), density, new MassData());
    const w = 2 * hw;
    const h = 2 * hh;
    expectClose(md.mass / density, w * h + 2 * (w + h) * r + PI * r * r);
    expectClose(md.centerX, 0);
    expectClose(md.centerY, 0);
    // Core box, side strips (r x h) at x = +-(hw + r/2), top/bottom strips (w x r) at
    // y = +-(hh + r/2), and four quarter discs at the corners.
    const core = (w * h * (w * w + h * h)) / 12;
    const sides = 2 * ((r * h * (r * r + h * h)) / 12 + r * h * (hw + r / 2) * (hw + r / 2));
    const caps = 2 * ((w * r * (w * w + r * r)) / 12 + w * r * (hh + r / 2) * (hh + r / 2));
    // A quarter disc about its corner: pi r^4 / 8, first moment r^3/3 (1, 1) outward.
    const quarter =
      (PI * r * r * r * r) / 8 +
      2 * (((r * r * r) / 3) * (hw + hh)) +
      ((PI * r * r) / 4) * (hw * hw + hh * hh);
    expectClose(md.rotationalInertia / density, core + sides + caps + 4 * quarter);
  });

  it('rounded polygon area is A + perimeter r + pi r^2 for random polygons and radii', () => {
    fc.assert(
      fc.property(cloud, fc.double({ min: 0, max: 2, noNaN: true }), (points, r) => {
        const p = tryMakePolygon(points, r);
        if (p === null) return;
        const core = computePolygonMass(makePolygon(polygonVertices(p)), 1, new MassData());
        let perimeter = 0;
        for (let i = 0; i < p.count; i++) {
          const j = (i + 1) % p.count;
          perimeter += length(p.vx[j]! - p.vx[i]!, p.vy[j]! - p.vy[i]!);
        }
        const md = computePolygonMass(p, 1, new MassData());
        expectClose(md.mass, core.mass + perimeter * r + PI * r * r, 1e-10);
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  it('rounded triangle matches numerical integration over its area', () => {
    const p = makePolygon(
      [
        { x: 0, y: 0 },
        { x: 2, y: 0 },
        { x: 0.5, y: 1.5 },
      ],
      0.3,
    );
    const md = computePolygonMass(p, 1, new MassData());
    // Midpoint rule on a fine grid; a cell belongs to the solid when its center is within
    // r of the triangle. Boundary cells make the error about one cell row: ~1e-3 relative.
    const n = 600;
    const x0 = -0.3;
    const y0 = -0.3;
    const size = 2.6;
    const cell = size / n;
    let area = 0;
    let sx = 0;
    let sy = 0;
    let sxx = 0;
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const x = x0 + (i + 0.5) * cell;
        const y = y0 + (j + 0.5) * cell;
        if (distanceToPolygon(p, x, y) <= 0.3) {
          area += cell * cell;
          sx += x * cell * cell;
          sy += y * cell * cell;
          sxx += (x * x + y * y) * cell * cell;
        }
      }
    }
    const cx = sx / area;
    const cy = sy / area;
    expectClose(md.mass, area, 2e-3);
    expect(Math.abs(md.centerX - cx)).toBeLessThan(2e-3);
    expect(Math.abs(md.centerY - cy)).toBeLessThan(2e-3);
    expectClose(md.rotationalInertia, sxx - area * (cx * cx + cy * cy), 4e-3);
  });

  it('polygon mass is invariant under translation: the center moves with the points', () => {
    fc.assert(
      fc.property(
        cloud,
        fc.double({ min: 0, max: 1, noNaN: true }),
        coordinate.map((v) => v * 20),
        coordinate.map((v) => v * 20),
        (points, r, tx, ty) => {
          const p = tryMakePolygon(points, r);
          if (p === null) return;
          const moved = makePolygon(
            polygonVertices(p).map((v) => ({ x: v.x + tx, y: v.y + ty })),
            r,
          );
          fc.pre(moved.count === p.count);
          const a = computePolygonMass(p, 2, new MassData());
          const b = computePolygonMass(moved, 2, new MassData());
          expectClose(b.mass, a.mass, 1e-9);
          expect(Math.abs(b.centerX - (a.centerX + tx))).toBeLessThan(1e-9);
          expect(Math.abs(b.centerY - (a.centerY + ty))).toBeLessThan(1e-9);
          expectClose(b.rotationalInertia, a.rotationalInertia, 1e-9);
        },
      ),
      { seed: 42, numRuns: 200 },
    );
  });

  it('polygon inertia about the centroid is invariant under rotation of the points', () => {
    fc.assert(
      fc.property(cloud, fc.double({ min: 0, max: 1, noNaN: true }), angle, (points, r, a) => {
        const p = tryMakePolygon(points, r);
        if (p === null) return;
        const q = cosSin(a, new CosSin());
        const turned = makePolygon(
          polygonVertices(p).map((v) => ({ x: q.c * v.x - q.s * v.y, y: q.s * v.x + q.c * v.y })),
          r,
        );
        fc.pre(turned.count === p.count);
        const m1 = computePolygonMass(p, 1, new MassData());
        const m2 = computePolygonMass(turned, 1, new MassData());
        expectClose(m2.mass, m1.mass, 1e-9);
        expectClose(m2.rotationalInertia, m1.rotationalInertia, 1e-9);
        expect(Math.abs(m2.centerX - (q.c * m1.centerX - q.s * m1.centerY))).toBeLessThan(1e-9);
        expect(Math.abs(m2.centerY - (q.s * m1.centerX + q.c * m1.centerY))).toBeLessThan(1e-9);
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  it('computeMass dispatches on the shape type; segments and chain segments have no mass', () => {
    const box = makeBox(1, 2);
    expect(computeMass(ShapeType.Polygon, box, 3, new MassData())).toEqual(
      computePolygonMass(box, 3, new MassData()),
    );
    const circle = new Circle(0, 1, 2);
    expect(computeMass(ShapeType.Circle, circle, 3, new MassData())).toEqual(
      computeCircleMass(circle, 3, new MassData()),
    );
    const capsule = new Capsule(0, 0, 1, 1, 0.5);
    expect(computeMass(ShapeType.Capsule, capsule, 3, new MassData())).toEqual(
      computeCapsuleMass(capsule, 3, new MassData()),
    );
    const segment = computeMass(ShapeType.Segment, new Segment(0, 0, 2, 4), 3, new MassData());
    expect(segment).toMatchObject({ mass: 0, rotationalInertia: 0, centerX: 1, centerY: 2 });
    const chain = computeMass(
      ShapeType.ChainSegment,
      new ChainSegment(-1, 0, 0, 0, 2, 0, 3, 0),
      3,
      new MassData(),
    );
    expect(chain).toMatchObject({ mass: 0, rotationalInertia: 0, centerX: 1, centerY: 0 });
  });
});

describe('AABB', () => {
  const transform = fc
    .tuple(
      angle,
      coordinate.map((v) => v * 100),
      coordinate.map((v) => v * 100),
    )
    .map(([a, px, py]) => {
      const q = cosSin(a, new CosSin());
      return new Transform().set(px, py, q.c, q.s);
    });

  /** Checks `box` contains every disc (world center, radius) and touches each side. */
  function expectTightBound(box: AABB, centers: { x: number; y: number }[], radius: number): void {
    const eps =
      1e-12 * (1 + Math.max(Math.abs(box.minX), Math.abs(box.maxX), Math.abs(box.minY), Math.abs(box.maxY)));
    for (const c of centers) {
      expect(c.x - radius).toBeGreaterThanOrEqual(box.minX - eps);
      expect(c.x + radius).toBeLessThanOrEqual(box.maxX + eps);
      expect(c.y - radius).toBeGreaterThanOrEqual(box.minY - eps);
      expect(c.y + radius).toBeLessThanOrEqual(box.maxY + eps);
    }
    expect(centers.some((c) => Math.abs(c.x - radius - box.minX) <= eps)).toBe(true);
    expect(centers.some((c) => Math.abs(c.x + radius - box.maxX) <= eps)).toBe(true);
    expect(centers.some((c) => Math.abs(c.y - radius - box.minY) <= eps)).toBe(true);
    expect(centers.some((c) => Math.abs(c.y + radius - box.maxY) <= eps)).toBe(true);
  }

  function toWorld(xf: Transform, x: number, y: number): { x: number; y: number } {
    return { x: xf.c * x - xf.s * y + xf.px, y: xf.s * x + xf.c * y + xf.py };
  }

  it('polygon AABB contains every vertex plus radius under random transforms and is tight', () => {
    fc.assert(
      fc.property(cloud, fc.double({ min: 0, max: 1, noNaN: true }), transform, (points, r, xf) => {
        const p = tryMakePolygon(points, r);
        if (p === null) return;
        const box = computeShapeAABB(ShapeType.Polygon, p, xf, new AABB());
        const world = polygonVertices(p).map((v) => toWorld(xf, v.x, v.y));
        expectTightBound(box, world, r);
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  it('circle, capsule, segment and chain segment AABBs contain their solid and are tight', () => {
    fc.assert(
      fc.property(coordinate, coordinate, coordinate, coordinate, transform, (x1, y1, x2, y2, xf) => {
        const circle = new Circle(x1, y1, 0.7);
        expectTightBound(
          computeShapeAABB(ShapeType.Circle, circle, xf, new AABB()),
          [toWorld(xf, x1, y1)],
          0.7,
        );
        const ends = [toWorld(xf, x1, y1), toWorld(xf, x2, y2)];
        const capsule = new Capsule(x1, y1, x2, y2, 0.3);
        expectTightBound(computeShapeAABB(ShapeType.Capsule, capsule, xf, new AABB()), ends, 0.3);
        const segment = new Segment(x1, y1, x2, y2);
        expectTightBound(computeShapeAABB(ShapeType.Segment, segment, xf, new AABB()), ends, 0);
        // The ghost vertices lie far away: they must not widen the box.
        const chain = new ChainSegment(-1000, -1000, x1, y1, x2, y2, 1000, 1000);
        expectTightBound(computeShapeAABB(ShapeType.ChainSegment, chain, xf, new AABB()), ends, 0);
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  it('writes into and returns the caller-owned AABB', () => {
    const out = new AABB();
    expect(computeShapeAABB(ShapeType.Polygon, makeBox(1, 2), new Transform(), out)).toBe(out);
    expect([out.minX, out.minY, out.maxX, out.maxY]).toEqual([-1, -2, 1, 2]);
  });

  it('rejects an unknown shape type', () => {
    expect(() => computeShapeAABB(9 as ShapeType, makeBox(1, 1), new Transform(), new AABB())).toThrow(
      new RangeError('computeShapeAABB: type must be a ShapeType (0 to 4), got 9'),
    );
  });
});

/** Distance from (x, y) to a solid CCW polygon (0 inside). */
function distanceToPolygon(p: Polygon, x: number, y: number): number {
  let inside = true;
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < p.count; i++) {
    const j = (i + 1) % p.count;
    const ax = p.vx[i]!;
    const ay = p.vy[i]!;
    const ex = p.vx[j]! - ax;
    const ey = p.vy[j]! - ay;
    if (ex * (y - ay) - ey * (x - ax) < 0) inside = false;
    const u = Math.min(1, Math.max(0, ((x - ax) * ex + (y - ay) * ey) / (ex * ex + ey * ey)));
    best = Math.min(best, length(ax + u * ex - x, ay + u * ey - y));
  }
  return inside ? 0 : best;
}
