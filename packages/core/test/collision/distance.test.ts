import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DistanceOutput,
  DistanceProxy,
  makeProxy,
  makeProxyFromPoints,
  SegmentDistanceResult,
  SimplexCache,
  segmentDistance,
  shapeDistance,
} from '../../src/collision/distance';
import { Capsule, Circle, Polygon, Segment } from '../../src/geometry/geometry';
import { CosSin, cosSin, type Transform } from '../../src/base/math';
import { xf } from '../support';

function boxProxy(hw: number, hh: number, radius = 0): DistanceProxy {
  return makeProxyFromPoints([-hw, hw, hw, -hw], [-hh, -hh, hh, hh], 4, radius, new DistanceProxy());
}

describe('segmentDistance', () => {
  const r = new SegmentDistanceResult();

  it('crossing segments are at distance zero at the crossing', () => {
    segmentDistance(-1, 0, 1, 0, 0, -1, 0, 1, r);
    expect(r.distanceSquared).toBeCloseTo(0, 15);
    expect(r.fraction1).toBeCloseTo(0.5, 15);
    expect(r.fraction2).toBeCloseTo(0.5, 15);
    expect(r.closest1X).toBeCloseTo(0, 15);
  });

  it('parallel overlapping segments give a valid closest pair', () => {
    segmentDistance(0, 0, 2, 0, 1, 1, 3, 1, r);
    expect(r.distanceSquared).toBeCloseTo(1, 14);
    expect(r.closest1Y).toBe(0);
    expect(r.closest2Y).toBe(1);
    expect(r.closest1X).toBeCloseTo(r.closest2X, 14);
    expect(r.closest1X).toBeGreaterThanOrEqual(1);
    expect(r.closest1X).toBeLessThanOrEqual(2);
  });

  it('collinear disjoint segments meet end to end', () => {
    segmentDistance(0, 0, 1, 0, 2, 0, 3, 0, r);
    expect(r.distanceSquared).toBeCloseTo(1, 14);
    expect(r.fraction1).toBe(1);
    expect(r.fraction2).toBe(0);
  });

  it('skew segments: end point against interior', () => {
    // Segment 2 from (0.5, 1) to (0.5, 3): its end (0.5, 1) is closest to (0.5, 0).
    segmentDistance(0, 0, 2, 0, 0.5, 1, 0.5, 3, r);
    expect(r.distanceSquared).toBeCloseTo(1, 14);
    expect(r.fraction1).toBeCloseTo(0.25, 14);
    expect(r.fraction2).toBe(0);
  });

  it('degenerate segments act as points', () => {
    segmentDistance(1, 1, 1, 1, 4, 5, 4, 5, r);
    expect(r.distanceSquared).toBeCloseTo(25, 12);
    segmentDistance(1, 1, 1, 1, 0, 0, 4, 0, r);
    expect(r.distanceSquared).toBeCloseTo(1, 14);
    expect(r.fraction2).toBeCloseTo(0.25, 14);
    segmentDistance(0, 0, 4, 0, 3, -2, 3, -2, r);
    expect(r.distanceSquared).toBeCloseTo(4, 14);
    expect(r.fraction1).toBeCloseTo(0.75, 14);
  });

  it('matches brute-force sampling', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -3, max: 3, noNaN: true }), { minLength: 8, maxLength: 8 }),
        (v) => {
          const [a, b, c, d, e, f, g, h] = v as [
            number,
            number,
            number,
            number,
            number,
            number,
            number,
            number,
          ];
          segmentDistance(a, b, c, d, e, f, g, h, r);
          // The result is a pair of points on the segments...
          const px = a + r.fraction1 * (c - a) - r.closest1X;
          expect(Math.abs(px)).toBeLessThan(1e-12);
          // ...and no sampled pair is closer.
          let best = Number.POSITIVE_INFINITY;
          const n = 40;
          for (let i = 0; i <= n; i++) {
            const x1 = a + ((c - a) * i) / n;
            const y1 = b + ((d - b) * i) / n;
            for (let j = 0; j <= n; j++) {
              const x2 = e + ((g - e) * j) / n;
              const y2 = f + ((h - f) * j) / n;
              best = Math.min(best, (x2 - x1) ** 2 + (y2 - y1) ** 2);
            }
          }
          expect(r.distanceSquared).toBeLessThanOrEqual(best + 1e-9);
        },
      ),
      { seed: 7, numRuns: 300 },
    );
  });
});

describe('shapeDistance (GJK)', () => {
  const out = new DistanceOutput();

  it('two separated boxes: face to face', () => {
    shapeDistance(boxProxy(0.5, 0.5), xf(0, 0), boxProxy(0.5, 0.5), xf(3, 0.2), false, out);
    expect(out.distance).toBeCloseTo(2, 12);
    expect(out.normalX).toBeCloseTo(1, 12);
    expect(out.normalY).toBeCloseTo(0, 12);
    expect(out.pointAX).toBeCloseTo(0.5, 12);
    expect(out.pointBX).toBeCloseTo(2.5, 12);
  });

  it('a rotated box touches with its corner', () => {
    shapeDistance(boxProxy(0.5, 0.5), xf(0, 0), boxProxy(0.5, 0.5), xf(3, 0, Math.PI / 4), false, out);
    expect(out.distance).toBeCloseTo(2.5 - Math.SQRT1_2, 12);
    expect(out.pointBX).toBeCloseTo(3 - Math.SQRT1_2, 12);
    expect(out.pointBY).toBeCloseTo(0, 12);
    expect(out.simplexCount).toBe(2);
  });

  it('corner to corner', () => {
    shapeDistance(boxProxy(0.5, 0.5), xf(0, 0), boxProxy(0.5, 0.5), xf(4, 5), false, out);
    expect(out.distance).toBeCloseTo(5, 12);
    expect(out.normalX).toBeCloseTo(0.6, 12);
    expect(out.normalY).toBeCloseTo(0.8, 12);
    expect(out.simplexCount).toBe(1);
  });

  it('uses radii when asked', () => {
    const a = makeProxy(new Circle(0, 0, 0.5), new DistanceProxy());
    const b = makeProxy(new Capsule(0, -1, 0, 1, 0.25), new DistanceProxy());
    shapeDistance(a, xf(0, 0), b, xf(2, 0.5), true, out);
    expect(out.distance).toBeCloseTo(1.25, 12);
    expect(out.pointAX).toBeCloseTo(0.5, 12);
    expect(out.pointBX).toBeCloseTo(1.75, 12);
    shapeDistance(a, xf(0, 0), b, xf(2, 0.5), false, out);
    expect(out.distance).toBeCloseTo(2, 12);
  });

  it('overlapping shapes report zero distance', () => {
    shapeDistance(boxProxy(0.5, 0.5), xf(0, 0), boxProxy(0.5, 0.5), xf(0.3, 0.2, 0.4), false, out);
    expect(out.distance).toBe(0);
    expect(out.simplexCount).toBe(3);
  });

  it('is precise far from the origin', () => {
    const s = makeProxy(new Segment(-1, 0, 1, 0), new DistanceProxy());
    shapeDistance(
      s,
      xf(1e5, -1e5, 0.3),
      boxProxy(0.5, 0.5),
      xf(1e5 - 0.1 * Math.sin(0.3) * 10, -1e5 + Math.cos(0.3) * 1, 0.3),
      false,
      out,
    );
    expect(out.distance).toBeCloseTo(0.5, 9);
  });

  it('warm starting from a cache gives the same answer in fewer iterations', () => {
    const cache = new SimplexCache();
    const a = boxProxy(1, 0.25);
    const b = boxProxy(0.5, 0.5);
    shapeDistance(a, xf(0, 0, 0.1), b, xf(2, 1.5, 0.7), false, out, cache);
    const d = out.distance;
    const it0 = out.iterations;
    shapeDistance(a, xf(0, 0, 0.1), b, xf(2.001, 1.5, 0.7), false, out, cache);
    expect(out.distance).toBeCloseTo(d + 0.001 * out.normalX, 5);
    expect(out.iterations).toBeLessThanOrEqual(it0);
  });

  // Convex polygon with vertices on a circle: n jittered, evenly spaced angles, so it is
  // always convex and never degenerate.
  const polyArb = fc
    .tuple(
      fc.array(fc.double({ min: 0, max: 0.8, noNaN: true }), { minLength: 3, maxLength: 8 }),
      fc.double({ min: 0.2, max: 1.5, noNaN: true }),
    )
    .map(([ts, radius]) => {
      const n = ts.length;
      const xs: number[] = [];
      const ys: number[] = [];
      const cs = new CosSin();
      for (let i = 0; i < n; i++) {
        cosSin(((i + (ts[i] ?? 0)) * 2 * Math.PI) / n, cs);
        xs.push(radius * cs.c);
        ys.push(radius * cs.s);
      }
      return { xs, ys };
    });

  function worldPoints(p: { xs: number[]; ys: number[] }, t: Transform): { xs: number[]; ys: number[] } {
    return {
      xs: p.xs.map((x, i) => t.c * x - t.s * (p.ys[i] ?? 0) + t.px),
      ys: p.xs.map((x, i) => t.s * x + t.c * (p.ys[i] ?? 0) + t.py),
    };
  }

  function inside(px: number, py: number, p: { xs: number[]; ys: number[] }): boolean {
    const n = p.xs.length;
    let allIn = true;
    for (let i = 0; i < n; i++) {
      const ax = p.xs[i] ?? 0;
      const ay = p.ys[i] ?? 0;
      const bx = p.xs[(i + 1) % n] ?? 0;
      const by = p.ys[(i + 1) % n] ?? 0;
      if ((bx - ax) * (py - ay) - (by - ay) * (px - ax) < -1e-12) allIn = false;
    }
    return allIn;
  }

  function bruteDistance(a: { xs: number[]; ys: number[] }, b: { xs: number[]; ys: number[] }): number {
    const r = new SegmentDistanceResult();
    let best = Number.POSITIVE_INFINITY;
    const na = a.xs.length;
    const nb = b.xs.length;
    for (let i = 0; i < na; i++) {
      for (let j = 0; j < nb; j++) {
        segmentDistance(
          a.xs[i] ?? 0,
          a.ys[i] ?? 0,
          a.xs[(i + 1) % na] ?? 0,
          a.ys[(i + 1) % na] ?? 0,
          b.xs[j] ?? 0,
          b.ys[j] ?? 0,
          b.xs[(j + 1) % nb] ?? 0,
          b.ys[(j + 1) % nb] ?? 0,
          r,
        );
        best = Math.min(best, r.distanceSquared);
      }
    }
    if (inside(a.xs[0] ?? 0, a.ys[0] ?? 0, b) || inside(b.xs[0] ?? 0, b.ys[0] ?? 0, a)) return 0;
    return Math.sqrt(best);
  }

  it('matches brute-force polygon distance (including 1e5 m from the origin)', () => {
    const pa = new DistanceProxy();
    const pb = new DistanceProxy();
    fc.assert(
      fc.property(
        polyArb,
        polyArb,
        fc.double({ min: -4, max: 4, noNaN: true }),
        fc.double({ min: -4, max: 4, noNaN: true }),
        fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
        fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
        fc.boolean(),
        (a, b, x, y, angA, angB, far) => {
          const ox = far ? 1e5 : 0;
          const ta = xf(ox, -ox, angA);
          const tb = xf(ox + x, -ox + y, angB);
          makeProxyFromPoints(a.xs, a.ys, a.xs.length, 0, pa);
          makeProxyFromPoints(b.xs, b.ys, b.xs.length, 0, pb);
          shapeDistance(pa, ta, pb, tb, false, out);
          // Brute force in a frame near the origin to keep it exact.
          const expected = bruteDistance(worldPoints(a, xf(0, 0, angA)), worldPoints(b, xf(x, y, angB)));
          expect(Math.abs(out.distance - expected)).toBeLessThan(1e-6);
          if (expected > 1e-6) {
            const dx = out.pointBX - out.pointAX;
            const dy = out.pointBY - out.pointAY;
            expect(Math.abs(Math.hypot(dx, dy) - expected)).toBeLessThan(1e-6);
            expect(Math.abs(out.normalX * dx + out.normalY * dy - expected)).toBeLessThan(1e-6);
          }
          expect(out.iterations).toBeLessThan(30);
        },
      ),
      { seed: 7, numRuns: 300 },
    );
  });

  it('makeProxy reads every geometry type', () => {
    const p = new DistanceProxy();
    expect(makeProxy(new Circle(1, 2, 0.5), p).count).toBe(1);
    expect(makeProxy(new Capsule(0, 0, 1, 0, 0.2), p).radius).toBe(0.2);
    expect(makeProxy(new Segment(0, 0, 1, 0), p).count).toBe(2);
    const poly = new Polygon();
    poly.count = 3;
    poly.radius = 0.1;
    expect(makeProxy(poly, p).count).toBe(3);
  });
});
