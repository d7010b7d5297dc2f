/**
 * Narrow phase: one collide function per pair of shape types, and the table that the
 * contact code dispatches through.
 *
 * Every function follows the conventions of `Manifold` (see manifold_types.ts). Design:
 * - Work in body A's frame. The relative transform of B is computed first, so two bodies
 *   100 km from the world origin collide with the precision of two bodies near it; only
 *   the final normal and anchors are rotated into world orientation (no translation:
 *   anchors are relative to A's origin).
 * - No allocation: the relative transform, the transformed polygon of B and the
 *   polygons standing in for capsules and segments are module-level scratch objects.
 *   The functions are therefore not re-entrant, which is fine for a single-threaded step.
 * - Points farther apart than SPECULATIVE_DISTANCE are dropped one by one.
 */

import { growF64 } from '../base/array.js';
import { LINEAR_SLOP, SPECULATIVE_DISTANCE } from '../base/constants.js';
import {
  DistanceOutput,
  DistanceProxy,
  SegmentDistanceResult,
  makeProxyFromPoints,
  SegmentPair,
  segmentDistanceOf,
  shapeDistance,
} from './distance.js';
import type { Capsule, ChainSegment, Circle, Geometry, Segment } from '../geometry/geometry.js';
import { Polygon, ShapeType } from '../geometry/geometry.js';
import { Transform } from '../base/math.js';
import { type Manifold, makeFeatureId } from './manifold_types.js';

// Lengths below this (m) are treated as zero when normalising.
const EPSILON = 1e-12;

// ---------------------------------------------------------------------------------------
// Doubles handed between functions
//
// V8 boxes a double (a 16-byte heap number) passed to or returned from a call it does not
// inline, and it does not inline calls on paths that ran rarely while it gathered feedback.
// The kernels below therefore take and return their doubles through the fields of these
// module-level scratch objects, never through arguments or return values (nor module-level
// `let`s: storing a double in one boxes it too). Each class starts its fields at 0.5 so
// that its hidden class holds doubles from the first object on (see docs/core-design.md,
// "Doubles crossing a call box"). Rarely taken branches compute their arithmetic with the
// common path and pick results by value where that is cheap: a branch whose operations
// never ran while V8 gathered feedback deoptimises the function the first time it is taken.

/** The inputs of `pointsLocal`: two rounded points and the normal to use if they coincide. */
class PointPair {
  ax = 0.5;
  ay = 0.5;
  rA = 0.5;
  bx = 0.5;
  by = 0.5;
  rB = 0.5;
  fallbackNx = 0.5;
  fallbackNy = 0.5;
}
const pp = new PointPair();

/** Circle B in A's frame, for `polygonCircleLocal` and `segmentCircleLocal`. */
class CircleArgs {
  cx = 0.5;
  cy = 0.5;
  r = 0.5;
}
const circleArgs = new CircleArgs();

/** Rounding radii of the shapes in `segPair`: A's segment and B's (or incident) segment. */
class Radii {
  rA = 0.5;
  rB = 0.5;
}
const radii = new Radii();

/** A direction in A's frame: the normal for `setNormal`, the reference normal of a clip. */
class Direction {
  x = 0.5;
  y = 0.5;
}
const normal = new Direction();
const clipNormal = new Direction();

/** A contact point in A's frame and its separation, for `pushPoint`. */
class LocalPoint {
  x = 0.5;
  y = 0.5;
  sep = 0.5;
}
const point = new LocalPoint();

/**
 * The separations handed from the axis search (`findMaxSeparation`, or `quadsLocal`'s
 * unrolled one) to `polygonsFromSeparation`.
 */
class Separations {
  sepA = 0.5;
  sepB = 0.5;
}
const separations = new Separations();

/** The result of `findMaxSeparation`: the best edge and its separation. */
class Axis {
  sep = 0.5;
  edge = 0;
}
const axis = new Axis();

// ---------------------------------------------------------------------------------------
// Scratch state

/** Relative transform of B in A's frame, filled by `relative`. */
const rel = new Transform();
const IDENTITY = new Transform();
/** Polygon B expressed in A's frame. */
const localB = new Polygon();
/** Segments in A's frame: A's (or the reference) is p1–q1, B's (or the incident) p2–q2. */
const segPair = new SegmentPair();
/** A segment (or capsule) on side A seen as a 2-gon. */
const capA = new Polygon();
const segResult = new SegmentDistanceResult();
const proxyA = new DistanceProxy();
const proxyB = new DistanceProxy();
const distOut = new DistanceOutput();

function relative(xfA: Transform, xfB: Transform): void {
  const c = xfA.c;
  const s = xfA.s;
  const dx = xfB.px - xfA.px;
  const dy = xfB.py - xfA.py;
  rel.c = c * xfB.c + s * xfB.s;
  rel.s = c * xfB.s - s * xfB.c;
  rel.px = c * dx + s * dy;
  rel.py = -s * dx + c * dy;
}

/** Copies `src` (in B's frame) into `out` expressed in A's frame through `rel`. */
function toFrameA(src: Polygon, out: Polygon): void {
  const c = rel.c;
  const s = rel.s;
  const n = src.count;
  for (let i = 0; i < n; i++) {
    const x = src.vx[i] as number;
    const y = src.vy[i] as number;
    out.vx[i] = c * x - s * y + rel.px;
    out.vy[i] = s * x + c * y + rel.py;
    const nx = src.nx[i] as number;
    const ny = src.ny[i] as number;
    out.nx[i] = c * nx - s * ny;
    out.ny[i] = s * nx + c * ny;
  }
  out.count = n;
  out.radius = src.radius;
  const x = src.centroidX;
  const y = src.centroidY;
  out.centroidX = c * x - s * y + rel.px;
  out.centroidY = s * x + c * y + rel.py;
}

/** Circle B into `circleArgs`, its center expressed in A's frame through `rel`. */
function circleToFrameA(b: Circle): void {
  const x = b.cx;
  const y = b.cy;
  circleArgs.cx = rel.c * x - rel.s * y + rel.px;
  circleArgs.cy = rel.s * x + rel.c * y + rel.py;
  circleArgs.r = b.radius;
}

/** Capsule B's segment into `segPair` (p2–q2), expressed in A's frame through `rel`. */
function capsuleToFrameA(b: Capsule): void {
  const c = rel.c;
  const s = rel.s;
  segPair.p2x = c * b.c1x - s * b.c1y + rel.px;
  segPair.p2y = s * b.c1x + c * b.c1y + rel.py;
  segPair.q2x = c * b.c2x - s * b.c2y + rel.px;
  segPair.q2y = s * b.c2x + c * b.c2y + rel.py;
}

/** Capsule B as a rounded 2-gon in A's frame (through `rel`). */
function capsulePolygonInFrameA(b: Capsule, out: Polygon): void {
  const c = rel.c;
  const s = rel.s;
  out.vx[0] = c * b.c1x - s * b.c1y + rel.px;
  out.vy[0] = s * b.c1x + c * b.c1y + rel.py;
  out.vx[1] = c * b.c2x - s * b.c2y + rel.px;
  out.vy[1] = s * b.c2x + c * b.c2y + rel.py;
  out.radius = b.radius;
  completeTwoGon(out);
}

/** Segment A as a 2-gon of radius 0 in its own frame. */
function segmentPolygon(a: Segment, out: Polygon): void {
  out.vx[0] = a.p1x;
  out.vy[0] = a.p1y;
  out.vx[1] = a.p2x;
  out.vy[1] = a.p2y;
  out.radius = 0;
  completeTwoGon(out);
}

/**
 * Completes `out` as the 2-gon p1–p2 (its vertices 0 and 1, and its radius, already set):
 * a capsule, or a segment (radius 0).
 */
function completeTwoGon(out: Polygon): void {
  const p1x = out.vx[0] as number;
  const p1y = out.vy[0] as number;
  const p2x = out.vx[1] as number;
  const p2y = out.vy[1] as number;
  const dx = p2x - p1x;
  const dy = p2y - p1y;
  const len = Math.sqrt(dx * dx + dy * dy);
  // A degenerate capsule takes any axis: a valid (circle-like) 2-gon.
  const long = len > EPSILON;
  const ux = long ? dx / len : 1;
  const uy = long ? dy / len : 0;
  // Edge 0 runs p1 -> p2, so its outward normal is the right perpendicular.
  out.nx[0] = uy;
  out.ny[0] = -ux;
  out.nx[1] = -uy;
  out.ny[1] = ux;
  out.count = 2;
  out.centroidX = 0.5 * (p1x + p2x);
  out.centroidY = 0.5 * (p1y + p2y);
}

// ---------------------------------------------------------------------------------------
// Output helpers (local frame of A -> world orientation)

/** Sets the manifold normal from `normal` (A's frame). */
function setNormal(m: Manifold, xfA: Transform): void {
  const nx = normal.x;
  const ny = normal.y;
  m.normalX = xfA.c * nx - xfA.s * ny;
  m.normalY = xfA.s * nx + xfA.c * ny;
}

/** Appends `point` (A's frame) unless it is beyond the speculative distance. */
function pushPoint(m: Manifold, xfA: Transform, id: number): void {
  const sep = point.sep;
  if (sep > SPECULATIVE_DISTANCE || m.pointCount >= 2) return;
  const lx = point.x;
  const ly = point.y;
  const wx = xfA.c * lx - xfA.s * ly;
  const wy = xfA.s * lx + xfA.c * ly;
  if (m.pointCount === 0) {
    m.ax0 = wx;
    m.ay0 = wy;
    m.sep0 = sep;
    m.id0 = id;
  } else {
    m.ax1 = wx;
    m.ay1 = wy;
    m.sep1 = sep;
    m.id1 = id;
  }
  m.pointCount++;
}

// ---------------------------------------------------------------------------------------
// Local-frame kernels

/** Two rounded points (pA with rA, pB with rB, set in `pp`) in A's frame: one point, id `id`. */
function pointsLocal(id: number, xfA: Transform, m: Manifold): void {
  const pax = pp.ax;
  const pay = pp.ay;
  const rA = pp.rA;
  const pbx = pp.bx;
  const pby = pp.by;
  const rB = pp.rB;
  const dx = pbx - pax;
  const dy = pby - pay;
  const dist = Math.sqrt(dx * dx + dy * dy);
  const sep = dist - rA - rB;
  if (sep > SPECULATIVE_DISTANCE) return;
  const apart = dist > EPSILON;
  const nx = apart ? dx / dist : pp.fallbackNx;
  const ny = apart ? dy / dist : pp.fallbackNy;
  normal.x = nx;
  normal.y = ny;
  setNormal(m, xfA);
  // Midpoint of the surface points pA + rA n and pB - rB n.
  point.x = 0.5 * (pax + pbx + (rA - rB) * nx);
  point.y = 0.5 * (pay + pby + (rA - rB) * ny);
  point.sep = sep;
  pushPoint(m, xfA, id);
}

/**
 * Rounded segment p1–q1 of `segPair` (radius `radii.rA`) against the circle in
 * `circleArgs`, all in A's frame.
 */
function segmentCircleLocal(xfA: Transform, m: Manifold): void {
  const p1x = segPair.p1x;
  const p1y = segPair.p1y;
  const cx = circleArgs.cx;
  const cy = circleArgs.cy;
  const ex = segPair.q1x - p1x;
  const ey = segPair.q1y - p1y;
  const ee = ex * ex + ey * ey;
  // The projection is computed even for a point segment (ee = 0) and then discarded, so
  // that the rare case has no path of its own.
  const u = ((cx - p1x) * ex + (cy - p1y) * ey) / ee;
  const t = ee > 0 ? (u < 0 ? 0 : Math.min(u, 1)) : 0;
  // Fallback normal for a centre exactly on the segment: the segment's left normal.
  const len = Math.sqrt(ee);
  const long = len > EPSILON;
  const pair = pp;
  pair.ax = p1x + t * ex;
  pair.ay = p1y + t * ey;
  pair.rA = radii.rA;
  pair.bx = cx;
  pair.by = cy;
  pair.rB = circleArgs.r;
  pair.fallbackNx = long ? -ey / len : 0;
  pair.fallbackNy = long ? ex / len : 1;
  pointsLocal(0, xfA, m);
}

/** Polygon (A's frame) against the circle whose center and radius are in `circleArgs`. */
function polygonCircleLocal(poly: Polygon, xfA: Transform, m: Manifold): void {
  const cx = circleArgs.cx;
  const cy = circleArgs.cy;
  const rB = circleArgs.r;
  const rA = poly.radius;
  const radius = rA + rB;
  const count = poly.count;
  let edge = 0;
  let separation = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < count; i++) {
    const s =
      (poly.nx[i] as number) * (cx - (poly.vx[i] as number)) +
      (poly.ny[i] as number) * (cy - (poly.vy[i] as number));
    if (s > separation) {
      separation = s;
      edge = i;
    }
  }
  if (separation > radius + SPECULATIVE_DISTANCE) return;

  const i2 = edge + 1 < count ? edge + 1 : 0;
  const v1x = poly.vx[edge] as number;
  const v1y = poly.vy[edge] as number;
  const v2x = poly.vx[i2] as number;
  const v2y = poly.vy[i2] as number;
  const u1 = (cx - v1x) * (v2x - v1x) + (cy - v1y) * (v2y - v1y);
  const u2 = (cx - v2x) * (v1x - v2x) + (cy - v2y) * (v1y - v2y);
  const nx = poly.nx[edge] as number;
  const ny = poly.ny[edge] as number;

  // Outside the polygon and beyond an end of the reference edge: vertex region (v1's
  // if beyond both ends). One path for both vertices, chosen by value.
  if ((u1 < 0 || u2 < 0) && separation > EPSILON) {
    const pair = pp;
    pair.ax = u1 < 0 ? v1x : v2x;
    pair.ay = u1 < 0 ? v1y : v2y;
    pair.rA = rA;
    pair.bx = cx;
    pair.by = cy;
    pair.rB = rB;
    pair.fallbackNx = nx;
    pair.fallbackNy = ny;
    pointsLocal(0, xfA, m);
    return;
  }
  // Face region (the centre may be inside the polygon).
  const sep = separation - radius;
  if (sep > SPECULATIVE_DISTANCE) return;
  normal.x = nx;
  normal.y = ny;
  setNormal(m, xfA);
  // Midpoint of the face surface point and the circle's deepest point along -n.
  point.x = cx + 0.5 * (rA - rB - separation) * nx;
  point.y = cy + 0.5 * (rA - rB - separation) * ny;
  point.sep = sep;
  pushPoint(m, xfA, 0);
}

/**
 * A segment p–q to clip to the slab 0 <= f <= len along another segment's axis, where fp
 * and fq are the coordinates of p and q along that axis. `clipToSlab` clips it in place.
 */
class SlabClip {
  px = 0.5;
  py = 0.5;
  qx = 0.5;
  qy = 0.5;
  fp = 0.5;
  fq = 0.5;
  len = 0.5;
}
const slab = new SlabClip();

/** Moves each end of `slab`'s segment that lies outside the slab to where it crosses a side. */
function clipToSlab(): void {
  const px = slab.px;
  const py = slab.py;
  const qx = slab.qx;
  const qy = slab.qy;
  const fp = slab.fp;
  const fq = slab.fq;
  const len = slab.len;
  // Each end may cross the low side (f = 0) or the high side (f = len), never both. All
  // four crossings are computed and the unused ones dropped: a clip that is rarely needed
  // then has no arithmetic of its own that could run without type feedback.
  const pLow = fp < 0 && fq > 0;
  const qLow = fq < 0 && fp > 0;
  const pHigh = fp > len && fq < len;
  const qHigh = fq > len && fp < len;
  const tpLow = -fp / (fq - fp);
  const tqLow = -fq / (fp - fq);
  const tpHigh = (fp - len) / (fp - fq);
  const tqHigh = (fq - len) / (fq - fp);
  const tp = pHigh ? tpHigh : tpLow;
  const tq = qHigh ? tqHigh : tqLow;
  const cpx = px + tp * (qx - px);
  const cpy = py + tp * (qy - py);
  const cqx = qx + tq * (px - qx);
  const cqy = qy + tq * (py - qy);
  const clipP = pLow || pHigh;
  const clipQ = qLow || qHigh;
  slab.px = clipP ? cpx : px;
  slab.py = clipP ? cpy : py;
  slab.qx = clipQ ? cqx : qx;
  slab.qy = clipQ ? cqy : qy;
}

/**
 * Two rounded segments in A's frame (Ericson 5.1.9 for the closest points): `segPair`
 * p1–q1 with radius `radii.rA` and p2–q2 with `radii.rB`. When the segments are roughly
 * parallel and overlap along their length, two points are produced by clipping one
 * segment against the other (stable resting of capsules); otherwise one.
 */
function capsulesLocal(xfA: Transform, m: Manifold): void {
  const pair = segPair;
  const p1x = pair.p1x;
  const p1y = pair.p1y;
  const q1x = pair.q1x;
  const q1y = pair.q1y;
  const p2x = pair.p2x;
  const p2y = pair.p2y;
  const q2x = pair.q2x;
  const q2y = pair.q2y;
  const rA = radii.rA;
  const rB = radii.rB;
  const r = segmentDistanceOf(pair, segResult);
  const radius = rA + rB;
  const maxDistance = radius + SPECULATIVE_DISTANCE;
  if (r.distanceSquared > maxDistance * maxDistance) return;
  const distance = Math.sqrt(r.distanceSquared);

  const d1x = q1x - p1x;
  const d1y = q1y - p1y;
  const d2x = q2x - p2x;
  const d2y = q2y - p2y;
  const len1 = Math.sqrt(d1x * d1x + d1y * d1y);
  const len2 = Math.sqrt(d2x * d2x + d2y * d2y);
  const long1 = len1 > EPSILON;
  const u1x = long1 ? d1x / len1 : 1;
  const u1y = long1 ? d1y / len1 : 0;

  if (long1 && len2 > EPSILON) {
    const u2x = d2x / len2;
    const u2y = d2y / len2;
    // Projections of each segment onto the other's axis.
    const fp2 = (p2x - p1x) * u1x + (p2y - p1y) * u1y;
    const fq2 = (q2x - p1x) * u1x + (q2y - p1y) * u1y;
    const outsideA = (fp2 <= 0 && fq2 <= 0) || (fp2 >= len1 && fq2 >= len1);
    const fp1 = (p1x - p2x) * u2x + (p1y - p2y) * u2y;
    const fq1 = (q1x - p2x) * u2x + (q1y - p2y) * u2y;
    const outsideB = (fp1 <= 0 && fq1 <= 0) || (fp1 >= len2 && fq1 >= len2);

    if (!outsideA && !outsideB) {
      // SAT on the two segment normals picks the reference segment. Each normal is turned
      // to face the other segment (the side giving the larger separation); both
      // orientations are computed and one kept by value.
      const nAx = -u1y;
      const nAy = u1x;
      const aEnd1 = (p2x - p1x) * nAx + (p2y - p1y) * nAy;
      const aEnd2 = (q2x - p1x) * nAx + (q2y - p1y) * nAy;
      const sepAPos = Math.min(aEnd1, aEnd2);
      const sepANeg = Math.min(-aEnd1, -aEnd2);
      const keepA = sepAPos > sepANeg;
      const sepA = keepA ? sepAPos : sepANeg;
      const flippedAx = -nAx;
      const flippedAy = -nAy;
      const refAx = keepA ? nAx : flippedAx;
      const refAy = keepA ? nAy : flippedAy;

      const nBx = -u2y;
      const nBy = u2x;
      const bEnd1 = (p1x - p2x) * nBx + (p1y - p2y) * nBy;
      const bEnd2 = (q1x - p2x) * nBx + (q1y - p2y) * nBy;
      const sepBPos = Math.min(bEnd1, bEnd2);
      const sepBNeg = Math.min(-bEnd1, -bEnd2);
      const keepB = sepBPos > sepBNeg;
      const sepB = keepB ? sepBPos : sepBNeg;
      const flippedBx = -nBx;
      const flippedBy = -nBy;
      const refBx = keepB ? nBx : flippedBx;
      const refBy = keepB ? nBy : flippedBy;

      // Biased towards A so that nearly parallel capsules keep their reference (and
      // feature ids) instead of flipping on round-off.
      if (sepA + 0.1 * LINEAR_SLOP >= sepB) {
        // Clip segment B to the slab of segment A.
        slab.px = p2x;
        slab.py = p2y;
        slab.qx = q2x;
        slab.qy = q2y;
        slab.fp = fp2;
        slab.fq = fq2;
        slab.len = len1;
        clipToSlab();
        const cpx = slab.px;
        const cpy = slab.py;
        const cqx = slab.qx;
        const cqy = slab.qy;
        const sp = (cpx - p1x) * refAx + (cpy - p1y) * refAy;
        const sq = (cqx - p1x) * refAx + (cqy - p1y) * refAy;
        // Only when the clipped ends are near the closest distance; a steep crossing
        // would give one far point with a misleading normal.
        if (sp <= distance + LINEAR_SLOP || sq <= distance + LINEAR_SLOP) {
          normal.x = refAx;
          normal.y = refAy;
          setNormal(m, xfA);
          const hp = 0.5 * (rA - rB - sp);
          const hq = 0.5 * (rA - rB - sq);
          point.x = cpx + hp * refAx;
          point.y = cpy + hp * refAy;
          point.sep = sp - radius;
          pushPoint(m, xfA, makeFeatureId(0, 0));
          point.x = cqx + hq * refAx;
          point.y = cqy + hq * refAy;
          point.sep = sq - radius;
          pushPoint(m, xfA, makeFeatureId(0, 1));
          if (m.pointCount > 0) return;
        }
      } else {
        // Clip segment A to the slab of segment B; the normal still points A -> B.
        slab.px = p1x;
        slab.py = p1y;
        slab.qx = q1x;
        slab.qy = q1y;
        slab.fp = fp1;
        slab.fq = fq1;
        slab.len = len2;
        clipToSlab();
        const cpx = slab.px;
        const cpy = slab.py;
        const cqx = slab.qx;
        const cqy = slab.qy;
        const sp = (cpx - p2x) * refBx + (cpy - p2y) * refBy;
        const sq = (cqx - p2x) * refBx + (cqy - p2y) * refBy;
        if (sp <= distance + LINEAR_SLOP || sq <= distance + LINEAR_SLOP) {
          normal.x = -refBx;
          normal.y = -refBy;
          setNormal(m, xfA);
          const hp = 0.5 * (rB - rA - sp);
          const hq = 0.5 * (rB - rA - sq);
          point.x = cpx + hp * refBx;
          point.y = cpy + hp * refBy;
          point.sep = sp - radius;
          pushPoint(m, xfA, makeFeatureId(0, 0));
          point.x = cqx + hq * refBx;
          point.y = cqy + hq * refBy;
          point.sep = sq - radius;
          pushPoint(m, xfA, makeFeatureId(1, 0));
          if (m.pointCount > 0) return;
        }
      }
    }
  }

  // Single point between the closest points.
  const i1 = r.fraction1 === 0 ? 0 : 1;
  const i2 = r.fraction2 === 0 ? 0 : 1;
  const closest = pp;
  closest.ax = r.closest1X;
  closest.ay = r.closest1Y;
  closest.rA = rA;
  closest.bx = r.closest2X;
  closest.by = r.closest2Y;
  closest.rB = rB;
  closest.fallbackNx = -u1y;
  closest.fallbackNy = u1x;
  pointsLocal(makeFeatureId(i1, i2), xfA, m);
}

/** Max over edges of poly1 of the min separation of poly2's vertices, into `axis`. */
function findMaxSeparation(poly1: Polygon, poly2: Polygon): void {
  const count1 = poly1.count;
  const count2 = poly2.count;
  let best = 0;
  let maxSep = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < count1; i++) {
    const nx = poly1.nx[i] as number;
    const ny = poly1.ny[i] as number;
    const vx = poly1.vx[i] as number;
    const vy = poly1.vy[i] as number;
    let si = Number.POSITIVE_INFINITY;
    for (let j = 0; j < count2; j++) {
      const s = nx * ((poly2.vx[j] as number) - vx) + ny * ((poly2.vy[j] as number) - vy);
      if (s < si) si = s;
    }
    if (si > maxSep) {
      maxSep = si;
      best = i;
    }
  }
  axis.sep = maxSep;
  axis.edge = best;
}

/** Index of the edge of `poly` whose normal is most anti-parallel to edge `refEdge` of `ref`. */
function findIncidentEdge(poly: Polygon, ref: Polygon, refEdge: number): number {
  const nx = ref.nx[refEdge] as number;
  const ny = ref.ny[refEdge] as number;
  let best = 0;
  let minDot = Number.POSITIVE_INFINITY;
  for (let i = 0; i < poly.count; i++) {
    const d = nx * (poly.nx[i] as number) + ny * (poly.ny[i] as number);
    if (d < minDot) {
      minDot = d;
      best = i;
    }
  }
  return best;
}

/**
 * Clips the incident edge (i21 -> i22 of poly2) against the side planes of the reference
 * edge (i11 -> i12 of poly1) and reports up to two points. `flip` means poly1 is B.
 */
function clipPolygons(
  poly1: Polygon,
  poly2: Polygon,
  i11: number,
  i21: number,
  flip: boolean,
  xfA: Transform,
  m: Manifold,
): void {
  const i12 = i11 + 1 < poly1.count ? i11 + 1 : 0;
  const i22 = i21 + 1 < poly2.count ? i21 + 1 : 0;
  const nx = poly1.nx[i11] as number;
  const ny = poly1.ny[i11] as number;
  const v11x = poly1.vx[i11] as number;
  const v11y = poly1.vy[i11] as number;
  const v12x = poly1.vx[i12] as number;
  const v12y = poly1.vy[i12] as number;
  const v21x = poly2.vx[i21] as number;
  const v21y = poly2.vy[i21] as number;
  const v22x = poly2.vx[i22] as number;
  const v22y = poly2.vy[i22] as number;

  // Tangent along the reference edge (CCW winding: left perpendicular of the normal).
  const tx = -ny;
  const ty = nx;
  const upper1 = (v12x - v11x) * tx + (v12y - v11y) * ty;
  // The incident edge runs against the tangent.
  const upper2 = (v21x - v11x) * tx + (v21y - v11y) * ty;
  const lower2 = (v22x - v11x) * tx + (v22y - v11y) * ty;
  const span = upper2 - lower2;

  // Ends of the incident edge beyond the reference edge's side planes move onto them.
  // Both clipped ends are computed and kept only where needed: a clip that is rarely
  // needed then has no arithmetic of its own that could run without type feedback.
  const tL = Math.min(-lower2 / span, 1);
  const tU = Math.max((upper1 - lower2) / span, 0);
  const clippedLx = v22x + tL * (v21x - v22x);
  const clippedLy = v22y + tL * (v21y - v22y);
  const clippedUx = v22x + tU * (v21x - v22x);
  const clippedUy = v22y + tU * (v21y - v22y);
  const clipL = span > EPSILON && lower2 < 0;
  const clipU = span > EPSILON && upper2 > upper1;
  let lx = clipL ? clippedLx : v22x;
  let ly = clipL ? clippedLy : v22y;
  let ux = clipU ? clippedUx : v21x;
  let uy = clipU ? clippedUy : v21y;

  const sepL = (lx - v11x) * nx + (ly - v11y) * ny;
  const sepU = (ux - v11x) * nx + (uy - v11y) * ny;
  const r1 = poly1.radius;
  const r2 = poly2.radius;
  const radius = r1 + r2;
  // Move to the midpoint between the two rounded surfaces.
  const hL = 0.5 * (r1 - r2 - sepL);
  const hU = 0.5 * (r1 - r2 - sepU);
  lx += hL * nx;
  ly += hL * ny;
  ux += hU * nx;
  uy += hU * ny;

  if (!flip) {
    normal.x = nx;
    normal.y = ny;
    setNormal(m, xfA);
    point.x = lx;
    point.y = ly;
    point.sep = sepL - radius;
    pushPoint(m, xfA, makeFeatureId(i11, i22));
    point.x = ux;
    point.y = uy;
    point.sep = sepU - radius;
    pushPoint(m, xfA, makeFeatureId(i12, i21));
  } else {
    normal.x = -nx;
    normal.y = -ny;
    setNormal(m, xfA);
    point.x = ux;
    point.y = uy;
    point.sep = sepU - radius;
    pushPoint(m, xfA, makeFeatureId(i21, i12));
    point.x = lx;
    point.y = ly;
    point.sep = sepL - radius;
    pushPoint(m, xfA, makeFeatureId(i22, i11));
  }
}

/**
 * Rounded polygons, both in A's frame. SAT on both polygons finds the reference face.
 * Overlapping (or nearly touching): clip the incident edge. Separated: the closest
 * features of the reference and incident edges decide between a vertex–vertex point
 * (with the true normal between the vertices) and clipping.
 */
function polygonsLocal(polyA: Polygon, polyB: Polygon, xfA: Transform, m: Manifold): void {
  findMaxSeparation(polyA, polyB);
  const edgeA = axis.edge;
  separations.sepA = axis.sep;
  findMaxSeparation(polyB, polyA);
  const edgeB = axis.edge;
  separations.sepB = axis.sep;
  polygonsFromSeparation(polyA, polyB, edgeA, edgeB, xfA, m);
}

/**
 * The rest of `polygonsLocal` once the separating axes are known: `separations.sepA` and
 * `edgeA` of A's edges against B's vertices, `separations.sepB` and `edgeB` the other way
 * round.
 */
function polygonsFromSeparation(
  polyA: Polygon,
  polyB: Polygon,
  edgeA: number,
  edgeB: number,
  xfA: Transform,
  m: Manifold,
): void {
  const sepA = separations.sepA;
  const sepB = separations.sepB;
  const rA = polyA.radius;
  const rB = polyB.radius;
  const radius = rA + rB;
  if (sepA > SPECULATIVE_DISTANCE + radius || sepB > SPECULATIVE_DISTANCE + radius) return;

  // A small bias towards A keeps the reference face (and so the feature ids) from
  // flickering between two nearly equal faces.
  const flip = sepB > sepA + 0.1 * LINEAR_SLOP;
  if (!flip) {
    edgeB = findIncidentEdge(polyB, polyA, edgeA);
  } else {
    edgeA = findIncidentEdge(polyA, polyB, edgeB);
  }

  // The slop keeps the vertex-vertex normal well defined (the distance is not tiny).
  if (sepA > 0.1 * LINEAR_SLOP || sepB > 0.1 * LINEAR_SLOP) {
    const i11 = edgeA;
    const i12 = edgeA + 1 < polyA.count ? edgeA + 1 : 0;
    const i21 = edgeB;
    const i22 = edgeB + 1 < polyB.count ? edgeB + 1 : 0;
    const pair = segPair;
    pair.p1x = polyA.vx[i11] as number;
    pair.p1y = polyA.vy[i11] as number;
    pair.q1x = polyA.vx[i12] as number;
    pair.q1y = polyA.vy[i12] as number;
    pair.p2x = polyB.vx[i21] as number;
    pair.p2y = polyB.vy[i21] as number;
    pair.q2x = polyB.vx[i22] as number;
    pair.q2y = polyB.vy[i22] as number;
    const r = segmentDistanceOf(pair, segResult);
    const f1 = r.fraction1;
    const f2 = r.fraction2;
    if ((f1 === 0 || f1 === 1) && (f2 === 0 || f2 === 1)) {
      // Vertex-vertex: the normal is along the line joining the vertices, not a face's.
      const ia = f1 === 0 ? i11 : i12;
      const ib = f2 === 0 ? i21 : i22;
      const dist = Math.sqrt(r.distanceSquared);
      if (dist > 0) {
        if (dist - radius > SPECULATIVE_DISTANCE) return;
        const ax = r.closest1X;
        const ay = r.closest1Y;
        const bx = r.closest2X;
        const by = r.closest2Y;
        const nx = (bx - ax) / dist;
        const ny = (by - ay) / dist;
        normal.x = nx;
        normal.y = ny;
        setNormal(m, xfA);
        point.x = 0.5 * (ax + bx + (rA - rB) * nx);
        point.y = 0.5 * (ay + by + (rA - rB) * ny);
        point.sep = dist - radius;
        pushPoint(m, xfA, makeFeatureId(ia, ib));
        return;
      }
    }
  }

  if (!flip) clipPolygons(polyA, polyB, edgeA, edgeB, false, xfA, m);
  else clipPolygons(polyB, polyA, edgeB, edgeA, true, xfA, m);
}

// ---------------------------------------------------------------------------------------
// Chain segments (one-sided, smooth)

// Classification of a candidate normal against the Gauss map of the chain around the
// segment (see "ghost collisions", Box2D blog 2020).
const NORMAL_SKIP = 0; // non-smooth relative to a convex neighbour: ignore the contact
const NORMAL_ADMIT = 1; // smooth: use it
const NORMAL_SNAP = 2; // in the region of a concave vertex: use the segment normal

/** The chain around the segment being collided, in A's frame, filled by `chainParams`. */
class ChainFrame {
  /** Unit direction of the segment, p1 -> p2. */
  e1x = 0.5;
  e1y = 0.5;
  /** Solid-side normals of the previous and the next segment. */
  n0x = 0.5;
  n0y = 0.5;
  n2x = 0.5;
  n2y = 0.5;
  /** Whether the chain turns convexly at p1 and at p2. */
  convex1 = false;
  convex2 = false;
  /** The candidate normal that `classifyNormal` tests. */
  testNx = 0.5;
  testNy = 0.5;
}
const chain = new ChainFrame();
// Below this sine the turn at a chain vertex is treated as flat/concave, so collinear
// segments never produce an internal-vertex normal.
const CONVEX_TOLERANCE = 0.01;
const SIN_TOLERANCE = 0.01;

function chainParams(seg: ChainSegment): void {
  let ex = seg.p2x - seg.p1x;
  let ey = seg.p2y - seg.p1y;
  let len = Math.sqrt(ex * ex + ey * ey);
  const e1x = len > 0 ? ex / len : 1;
  const e1y = len > 0 ? ey / len : 0;

  ex = seg.p1x - seg.g1x;
  ey = seg.p1y - seg.g1y;
  len = Math.sqrt(ex * ex + ey * ey);
  const e0x = len > 0 ? ex / len : e1x;
  const e0y = len > 0 ? ey / len : e1y;

  ex = seg.g2x - seg.p2x;
  ey = seg.g2y - seg.p2y;
  len = Math.sqrt(ex * ex + ey * ey);
  const e2x = len > 0 ? ex / len : e1x;
  const e2y = len > 0 ? ey / len : e1y;

  chain.e1x = e1x;
  chain.e1y = e1y;
  chain.n0x = e0y;
  chain.n0y = -e0x;
  chain.convex1 = e0x * e1y - e0y * e1x >= CONVEX_TOLERANCE;
  chain.n2x = e2y;
  chain.n2y = -e2x;
  chain.convex2 = e1x * e2y - e1y * e2x >= CONVEX_TOLERANCE;
}

/** Classifies the candidate normal `chain.testNx/testNy` (see NORMAL_SKIP...). */
function classifyNormal(): number {
  const nx = chain.testNx;
  const ny = chain.testNy;
  // Towards the tail vertex p1 the previous segment decides, else the next one. Both
  // turns are measured and one kept, so that neither side has a path of its own.
  const towardsTail = nx * chain.e1x + ny * chain.e1y <= 0;
  const sinTail = nx * chain.n0y - ny * chain.n0x;
  const sinHead = chain.n2x * ny - chain.n2y * nx;
  const convex = towardsTail ? chain.convex1 : chain.convex2;
  const sin = towardsTail ? sinTail : sinHead;
  if (!convex) return NORMAL_SNAP;
  return sin > SIN_TOLERANCE ? NORMAL_SKIP : NORMAL_ADMIT;
}

/**
 * Clips the incident segment p2–q2 of `segPair` against the slab of the reference segment
 * p1–q1 (normal `clipNormal`, radii `radii.rA` for the reference and `radii.rB` for the
 * incident) and reports two points. The manifold normal is the reference normal, or its
 * opposite when `flip` (the reference is on B). All in A's frame.
 */
function clipSegments(id1: number, id2: number, flip: boolean, xfA: Transform, m: Manifold): void {
  const a1x = segPair.p1x;
  const a1y = segPair.p1y;
  const a2x = segPair.q1x;
  const a2y = segPair.q1y;
  const b1x = segPair.p2x;
  const b1y = segPair.p2y;
  const b2x = segPair.q2x;
  const b2y = segPair.q2y;
  const nx = clipNormal.x;
  const ny = clipNormal.y;
  const ra = radii.rA;
  const rb = radii.rB;
  const tx = -ny;
  const ty = nx;
  const upper1 = (a2x - a1x) * tx + (a2y - a1y) * ty;
  const upper2 = (b1x - a1x) * tx + (b1y - a1y) * ty;
  const lower2 = (b2x - a1x) * tx + (b2y - a1y) * ty;
  if (upper2 < 0 || upper1 < lower2) return;
  const span = upper2 - lower2;
  // Both clipped ends are computed and kept only where needed (no path of their own).
  const tL = -lower2 / span;
  const tU = (upper1 - lower2) / span;
  const clippedLx = b2x + tL * (b1x - b2x);
  const clippedLy = b2y + tL * (b1y - b2y);
  const clippedUx = b2x + tU * (b1x - b2x);
  const clippedUy = b2y + tU * (b1y - b2y);
  const clipL = span > EPSILON && lower2 < 0;
  const clipU = span > EPSILON && upper2 > upper1;
  const lx = clipL ? clippedLx : b2x;
  const ly = clipL ? clippedLy : b2y;
  const ux = clipU ? clippedUx : b1x;
  const uy = clipU ? clippedUy : b1y;
  const sepL = (lx - a1x) * nx + (ly - a1y) * ny;
  const sepU = (ux - a1x) * nx + (uy - a1y) * ny;
  const hL = 0.5 * (ra - rb - sepL);
  const hU = 0.5 * (ra - rb - sepU);
  const radius = ra + rb;
  const flippedX = -nx;
  const flippedY = -ny;
  normal.x = flip ? flippedX : nx;
  normal.y = flip ? flippedY : ny;
  setNormal(m, xfA);
  point.x = lx + hL * nx;
  point.y = ly + hL * ny;
  point.sep = sepL - radius;
  pushPoint(m, xfA, id1);
  point.x = ux + hU * nx;
  point.y = uy + hU * ny;
  point.sep = sepU - radius;
  pushPoint(m, xfA, id2);
}

/**
 * The chain segment (incident) clipped against edge `edge` of `poly` (reference, on B):
 * two points whose normal points from the chain to the polygon.
 */
function clipChainToPolygonEdge(
  seg: ChainSegment,
  poly: Polygon,
  edge: number,
  xfA: Transform,
  m: Manifold,
): void {
  const next = edge < poly.count - 1 ? edge + 1 : 0;
  segPair.p1x = poly.vx[edge] as number;
  segPair.p1y = poly.vy[edge] as number;
  segPair.q1x = poly.vx[next] as number;
  segPair.q1y = poly.vy[next] as number;
  segPair.p2x = seg.p1x;
  segPair.p2y = seg.p1y;
  segPair.q2x = seg.p2x;
  segPair.q2y = seg.p2y;
  clipNormal.x = poly.nx[edge] as number;
  clipNormal.y = poly.ny[edge] as number;
  radii.rA = poly.radius;
  radii.rB = 0;
  clipSegments(makeFeatureId(edge, 1), makeFeatureId(next, 0), true, xfA, m);
}

/** Edge i1 -> i2 of `poly` (incident) clipped against the chain segment (reference). */
function clipPolygonEdgeToChain(
  seg: ChainSegment,
  poly: Polygon,
  i1: number,
  i2: number,
  xfA: Transform,
  m: Manifold,
): void {
  segPair.p1x = seg.p1x;
  segPair.p1y = seg.p1y;
  segPair.q1x = seg.p2x;
  segPair.q1y = seg.p2y;
  segPair.p2x = poly.vx[i1] as number;
  segPair.p2y = poly.vy[i1] as number;
  segPair.q2x = poly.vx[i2] as number;
  segPair.q2y = poly.vy[i2] as number;
  // The segment's solid-side normal.
  clipNormal.x = chain.e1y;
  clipNormal.y = -chain.e1x;
  radii.rA = 0;
  radii.rB = poly.radius;
  clipSegments(makeFeatureId(0, i2), makeFeatureId(1, i1), false, xfA, m);
}

/** Chain segment against polygon `poly` already expressed in A's frame. */
function chainPolygonLocal(seg: ChainSegment, poly: Polygon, xfA: Transform, m: Manifold): void {
  chainParams(seg);
  const p1x = seg.p1x;
  const p1y = seg.p1y;
  const p2x = seg.p2x;
  const p2y = seg.p2y;
  const n1x = chain.e1y;
  const n1y = -chain.e1x;
  const convex1 = chain.convex1;
  const convex2 = chain.convex2;
  const cx = poly.centroidX;
  const cy = poly.centroidY;
  const radiusB = poly.radius;
  const count = poly.count;

  // One-sided: the polygon's centroid behind this segment and behind its convex
  // neighbours means we are looking at the chain from inside.
  const behind1 = n1x * (cx - p1x) + n1y * (cy - p1y) < 0;
  const behind0 = convex1 ? chain.n0x * (cx - p1x) + chain.n0y * (cy - p1y) < 0 : true;
  const behind2 = convex2 ? chain.n2x * (cx - p2x) + chain.n2y * (cy - p2y) < 0 : true;
  if (behind1 && behind0 && behind2) return;

  proxyA.px[0] = p1x;
  proxyA.py[0] = p1y;
  proxyA.px[1] = p2x;
  proxyA.py[1] = p2y;
  proxyA.count = 2;
  proxyA.radius = 0;
  makeProxyFromPoints(poly.vx, poly.vy, count, 0, proxyB);
  const out = shapeDistance(proxyA, IDENTITY, proxyB, IDENTITY, false, distOut, null);
  if (out.distance > radiusB + SPECULATIVE_DISTANCE) return;

  // Normals of the neighbours, snapped to this segment's normal at concave vertices.
  const n0x = convex1 ? chain.n0x : n1x;
  const n0y = convex1 ? chain.n0y : n1y;
  const n2x = convex2 ? chain.n2x : n1x;
  const n2y = convex2 ? chain.n2y : n1y;

  let incidentIndex = -1;
  let incidentNormal = -1;

  if (!behind1 && out.distance > 0.1 * LINEAR_SLOP) {
    // Separated: GJK's closest features may be vertex-vertex or vertex-edge even where
    // a face contact is wanted, so classify them against the chain.
    if (out.simplexCount === 1) {
      const ax = out.pointAX;
      const ay = out.pointAY;
      const bx = out.pointBX;
      const by = out.pointBY;
      const nx = (bx - ax) / out.distance;
      const ny = (by - ay) / out.distance;
      chain.testNx = nx;
      chain.testNy = ny;
      const type = classifyNormal();
      if (type === NORMAL_SKIP) return;
      if (type === NORMAL_ADMIT) {
        normal.x = nx;
        normal.y = ny;
        setNormal(m, xfA);
        point.x = 0.5 * (ax + bx - radiusB * nx);
        point.y = 0.5 * (ay + by - radiusB * ny);
        point.sep = out.distance - radiusB;
        pushPoint(m, xfA, makeFeatureId(out.indexA[0] as number, out.indexB[0] as number));
        return;
      }
      incidentIndex = out.indexB[0] as number;
    } else {
      const ia1 = out.indexA[0] as number;
      const ia2 = out.indexA[1] as number;
      const ib1 = out.indexB[0] as number;
      const ib2 = out.indexB[1] as number;
      if (ia1 === ia2) {
        // A segment vertex against a polygon edge: pick the polygon normal most aligned
        // with the direction from B to A.
        const dx = out.pointAX - out.pointBX;
        const dy = out.pointAY - out.pointBY;
        const dot1 = dx * (poly.nx[ib1] as number) + dy * (poly.ny[ib1] as number);
        const dot2 = dx * (poly.nx[ib2] as number) + dy * (poly.ny[ib2] as number);
        const ib = dot1 > dot2 ? ib1 : ib2;
        const nBx = poly.nx[ib] as number;
        const nBy = poly.ny[ib] as number;
        chain.testNx = -nBx;
        chain.testNy = -nBy;
        const type = classifyNormal();
        if (type === NORMAL_SKIP) return;
        if (type === NORMAL_ADMIT) {
          const b1x = poly.vx[ib] as number;
          const b1y = poly.vy[ib] as number;
          const d1 = nBx * (p1x - b1x) + nBy * (p1y - b1y);
          const d2 = nBx * (p2x - b1x) + nBy * (p2y - b1y);
          // If a neighbour segment is more incident to this face, it owns the contact.
          if (d1 < d2) {
            if (n0x * nBx + n0y * nBy < n1x * nBx + n1y * nBy) return;
          } else if (n2x * nBx + n2y * nBy < n1x * nBx + n1y * nBy) {
            return;
          }
          clipChainToPolygonEdge(seg, poly, ib, xfA, m);
          return;
        }
        incidentNormal = ib;
      } else {
        // The segment's edge against a polygon vertex (or parallel edges): the deeper
        // polygon vertex is incident.
        const dot1 = n1x * ((poly.vx[ib1] as number) - p1x) + n1y * ((poly.vy[ib1] as number) - p1y);
        const dot2 = n1x * ((poly.vx[ib2] as number) - p2x) + n1y * ((poly.vy[ib2] as number) - p2y);
        incidentIndex = dot1 < dot2 ? ib1 : ib2;
      }
    }
  } else {
    // Overlapping (or behind): SAT over the segment normal, the convex neighbours'
    // normals and the admissible polygon normals.
    let edgeSeparation = Number.POSITIVE_INFINITY;
    for (let i = 0; i < count; i++) {
      const s = n1x * ((poly.vx[i] as number) - p1x) + n1y * ((poly.vy[i] as number) - p1y);
      if (s < edgeSeparation) {
        edgeSeparation = s;
        incidentIndex = i;
      }
    }
    if (convex1) {
      let s0 = Number.POSITIVE_INFINITY;
      for (let i = 0; i < count; i++) {
        const s = n0x * ((poly.vx[i] as number) - p1x) + n0y * ((poly.vy[i] as number) - p1y);
        if (s < s0) s0 = s;
      }
      if (s0 > edgeSeparation) {
        edgeSeparation = s0;
        incidentIndex = -1; // the neighbour owns the separating axis
      }
    }
    if (convex2) {
      let s2 = Number.POSITIVE_INFINITY;
      for (let i = 0; i < count; i++) {
        const s = n2x * ((poly.vx[i] as number) - p2x) + n2y * ((poly.vy[i] as number) - p2y);
        if (s < s2) s2 = s;
      }
      if (s2 > edgeSeparation) {
        edgeSeparation = s2;
        incidentIndex = -1;
      }
    }

    let polygonSeparation = Number.NEGATIVE_INFINITY;
    let referenceIndex = -1;
    for (let i = 0; i < count; i++) {
      const nx = poly.nx[i] as number;
      const ny = poly.ny[i] as number;
      chain.testNx = -nx;
      chain.testNy = -ny;
      if (classifyNormal() !== NORMAL_ADMIT) continue;
      const vx = poly.vx[i] as number;
      const vy = poly.vy[i] as number;
      const sa = nx * (p1x - vx) + ny * (p1y - vy);
      const sb = nx * (p2x - vx) + ny * (p2y - vy);
      const s = Math.min(sa, sb);
      if (s > polygonSeparation) {
        polygonSeparation = s;
        referenceIndex = i;
      }
    }

    if (polygonSeparation > edgeSeparation) {
      const ia1 = referenceIndex;
      const a1x = poly.vx[ia1] as number;
      const a1y = poly.vy[ia1] as number;
      const nx = poly.nx[ia1] as number;
      const ny = poly.ny[ia1] as number;
      const d1 = nx * (p1x - a1x) + ny * (p1y - a1y);
      const d2 = nx * (p2x - a1x) + ny * (p2y - a1y);
      if (d1 < d2) {
        if (n0x * nx + n0y * ny < n1x * nx + n1y * ny) return;
      } else if (n2x * nx + n2y * ny < n1x * nx + n1y * ny) {
        return;
      }
      clipChainToPolygonEdge(seg, poly, ia1, xfA, m);
      return;
    }
    if (incidentIndex === -1) return;
  }

  // Segment normal is the reference: find the incident polygon edge, the one next to
  // the incident vertex most anti-parallel to the segment normal.
  let ib1: number;
  let ib2: number;
  if (incidentNormal !== -1) {
    ib1 = incidentNormal;
    ib2 = ib1 < count - 1 ? ib1 + 1 : 0;
  } else {
    const i2 = incidentIndex;
    const i1 = i2 > 0 ? i2 - 1 : count - 1;
    const d1 = n1x * (poly.nx[i1] as number) + n1y * (poly.ny[i1] as number);
    const d2 = n1x * (poly.nx[i2] as number) + n1y * (poly.ny[i2] as number);
    if (d1 < d2) {
      ib1 = i1;
      ib2 = i2;
    } else {
      ib1 = i2;
      ib2 = i2 < count - 1 ? i2 + 1 : 0;
    }
  }
  clipPolygonEdgeToChain(seg, poly, ib1, ib2, xfA, m);
}

// ---------------------------------------------------------------------------------------
// Public collide functions

/** Circle A against circle B: one point, id 0. */
export function collideCircles(a: Circle, xfA: Transform, b: Circle, xfB: Transform, m: Manifold): void {
  m.pointCount = 0;
  relative(xfA, xfB);
  circleToFrameA(b);
  const pair = pp;
  pair.ax = a.cx;
  pair.ay = a.cy;
  pair.rA = a.radius;
  pair.bx = circleArgs.cx;
  pair.by = circleArgs.cy;
  pair.rB = circleArgs.r;
  pair.fallbackNx = 1;
  pair.fallbackNy = 0;
  pointsLocal(0, xfA, m);
}

/** Capsule A against circle B: one point, id 0. */
export function collideCapsuleAndCircle(
  a: Capsule,
  xfA: Transform,
  b: Circle,
  xfB: Transform,
  m: Manifold,
): void {
  m.pointCount = 0;
  relative(xfA, xfB);
  segPair.p1x = a.c1x;
  segPair.p1y = a.c1y;
  segPair.q1x = a.c2x;
  segPair.q1y = a.c2y;
  radii.rA = a.radius;
  circleToFrameA(b);
  segmentCircleLocal(xfA, m);
}

/**
 * Capsule A against capsule B. Two points when the segments are roughly parallel and
 * overlap along their length, else one point between the closest points.
 */
export function collideCapsules(a: Capsule, xfA: Transform, b: Capsule, xfB: Transform, m: Manifold): void {
  m.pointCount = 0;
  relative(xfA, xfB);
  segPair.p1x = a.c1x;
  segPair.p1y = a.c1y;
  segPair.q1x = a.c2x;
  segPair.q1y = a.c2y;
  capsuleToFrameA(b);
  radii.rA = a.radius;
  radii.rB = b.radius;
  capsulesLocal(xfA, m);
}

/** Polygon A against circle B: one point, id 0. */
export function collidePolygonAndCircle(
  a: Polygon,
  xfA: Transform,
  b: Circle,
  xfB: Transform,
  m: Manifold,
): void {
  m.pointCount = 0;
  relative(xfA, xfB);
  circleToFrameA(b);
  polygonCircleLocal(a, xfA, m);
}

/** Polygon A against capsule B (the capsule is a rounded 2-gon): up to two points. */
export function collidePolygonAndCapsule(
  a: Polygon,
  xfA: Transform,
  b: Capsule,
  xfB: Transform,
  m: Manifold,
): void {
  m.pointCount = 0;
  relative(xfA, xfB);
  capsulePolygonInFrameA(b, localB);
  polygonsLocal(a, localB, xfA, m);
}

/** The smallest of four separations, as the inner loop of `findMaxSeparation` finds it. */
function min4(s0: number, s1: number, s2: number, s3: number): number {
  let si = Number.POSITIVE_INFINITY;
  if (s0 < si) si = s0;
  if (s1 < si) si = s1;
  if (s2 < si) si = s2;
  if (s3 < si) si = s3;
  return si;
}

/** The largest of four values, as `min4` finds the smallest. */
function max4(s0: number, s1: number, s2: number, s3: number): number {
  let si = Number.NEGATIVE_INFINITY;
  if (s0 > si) si = s0;
  if (s1 > si) si = s1;
  if (s2 > si) si = s2;
  if (s3 > si) si = s3;
  return si;
}

/** A quadrilateral record: vertices then normals, four of each coordinate, and a flag. */
enum Q {
  VX = 0,
  VY = 4,
  NX = 8,
  NY = 12,
  /** 1 when the normals are exactly (0, -1), (1, 0), (0, 1), (-1, 0): see quadsLocal. */
  ALIGNED = 16,
  SIZE = 17,
}

/** Two quadrilateral records for `collidePolygons`. */
const quadPair = new Float64Array(2 * Q.SIZE);
/** Polygons A and B of `quadsLocal` for the general clipping stage (`localB` is shared). */
const localA = new Polygon();
/** Quadrilateral B of `quadsLocal` in A's frame. */
const quadB = new Float64Array(Q.SIZE);

function writeQuad(p: Polygon, out: Float64Array, o: number): void {
  for (let i = 0; i < 4; i++) {
    out[o + Q.VX + i] = p.vx[i]!;
    out[o + Q.VY + i] = p.vy[i]!;
    out[o + Q.NX + i] = p.nx[i]!;
    out[o + Q.NY + i] = p.ny[i]!;
  }
  const nx = p.nx;
  const ny = p.ny;
  const aligned =
    nx[0] === 0 &&
    ny[0] === -1 &&
    nx[1] === 1 &&
    ny[1] === 0 &&
    nx[2] === 0 &&
    ny[2] === 1 &&
    nx[3] === -1 &&
    ny[3] === 0;
  out[o + Q.ALIGNED] = aligned ? 1 : 0;
}

/**
 * The narrow phase's copy of the quadrilaterals of shapes, one record per shape index, so a
 * box–box contact reads two compact records instead of the eight small arrays of two
 * polygons (scattered in the heap: cache misses). A record is valid while `owner` holds
 * the shape's current geometry object: stored polygons are never mutated, a new geometry
 * is a new object. Each world owns one (shape indices are per world).
 */
export class QuadCache {
  data = new Float64Array(64 * Q.SIZE);
  owner: (Polygon | null)[] = new Array<Polygon | null>(64).fill(null);
  /**
   * Per shape index: the quadrilateral's radius, or -1 for a shape of another kind. Written
   * for every shape made (cacheQuad), so that the WebAssembly kernel's collide
   * block (src/wasm/collide_block.ts) knows from memory which pairs are two cached
   * quadrilaterals; the JS reads the geometry instead.
   */
  radius = new Float64Array(64).fill(-1);
}

/**
 * Stores the quadrilateral `p` of shape `shape` (a polygon of four vertices) in the cache, or
 * null for a shape of another kind (its radius entry -1). Called when the shape is made
 * (createShape, a restored snapshot), so the narrow phase never meets a stale record: a
 * record first written from inside the step's loop would be a path V8 compiled as a
 * deoptimisation (see world/solver.ts collide).
 */
export function cacheQuad(cache: QuadCache, shape: number, p: Polygon | null): void {
  if (shape >= cache.owner.length) {
    const cap = Math.max(shape + 1, 2 * cache.owner.length);
    // into the memory it lives in: shared for a world on shared memory, whose helpers read it
    cache.data = growF64(cache.data, cap * Q.SIZE);
    cache.radius = growF64(cache.radius, cap);
    const owner = new Array<Polygon | null>(cap).fill(null);
    for (let i = 0; i < cache.owner.length; i++) owner[i] = cache.owner[i]!;
    cache.owner = owner;
  }
  cache.owner[shape] = p;
  cache.radius[shape] = p === null ? -1 : p.radius;
  if (p !== null) writeQuad(p, cache.data, shape * Q.SIZE);
}

/**
 * `collidePolygons` for two quadrilaterals, shapes `shapeA` and `shapeB` (same results),
 * reading them through the world's per-shape cache. Other polygons go through the
 * collide table like every other pair (world/solver.ts collide).
 */
export function collideQuadShapes(
  cache: QuadCache,
  shapeA: number,
  a: Polygon,
  xfA: Transform,
  shapeB: number,
  b: Polygon,
  xfB: Transform,
  m: Manifold,
): void {
  m.pointCount = 0;
  // never taken while every quadrilateral shape is cached when made (cacheQuad)
  if (cache.owner[shapeA] !== a) cacheQuad(cache, shapeA, a);
  if (cache.owner[shapeB] !== b) cacheQuad(cache, shapeB, b);
  const q = cache.data;
  quadsLocal(a, q, shapeA * Q.SIZE, b, q, shapeB * Q.SIZE, xfA, xfB, m);
}

/**
 * The narrow phase of one shape pair (shapes `shapeA` and `shapeB`, of the types and
 * geometries given, at the transforms given), the one rule for which pairs go through the
 * quadrilateral cache: two quadrilaterals go through it, every other pair, other polygons
 * included, through the one call of the collide table (a call made only for the first
 * pentagon pair would be a path first taken late: world/solver.ts collide). The step's
 * collide and rollback's derivations (world/rollback_derive.ts) both call it.
 */
export function collideShapes(
  cache: QuadCache,
  shapeA: number,
  typeA: ShapeType,
  a: Geometry,
  xfA: Transform,
  shapeB: number,
  typeB: ShapeType,
  b: Geometry,
  xfB: Transform,
  m: Manifold,
): void {
  const quadPair =
    typeA === ShapeType.Polygon &&
    typeB === ShapeType.Polygon &&
    (a as Polygon).count === 4 &&
    (b as Polygon).count === 4;
  if (quadPair) collideQuadShapes(cache, shapeA, a as Polygon, xfA, shapeB, b as Polygon, xfB, m);
  else getCollider(typeA, typeB)!(a, xfA, b, xfB, m);
}

/**
 * `collidePolygons` for two quadrilaterals (boxes, the common case), with the same
 * operations in the same order: B's vertices and normals are moved into A's frame as
 * `relative` + `toFrameA` do (into `localB`, without the centroid, which the polygon
 * kernels do not read) and both separating-axis searches run unrolled on locals. The
 * quadrilaterals of `a` and `b` are the records `qa[oa...]`, `qb[ob...]` (see `Q`); the
 * polygons themselves are read for their radii only. It returns with no point as soon as
 * one separation exceeds the speculative distance (polygonsFromSeparation's first test,
 * made here before the work the other search and the clip need).
 */
function quadsLocal(
  a: Polygon,
  qa: Float64Array,
  oa: number,
  b: Polygon,
  qb: Float64Array,
  ob: number,
  xfA: Transform,
  xfB: Transform,
  m: Manifold,
): void {
  const c = xfA.c;
  const s = xfA.s;
  const dx = xfB.px - xfA.px;
  const dy = xfB.py - xfA.py;
  const rc = c * xfB.c + s * xfB.s;
  const rs = c * xfB.s - s * xfB.c;
  const rpx = c * dx + s * dy;
  const rpy = -s * dx + c * dy;

  const lb = quadB;
  let x = qb[ob + Q.VX + 0]!;
  let y = qb[ob + Q.VY + 0]!;
  const bx0 = rc * x - rs * y + rpx;
  const by0 = rs * x + rc * y + rpy;
  x = qb[ob + Q.VX + 1]!;
  y = qb[ob + Q.VY + 1]!;
  const bx1 = rc * x - rs * y + rpx;
  const by1 = rs * x + rc * y + rpy;
  x = qb[ob + Q.VX + 2]!;
  y = qb[ob + Q.VY + 2]!;
  const bx2 = rc * x - rs * y + rpx;
  const by2 = rs * x + rc * y + rpy;
  x = qb[ob + Q.VX + 3]!;
  y = qb[ob + Q.VY + 3]!;
  const bx3 = rc * x - rs * y + rpx;
  const by3 = rs * x + rc * y + rpy;
  // A as it is (its record is read again by the clipping stage)
  const ax0 = qa[oa + Q.VX]!;
  const ay0 = qa[oa + Q.VY]!;
  const ax1 = qa[oa + Q.VX + 1]!;
  const ay1 = qa[oa + Q.VY + 1]!;
  const ax2 = qa[oa + Q.VX + 2]!;
  const ay2 = qa[oa + Q.VY + 2]!;
  const ax3 = qa[oa + Q.VX + 3]!;
  const ay3 = qa[oa + Q.VY + 3]!;

  // findMaxSeparation(a, localB)
  let sepA = Number.NEGATIVE_INFINITY;
  let edgeA = 0;
  let si: number;
  if (qa[oa + Q.ALIGNED] === 1) {
    // A's normals are the axes (a box in its own frame): along each, the smallest of B's
    // separations is B's extreme coordinate minus A's (subtraction is monotonic, so the
    // same values as the dot products below, up to the sign of a zero)
    const minX = min4(bx0, bx1, bx2, bx3);
    const maxX = max4(bx0, bx1, bx2, bx3);
    const minY = min4(by0, by1, by2, by3);
    const maxY = max4(by0, by1, by2, by3);
    si = -(maxY - ay0);
    if (si > sepA) {
      sepA = si;
      edgeA = 0;
    }
    si = minX - ax1;
    if (si > sepA) {
      sepA = si;
      edgeA = 1;
    }
    si = minY - ay2;
    if (si > sepA) {
      sepA = si;
      edgeA = 2;
    }
    si = -(maxX - ax3);
    if (si > sepA) {
      sepA = si;
      edgeA = 3;
    }
  } else {
    let nx = qa[oa + Q.NX]!;
    let ny = qa[oa + Q.NY]!;
    si = min4(
      nx * (bx0 - ax0) + ny * (by0 - ay0),
      nx * (bx1 - ax0) + ny * (by1 - ay0),
      nx * (bx2 - ax0) + ny * (by2 - ay0),
      nx * (bx3 - ax0) + ny * (by3 - ay0),
    );
    if (si > sepA) {
      sepA = si;
      edgeA = 0;
    }
    nx = qa[oa + Q.NX + 1]!;
    ny = qa[oa + Q.NY + 1]!;
    si = min4(
      nx * (bx0 - ax1) + ny * (by0 - ay1),
      nx * (bx1 - ax1) + ny * (by1 - ay1),
      nx * (bx2 - ax1) + ny * (by2 - ay1),
      nx * (bx3 - ax1) + ny * (by3 - ay1),
    );
    if (si > sepA) {
      sepA = si;
      edgeA = 1;
    }
    nx = qa[oa + Q.NX + 2]!;
    ny = qa[oa + Q.NY + 2]!;
    si = min4(
      nx * (bx0 - ax2) + ny * (by0 - ay2),
      nx * (bx1 - ax2) + ny * (by1 - ay2),
      nx * (bx2 - ax2) + ny * (by2 - ay2),
      nx * (bx3 - ax2) + ny * (by3 - ay2),
    );
    if (si > sepA) {
      sepA = si;
      edgeA = 2;
    }
    nx = qa[oa + Q.NX + 3]!;
    ny = qa[oa + Q.NY + 3]!;
    si = min4(
      nx * (bx0 - ax3) + ny * (by0 - ay3),
      nx * (bx1 - ax3) + ny * (by1 - ay3),
      nx * (bx2 - ax3) + ny * (by2 - ay3),
      nx * (bx3 - ax3) + ny * (by3 - ay3),
    );
    if (si > sepA) {
      sepA = si;
      edgeA = 3;
    }
  }

  // polygonsFromSeparation returns with no point when either separation exceeds the
  // speculative distance: a pair of boxes that are near (their boxes within the
  // speculative distance) but not touching ends here, before B's normals are moved and the
  // records copied into polygons (about 2,200 of the tumbler's 4,850 box pairs a step).
  const radius = a.radius + b.radius;
  if (sepA > SPECULATIVE_DISTANCE + radius) return;

  x = qb[ob + Q.NX + 0]!;
  y = qb[ob + Q.NY + 0]!;
  const bnx0 = rc * x - rs * y;
  const bny0 = rs * x + rc * y;
  x = qb[ob + Q.NX + 1]!;
  y = qb[ob + Q.NY + 1]!;
  const bnx1 = rc * x - rs * y;
  const bny1 = rs * x + rc * y;
  x = qb[ob + Q.NX + 2]!;
  y = qb[ob + Q.NY + 2]!;
  const bnx2 = rc * x - rs * y;
  const bny2 = rs * x + rc * y;
  x = qb[ob + Q.NX + 3]!;
  y = qb[ob + Q.NY + 3]!;
  const bnx3 = rc * x - rs * y;
  const bny3 = rs * x + rc * y;

  // findMaxSeparation(localB, a)
  let sepB = Number.NEGATIVE_INFINITY;
  let edgeB = 0;
  si = min4(
    bnx0 * (ax0 - bx0) + bny0 * (ay0 - by0),
    bnx0 * (ax1 - bx0) + bny0 * (ay1 - by0),
    bnx0 * (ax2 - bx0) + bny0 * (ay2 - by0),
    bnx0 * (ax3 - bx0) + bny0 * (ay3 - by0),
  );
  if (si > sepB) {
    sepB = si;
    edgeB = 0;
  }
  si = min4(
    bnx1 * (ax0 - bx1) + bny1 * (ay0 - by1),
    bnx1 * (ax1 - bx1) + bny1 * (ay1 - by1),
    bnx1 * (ax2 - bx1) + bny1 * (ay2 - by1),
    bnx1 * (ax3 - bx1) + bny1 * (ay3 - by1),
  );
  if (si > sepB) {
    sepB = si;
    edgeB = 1;
  }
  si = min4(
    bnx2 * (ax0 - bx2) + bny2 * (ay0 - by2),
    bnx2 * (ax1 - bx2) + bny2 * (ay1 - by2),
    bnx2 * (ax2 - bx2) + bny2 * (ay2 - by2),
    bnx2 * (ax3 - bx2) + bny2 * (ay3 - by2),
  );
  if (si > sepB) {
    sepB = si;
    edgeB = 2;
  }
  si = min4(
    bnx3 * (ax0 - bx3) + bny3 * (ay0 - by3),
    bnx3 * (ax1 - bx3) + bny3 * (ay1 - by3),
    bnx3 * (ax2 - bx3) + bny3 * (ay2 - by3),
    bnx3 * (ax3 - bx3) + bny3 * (ay3 - by3),
  );
  if (si > sepB) {
    sepB = si;
    edgeB = 3;
  }

  if (sepB > SPECULATIVE_DISTANCE + radius) return;

  lb[Q.VX] = bx0;
  lb[Q.VY] = by0;
  lb[Q.NX] = bnx0;
  lb[Q.NY] = bny0;
  lb[Q.VX + 1] = bx1;
  lb[Q.VY + 1] = by1;
  lb[Q.NX + 1] = bnx1;
  lb[Q.NY + 1] = bny1;
  lb[Q.VX + 2] = bx2;
  lb[Q.VY + 2] = by2;
  lb[Q.NX + 2] = bnx2;
  lb[Q.NY + 2] = bny2;
  lb[Q.VX + 3] = bx3;
  lb[Q.VY + 3] = by3;
  lb[Q.NX + 3] = bnx3;
  lb[Q.NY + 3] = bny3;

  // Overlapping (resting boxes, the common case): polygonsFromSeparation's clip, on the
  // records. Otherwise the general code, on polygons.
  if (sepA > 0.1 * LINEAR_SLOP || sepB > 0.1 * LINEAR_SLOP) {
    quadToPolygon(qa, oa, a.radius, localA);
    quadToPolygon(lb, 0, b.radius, localB);
    separations.sepA = sepA;
    separations.sepB = sepB;
    polygonsFromSeparation(localA, localB, edgeA, edgeB, xfA, m);
    return;
  }
  // as in polygonsFromSeparation: a small bias towards A keeps the reference face
  if (sepB > sepA + 0.1 * LINEAR_SLOP) {
    clipQuads(lb, 0, b.radius, qa, oa, a.radius, edgeB, incidentQuadEdge(qa, oa, lb, edgeB), true, xfA, m);
  } else {
    clipQuads(
      qa,
      oa,
      a.radius,
      lb,
      0,
      b.radius,
      edgeA,
      incidentQuadEdge(lb, 0, qa, oa + edgeA),
      false,
      xfA,
      m,
    );
  }
}

/** Polygon `out` from the quadrilateral record `q[o...]` and a radius. */
function quadToPolygon(q: Float64Array, o: number, radius: number, out: Polygon): void {
  for (let i = 0; i < 4; i++) {
    out.vx[i] = q[o + Q.VX + i]!;
    out.vy[i] = q[o + Q.VY + i]!;
    out.nx[i] = q[o + Q.NX + i]!;
    out.ny[i] = q[o + Q.NY + i]!;
  }
  out.count = 4;
  out.radius = radius;
}

/**
 * `findIncidentEdge` on records: the edge of quadrilateral `q[o...]` whose normal is most
 * anti-parallel to the reference normal at `ref[refAt + Q.NX]`, `ref[refAt + Q.NY]`.
 */
function incidentQuadEdge(q: Float64Array, o: number, ref: Float64Array, refAt: number): number {
  const nx = ref[refAt + Q.NX]!;
  const ny = ref[refAt + Q.NY]!;
  let best = 0;
  let minDot = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 4; i++) {
    const d = nx * q[o + Q.NX + i]! + ny * q[o + Q.NY + i]!;
    if (d < minDot) {
      minDot = d;
      best = i;
    }
  }
  return best;
}

/**
 * `clipPolygons` on quadrilateral records (the same operations): clips the incident edge
 * i21 -> i22 of `q2[o2...]` against the side planes of the reference edge i11 -> i12 of
 * `q1[o1...]`. `flip` means q1 is B. A copy on purpose, kept for the pairs that still run the
 * narrow phase every step (resting pairs reuse their manifold, contact.ts reuseManifold):
 * sending every box pair through `polygonsFromSeparation` instead keeps results bit for
 * bit but makes the tumbler's step 2.5 % slower (p2 11.70 -> 12.00 ms, five interleaved
 * runs each); sharing the clip through a scratch record (the edges as twelve doubles
 * cannot cross a call unboxed) cost a 210-box pyramid 3 % when it still clipped every
 * step. Change both together.
 */
function clipQuads(
  q1: Float64Array,
  o1: number,
  r1: number,
  q2: Float64Array,
  o2: number,
  r2: number,
  i11: number,
  i21: number,
  flip: boolean,
  xfA: Transform,
  m: Manifold,
): void {
  const i12 = i11 + 1 < 4 ? i11 + 1 : 0;
  const i22 = i21 + 1 < 4 ? i21 + 1 : 0;
  const nx = q1[o1 + Q.NX + i11]!;
  const ny = q1[o1 + Q.NY + i11]!;
  const v11x = q1[o1 + Q.VX + i11]!;
  const v11y = q1[o1 + Q.VY + i11]!;
  const v12x = q1[o1 + Q.VX + i12]!;
  const v12y = q1[o1 + Q.VY + i12]!;
  const v21x = q2[o2 + Q.VX + i21]!;
  const v21y = q2[o2 + Q.VY + i21]!;
  const v22x = q2[o2 + Q.VX + i22]!;
  const v22y = q2[o2 + Q.VY + i22]!;

  // see clipPolygons
  const tx = -ny;
  const ty = nx;
  const upper1 = (v12x - v11x) * tx + (v12y - v11y) * ty;
  const upper2 = (v21x - v11x) * tx + (v21y - v11y) * ty;
  const lower2 = (v22x - v11x) * tx + (v22y - v11y) * ty;
  const span = upper2 - lower2;
  const tL = Math.min(-lower2 / span, 1);
  const tU = Math.max((upper1 - lower2) / span, 0);
  const clippedLx = v22x + tL * (v21x - v22x);
  const clippedLy = v22y + tL * (v21y - v22y);
  const clippedUx = v22x + tU * (v21x - v22x);
  const clippedUy = v22y + tU * (v21y - v22y);
  const clipL = span > EPSILON && lower2 < 0;
  const clipU = span > EPSILON && upper2 > upper1;
  let lx = clipL ? clippedLx : v22x;
  let ly = clipL ? clippedLy : v22y;
  let ux = clipU ? clippedUx : v21x;
  let uy = clipU ? clippedUy : v21y;

  const sepL = (lx - v11x) * nx + (ly - v11y) * ny;
  const sepU = (ux - v11x) * nx + (uy - v11y) * ny;
  const radius = r1 + r2;
  const hL = 0.5 * (r1 - r2 - sepL);
  const hU = 0.5 * (r1 - r2 - sepU);
  lx += hL * nx;
  ly += hL * ny;
  ux += hU * nx;
  uy += hU * ny;

  if (!flip) {
    normal.x = nx;
    normal.y = ny;
    setNormal(m, xfA);
    point.x = lx;
    point.y = ly;
    point.sep = sepL - radius;
    pushPoint(m, xfA, makeFeatureId(i11, i22));
    point.x = ux;
    point.y = uy;
    point.sep = sepU - radius;
    pushPoint(m, xfA, makeFeatureId(i12, i21));
  } else {
    normal.x = -nx;
    normal.y = -ny;
    setNormal(m, xfA);
    point.x = ux;
    point.y = uy;
    point.sep = sepU - radius;
    pushPoint(m, xfA, makeFeatureId(i21, i12));
    point.x = lx;
    point.y = ly;
    point.sep = sepL - radius;
    pushPoint(m, xfA, makeFeatureId(i22, i11));
  }
}

/** Polygon A against polygon B (both possibly rounded): up to two points. */
export function collidePolygons(a: Polygon, xfA: Transform, b: Polygon, xfB: Transform, m: Manifold): void {
  m.pointCount = 0;
  if (a.count === 4 && b.count === 4) {
    const q = quadPair;
    writeQuad(a, q, 0);
    writeQuad(b, q, Q.SIZE);
    quadsLocal(a, q, 0, b, q, Q.SIZE, xfA, xfB, m);
    return;
  }
  relative(xfA, xfB);
  toFrameA(b, localB);
  polygonsLocal(a, localB, xfA, m);
}

/** Segment A (two-sided) against circle B: one point, id 0. */
export function collideSegmentAndCircle(
  a: Segment,
  xfA: Transform,
  b: Circle,
  xfB: Transform,
  m: Manifold,
): void {
  m.pointCount = 0;
  relative(xfA, xfB);
  segPair.p1x = a.p1x;
  segPair.p1y = a.p1y;
  segPair.q1x = a.p2x;
  segPair.q1y = a.p2y;
  radii.rA = 0;
  circleToFrameA(b);
  segmentCircleLocal(xfA, m);
}

/** Segment A (two-sided) against capsule B: as two capsules, A with radius 0. */
export function collideSegmentAndCapsule(
  a: Segment,
  xfA: Transform,
  b: Capsule,
  xfB: Transform,
  m: Manifold,
): void {
  m.pointCount = 0;
  relative(xfA, xfB);
  segPair.p1x = a.p1x;
  segPair.p1y = a.p1y;
  segPair.q1x = a.p2x;
  segPair.q1y = a.p2y;
  capsuleToFrameA(b);
  radii.rA = 0;
  radii.rB = b.radius;
  capsulesLocal(xfA, m);
}

/** Segment A (two-sided, a 2-gon of radius 0) against polygon B: up to two points. */
export function collideSegmentAndPolygon(
  a: Segment,
  xfA: Transform,
  b: Polygon,
  xfB: Transform,
  m: Manifold,
): void {
  m.pointCount = 0;
  relative(xfA, xfB);
  segmentPolygon(a, capA);
  toFrameA(b, localB);
  polygonsLocal(capA, localB, xfA, m);
}

/**
 * One-sided chain segment A against circle B. No contact from the back side, and none
 * in the Voronoi region of a neighbouring segment (that segment owns the contact), so a
 * circle rolls over internal vertices smoothly.
 */
export function collideChainSegmentAndCircle(
  a: ChainSegment,
  xfA: Transform,
  b: Circle,
  xfB: Transform,
  m: Manifold,
): void {
  m.pointCount = 0;
  relative(xfA, xfB);
  circleToFrameA(b);
  const cx = circleArgs.cx;
  const cy = circleArgs.cy;
  const p1x = a.p1x;
  const p1y = a.p1y;
  const p2x = a.p2x;
  const p2y = a.p2y;
  const ex = p2x - p1x;
  const ey = p2y - p1y;
  // Solid side is to the right of p1 -> p2.
  if (ey * (cx - p1x) - ex * (cy - p1y) < 0) return;

  const u = ex * (p2x - cx) + ey * (p2y - cy);
  const v = ex * (cx - p1x) + ey * (cy - p1y);
  // Behind p1 (v <= 0) the previous segment owns the centre if it lies in its region;
  // ahead of p2 (u <= 0), likewise the next segment. Both tests and the closest point
  // inside the segment are computed whatever the region, and the region picks: no
  // region has arithmetic of its own that could run without type feedback.
  const ee = ex * ex + ey * ey;
  const insideX = (u * p1x + v * p2x) / ee;
  const insideY = (u * p1y + v * p2y) / ee;
  const previousOwns = (p1x - a.g1x) * (cx - p1x) + (p1y - a.g1y) * (cy - p1y) <= 0;
  const nextOwns = (a.g2x - p2x) * (cx - p2x) + (a.g2y - p2y) * (cy - p2y) > 0;
  const behind = v <= 0;
  const ahead = !behind && u <= 0;
  if ((behind && previousOwns) || (ahead && nextOwns)) return;
  const len = Math.sqrt(ex * ex + ey * ey);
  const pair = pp;
  pair.ax = behind ? p1x : ahead ? p2x : insideX;
  pair.ay = behind ? p1y : ahead ? p2y : insideY;
  pair.rA = 0;
  pair.bx = cx;
  pair.by = cy;
  pair.rB = circleArgs.r;
  pair.fallbackNx = len > 0 ? ey / len : 0;
  pair.fallbackNy = len > 0 ? -ex / len : 1;
  pointsLocal(0, xfA, m);
}

/** One-sided smooth chain segment A against capsule B (a rounded 2-gon). */
export function collideChainSegmentAndCapsule(
  a: ChainSegment,
  xfA: Transform,
  b: Capsule,
  xfB: Transform,
  m: Manifold,
): void {
  m.pointCount = 0;
  relative(xfA, xfB);
  capsulePolygonInFrameA(b, localB);
  chainPolygonLocal(a, localB, xfA, m);
}

/**
 * One-sided smooth chain segment A against polygon B: the ghost vertices decide which
 * normals are admissible, so a box sliding along a flat chain never catches on internal
 * vertices, and nothing collides from the back side.
 */
export function collideChainSegmentAndPolygon(
  a: ChainSegment,
  xfA: Transform,
  b: Polygon,
  xfB: Transform,
  m: Manifold,
): void {
  m.pointCount = 0;
  relative(xfA, xfB);
  toFrameA(b, localB);
  chainPolygonLocal(a, localB, xfA, m);
}

// ---------------------------------------------------------------------------------------
// Dispatch table

/** A collide function on the common geometry type, as stored in `collideTable`. */
export type CollideFn = (a: Geometry, xfA: Transform, b: Geometry, xfB: Transform, m: Manifold) => void;

const C = ShapeType.Circle;
const K = ShapeType.Capsule;
const S = ShapeType.Segment;
const P = ShapeType.Polygon;
const H = ShapeType.ChainSegment;

function buildTable(): (CollideFn | null)[][] {
  const t: (CollideFn | null)[][] = [];
  for (let i = 0; i < 5; i++) t.push([null, null, null, null, null]);
  const set = (i: number, j: number, f: CollideFn): void => {
    const row = t[i];
    if (row !== undefined) row[j] = f;
  };
  set(C, C, (a, xa, b, xb, m) => collideCircles(a as Circle, xa, b as Circle, xb, m));
  set(K, C, (a, xa, b, xb, m) => collideCapsuleAndCircle(a as Capsule, xa, b as Circle, xb, m));
  set(K, K, (a, xa, b, xb, m) => collideCapsules(a as Capsule, xa, b as Capsule, xb, m));
  set(P, C, (a, xa, b, xb, m) => collidePolygonAndCircle(a as Polygon, xa, b as Circle, xb, m));
  set(P, K, (a, xa, b, xb, m) => collidePolygonAndCapsule(a as Polygon, xa, b as Capsule, xb, m));
  set(P, P, (a, xa, b, xb, m) => collidePolygons(a as Polygon, xa, b as Polygon, xb, m));
  set(S, C, (a, xa, b, xb, m) => collideSegmentAndCircle(a as Segment, xa, b as Circle, xb, m));
  set(S, K, (a, xa, b, xb, m) => collideSegmentAndCapsule(a as Segment, xa, b as Capsule, xb, m));
  set(S, P, (a, xa, b, xb, m) => collideSegmentAndPolygon(a as Segment, xa, b as Polygon, xb, m));
  set(H, C, (a, xa, b, xb, m) => collideChainSegmentAndCircle(a as ChainSegment, xa, b as Circle, xb, m));
  set(H, K, (a, xa, b, xb, m) => collideChainSegmentAndCapsule(a as ChainSegment, xa, b as Capsule, xb, m));
  set(H, P, (a, xa, b, xb, m) => collideChainSegmentAndPolygon(a as ChainSegment, xa, b as Polygon, xb, m));
  return t;
}

/**
 * Collide functions indexed `[typeA][typeB]` by `ShapeType`. `null` where the pair is
 * only defined the other way round (swap the shapes) or does not collide at all
 * (segment, chain segment among themselves).
 */
export const collideTable: ReadonlyArray<ReadonlyArray<CollideFn | null>> = buildTable();

/** The collide function for `[typeA][typeB]`, or null (see `collideTable`). */
export function getCollider(typeA: ShapeType, typeB: ShapeType): CollideFn | null {
  return collideTable[typeA]?.[typeB] ?? null;
}

function buildCollidableTypes(): Uint8Array {
  const t = new Uint8Array(25);
  for (let a = 0; a < 5; a++) {
    for (let b = 0; b < 5; b++) {
      const forward = getCollider(a as ShapeType, b as ShapeType);
      const backward = getCollider(b as ShapeType, a as ShapeType);
      t[a * 5 + b] = forward !== null || backward !== null ? 1 : 0;
    }
  }
  return t;
}

/**
 * 1 at `typeA * 5 + typeB` when shapes of the two types collide (in either order), else 0:
 * the pair filter's test, a byte where comparing the table's functions with null would
 * compile the rarely seen null as a deoptimisation (see world/solver.ts collide).
 */
export const collidableTypes: Uint8Array = buildCollidableTypes();
