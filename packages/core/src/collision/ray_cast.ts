/**
 * Exact ray casts against one shape, in the shape's local (body) frame.
 *
 * A ray is the segment origin + t * translation, t in [0, maxFraction]. Each function
 * returns true on a hit and then writes the entry fraction, the point on the surface and
 * the outward unit surface normal at that point into `out`; on a miss `out` is left as it
 * was. No allocation.
 *
 * Conventions (shared by every solid shape: circle, capsule, polygon rounded or not):
 * - A ray whose origin is strictly inside the solid reports no hit (as in Box2D v3): a
 *   ray only ever reports where it enters a shape, never where it leaves one.
 * - The surface counts as outside: a ray starting on the surface and heading into the
 *   solid hits at fraction 0; one heading away or along the surface does not.
 * - A segment is two-sided: it is hit from either side (the normal faces the origin's
 *   side). A ray along the segment's line reports no hit.
 * - A chain segment is one-sided: it is hit only from its collision side, the right of
 *   p1 -> p2 (see ChainSegment). A ray from the other side passes through.
 */

import { pointSegmentDistanceSq } from './distance.js';
import type { Capsule, ChainSegment, Circle, Geometry, Polygon, Segment } from '../geometry/geometry.js';
import { ShapeType } from '../geometry/geometry.js';

/** Result of a local ray cast (valid only when the cast returned true). */
export class RayCastOutput {
  /** Fraction of the translation at which the ray enters the shape. */
  fraction = 0;
  /** Entry point on the shape's surface. */
  pointX = 0;
  pointY = 0;
  /** Outward unit surface normal at the entry point. */
  normalX = 0;
  normalY = 0;
}

const scratch = new RayCastOutput();

/** What a ray cast and a shape cast find: a fraction, a point and a normal. */
export type HitFields = Pick<RayCastOutput, 'fraction' | 'pointX' | 'pointY' | 'normalX' | 'normalY'>;

/** Copies a hit (RayCastOutput, ShapeCastOutput) from `from` to `to`. */
export function copyHit(from: HitFields, to: HitFields): void {
  to.fraction = from.fraction;
  to.pointX = from.pointX;
  to.pointY = from.pointY;
  to.normalX = from.normalX;
  to.normalY = from.normalY;
}

const capsuleVx = new Float64Array(2);
const capsuleVy = new Float64Array(2);
const capsuleNx = new Float64Array(2);
const capsuleNy = new Float64Array(2);

/**
 * Ray against the disk of `radius` centred at (cx, cy). The closest approach is computed
 * from the closest point on the ray's line (not from |s|^2 - t^2), which keeps the
 * precision for rays that start far away.
 */
export function rayCastDisk(
  cx: number,
  cy: number,
  radius: number,
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  maxFraction: number,
  out: RayCastOutput,
): boolean {
  const length = Math.sqrt(dx * dx + dy * dy);
  if (!(length > 0)) return false;
  const sx = ox - cx;
  const sy = oy - cy;
  const rr = radius * radius;
  // Strictly inside: no hit.
  if (sx * sx + sy * sy < rr) return false;
  const ux = dx / length;
  const uy = dy / length;
  // Distance along the ray to the point of closest approach; behind the origin: miss.
  const tc = -(sx * ux + sy * uy);
  if (tc < 0) return false;
  const qx = sx + tc * ux;
  const qy = sy + tc * uy;
  const qq = qx * qx + qy * qy;
  if (qq > rr) return false;
  // The origin is outside and the center ahead, so tc >= h in exact arithmetic.
  const h = Math.sqrt(rr - qq);
  const distance = tc > h ? tc - h : 0;
  const fraction = distance / length;
  if (fraction > maxFraction) return false;
  const hx = sx + distance * ux;
  const hy = sy + distance * uy;
  const hl = Math.sqrt(hx * hx + hy * hy);
  const nx = hl > 0 ? hx / hl : -ux;
  const ny = hl > 0 ? hy / hl : -uy;
  out.fraction = fraction;
  out.normalX = nx;
  out.normalY = ny;
  out.pointX = cx + radius * nx;
  out.pointY = cy + radius * ny;
  return true;
}

/**
 * Ray against the face a-b with outward unit normal n, from the front only: returns the
 * fraction where the ray crosses it entering (moving against n), or -1.
 */
function rayCastFace(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  nx: number,
  ny: number,
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  maxFraction: number,
): number {
  const den = nx * dx + ny * dy;
  if (!(den < 0)) return -1;
  const num = nx * (ax - ox) + ny * (ay - oy);
  if (num > 0) return -1; // origin behind the face
  const t = num / den + 0; // + 0 turns -0 into 0
  if (t > maxFraction) return -1;
  const ex = bx - ax;
  const ey = by - ay;
  const s = (ox + t * dx - ax) * ex + (oy + t * dy - ay) * ey;
  if (s < 0 || s > ex * ex + ey * ey) return -1;
  return t;
}

/**
 * Ray against a convex hull of `count` points (2 for a capsule, 3+ for a polygon) swept by
 * a disk of `radius` > 0. The solid is the union of the offset edges' slabs and the vertex
 * disks, all inside it, so its entry point is the earliest entry over the offset edges
 * (crossed from the front) and the vertex disks. `nx/ny[i]` is the outward normal of the
 * edge i -> i + 1; a 2-point hull has both edges (v0 -> v1 and v1 -> v0).
 */
function rayCastRoundedHull(
  vx: ArrayLike<number>,
  vy: ArrayLike<number>,
  nx: ArrayLike<number>,
  ny: ArrayLike<number>,
  count: number,
  radius: number,
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  maxFraction: number,
  out: RayCastOutput,
): boolean {
  const rr = radius * radius;
  // Is the origin strictly inside? Compare its distance to the core hull with the radius.
  let inside: boolean;
  if (count === 2) {
    inside = pointSegmentDistanceSq(ox, oy, vx[0]!, vy[0]!, vx[1]!, vy[1]!) < rr;
  } else {
    let separation = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < count; i++) {
      const s = nx[i]! * (ox - vx[i]!) + ny[i]! * (oy - vy[i]!);
      if (s > separation) separation = s;
    }
    if (separation <= 0) {
      inside = true;
    } else {
      let best = Number.POSITIVE_INFINITY;
      for (let i = 0; i < count; i++) {
        const j = i + 1 < count ? i + 1 : 0;
        const d = pointSegmentDistanceSq(ox, oy, vx[i]!, vy[i]!, vx[j]!, vy[j]!);
        if (d < best) best = d;
      }
      inside = best < rr;
    }
  }
  if (inside) return false;

  let found = false;
  let best = maxFraction;
  for (let i = 0; i < count; i++) {
    const j = i + 1 < count ? i + 1 : 0;
    const enx = nx[i]!;
    const eny = ny[i]!;
    const t = rayCastFace(
      vx[i]! + radius * enx,
      vy[i]! + radius * eny,
      vx[j]! + radius * enx,
      vy[j]! + radius * eny,
      enx,
      eny,
      ox,
      oy,
      dx,
      dy,
      best,
    );
    if (t >= 0 && (!found || t < best)) {
      found = true;
      best = t;
      out.fraction = t;
      out.normalX = enx;
      out.normalY = eny;
      out.pointX = ox + t * dx;
      out.pointY = oy + t * dy;
    }
  }
  for (let i = 0; i < count; i++) {
    if (!rayCastDisk(vx[i]!, vy[i]!, radius, ox, oy, dx, dy, best, scratch)) continue;
    if (found && !(scratch.fraction < best)) continue;
    found = true;
    best = scratch.fraction;
    copyHit(scratch, out);
  }
  return found;
}

/** Ray against a solid circle. */
export function rayCastCircle(
  g: Circle,
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  maxFraction: number,
  out: RayCastOutput,
): boolean {
  return rayCastDisk(g.cx, g.cy, g.radius, ox, oy, dx, dy, maxFraction, out);
}

/** Ray against a solid capsule. */
export function rayCastCapsule(
  g: Capsule,
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  maxFraction: number,
  out: RayCastOutput,
): boolean {
  const ex = g.c2x - g.c1x;
  const ey = g.c2y - g.c1y;
  const length = Math.sqrt(ex * ex + ey * ey);
  if (!(length > 0)) return rayCastDisk(g.c1x, g.c1y, g.radius, ox, oy, dx, dy, maxFraction, out);
  capsuleVx[0] = g.c1x;
  capsuleVy[0] = g.c1y;
  capsuleVx[1] = g.c2x;
  capsuleVy[1] = g.c2y;
  capsuleNx[0] = ey / length;
  capsuleNy[0] = -ex / length;
  capsuleNx[1] = -ey / length;
  capsuleNy[1] = ex / length;
  return rayCastRoundedHull(
    capsuleVx,
    capsuleVy,
    capsuleNx,
    capsuleNy,
    2,
    g.radius,
    ox,
    oy,
    dx,
    dy,
    maxFraction,
    out,
  );
}

/**
 * Ray against a solid convex polygon. Sharp polygons clip the ray against the edge half
 * planes (the entry is the latest entering plane); rounded ones go through the exact
 * rounded-hull cast (offset edges and vertex arcs).
 */
export function rayCastPolygon(
  g: Polygon,
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  maxFraction: number,
  out: RayCastOutput,
): boolean {
  if (g.radius > 0) {
    return rayCastRoundedHull(g.vx, g.vy, g.nx, g.ny, g.count, g.radius, ox, oy, dx, dy, maxFraction, out);
  }
  let lower = Number.NEGATIVE_INFINITY;
  let upper = Number.POSITIVE_INFINITY;
  let index = -1;
  for (let i = 0; i < g.count; i++) {
    const nx = g.nx[i]!;
    const ny = g.ny[i]!;
    // The ray point p(t) is inside plane i when dot(n, p(t) - v) <= 0, i.e.
    // t * den <= num with num = dot(n, v - o), den = dot(n, d).
    const num = nx * (g.vx[i]! - ox) + ny * (g.vy[i]! - oy);
    const den = nx * dx + ny * dy;
    if (den === 0) {
      if (num < 0) return false; // parallel and outside this plane
      continue;
    }
    const t = num / den;
    if (den < 0) {
      if (t > lower) {
        lower = t;
        index = i;
      }
    } else if (t < upper) {
      upper = t;
    }
  }
  // lower < 0: the origin is strictly inside every entering plane, so either inside the
  // polygon or past it. No hit either way.
  if (index < 0 || lower < 0 || lower > upper || lower > maxFraction) return false;
  out.fraction = lower + 0; // + 0 turns -0 into 0
  out.normalX = g.nx[index]!;
  out.normalY = g.ny[index]!;
  out.pointX = ox + lower * dx;
  out.pointY = oy + lower * dy;
  return true;
}

/**
 * Ray against the segment p1-p2. Two-sided unless `oneSided`, in which case only rays
 * starting on the right of p1 -> p2 (the side of the normal (dy, -dx)) and moving towards
 * it hit. Rays parallel to the segment never hit.
 */
export function rayCastSegmentPoints(
  p1x: number,
  p1y: number,
  p2x: number,
  p2y: number,
  oneSided: boolean,
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  maxFraction: number,
  out: RayCastOutput,
): boolean {
  const ex = p2x - p1x;
  const ey = p2y - p1y;
  const ee = ex * ex + ey * ey;
  if (!(ee > 0)) return false;
  const length = Math.sqrt(ee);
  const nx = ey / length;
  const ny = -ex / length;
  // Ray point p(t) is on the line when dot(n, p(t) - p1) = 0: t = num / den.
  const num = nx * (p1x - ox) + ny * (p1y - oy);
  const den = nx * dx + ny * dy;
  if (den === 0) return false;
  if (oneSided && (num > 0 || den > 0)) return false; // origin behind, or moving away
  const t = num / den + 0; // + 0 turns -0 into 0
  if (t < 0 || t > maxFraction) return false;
  const px = ox + t * dx;
  const py = oy + t * dy;
  const s = (px - p1x) * ex + (py - p1y) * ey;
  if (s < 0 || s > ee) return false;
  out.fraction = t;
  out.pointX = px;
  out.pointY = py;
  // Face the ray: the normal opposes the direction of travel.
  out.normalX = den > 0 ? -nx : nx;
  out.normalY = den > 0 ? -ny : ny;
  return true;
}

/** Ray against a two-sided segment. */
export function rayCastSegment(
  g: Segment,
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  maxFraction: number,
  out: RayCastOutput,
): boolean {
  return rayCastSegmentPoints(g.p1x, g.p1y, g.p2x, g.p2y, false, ox, oy, dx, dy, maxFraction, out);
}

/** Ray against a one-sided chain segment (hit only from its collision side). */
export function rayCastChainSegment(
  g: ChainSegment,
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  maxFraction: number,
  out: RayCastOutput,
): boolean {
  return rayCastSegmentPoints(g.p1x, g.p1y, g.p2x, g.p2y, true, ox, oy, dx, dy, maxFraction, out);
}

/**
 * Ray against any geometry, dispatched on its shape type (the caller guarantees they
 * match). Local frame in, local frame out.
 */
export function rayCastShape(
  type: ShapeType,
  g: Geometry,
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  maxFraction: number,
  out: RayCastOutput,
): boolean {
  switch (type) {
    case ShapeType.Circle:
      return rayCastCircle(g as Circle, ox, oy, dx, dy, maxFraction, out);
    case ShapeType.Capsule:
      return rayCastCapsule(g as Capsule, ox, oy, dx, dy, maxFraction, out);
    case ShapeType.Polygon:
      return rayCastPolygon(g as Polygon, ox, oy, dx, dy, maxFraction, out);
    case ShapeType.Segment:
      return rayCastSegment(g as Segment, ox, oy, dx, dy, maxFraction, out);
    case ShapeType.ChainSegment:
      return rayCastChainSegment(g as ChainSegment, ox, oy, dx, dy, maxFraction, out);
    default:
      return false;
  }
}
