/**
 * The checks of a world query's arguments (world/query.ts has the queries): each throws a
 * RangeError naming the function, the field and the value, before anything is read from
 * the world. A module of its own so that a client of a world in another thread (the
 * worker's) checks a query where it is made without shipping the queries, the distance
 * and cast kernels they run. The checks leave what they read (the filter, a shape query's
 * transform) here, for the query that follows; queries do not nest.
 */

import { Capsule, Circle, Polygon, ShapeType } from '../geometry/geometry.js';
import { CosSin, cosSin, Transform, type Vec2 } from '../base/math.js';
import { checkBits, checkBoolean, checkVec2, checkVec2Within, checkWithin, fail } from '../base/validate.js';
import { MAX_ANGLE, MAX_COORDINATE, MAX_DISTANCE } from '../base/constants.js';
import { checkCapsule, checkCircle, checkPolygon } from '../geometry/geometry_checks.js';

/** Which shapes a query considers (see the module notes). Both fields default to all bits. */
export interface QueryFilter {
  categoryBits: number;
  maskBits: number;
  /**
   * Whether sensor shapes are considered. Default: false for ray and shape casts (they
   * pass through sensors), true for overlap queries.
   */
  includeSensors?: boolean;
}

/** Placement of a query shape: position of its frame and rotation angle (radians). */
export interface QueryTransform {
  position: Vec2;
  angle: number;
}

/** An axis-aligned box for `overlapAABB`. */
export interface QueryAABB {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Geometry a shape query accepts (in the query transform's frame). */
export type QueryGeometry = Circle | Capsule | Polygon;

const ALL_BITS = 0xffffffff;

/** The default query filter: every category, every mask bit. */
export function defaultQueryFilter(): QueryFilter {
  return { categoryBits: ALL_BITS, maskBits: ALL_BITS };
}

// ---------------------------------------------------------------------------------------
// Validation

function reject(fn: string, field: string, rule: string, shown: string): never {
  throw new RangeError(`${fn}: ${field} must be ${rule}, got ${shown}`);
}

// The validated filter of the query in progress.
export let filterCategory = ALL_BITS;
export let filterMask = ALL_BITS;
export let filterSensors = false;

/** Reads a query filter; `sensors` is what a missing `includeSensors` means for this query. */
function readFilter(fn: string, filter: unknown, sensors: boolean): void {
  filterSensors = sensors;
  if (filter === undefined) {
    filterCategory = ALL_BITS;
    filterMask = ALL_BITS;
    return;
  }
  if (typeof filter !== 'object' || filter === null)
    fail(fn, 'filter', 'an object {categoryBits, maskBits}', filter);
  const f = filter as Partial<QueryFilter>;
  // a field left out keeps its default (every category, every mask bit)
  const category =
    f.categoryBits === undefined ? ALL_BITS : checkBits(fn, 'filter.categoryBits', f.categoryBits);
  const mask = f.maskBits === undefined ? ALL_BITS : checkBits(fn, 'filter.maskBits', f.maskBits);
  if (f.includeSensors !== undefined) {
    filterSensors = checkBoolean(fn, 'filter.includeSensors', f.includeSensors);
  }
  filterCategory = category >>> 0;
  filterMask = mask >>> 0;
}

/**
 * A ray's or sweep's translation: not zero (nor so short that its squared length
 * underflows) and at most MAX_DISTANCE long, which covers a cast between any two points of
 * the valid world. The squared length of a huge vector overflows to Infinity and fails too.
 */
function checkTranslation(fn: string, translation: unknown): Vec2 {
  const t = checkVec2(fn, 'translation', translation);
  const ll = t.x * t.x + t.y * t.y;
  if (!(ll > 0 && ll <= MAX_DISTANCE * MAX_DISTANCE)) {
    reject(fn, 'translation', `a non-zero vector of length at most ${MAX_DISTANCE} m`, `(${t.x}, ${t.y})`);
  }
  return t;
}

/** A query point (a ray's origin, a point to test): each component a coordinate. */
function checkPoint(fn: string, field: string, point: unknown): Vec2 {
  return checkVec2Within(fn, field, point, MAX_COORDINATE, 'm');
}

const scratchCosSin = new CosSin();

/** The transform of the shape query in progress, left by checkShapeQuery for the query. */
export const castXf = new Transform();

function readTransform(fn: string, transform: unknown, out: Transform): void {
  if (typeof transform !== 'object' || transform === null) {
    fail(fn, 'transform', 'an object {position, angle}', transform);
  }
  const t = transform as Partial<QueryTransform>;
  const p = checkVec2Within(fn, 'transform.position', t.position, MAX_COORDINATE, 'm');
  const angle = checkWithin(fn, 'transform.angle', t.angle, MAX_ANGLE, 'rad');
  const q = cosSin(angle, scratchCosSin);
  out.set(p.x, p.y, q.c, q.s);
}

/** Checks a query geometry as strictly as the shape constructors do; returns its type. */
function checkGeometry(fn: string, g: unknown): ShapeType {
  if (g instanceof Circle) {
    checkCircle(fn, 'geometry', g);
    return ShapeType.Circle;
  }
  if (g instanceof Capsule) {
    checkCapsule(fn, 'geometry', g);
    return ShapeType.Capsule;
  }
  if (g instanceof Polygon) {
    checkPolygon(fn, 'geometry', g);
    return ShapeType.Polygon;
  }
  return fail(fn, 'geometry', 'a Circle, Capsule or Polygon (see makeCircle, makeCapsule, makeBox)', g);
}

function checkAABB(fn: string, aabb: unknown): QueryAABB {
  if (typeof aabb !== 'object' || aabb === null) fail(fn, 'aabb', 'an object {minX, minY, maxX, maxY}', aabb);
  const a = aabb as Partial<QueryAABB>;
  const minX = checkWithin(fn, 'aabb.minX', a.minX, MAX_COORDINATE, 'm');
  const minY = checkWithin(fn, 'aabb.minY', a.minY, MAX_COORDINATE, 'm');
  const maxX = checkWithin(fn, 'aabb.maxX', a.maxX, MAX_COORDINATE, 'm');
  const maxY = checkWithin(fn, 'aabb.maxY', a.maxY, MAX_COORDINATE, 'm');
  if (!(maxX >= minX)) reject(fn, 'aabb.maxX', `>= aabb.minX (${minX})`, String(maxX));
  if (!(maxY >= minY)) reject(fn, 'aabb.maxY', `>= aabb.minY (${minY})`, String(maxY));
  return { minX, minY, maxX, maxY };
}

/**
 * The checks of a query's arguments, without the query: a client of a world in another
 * thread (the worker's) runs them before it sends anything, so that bad input throws at
 * its call site with the world's own message. `fn` names the query; each function takes
 * the arguments of the queries it names, in their order.
 */
export function checkRayQuery(
  fn: 'castRayClosest' | 'castRayAll' | 'castRayAny',
  origin: unknown,
  translation: unknown,
  filter: unknown,
): void {
  checkPoint(fn, 'origin', origin);
  checkTranslation(fn, translation);
  readFilter(fn, filter, false);
}

/**
 * See checkRayQuery: castShape's arguments (a translation) or overlapShape's (none). Returns
 * the geometry's type; leaves the transform in castXf and the filter read, for the query.
 */
export function checkShapeQuery(
  fn: 'castShape' | 'overlapShape',
  geometry: unknown,
  transform: unknown,
  translation: unknown,
  filter: unknown,
): ShapeType {
  const type = checkGeometry(fn, geometry);
  readTransform(fn, transform, castXf);
  if (fn === 'castShape') checkTranslation(fn, translation);
  readFilter(fn, filter, fn === 'overlapShape');
  return type;
}

/** See checkRayQuery: overlapAABB's arguments. */
export function checkAABBQuery(aabb: unknown, filter: unknown): void {
  checkAABB('overlapAABB', aabb);
  readFilter('overlapAABB', filter, true);
}

/** See checkRayQuery: overlapPoint's arguments. */
export function checkPointQuery(point: unknown, filter: unknown): void {
  checkPoint('overlapPoint', 'point', point);
  readFilter('overlapPoint', filter, true);
}
