/**
 * A body's mass from its shapes, and its extents (for sleep and continuous collision).
 * Kept apart from body.ts so the shape module, which recomputes a body's mass when a shape
 * comes or goes, does not import the body module that creates and destroys shapes.
 */

import { MIN_MASS, MIN_ROTATIONAL_INERTIA } from '../base/constants.js';
import { length } from '../base/math.js';
import {
  type Capsule,
  type ChainSegment,
  type Circle,
  computeMass,
  type Polygon,
  type Segment,
  ShapeType,
} from '../geometry/geometry.js';
import { BodyType } from '../types/body_def.js';
import type { DynamicsState } from './dynamics_state.js';
import { STATE_STRIDE, VX, VY, W } from './body_state_layout.js';

/**
 * Recomputes mass, inertia and center of mass of a body from its shapes.
 * @param addedShape the one shape added since the last update, or -1 (see applyMass)
 */
export function updateBodyMass(w: DynamicsState, b: number, addedShape = -1): void {
  const bodies = w.bodies;
  const shapes = w.shapes;
  bodies.massOverridden[b] = 0;
  let mass = 0;
  let inertia = 0;
  let lcx = 0;
  let lcy = 0;
  const md = w.massData;
  if (bodies.type[b] === BodyType.Dynamic) {
    for (let s = bodies.shapeHead[b]!; s !== -1; s = shapes.next[s]!) {
      const density = shapes.density[s]!;
      if (density === 0) continue;
      computeMass(shapes.typeOf(s), shapes.geometry[s]!, density, md);
      mass += md.mass;
      lcx += md.mass * md.centerX;
      lcy += md.mass * md.centerY;
      // inertia about the body origin, by the parallel axis theorem
      inertia += md.rotationalInertia + md.mass * (md.centerX * md.centerX + md.centerY * md.centerY);
    }
    if (mass > 0) {
      lcx /= mass;
      lcy /= mass;
      inertia -= mass * (lcx * lcx + lcy * lcy);
      // shapes of a vanishing density: an inverse that overflows would make the body NaN
      if (mass < MIN_MASS) mass = MIN_MASS;
      if (inertia > 0 && inertia < MIN_ROTATIONAL_INERTIA) inertia = MIN_ROTATIONAL_INERTIA;
    } else {
      // a dynamic body needs mass to respond to contacts; give it one kilogram
      mass = 1;
      inertia = 0;
    }
  }
  applyMass(w, b, mass, inertia, lcx, lcy, addedShape);
}

/**
 * Sets mass properties (about the center of mass) and moves the center accordingly.
 * @param addedShape the one shape added since the extents were last computed, or -1: when
 *   the center stays put, only that shape is folded into them (extendMaxExtent), so a body
 *   built shape by shape (a static ground of thousands of boxes) costs linear, not
 *   quadratic, time
 */
export function applyMass(
  w: DynamicsState,
  b: number,
  mass: number,
  inertia: number,
  lcx: number,
  lcy: number,
  addedShape = -1,
): void {
  const bodies = w.bodies;
  // the extents are measured from the center: bit for bit the same center, the same extents
  const centerKept = Object.is(bodies.lcx[b], lcx) && Object.is(bodies.lcy[b], lcy);
  const dynamic = bodies.type[b] === BodyType.Dynamic;
  bodies.mass[b] = dynamic ? mass : 0;
  bodies.invMass[b] = dynamic && mass > 0 ? 1 / mass : 0;
  const fixed = bodies.fixedRotation[b] === 1;
  bodies.inertia[b] = dynamic && !fixed ? inertia : 0;
  bodies.invInertia[b] = dynamic && !fixed && inertia > 0 ? 1 / inertia : 0;
  // keep the velocity of the origin-fixed frame consistent when the center moves
  const oldCx = bodies.cx[b]!;
  const oldCy = bodies.cy[b]!;
  bodies.lcx[b] = lcx;
  bodies.lcy[b] = lcy;
  const c = bodies.c[b]!;
  const s = bodies.s[b]!;
  const cx = bodies.px[b]! + c * lcx - s * lcy;
  const cy = bodies.py[b]! + s * lcx + c * lcy;
  bodies.cx[b] = cx;
  bodies.cy[b] = cy;
  const o = b * STATE_STRIDE;
  const omega = bodies.state[o + W]!;
  bodies.state[o + VX] = bodies.state[o + VX]! - omega * (cy - oldCy);
  bodies.state[o + VY] = bodies.state[o + VY]! + omega * (cx - oldCx);
  if (addedShape !== -1 && centerKept) extendMaxExtent(w, b, addedShape);
  else updateMaxExtent(w, b);
}

/** Largest distance from the center of mass to any shape point, for the sleep test. */
export function updateMaxExtent(w: DynamicsState, b: number): void {
  const bodies = w.bodies;
  const shapes = w.shapes;
  const lcx = bodies.lcx[b]!;
  const lcy = bodies.lcy[b]!;
  let extent = 0;
  let minExtent = Number.POSITIVE_INFINITY;
  for (let s = bodies.shapeHead[b]!; s !== -1; s = shapes.next[s]!) {
    const e = shapeExtent(shapes.typeOf(s), shapes.geometry[s]!, lcx, lcy);
    if (e > extent) extent = e;
    const inner = shapeInnerExtent(shapes.typeOf(s), shapes.geometry[s]!);
    if (inner < minExtent) minExtent = inner;
  }
  bodies.maxExtent[b] = extent;
  bodies.minExtent[b] = minExtent;
}

/**
 * Folds one shape, just added, into the body's extents. The extents are a largest and a
 * smallest value over the shapes, so this gives exactly what updateMaxExtent would, as long
 * as the center of mass has not moved since they were computed.
 */
export function extendMaxExtent(w: DynamicsState, b: number, s: number): void {
  const bodies = w.bodies;
  const shapes = w.shapes;
  const e = shapeExtent(shapes.typeOf(s), shapes.geometry[s]!, bodies.lcx[b]!, bodies.lcy[b]!);
  if (e > bodies.maxExtent[b]!) bodies.maxExtent[b] = e;
  const inner = shapeInnerExtent(shapes.typeOf(s), shapes.geometry[s]!);
  if (inner < bodies.minExtent[b]!) bodies.minExtent[b] = inner;
}

/** Half the thinnest dimension of a shape: how far it may move in a step without skipping
 * over something as thin as a segment (and continuous.ts's core radius). */
export function shapeInnerExtent(type: ShapeType, g: unknown): number {
  switch (type) {
    case ShapeType.Circle:
      return (g as Circle).radius;
    case ShapeType.Capsule:
      return (g as Capsule).radius;
    case ShapeType.Polygon: {
      const p = g as Polygon;
      let e = Number.POSITIVE_INFINITY;
      for (let i = 0; i < p.count; i++) {
        const d = p.nx[i]! * (p.vx[i]! - p.centroidX) + p.ny[i]! * (p.vy[i]! - p.centroidY);
        if (d < e) e = d;
      }
      return e + p.radius;
    }
    default:
      return 0;
  }
}

function shapeExtent(type: ShapeType, g: unknown, lcx: number, lcy: number): number {
  switch (type) {
    case ShapeType.Circle: {
      const c = g as Circle;
      return length(c.cx - lcx, c.cy - lcy) + c.radius;
    }
    case ShapeType.Capsule: {
      const c = g as Capsule;
      return Math.max(length(c.c1x - lcx, c.c1y - lcy), length(c.c2x - lcx, c.c2y - lcy)) + c.radius;
    }
    case ShapeType.Polygon: {
      const p = g as Polygon;
      let e = 0;
      for (let i = 0; i < p.count; i++) e = Math.max(e, length(p.vx[i]! - lcx, p.vy[i]! - lcy));
      return e + p.radius;
    }
    case ShapeType.Segment: {
      const s = g as Segment;
      return Math.max(length(s.p1x - lcx, s.p1y - lcy), length(s.p2x - lcx, s.p2y - lcy));
    }
    default: {
      const s = g as ChainSegment;
      return Math.max(length(s.p1x - lcx, s.p1y - lcy), length(s.p2x - lcx, s.p2y - lcy));
    }
  }
}
