/**
 * Convex hull of a small point cloud (quickhull), used to build polygons.
 *
 * The hull is cleaned for collision: points closer than LINEAR_SLOP to an earlier point
 * are welded into it, and vertices that lie within LINEAR_SLOP of the edge joining their
 * neighbours are dropped. Collision treats anything below LINEAR_SLOP as touching, so such
 * tiny edges would only produce unstable normals. Cold code: it allocates freely.
 *
 * Determinism: no sorting and no randomness. Every choice is "the first point, in input
 * order, with the strictly best score", so the same input always gives the same hull.
 */

import { LINEAR_SLOP, MAX_COORDINATE, MAX_POLYGON_VERTICES } from '../base/constants.js';
import { isFiniteNumber } from '../base/math.js';
import type { Vec2 } from '../base/math.js';

/** A mutable point; the hull owns its output points. */
interface Point {
  x: number;
  y: number;
}

/**
 * The convex hull of `points`, counter-clockwise, starting at one end of the widest pair
 * of points.
 *
 * - Points closer than LINEAR_SLOP to an earlier point are merged into it (the earlier
 *   point is kept).
 * - Hull vertices within LINEAR_SLOP of the line through their neighbours are dropped,
 *   so every input point lies inside the hull or at most a few LINEAR_SLOP outside it.
 *
 * @param points - 3 to MAX_POLYGON_VERTICES points with finite coordinates.
 * @param fnName - name of the public function on whose behalf the hull is computed; it
 *   prefixes every error message.
 * @returns 3 to MAX_POLYGON_VERTICES new points, counter-clockwise, strictly convex.
 * @throws TypeError when `points` is not an array or an entry is not an object.
 * @throws RangeError when there are fewer than 3 or more than MAX_POLYGON_VERTICES
 *   points, a coordinate is not finite, or the hull is degenerate (fewer than 3 vertices
 *   remain after welding and dropping collinear points).
 */
export function computeHull(points: readonly Vec2[], fnName: string): { x: number; y: number }[] {
  validatePoints(points, fnName);
  const unique = weldPoints(points);
  const hull = unique.length < 3 ? unique : quickhull(unique);
  removeCollinearVertices(hull);
  if (hull.length < 3) {
    throw new RangeError(
      `${fnName}: points must span a 2D convex hull (at least 3 points more than LINEAR_SLOP apart, ` +
        `not all within LINEAR_SLOP of one line), got ${hull.length} hull vertices after welding`,
    );
  }
  return hull;
}

function validatePoints(points: readonly Vec2[], fnName: string): void {
  if (!Array.isArray(points)) {
    throw new TypeError(`${fnName}: points must be an array of {x, y}, got ${String(points)}`);
  }
  if (points.length < 3 || points.length > MAX_POLYGON_VERTICES) {
    throw new RangeError(
      `${fnName}: points.length must be between 3 and ${MAX_POLYGON_VERTICES}, got ${points.length}`,
    );
  }
  for (let i = 0; i < points.length; i++) {
    const p: unknown = points[i];
    if (typeof p !== 'object' || p === null) {
      throw new TypeError(`${fnName}: points[${i}] must be an object with x and y, got ${String(p)}`);
    }
    const { x, y } = p as { x?: unknown; y?: unknown };
    if (!isFiniteNumber(x)) {
      throw new RangeError(`${fnName}: points[${i}].x must be finite, got ${String(x)}`);
    }
    if (!isFiniteNumber(y)) {
      throw new RangeError(`${fnName}: points[${i}].y must be finite, got ${String(y)}`);
    }
    for (const [axis, v] of [['x', x] as const, ['y', y] as const]) {
      if (v > MAX_COORDINATE || v < -MAX_COORDINATE) {
        throw new RangeError(
          `${fnName}: points[${i}].${axis} must be in [-${MAX_COORDINATE}, ${MAX_COORDINATE}] m, got ${v}`,
        );
      }
    }
  }
}

/** Copies the points, skipping any point closer than LINEAR_SLOP to one already kept. */
function weldPoints(points: readonly Vec2[]): Point[] {
  const slopSq = LINEAR_SLOP * LINEAR_SLOP;
  const kept: Point[] = [];
  for (const p of points) {
    let isDuplicate = false;
    for (const q of kept) {
      const dx = p.x - q.x;
      const dy = p.y - q.y;
      if (dx * dx + dy * dy < slopSq) {
        isDuplicate = true;
        break;
      }
    }
    if (!isDuplicate) kept.push({ x: p.x, y: p.y });
  }
  return kept;
}

/**
 * Quickhull seeded with the widest pair of points. Seeding with the diameter (rather
 * than, say, the lowest and highest x) matters: no point can then lie beyond either
 * seed along the seed line, so discarding the points within LINEAR_SLOP of that line
 * never discards a real hull vertex. With at most 8 points the O(n^2) search is trivial.
 */
function quickhull(points: Point[]): Point[] {
  let seedA = 0;
  let seedB = 1;
  let widestSq = -1;
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const d = distanceSquared(points[i]!, points[j]!);
      if (d > widestSq) {
        widestSq = d;
        seedA = i;
        seedB = j;
      }
    }
  }
  const a = points[seedA]!;
  const b = points[seedB]!;
  // Counter-clockwise order keeps the interior on the left of every edge, so the chain
  // from a to b collects the points right of a->b, and the chain back those right of b->a.
  const hull: Point[] = [a];
  hullChain(a, b, pointsRightOf(a, b, points), hull);
  hull.push(b);
  hullChain(b, a, pointsRightOf(b, a, points), hull);
  return hull;
}

/**
 * Appends to `hull`, in order from a to b, the hull vertices among `candidates` (all of
 * which lie more than LINEAR_SLOP to the right of a->b).
 */
function hullChain(a: Point, b: Point, candidates: Point[], hull: Point[]): void {
  if (candidates.length === 0) return;
  const far = farthestRightOf(a, b, candidates);
  hullChain(a, far, pointsRightOf(a, far, candidates), hull);
  hull.push(far);
  hullChain(far, b, pointsRightOf(far, b, candidates), hull);
}

/** The points lying more than LINEAR_SLOP to the right of the directed line a->b. */
function pointsRightOf(a: Point, b: Point, points: readonly Point[]): Point[] {
  const result: Point[] = [];
  for (const p of points) {
    if (distanceRightOf(a, b, p) > LINEAR_SLOP) result.push(p);
  }
  return result;
}

/** The first of the points farthest to the right of a->b. */
function farthestRightOf(a: Point, b: Point, points: readonly Point[]): Point {
  let best = points[0]!;
  let bestDistance = distanceRightOf(a, b, best);
  for (let i = 1; i < points.length; i++) {
    const p = points[i]!;
    const d = distanceRightOf(a, b, p);
    if (d > bestDistance) {
      best = p;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * Repeatedly drops the vertex closest to the line through its neighbours while that
 * distance is below LINEAR_SLOP. Dropping the closest first (instead of the first found)
 * keeps a run of nearly collinear vertices from eroding the hull more than necessary.
 * Ties go to the lowest index, so the result is deterministic.
 */
function removeCollinearVertices(hull: Point[]): void {
  while (hull.length >= 3) {
    let worst = -1;
    let worstDistance = LINEAR_SLOP;
    for (let i = 0; i < hull.length; i++) {
      const prev = hull[(i + hull.length - 1) % hull.length]!;
      const next = hull[(i + 1) % hull.length]!;
      // Distance of vertex i outside the chord prev->next (the hull is CCW, so the
      // vertex lies to the right of that chord).
      const d = distanceRightOf(prev, next, hull[i]!);
      if (d < worstDistance) {
        worst = i;
        worstDistance = d;
      }
    }
    if (worst < 0) return;
    hull.splice(worst, 1);
  }
}

/** Signed distance of p to the right of the directed line a->b (a and b distinct). */
function distanceRightOf(a: Point, b: Point, p: Point): number {
  const ex = b.x - a.x;
  const ey = b.y - a.y;
  const cross = ex * (p.y - a.y) - ey * (p.x - a.x);
  return -cross / Math.sqrt(ex * ex + ey * ey);
}

function distanceSquared(p: Point, q: Point): number {
  const dx = p.x - q.x;
  const dy = p.y - q.y;
  return dx * dx + dy * dy;
}
