/**
 * Shape cast (linear time of impact): sweep convex proxy B along a translation against
 * proxy A and find the first time they touch.
 *
 * Method: conservative advancement on the GJK distance (`shapeDistance`, radii
 * included). At each iterate t the distance d(t) and the unit normal n (A to B) give the
 * closing speed -dot(n, translation), and t advances by d / speed. The distance between
 * a convex set and a convex set moving along a line is a convex function of t whose
 * derivative there is exactly dot(n, translation), so the step is Newton's method on a
 * convex decreasing function: it never overshoots the first contact and converges
 * quadratically for non-grazing contacts (one step for a face approaching a face).
 *
 * No allocation: the moving transform, the distance output and the simplex cache (which
 * warm-starts GJK between iterates) are module scratch.
 */

import { DistanceOutput, type DistanceProxy, SimplexCache, shapeDistance } from './distance.js';
import { Transform } from '../base/math.js';

/** Result of `shapeCast` (valid only when it returned true). World frame. */
export class ShapeCastOutput {
  /** Fraction of the translation at the time of impact. */
  fraction = 0;
  /** Contact point at the time of impact (midpoint of the two witness points). */
  pointX = 0;
  pointY = 0;
  /** Unit normal at the contact, pointing from A (the target) towards B (the cast shape). */
  normalX = 0;
  normalY = 0;
  /** Number of distance evaluations. */
  iterations = 0;
}

/** Contact is declared when the gap falls below this (m). */
export const SHAPE_CAST_TOLERANCE = 1e-10;
/** Newton converges in a few steps; grazing contacts converge linearly and need more. */
export const SHAPE_CAST_MAX_ITERATIONS = 64;

const movingXf = new Transform();
const distance = new DistanceOutput();
const cache = new SimplexCache();

/**
 * Sweeps proxy B (placed by `xfB`) by (tx, ty) times t, t in [0, maxFraction], against
 * proxy A (placed by `xfA`). Returns true and fills `out` when they touch.
 *
 * Shapes that already touch or overlap at t = 0 report a hit at fraction 0, with the GJK
 * normal when the cores are apart and otherwise the normal opposing the translation.
 * Contacts are not reported when the shapes only graze without closing in (the closing
 * speed at the closest points is 0 or negative).
 */
export function shapeCast(
  proxyA: DistanceProxy,
  xfA: Transform,
  proxyB: DistanceProxy,
  xfB: Transform,
  tx: number,
  ty: number,
  maxFraction: number,
  out: ShapeCastOutput,
): boolean {
  cache.count = 0;
  // Distances are taken between the cores and the radii subtracted here, so that the
  // witness points stay on the cores (shapeDistance's rounded-overlap branch would move
  // them to the cores' midpoint).
  const radii = proxyA.radius + proxyB.radius;
  let t = 0;
  let lastNx = 0;
  let lastNy = 0;
  let iteration = 0;
  for (; iteration < SHAPE_CAST_MAX_ITERATIONS; iteration++) {
    movingXf.set(xfB.px + t * tx, xfB.py + t * ty, xfB.c, xfB.s);
    shapeDistance(proxyA, xfA, proxyB, movingXf, false, distance, cache);
    const d = distance.distance - radii;
    if (distance.normalX !== 0 || distance.normalY !== 0) {
      lastNx = distance.normalX;
      lastNy = distance.normalY;
    }
    if (d <= SHAPE_CAST_TOLERANCE) break;
    const speed = -(lastNx * tx + lastNy * ty);
    if (!(speed > 0)) return false; // moving apart or sliding past
    t += d / speed;
    if (t > maxFraction) return false;
  }
  // Out of iterations (a grazing approach): t is still a conservative time of impact.
  if (lastNx === 0 && lastNy === 0) {
    // The cores overlapped from the start: oppose the motion.
    const l = Math.sqrt(tx * tx + ty * ty);
    lastNx = -tx / l;
    lastNy = -ty / l;
  }
  // Midpoint of the two surface points (they coincide at contact).
  const rA = proxyA.radius;
  const rB = proxyB.radius;
  out.pointX = 0.5 * (distance.pointAX + rA * lastNx + distance.pointBX - rB * lastNx);
  out.pointY = 0.5 * (distance.pointAY + rA * lastNy + distance.pointBY - rB * lastNy);
  out.fraction = t;
  out.normalX = lastNx;
  out.normalY = lastNy;
  out.iterations = iteration < SHAPE_CAST_MAX_ITERATIONS ? iteration + 1 : iteration;
  return true;
}
