/**
 * Distance queries used by the narrow phase (and later by shape casts and time of impact):
 * closest points of two segments, and GJK distance between two convex point sets with
 * radii.
 *
 * Design: no allocation. Callers own the result objects; the GJK simplex and the
 * transformed points of the second proxy live in module-level typed arrays. All work is
 * done in the frame of proxy A (relative transform computed first), so bodies far from
 * the world origin do not lose precision in the iteration.
 */

import { MAX_POLYGON_VERTICES } from '../base/constants.js';
import type { Capsule, ChainSegment, Circle, Geometry, Polygon, Segment } from '../geometry/geometry.js';
import type { Transform } from '../base/math.js';

/** Result of `segmentDistance`. */
export class SegmentDistanceResult {
  /** Closest point on segment 1. */
  closest1X = 0;
  closest1Y = 0;
  /** Closest point on segment 2. */
  closest2X = 0;
  closest2Y = 0;
  /** Fraction of segment 1 (0 at p1, 1 at q1). Exactly 0 or 1 when clamped to an end. */
  fraction1 = 0;
  /** Fraction of segment 2 (0 at p2, 1 at q2). Exactly 0 or 1 when clamped to an end. */
  fraction2 = 0;
  distanceSquared = 0;
}

// Squared length below which a segment is treated as a point (m^2). Segments of the
// engine are at least millimetres long; this only guards exact degeneracy.
const DEGENERATE_SQ = 1e-24;
// Segments whose squared sine of angle is below this are treated as parallel: the
// closed form then cancels catastrophically, and any point of the overlap is as good.
const PARALLEL_SIN_SQ = 1e-14;

/** Squared distance from point p to the segment a-b. */
export function pointSegmentDistanceSq(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const ex = bx - ax;
  const ey = by - ay;
  const rx = px - ax;
  const ry = py - ay;
  const ee = ex * ex + ey * ey;
  let f = ee > 0 ? (rx * ex + ry * ey) / ee : 0;
  if (f < 0) f = 0;
  else if (f > 1) f = 1;
  const qx = rx - f * ex;
  const qy = ry - f * ey;
  return qx * qx + qy * qy;
}

/**
 * Closest points between segment p1–q1 and segment p2–q2 (Ericson, Real-Time Collision
 * Detection 5.1.9). Robust for parallel segments (a valid closest pair from the overlap
 * is returned) and for segments of zero length (treated as points). Writes `out` and
 * returns it.
 */
export function segmentDistance(
  p1x: number,
  p1y: number,
  q1x: number,
  q1y: number,
  p2x: number,
  p2y: number,
  q2x: number,
  q2y: number,
  out: SegmentDistanceResult,
): SegmentDistanceResult {
  const pair = scratchPair;
  pair.p1x = p1x;
  pair.p1y = p1y;
  pair.q1x = q1x;
  pair.q1y = q1y;
  pair.p2x = p2x;
  pair.p2y = p2y;
  pair.q2x = q2x;
  pair.q2y = q2y;
  return segmentDistanceOf(pair, out);
}

/**
 * The two segments of a `segmentDistanceOf` query. Hot callers fill one of these instead
 * of passing eight doubles: V8 boxes each double argument of a call it does not inline.
 */
export class SegmentPair {
  p1x = 0.5;
  p1y = 0.5;
  q1x = 0.5;
  q1y = 0.5;
  p2x = 0.5;
  p2y = 0.5;
  q2x = 0.5;
  q2y = 0.5;
}

const scratchPair = new SegmentPair();

/** `segmentDistance` with its segments read from a `SegmentPair` (allocation-free). */
export function segmentDistanceOf(pair: SegmentPair, out: SegmentDistanceResult): SegmentDistanceResult {
  const p1x = pair.p1x;
  const p1y = pair.p1y;
  const q1x = pair.q1x;
  const q1y = pair.q1y;
  const p2x = pair.p2x;
  const p2y = pair.p2y;
  const q2x = pair.q2x;
  const q2y = pair.q2y;
  const d1x = q1x - p1x;
  const d1y = q1y - p1y;
  const d2x = q2x - p2x;
  const d2y = q2y - p2y;
  const rx = p1x - p2x;
  const ry = p1y - p2y;
  const dd1 = d1x * d1x + d1y * d1y;
  const dd2 = d2x * d2x + d2y * d2y;
  const rd1 = rx * d1x + ry * d1y;
  const rd2 = rx * d2x + ry * d2y;

  const d12 = d1x * d2x + d1y * d2y;
  const denom = dd1 * dd2 - d12 * d12;

  // The fractions of every case are computed, and the case picks among them, so that no
  // case (a point segment, parallel segments, a clamped end) has arithmetic of its own
  // that could run without type feedback and deoptimise the caller. Divisions by a zero
  // length only make values that are never picked. Each fraction is clamped to [0, 1]
  // (by hand: a helper returning a double would box it when not inlined).
  // Segment 1's closest point to p2 (f2 = 0) and to q2 (f2 = 1).
  const toStart2 = -rd1 / dd1;
  const f1ToStart2 = toStart2 < 0 ? 0 : toStart2 > 1 ? 1 : toStart2;
  const toEnd2 = (d12 - rd1) / dd1;
  const f1ToEnd2 = toEnd2 < 0 ? 0 : toEnd2 > 1 ? 1 : toEnd2;
  // Segment 2's closest point to p1, for a point segment 1.
  const toStart1 = rd2 / dd2;
  const f2ToStart1 = toStart1 < 0 ? 0 : toStart1 > 1 ? 1 : toStart1;
  // Both segments free; when parallel, start from p1 (f1 = 0) and let the clamping of
  // segment 2 pick a valid pair.
  const free1 = (d12 * rd2 - rd1 * dd2) / denom;
  const f1Free = denom > PARALLEL_SIN_SQ * dd1 * dd2 ? (free1 < 0 ? 0 : free1 > 1 ? 1 : free1) : 0;
  const f2Free = (d12 * f1Free + rd2) / dd2;

  const point1 = dd1 < DEGENERATE_SQ;
  const point2 = dd2 < DEGENERATE_SQ;
  let f1: number;
  let f2: number;
  if (point1) {
    f1 = 0;
    f2 = point2 ? 0 : f2ToStart1;
  } else if (point2) {
    f1 = f1ToStart2;
    f2 = 0;
  } else {
    // Clamping segment 2 moves the closest point, so segment 1 is solved again.
    f1 = f2Free < 0 ? f1ToStart2 : f2Free > 1 ? f1ToEnd2 : f1Free;
    f2 = f2Free < 0 ? 0 : f2Free > 1 ? 1 : f2Free;
  }

  const c1x = p1x + f1 * d1x;
  const c1y = p1y + f1 * d1y;
  const c2x = p2x + f2 * d2x;
  const c2y = p2y + f2 * d2y;
  const ex = c2x - c1x;
  const ey = c2y - c1y;
  out.closest1X = c1x;
  out.closest1Y = c1y;
  out.closest2X = c2x;
  out.closest2Y = c2y;
  out.fraction1 = f1;
  out.fraction2 = f2;
  out.distanceSquared = ex * ex + ey * ey;
  return out;
}

/**
 * A convex shape for GJK: up to MAX_POLYGON_VERTICES points in the shape's body frame,
 * inflated by `radius`. A circle is one point, a capsule or segment two points.
 */
export class DistanceProxy {
  readonly px = new Float64Array(MAX_POLYGON_VERTICES);
  readonly py = new Float64Array(MAX_POLYGON_VERTICES);
  count = 0;
  radius = 0;
}

/** Fills `out` from raw point arrays (the first `count` entries). */
export function makeProxyFromPoints(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  count: number,
  radius: number,
  out: DistanceProxy,
): DistanceProxy {
  const n = Math.min(count, MAX_POLYGON_VERTICES);
  for (let i = 0; i < n; i++) {
    out.px[i] = xs[i] ?? 0;
    out.py[i] = ys[i] ?? 0;
  }
  out.count = n;
  out.radius = radius;
  return out;
}

/** Proxy of a circle: its center with its radius. */
export function makeProxyFromCircle(c: Circle, out: DistanceProxy): DistanceProxy {
  out.px[0] = c.cx;
  out.py[0] = c.cy;
  out.count = 1;
  out.radius = c.radius;
  return out;
}

/** Proxy of a capsule: its two centers with its radius. */
export function makeProxyFromCapsule(c: Capsule, out: DistanceProxy): DistanceProxy {
  return setTwo(c.c1x, c.c1y, c.c2x, c.c2y, c.radius, out);
}

/** Proxy of a segment: its two end points, radius 0. */
export function makeProxyFromSegment(s: Segment, out: DistanceProxy): DistanceProxy {
  return setTwo(s.p1x, s.p1y, s.p2x, s.p2y, 0, out);
}

/** Proxy of a chain segment: its two real end points (ghosts ignored), radius 0. */
export function makeProxyFromChainSegment(s: ChainSegment, out: DistanceProxy): DistanceProxy {
  return setTwo(s.p1x, s.p1y, s.p2x, s.p2y, 0, out);
}

/** Proxy of a polygon: its vertices with its rounding radius. */
export function makeProxyFromPolygon(p: Polygon, out: DistanceProxy): DistanceProxy {
  return makeProxyFromPoints(p.vx, p.vy, p.count, p.radius, out);
}

/** Proxy of any geometry (dispatch on its class). */
export function makeProxy(g: Geometry, out: DistanceProxy): DistanceProxy {
  if ('vx' in g) return makeProxyFromPolygon(g, out);
  if ('g1x' in g) return makeProxyFromChainSegment(g, out);
  if ('cx' in g) return makeProxyFromCircle(g, out);
  if ('c1x' in g) return makeProxyFromCapsule(g, out);
  return makeProxyFromSegment(g, out);
}

function setTwo(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  r: number,
  out: DistanceProxy,
): DistanceProxy {
  out.px[0] = ax;
  out.py[0] = ay;
  out.px[1] = bx;
  out.py[1] = by;
  out.count = 2;
  out.radius = r;
  return out;
}

/**
 * Indices of the final GJK simplex, which can warm start the next query on the same
 * pair (shapes moved a little) and tells the caller which features are closest.
 */
export class SimplexCache {
  /** 0 (empty, cold start), 1, 2 or 3. */
  count = 0;
  readonly indexA = new Int32Array(3);
  readonly indexB = new Int32Array(3);
}

/** Result of `shapeDistance`. Points and normal are in the world frame. */
export class DistanceOutput {
  /** Closest point on A (on its rounded surface when radii are used). */
  pointAX = 0;
  pointAY = 0;
  /** Closest point on B (on its rounded surface when radii are used). */
  pointBX = 0;
  pointBY = 0;
  /** Unit vector from A to B; (0, 0) when the shapes' cores overlap. */
  normalX = 0;
  normalY = 0;
  /** Distance between the shapes (0 when overlapping; radii subtracted when used). */
  distance = 0;
  /** Number of support points added by GJK. */
  iterations = 0;
  /** Size of the final simplex and its vertex indices on A and B. */
  simplexCount = 0;
  readonly indexA = new Int32Array(3);
  readonly indexB = new Int32Array(3);
}

const GJK_MAX_ITERATIONS = 30;
// Squared distance (m^2) under which the origin is taken to lie on the simplex.
const GJK_TOUCH_SQ = 1e-24;
// Progress (m) under which a new support point is treated as no improvement. Stops
// round-off cycling between equivalent vertices.
const GJK_PROGRESS_TOL = 1e-13;

// Simplex of up to 3 vertices: support points on A (wA), on B (wB), their difference
// w = wB - wA, the barycentric weight a, and the indices that produced them.
const sAx = new Float64Array(3);
const sAy = new Float64Array(3);
const sBx = new Float64Array(3);
const sBy = new Float64Array(3);
const sWx = new Float64Array(3);
const sWy = new Float64Array(3);
const sA = new Float64Array(3);
const sIA = new Int32Array(3);
const sIB = new Int32Array(3);
const savedIA = new Int32Array(3);
const savedIB = new Int32Array(3);
// Points of proxy B expressed in A's frame.
const lbx = new Float64Array(MAX_POLYGON_VERTICES);
const lby = new Float64Array(MAX_POLYGON_VERTICES);

function setVertex(k: number, proxyA: DistanceProxy, ia: number, ib: number): void {
  const ax = proxyA.px[ia] ?? 0;
  const ay = proxyA.py[ia] ?? 0;
  const bx = lbx[ib] ?? 0;
  const by = lby[ib] ?? 0;
  sIA[k] = ia;
  sIB[k] = ib;
  sAx[k] = ax;
  sAy[k] = ay;
  sBx[k] = bx;
  sBy[k] = by;
  sWx[k] = bx - ax;
  sWy[k] = by - ay;
  sA[k] = 1;
}

function copyVertex(to: number, from: number): void {
  sIA[to] = sIA[from] as number;
  sIB[to] = sIB[from] as number;
  sAx[to] = sAx[from] as number;
  sAy[to] = sAy[from] as number;
  sBx[to] = sBx[from] as number;
  sBy[to] = sBy[from] as number;
  sWx[to] = sWx[from] as number;
  sWy[to] = sWy[from] as number;
  sA[to] = sA[from] as number;
}

// Closest point of segment w0–w1 to the origin; returns the new simplex size.
function solve2(): number {
  const w0x = sWx[0] as number;
  const w0y = sWy[0] as number;
  const w1x = sWx[1] as number;
  const w1y = sWy[1] as number;
  const ex = w1x - w0x;
  const ey = w1y - w0y;
  // Weights of w0 and w1 before normalisation (each is the projection on the far side).
  const a1 = -(w0x * ex + w0y * ey);
  if (a1 <= 0) {
    sA[0] = 1;
    return 1;
  }
  const a0 = w1x * ex + w1y * ey;
  if (a0 <= 0) {
    copyVertex(0, 1);
    sA[0] = 1;
    return 1;
  }
  const inv = 1 / (a0 + a1);
  sA[0] = a0 * inv;
  sA[1] = a1 * inv;
  return 2;
}

// Closest point of triangle w0–w1–w2 to the origin by Voronoi regions; returns the new
// simplex size (3 means the origin is inside: the cores overlap).
function solve3(): number {
  const w0x = sWx[0] as number;
  const w0y = sWy[0] as number;
  const w1x = sWx[1] as number;
  const w1y = sWy[1] as number;
  const w2x = sWx[2] as number;
  const w2y = sWy[2] as number;

  const e01x = w1x - w0x;
  const e01y = w1y - w0y;
  const d01_0 = w1x * e01x + w1y * e01y;
  const d01_1 = -(w0x * e01x + w0y * e01y);

  const e02x = w2x - w0x;
  const e02y = w2y - w0y;
  const d02_0 = w2x * e02x + w2y * e02y;
  const d02_2 = -(w0x * e02x + w0y * e02y);

  const e12x = w2x - w1x;
  const e12y = w2y - w1y;
  const d12_1 = w2x * e12x + w2y * e12y;
  const d12_2 = -(w1x * e12x + w1y * e12y);

  const n = e01x * e02y - e01y * e02x;
  const t0 = n * (w1x * w2y - w1y * w2x);
  const t1 = n * (w2x * w0y - w2y * w0x);
  const t2 = n * (w0x * w1y - w0y * w1x);

  if (d01_1 <= 0 && d02_2 <= 0) {
    sA[0] = 1;
    return 1;
  }
  if (d01_0 > 0 && d01_1 > 0 && t2 <= 0) {
    const inv = 1 / (d01_0 + d01_1);
    sA[0] = d01_0 * inv;
    sA[1] = d01_1 * inv;
    return 2;
  }
  if (d02_0 > 0 && d02_2 > 0 && t1 <= 0) {
    const inv = 1 / (d02_0 + d02_2);
    const a2 = d02_2 * inv;
    sA[0] = d02_0 * inv;
    copyVertex(1, 2);
    sA[1] = a2;
    return 2;
  }
  if (d01_0 <= 0 && d12_2 <= 0) {
    copyVertex(0, 1);
    sA[0] = 1;
    return 1;
  }
  if (d02_0 <= 0 && d12_1 <= 0) {
    copyVertex(0, 2);
    sA[0] = 1;
    return 1;
  }
  if (d12_1 > 0 && d12_2 > 0 && t0 <= 0) {
    const inv = 1 / (d12_1 + d12_2);
    const a1 = d12_1 * inv;
    copyVertex(0, 2);
    sA[0] = d12_2 * inv;
    sA[1] = a1;
    return 2;
  }
  const inv = 1 / (t0 + t1 + t2);
  sA[0] = t0 * inv;
  sA[1] = t1 * inv;
  sA[2] = t2 * inv;
  return 3;
}

/**
 * The GJK search direction d, handed to the support functions through fields: V8 boxes
 * each double argument of a call it does not inline.
 */
class SearchDirection {
  x = 0.5;
  y = 0.5;
}
const searchDirection = new SearchDirection();

/** Index of the point of proxy A farthest along -d (`searchDirection`). */
function supportA(p: DistanceProxy): number {
  const dx = -searchDirection.x;
  const dy = -searchDirection.y;
  let best = 0;
  let bestDot = (p.px[0] as number) * dx + (p.py[0] as number) * dy;
  for (let i = 1; i < p.count; i++) {
    const d = (p.px[i] as number) * dx + (p.py[i] as number) * dy;
    if (d > bestDot) {
      bestDot = d;
      best = i;
    }
  }
  return best;
}

/** Index of the point of proxy B (in A's frame, `lbx/lby`) farthest along d (`searchDirection`). */
function supportB(count: number): number {
  const dx = searchDirection.x;
  const dy = searchDirection.y;
  let best = 0;
  let bestDot = (lbx[0] as number) * dx + (lby[0] as number) * dy;
  for (let i = 1; i < count; i++) {
    const d = (lbx[i] as number) * dx + (lby[i] as number) * dy;
    if (d > bestDot) {
      bestDot = d;
      best = i;
    }
  }
  return best;
}

/**
 * GJK distance between two convex proxies placed by `xfA` and `xfB`. With `useRadii`
 * the radii are subtracted and the points moved onto the rounded surfaces; otherwise the
 * distance is between the cores. When the cores overlap the distance is 0 and the
 * normal (0, 0). A `cache` (optional) warm starts from the previous simplex and receives
 * the final one. Allocation free.
 */
export function shapeDistance(
  proxyA: DistanceProxy,
  xfA: Transform,
  proxyB: DistanceProxy,
  xfB: Transform,
  useRadii: boolean,
  out: DistanceOutput,
  cache: SimplexCache | null = null,
): DistanceOutput {
  // Relative transform first: B in A's frame, small numbers only.
  const ac = xfA.c;
  const as = xfA.s;
  const dx0 = xfB.px - xfA.px;
  const dy0 = xfB.py - xfA.py;
  const rc = ac * xfB.c + as * xfB.s;
  const rs = ac * xfB.s - as * xfB.c;
  const tx = ac * dx0 + as * dy0;
  const ty = -as * dx0 + ac * dy0;
  const countB = proxyB.count;
  for (let i = 0; i < countB; i++) {
    const x = proxyB.px[i] as number;
    const y = proxyB.py[i] as number;
    lbx[i] = rc * x - rs * y + tx;
    lby[i] = rs * x + rc * y + ty;
  }

  let n = 1;
  if (cache !== null && cache.count > 0) {
    n = cache.count;
    for (let k = 0; k < n; k++) {
      const ia = cache.indexA[k] as number;
      const ib = cache.indexB[k] as number;
      setVertex(k, proxyA, ia < proxyA.count ? ia : 0, ib < countB ? ib : 0);
    }
    if (n > 1) {
      const inv = 1 / n;
      for (let k = 0; k < n; k++) sA[k] = inv;
    }
  } else {
    setVertex(0, proxyA, 0, 0);
  }

  let iterations = 0;
  for (let iter = 0; iter < GJK_MAX_ITERATIONS; iter++) {
    const savedCount = n;
    for (let k = 0; k < n; k++) {
      savedIA[k] = sIA[k] as number;
      savedIB[k] = sIB[k] as number;
    }

    if (n === 2) n = solve2();
    else if (n === 3) n = solve3();
    if (n === 3) break;

    // Closest point of the simplex to the origin.
    let cx: number;
    let cy: number;
    let dx: number;
    let dy: number;
    if (n === 1) {
      cx = sWx[0] as number;
      cy = sWy[0] as number;
      dx = -cx;
      dy = -cy;
    } else {
      const a0 = sA[0] as number;
      const a1 = sA[1] as number;
      cx = a0 * (sWx[0] as number) + a1 * (sWx[1] as number);
      cy = a0 * (sWy[0] as number) + a1 * (sWy[1] as number);
      // The perpendicular of the edge towards the origin is more accurate than -c.
      const ex = (sWx[1] as number) - (sWx[0] as number);
      const ey = (sWy[1] as number) - (sWy[0] as number);
      const sgn = ex * -(sWy[0] as number) - ey * -(sWx[0] as number);
      // Left or right perpendicular, or -c when the origin is on the edge's line. All
      // three are formed and one picked, so the rare ones have no negation of their own
      // that could run without type feedback.
      const minusEx = -ex;
      const minusEy = -ey;
      const minusCx = -cx;
      const minusCy = -cy;
      dx = sgn > 0 ? minusEy : sgn < 0 ? ey : minusCx;
      dy = sgn > 0 ? ex : sgn < 0 ? minusEx : minusCy;
    }
    if (cx * cx + cy * cy < GJK_TOUCH_SQ) break;
    const dd = dx * dx + dy * dy;
    if (dd < GJK_TOUCH_SQ) break;

    // Support of the Minkowski difference B - A in direction d.
    searchDirection.x = dx;
    searchDirection.y = dy;
    const ia = supportA(proxyA);
    const ib = supportB(countB);
    const wx = (lbx[ib] as number) - (proxyA.px[ia] as number);
    const wy = (lby[ib] as number) - (proxyA.py[ia] as number);
    if ((wx - cx) * dx + (wy - cy) * dy <= GJK_PROGRESS_TOL * Math.sqrt(dd)) break;

    // A repeated support point means no progress (also guards against cycling).
    let duplicate = false;
    for (let k = 0; k < savedCount; k++) {
      if (savedIA[k] === ia && savedIB[k] === ib) {
        duplicate = true;
        break;
      }
    }
    if (duplicate) break;

    iterations++;
    setVertex(n, proxyA, ia, ib);
    n++;
  }

  // Witness points in A's frame.
  let pax = 0;
  let pay = 0;
  let pbx = 0;
  let pby = 0;
  for (let k = 0; k < n; k++) {
    const a = sA[k] as number;
    pax += a * (sAx[k] as number);
    pay += a * (sAy[k] as number);
    pbx += a * (sBx[k] as number);
    pby += a * (sBy[k] as number);
  }
  if (n === 3) {
    pbx = pax;
    pby = pay;
  }
  let ex = pbx - pax;
  let ey = pby - pay;
  let dist = Math.sqrt(ex * ex + ey * ey);
  let nx = 0;
  let ny = 0;
  if (dist > 0) {
    nx = ex / dist;
    ny = ey / dist;
  }
  if (useRadii) {
    const rA = proxyA.radius;
    const rB = proxyB.radius;
    if (dist > rA + rB && dist > 0) {
      dist -= rA + rB;
      pax += rA * nx;
      pay += rA * ny;
      pbx -= rB * nx;
      pby -= rB * ny;
    } else {
      // Rounded shapes overlap: report the midpoint of the cores' closest points.
      const mx = 0.5 * (pax + pbx);
      const my = 0.5 * (pay + pby);
      pax = mx;
      pay = my;
      pbx = mx;
      pby = my;
      dist = 0;
    }
  }
  ex = nx;
  ey = ny;

  out.pointAX = xfA.px + ac * pax - as * pay;
  out.pointAY = xfA.py + as * pax + ac * pay;
  out.pointBX = xfA.px + ac * pbx - as * pby;
  out.pointBY = xfA.py + as * pbx + ac * pby;
  out.normalX = ac * ex - as * ey;
  out.normalY = as * ex + ac * ey;
  out.distance = dist;
  out.iterations = iterations;
  out.simplexCount = n;
  for (let k = 0; k < n; k++) {
    out.indexA[k] = sIA[k] as number;
    out.indexB[k] = sIB[k] as number;
  }
  if (cache !== null) {
    cache.count = n;
    for (let k = 0; k < n; k++) {
      cache.indexA[k] = sIA[k] as number;
      cache.indexB[k] = sIB[k] as number;
    }
  }
  return out;
}
