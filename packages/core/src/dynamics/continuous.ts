/**
 * Continuous collision: fast bodies must not tunnel.
 *
 * After the solver, every dynamic body that moved more than half its thinnest extent is
 * swept from its pose at the start of the step to its pose at the end, against static
 * shapes (and, for bullets, against the shapes of non-bullet dynamic bodies at their
 * final poses). The time of impact comes from conservative advancement on the GJK
 * distance: advance by distance / (largest speed any point of the body can have toward
 * the other shape), which can never step past the first touch. A body that would hit
 * is put back at its pose at the time of impact, keeping its velocity; next step its
 * speculative contact stops it at the surface. Like Box2D v3, the rest of the step's
 * motion is dropped rather than re-solved (a sub-step to the impact).
 *
 * A shape that already touches the other at the start of the step (a time of impact of 0:
 * a body pressed against a wall by a paddle) is swept again as its core, a circle of
 * CORE_FRACTION of its thinnest half-extent about its centroid, as Box2D v3 does: the
 * core's first touch is where the centroid path would enter the wall, so the body is put
 * back before it crosses, where ignoring the 0 let it pass through. When the core touches
 * at the start as well (the paddle drove the body half through the wall last step), the
 * body stays at its start pose: Box2D v3 drops that 0 too, and the body tunnels. Only a
 * path whose centroid crosses the other shape is swept at all (centroidPathCrosses), so a
 * body sliding along a wall or a chain is never held.
 */

import { LINEAR_SLOP } from '../base/constants.js';
import { DistanceOutput, DistanceProxy, makeProxy, shapeDistance } from '../collision/distance.js';
import { AABB, ShapeType } from '../geometry/geometry.js';
import type { ChainSegment } from '../geometry/geometry.js';
import { Transform } from '../base/math.js';
import { RayCastOutput, rayCastShape } from '../collision/ray_cast.js';
import type { DynamicsState } from './dynamics_state.js';
import { moveBodyProxies } from './shape.js';
import { BodyType } from '../types/body_def.js';
import { shapeFiltersAllow } from './shape_filter.js';
import { shapeInnerExtent } from './body_mass.js';
import type { Capsule, Circle, Polygon } from '../geometry/geometry.js';

const MAX_ITERATIONS = 24;
/** The core swept when a shape touches at the start: this fraction of its thinnest half-extent. */
const CORE_FRACTION = 0.25;
/** The sweep stops this far from the surface: inside the speculative margin, outside slop. */
const TARGET = LINEAR_SLOP;

const proxyA = new DistanceProxy();
const proxyB = new DistanceProxy();
const distance = new DistanceOutput();
const rayOutput = new RayCastOutput();
const xfA = new Transform();
const xfB = new Transform();
/** The box of a body's centroid path, handed to the tree query (an object: double arguments would be boxed). */
const pathBox = new AABB(0.5, 0.5, 0.5, 0.5);
/** How far the path's box reaches past the path (see sweepBody). */
const PATH_PAD = LINEAR_SLOP;
let candidates = new Int32Array(64);
let candidateCount = 0;
let queryShape = 0;
let queryWorld: DynamicsState | null = null;

function collectCandidate(_proxyId: number, shape: number): boolean {
  const w = queryWorld!;
  const shapes = w.shapes;
  if (shapes.isSensor[shape] === 1) return true;
  if (shapes.body[shape] === shapes.body[queryShape]) return true;
  if (!shapeFiltersAllow(shapes, queryShape, shape)) return true;
  if (candidateCount === candidates.length) {
    const grown = new Int32Array(candidateCount * 2);
    grown.set(candidates);
    candidates = grown;
  }
  candidates[candidateCount++] = shape;
  return true;
}

/** Pose of body b at fraction t of its step: linear center, normalised-lerp rotation. */
function sweepTransform(w: DynamicsState, b: number, t: number, out: Transform): void {
  const bodies = w.bodies;
  const cx = bodies.c0x[b]! + t * (bodies.cx[b]! - bodies.c0x[b]!);
  const cy = bodies.c0y[b]! + t * (bodies.cy[b]! - bodies.c0y[b]!);
  let c = bodies.q0c[b]! + t * (bodies.c[b]! - bodies.q0c[b]!);
  let s = bodies.q0s[b]! + t * (bodies.s[b]! - bodies.q0s[b]!);
  const inv = 1 / Math.sqrt(c * c + s * s);
  c *= inv;
  s *= inv;
  const lcx = bodies.lcx[b]!;
  const lcy = bodies.lcy[b]!;
  out.set(cx - (c * lcx - s * lcy), cy - (s * lcx + c * lcy), c, s);
}

/**
 * Earliest fraction in [0, 1] at which shape sA of the swept body b comes within TARGET
 * of shape sB (held at its current pose), or 1 when it never does. When the shapes already
 * touch at the start, the same for sA's core (see the header), and 0 when that touches too.
 */
function timeOfImpact(w: DynamicsState, b: number, sA: number, sB: number): number {
  const shapes = w.shapes;
  const bodies = w.bodies;
  makeProxy(shapes.geometry[sB]!, proxyB);
  const bB = shapes.body[sB]!;
  xfB.set(bodies.px[bB]!, bodies.py[bB]!, bodies.c[bB]!, bodies.s[bB]!);
  makeProxy(shapes.geometry[sA]!, proxyA);
  const t = sweepProxyA(w, b);
  if (t !== 0 || !makeCoreProxy(shapes.typeOf(sA), shapes.geometry[sA]!, proxyA)) return t;
  return sweepProxyA(w, b);
}

/**
 * The core of a shape as a distance proxy: a circle about its centroid (body frame).
 * False, writing nothing, for a shape too thin to have one (a segment).
 */
function makeCoreProxy(type: ShapeType, g: unknown, out: DistanceProxy): boolean {
  const radius = CORE_FRACTION * shapeInnerExtent(type, g);
  if (!(radius > 0)) return false;
  let x = 0;
  let y = 0;
  if (type === ShapeType.Circle) {
    x = (g as Circle).cx;
    y = (g as Circle).cy;
  } else if (type === ShapeType.Capsule) {
    x = 0.5 * ((g as Capsule).c1x + (g as Capsule).c2x);
    y = 0.5 * ((g as Capsule).c1y + (g as Capsule).c2y);
  } else {
    x = (g as Polygon).centroidX;
    y = (g as Polygon).centroidY;
  }
  out.px[0] = x;
  out.py[0] = y;
  out.count = 1;
  out.radius = radius;
  return true;
}

/**
 * Conservative advancement of proxyA on body b's sweep against proxyB at xfB: the earliest
 * fraction at which they come within TARGET, 1 when they never do, 0 when they start so.
 */
function sweepProxyA(w: DynamicsState, b: number): number {
  const bodies = w.bodies;

  // largest speed (per unit of t) of any point of shape A relative to its sweep
  const dx = bodies.cx[b]! - bodies.c0x[b]!;
  const dy = bodies.cy[b]! - bodies.c0y[b]!;
  const cosDelta = bodies.c[b]! * bodies.q0c[b]! + bodies.s[b]! * bodies.q0s[b]!;
  const sinDelta = bodies.s[b]! * bodies.q0c[b]! - bodies.c[b]! * bodies.q0s[b]!;
  // |angle| <= pi/2 * |sin| for |angle| <= pi/2, and nlerp never turns more than the angle
  const turn = cosDelta > 0 ? 1.5707963267948966 * Math.abs(sinDelta) : Math.PI;
  let reach = 0;
  const lcx = bodies.lcx[b]!;
  const lcy = bodies.lcy[b]!;
  for (let i = 0; i < proxyA.count; i++) {
    const rx = proxyA.px[i]! - lcx;
    const ry = proxyA.py[i]! - lcy;
    const r = Math.sqrt(rx * rx + ry * ry);
    if (r > reach) reach = r;
  }
  const bound = Math.sqrt(dx * dx + dy * dy) + turn * (reach + proxyA.radius);
  if (bound === 0) return 1;

  w.profile.toiCalls++;
  let t = 0;
  for (let iter = 0; iter < MAX_ITERATIONS; iter++) {
    sweepTransform(w, b, t, xfA);
    shapeDistance(proxyA, xfA, proxyB, xfB, true, distance);
    const gap = distance.distance;
    if (gap <= TARGET + 0.25 * LINEAR_SLOP) return t;
    const next = t + (gap - TARGET) / bound;
    if (next >= 1) return 1;
    t = next;
  }
  return t;
}

/**
 * Only a body whose center of mass passed through the other shape can have tunneled.
 * A body that merely ended the step touching or resting on something (the common case,
 * which the solver's speculative contacts already handle) is left alone: pulling it back
 * would fight the solver and tear the joints it hangs from.
 */
function centroidPathCrosses(w: DynamicsState, b: number, sB: number): boolean {
  const bodies = w.bodies;
  const shapes = w.shapes;
  const body = shapes.body[sB]!;
  const c = bodies.c[body]!;
  const s = bodies.s[body]!;
  // the path in the other shape's body frame
  const ox0 = bodies.c0x[b]! - bodies.px[body]!;
  const oy0 = bodies.c0y[b]! - bodies.py[body]!;
  const dx0 = bodies.cx[b]! - bodies.c0x[b]!;
  const dy0 = bodies.cy[b]! - bodies.c0y[b]!;
  const ox = c * ox0 + s * oy0;
  const oy = -s * ox0 + c * oy0;
  const dx = c * dx0 + s * dy0;
  const dy = -s * dx0 + c * dy0;
  return rayCastShape(shapes.typeOf(sB), shapes.geometry[sB]!, ox, oy, dx, dy, 1, rayOutput);
}

/** True when the swept body starts behind a one-sided chain segment (it may pass). */
function behindChain(w: DynamicsState, b: number, sB: number): boolean {
  const shapes = w.shapes;
  if (shapes.type[sB] !== ShapeType.ChainSegment) return false;
  const g = shapes.geometry[sB] as ChainSegment;
  const bodies = w.bodies;
  const body = shapes.body[sB]!;
  const c = bodies.c[body]!;
  const s = bodies.s[body]!;
  const p1x = bodies.px[body]! + c * g.p1x - s * g.p1y;
  const p1y = bodies.py[body]! + s * g.p1x + c * g.p1y;
  const ex = c * (g.p2x - g.p1x) - s * (g.p2y - g.p1y);
  const ey = s * (g.p2x - g.p1x) + c * (g.p2y - g.p1y);
  // collision side is to the right of p1 -> p2: normal (ey, -ex)
  return (bodies.c0x[b]! - p1x) * ey - (bodies.c0y[b]! - p1y) * ex < 0;
}

/**
 * Sweeps the step's fast bodies and pulls back those that would tunnel. Called once a step,
 * so V8 compiles it late and in some processes only as its loop (on-stack replacement),
 * entered at the loop's first back edge of every call, and the interpreter boxes every
 * double it touches on the way (the spinner allocated about 174 KB a step here, in 1 of 1
 * surveyed processes). So the loop handles integers only, and the work of a body, with
 * its doubles, is sweepBody's, which V8 optimises whole after a few of its thousands of
 * calls a step (docs/core-design.md, "Per-item work in its own function").
 */
export function solveContinuous(w: DynamicsState): void {
  const profile = w.profile;
  profile.sweptBodies = 0;
  profile.toiCalls = 0;
  if (w.fastBodyCount === 0) return;
  queryWorld = w;
  for (let i = 0; i < w.fastBodyCount; i++) sweepBody(w, w.fastBodies[i]!);
  queryWorld = null;
}

/** Sweeps one fast body's shapes and puts it back at its earliest time of impact, if any. */
function sweepBody(w: DynamicsState, b: number): void {
  const bodies = w.bodies;
  const shapes = w.shapes;
  const trees = w.broadPhase.trees;
  w.profile.sweptBodies++;
  const bullet = bodies.bullet[b] === 1;
  let tMin = 1;
  // The trees are searched with the box of the centroid's path, not of the swept shape: a
  // candidate counts only when that path crosses it (centroidPathCrosses), and a path that
  // crosses a shape meets the shape's box, which its proxy's box holds. So this box finds
  // every candidate that can count, in the same order, and the same time of impact, at a
  // fraction of the walk: the spinner's 6,000 fast bodies each searched a box grown by
  // their reach (about 1.4 m across) and most searches ended near the leaves by the wall.
  // Padded by LINEAR_SLOP against rounding at a box's edge (a path that grazes a corner).
  const c0x = bodies.c0x[b]!;
  const c0y = bodies.c0y[b]!;
  const c1x = bodies.cx[b]!;
  const c1y = bodies.cy[b]!;
  pathBox.minX = (c0x < c1x ? c0x : c1x) - PATH_PAD;
  pathBox.minY = (c0y < c1y ? c0y : c1y) - PATH_PAD;
  pathBox.maxX = (c0x < c1x ? c1x : c0x) + PATH_PAD;
  pathBox.maxY = (c0y < c1y ? c1y : c0y) + PATH_PAD;
  for (let s = bodies.shapeHead[b]!; s !== -1; s = shapes.next[s]!) {
    if (shapes.isSensor[s] === 1) continue;
    candidateCount = 0;
    queryShape = s;
    trees[BodyType.Static]!.queryBox(pathBox, 0xffffffff, collectCandidate);
    if (bullet) {
      const before = candidateCount;
      trees[BodyType.Dynamic]!.queryBox(pathBox, 0xffffffff, collectCandidate);
      // bullets do not sweep against other bullets (both moved: neither pose is fixed)
      let keep = before;
      for (let k = before; k < candidateCount; k++) {
        const other = candidates[k]!;
        if (bodies.bullet[shapes.body[other]!] !== 1) candidates[keep++] = other;
      }
      candidateCount = keep;
    }
    for (let k = 0; k < candidateCount; k++) {
      const other = candidates[k]!;
      if (behindChain(w, b, other)) continue;
      if (!centroidPathCrosses(w, b, other)) continue;
      // a 0 is kept (see the header): 9 of the bench spinner's 6,076 bodies tunnelled by
      // step 360 when it was dropped
      const t = timeOfImpact(w, b, s, other);
      if (t < tMin) tMin = t;
    }
  }
  if (tMin < 1) moveToImpact(w, b, tMin);
}

/** Puts the body at its pose at the time of impact and refreshes its proxies. */
function moveToImpact(w: DynamicsState, b: number, t: number): void {
  const bodies = w.bodies;
  sweepTransform(w, b, t, xfA);
  bodies.px[b] = xfA.px;
  bodies.py[b] = xfA.py;
  bodies.c[b] = xfA.c;
  bodies.s[b] = xfA.s;
  bodies.cx[b] = bodies.c0x[b]! + t * (bodies.cx[b]! - bodies.c0x[b]!);
  bodies.cy[b] = bodies.c0y[b]! + t * (bodies.cy[b]! - bodies.c0y[b]!);
  moveBodyProxies(w, b);
}
