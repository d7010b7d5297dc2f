/**
 * Shape geometry: the convex primitives that shapes are made of, in body-local
 * coordinates. Plain monomorphic classes: every instance of a class has the same
 * fields in the same order, so the collision functions that read them stay fast.
 */

import {
  LINEAR_SLOP,
  MAX_ANGLE,
  MAX_COORDINATE,
  MAX_DENSITY,
  MAX_LENGTH,
  MAX_POLYGON_VERTICES,
} from '../base/constants.js';
import { computeHull } from './hull.js';
import { atan2, CosSin, cosSin, cross, dot, isFiniteNumber, PI } from '../base/math.js';
import type { Transform, Vec2 } from '../base/math.js';

/** The shape types. The numeric order is the order of the collision table. */
export const ShapeType = {
  Circle: 0,
  Capsule: 1,
  Segment: 2,
  Polygon: 3,
  ChainSegment: 4,
} as const;
export type ShapeType = (typeof ShapeType)[keyof typeof ShapeType];

/** A solid circle. */
export class Circle {
  constructor(
    public cx: number,
    public cy: number,
    public radius: number,
  ) {}
}

/** A solid capsule: the segment c1–c2 swept by a circle of `radius`. */
export class Capsule {
  constructor(
    public c1x: number,
    public c1y: number,
    public c2x: number,
    public c2y: number,
    public radius: number,
  ) {}
}

/** A line segment with no thickness, two-sided. */
export class Segment {
  constructor(
    public p1x: number,
    public p1y: number,
    public p2x: number,
    public p2y: number,
  ) {}
}

/**
 * A one-sided segment of a chain, with the neighbouring vertices (ghosts) that let
 * collision ignore internal vertices so bodies slide over the chain without snagging.
 * Collision happens only on the RIGHT side of p1 -> p2, where the normal
 * (dy, -dx) / length points (Box2D v3's convention): a counter-clockwise loop collides
 * from outside, and ground running left to right is given from right to left.
 */
export class ChainSegment {
  constructor(
    public g1x: number,
    public g1y: number,
    public p1x: number,
    public p1y: number,
    public p2x: number,
    public p2y: number,
    public g2x: number,
    public g2y: number,
  ) {}
}

/**
 * A solid convex polygon with counter-clockwise vertices, outward unit normals
 * (normal i belongs to the edge from vertex i to vertex i + 1), an optional rounding
 * radius and the centroid. Always built through `makePolygon`, `makeBox` and friends,
 * which validate the input.
 */
export class Polygon {
  readonly vx = new Float64Array(MAX_POLYGON_VERTICES);
  readonly vy = new Float64Array(MAX_POLYGON_VERTICES);
  readonly nx = new Float64Array(MAX_POLYGON_VERTICES);
  readonly ny = new Float64Array(MAX_POLYGON_VERTICES);
  count = 0;
  radius = 0;
  centroidX = 0;
  centroidY = 0;
}

export type Geometry = Circle | Capsule | Segment | Polygon | ChainSegment;

/** Mass properties about the shape's centroid, expressed in body coordinates. */
export class MassData {
  mass = 0;
  centerX = 0;
  centerY = 0;
  /** Rotational inertia about the center of mass (kg m^2). */
  rotationalInertia = 0;
}

/** Axis-aligned bounding box. */
export class AABB {
  constructor(
    public minX = 0,
    public minY = 0,
    public maxX = 0,
    public maxY = 0,
  ) {}
}

// ---------------------------------------------------------------------------------------
// Input validation. Constructors are public entry points: they check every argument and
// throw `RangeError` with `fnName: field must be ..., got value`.
// ---------------------------------------------------------------------------------------

function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/** A finite coordinate (m) in [-MAX_COORDINATE, MAX_COORDINATE], or an angle (rad) within `limit`. */
function requireFinite(
  fnName: string,
  field: string,
  value: number,
  limit = MAX_COORDINATE,
  unit = 'm',
): void {
  if (!isFiniteNumber(value)) {
    throw new RangeError(`${fnName}: ${field} must be finite, got ${describe(value)}`);
  }
  if (value > limit || value < -limit) {
    throw new RangeError(
      `${fnName}: ${field} must be in [-${limit}, ${limit}] ${unit}, got ${describe(value)}`,
    );
  }
}

/** A size (m) in (0, MAX_LENGTH]. */
function requirePositive(fnName: string, field: string, value: number): void {
  if (!isFiniteNumber(value) || value <= 0) {
    throw new RangeError(`${fnName}: ${field} must be positive and finite, got ${describe(value)}`);
  }
  if (value > MAX_LENGTH) {
    throw new RangeError(`${fnName}: ${field} must be in (0, ${MAX_LENGTH}] m, got ${describe(value)}`);
  }
}

/** A size (m) in [0, MAX_LENGTH], or a density (kg/m^2) in [0, MAX_DENSITY]. */
function requireNonNegative(
  fnName: string,
  field: string,
  value: number,
  max = MAX_LENGTH,
  unit = 'm',
): void {
  if (!isFiniteNumber(value) || value < 0) {
    throw new RangeError(`${fnName}: ${field} must be non-negative and finite, got ${describe(value)}`);
  }
  if (value > max) {
    throw new RangeError(`${fnName}: ${field} must be in [0, ${max}] ${unit}, got ${describe(value)}`);
  }
}

// ---------------------------------------------------------------------------------------
// Constructors
// ---------------------------------------------------------------------------------------

/**
 * A solid circle of `radius` centred at (cx, cy) in the body's frame: the center comes
 * first, as in every other constructor here (`makeCircle(0, 0, r)` for a circle at the origin).
 * @throws RangeError when called with the radius alone, when a coordinate is not finite or `radius` is not positive and finite.
 */
export function makeCircle(cx: number, cy: number, radius: number): Circle {
  // `makeCircle(0.5)` (the radius alone, as other engines take it) would only report `cy: undefined`.
  if (cy === undefined && radius === undefined) {
    throw new RangeError(
      `makeCircle: takes (cx, cy, radius), got one argument (${describe(cx)}); a circle of radius r at the body's origin is makeCircle(0, 0, r)`,
    );
  }
  requireFinite('makeCircle', 'cx', cx);
  requireFinite('makeCircle', 'cy', cy);
  requirePositive('makeCircle', 'radius', radius);
  return new Circle(cx, cy, radius);
}

/**
 * A solid capsule: the segment (c1x, c1y)–(c2x, c2y) swept by a circle of `radius`.
 * The centers must be more than LINEAR_SLOP apart: a shorter capsule has no reliable axis
 * for collision and should be a circle instead (`makeCircle`).
 * @throws RangeError when a coordinate is not finite, `radius` is not positive and finite,
 *   or the centers are LINEAR_SLOP or less apart.
 */
export function makeCapsule(c1x: number, c1y: number, c2x: number, c2y: number, radius: number): Capsule {
  requireFinite('makeCapsule', 'c1x', c1x);
  requireFinite('makeCapsule', 'c1y', c1y);
  requireFinite('makeCapsule', 'c2x', c2x);
  requireFinite('makeCapsule', 'c2y', c2y);
  requirePositive('makeCapsule', 'radius', radius);
  const length = Math.sqrt((c2x - c1x) * (c2x - c1x) + (c2y - c1y) * (c2y - c1y));
  if (!(length > LINEAR_SLOP)) {
    throw new RangeError(
      `makeCapsule: distance between centers must be greater than LINEAR_SLOP (${LINEAR_SLOP}); ` +
        `use makeCircle when the centers coincide, got ${length}`,
    );
  }
  return new Capsule(c1x, c1y, c2x, c2y, radius);
}

/**
 * A two-sided line segment from (p1x, p1y) to (p2x, p2y). Its length must exceed
 * LINEAR_SLOP, below which collision cannot compute a reliable normal.
 * @throws RangeError when a coordinate is not finite or the length is LINEAR_SLOP or less.
 */
export function makeSegment(p1x: number, p1y: number, p2x: number, p2y: number): Segment {
  requireFinite('makeSegment', 'p1x', p1x);
  requireFinite('makeSegment', 'p1y', p1y);
  requireFinite('makeSegment', 'p2x', p2x);
  requireFinite('makeSegment', 'p2y', p2y);
  const length = Math.sqrt((p2x - p1x) * (p2x - p1x) + (p2y - p1y) * (p2y - p1y));
  if (!(length > LINEAR_SLOP)) {
    throw new RangeError(
      `makeSegment: length must be greater than LINEAR_SLOP (${LINEAR_SLOP}), got ${length}`,
    );
  }
  return new Segment(p1x, p1y, p2x, p2y);
}

/**
 * A convex polygon: the convex hull of `points` (see `computeHull`: points closer than
 * LINEAR_SLOP are welded and nearly collinear vertices dropped), optionally rounded by
 * `radius`. The polygon's vertices are the hull's, counter-clockwise.
 * @param points - 3 to MAX_POLYGON_VERTICES points with finite coordinates.
 * @param radius - rounding radius (m), non-negative.
 * @throws RangeError on a bad point count, non-finite coordinate, degenerate hull or bad radius.
 */
export function makePolygon(points: readonly Vec2[], radius = 0): Polygon {
  requireNonNegative('makePolygon', 'radius', radius);
  const hull = computeHull(points, 'makePolygon');
  return makePolygonFromHull(hull, radius);
}

/**
 * A polygon from vertices that are already a clean hull (counter-clockwise, strictly
 * convex, 3..MAX_POLYGON_VERTICES, edges longer than LINEAR_SLOP). Trusts its input.
 */
function makePolygonFromHull(hull: readonly Vec2[], radius: number): Polygon {
  const p = new Polygon();
  const n = hull.length;
  p.count = n;
  p.radius = radius;
  for (let i = 0; i < n; i++) {
    const v = hull[i]!;
    p.vx[i] = v.x;
    p.vy[i] = v.y;
  }
  computeEdgeNormals(p);
  const centroid = { x: 0, y: 0 };
  computePolygonCentroid(p.vx, p.vy, n, centroid);
  p.centroidX = centroid.x;
  p.centroidY = centroid.y;
  return p;
}

/** Outward unit normal of each CCW edge i -> i+1: the edge direction turned clockwise. */
function computeEdgeNormals(p: Polygon): void {
  const n = p.count;
  for (let i = 0; i < n; i++) {
    const j = i + 1 < n ? i + 1 : 0;
    const ex = p.vx[j]! - p.vx[i]!;
    const ey = p.vy[j]! - p.vy[i]!;
    const len = Math.sqrt(ex * ex + ey * ey);
    p.nx[i] = ey / len;
    p.ny[i] = -ex / len;
  }
}

/**
 * Area centroid of a counter-clockwise polygon given as coordinate arrays, written to
 * `out`. The triangle fan is taken around the vertex average, which lies inside a convex
 * polygon and keeps the products small (less cancellation far from the origin).
 * @returns `out`.
 */
export function computePolygonCentroid(
  vx: ArrayLike<number>,
  vy: ArrayLike<number>,
  count: number,
  out: { x: number; y: number },
): { x: number; y: number } {
  let ox = 0;
  let oy = 0;
  for (let i = 0; i < count; i++) {
    ox += vx[i]!;
    oy += vy[i]!;
  }
  ox /= count;
  oy /= count;
  let area = 0;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < count; i++) {
    const j = i + 1 < count ? i + 1 : 0;
    const ax = vx[i]! - ox;
    const ay = vy[i]! - oy;
    const bx = vx[j]! - ox;
    const by = vy[j]! - oy;
    const triangleArea = 0.5 * cross(ax, ay, bx, by);
    area += triangleArea;
    // The triangle (o, a, b) has its centroid at (a + b) / 3 relative to o.
    sx += (triangleArea * (ax + bx)) / 3;
    sy += (triangleArea * (ay + by)) / 3;
  }
  out.x = ox + sx / area;
  out.y = oy + sy / area;
  return out;
}

const scratchCosSin = new CosSin();

// Unit box corners and edge normals, counter-clockwise from bottom-left; normal i belongs
// to the edge from corner i to corner i + 1.
const BOX_CORNER_X = [-1, 1, 1, -1] as const;
const BOX_CORNER_Y = [-1, -1, 1, 1] as const;
const BOX_NORMAL_X = [0, 1, 0, -1] as const;
const BOX_NORMAL_Y = [-1, 0, 1, 0] as const;

/**
 * Writes the box of half sizes (hw, hh), rotated by (c, s) and centred at (cx, cy).
 * Vertices and normals are set directly (no hull): the corners are exact and the
 * centroid is exactly the center.
 */
function fillBox(
  p: Polygon,
  hw: number,
  hh: number,
  cx: number,
  cy: number,
  c: number,
  s: number,
  radius: number,
): Polygon {
  for (let i = 0; i < 4; i++) {
    const x = BOX_CORNER_X[i]! * hw;
    const y = BOX_CORNER_Y[i]! * hh;
    const nx = BOX_NORMAL_X[i]!;
    const ny = BOX_NORMAL_Y[i]!;
    p.vx[i] = c * x - s * y + cx;
    p.vy[i] = s * x + c * y + cy;
    p.nx[i] = c * nx - s * ny;
    p.ny[i] = s * nx + c * ny;
  }
  p.count = 4;
  p.radius = radius;
  p.centroidX = cx;
  p.centroidY = cy;
  return p;
}

/**
 * An axis-aligned box centred on the origin.
 * @param halfWidth - half the size along x (m), positive.
 * @param halfHeight - half the size along y (m), positive.
 * @throws RangeError when a half size is not positive and finite.
 */
export function makeBox(halfWidth: number, halfHeight: number): Polygon {
  requirePositive('makeBox', 'halfWidth', halfWidth);
  requirePositive('makeBox', 'halfHeight', halfHeight);
  return fillBox(new Polygon(), halfWidth, halfHeight, 0, 0, 1, 0, 0);
}

/**
 * An axis-aligned square centred on the origin.
 * @throws RangeError when `halfWidth` is not positive and finite.
 */
export function makeSquare(halfWidth: number): Polygon {
  requirePositive('makeSquare', 'halfWidth', halfWidth);
  return fillBox(new Polygon(), halfWidth, halfWidth, 0, 0, 1, 0, 0);
}

/**
 * A box centred at (centerX, centerY) and rotated by `angle` (radians, counter-clockwise).
 * The rotation uses the deterministic `cosSin`.
 * @throws RangeError when a half size is not positive and finite, or the center or angle
 *   is not finite.
 */
export function makeOffsetBox(
  halfWidth: number,
  halfHeight: number,
  centerX: number,
  centerY: number,
  angle: number,
): Polygon {
  requirePositive('makeOffsetBox', 'halfWidth', halfWidth);
  requirePositive('makeOffsetBox', 'halfHeight', halfHeight);
  requireFinite('makeOffsetBox', 'centerX', centerX);
  requireFinite('makeOffsetBox', 'centerY', centerY);
  requireFinite('makeOffsetBox', 'angle', angle, MAX_ANGLE, 'rad');
  const q = cosSin(angle, scratchCosSin);
  return fillBox(new Polygon(), halfWidth, halfHeight, centerX, centerY, q.c, q.s, 0);
}

/**
 * An axis-aligned box centred on the origin whose corners are rounded by `radius`: the
 * solid is the box grown by `radius` in every direction, so its outer size is
 * (2 halfWidth + 2 radius) by (2 halfHeight + 2 radius).
 * @throws RangeError when a half size is not positive and finite or `radius` is negative
 *   or not finite.
 */
export function makeRoundedBox(halfWidth: number, halfHeight: number, radius: number): Polygon {
  requirePositive('makeRoundedBox', 'halfWidth', halfWidth);
  requirePositive('makeRoundedBox', 'halfHeight', halfHeight);
  requireNonNegative('makeRoundedBox', 'radius', radius);
  return fillBox(new Polygon(), halfWidth, halfHeight, 0, 0, 1, 0, radius);
}

// ---------------------------------------------------------------------------------------
// Mass. Every function writes the mass, the center of mass and the rotational inertia
// about that center (not about the body origin) into `out`.
// ---------------------------------------------------------------------------------------

/**
 * Mass properties of a solid circle: m = density * pi * r^2, I = m r^2 / 2.
 * @throws RangeError when `density` is negative or not finite.
 * @returns `out`.
 */
export function computeCircleMass(c: Circle, density: number, out: MassData): MassData {
  requireNonNegative('computeCircleMass', 'density', density, MAX_DENSITY, 'kg/m^2');
  const rr = c.radius * c.radius;
  const mass = density * PI * rr;
  out.mass = mass;
  out.centerX = c.cx;
  out.centerY = c.cy;
  out.rotationalInertia = 0.5 * mass * rr;
  return out;
}

/**
 * Mass properties of a solid capsule, exactly: a rectangle (length L = |c2 - c1|,
 * width 2r) plus two half discs at its ends, which together weigh one full disc.
 * Each half disc's centroid sits 4r/(3 pi) beyond its end of the segment; moving its
 * inertia from its centroid to the capsule center (parallel axis twice) gives
 * m_disc (r^2/2 + h^2 + 2 h (4r/(3 pi))) for both halves, with h = L/2.
 * @throws RangeError when `density` is negative or not finite.
 * @returns `out`.
 */
export function computeCapsuleMass(c: Capsule, density: number, out: MassData): MassData {
  requireNonNegative('computeCapsuleMass', 'density', density, MAX_DENSITY, 'kg/m^2');
  const r = c.radius;
  const rr = r * r;
  const dx = c.c2x - c.c1x;
  const dy = c.c2y - c.c1y;
  const length = Math.sqrt(dx * dx + dy * dy);
  const h = 0.5 * length;
  const rectangleMass = density * 2 * r * length;
  const discMass = density * PI * rr;
  const halfDiscCentroid = (4 * r) / (3 * PI);
  out.mass = rectangleMass + discMass;
  out.centerX = 0.5 * (c.c1x + c.c2x);
  out.centerY = 0.5 * (c.c1y + c.c2y);
  out.rotationalInertia =
    (rectangleMass * (length * length + 4 * rr)) / 12 +
    discMass * (0.5 * rr + h * h + 2 * h * halfDiscCentroid);
  return out;
}

/**
 * Mass properties of a solid convex polygon, rounded or not.
 *
 * A rounded polygon is the polygon grown by `radius` in every direction. Its mass is
 * computed exactly by splitting that solid into the core polygon, one rectangle
 * (edge length x radius) on the outside of each edge, and one circular sector at each
 * vertex spanning the angle between the two adjacent edge normals (the sectors add up
 * to one full disc). So the area is A + perimeter * r + pi r^2 to rounding error.
 * Box2D v3 instead approximates it by pushing the vertices out along their bisectors,
 * which overestimates the corners (for a box it counts 4 r^2 instead of pi r^2).
 *
 * Moments are accumulated about the vertex average (inside the polygon, so products
 * stay small), then the inertia is moved to the center of mass by the parallel axis
 * theorem.
 * @throws RangeError when `density` is negative or not finite.
 * @returns `out`.
 */
export function computePolygonMass(p: Polygon, density: number, out: MassData): MassData {
  requireNonNegative('computePolygonMass', 'density', density, MAX_DENSITY, 'kg/m^2');
  const n = p.count;
  const r = p.radius;
  const vx = p.vx;
  const vy = p.vy;
  let ox = 0;
  let oy = 0;
  for (let i = 0; i < n; i++) {
    ox += vx[i]!;
    oy += vy[i]!;
  }
  ox /= n;
  oy /= n;

  // Area, first moment (sx, sy) and polar second moment, all about o.
  let area = 0;
  let sx = 0;
  let sy = 0;
  let inertia = 0;

  // Core polygon: triangle fan (o, a, b). A triangle with a vertex at the origin has
  // polar moment D/12 (a.a + a.b + b.b), D = cross(a, b) = twice its area.
  for (let i = 0; i < n; i++) {
    const j = i + 1 < n ? i + 1 : 0;
    const ax = vx[i]! - ox;
    const ay = vy[i]! - oy;
    const bx = vx[j]! - ox;
    const by = vy[j]! - oy;
    const d = cross(ax, ay, bx, by);
    const triangleArea = 0.5 * d;
    area += triangleArea;
    sx += (triangleArea * (ax + bx)) / 3;
    sy += (triangleArea * (ay + by)) / 3;
    inertia += (d / 12) * (ax * ax + ax * bx + bx * bx + ay * ay + ay * by + by * by);
  }

  if (r > 0) {
    const rr = r * r;
    const r3 = rr * r;
    for (let i = 0; i < n; i++) {
      const j = i + 1 < n ? i + 1 : 0;
      const ax = vx[i]! - ox;
      const ay = vy[i]! - oy;
      const bx = vx[j]! - ox;
      const by = vy[j]! - oy;
      const nx = p.nx[i]!;
      const ny = p.ny[i]!;

      // Rectangle on the outside of edge i: area L r, centroid at the edge midpoint
      // pushed out by r/2, own polar moment area (L^2 + r^2) / 12.
      const edgeLength = Math.sqrt((bx - ax) * (bx - ax) + (by - ay) * (by - ay));
      const rectArea = edgeLength * r;
      const mx = 0.5 * (ax + bx) + 0.5 * r * nx;
      const my = 0.5 * (ay + by) + 0.5 * r * ny;
      area += rectArea;
      sx += rectArea * mx;
      sy += rectArea * my;
      inertia += rectArea * ((edgeLength * edgeLength + rr) / 12 + mx * mx + my * my);

      // Sector at vertex i, between the normals of edge i-1 and edge i. In polar
      // coordinates about the vertex, over angles [phi1, phi2] of width theta:
      //   area = theta r^2 / 2,
      //   first moment = r^3/3 (sin phi2 - sin phi1, cos phi1 - cos phi2),
      //   polar moment = theta r^4 / 4.
      const k = i > 0 ? i - 1 : n - 1;
      const n1x = p.nx[k]!;
      const n1y = p.ny[k]!;
      const theta = atan2(cross(n1x, n1y, nx, ny), dot(n1x, n1y, nx, ny));
      const sectorArea = 0.5 * theta * rr;
      const fx = (r3 / 3) * (ny - n1y);
      const fy = (r3 / 3) * (n1x - nx);
      // Move the sector's moments from the vertex a to o: |a + q|^2 = |q|^2 + 2 a.q + |a|^2.
      area += sectorArea;
      sx += fx + sectorArea * ax;
      sy += fy + sectorArea * ay;
      inertia += 0.25 * theta * rr * rr + 2 * (ax * fx + ay * fy) + sectorArea * (ax * ax + ay * ay);
    }
  }

  const cx = sx / area;
  const cy = sy / area;
  out.mass = density * area;
  out.centerX = ox + cx;
  out.centerY = oy + cy;
  out.rotationalInertia = density * (inertia - area * (cx * cx + cy * cy));
  return out;
}

/** Segments have no area, hence no mass; the center is reported at their midpoint. */
function computeZeroMass(p1x: number, p1y: number, p2x: number, p2y: number, out: MassData): MassData {
  out.mass = 0;
  out.centerX = 0.5 * (p1x + p2x);
  out.centerY = 0.5 * (p1y + p2y);
  out.rotationalInertia = 0;
  return out;
}

/**
 * Mass properties of any geometry. Segments and chain segments have zero mass (they are
 * meant for static bodies); their center is reported at the segment's midpoint.
 * @param type - the ShapeType of `geometry`; the caller guarantees they match.
 * @throws RangeError when `density` is negative or not finite, or `type` is unknown.
 * @returns `out`.
 */
export function computeMass(type: ShapeType, geometry: Geometry, density: number, out: MassData): MassData {
  switch (type) {
    case ShapeType.Circle:
      return computeCircleMass(geometry as Circle, density, out);
    case ShapeType.Capsule:
      return computeCapsuleMass(geometry as Capsule, density, out);
    case ShapeType.Polygon:
      return computePolygonMass(geometry as Polygon, density, out);
    case ShapeType.Segment: {
      requireNonNegative('computeMass', 'density', density, MAX_DENSITY, 'kg/m^2');
      const g = geometry as Segment;
      return computeZeroMass(g.p1x, g.p1y, g.p2x, g.p2y, out);
    }
    case ShapeType.ChainSegment: {
      requireNonNegative('computeMass', 'density', density, MAX_DENSITY, 'kg/m^2');
      const g = geometry as ChainSegment;
      return computeZeroMass(g.p1x, g.p1y, g.p2x, g.p2y, out);
    }
    default:
      throw new RangeError(`computeMass: type must be a ShapeType (0 to 4), got ${describe(type)}`);
  }
}

// ---------------------------------------------------------------------------------------
// Bounding boxes in world coordinates. Called for every moving shape every step: no
// allocation, no validation (the geometry was validated when it was made).
// World point of a local (x, y): (c x - s y + px, s x + c y + py).
// ---------------------------------------------------------------------------------------

/** World AABB of a circle under `xf`. @returns `out`. */
export function computeCircleAABB(g: Circle, xf: Transform, out: AABB): AABB {
  const x = xf.c * g.cx - xf.s * g.cy + xf.px;
  const y = xf.s * g.cx + xf.c * g.cy + xf.py;
  const r = g.radius;
  out.minX = x - r;
  out.minY = y - r;
  out.maxX = x + r;
  out.maxY = y + r;
  return out;
}

/** World AABB of two points under `xf`, grown by `radius`. */
function computeTwoPointAABB(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  radius: number,
  xf: Transform,
  out: AABB,
): AABB {
  const wx1 = xf.c * x1 - xf.s * y1 + xf.px;
  const wy1 = xf.s * x1 + xf.c * y1 + xf.py;
  const wx2 = xf.c * x2 - xf.s * y2 + xf.px;
  const wy2 = xf.s * x2 + xf.c * y2 + xf.py;
  out.minX = Math.min(wx1, wx2) - radius;
  out.minY = Math.min(wy1, wy2) - radius;
  out.maxX = Math.max(wx1, wx2) + radius;
  out.maxY = Math.max(wy1, wy2) + radius;
  return out;
}

/**
 * World AABB of a capsule under `xf`: its two centers grown by the radius. @returns `out`.
 * Written out, not handed to computeTwoPointAABB: capsules move every step, and V8 boxes
 * the double arguments of a call it does not inline (docs/core-design.md).
 */
export function computeCapsuleAABB(g: Capsule, xf: Transform, out: AABB): AABB {
  const wx1 = xf.c * g.c1x - xf.s * g.c1y + xf.px;
  const wy1 = xf.s * g.c1x + xf.c * g.c1y + xf.py;
  const wx2 = xf.c * g.c2x - xf.s * g.c2y + xf.px;
  const wy2 = xf.s * g.c2x + xf.c * g.c2y + xf.py;
  const radius = g.radius;
  out.minX = Math.min(wx1, wx2) - radius;
  out.minY = Math.min(wy1, wy2) - radius;
  out.maxX = Math.max(wx1, wx2) + radius;
  out.maxY = Math.max(wy1, wy2) + radius;
  return out;
}

/** World AABB of a segment under `xf`. @returns `out`. */
export function computeSegmentAABB(g: Segment, xf: Transform, out: AABB): AABB {
  return computeTwoPointAABB(g.p1x, g.p1y, g.p2x, g.p2y, 0, xf, out);
}

/**
 * World AABB of a chain segment under `xf`: only p1–p2, the ghost vertices are not part
 * of the solid. @returns `out`.
 */
export function computeChainSegmentAABB(g: ChainSegment, xf: Transform, out: AABB): AABB {
  return computeTwoPointAABB(g.p1x, g.p1y, g.p2x, g.p2y, 0, xf, out);
}

/** World AABB of a polygon under `xf`, grown by its rounding radius. @returns `out`. */
export function computePolygonAABB(g: Polygon, xf: Transform, out: AABB): AABB {
  const { c, s, px, py } = xf;
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < g.count; i++) {
    const x = g.vx[i]!;
    const y = g.vy[i]!;
    const wx = c * x - s * y + px;
    const wy = s * x + c * y + py;
    if (wx < minX) minX = wx;
    if (wx > maxX) maxX = wx;
    if (wy < minY) minY = wy;
    if (wy > maxY) maxY = wy;
  }
  const r = g.radius;
  out.minX = minX - r;
  out.minY = minY - r;
  out.maxX = maxX + r;
  out.maxY = maxY + r;
  return out;
}

/**
 * World AABB of any geometry under `xf`.
 * @param type - the ShapeType of `g`; the caller guarantees they match.
 * @throws RangeError when `type` is unknown.
 * @returns `out`.
 */
export function computeShapeAABB(type: ShapeType, g: Geometry, xf: Transform, out: AABB): AABB {
  switch (type) {
    case ShapeType.Circle:
      return computeCircleAABB(g as Circle, xf, out);
    case ShapeType.Capsule:
      return computeCapsuleAABB(g as Capsule, xf, out);
    case ShapeType.Segment:
      return computeSegmentAABB(g as Segment, xf, out);
    case ShapeType.Polygon:
      return computePolygonAABB(g as Polygon, xf, out);
    case ShapeType.ChainSegment:
      return computeChainSegmentAABB(g as ChainSegment, xf, out);
    default:
      throw new RangeError(`computeShapeAABB: type must be a ShapeType (0 to 4), got ${describe(type)}`);
  }
}

/** A copy of a geometry object (stored shapes never share their geometry with the caller). */
export function cloneGeometry(g: Geometry): Geometry {
  if (g instanceof Circle) return new Circle(g.cx, g.cy, g.radius);
  if (g instanceof Capsule) return new Capsule(g.c1x, g.c1y, g.c2x, g.c2y, g.radius);
  if (g instanceof Segment) return new Segment(g.p1x, g.p1y, g.p2x, g.p2y);
  if (g instanceof ChainSegment)
    return new ChainSegment(g.g1x, g.g1y, g.p1x, g.p1y, g.p2x, g.p2y, g.g2x, g.g2y);
  return polygonOf(g);
}

/** A polygon's stored fields, on a Polygon or taken apart (the arrays hold `count` entries or more). */
export type PolygonFields = Readonly<
  Pick<Polygon, 'count' | 'radius' | 'centroidX' | 'centroidY'> &
    Record<'vx' | 'vy' | 'nx' | 'ny', ArrayLike<number>>
>;

/**
 * A new polygon with exactly these stored fields, nothing checked or recomputed: a copy,
 * or a polygon that was taken apart to be stored or sent (the step mirror, the worker's
 * commands) made again with the same bits.
 */
export function polygonOf(f: PolygonFields): Polygon {
  const p = new Polygon();
  p.count = f.count;
  p.radius = f.radius;
  p.centroidX = f.centroidX;
  p.centroidY = f.centroidY;
  p.vx.set(f.vx);
  p.vy.set(f.vy);
  p.nx.set(f.nx);
  p.ny.set(f.ny);
  return p;
}
