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

import { LINEAR_SLOP, SPECULATIVE_DISTANCE } from './constants';
import {
  DistanceOutput,
  DistanceProxy,
  SegmentDistanceResult,
  makeProxyFromPoints,
  SegmentPair,
  segmentDistanceOf,
  shapeDistance,
} from './distance';
import type { Capsule, ChainSegment, Circle, Geometry, Segment } from './geometry';
import { Polygon, ShapeType } from './geometry';
import { Transform } from './math';
import { type Manifold, makeFeatureId } from './manifold_types';

// Lengths below this (m) are treated as zero when normalising.
const EPSILON = 1e-12;

// ---------------------------------------------------------------------------------------
// Scratch state

/** Relative transform of B in A's frame, filled by `relative`. */
const rel = new Transform();
const IDENTITY = new Transform();
/** Polygon B expressed in A's frame. */
const localB = new Polygon();
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

function relX(x: number, y: number): number {
  return rel.c * x - rel.s * y + rel.px;
}

function relY(x: number, y: number): number {
  return rel.s * x + rel.c * y + rel.py;
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
  out.centroidX = relX(src.centroidX, src.centroidY);
  out.centroidY = relY(src.centroidX, src.centroidY);
}

/** Fills `out` as a 2-gon p1–p2 with the given radius: a capsule, or a segment (r = 0). */
function makeCapsulePolygon(
  p1x: number,
  p1y: number,
  p2x: number,
  p2y: number,
  r: number,
  out: Polygon,
): void {
  out.vx[0] = p1x;
  out.vy[0] = p1y;
  out.vx[1] = p2x;
  out.vy[1] = p2y;
  let ux = p2x - p1x;
  let uy = p2y - p1y;
  const len = Math.sqrt(ux * ux + uy * uy);
  if (len > EPSILON) {
    ux /= len;
    uy /= len;
  } else {
    // Degenerate capsule: any axis gives a valid (circle-like) 2-gon.
    ux = 1;
    uy = 0;
  }
  // Edge 0 runs p1 -> p2, so its outward normal is the right perpendicular.
  out.nx[0] = uy;
  out.ny[0] = -ux;
  out.nx[1] = -uy;
  out.ny[1] = ux;
  out.count = 2;
  out.radius = r;
  out.centroidX = 0.5 * (p1x + p2x);
  out.centroidY = 0.5 * (p1y + p2y);
}

// ---------------------------------------------------------------------------------------
// Output helpers (local frame of A -> world orientation)

function setNormal(m: Manifold, xfA: Transform, nx: number, ny: number): void {
  m.normalX = xfA.c * nx - xfA.s * ny;
  m.normalY = xfA.s * nx + xfA.c * ny;
}

/** Appends a point given in A's frame unless it is beyond the speculative distance. */
function pushPoint(m: Manifold, xfA: Transform, lx: number, ly: number, sep: number, id: number): void {
  if (sep > SPECULATIVE_DISTANCE || m.pointCount >= 2) return;
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

/**
 * The inputs of pointsLocal, handed through object fields: V8 boxes every double argument
 * of a call it does not inline, and this one is called for every round-shape contact.
 */
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

/** A circle in A's frame handed to polygonCircleLocal (double arguments would box). */
class CircleArgs {
  cx = 0.5;
  cy = 0.5;
  r = 0.5;
}
const circleArgs = new CircleArgs();

function setPointPair(
  ax: number,
  ay: number,
  rA: number,
  bx: number,
  by: number,
  rB: number,
  fallbackNx: number,
  fallbackNy: number,
): void {
  pp.ax = ax;
  pp.ay = ay;
  pp.rA = rA;
  pp.bx = bx;
  pp.by = by;
  pp.rB = rB;
  pp.fallbackNx = fallbackNx;
  pp.fallbackNy = fallbackNy;
}

/** Two rounded points (pA with rA, pB with rB, set in `pp`) in A's frame: one point, id `id`. */
function pointsLocal(id: number, xfA: Transform, m: Manifold): void {
  const pax = pp.ax;
  const pay = pp.ay;
  const rA = pp.rA;
  const pbx = pp.bx;
  const pby = pp.by;
  const rB = pp.rB;
  const fallbackNx = pp.fallbackNx;
  const fallbackNy = pp.fallbackNy;
  const dx = pbx - pax;
  const dy = pby - pay;
  const dist = Math.sqrt(dx * dx + dy * dy);
  const sep = dist - rA - rB;
  if (sep > SPECULATIVE_DISTANCE) return;
  let nx = fallbackNx;
  let ny = fallbackNy;
  if (dist > EPSILON) {
    nx = dx / dist;
    ny = dy / dist;
  }
  // Midpoint of the surface points pA + rA n and pB - rB n.
  const lx = 0.5 * (pax + pbx + (rA - rB) * nx);
  const ly = 0.5 * (pay + pby + (rA - rB) * ny);
  setNormal(m, xfA, nx, ny);
  pushPoint(m, xfA, lx, ly, sep, id);
}

/** Rounded segment p1–p2 (radius rA) against a circle at c (radius rB), all in A's frame. */
function segmentCircleLocal(
  p1x: number,
  p1y: number,
  p2x: number,
  p2y: number,
  rA: number,
  cx: number,
  cy: number,
  rB: number,
  xfA: Transform,
  m: Manifold,
): void {
  const ex = p2x - p1x;
  const ey = p2y - p1y;
  const ee = ex * ex + ey * ey;
  let t = 0;
  if (ee > 0) {
    t = ((cx - p1x) * ex + (cy - p1y) * ey) / ee;
    t = t < 0 ? 0 : Math.min(t, 1);
  }
  // Fallback normal for a centre exactly on the segment: the segment's left normal.
  const len = Math.sqrt(ee);
  const fnx = len > EPSILON ? -ey / len : 0;
  const fny = len > EPSILON ? ex / len : 1;
  setPointPair(p1x + t * ex, p1y + t * ey, rA, cx, cy, rB, fnx, fny);
  pointsLocal(0, xfA, m);
}

/** Polygon (A's frame) against a circle at c (A's frame). */
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

  // Outside the polygon and beyond an end of the reference edge: vertex region.
  if (u1 < 0 && separation > EPSILON) {
    setPointPair(v1x, v1y, rA, cx, cy, rB, nx, ny);
    pointsLocal(0, xfA, m);
    return;
  }
  if (u2 < 0 && separation > EPSILON) {
    setPointPair(v2x, v2y, rA, cx, cy, rB, nx, ny);
    pointsLocal(0, xfA, m);
    return;
  }
  // Face region (the centre may be inside the polygon).
  const sep = separation - radius;
  if (sep > SPECULATIVE_DISTANCE) return;
  // Midpoint of the face surface point and the circle's deepest point along -n.
  const lx = cx + 0.5 * (rA - rB - separation) * nx;
  const ly = cy + 0.5 * (rA - rB - separation) * ny;
  setNormal(m, xfA, nx, ny);
  pushPoint(m, xfA, lx, ly, sep, 0);
}

/**
 * Two rounded segments in A's frame (Ericson 5.1.9 for the closest points). When the
 * segments are roughly parallel and overlap along their length, two points are produced
 * by clipping one segment against the other (stable resting of capsules); otherwise one.
 */
function capsulesLocal(
  p1x: number,
  p1y: number,
  q1x: number,
  q1y: number,
  rA: number,
  p2x: number,
  p2y: number,
  q2x: number,
  q2y: number,
  rB: number,
  xfA: Transform,
  m: Manifold,
): void {
  const pair = segPair;
  pair.p1x = p1x;
  pair.p1y = p1y;
  pair.q1x = q1x;
  pair.q1y = q1y;
  pair.p2x = p2x;
  pair.p2y = p2y;
  pair.q2x = q2x;
  pair.q2y = q2y;
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
  let u1x = 1;
  let u1y = 0;
  if (len1 > EPSILON) {
    u1x = d1x / len1;
    u1y = d1y / len1;
  }

  if (len1 > EPSILON && len2 > EPSILON) {
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
      // SAT on the two segment normals picks the reference segment.
      let nAx = -u1y;
      let nAy = u1x;
      let sepA: number;
      {
        const ss1 = (p2x - p1x) * nAx + (p2y - p1y) * nAy;
        const ss2 = (q2x - p1x) * nAx + (q2y - p1y) * nAy;
        const sPos = Math.min(ss1, ss2);
        const sNeg = Math.min(-ss1, -ss2);
        if (sPos > sNeg) {
          sepA = sPos;
        } else {
          sepA = sNeg;
          nAx = -nAx;
          nAy = -nAy;
        }
      }
      let nBx = -u2y;
      let nBy = u2x;
      let sepB: number;
      {
        const ss1 = (p1x - p2x) * nBx + (p1y - p2y) * nBy;
        const ss2 = (q1x - p2x) * nBx + (q1y - p2y) * nBy;
        const sPos = Math.min(ss1, ss2);
        const sNeg = Math.min(-ss1, -ss2);
        if (sPos > sNeg) {
          sepB = sPos;
        } else {
          sepB = sNeg;
          nBx = -nBx;
          nBy = -nBy;
        }
      }

      // Biased towards A so that nearly parallel capsules keep their reference (and
      // feature ids) instead of flipping on round-off.
      if (sepA + 0.1 * LINEAR_SLOP >= sepB) {
        // Clip segment B to the slab of segment A.
        let cpx = p2x;
        let cpy = p2y;
        let cqx = q2x;
        let cqy = q2y;
        if (fp2 < 0 && fq2 > 0) {
          const t = -fp2 / (fq2 - fp2);
          cpx = p2x + t * (q2x - p2x);
          cpy = p2y + t * (q2y - p2y);
        } else if (fq2 < 0 && fp2 > 0) {
          const t = -fq2 / (fp2 - fq2);
          cqx = q2x + t * (p2x - q2x);
          cqy = q2y + t * (p2y - q2y);
        }
        if (fp2 > len1 && fq2 < len1) {
          const t = (fp2 - len1) / (fp2 - fq2);
          cpx = p2x + t * (q2x - p2x);
          cpy = p2y + t * (q2y - p2y);
        } else if (fq2 > len1 && fp2 < len1) {
          const t = (fq2 - len1) / (fq2 - fp2);
          cqx = q2x + t * (p2x - q2x);
          cqy = q2y + t * (p2y - q2y);
        }
        const sp = (cpx - p1x) * nAx + (cpy - p1y) * nAy;
        const sq = (cqx - p1x) * nAx + (cqy - p1y) * nAy;
        // Only when the clipped ends are near the closest distance; a steep crossing
        // would give one far point with a misleading normal.
        if (sp <= distance + LINEAR_SLOP || sq <= distance + LINEAR_SLOP) {
          setNormal(m, xfA, nAx, nAy);
          const hp = 0.5 * (rA - rB - sp);
          const hq = 0.5 * (rA - rB - sq);
          pushPoint(m, xfA, cpx + hp * nAx, cpy + hp * nAy, sp - radius, makeFeatureId(0, 0));
          pushPoint(m, xfA, cqx + hq * nAx, cqy + hq * nAy, sq - radius, makeFeatureId(0, 1));
          if (m.pointCount > 0) return;
        }
      } else {
        // Clip segment A to the slab of segment B; the normal still points A -> B.
        let cpx = p1x;
        let cpy = p1y;
        let cqx = q1x;
        let cqy = q1y;
        if (fp1 < 0 && fq1 > 0) {
          const t = -fp1 / (fq1 - fp1);
          cpx = p1x + t * (q1x - p1x);
          cpy = p1y + t * (q1y - p1y);
        } else if (fq1 < 0 && fp1 > 0) {
          const t = -fq1 / (fp1 - fq1);
          cqx = q1x + t * (p1x - q1x);
          cqy = q1y + t * (p1y - q1y);
        }
        if (fp1 > len2 && fq1 < len2) {
          const t = (fp1 - len2) / (fp1 - fq1);
          cpx = p1x + t * (q1x - p1x);
          cpy = p1y + t * (q1y - p1y);
        } else if (fq1 > len2 && fp1 < len2) {
          const t = (fq1 - len2) / (fq1 - fp1);
          cqx = q1x + t * (p1x - q1x);
          cqy = q1y + t * (p1y - q1y);
        }
        const sp = (cpx - p2x) * nBx + (cpy - p2y) * nBy;
        const sq = (cqx - p2x) * nBx + (cqy - p2y) * nBy;
        if (sp <= distance + LINEAR_SLOP || sq <= distance + LINEAR_SLOP) {
          setNormal(m, xfA, -nBx, -nBy);
          const hp = 0.5 * (rB - rA - sp);
          const hq = 0.5 * (rB - rA - sq);
          pushPoint(m, xfA, cpx + hp * nBx, cpy + hp * nBy, sp - radius, makeFeatureId(0, 0));
          pushPoint(m, xfA, cqx + hq * nBx, cqy + hq * nBy, sq - radius, makeFeatureId(1, 0));
          if (m.pointCount > 0) return;
        }
      }
    }
  }

  // Single point between the closest points.
  const i1 = r.fraction1 === 0 ? 0 : 1;
  const i2 = r.fraction2 === 0 ? 0 : 1;
  setPointPair(r.closest1X, r.closest1Y, rA, r.closest2X, r.closest2Y, rB, -u1y, u1x);
  pointsLocal(makeFeatureId(i1, i2), xfA, m);
}

/** Max over edges of poly1 of the min separation of poly2's vertices; edge in `maxSepEdge`. */
let maxSepEdge = 0;
function findMaxSeparation(poly1: Polygon, poly2: Polygon): number {
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
  maxSepEdge = best;
  return maxSep;
}

/** Index of the edge of `poly` whose normal is most anti-parallel to (nx, ny). */
function findIncidentEdge(poly: Polygon, nx: number, ny: number): number {
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

  let lx = v22x;
  let ly = v22y;
  let ux = v21x;
  let uy = v21y;
  if (span > EPSILON) {
    if (lower2 < 0) {
      let t = -lower2 / span;
      t = Math.min(t, 1);
      lx = v22x + t * (v21x - v22x);
      ly = v22y + t * (v21y - v22y);
    }
    if (upper2 > upper1) {
      let t = (upper1 - lower2) / span;
      t = Math.max(t, 0);
      ux = v22x + t * (v21x - v22x);
      uy = v22y + t * (v21y - v22y);
    }
  }

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
    setNormal(m, xfA, nx, ny);
    pushPoint(m, xfA, lx, ly, sepL - radius, makeFeatureId(i11, i22));
    pushPoint(m, xfA, ux, uy, sepU - radius, makeFeatureId(i12, i21));
  } else {
    setNormal(m, xfA, -nx, -ny);
    pushPoint(m, xfA, ux, uy, sepU - radius, makeFeatureId(i21, i12));
    pushPoint(m, xfA, lx, ly, sepL - radius, makeFeatureId(i22, i11));
  }
}

/**
 * Rounded polygons, both in A's frame. SAT on both polygons finds the reference face.
 * Overlapping (or nearly touching): clip the incident edge. Separated: the closest
 * features of the reference and incident edges decide between a vertex–vertex point
 * (with the true normal between the vertices) and clipping.
 */
function polygonsLocal(polyA: Polygon, polyB: Polygon, xfA: Transform, m: Manifold): void {
  const sepA = findMaxSeparation(polyA, polyB);
  const edgeA = maxSepEdge;
  const sepB = findMaxSeparation(polyB, polyA);
  const edgeB = maxSepEdge;
  separations.sepA = sepA;
  separations.sepB = sepB;
  polygonsFromSeparation(polyA, polyB, edgeA, edgeB, xfA, m);
}

/**
 * The rest of `polygonsLocal` once the separating axes are known: `sepA`/`edgeA` of A's
 * edges against B's vertices and `sepB`/`edgeB` the other way round.
 */
/**
 * The two separations handed from the axis search to polygonsFromSeparation. Doubles passed
 * as arguments to a call V8 does not inline are boxed (a heap number each, every contact,
 * every step); doubles stored in an object's double fields are not.
 */
class Separations {
  sepA = 0.5;
  sepB = 0.5;
}
const separations = new Separations();

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
    edgeB = findIncidentEdge(polyB, polyA.nx[edgeA] as number, polyA.ny[edgeA] as number);
  } else {
    edgeA = findIncidentEdge(polyA, polyB.nx[edgeB] as number, polyB.ny[edgeB] as number);
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
        setNormal(m, xfA, nx, ny);
        pushPoint(
          m,
          xfA,
          0.5 * (ax + bx + (rA - rB) * nx),
          0.5 * (ay + by + (rA - rB) * ny),
          dist - radius,
          makeFeatureId(ia, ib),
        );
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

// Chain parameters in A's frame, filled by `chainParams`.
let chE1x = 0;
let chE1y = 0;
let chN0x = 0;
let chN0y = 0;
let chN2x = 0;
let chN2y = 0;
let chConvex1 = false;
let chConvex2 = false;
// Below this sine the turn at a chain vertex is treated as flat/concave, so collinear
// segments never produce an internal-vertex normal.
const CONVEX_TOLERANCE = 0.01;
const SIN_TOLERANCE = 0.01;

function chainParams(seg: ChainSegment): void {
  let ex = seg.p2x - seg.p1x;
  let ey = seg.p2y - seg.p1y;
  let len = Math.sqrt(ex * ex + ey * ey);
  chE1x = len > 0 ? ex / len : 1;
  chE1y = len > 0 ? ey / len : 0;

  ex = seg.p1x - seg.g1x;
  ey = seg.p1y - seg.g1y;
  len = Math.sqrt(ex * ex + ey * ey);
  const e0x = len > 0 ? ex / len : chE1x;
  const e0y = len > 0 ? ey / len : chE1y;
  chN0x = e0y;
  chN0y = -e0x;
  chConvex1 = e0x * chE1y - e0y * chE1x >= CONVEX_TOLERANCE;

  ex = seg.g2x - seg.p2x;
  ey = seg.g2y - seg.p2y;
  len = Math.sqrt(ex * ex + ey * ey);
  const e2x = len > 0 ? ex / len : chE1x;
  const e2y = len > 0 ? ey / len : chE1y;
  chN2x = e2y;
  chN2y = -e2x;
  chConvex2 = chE1x * e2y - chE1y * e2x >= CONVEX_TOLERANCE;
}

function classifyNormal(nx: number, ny: number): number {
  if (nx * chE1x + ny * chE1y <= 0) {
    // Towards the tail vertex p1.
    if (!chConvex1) return NORMAL_SNAP;
    return nx * chN0y - ny * chN0x > SIN_TOLERANCE ? NORMAL_SKIP : NORMAL_ADMIT;
  }
  // Towards the head vertex p2.
  if (!chConvex2) return NORMAL_SNAP;
  return chN2x * ny - chN2y * nx > SIN_TOLERANCE ? NORMAL_SKIP : NORMAL_ADMIT;
}

/**
 * Clips segment b1–b2 (incident) against the slab of a1–a2 (reference, normal n) and
 * reports two points with the output normal (onx, ony). All in A's frame.
 */
function clipSegments(
  a1x: number,
  a1y: number,
  a2x: number,
  a2y: number,
  b1x: number,
  b1y: number,
  b2x: number,
  b2y: number,
  nx: number,
  ny: number,
  ra: number,
  rb: number,
  id1: number,
  id2: number,
  onx: number,
  ony: number,
  xfA: Transform,
  m: Manifold,
): void {
  const tx = -ny;
  const ty = nx;
  const upper1 = (a2x - a1x) * tx + (a2y - a1y) * ty;
  const upper2 = (b1x - a1x) * tx + (b1y - a1y) * ty;
  const lower2 = (b2x - a1x) * tx + (b2y - a1y) * ty;
  if (upper2 < 0 || upper1 < lower2) return;
  const span = upper2 - lower2;
  let lx = b2x;
  let ly = b2y;
  let ux = b1x;
  let uy = b1y;
  if (span > EPSILON) {
    if (lower2 < 0) {
      const t = -lower2 / span;
      lx = b2x + t * (b1x - b2x);
      ly = b2y + t * (b1y - b2y);
    }
    if (upper2 > upper1) {
      const t = (upper1 - lower2) / span;
      ux = b2x + t * (b1x - b2x);
      uy = b2y + t * (b1y - b2y);
    }
  }
  const sepL = (lx - a1x) * nx + (ly - a1y) * ny;
  const sepU = (ux - a1x) * nx + (uy - a1y) * ny;
  const hL = 0.5 * (ra - rb - sepL);
  const hU = 0.5 * (ra - rb - sepU);
  const radius = ra + rb;
  setNormal(m, xfA, onx, ony);
  pushPoint(m, xfA, lx + hL * nx, ly + hL * ny, sepL - radius, id1);
  pushPoint(m, xfA, ux + hU * nx, uy + hU * ny, sepU - radius, id2);
}

/** Chain segment against polygon `poly` already expressed in A's frame. */
function chainPolygonLocal(seg: ChainSegment, poly: Polygon, xfA: Transform, m: Manifold): void {
  chainParams(seg);
  const p1x = seg.p1x;
  const p1y = seg.p1y;
  const p2x = seg.p2x;
  const p2y = seg.p2y;
  const n1x = chE1y;
  const n1y = -chE1x;
  const cx = poly.centroidX;
  const cy = poly.centroidY;
  const radiusB = poly.radius;
  const count = poly.count;

  // One-sided: the polygon's centroid behind this segment and behind its convex
  // neighbours means we are looking at the chain from inside.
  const behind1 = n1x * (cx - p1x) + n1y * (cy - p1y) < 0;
  const behind0 = chConvex1 ? chN0x * (cx - p1x) + chN0y * (cy - p1y) < 0 : true;
  const behind2 = chConvex2 ? chN2x * (cx - p2x) + chN2y * (cy - p2y) < 0 : true;
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
  const n0x = chConvex1 ? chN0x : n1x;
  const n0y = chConvex1 ? chN0y : n1y;
  const n2x = chConvex2 ? chN2x : n1x;
  const n2y = chConvex2 ? chN2y : n1y;

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
      const type = classifyNormal(nx, ny);
      if (type === NORMAL_SKIP) return;
      if (type === NORMAL_ADMIT) {
        setNormal(m, xfA, nx, ny);
        pushPoint(
          m,
          xfA,
          0.5 * (ax + bx - radiusB * nx),
          0.5 * (ay + by - radiusB * ny),
          out.distance - radiusB,
          makeFeatureId(out.indexA[0] as number, out.indexB[0] as number),
        );
        return;
      }
      incidentIndex = out.indexB[0] as number;
    } else {
      const ia1 = out.indexA[0] as number;
      const ia2 = out.indexA[1] as number;
      let ib1 = out.indexB[0] as number;
      let ib2 = out.indexB[1] as number;
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
        const type = classifyNormal(-nBx, -nBy);
        if (type === NORMAL_SKIP) return;
        if (type === NORMAL_ADMIT) {
          ib1 = ib;
          ib2 = ib < count - 1 ? ib + 1 : 0;
          const b1x = poly.vx[ib1] as number;
          const b1y = poly.vy[ib1] as number;
          const b2x = poly.vx[ib2] as number;
          const b2y = poly.vy[ib2] as number;
          const d1 = nBx * (p1x - b1x) + nBy * (p1y - b1y);
          const d2 = nBx * (p2x - b1x) + nBy * (p2y - b1y);
          // If a neighbour segment is more incident to this face, it owns the contact.
          if (d1 < d2) {
            if (n0x * nBx + n0y * nBy < n1x * nBx + n1y * nBy) return;
          } else if (n2x * nBx + n2y * nBy < n1x * nBx + n1y * nBy) {
            return;
          }
          clipSegments(
            b1x,
            b1y,
            b2x,
            b2y,
            p1x,
            p1y,
            p2x,
            p2y,
            nBx,
            nBy,
            radiusB,
            0,
            makeFeatureId(ib1, 1),
            makeFeatureId(ib2, 0),
            -nBx,
            -nBy,
            xfA,
            m,
          );
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
    if (chConvex1) {
      let s0 = Number.POSITIVE_INFINITY;
      for (let i = 0; i < count; i++) {
        const s = chN0x * ((poly.vx[i] as number) - p1x) + chN0y * ((poly.vy[i] as number) - p1y);
        if (s < s0) s0 = s;
      }
      if (s0 > edgeSeparation) {
        edgeSeparation = s0;
        incidentIndex = -1; // the neighbour owns the separating axis
      }
    }
    if (chConvex2) {
      let s2 = Number.POSITIVE_INFINITY;
      for (let i = 0; i < count; i++) {
        const s = chN2x * ((poly.vx[i] as number) - p2x) + chN2y * ((poly.vy[i] as number) - p2y);
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
      if (classifyNormal(-nx, -ny) !== NORMAL_ADMIT) continue;
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
      const ia2 = ia1 < count - 1 ? ia1 + 1 : 0;
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
      clipSegments(
        a1x,
        a1y,
        poly.vx[ia2] as number,
        poly.vy[ia2] as number,
        p1x,
        p1y,
        p2x,
        p2y,
        nx,
        ny,
        radiusB,
        0,
        makeFeatureId(ia1, 1),
        makeFeatureId(ia2, 0),
        -nx,
        -ny,
        xfA,
        m,
      );
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
  clipSegments(
    p1x,
    p1y,
    p2x,
    p2y,
    poly.vx[ib1] as number,
    poly.vy[ib1] as number,
    poly.vx[ib2] as number,
    poly.vy[ib2] as number,
    n1x,
    n1y,
    0,
    radiusB,
    makeFeatureId(0, ib2),
    makeFeatureId(1, ib1),
    n1x,
    n1y,
    xfA,
    m,
  );
}

// ---------------------------------------------------------------------------------------
// Public collide functions

/** Circle A against circle B: one point, id 0. */
export function collideCircles(a: Circle, xfA: Transform, b: Circle, xfB: Transform, m: Manifold): void {
  m.pointCount = 0;
  relative(xfA, xfB);
  setPointPair(a.cx, a.cy, a.radius, relX(b.cx, b.cy), relY(b.cx, b.cy), b.radius, 1, 0);
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
  segmentCircleLocal(
    a.c1x,
    a.c1y,
    a.c2x,
    a.c2y,
    a.radius,
    relX(b.cx, b.cy),
    relY(b.cx, b.cy),
    b.radius,
    xfA,
    m,
  );
}

/**
 * Capsule A against capsule B. Two points when the segments are roughly parallel and
 * overlap along their length, else one point between the closest points.
 */
export function collideCapsules(a: Capsule, xfA: Transform, b: Capsule, xfB: Transform, m: Manifold): void {
  m.pointCount = 0;
  relative(xfA, xfB);
  capsulesLocal(
    a.c1x,
    a.c1y,
    a.c2x,
    a.c2y,
    a.radius,
    relX(b.c1x, b.c1y),
    relY(b.c1x, b.c1y),
    relX(b.c2x, b.c2y),
    relY(b.c2x, b.c2y),
    b.radius,
    xfA,
    m,
  );
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
  circleArgs.cx = relX(b.cx, b.cy);
  circleArgs.cy = relY(b.cx, b.cy);
  circleArgs.r = b.radius;
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
  makeCapsulePolygon(
    relX(b.c1x, b.c1y),
    relY(b.c1x, b.c1y),
    relX(b.c2x, b.c2y),
    relY(b.c2x, b.c2y),
    b.radius,
    localB,
  );
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

/** A quadrilateral record: vertices then normals, four of each coordinate. */
enum Q {
  VX = 0,
  VY = 4,
  NX = 8,
  NY = 12,
  SIZE = 16,
}

/** Two quadrilateral records for `collidePolygons`. */
const quadPair = new Float64Array(2 * Q.SIZE);
/** Polygon A of `quadsLocal`, for the clipping stage. */
const localA = new Polygon();

function writeQuad(p: Polygon, out: Float64Array, o: number): void {
  for (let i = 0; i < 4; i++) {
    out[o + Q.VX + i] = p.vx[i]!;
    out[o + Q.VY + i] = p.vy[i]!;
    out[o + Q.NX + i] = p.nx[i]!;
    out[o + Q.NY + i] = p.ny[i]!;
  }
}

/**
 * The narrow phase's copy of the quadrilaterals of shapes, one record per shape index, so a
 * box–box contact reads two compact records instead of the eight small arrays of two
 * polygons (scattered in the heap: cache misses). A record is valid while `quadOwner`
 * holds the shape's current geometry object: stored polygons are never mutated, a new
 * geometry is a new object.
 */
let quadCache = new Float64Array(64 * Q.SIZE);
let quadOwner: (Polygon | null)[] = new Array<Polygon | null>(64).fill(null);

function cacheQuad(shape: number, p: Polygon): void {
  if (shape >= quadOwner.length) {
    const cap = Math.max(shape + 1, 2 * quadOwner.length);
    const data = new Float64Array(cap * Q.SIZE);
    data.set(quadCache);
    quadCache = data;
    const owner = new Array<Polygon | null>(cap).fill(null);
    for (let i = 0; i < quadOwner.length; i++) owner[i] = quadOwner[i]!;
    quadOwner = owner;
  }
  writeQuad(p, quadCache, shape * Q.SIZE);
  quadOwner[shape] = p;
}

/**
 * `collidePolygons` for the polygons of shapes `shapeA` and `shapeB` (same results), reading
 * quadrilaterals through the narrow phase's per-shape cache.
 */
export function collidePolygonShapes(
  shapeA: number,
  a: Polygon,
  xfA: Transform,
  shapeB: number,
  b: Polygon,
  xfB: Transform,
  m: Manifold,
): void {
  if (a.count !== 4 || b.count !== 4) {
    collidePolygons(a, xfA, b, xfB, m);
    return;
  }
  m.pointCount = 0;
  if (quadOwner[shapeA] !== a) cacheQuad(shapeA, a);
  if (quadOwner[shapeB] !== b) cacheQuad(shapeB, b);
  const q = quadCache;
  quadsLocal(q, shapeA * Q.SIZE, a.radius, q, shapeB * Q.SIZE, b.radius, xfA, xfB, m);
}

/**
 * `collidePolygons` for two quadrilaterals (boxes, the common case), with the same
 * operations in the same order: B's vertices and normals are moved into A's frame as
 * `relative` + `toFrameA` do (into `localB`, without the centroid, which the polygon
 * kernels do not read) and both separating-axis searches run unrolled on locals. The
 * quadrilaterals are records `qa[oa...]`, `qb[ob...]` (see `Q`).
 */
function quadsLocal(
  qa: Float64Array,
  oa: number,
  rA: number,
  qb: Float64Array,
  ob: number,
  rB: number,
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

  const lb = localB;
  const lvx = lb.vx;
  const lvy = lb.vy;
  const lnx = lb.nx;
  const lny = lb.ny;
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
  lvx[0] = bx0;
  lvy[0] = by0;
  lnx[0] = bnx0;
  lny[0] = bny0;
  lvx[1] = bx1;
  lvy[1] = by1;
  lnx[1] = bnx1;
  lny[1] = bny1;
  lvx[2] = bx2;
  lvy[2] = by2;
  lnx[2] = bnx2;
  lny[2] = bny2;
  lvx[3] = bx3;
  lvy[3] = by3;
  lnx[3] = bnx3;
  lny[3] = bny3;
  lb.count = 4;
  lb.radius = rB;

  // A as it is, into the localA scratch for the clipping stage
  const la = localA;
  const avx = la.vx;
  const avy = la.vy;
  const anx = la.nx;
  const any = la.ny;
  const ax0 = qa[oa + Q.VX]!;
  const ay0 = qa[oa + Q.VY]!;
  const ax1 = qa[oa + Q.VX + 1]!;
  const ay1 = qa[oa + Q.VY + 1]!;
  const ax2 = qa[oa + Q.VX + 2]!;
  const ay2 = qa[oa + Q.VY + 2]!;
  const ax3 = qa[oa + Q.VX + 3]!;
  const ay3 = qa[oa + Q.VY + 3]!;
  avx[0] = ax0;
  avy[0] = ay0;
  avx[1] = ax1;
  avy[1] = ay1;
  avx[2] = ax2;
  avy[2] = ay2;
  avx[3] = ax3;
  avy[3] = ay3;
  for (let i = 0; i < 4; i++) {
    anx[i] = qa[oa + Q.NX + i]!;
    any[i] = qa[oa + Q.NY + i]!;
  }
  la.count = 4;
  la.radius = rA;

  // findMaxSeparation(a, localB)
  let sepA = Number.NEGATIVE_INFINITY;
  let edgeA = 0;
  let nx = anx[0]!;
  let ny = any[0]!;
  let si = min4(
    nx * (bx0 - ax0) + ny * (by0 - ay0),
    nx * (bx1 - ax0) + ny * (by1 - ay0),
    nx * (bx2 - ax0) + ny * (by2 - ay0),
    nx * (bx3 - ax0) + ny * (by3 - ay0),
  );
  if (si > sepA) {
    sepA = si;
    edgeA = 0;
  }
  nx = anx[1]!;
  ny = any[1]!;
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
  nx = anx[2]!;
  ny = any[2]!;
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
  nx = anx[3]!;
  ny = any[3]!;
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

  separations.sepA = sepA;
  separations.sepB = sepB;
  polygonsFromSeparation(la, lb, edgeA, edgeB, xfA, m);
}

/** Polygon A against polygon B (both possibly rounded): up to two points. */
export function collidePolygons(a: Polygon, xfA: Transform, b: Polygon, xfB: Transform, m: Manifold): void {
  m.pointCount = 0;
  if (a.count === 4 && b.count === 4) {
    const q = quadPair;
    writeQuad(a, q, 0);
    writeQuad(b, q, Q.SIZE);
    quadsLocal(q, 0, a.radius, q, Q.SIZE, b.radius, xfA, xfB, m);
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
  segmentCircleLocal(a.p1x, a.p1y, a.p2x, a.p2y, 0, relX(b.cx, b.cy), relY(b.cx, b.cy), b.radius, xfA, m);
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
  capsulesLocal(
    a.p1x,
    a.p1y,
    a.p2x,
    a.p2y,
    0,
    relX(b.c1x, b.c1y),
    relY(b.c1x, b.c1y),
    relX(b.c2x, b.c2y),
    relY(b.c2x, b.c2y),
    b.radius,
    xfA,
    m,
  );
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
  makeCapsulePolygon(a.p1x, a.p1y, a.p2x, a.p2y, 0, capA);
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
  const cx = relX(b.cx, b.cy);
  const cy = relY(b.cx, b.cy);
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
  let pax: number;
  let pay: number;
  if (v <= 0) {
    // Behind p1: the previous segment owns the centre if it lies in its region.
    if ((p1x - a.g1x) * (cx - p1x) + (p1y - a.g1y) * (cy - p1y) <= 0) return;
    pax = p1x;
    pay = p1y;
  } else if (u <= 0) {
    // Ahead of p2: likewise for the next segment.
    if ((a.g2x - p2x) * (cx - p2x) + (a.g2y - p2y) * (cy - p2y) > 0) return;
    pax = p2x;
    pay = p2y;
  } else {
    const ee = ex * ex + ey * ey;
    pax = (u * p1x + v * p2x) / ee;
    pay = (u * p1y + v * p2y) / ee;
  }
  const len = Math.sqrt(ex * ex + ey * ey);
  const fnx = len > 0 ? ey / len : 0;
  const fny = len > 0 ? -ex / len : 1;
  setPointPair(pax, pay, 0, cx, cy, b.radius, fnx, fny);
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
  makeCapsulePolygon(
    relX(b.c1x, b.c1y),
    relY(b.c1x, b.c1y),
    relX(b.c2x, b.c2y),
    relY(b.c2x, b.c2y),
    b.radius,
    localB,
  );
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
