/**
 * World queries through the broad-phase trees: ray casts, shape casts and overlap tests.
 * The `World` methods of the same names delegate here.
 *
 * Every entry point validates all of its arguments first (RangeError naming the function,
 * the field and the value) and never changes the world. Results are deterministic: lists
 * are sorted (hits by fraction then shape id, overlaps by shape id) and ties between equal
 * fractions go to the lower shape id, so the tree layout never shows in a result.
 *
 * Rules shared by the queries:
 * - Filter: a shape is considered when (shape.categoryBits & filter.maskBits) !== 0 and
 *   (filter.categoryBits & shape.maskBits) !== 0. Group indices are not used. The default
 *   filter has every bit set in both fields.
 * - Sensors: ray and shape casts pass through sensor shapes unless the filter says
 *   `includeSensors: true` (as the character mover does); overlap queries answer "what
 *   is here" and find sensors unless it says `includeSensors: false`.
 * - Rays report where they enter a shape. A ray starting strictly inside a solid shape
 *   (circle, capsule, polygon) does not hit that shape (Box2D v3's rule); a ray starting
 *   on the surface and heading in hits it at fraction 0. Segments are two-sided; chain
 *   segments are hit only from their collision side (the right of p1 -> p2).
 * - Shape casts report the first time of impact (radii included). A shape that already
 *   touches or overlaps the cast shape at its start is reported at fraction 0. Chain
 *   segments are hit only from their collision side.
 * - Overlaps include touching (distance 0). Segments and chain segments have no area:
 *   `overlapPoint` never returns them; `overlapShape` treats both as two-sided segments.
 * - Shapes of every body type are found, asleep or awake.
 * - Ranges: points (a ray's origin, `overlapPoint`'s point, box corners, a transform's
 *   position) within MAX_COORDINATE per component; a translation non-zero and at most
 *   MAX_DISTANCE long (constants.ts, README "Valid ranges").
 */

import {
  DistanceOutput,
  DistanceProxy,
  makeProxy,
  shapeDistance,
  pointSegmentDistanceSq,
} from '../collision/distance.js';
import {
  AABB,
  type Capsule,
  type ChainSegment,
  type Circle,
  computeShapeAABB,
  type Geometry,
  type Polygon,
  ShapeType,
} from '../geometry/geometry.js';
import { Transform, type Vec2 } from '../base/math.js';
import { copyHit, type HitFields, RayCastOutput, rayCastShape } from '../collision/ray_cast.js';
import { ShapeCastOutput, shapeCast } from '../collision/shape_cast.js';
import type { WorldState } from './world_state.js';
import type { BodyId, ShapeId } from '../types/ids.js';
import {
  castXf,
  checkAABBQuery,
  checkPointQuery,
  checkRayQuery,
  checkShapeQuery,
  filterCategory,
  filterMask,
  filterSensors,
} from './query_checks.js';
import type { QueryFilter, QueryGeometry, QueryAABB, QueryTransform } from './query_checks.js';

/** A ray hit. `fraction` is in [0, 1] along the translation; the normal is the surface's. */
export interface RayHit {
  readonly shapeId: ShapeId;
  readonly bodyId: BodyId;
  /** Where the ray enters the shape (world). */
  readonly point: Vec2;
  /** Outward unit surface normal at `point` (world). */
  readonly normal: Vec2;
  readonly fraction: number;
}

/** A shape-cast hit: the first contact of the swept shape. */
export interface ShapeCastHit {
  readonly shapeId: ShapeId;
  readonly bodyId: BodyId;
  /** Contact point at the time of impact (world). */
  readonly point: Vec2;
  /** Unit normal at the contact, pointing from the hit shape towards the cast shape. */
  readonly normal: Vec2;
  /** Time of impact as a fraction of the translation, in [0, 1]. */
  readonly fraction: number;
}

export type { QueryAABB, QueryFilter, QueryGeometry, QueryTransform } from './query_checks.js';

// ---------------------------------------------------------------------------------------
// Shared state of the query in progress. The tree callbacks are module functions reading
// these, so a query allocates no closure; queries do not nest.

let world: WorldState | null = null;

function accepts(w: WorldState, s: number): boolean {
  const shapes = w.shapes;
  return (
    (shapes.categoryBits[s]! & filterMask) !== 0 &&
    (filterCategory & shapes.maskBits[s]!) !== 0 &&
    (filterSensors || shapes.isSensor[s] !== 1)
  );
}

function shapeHandle(w: WorldState, s: number): ShapeId {
  return w.shapes.pool.handle(s) as ShapeId;
}

function bodyHandle(w: WorldState, s: number): BodyId {
  return w.bodies.pool.handle(w.shapes.body[s]!) as BodyId;
}

/** Sets `out` to the transform of shape s's body. */
function bodyTransform(w: WorldState, s: number, out: Transform): Transform {
  const b = w.shapes.body[s]!;
  const bodies = w.bodies;
  return out.set(bodies.px[b]!, bodies.py[b]!, bodies.c[b]!, bodies.s[b]!);
}

// ---------------------------------------------------------------------------------------
// Ray casts

const RAY_CLOSEST = 0;
const RAY_ALL = 1;
const RAY_ANY = 2;

let rayMode = RAY_CLOSEST;
let rayOx = 0;
let rayOy = 0;
let rayDx = 0;
let rayDy = 0;
let rayBestSlot = -1;
let rayBestHandle = 0;
let rayBestFraction = 1;
const rayLocal = new RayCastOutput();
const rayBest = new RayCastOutput();
let rayHits: RayHit[] = [];

/** Casts the current ray at shape s in its body frame; the result is world frame. */
function castRayAtShape(w: WorldState, s: number, maxFraction: number, out: RayCastOutput): boolean {
  const b = w.shapes.body[s]!;
  const bodies = w.bodies;
  const px = bodies.px[b]!;
  const py = bodies.py[b]!;
  const c = bodies.c[b]!;
  const sn = bodies.s[b]!;
  const rx = rayOx - px;
  const ry = rayOy - py;
  const hit = rayCastShape(
    w.shapes.typeOf(s),
    w.shapes.geometry[s]!,
    c * rx + sn * ry,
    -sn * rx + c * ry,
    c * rayDx + sn * rayDy,
    -sn * rayDx + c * rayDy,
    maxFraction,
    out,
  );
  if (!hit) return false;
  const lx = out.pointX;
  const ly = out.pointY;
  const nx = out.normalX;
  const ny = out.normalY;
  out.pointX = px + c * lx - sn * ly;
  out.pointY = py + sn * lx + c * ly;
  out.normalX = c * nx - sn * ny;
  out.normalY = sn * nx + c * ny;
  return true;
}

/** The hit on shape slot `s` that a ray cast or a shape cast found (`r`), as the public record. */
function makeHit(w: WorldState, s: number, r: HitFields): RayHit & ShapeCastHit {
  return {
    shapeId: shapeHandle(w, s),
    bodyId: bodyHandle(w, s),
    point: { x: r.pointX, y: r.pointY },
    normal: { x: r.normalX, y: r.normalY },
    fraction: r.fraction,
  };
}

function rayCallback(_proxyId: number, s: number, _enter: number): number {
  const w = world!;
  if (!accepts(w, s)) return -1;
  if (rayMode === RAY_CLOSEST) {
    if (!castRayAtShape(w, s, rayBestFraction, rayLocal)) return -1;
    const handle = shapeHandle(w, s);
    const f = rayLocal.fraction;
    if (rayBestSlot === -1 || f < rayBestFraction || (f === rayBestFraction && handle < rayBestHandle)) {
      rayBestSlot = s;
      rayBestHandle = handle;
      rayBestFraction = f;
      copyHit(rayLocal, rayBest);
    }
    // Clip the ray; 0 would stop the traversal, and an equal fraction on a lower id
    // must still be found.
    return rayBestFraction > 0 ? rayBestFraction : Number.MIN_VALUE;
  }
  if (!castRayAtShape(w, s, 1, rayLocal)) return -1;
  if (rayMode === RAY_ANY) {
    rayBestSlot = s;
    copyHit(rayLocal, rayBest);
    return 0;
  }
  rayHits.push(makeHit(w, s, rayLocal));
  return -1;
}

function runRay(
  w: WorldState,
  fn: 'castRayClosest' | 'castRayAll' | 'castRayAny',
  origin: Vec2,
  translation: Vec2,
  filter: unknown,
  mode: number,
): void {
  checkRayQuery(fn, origin, translation, filter);
  const o = origin;
  const t = translation;
  world = w;
  rayMode = mode;
  rayOx = o.x;
  rayOy = o.y;
  rayDx = t.x;
  rayDy = t.y;
  rayBestSlot = -1;
  rayBestHandle = 0;
  rayBestFraction = 1;
  try {
    const trees = w.broadPhase.trees;
    for (let i = 0; i < 3; i++) {
      const max = mode === RAY_CLOSEST ? Math.max(rayBestFraction, Number.MIN_VALUE) : 1;
      trees[i as 0 | 1 | 2].rayCast(o.x, o.y, t.x, t.y, max, filterMask, rayCallback);
      if (mode === RAY_ANY && rayBestSlot !== -1) break;
    }
  } finally {
    world = null;
  }
}

/** A ray query that answers with one hit or null (castRayClosest, castRayAny). */
type SingleHitRay = (
  w: WorldState,
  origin: Vec2,
  translation: Vec2,
  filter?: Partial<QueryFilter>,
) => RayHit | null;

/** The ray query `fn` (its errors name it) that keeps one hit as `mode` says. */
function singleHitRay(fn: 'castRayClosest' | 'castRayAny', mode: number): SingleHitRay {
  return (w, origin, translation, filter) => {
    runRay(w, fn, origin, translation, filter, mode);
    return rayBestSlot === -1 ? null : makeHit(w, rayBestSlot, rayBest);
  };
}

/** See `World.castRayClosest`. */
export const castRayClosest = singleHitRay('castRayClosest', RAY_CLOSEST);

/** See `World.castRayAny`. */
export const castRayAny = singleHitRay('castRayAny', RAY_ANY);

/** See `World.castRayAll`. */
export function castRayAll(
  w: WorldState,
  origin: Vec2,
  translation: Vec2,
  filter?: Partial<QueryFilter>,
): RayHit[] {
  const hits: RayHit[] = [];
  rayHits = hits;
  try {
    runRay(w, 'castRayAll', origin, translation, filter, RAY_ALL);
  } finally {
    rayHits = [];
  }
  hits.sort((a, b) => a.fraction - b.fraction || a.shapeId - b.shapeId);
  return hits;
}

// ---------------------------------------------------------------------------------------
// Shape cast

const castProxy = new DistanceProxy();
const targetProxy = new DistanceProxy();
const targetXf = new Transform();
const castOut = new ShapeCastOutput();
const castBest = new ShapeCastOutput();
const queryBox = new AABB();
let castTx = 0;
let castTy = 0;
let castBestSlot = -1;
let castBestHandle = 0;

/** True when the hit's normal is on the collision side of chain segment s (world). */
function onChainSide(w: WorldState, s: number, nx: number, ny: number): boolean {
  const g = w.shapes.geometry[s] as ChainSegment;
  const b = w.shapes.body[s]!;
  const c = w.bodies.c[b]!;
  const sn = w.bodies.s[b]!;
  const ex = g.p2x - g.p1x;
  const ey = g.p2y - g.p1y;
  // Right normal (ey, -ex) rotated to world.
  const rx = c * ey + sn * ex;
  const ry = sn * ey - c * ex;
  return rx * nx + ry * ny > 0;
}

function castCallback(_proxyId: number, s: number): boolean {
  const w = world!;
  if (!accepts(w, s)) return true;
  const best = castBestSlot === -1 ? 1 : castBest.fraction;
  makeProxy(w.shapes.geometry[s]!, targetProxy);
  bodyTransform(w, s, targetXf);
  if (!shapeCast(targetProxy, targetXf, castProxy, castXf, castTx, castTy, best, castOut)) return true;
  if (w.shapes.type[s] === ShapeType.ChainSegment && !onChainSide(w, s, castOut.normalX, castOut.normalY)) {
    return true;
  }
  const handle = shapeHandle(w, s);
  const f = castOut.fraction;
  if (castBestSlot === -1 || f < castBest.fraction || (f === castBest.fraction && handle < castBestHandle)) {
    castBestSlot = s;
    castBestHandle = handle;
    copyHit(castOut, castBest);
  }
  return true;
}

/** See `World.castShape`. */
export function castShape(
  w: WorldState,
  geometry: QueryGeometry,
  transform: QueryTransform,
  translation: Vec2,
  filter?: Partial<QueryFilter>,
): ShapeCastHit | null {
  const type = checkShapeQuery('castShape', geometry, transform, translation, filter);
  const t = translation;

  makeProxy(geometry, castProxy);
  castTx = t.x;
  castTy = t.y;
  castBestSlot = -1;
  castBestHandle = 0;
  // Swept box: the shape's box at the start united with the box at the end.
  const box = computeShapeAABB(type, geometry, castXf, queryBox);
  const minX = Math.min(box.minX, box.minX + t.x);
  const minY = Math.min(box.minY, box.minY + t.y);
  const maxX = Math.max(box.maxX, box.maxX + t.x);
  const maxY = Math.max(box.maxY, box.maxY + t.y);
  world = w;
  try {
    const trees = w.broadPhase.trees;
    for (let i = 0; i < 3; i++) trees[i as 0 | 1 | 2].query(minX, minY, maxX, maxY, filterMask, castCallback);
  } finally {
    world = null;
  }
  return castBestSlot === -1 ? null : makeHit(w, castBestSlot, castBest);
}

// ---------------------------------------------------------------------------------------
// Overlaps

let overlapSlots: number[] = [];
let boxMinX = 0;
let boxMinY = 0;
let boxMaxX = 0;
let boxMaxY = 0;
let pointX = 0;
let pointY = 0;
const overlapDistance = new DistanceOutput();

function tightBoxOverlaps(w: WorldState, s: number): boolean {
  const shapes = w.shapes;
  return (
    shapes.box[4 * s]! <= boxMaxX &&
    shapes.box[4 * s + 2]! >= boxMinX &&
    shapes.box[4 * s + 1]! <= boxMaxY &&
    shapes.box[4 * s + 3]! >= boxMinY
  );
}

function aabbCallback(_proxyId: number, s: number): boolean {
  const w = world!;
  if (accepts(w, s) && tightBoxOverlaps(w, s)) overlapSlots.push(s);
  return true;
}

/** Whether the local point (x, y) is in the solid (boundary included). */
function containsPoint(type: ShapeType, g: Geometry, x: number, y: number): boolean {
  switch (type) {
    case ShapeType.Circle: {
      const c = g as Circle;
      const dx = x - c.cx;
      const dy = y - c.cy;
      return dx * dx + dy * dy <= c.radius * c.radius;
    }
    case ShapeType.Capsule: {
      const c = g as Capsule;
      return pointSegmentDistanceSq(x, y, c.c1x, c.c1y, c.c2x, c.c2y) <= c.radius * c.radius;
    }
    case ShapeType.Polygon: {
      const p = g as Polygon;
      let separation = Number.NEGATIVE_INFINITY;
      for (let i = 0; i < p.count; i++) {
        const s = p.nx[i]! * (x - p.vx[i]!) + p.ny[i]! * (y - p.vy[i]!);
        if (s > separation) separation = s;
      }
      if (separation <= 0) return true;
      const r = p.radius;
      if (separation > r) return false;
      let best = Number.POSITIVE_INFINITY;
      for (let i = 0; i < p.count; i++) {
        const j = i + 1 < p.count ? i + 1 : 0;
        const d = pointSegmentDistanceSq(x, y, p.vx[i]!, p.vy[i]!, p.vx[j]!, p.vy[j]!);
        if (d < best) best = d;
      }
      return best <= r * r;
    }
    default:
      return false; // segments have no area
  }
}

function pointCallback(_proxyId: number, s: number): boolean {
  const w = world!;
  if (!accepts(w, s)) return true;
  const b = w.shapes.body[s]!;
  const bodies = w.bodies;
  const c = bodies.c[b]!;
  const sn = bodies.s[b]!;
  const rx = pointX - bodies.px[b]!;
  const ry = pointY - bodies.py[b]!;
  if (containsPoint(w.shapes.typeOf(s), w.shapes.geometry[s]!, c * rx + sn * ry, -sn * rx + c * ry)) {
    overlapSlots.push(s);
  }
  return true;
}

function shapeCallback(_proxyId: number, s: number): boolean {
  const w = world!;
  if (!accepts(w, s) || !tightBoxOverlaps(w, s)) return true;
  makeProxy(w.shapes.geometry[s]!, targetProxy);
  bodyTransform(w, s, targetXf);
  shapeDistance(targetProxy, targetXf, castProxy, castXf, true, overlapDistance);
  if (overlapDistance.distance <= 0) overlapSlots.push(s);
  return true;
}

/** Runs `callback` over the three trees in the box given (kept for it); returns sorted shape ids. */
function collect(
  w: WorldState,
  callback: (proxyId: number, s: number) => boolean,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
): ShapeId[] {
  boxMinX = minX;
  boxMinY = minY;
  boxMaxX = maxX;
  boxMaxY = maxY;
  const slots: number[] = [];
  overlapSlots = slots;
  world = w;
  try {
    const trees = w.broadPhase.trees;
    for (let i = 0; i < 3; i++)
      trees[i as 0 | 1 | 2].query(boxMinX, boxMinY, boxMaxX, boxMaxY, filterMask, callback);
  } finally {
    world = null;
    overlapSlots = [];
  }
  const ids = slots.map((s) => shapeHandle(w, s));
  ids.sort((a, b) => a - b);
  return ids;
}

/** See `World.overlapAABB`. */
export function overlapAABB(w: WorldState, aabb: QueryAABB, filter?: Partial<QueryFilter>): ShapeId[] {
  checkAABBQuery(aabb, filter);
  return collect(w, aabbCallback, aabb.minX, aabb.minY, aabb.maxX, aabb.maxY);
}

/** See `World.overlapPoint`. */
export function overlapPoint(w: WorldState, point: Vec2, filter?: Partial<QueryFilter>): ShapeId[] {
  checkPointQuery(point, filter);
  pointX = point.x;
  pointY = point.y;
  return collect(w, pointCallback, point.x, point.y, point.x, point.y);
}

/** See `World.overlapShape`. */
export function overlapShape(
  w: WorldState,
  geometry: QueryGeometry,
  transform: QueryTransform,
  filter?: Partial<QueryFilter>,
): ShapeId[] {
  const type = checkShapeQuery('overlapShape', geometry, transform, undefined, filter);
  makeProxy(geometry, castProxy);
  const box = computeShapeAABB(type, geometry, castXf, queryBox);
  return collect(w, shapeCallback, box.minX, box.minY, box.maxX, box.maxY);
}

/**
 * The query feature (world_features.ts): the `World` methods of the same names, which a
 * host loads on the first query.
 */
export const queryFeature = {
  castRayClosest,
  castRayAll,
  castRayAny,
  castShape,
  overlapAABB,
  overlapPoint,
  overlapShape,
};
