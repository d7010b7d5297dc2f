import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LINEAR_SLOP, SPECULATIVE_DISTANCE } from '../../src/base/constants';
import {
  Capsule,
  ChainSegment,
  Circle,
  type Geometry,
  Polygon,
  Segment,
  ShapeType,
} from '../../src/geometry/geometry';
import {
  collideCapsuleAndCircle,
  collideCapsules,
  collideChainSegmentAndCapsule,
  collideChainSegmentAndCircle,
  collideChainSegmentAndPolygon,
  collideCircles,
  collidePolygonAndCapsule,
  collidePolygonAndCircle,
  collidePolygons,
  collideSegmentAndCapsule,
  collideSegmentAndCircle,
  collideSegmentAndPolygon,
  collideTable,
  getCollider,
} from '../../src/collision/manifold';
import { Manifold } from '../../src/collision/manifold_types';
import { CosSin, cosSin, Transform } from '../../src/base/math';
import { xf } from '../support';

// ---------------------------------------------------------------------------------------
// Local helpers (geometry.ts constructors are developed separately)

function polygon(points: ReadonlyArray<readonly [number, number]>, radius = 0): Polygon {
  const p = new Polygon();
  const n = points.length;
  let area = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < n; i++) {
    const [x1, y1] = points[i]!;
    const [x2, y2] = points[(i + 1) % n]!;
    p.vx[i] = x1;
    p.vy[i] = y1;
    const ex = x2 - x1;
    const ey = y2 - y1;
    const len = Math.sqrt(ex * ex + ey * ey);
    p.nx[i] = ey / len;
    p.ny[i] = -ex / len;
    const a = x1 * y2 - x2 * y1;
    area += a;
    cx += (x1 + x2) * a;
    cy += (y1 + y2) * a;
  }
  p.count = n;
  p.radius = radius;
  p.centroidX = cx / (3 * area);
  p.centroidY = cy / (3 * area);
  return p;
}

function box(hw: number, hh: number, radius = 0): Polygon {
  return polygon(
    [
      [-hw, -hh],
      [hw, -hh],
      [hw, hh],
      [-hw, hh],
    ],
    radius,
  );
}

/** Chain segment p1 -> p2 with ghosts extending it collinearly (a flat chain). */
function flatChain(p1x: number, p2x: number, y = 0): ChainSegment {
  const d = p2x - p1x;
  return new ChainSegment(p1x - d, y, p1x, y, p2x, y, p2x + d, y);
}

const ID = xf(0, 0);

// ---------------------------------------------------------------------------------------

describe('collideCircles', () => {
  it('reports the overlap, the normal and the midpoint between surfaces', () => {
    const m = new Manifold();
    collideCircles(new Circle(0, 0, 1), ID, new Circle(0, 0, 0.5), xf(1.4, 0), m);
    expect(m.pointCount).toBe(1);
    expect(m.normalX).toBeCloseTo(1, 12);
    expect(m.normalY).toBeCloseTo(0, 12);
    expect(m.sep0).toBeCloseTo(-0.1, 9);
    expect(m.ax0).toBeCloseTo(0.95, 9);
    expect(m.ay0).toBeCloseTo(0, 9);
  });

  it('gives anchors relative to A origin in world orientation, with offset centers', () => {
    const m = new Manifold();
    // A's circle is offset 1 m along A's local x; A is rotated 90 degrees.
    collideCircles(new Circle(1, 0, 0.5), xf(10, 10, Math.PI / 2), new Circle(0, 0, 0.5), xf(10, 12, 0), m);
    // Circle A center in world: (10, 11). B at (10, 12): touching exactly.
    expect(m.pointCount).toBe(1);
    expect(m.sep0).toBeCloseTo(0, 9);
    expect(m.normalX).toBeCloseTo(0, 12);
    expect(m.normalY).toBeCloseTo(1, 12);
    expect(m.ax0).toBeCloseTo(0, 9);
    expect(m.ay0).toBeCloseTo(1.5, 9);
  });

  it('gives a unit normal for coincident centers', () => {
    const m = new Manifold();
    collideCircles(new Circle(0, 0, 1), ID, new Circle(0, 0, 1), ID, m);
    expect(m.pointCount).toBe(1);
    expect(Math.hypot(m.normalX, m.normalY)).toBeCloseTo(1, 12);
    expect(m.sep0).toBeCloseTo(-2, 12);
  });
});

describe('collidePolygons', () => {
  it('box resting on a box: two points, normal up, separations equal to the overlap', () => {
    const m = new Manifold();
    collidePolygons(box(5, 0.5), ID, box(0.5, 0.5), xf(0, 0.99), m);
    expect(m.pointCount).toBe(2);
    expect(m.normalX).toBeCloseTo(0, 15);
    expect(m.normalY).toBeCloseTo(1, 15);
    expect(Math.abs(m.sep0 + 0.01)).toBeLessThan(1e-9);
    expect(Math.abs(m.sep1 + 0.01)).toBeLessThan(1e-9);
    const xs = [m.ax0, m.ax1].sort((a, b) => a - b);
    expect(xs[0]).toBeCloseTo(-0.5, 9);
    expect(xs[1]).toBeCloseTo(0.5, 9);
    expect(m.ay0).toBeCloseTo(0.495, 9);
    expect(m.ay1).toBeCloseTo(0.495, 9);
    expect(m.id0).not.toBe(m.id1);
  });

  it('box on a box when B is the reference (flipped) still has its normal from A to B', () => {
    const m = new Manifold();
    // Small box A under a wide box B: B's bottom face is the reference.
    collidePolygons(box(0.5, 0.5), ID, box(5, 0.5), xf(0, 0.99), m);
    expect(m.pointCount).toBe(2);
    expect(m.normalX).toBeCloseTo(0, 15);
    expect(m.normalY).toBeCloseTo(1, 15);
    expect(Math.abs(m.sep0 + 0.01)).toBeLessThan(1e-9);
    expect(Math.abs(m.sep1 + 0.01)).toBeLessThan(1e-9);
  });

  it('box standing on a corner gives one point at the corner', () => {
    const m = new Manifold();
    const h = 0.5 * Math.SQRT2;
    collidePolygons(box(5, 0.5), ID, box(0.5, 0.5), xf(0.2, 0.5 + h - 0.01, Math.PI / 4), m);
    expect(m.pointCount).toBe(1);
    expect(m.normalY).toBeCloseTo(1, 12);
    expect(Math.abs(m.sep0 + 0.01)).toBeLessThan(1e-9);
    expect(m.ax0).toBeCloseTo(0.2, 9);
  });

  it('rotated configuration gives rotated normal and the same separations', () => {
    const m = new Manifold();
    const a = 0.3;
    const c = Math.cos(a);
    const s = Math.sin(a);
    // Whole scene of the first test rotated by a about the origin.
    collidePolygons(box(5, 0.5), xf(0, 0, a), box(0.5, 0.5), xf(-s * 0.99, c * 0.99, a), m);
    expect(m.pointCount).toBe(2);
    expect(m.normalX).toBeCloseTo(-s, 12);
    expect(m.normalY).toBeCloseTo(c, 12);
    expect(Math.abs(m.sep0 + 0.01)).toBeLessThan(1e-9);
    expect(Math.abs(m.sep1 + 0.01)).toBeLessThan(1e-9);
  });

  it('rounded boxes include both radii in the separation', () => {
    const m = new Manifold();
    collidePolygons(box(5, 0.5, 0.1), ID, box(0.5, 0.5, 0.05), xf(0, 1.14), m);
    expect(m.pointCount).toBe(2);
    expect(m.normalY).toBeCloseTo(1, 12);
    expect(Math.abs(m.sep0 + 0.01)).toBeLessThan(1e-9);
    expect(Math.abs(m.sep1 + 0.01)).toBeLessThan(1e-9);
  });

  it('separated corners give a vertex-vertex point with the diagonal normal', () => {
    const m = new Manifold();
    // B's lower-left corner sits diagonally off A's upper-right corner by d along (1,1)/sqrt2.
    const d = 0.5 * SPECULATIVE_DISTANCE;
    const off = d / Math.SQRT2;
    collidePolygons(box(0.5, 0.5), ID, box(0.5, 0.5), xf(1 + off, 1 + off), m);
    expect(m.pointCount).toBe(1);
    expect(m.normalX).toBeCloseTo(Math.SQRT1_2, 9);
    expect(m.normalY).toBeCloseTo(Math.SQRT1_2, 9);
    expect(Math.abs(m.sep0 - d)).toBeLessThan(1e-9);
    expect(m.ax0).toBeCloseTo(0.5 + off / 2, 9);
  });

  it('keeps feature ids while a box slides a little on another box', () => {
    const m = new Manifold();
    collidePolygons(box(5, 0.5), ID, box(0.5, 0.5), xf(-1, 0.995), m);
    const ids = [m.id0, m.id1];
    for (let x = -1; x <= 1; x += 0.01) {
      collidePolygons(box(5, 0.5), ID, box(0.5, 0.5), xf(x, 0.995, 1e-4 * x), m);
      expect(m.pointCount).toBe(2);
      expect([m.id0, m.id1]).toEqual(ids);
    }
  });
});

describe('collidePolygonAndCircle', () => {
  it('circle resting on a box face', () => {
    const m = new Manifold();
    collidePolygonAndCircle(box(5, 0.5), ID, new Circle(0, 0, 0.5), xf(0.3, 0.98), m);
    expect(m.pointCount).toBe(1);
    expect(m.normalX).toBeCloseTo(0, 15);
    expect(m.normalY).toBeCloseTo(1, 15);
    expect(Math.abs(m.sep0 + 0.02)).toBeLessThan(1e-9);
    expect(m.ax0).toBeCloseTo(0.3, 9);
    expect(m.ay0).toBeCloseTo(0.49, 9);
  });

  it('circle near a corner uses the corner normal', () => {
    const m = new Manifold();
    collidePolygonAndCircle(box(0.5, 0.5), ID, new Circle(0, 0, 0.5), xf(0.86, 0.86), m);
    expect(m.pointCount).toBe(1);
    expect(m.normalX).toBeCloseTo(Math.SQRT1_2, 12);
    expect(m.normalY).toBeCloseTo(Math.SQRT1_2, 12);
    expect(Math.abs(m.sep0 - (0.36 * Math.SQRT2 - 0.5))).toBeLessThan(1e-9);
    // Midpoint between the corner and the circle's surface, along the diagonal.
    const sep = 0.36 * Math.SQRT2 - 0.5;
    expect(m.ax0).toBeCloseTo(0.5 + 0.5 * sep * Math.SQRT1_2, 9);
    expect(m.ay0).toBeCloseTo(0.5 + 0.5 * sep * Math.SQRT1_2, 9);
  });

  it('circle center inside the polygon is pushed out through the nearest face', () => {
    const m = new Manifold();
    collidePolygonAndCircle(box(1, 1), ID, new Circle(0, 0, 0.25), xf(0.8, 0.1), m);
    expect(m.pointCount).toBe(1);
    expect(m.normalX).toBeCloseTo(1, 12);
    expect(Math.abs(m.sep0 - (-0.2 - 0.25))).toBeLessThan(1e-9);
  });
});

describe('capsules', () => {
  it('capsule lying on a box gives two points', () => {
    const m = new Manifold();
    collidePolygonAndCapsule(box(5, 0.5), ID, new Capsule(-1, 0, 1, 0, 0.25), xf(0, 0.74), m);
    expect(m.pointCount).toBe(2);
    expect(m.normalY).toBeCloseTo(1, 15);
    expect(Math.abs(m.sep0 + 0.01)).toBeLessThan(1e-9);
    expect(Math.abs(m.sep1 + 0.01)).toBeLessThan(1e-9);
    const xs = [m.ax0, m.ax1].sort((a, b) => a - b);
    expect(xs[0]).toBeCloseTo(-1, 9);
    expect(xs[1]).toBeCloseTo(1, 9);
    expect(m.ay0).toBeCloseTo(0.495, 9);
  });

  it('parallel overlapping capsules give two points', () => {
    const m = new Manifold();
    collideCapsules(new Capsule(-1, 0, 1, 0, 0.25), ID, new Capsule(-1, 0, 1, 0, 0.25), xf(0.5, 0.49), m);
    expect(m.pointCount).toBe(2);
    expect(m.normalX).toBeCloseTo(0, 12);
    expect(m.normalY).toBeCloseTo(1, 12);
    expect(Math.abs(m.sep0 + 0.01)).toBeLessThan(1e-9);
    expect(Math.abs(m.sep1 + 0.01)).toBeLessThan(1e-9);
    const xs = [m.ax0, m.ax1].sort((a, b) => a - b);
    expect(xs[0]).toBeCloseTo(-0.5, 9);
    expect(xs[1]).toBeCloseTo(1, 9);
    expect(m.ay0).toBeCloseTo(0.245, 9);
  });

  it('crossing capsules give one point', () => {
    const m = new Manifold();
    collideCapsules(
      new Capsule(-1, 0, 1, 0, 0.25),
      ID,
      new Capsule(-1, 0, 1, 0, 0.25),
      xf(0, 0.6, Math.PI / 2),
      m,
    );
    // B is vertical, centered at (0, 0.6): its lower end (0,-0.4) crosses A's core.
    expect(m.pointCount).toBe(1);
    expect(Number.isFinite(m.sep0)).toBe(true);
    expect(Math.hypot(m.normalX, m.normalY)).toBeCloseTo(1, 12);
  });

  it('end-to-end capsules give one point along the axis', () => {
    const m = new Manifold();
    collideCapsules(new Capsule(-1, 0, 1, 0, 0.25), ID, new Capsule(-1, 0, 1, 0, 0.25), xf(2.49, 0), m);
    expect(m.pointCount).toBe(1);
    expect(m.normalX).toBeCloseTo(1, 12);
    expect(Math.abs(m.sep0 + 0.01)).toBeLessThan(1e-9);
    expect(m.ax0).toBeCloseTo(1.245, 9);
  });

  it('capsule and circle', () => {
    const m = new Manifold();
    collideCapsuleAndCircle(new Capsule(-1, 0, 1, 0, 0.25), ID, new Circle(0, 0, 0.5), xf(0.5, 0.7), m);
    expect(m.pointCount).toBe(1);
    expect(m.normalY).toBeCloseTo(1, 12);
    expect(Math.abs(m.sep0 + 0.05)).toBeLessThan(1e-9);
    expect(m.ax0).toBeCloseTo(0.5, 9);
    expect(m.ay0).toBeCloseTo(0.225, 9);
  });
});

describe('segments (two-sided)', () => {
  const seg = new Segment(-2, 0, 2, 0);

  it('segment and circle from either side', () => {
    const m = new Manifold();
    collideSegmentAndCircle(seg, ID, new Circle(0, 0, 0.5), xf(1, 0.49), m);
    expect(m.pointCount).toBe(1);
    expect(m.normalY).toBeCloseTo(1, 12);
    expect(Math.abs(m.sep0 + 0.01)).toBeLessThan(1e-9);
    collideSegmentAndCircle(seg, ID, new Circle(0, 0, 0.5), xf(1, -0.49), m);
    expect(m.pointCount).toBe(1);
    expect(m.normalY).toBeCloseTo(-1, 12);
    expect(Math.abs(m.sep0 + 0.01)).toBeLessThan(1e-9);
  });

  it('segment and capsule lying on it give two points', () => {
    const m = new Manifold();
    collideSegmentAndCapsule(seg, ID, new Capsule(-1, 0, 1, 0, 0.25), xf(0, 0.24), m);
    expect(m.pointCount).toBe(2);
    expect(m.normalY).toBeCloseTo(1, 12);
    expect(Math.abs(m.sep0 + 0.01)).toBeLessThan(1e-9);
    expect(Math.abs(m.sep1 + 0.01)).toBeLessThan(1e-9);
  });

  it('segment and box resting on it give two points', () => {
    const m = new Manifold();
    collideSegmentAndPolygon(seg, ID, box(0.5, 0.5), xf(0.3, 0.49), m);
    expect(m.pointCount).toBe(2);
    expect(m.normalY).toBeCloseTo(1, 12);
    expect(Math.abs(m.sep0 + 0.01)).toBeLessThan(1e-9);
    expect(Math.abs(m.sep1 + 0.01)).toBeLessThan(1e-9);
    const xs = [m.ax0, m.ax1].sort((a, b) => a - b);
    expect(xs[0]).toBeCloseTo(-0.2, 9);
    expect(xs[1]).toBeCloseTo(0.8, 9);
  });
});

describe('chain segments (one-sided, smooth)', () => {
  // Chain normal is to the right of p1 -> p2, so right-to-left gives an upward normal.
  const right = flatChain(2, 0);
  const left = flatChain(0, -2);

  it('box resting on a chain segment gives two points with normal up', () => {
    const m = new Manifold();
    collideChainSegmentAndPolygon(right, ID, box(0.5, 0.5), xf(1, 0.49), m);
    expect(m.pointCount).toBe(2);
    expect(m.normalX).toBe(0);
    expect(m.normalY).toBe(1);
    expect(Math.abs(m.sep0 + 0.01)).toBeLessThan(1e-9);
    expect(Math.abs(m.sep1 + 0.01)).toBeLessThan(1e-9);
  });

  it('a box sliding over the joint of two collinear segments never snags', () => {
    const m = new Manifold();
    for (const y of [0.5 - LINEAR_SLOP, 0.5, 0.5 + 0.5 * SPECULATIVE_DISTANCE]) {
      for (let x = -1.2; x <= 1.2; x += 0.01) {
        for (const seg of [right, left]) {
          collideChainSegmentAndPolygon(seg, ID, box(0.5, 0.5), xf(x, y), m);
          if (m.pointCount > 0) {
            expect(m.normalX).toBe(0);
            expect(m.normalY).toBe(1);
            expect(m.sep0).toBeGreaterThan(-LINEAR_SLOP - 1e-9);
          }
        }
        // The box always touches at least one of the two segments.
        collideChainSegmentAndPolygon(right, ID, box(0.5, 0.5), xf(x, y), m);
        const a = m.pointCount;
        collideChainSegmentAndPolygon(left, ID, box(0.5, 0.5), xf(x, y), m);
        expect(a + m.pointCount).toBeGreaterThan(0);
      }
    }
  });

  it('a rounded box and a capsule slide over the joint without snagging', () => {
    const m = new Manifold();
    const rounded = box(0.4, 0.4, 0.1);
    const cap = new Capsule(-0.5, 0, 0.5, 0, 0.2);
    for (let x = -1.2; x <= 1.2; x += 0.01) {
      for (const seg of [right, left]) {
        collideChainSegmentAndPolygon(seg, ID, rounded, xf(x, 0.499), m);
        if (m.pointCount > 0) {
          expect(m.normalX).toBe(0);
          expect(m.normalY).toBe(1);
        }
        collideChainSegmentAndCapsule(seg, ID, cap, xf(x, 0.199), m);
        if (m.pointCount > 0) {
          expect(m.normalX).toBe(0);
          expect(m.normalY).toBe(1);
        }
      }
    }
  });

  it('a circle rolling over the joint gets exactly one contact with normal up', () => {
    const m = new Manifold();
    for (let x = -0.5; x <= 0.5; x += 0.01) {
      let count = 0;
      for (const seg of [right, left]) {
        collideChainSegmentAndCircle(seg, ID, new Circle(0, 0, 0.5), xf(x, 0.499), m);
        count += m.pointCount;
        if (m.pointCount > 0) {
          expect(m.normalX).toBeCloseTo(0, 12);
          expect(m.normalY).toBeCloseTo(1, 12);
          expect(Math.abs(m.sep0 + 0.001)).toBeLessThan(1e-9);
        }
      }
      expect(count).toBeGreaterThanOrEqual(1);
    }
  });

  it('shapes behind a one-sided segment get no contact', () => {
    const m = new Manifold();
    collideChainSegmentAndPolygon(right, ID, box(0.5, 0.5), xf(1, -0.49), m);
    expect(m.pointCount).toBe(0);
    collideChainSegmentAndCircle(right, ID, new Circle(0, 0, 0.5), xf(1, -0.49), m);
    expect(m.pointCount).toBe(0);
    collideChainSegmentAndCapsule(right, ID, new Capsule(-0.5, 0, 0.5, 0, 0.25), xf(1, -0.24), m);
    expect(m.pointCount).toBe(0);
  });

  it('a box on a convex chain corner contacts the face it rests on', () => {
    // Chain going down-right after p1: segment 0 -> -2 (flat), preceded by a slope.
    const seg = new ChainSegment(3, -1, 2, 0, 0, 0, -2, 0);
    const m = new Manifold();
    collideChainSegmentAndPolygon(seg, ID, box(0.5, 0.5), xf(1.2, 0.49), m);
    expect(m.pointCount).toBe(2);
    expect(m.normalY).toBe(1);
  });
});

describe('speculative contacts', () => {
  type Case = {
    name: string;
    run: (gap: number, m: Manifold) => void;
  };
  const cases: Case[] = [
    {
      name: 'circles',
      run: (g, m) => collideCircles(new Circle(0, 0, 0.5), ID, new Circle(0, 0, 0.5), xf(1 + g, 0), m),
    },
    { name: 'boxes', run: (g, m) => collidePolygons(box(5, 0.5), ID, box(0.5, 0.5), xf(0, 1 + g), m) },
    {
      name: 'box corners',
      run: (g, m) =>
        collidePolygons(box(0.5, 0.5), ID, box(0.5, 0.5), xf(1 + g / Math.SQRT2, 1 + g / Math.SQRT2), m),
    },
    {
      name: 'box-circle',
      run: (g, m) => collidePolygonAndCircle(box(1, 1), ID, new Circle(0, 0, 0.5), xf(0, 1.5 + g), m),
    },
    {
      name: 'box-capsule',
      run: (g, m) =>
        collidePolygonAndCapsule(box(5, 0.5), ID, new Capsule(-1, 0, 1, 0, 0.25), xf(0, 0.75 + g), m),
    },
    {
      name: 'capsules',
      run: (g, m) =>
        collideCapsules(
          new Capsule(-1, 0, 1, 0, 0.25),
          ID,
          new Capsule(-1, 0, 1, 0, 0.25),
          xf(0, 0.5 + g),
          m,
        ),
    },
    {
      name: 'capsule-circle',
      run: (g, m) =>
        collideCapsuleAndCircle(
          new Capsule(-1, 0, 1, 0, 0.25),
          ID,
          new Circle(0, 0, 0.5),
          xf(0, 0.75 + g),
          m,
        ),
    },
    {
      name: 'segment-circle',
      run: (g, m) =>
        collideSegmentAndCircle(new Segment(-1, 0, 1, 0), ID, new Circle(0, 0, 0.5), xf(0, 0.5 + g), m),
    },
    {
      name: 'segment-capsule',
      run: (g, m) =>
        collideSegmentAndCapsule(
          new Segment(-2, 0, 2, 0),
          ID,
          new Capsule(-1, 0, 1, 0, 0.25),
          xf(0, 0.25 + g),
          m,
        ),
    },
    {
      name: 'segment-box',
      run: (g, m) => collideSegmentAndPolygon(new Segment(-2, 0, 2, 0), ID, box(0.5, 0.5), xf(0, 0.5 + g), m),
    },
    {
      name: 'chain-circle',
      run: (g, m) =>
        collideChainSegmentAndCircle(flatChain(2, -2), ID, new Circle(0, 0, 0.5), xf(0, 0.5 + g), m),
    },
    {
      name: 'chain-capsule',
      run: (g, m) =>
        collideChainSegmentAndCapsule(
          flatChain(2, -2),
          ID,
          new Capsule(-1, 0, 1, 0, 0.25),
          xf(0, 0.25 + g),
          m,
        ),
    },
    {
      name: 'chain-box',
      run: (g, m) => collideChainSegmentAndPolygon(flatChain(2, -2), ID, box(0.5, 0.5), xf(0, 0.5 + g), m),
    },
  ];

  for (const c of cases) {
    it(`${c.name}: half the speculative distance apart gives points with positive separation`, () => {
      const m = new Manifold();
      c.run(0.5 * SPECULATIVE_DISTANCE, m);
      expect(m.pointCount).toBeGreaterThan(0);
      expect(Math.abs(m.sep0 - 0.5 * SPECULATIVE_DISTANCE)).toBeLessThan(1e-9);
      if (m.pointCount === 2) expect(Math.abs(m.sep1 - 0.5 * SPECULATIVE_DISTANCE)).toBeLessThan(1e-9);
    });
    it(`${c.name}: twice the speculative distance apart gives no points`, () => {
      const m = new Manifold();
      c.run(2 * SPECULATIVE_DISTANCE, m);
      expect(m.pointCount).toBe(0);
    });
  }

  it('drops the far end of a tilted box but keeps the near one', () => {
    const m = new Manifold();
    // Tilted by 0.1 rad resting on one corner: the other bottom corner is ~0.1 m up.
    collidePolygons(
      box(5, 0.5),
      ID,
      box(0.5, 0.5),
      xf(0, 0.5 + 0.5 * Math.cos(0.1) + 0.5 * Math.sin(0.1), 0.1),
      m,
    );
    expect(m.pointCount).toBe(1);
    expect(Math.abs(m.sep0)).toBeLessThan(1e-9);
  });
});

describe('collideTable', () => {
  const expected: Array<[number, number]> = [
    [0, 0],
    [1, 0],
    [1, 1],
    [3, 0],
    [3, 1],
    [3, 3],
    [2, 0],
    [2, 1],
    [2, 3],
    [4, 0],
    [4, 1],
    [4, 3],
  ];

  it('has entries exactly for the supported ordered pairs', () => {
    for (let i = 0; i < 5; i++) {
      for (let j = 0; j < 5; j++) {
        const has = expected.some(([a, b]) => a === i && b === j);
        expect(getCollider(i as ShapeType, j as ShapeType) !== null).toBe(has);
        expect((collideTable[i]?.[j] ?? null) !== null).toBe(has);
      }
    }
  });

  it('dispatches to the typed functions', () => {
    const m = new Manifold();
    getCollider(ShapeType.Polygon, ShapeType.Polygon)!(box(5, 0.5), ID, box(0.5, 0.5), xf(0, 0.99), m);
    expect(m.pointCount).toBe(2);
  });
});

// ---------------------------------------------------------------------------------------
// Property tests: invariance under a rigid motion of both bodies

type PairCase = {
  typeA: ShapeType;
  a: Geometry;
  typeB: ShapeType;
  b: Geometry;
  centroidA: [number, number];
  centroidB: [number, number];
};

const circleG = new Circle(0.1, -0.05, 0.4);
const capsuleG = new Capsule(-0.6, 0.1, 0.5, -0.1, 0.2);
const segmentG = new Segment(-1.5, 0.2, 1.5, -0.1);
const boxG = box(0.6, 0.4);
const hexG = polygon(
  [
    [0.5, 0],
    [0.25, 0.45],
    [-0.25, 0.45],
    [-0.55, 0.05],
    [-0.25, -0.45],
    [0.25, -0.4],
  ],
  0.05,
);
const chainG = new ChainSegment(2.5, 0.3, 1.5, 0, -1.5, 0.1, -2.5, 0.5);

function centroidOf(g: Geometry): [number, number] {
  if (g instanceof Circle) return [g.cx, g.cy];
  if (g instanceof Capsule) return [0.5 * (g.c1x + g.c2x), 0.5 * (g.c1y + g.c2y)];
  if (g instanceof Polygon) return [g.centroidX, g.centroidY];
  if (g instanceof Segment) return [0.5 * (g.p1x + g.p2x), 0.5 * (g.p1y + g.p2y)];
  return [0.5 * (g.p1x + g.p2x), 0.5 * (g.p1y + g.p2y)];
}

function pair(typeA: ShapeType, a: Geometry, typeB: ShapeType, b: Geometry): PairCase {
  return { typeA, a, typeB, b, centroidA: centroidOf(a), centroidB: centroidOf(b) };
}

const T = ShapeType;
const pairs: PairCase[] = [
  pair(T.Circle, circleG, T.Circle, circleG),
  pair(T.Capsule, capsuleG, T.Circle, circleG),
  pair(T.Capsule, capsuleG, T.Capsule, capsuleG),
  pair(T.Polygon, boxG, T.Circle, circleG),
  pair(T.Polygon, hexG, T.Capsule, capsuleG),
  pair(T.Polygon, boxG, T.Polygon, hexG),
  pair(T.Polygon, hexG, T.Polygon, boxG),
  pair(T.Segment, segmentG, T.Circle, circleG),
  pair(T.Segment, segmentG, T.Capsule, capsuleG),
  pair(T.Segment, segmentG, T.Polygon, hexG),
  pair(T.ChainSegment, chainG, T.Circle, circleG),
  pair(T.ChainSegment, chainG, T.Capsule, capsuleG),
  pair(T.ChainSegment, chainG, T.Polygon, boxG),
];

function rotate(c: number, s: number, x: number, y: number): [number, number] {
  return [c * x - s * y, s * x + c * y];
}

describe('manifold properties', () => {
  for (const p of pairs) {
    const fn = getCollider(p.typeA, p.typeB)!;

    it(`[${p.typeA}][${p.typeB}] is invariant under a rigid motion of both bodies (including 1e5 m away)`, () => {
      const m1 = new Manifold();
      const m2 = new Manifold();
      const rc = new CosSin();
      let withPoints = 0;
      fc.assert(
        fc.property(
          fc.double({ min: -1.6, max: 1.6, noNaN: true }),
          fc.double({ min: -1.2, max: 1.2, noNaN: true }),
          fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
          fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
          fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
          fc.double({ min: -1e5, max: 1e5, noNaN: true }),
          fc.double({ min: -1e5, max: 1e5, noNaN: true }),
          (bx, by, angleA, angleB, motion, tx, ty) => {
            const xfA = xf(0.3, -0.2, angleA);
            const xfB = xf(bx, by, angleB);
            fn(p.a, xfA, p.b, xfB, m1);
            // Rigid motion M = rotation by `motion` then translation (tx, ty).
            cosSin(motion, rc);
            const [pax, pay] = rotate(rc.c, rc.s, xfA.px, xfA.py);
            const [pbx, pby] = rotate(rc.c, rc.s, xfB.px, xfB.py);
            const mA = new Transform().set(
              pax + tx,
              pay + ty,
              rc.c * xfA.c - rc.s * xfA.s,
              rc.s * xfA.c + rc.c * xfA.s,
            );
            const mB = new Transform().set(
              pbx + tx,
              pby + ty,
              rc.c * xfB.c - rc.s * xfB.s,
              rc.s * xfB.c + rc.c * xfB.s,
            );
            fn(p.a, mA, p.b, mB, m2);
            expect(m2.pointCount).toBe(m1.pointCount);
            if (m1.pointCount === 0) return;
            withPoints++;
            // Unit normal, pointing from A to B for separated shapes.
            expect(Math.abs(Math.hypot(m1.normalX, m1.normalY) - 1)).toBeLessThan(1e-12);
            const sepMax = m1.pointCount === 2 ? Math.max(m1.sep0, m1.sep1) : m1.sep0;
            const sepMin = m1.pointCount === 2 ? Math.min(m1.sep0, m1.sep1) : m1.sep0;
            if (sepMin > 0) {
              const [cax, cay] = rotate(xfA.c, xfA.s, p.centroidA[0], p.centroidA[1]);
              const [cbx, cby] = rotate(xfB.c, xfB.s, p.centroidB[0], p.centroidB[1]);
              const dx = xfB.px + cbx - (xfA.px + cax);
              const dy = xfB.py + cby - (xfA.py + cay);
              expect(m1.normalX * dx + m1.normalY * dy).toBeGreaterThan(0);
            }
            expect(sepMax).toBeLessThanOrEqual(SPECULATIVE_DISTANCE);
            const [nx, ny] = rotate(rc.c, rc.s, m1.normalX, m1.normalY);
            expect(Math.abs(m2.normalX - nx)).toBeLessThan(1e-6);
            expect(Math.abs(m2.normalY - ny)).toBeLessThan(1e-6);
            expect(Math.abs(m2.sep0 - m1.sep0)).toBeLessThan(1e-6);
            expect(m2.id0).toBe(m1.id0);
            const [a0x, a0y] = rotate(rc.c, rc.s, m1.ax0, m1.ay0);
            expect(Math.abs(m2.ax0 - a0x)).toBeLessThan(1e-6);
            expect(Math.abs(m2.ay0 - a0y)).toBeLessThan(1e-6);
            if (m1.pointCount === 2) {
              expect(Math.abs(m2.sep1 - m1.sep1)).toBeLessThan(1e-6);
              expect(m2.id1).toBe(m1.id1);
              const [a1x, a1y] = rotate(rc.c, rc.s, m1.ax1, m1.ay1);
              expect(Math.abs(m2.ax1 - a1x)).toBeLessThan(1e-6);
              expect(Math.abs(m2.ay1 - a1y)).toBeLessThan(1e-6);
            }
          },
        ),
        { seed: 7, numRuns: 300 },
      );
      expect(withPoints).toBeGreaterThan(10);
    });

    it(`[${p.typeA}][${p.typeB}] separation grows when B moves along the normal`, () => {
      const m = new Manifold();
      fc.assert(
        fc.property(
          fc.double({ min: -1.6, max: 1.6, noNaN: true }),
          fc.double({ min: -1.2, max: 1.2, noNaN: true }),
          fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
          (bx, by, angleB) => {
            const xfB = xf(bx, by, angleB);
            fn(p.a, ID, p.b, xfB, m);
            if (m.pointCount === 0) return;
            const s0 = m.pointCount === 2 ? Math.min(m.sep0, m.sep1) : m.sep0;
            const h = 1e-4;
            const moved = new Transform().set(bx + h * m.normalX, by + h * m.normalY, xfB.c, xfB.s);
            fn(p.a, ID, p.b, moved, m);
            if (m.pointCount === 0) return;
            const s1 = m.pointCount === 2 ? Math.min(m.sep0, m.sep1) : m.sep0;
            expect(s1).toBeGreaterThan(s0);
          },
        ),
        { seed: 11, numRuns: 300 },
      );
    });
  }
});
