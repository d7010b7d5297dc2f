/**
 * Character mover: a kinematic capsule for player avatars, moved by collide-and-slide
 * against the world. The mover is not a body and is not simulated; the game owns its
 * velocity and calls `move` once per frame with the translation it wants.
 *
 * Method (Erin Catto's plane solver, as in Box2D v3's mover; our own code):
 * 1. Gather contact planes at the current position: every shape whose distance to the
 *    capsule is below `MOVER_MARGIN` gives a plane n·δ >= b on the move's displacement δ
 *    (n from the shape towards the capsule, b chosen so that the capsule keeps the gap
 *    `MOVER_SKIN`). A plane is the linearisation of a convex distance function, so it
 *    never lets the capsule closer than the skin, whatever δ.
 * 2. Solve: the displacement closest to the target that satisfies every plane. In 2D this
 *    projection is computed exactly, incrementally (Seidel: a plane that cuts off the
 *    current optimum moves it onto that plane's line, clamped by the earlier planes);
 *    projected Gauss-Seidel on the planes (Box2D's b2SolvePlanes) is the fallback when the
 *    planes contradict each other. Gauss-Seidel alone converges at cos²(angle) per sweep
 *    and left a capsule creeping up a step corner, where a steep plane and its virtual wall
 *    are 10° apart. Each plane's push-out is capped at `maxPushOut` per move.
 * 3. Sweep the capsule from the current position to the solution (a shape cast that
 *    stops `MOVER_CAST_SKIN` short of any shape), move to the first hit, gather the new
 *    planes there and solve again; stop when the solution is where the capsule already is
 *    (bounded by `maxIterations`).
 * Because the sweep stops short of every shape the capsule did not already touch, and the
 * planes keep it off every shape it did, the capsule never ends inside static geometry.
 *
 * On top of the slide:
 * - Slopes: a contact is walkable when its surface normal is within `maxSlope` of `up`.
 *   A steep contact (facing up but not walkable) also gets a virtual vertical wall, so
 *   walking into it does not climb it, while falling onto it still slides down.
 * - Ledges and steps: a corner under the capsule's foot (its walkable top face within
 *   `stepHeight` of the foot at the start of the move) counts as walkable, so the round
 *   bottom rolls over it; when a grounded move is blocked, the mover also tries
 *   up-across-down (cast up by `stepHeight`, slide across, cast down) and keeps that path
 *   when it lands on walkable ground further along.
 * - Ground snap: a move that started on (or within MOVER_MARGIN of) walkable ground, is
 *   not heading up, and ends in the air, casts the capsule down (as far as the steepest
 *   walkable slope drops over the move, or `stepHeight`) and keeps the landing when it is
 *   walkable, so walking down a slope or off a small ledge stays grounded (Box2D v3's
 *   mover sample snaps the same way).
 * - Pushing: dynamic bodies the capsule pushes against receive an impulse along the
 *   contact normal, at most `maxPushForce * dt` per body per move, through
 *   `World.applyLinearImpulse`.
 *
 * Allocation: planes, candidates and casts use module scratch; a `CharacterMover` reuses
 * its result object, so a steady-state `move` allocates nothing (pushing a body passes two
 * reused vectors to `applyLinearImpulse`). Moves do not nest (the module is not reentrant,
 * like the queries).
 *
 * Determinism: only exact arithmetic and `Math.sqrt`; candidate shapes are visited in
 * shape-slot order, so the tree layout never shows in a result.
 */

import { STATE_STRIDE, VX, VY } from '../dynamics/body.js';
import { LINEAR_SLOP, MAX_COORDINATE, MAX_MOVE_TRANSLATION, MAX_SPEED } from '../base/constants.js';
import { DistanceOutput, DistanceProxy, makeProxy, shapeDistance } from '../collision/distance.js';
import { Capsule, type ChainSegment, type Polygon, type Segment, ShapeType } from '../geometry/geometry.js';
import { Transform, type Vec2 } from '../base/math.js';
import { ShapeCastOutput, shapeCast } from '../collision/shape_cast.js';
import { checkVec2Within } from '../base/validate.js';
import { checkCapsule } from '../geometry/geometry_checks.js';
import {
  checkDt,
  checkIgnoreBody,
  MoverConfig,
  type MoverDef,
  type MoverOptions,
  readMoverDef,
  readOptions,
} from './mover_options.js';
import type { WorldState } from '../world/world_state.js';
import { BodyType } from '../types/body_def.js';
import type { BodyId, ShapeId } from '../types/ids.js';

// ---------------------------------------------------------------------------------------
// Tunables

/** Gap the plane solver keeps between the capsule and the shapes it touches (m). */
export const MOVER_SKIN = 0.5 * LINEAR_SLOP;
/** Sweeps stop this far from a shape the capsule was not touching (m). */
export const MOVER_CAST_SKIN = 0.25 * LINEAR_SLOP;
/** Shapes closer than this to the capsule give contact planes (m). */
export const MOVER_MARGIN = 4 * LINEAR_SLOP;
/** A plane counts as touching (grounded, clipping, pushing, reported) within this gap (m). */
export const MOVER_TOUCH = MOVER_SKIN + LINEAR_SLOP;
/** Most planes one move keeps; further planes are dropped (the sweep still guards them). */
export const MOVER_MAX_PLANES = 128;

// A shape already closer than the cast skin may not get closer than its distance minus this.
const CAST_EPS = 0.02 * LINEAR_SLOP;
const SOLVER_MAX_ITERATIONS = 64;
// Sum of |push changes| (m) below which the plane solver has converged.
const SOLVER_TOLERANCE = 1e-8;
// The slide stops when the solution is this close to the current position (m).
const MOVE_TOLERANCE = 1e-6;
// A step is attempted and kept only for a horizontal gain above this (m).
const STEP_MIN_GAIN = 0.2 * LINEAR_SLOP;
// Allowance on the step height for ledge contacts (m).
const STEP_TOLERANCE = LINEAR_SLOP;
// The ground snap reaches at most as far down as a slope of this cosine (~84°) would drop.
const SNAP_MIN_COS = 0.1;

// ---------------------------------------------------------------------------------------
// Public types (the options and the definition are mover_options.ts's)

export { checkMoverDef, defaultMoverOptions, type MoverDef, type MoverOptions } from './mover_options.js';

/** A mutable 2D vector owned by a result (copy it to keep it past the next move). */
export interface MutableVec2 {
  x: number;
  y: number;
}

/** A shape the capsule touches at the end of a move (one per shape). */
export class MoverContact {
  shapeId = 0 as ShapeId;
  bodyId = 0 as BodyId;
  /** Unit normal from the shape towards the capsule (world). */
  readonly normal: MutableVec2 = { x: 0, y: 0 };
  /** Normal of the shape's surface under the contact: the top face of a ledge corner. */
  readonly surfaceNormal: MutableVec2 = { x: 0, y: 0 };
  /** Contact point on the shape's surface (world). */
  readonly point: MutableVec2 = { x: 0, y: 0 };
  /** Gap between the capsule and the shape (m), about MOVER_SKIN when resting on it. */
  separation = 0;
  /** Whether the mover can stand on this contact (see the module notes). */
  walkable = false;
}

/**
 * Result of a move. A `CharacterMover` reuses one result object: read it (or copy what
 * you need) before the next move.
 */
export class MoveResult {
  /** Where the mover's frame is after the move. */
  readonly position: MutableVec2 = { x: 0, y: 0 };
  /** The displacement actually made (position after minus position before). */
  readonly translation: MutableVec2 = { x: 0, y: 0 };
  /**
   * The requested translation with its components into the touched planes removed. Divide
   * by dt (or clip the velocity itself with `clipVelocity`) to get the velocity to keep:
   * landing zeroes the fall, a wall zeroes the push into it, a slide keeps the tangent.
   */
  readonly clippedTranslation: MutableVec2 = { x: 0, y: 0 };
  /** On walkable ground at the end of the move. */
  grounded = false;
  /** Surface normal of the ground (the most upward walkable contact); (0, 0) when airborne. */
  readonly groundNormal: MutableVec2 = { x: 0, y: 0 };
  /** Shape and body of that ground contact (0 when airborne): moving platforms. */
  groundShapeId = 0 as ShapeId;
  groundBodyId = 0 as BodyId;
  /** The mover stepped up this move: took the up-across-down path and ended higher. */
  stepped = false;
  /** Total impulse (N s) applied to dynamic bodies this move. */
  pushImpulse = 0;
  /** Sweep-and-solve rounds used (all slides of the move). */
  iterations = 0;
  /** The shapes touched at the end of the move, sorted by shape id. */
  readonly contacts: MoverContact[] = [];
  private readonly pool: MoverContact[] = [];
  /** @internal Normals of the planes touched at the end (virtual walls included). */
  readonly clipNormals = new Float64Array(2 * MOVER_MAX_PLANES);
  /** @internal */
  clipCount = 0;

  /** @internal */
  resetContacts(): void {
    this.contacts.length = 0;
  }

  /** @internal */
  addContact(): MoverContact {
    const n = this.contacts.length;
    if (n === this.pool.length) this.pool.push(new MoverContact());
    const c = this.pool[n]!;
    this.contacts.push(c);
    return c;
  }
}

// ---------------------------------------------------------------------------------------
// Plane storage (module scratch, two sets: the plain slide and the step path)

class PlaneSet {
  count = 0;
  readonly nx = new Float64Array(MOVER_MAX_PLANES);
  readonly ny = new Float64Array(MOVER_MAX_PLANES);
  /** The constraint is n·δ >= b, δ the displacement from the move's start. */
  readonly b = new Float64Array(MOVER_MAX_PLANES);
  /** Gauss-Seidel accumulated pushes (scratch). */
  readonly push = new Float64Array(MOVER_MAX_PLANES);
  /** b with the push-out cap applied (scratch of solve). */
  readonly limit = new Float64Array(MOVER_MAX_PLANES);
  /** Surface normal (walkability) and contact point, world. */
  readonly mx = new Float64Array(MOVER_MAX_PLANES);
  readonly my = new Float64Array(MOVER_MAX_PLANES);
  readonly pointX = new Float64Array(MOVER_MAX_PLANES);
  readonly pointY = new Float64Array(MOVER_MAX_PLANES);
  readonly shape = new Int32Array(MOVER_MAX_PLANES);
  readonly body = new Int32Array(MOVER_MAX_PLANES);
  /** -1 for a real plane; for a virtual wall, the index of the steep plane it stands for. */
  readonly parent = new Int32Array(MOVER_MAX_PLANES);
  /** b of a virtual wall = b of its parent times this. */
  readonly scale = new Float64Array(MOVER_MAX_PLANES);
  readonly walkable = new Uint8Array(MOVER_MAX_PLANES);
  startGrounded = false;
  /** A walkable plane within MOVER_MARGIN at the start (the ground snap's "was grounded"). */
  startNearGround = false;
}

const setA = new PlaneSet();
const setB = new PlaneSet();

let world: WorldState | null = null;
let cfg = new MoverConfig();
let ignoreSlot = -1;
// Capsule of the move (mover frame) and its lowest core point along -up.
let c1x = 0;
let c1y = 0;
let c2x = 0;
let c2y = 0;
let radius = 0;
// Foot (lowest point of the capsule) along up at the start of the move.
let foot0 = 0;

const moverCore = new DistanceProxy();
const moverCast = new DistanceProxy();
const moverXf = new Transform();
const targetProxy = new DistanceProxy();
const targetXf = new Transform();
const distOut = new DistanceOutput();
const castOut = new ShapeCastOutput();
const impulse: MutableVec2 = { x: 0, y: 0 };
const impulsePoint: MutableVec2 = { x: 0, y: 0 };

let candidates = new Int32Array(64);
let candidateCount = 0;
let boxMinX = 0;
let boxMinY = 0;
let boxMaxX = 0;
let boxMaxY = 0;

// Output of solve(), slide(), cast().
let solX = 0;
let solY = 0;
let slideX = 0;
let slideY = 0;
let iterationsUsed = 0;
let castHit = false;

// ---------------------------------------------------------------------------------------
// Validation

/**
 * Checks a move's translation (each component within MAX_MOVE_TRANSLATION: a velocity in
 * range over the longest step) and that the world is not stepping; returns the slot of
 * the body to ignore, or -1.
 */
function checkMoveArgs(fn: string, w: WorldState, translation: unknown, c: MoverConfig): number {
  checkVec2Within(fn, 'translation', translation, MAX_MOVE_TRANSLATION, 'm');
  if (w.locked) throw new Error(`${fn}: the world is stepping`);
  return c.ignoreBody === null ? -1 : checkIgnoreBody(fn, w, c.ignoreBody);
}

// ---------------------------------------------------------------------------------------
// Gathering candidate shapes

function gatherCallback(_proxyId: number, s: number): boolean {
  const w = world!;
  const shapes = w.shapes;
  if ((shapes.categoryBits[s]! & cfg.maskBits) === 0 || (cfg.categoryBits & shapes.maskBits[s]!) === 0) {
    return true;
  }
  if (shapes.body[s] === ignoreSlot) return true;
  // sensors never block the mover (they see it at the end of the step)
  if (shapes.isSensor[s] === 1) return true;
  if (
    shapes.box[4 * s]! > boxMaxX ||
    shapes.box[4 * s + 2]! < boxMinX ||
    shapes.box[4 * s + 1]! > boxMaxY ||
    shapes.box[4 * s + 3]! < boxMinY
  ) {
    return true;
  }
  if (candidateCount === candidates.length) {
    const grown = new Int32Array(candidates.length * 2);
    grown.set(candidates);
    candidates = grown;
  }
  candidates[candidateCount++] = s;
  return true;
}

/** Fills `candidates` (sorted by slot) with the shapes whose box meets the current box. */
function gather(w: WorldState): void {
  candidateCount = 0;
  const trees = w.broadPhase.trees;
  for (let i = 0; i < 3; i++) {
    trees[i as 0 | 1 | 2].query(boxMinX, boxMinY, boxMaxX, boxMaxY, cfg.maskBits, gatherCallback);
  }
  // Insertion sort: a handful of shapes, and the order must not depend on the trees.
  for (let i = 1; i < candidateCount; i++) {
    const v = candidates[i]!;
    let j = i - 1;
    while (j >= 0 && candidates[j]! > v) {
      candidates[j + 1] = candidates[j]!;
      j--;
    }
    candidates[j + 1] = v;
  }
}

/** Sets the query box to the capsule at (px, py) swept by (dx, dy), grown by `margin`. */
function setBox(px: number, py: number, dx: number, dy: number, margin: number): void {
  const minX = px + Math.min(c1x, c2x) - radius - margin;
  const minY = py + Math.min(c1y, c2y) - radius - margin;
  const maxX = px + Math.max(c1x, c2x) + radius + margin;
  const maxY = py + Math.max(c1y, c2y) + radius + margin;
  boxMinX = Math.min(minX, minX + dx);
  boxMinY = Math.min(minY, minY + dy);
  boxMaxX = Math.max(maxX, maxX + dx);
  boxMaxY = Math.max(maxY, maxY + dy);
}

/** Loads shape s into targetProxy / targetXf. */
function loadTarget(w: WorldState, s: number): void {
  makeProxy(w.shapes.geometry[s]!, targetProxy);
  const b = w.shapes.body[s]!;
  const bodies = w.bodies;
  targetXf.set(bodies.px[b]!, bodies.py[b]!, bodies.c[b]!, bodies.s[b]!);
}

/** Chain segments block only from their right side: false when the capsule is behind. */
function chainSideOk(w: WorldState, s: number, px: number, py: number): boolean {
  if (w.shapes.type[s] !== ShapeType.ChainSegment) return true;
  const g = w.shapes.geometry[s] as ChainSegment;
  const c = targetXf.c;
  const sn = targetXf.s;
  const ex = g.p2x - g.p1x;
  const ey = g.p2y - g.p1y;
  const rx = c * ey + sn * ex; // right normal (ey, -ex), rotated to world
  const ry = sn * ey - c * ex;
  const ax = targetXf.px + c * g.p1x - sn * g.p1y;
  const ay = targetXf.py + sn * g.p1x + c * g.p1y;
  const mx = px + 0.5 * (c1x + c2x) - ax;
  const my = py + 0.5 * (c1y + c2y) - ay;
  return mx * rx + my * ry >= 0;
}

// ---------------------------------------------------------------------------------------
// Planes

// Output of contactPlane().
let cnX = 0;
let cnY = 0;
let cmX = 0;
let cmY = 0;
let cpX = 0;
let cpY = 0;
let cSep = 0;

/**
 * Contact of the capsule at (px, py) with the loaded target: normal, surface normal,
 * point and separation. False when it cannot be computed (cores overlap on a round shape).
 */
function contactPlane(w: WorldState, s: number, px: number, py: number): boolean {
  moverXf.set(px, py, 1, 0);
  shapeDistance(targetProxy, targetXf, moverCore, moverXf, false, distOut);
  const rT = targetProxy.radius;
  const type = w.shapes.type[s]!;
  if (distOut.distance > 0) {
    cnX = distOut.normalX;
    cnY = distOut.normalY;
    cSep = distOut.distance - rT - radius;
    cpX = distOut.pointAX + rT * cnX;
    cpY = distOut.pointAY + rT * cnY;
    surfaceNormal(w, s, type);
    return true;
  }
  if (type !== ShapeType.Polygon) return false;
  // The capsule's core is inside the polygon: push out through the face of least
  // penetration.
  const p = w.shapes.geometry[s] as Polygon;
  const c = targetXf.c;
  const sn = targetXf.s;
  let best = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < p.count; i++) {
    const nx = c * p.nx[i]! - sn * p.ny[i]!;
    const ny = sn * p.nx[i]! + c * p.ny[i]!;
    const vx = targetXf.px + c * p.vx[i]! - sn * p.vy[i]!;
    const vy = targetXf.py + sn * p.vx[i]! + c * p.vy[i]!;
    const s1 = nx * (px + c1x - vx) + ny * (py + c1y - vy);
    const s2 = nx * (px + c2x - vx) + ny * (py + c2y - vy);
    const sep = Math.min(s1, s2);
    if (sep > best) {
      best = sep;
      cnX = nx;
      cnY = ny;
      const qx = s1 < s2 ? px + c1x : px + c2x;
      const qy = s1 < s2 ? py + c1y : py + c2y;
      cpX = qx - sep * nx;
      cpY = qy - sep * ny;
    }
  }
  cSep = best - p.radius - radius;
  cmX = cnX;
  cmY = cnY;
  return true;
}

/**
 * Surface normal under the contact: the contact normal, except at a vertex of a polygon or
 * segment, where it is the most upward of the faces meeting there (the top of a ledge).
 */
function surfaceNormal(w: WorldState, s: number, type: number): void {
  cmX = cnX;
  cmY = cnY;
  const n = distOut.simplexCount;
  const onVertex = n === 1 || (n === 2 && distOut.indexA[0] === distOut.indexA[1]);
  if (!onVertex || type === ShapeType.Circle || type === ShapeType.Capsule) return;
  const c = targetXf.c;
  const sn = targetXf.s;
  const upX = cfg.upX;
  const upY = cfg.upY;
  if (type === ShapeType.Polygon) {
    const p = w.shapes.geometry[s] as Polygon;
    const i = distOut.indexA[0]!;
    const j = i === 0 ? p.count - 1 : i - 1;
    const aX = c * p.nx[i]! - sn * p.ny[i]!;
    const aY = sn * p.nx[i]! + c * p.ny[i]!;
    const bX = c * p.nx[j]! - sn * p.ny[j]!;
    const bY = sn * p.nx[j]! + c * p.ny[j]!;
    if (aX * upX + aY * upY >= bX * upX + bY * upY) {
      cmX = aX;
      cmY = aY;
    } else {
      cmX = bX;
      cmY = bY;
    }
    return;
  }
  // Segment or chain segment: its normal on the capsule's side.
  const g = w.shapes.geometry[s] as Segment;
  const ex = g.p2x - g.p1x;
  const ey = g.p2y - g.p1y;
  const l = Math.sqrt(ex * ex + ey * ey);
  let nx = (c * ey + sn * ex) / l;
  let ny = (sn * ey - c * ex) / l;
  if (nx * cnX + ny * cnY < 0) {
    nx = -nx;
    ny = -ny;
  }
  cmX = nx;
  cmY = ny;
}

/** Adds a plane (or tightens the same shape's plane with the same normal). */
function addPlane(set: PlaneSet, nx: number, ny: number, b: number, s: number, body: number): number {
  for (let i = 0; i < set.count; i++) {
    if (set.shape[i] !== s || set.parent[i] !== -1) continue;
    if (nx * set.nx[i]! + ny * set.ny[i]! > 1 - 1e-12) {
      if (b > set.b[i]!) {
        set.b[i] = b;
        for (let k = i + 1; k < set.count; k++) {
          if (set.parent[k] === i) set.b[k] = b * set.scale[k]!;
        }
      }
      return -2;
    }
  }
  const i = set.count;
  if (i === MOVER_MAX_PLANES) return -1;
  set.count = i + 1;
  set.nx[i] = nx;
  set.ny[i] = ny;
  set.b[i] = b;
  set.shape[i] = s;
  set.body[i] = body;
  set.parent[i] = -1;
  set.scale[i] = 1;
  set.walkable[i] = 0;
  return i;
}

/** Gathers the planes of every shape near the capsule at (px, py) into `set`. */
function collect(w: WorldState, set: PlaneSet, px: number, py: number, ox: number, oy: number): void {
  setBox(px, py, 0, 0, MOVER_MARGIN);
  gather(w);
  const upX = cfg.upX;
  const upY = cfg.upY;
  const cosMax = cfg.cosMaxSlope;
  for (let k = 0; k < candidateCount; k++) {
    const s = candidates[k]!;
    loadTarget(w, s);
    if (!chainSideOk(w, s, px, py)) continue;
    if (!contactPlane(w, s, px, py)) continue;
    if (cSep > MOVER_MARGIN) continue;
    const nx = cnX;
    const ny = cnY;
    const b = MOVER_SKIN - cSep + nx * (px - ox) + ny * (py - oy);
    const i = addPlane(set, nx, ny, b, s, w.shapes.body[s]!);
    if (i < 0) continue;
    set.mx[i] = cmX;
    set.my[i] = cmY;
    set.pointX[i] = cpX;
    set.pointY[i] = cpY;
    // Walkable: a gentle contact, or a ledge (a walkable top face) no higher than a step.
    const nu = nx * upX + ny * upY;
    if (nu <= 0) continue;
    const mu = cmX * upX + cmY * upY;
    const height = cpX * upX + cpY * upY - foot0;
    if (nu >= cosMax || (mu >= cosMax && mu > 0 && height <= cfg.stepHeight + STEP_TOLERANCE)) {
      set.walkable[i] = 1;
      continue;
    }
    // Steep: a virtual vertical wall at the contact, so pushing into it does not climb.
    const hx = nx - nu * upX;
    const hy = ny - nu * upY;
    const hl = Math.sqrt(hx * hx + hy * hy);
    if (!(hl > 1e-9)) continue;
    const j = set.count;
    if (j === MOVER_MAX_PLANES) continue;
    set.count = j + 1;
    set.nx[j] = hx / hl;
    set.ny[j] = hy / hl;
    set.scale[j] = 1 / hl;
    set.b[j] = b / hl;
    set.shape[j] = s;
    set.body[j] = set.body[i]!;
    set.parent[j] = i;
    set.walkable[j] = 0;
    set.mx[j] = hx / hl;
    set.my[j] = hy / hl;
    set.pointX[j] = cpX;
    set.pointY[j] = cpY;
  }
}

/** Linearised gap of plane i when the mover's frame is at (qx, qy). */
function gapAt(set: PlaneSet, i: number, qx: number, qy: number, ox: number, oy: number): number {
  return MOVER_SKIN - set.b[i]! + set.nx[i]! * (qx - ox) + set.ny[i]! * (qy - oy);
}

function groundedAt(
  set: PlaneSet,
  qx: number,
  qy: number,
  ox: number,
  oy: number,
  touch: number = MOVER_TOUCH,
): boolean {
  for (let i = 0; i < set.count; i++) {
    if (set.walkable[i] === 1 && gapAt(set, i, qx, qy, ox, oy) <= touch) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------
// Solver and sweep

/**
 * Displacement closest to (tx, ty) satisfying every plane, into (solX, solY). Each plane's
 * push-out is capped at `maxPushOut` (b clamped). Exact incremental solve first; Gauss-Seidel
 * when the planes contradict each other (squeezed between shapes).
 */
function solve(set: PlaneSet, tx: number, ty: number): void {
  const n = set.count;
  const be = set.limit;
  const pushOut = cfg.maxPushOut;
  for (let i = 0; i < n; i++) be[i] = Math.min(set.b[i]!, pushOut);
  if (!solveExact(set, tx, ty)) solveGaussSeidel(set, tx, ty);
}

// Violations below this (m) count as satisfied in the exact solve.
const FEASIBILITY_TOLERANCE = 1e-12;

/**
 * The exact projection of the target onto the intersection of the half-planes
 * n_i·δ >= be_i, built incrementally (Seidel): when plane i cuts off the optimum over
 * planes 0..i-1, the new optimum lies on plane i's line, where it is the target's
 * projection clamped to the interval the earlier planes leave. Returns false when the
 * planes have no common point.
 */
function solveExact(set: PlaneSet, tx: number, ty: number): boolean {
  const n = set.count;
  const nxs = set.nx;
  const nys = set.ny;
  const be = set.limit;
  let x = tx;
  let y = ty;
  for (let i = 0; i < n; i++) {
    const nx = nxs[i]!;
    const ny = nys[i]!;
    const b = be[i]!;
    if (nx * x + ny * y >= b - FEASIBILITY_TOLERANCE) continue;
    // Line of plane i: (x0, y0) + s (dx, dy).
    const x0 = b * nx;
    const y0 = b * ny;
    const dx = -ny;
    const dy = nx;
    let lo = Number.NEGATIVE_INFINITY;
    let hi = Number.POSITIVE_INFINITY;
    for (let j = 0; j < i; j++) {
      const a = nxs[j]! * dx + nys[j]! * dy;
      const c = be[j]! - (nxs[j]! * x0 + nys[j]! * y0);
      if (Math.abs(a) < 1e-12) {
        if (c > 1e-9) return false;
        continue;
      }
      const sj = c / a;
      if (a > 0) {
        if (sj > lo) lo = sj;
      } else if (sj < hi) hi = sj;
    }
    if (lo > hi) {
      if (lo > hi + 1e-9) return false;
      const m = 0.5 * (lo + hi);
      lo = m;
      hi = m;
    }
    let sv = dx * (tx - x0) + dy * (ty - y0);
    if (sv < lo) sv = lo;
    else if (sv > hi) sv = hi;
    x = x0 + sv * dx;
    y = y0 + sv * dy;
  }
  solX = x;
  solY = y;
  return true;
}

/** Projected Gauss-Seidel on the planes (accumulated pushes >= 0): a best effort. */
function solveGaussSeidel(set: PlaneSet, tx: number, ty: number): void {
  const n = set.count;
  const nxs = set.nx;
  const nys = set.ny;
  const be = set.limit;
  const push = set.push;
  for (let i = 0; i < n; i++) push[i] = 0;
  let dx = tx;
  let dy = ty;
  for (let it = 0; it < SOLVER_MAX_ITERATIONS; it++) {
    let total = 0;
    for (let i = 0; i < n; i++) {
      const nx = nxs[i]!;
      const ny = nys[i]!;
      const old = push[i]!;
      let acc = old + be[i]! - (nx * dx + ny * dy);
      if (acc < 0) acc = 0;
      const d = acc - old;
      if (d !== 0) {
        push[i] = acc;
        dx += d * nx;
        dy += d * ny;
        total += Math.abs(d);
      }
    }
    if (total < SOLVER_TOLERANCE) break;
  }
  solX = dx;
  solY = dy;
}

/**
 * Sweeps the capsule from (px, py) by (dx, dy); returns the fraction it can travel.
 * A shape is approached no closer than min(its distance, MOVER_CAST_SKIN) - CAST_EPS.
 */
function cast(w: WorldState, px: number, py: number, dx: number, dy: number): number {
  castHit = false;
  setBox(px, py, dx, dy, MOVER_CAST_SKIN);
  gather(w);
  let best = 1;
  for (let k = 0; k < candidateCount; k++) {
    const s = candidates[k]!;
    loadTarget(w, s);
    if (!chainSideOk(w, s, px, py)) continue;
    moverXf.set(px, py, 1, 0);
    shapeDistance(targetProxy, targetXf, moverCore, moverXf, false, distOut);
    if (!(distOut.distance > 0)) continue;
    const d0 = distOut.distance - targetProxy.radius - radius;
    const keep = Math.min(d0, MOVER_CAST_SKIN) - CAST_EPS;
    const r = radius + keep;
    if (!(r > 0)) continue;
    moverCast.radius = r;
    if (!shapeCast(targetProxy, targetXf, moverCast, moverXf, dx, dy, best, castOut)) continue;
    if (castOut.fraction < best || !castHit) {
      best = castOut.fraction;
      castHit = true;
    }
  }
  return best;
}

/**
 * Collide-and-slide from (p0x, p0y) by (tx, ty) into `set`; the end is (slideX, slideY).
 * The planes' b are relative to (p0x, p0y).
 */
function slide(w: WorldState, set: PlaneSet, p0x: number, p0y: number, tx: number, ty: number): void {
  set.count = 0;
  let px = p0x;
  let py = p0y;
  for (let it = 0; it < cfg.maxIterations; it++) {
    collect(w, set, px, py, p0x, p0y);
    if (it === 0) {
      set.startGrounded = groundedAt(set, px, py, p0x, p0y);
      set.startNearGround = groundedAt(set, px, py, p0x, p0y, MOVER_MARGIN);
    }
    solve(set, tx, ty);
    iterationsUsed++;
    const dx = p0x + solX - px;
    const dy = p0y + solY - py;
    if (dx * dx + dy * dy < MOVE_TOLERANCE * MOVE_TOLERANCE) break;
    const f = cast(w, px, py, dx, dy);
    px += f * dx;
    py += f * dy;
  }
  slideX = px;
  slideY = py;
}

// ---------------------------------------------------------------------------------------
// The move

/** Runs one move; `out` receives the result. Arguments are validated by the caller. */
/**
 * How a mover writes the world: through the `World`'s own public write (World implements
 * this), so a push is checked and marked for rollback like any other write
 * (world/write_marks.ts installWriteMarks), never written past that mechanism.
 */
export interface MoverWriter {
  applyBodyLinearImpulse(bodyId: BodyId, impulse: Vec2, point: Vec2, wake?: boolean): void;
}

function runMove(
  w: WorldState,
  writer: MoverWriter,
  capsule: Capsule,
  p0x: number,
  p0y: number,
  tx: number,
  ty: number,
  config: MoverConfig,
  ignore: number,
  out: MoveResult,
): void {
  world = w;
  cfg = config;
  ignoreSlot = ignore;
  c1x = capsule.c1x;
  c1y = capsule.c1y;
  c2x = capsule.c2x;
  c2y = capsule.c2y;
  radius = capsule.radius;
  moverCore.px[0] = c1x;
  moverCore.py[0] = c1y;
  moverCore.px[1] = c2x;
  moverCore.py[1] = c2y;
  moverCore.count = 2;
  moverCore.radius = 0;
  moverCast.px[0] = c1x;
  moverCast.py[0] = c1y;
  moverCast.px[1] = c2x;
  moverCast.py[1] = c2y;
  moverCast.count = 2;
  const upX = config.upX;
  const upY = config.upY;
  foot0 = p0x * upX + p0y * upY + Math.min(c1x * upX + c1y * upY, c2x * upX + c2y * upY) - radius;
  iterationsUsed = 0;
  try {
    slide(w, setA, p0x, p0y, tx, ty);
    let set = setA;
    let fx = slideX;
    let fy = slideY;
    // The planes' b are relative to the start of the slide that produced them.
    let ox = p0x;
    let oy = p0y;
    let stepped = false;

    // Step: up, across, down, when a grounded walk is blocked.
    const tv = tx * upX + ty * upY;
    const hx = tx - tv * upX;
    const hy = ty - tv * upY;
    const hl = Math.sqrt(hx * hx + hy * hy);
    if (config.stepHeight > 0 && setA.startGrounded && hl > STEP_MIN_GAIN && config.stepHeight > tv) {
      const progress = ((fx - p0x) * hx + (fy - p0y) * hy) / hl;
      if (progress < hl - STEP_MIN_GAIN) {
        const up = config.stepHeight * cast(w, p0x, p0y, config.stepHeight * upX, config.stepHeight * upY);
        const ux = p0x + up * upX;
        const uy = p0y + up * upY;
        slide(w, setB, ux, uy, hx, hy);
        const ax = slideX;
        const ay = slideY;
        const down = up - tv;
        const f = cast(w, ax, ay, -down * upX, -down * upY);
        if (castHit) {
          const lx = ax - f * down * upX;
          const ly = ay - f * down * upY;
          // Settle on the landing (push out to the skin) and gather its planes.
          slide(w, setB, lx, ly, 0, 0);
          const sx = slideX;
          const sy = slideY;
          const stepProgress = ((sx - p0x) * hx + (sy - p0y) * hy) / hl;
          if (stepProgress > progress + STEP_MIN_GAIN && groundedAt(setB, sx, sy, lx, ly)) {
            set = setB;
            fx = sx;
            fy = sy;
            ox = lx;
            oy = ly;
            // a step up only when the path rose: going around or down a bump is a walk
            stepped = (sx - p0x) * upX + (sy - p0y) * upY > STEP_TOLERANCE;
          }
        }
      }
    }

    // Snap: a grounded walk that is not heading up (no jump) and ends in the air, off a
    // slope's edge, down a slope steeper than the frame's fall, or off a small ledge, is
    // cast down to the ground below, as Box2D v3's mover sample does, instead of floating.
    // The cast reaches the drop of the steepest walkable slope over the move's horizontal
    // length, or stepHeight (a ledge), whichever is more; past that the mover falls.
    // "Was grounded" is read within MOVER_MARGIN: rolling over a slope's edge, the last move
    // ended touching by its linearised planes, and the fresh distance is a few mm more.
    if (setA.startNearGround && tv <= 0 && !groundedAt(set, fx, fy, ox, oy)) {
      const cosMax = config.cosMaxSlope;
      const slopeDrop =
        cosMax > SNAP_MIN_COS ? (hl * Math.sqrt(1 - cosMax * cosMax)) / cosMax : hl / SNAP_MIN_COS;
      const reach = Math.max(slopeDrop, config.stepHeight) + MOVER_MARGIN;
      const f = cast(w, fx, fy, -reach * upX, -reach * upY);
      if (castHit) {
        const lx = fx - f * reach * upX;
        const ly = fy - f * reach * upY;
        // settle on the landing (planes gathered there, not linearised from afar)
        slide(w, setB, lx, ly, 0, 0);
        if (groundedAt(setB, slideX, slideY, lx, ly)) {
          set = setB;
          fx = slideX;
          fy = slideY;
          ox = lx;
          oy = ly;
        }
      }
    }
    finish(w, writer, set, p0x, p0y, fx, fy, ox, oy, tx, ty, stepped, out);
  } finally {
    world = null;
  }
}

/** Writes the result and pushes dynamic bodies. */
function finish(
  w: WorldState,
  writer: MoverWriter,
  set: PlaneSet,
  p0x: number,
  p0y: number,
  fx: number,
  fy: number,
  ox: number,
  oy: number,
  tx: number,
  ty: number,
  stepped: boolean,
  out: MoveResult,
): void {
  out.position.x = fx;
  out.position.y = fy;
  out.translation.x = fx - p0x;
  out.translation.y = fy - p0y;
  out.stepped = stepped;
  out.iterations = iterationsUsed;

  // Clip the requested translation against the planes touched at the end.
  let clipCount = 0;
  for (let i = 0; i < set.count; i++) {
    if (gapAt(set, i, fx, fy, ox, oy) > MOVER_TOUCH) continue;
    // Ground clips with its surface normal: a ledge corner is flat ground, not a ramp.
    const walk = set.walkable[i] === 1;
    out.clipNormals[2 * clipCount] = walk ? set.mx[i]! : set.nx[i]!;
    out.clipNormals[2 * clipCount + 1] = walk ? set.my[i]! : set.ny[i]!;
    clipCount++;
  }
  out.clipCount = clipCount;
  clipAgainst(out, tx, ty);
  const vx = clipX;
  const vy = clipY;
  out.clippedTranslation.x = vx;
  out.clippedTranslation.y = vy;

  // Contacts: one per shape (its smallest gap), sorted by shape id; ground.
  out.resetContacts();
  out.grounded = false;
  out.groundNormal.x = 0;
  out.groundNormal.y = 0;
  out.groundShapeId = 0 as ShapeId;
  out.groundBodyId = 0 as BodyId;
  let bestUp = Number.NEGATIVE_INFINITY;
  const upX = cfg.upX;
  const upY = cfg.upY;
  const shapes = w.shapes;
  const bodies = w.bodies;
  for (let i = 0; i < set.count; i++) {
    if (set.parent[i] !== -1) continue;
    const gap = gapAt(set, i, fx, fy, ox, oy);
    if (gap > MOVER_TOUCH) continue;
    let dup = false;
    for (let k = 0; k < set.count; k++) {
      if (k === i || set.parent[k] !== -1 || set.shape[k] !== set.shape[i]) continue;
      const g = gapAt(set, k, fx, fy, ox, oy);
      if (g < gap || (g === gap && k < i)) {
        dup = true;
        break;
      }
    }
    if (dup) continue;
    const c = out.addContact();
    const s = set.shape[i]!;
    const b = set.body[i]!;
    c.shapeId = shapes.pool.handle(s) as ShapeId;
    c.bodyId = bodies.pool.handle(b) as BodyId;
    c.normal.x = set.nx[i]!;
    c.normal.y = set.ny[i]!;
    c.surfaceNormal.x = set.mx[i]!;
    c.surfaceNormal.y = set.my[i]!;
    c.point.x = set.pointX[i]!;
    c.point.y = set.pointY[i]!;
    c.separation = gap;
    c.walkable = set.walkable[i] === 1;
    if (c.walkable) {
      const mu = c.surfaceNormal.x * upX + c.surfaceNormal.y * upY;
      if (mu > bestUp) {
        bestUp = mu;
        out.grounded = true;
        out.groundNormal.x = c.surfaceNormal.x;
        out.groundNormal.y = c.surfaceNormal.y;
        out.groundShapeId = c.shapeId;
        out.groundBodyId = c.bodyId;
      }
    }
  }
  out.contacts.sort(byShapeId);

  // Push dynamic bodies we walk into, at most maxPushForce * dt each.
  out.pushImpulse = 0;
  const maxImpulse = cfg.maxPushForce * cfg.dt;
  if (!(maxImpulse > 0)) return;
  const contacts = out.contacts;
  for (let k = 0; k < contacts.length; k++) {
    const c = contacts[k]!;
    const b = bodies.pool.resolve(c.bodyId);
    if (b === -1 || bodies.type[b] !== BodyType.Dynamic) continue;
    let seen = false;
    for (let j = 0; j < k; j++) {
      if (contacts[j]!.bodyId === c.bodyId) seen = true;
    }
    if (seen) continue;
    const nx = c.normal.x;
    const ny = c.normal.y;
    const into = -(nx * tx + ny * ty);
    if (!(into > 0)) continue;
    const o = b * STATE_STRIDE;
    // Speed the mover wants into the body, minus the speed the body already recedes at.
    const closing = into / cfg.dt + (nx * bodies.state[o + VX]! + ny * bodies.state[o + VY]!);
    if (!(closing > 0)) continue;
    const j = Math.min(maxImpulse, bodies.mass[b]! * closing);
    impulse.x = -j * nx;
    impulse.y = -j * ny;
    impulsePoint.x = c.point.x;
    impulsePoint.y = c.point.y;
    // the mover's only write, through the world's public write (MoverWriter)
    writer.applyBodyLinearImpulse(c.bodyId, impulse, impulsePoint, true);
    out.pushImpulse += j;
  }
}

let clipX = 0;
let clipY = 0;

/** (vx, vy) without its components into the result's touched planes, into (clipX, clipY). */
function clipAgainst(r: MoveResult, vx: number, vy: number): void {
  const normals = r.clipNormals;
  const n = r.clipCount;
  // Sequential clipping; a few passes settle corners (a clip can point into a plane
  // already passed).
  for (let pass = 0; pass < 4; pass++) {
    let changed = false;
    for (let i = 0; i < n; i++) {
      const nx = normals[2 * i]!;
      const ny = normals[2 * i + 1]!;
      const vn = vx * nx + vy * ny;
      if (vn < 0) {
        vx -= vn * nx;
        vy -= vn * ny;
        changed = true;
      }
    }
    if (!changed) break;
  }
  clipX = vx;
  clipY = vy;
}

function byShapeId(a: MoverContact, b: MoverContact): number {
  return a.shapeId - b.shapeId;
}

// ---------------------------------------------------------------------------------------
// Public API

/**
 * A kinematic character mover: a capsule that collides and slides through the world,
 * stands on walkable ground, steps onto low ledges and pushes dynamic bodies. Create it
 * with `world.createMover(def)`; call `move` once per frame with the translation you
 * want (velocity * dt); keep the velocity you get back with `clipVelocity` or
 * `result.clippedTranslation / dt`.
 *
 * ```ts
 * const mover = world.createMover({ capsule: makeCapsule(0, -0.5, 0, 0.5, 0.3), position: spawn,
 *   stepHeight: 0.3, maxPushForce: 200 });
 * // each frame:
 * if (!mover.result.grounded) vy -= 10 * dt; else if (jump) vy = 6;
 * const r = mover.move({ x: vx * dt, y: vy * dt }, dt);
 * vy = r.clippedTranslation.y / dt;
 * ```
 *
 * The mover is not a body: other bodies do not collide with it. For that, give the avatar
 * a kinematic body, pass it as `ignoreBody`, and move the body to `result.position` (e.g.
 * with `setLinearVelocity`) each frame.
 */
export class CharacterMover {
  /** The last move's result (reused by every move). */
  readonly result = new MoveResult();
  /** The state of the world the mover moves in (the same object for the world's life). */
  private readonly world: WorldState;
  /** The world itself, for the one write a mover makes (pushing a body). */
  private readonly writer: MoverWriter;
  private readonly config = new MoverConfig();
  private capsule: Capsule;
  private px: number;
  private py: number;

  /**
   * Validates `def`. Made by `world.createMover(def)`, which hands over its state, read
   * directly, and itself, the writer of the one write a mover makes (a push).
   * @internal
   */
  constructor(w: WorldState, writer: MoverWriter, def: MoverDef) {
    const { capsule, position: p } = readMoverDef(w, def, this.config);
    this.world = w;
    this.writer = writer;
    this.capsule = new Capsule(capsule.c1x, capsule.c1y, capsule.c2x, capsule.c2y, capsule.radius);
    this.px = p.x;
    this.py = p.y;
    this.result.position.x = p.x;
    this.result.position.y = p.y;
  }

  /**
   * Moves by `translation` (m, each component in [-25000, 25000]: a speed in range over
   * the longest step) with collide-and-slide, ground detection, stepping and pushing; `dt`
   * (s, in (0, 0.25]) only scales the push impulse (default: the `dt` option). Returns
   * `this.result`, overwritten by the next move.
   * @throws RangeError on a translation or dt out of range, or a stale `ignoreBody`.
   */
  move(translation: Vec2, dt?: number): MoveResult {
    const fn = 'CharacterMover.move';
    const w = this.world;
    const c = this.config;
    const ignore = checkMoveArgs(fn, w, translation, c);
    const saved = c.dt;
    if (dt !== undefined) c.dt = checkDt(fn, 'dt', dt);
    try {
      runMove(
        w,
        this.writer,
        this.capsule,
        this.px,
        this.py,
        translation.x,
        translation.y,
        c,
        ignore,
        this.result,
      );
    } finally {
      c.dt = saved;
    }
    this.px = this.result.position.x;
    this.py = this.result.position.y;
    return this.result;
  }

  /** Where the mover's frame is (a copy). */
  getPosition(): Vec2 {
    return { x: this.px, y: this.py };
  }

  /** Teleports the mover (no sweep; the next move pushes it out of any overlap). */
  setPosition(position: Vec2): void {
    const p = checkVec2Within('CharacterMover.setPosition', 'position', position, MAX_COORDINATE, 'm');
    this.px = p.x;
    this.py = p.y;
    this.result.position.x = p.x;
    this.result.position.y = p.y;
  }

  /** The capsule (a copy). */
  getCapsule(): Capsule {
    const c = this.capsule;
    return new Capsule(c.c1x, c.c1y, c.c2x, c.c2y, c.radius);
  }

  /** Changes the capsule (crouching); the next move pushes it out of any overlap. */
  setCapsule(capsule: Capsule): void {
    const c = checkCapsule('CharacterMover.setCapsule', 'capsule', capsule);
    this.capsule = new Capsule(c.c1x, c.c1y, c.c2x, c.c2y, c.radius);
  }

  /** The move options (a copy). */
  getOptions(): MoverOptions {
    return this.config.toOptions();
  }

  /** Changes some move options; all are validated before any is changed. */
  setOptions(options: Partial<MoverOptions>): void {
    readOptions('CharacterMover.setOptions', this.world, options, this.config, this.config);
  }

  /** On walkable ground after the last move. */
  get grounded(): boolean {
    return this.result.grounded;
  }

  /**
   * `velocity` with its components into the planes touched by the last move removed
   * (the same clipping as `result.clippedTranslation`). Writes `out` when given.
   */
  clipVelocity(velocity: Vec2, out?: MutableVec2): Vec2 {
    const v = checkVec2Within('CharacterMover.clipVelocity', 'velocity', velocity, MAX_SPEED, 'm/s');
    clipAgainst(this.result, v.x, v.y);
    const o = out ?? { x: 0, y: 0 };
    o.x = clipX;
    o.y = clipY;
    return o;
  }
}

/** See `World.moveCharacter`. Returns a new result. */
export function moveCharacter(
  w: WorldState,
  writer: MoverWriter,
  capsule: Capsule,
  position: Vec2,
  translation: Vec2,
  options?: Partial<MoverOptions>,
): MoveResult {
  const fn = 'moveCharacter';
  checkCapsule(fn, 'capsule', capsule);
  const p = checkVec2Within(fn, 'position', position, MAX_COORDINATE, 'm');
  const config = new MoverConfig();
  readOptions(fn, w, options, new MoverConfig(), config);
  const ignore = checkMoveArgs(fn, w, translation, config);
  const out = new MoveResult();
  runMove(w, writer, capsule, p.x, p.y, translation.x, translation.y, config, ignore, out);
  return out;
}

/** The feature World's createMover and moveCharacter call (world_features.ts). */
export const moverFeature = {
  createMover: (w: WorldState, writer: MoverWriter, def: MoverDef): CharacterMover =>
    new CharacterMover(w, writer, def),
  moveCharacter,
};
