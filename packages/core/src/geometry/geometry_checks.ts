/**
 * One validator per geometry type, for every public entry point that takes a hand-made
 * geometry object (shape creation, queries, the character mover). The `make*`
 * constructors in geometry.ts build valid objects; these check objects that may not come
 * from them. Messages follow `fn: field must be ..., got value`.
 */

import { MAX_COORDINATE, MAX_LENGTH, MAX_POLYGON_VERTICES } from '../base/constants.js';
import {
  checkInteger,
  checkNonNegativeAtMost,
  checkPositiveAtMost,
  checkWithin,
  fail,
} from '../base/validate.js';
import { Capsule, Circle, Polygon, Segment } from './geometry.js';

/** A circle: finite center, finite radius > 0. */
export function checkCircle(fn: string, field: string, c: unknown): Circle {
  if (!(c instanceof Circle)) fail(fn, field, 'a Circle (see makeCircle)', c);
  checkWithin(fn, `${field}.cx`, c.cx, MAX_COORDINATE, 'm');
  checkWithin(fn, `${field}.cy`, c.cy, MAX_COORDINATE, 'm');
  checkPositiveAtMost(fn, `${field}.radius`, c.radius, MAX_LENGTH, 'm');
  return c;
}

/** A capsule: finite centers, finite radius > 0, centers apart (else it is a circle). */
export function checkCapsule(fn: string, field: string, c: unknown): Capsule {
  if (!(c instanceof Capsule)) fail(fn, field, 'a Capsule (see makeCapsule)', c);
  checkPositiveAtMost(fn, `${field}.radius`, c.radius, MAX_LENGTH, 'm');
  checkEnds(fn, field, ['c1x', 'c1y', 'c2x', 'c2y'], [c.c1x, c.c1y, c.c2x, c.c2y], ' (use a circle)');
  return c;
}

/** A segment: finite ends, not of zero length. */
export function checkSegment(fn: string, field: string, s: unknown): Segment {
  if (!(s instanceof Segment)) fail(fn, field, 'a Segment (see makeSegment)', s);
  checkEnds(fn, field, ['p1x', 'p1y', 'p2x', 'p2y'], [s.p1x, s.p1y, s.p2x, s.p2y], '');
  return s;
}

/**
 * The two ends of a capsule or segment, x1, y1, x2, y2 (named `names` in `field`): within
 * the coordinate range and apart (`hint` follows the rule a zero length breaks).
 */
function checkEnds(
  fn: string,
  field: string,
  names: readonly string[],
  ends: readonly number[],
  hint: string,
): void {
  for (let i = 0; i < 4; i++) checkWithin(fn, `${field}.${names[i]}`, ends[i], MAX_COORDINATE, 'm');
  const dx = ends[2]! - ends[0]!;
  const dy = ends[3]! - ends[1]!;
  const ll = dx * dx + dy * dy;
  if (!(ll > 1e-12)) fail(fn, `${field} length`, `greater than zero${hint}`, Math.sqrt(ll));
}

/**
 * A convex polygon as strictly as makePolygon builds one: 3 to MAX_POLYGON_VERTICES
 * finite vertices in strictly convex counter-clockwise order, outward unit normals,
 * a finite centroid and radius >= 0.
 */
export function checkPolygon(fn: string, field: string, p: unknown): Polygon {
  if (!(p instanceof Polygon)) fail(fn, field, 'a Polygon (see makeBox, makePolygon)', p);
  checkInteger(fn, `${field}.count`, p.count, 3, MAX_POLYGON_VERTICES);
  checkNonNegativeAtMost(fn, `${field}.radius`, p.radius, MAX_LENGTH, 'm');
  checkWithin(fn, `${field}.centroidX`, p.centroidX, MAX_COORDINATE, 'm');
  checkWithin(fn, `${field}.centroidY`, p.centroidY, MAX_COORDINATE, 'm');
  const n = p.count;
  for (let i = 0; i < n; i++) {
    checkWithin(fn, `${field}.vx[${i}]`, p.vx[i], MAX_COORDINATE, 'm');
    checkWithin(fn, `${field}.vy[${i}]`, p.vy[i], MAX_COORDINATE, 'm');
  }
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const k = (i + 2) % n;
    const e1x = p.vx[j]! - p.vx[i]!;
    const e1y = p.vy[j]! - p.vy[i]!;
    const e2x = p.vx[k]! - p.vx[j]!;
    const e2y = p.vy[k]! - p.vy[j]!;
    if (!(e1x * e2y - e1y * e2x > 0)) {
      fail(
        fn,
        `${field} vertex ${j}`,
        'a strictly convex counter-clockwise corner',
        `(${p.vx[j]}, ${p.vy[j]})`,
      );
    }
    const len = Math.sqrt(e1x * e1x + e1y * e1y);
    const nx = p.nx[i]!;
    const ny = p.ny[i]!;
    if (!(Math.abs(nx - e1y / len) <= 1e-6 && Math.abs(ny + e1x / len) <= 1e-6)) {
      fail(fn, `${field}.nx/ny[${i}]`, 'the outward unit normal of edge i', `(${nx}, ${ny})`);
    }
  }
  return p;
}
