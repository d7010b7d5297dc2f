/**
 * Shape storage: structure of arrays indexed by shape slot. The geometry of each shape
 * is a small object of its own class (see geometry.ts); everything the step reads in
 * bulk (material, filter, bounding box) sits in typed arrays.
 */

import { AABB, computeShapeAABB, type Geometry, type Polygon, ShapeType } from '../geometry/geometry.js';
import { cacheQuad } from '../collision/manifold.js';
import { AABB_MARGIN, SPECULATIVE_DISTANCE } from '../base/constants.js';
import type { DynamicsState } from './dynamics_state.js';
import { destroyShapeContacts } from './contact.js';
import { addSensor, removeSensorShape } from './sensor.js';
import type { ChainDef, Filter, ShapeDef } from '../types/shape_def.js';
import { BodyType } from '../types/body_def.js';
import { extendMaxExtent, updateBodyMass } from './body_mass.js';
import { pairSearchMask } from './shape_filter.js';
import { setShapeBox } from './shape_store.js';
import { chainSegments, chainShapeDef } from '../geometry/chain.js';
import {
  releaseChainSlot,
  takeChainSlot,
  unlinkShape,
  writeNewShape,
  writeShapeFilter,
} from './shape_structure.js';

/** Scratch fat box handed to the broad phase (an object: double arguments would be boxed). */
const fatBox = new AABB(0.5, 0.5, 0.5, 0.5);

/**
 * The shape's tight AABB at its body's pose, in the world's scratch box (`w.aabb`): the one
 * rule for a tight box, which computeShapeBox stores and rollback compares saved boxes
 * with (world/rollback_derive.ts).
 */
export function shapeBoxAtPose(w: DynamicsState, shape: number): AABB {
  const shapes = w.shapes;
  const bodies = w.bodies;
  const b = shapes.body[shape]!;
  w.xfA.set(bodies.px[b]!, bodies.py[b]!, bodies.c[b]!, bodies.s[b]!);
  return computeShapeAABB(shapes.typeOf(shape), shapes.geometry[shape]!, w.xfA, w.aabb);
}

/** Computes the shape's tight AABB from its body's transform. */
export function computeShapeBox(w: DynamicsState, shape: number): void {
  setShapeBox(w.shapes, shape, shapeBoxAtPose(w, shape));
}

/** Fat margin: static proxies never move, so they need only the speculative margin. */
export function marginFor(w: DynamicsState, body: number): number {
  return w.bodies.type[body] === BodyType.Static ? SPECULATIVE_DISTANCE : AABB_MARGIN;
}

/**
 * A proxy's fat box: its shape's tight box grown by its body's margin, into `out`. The one
 * rule for it: a proxy is made, moved and refit with it (here, world/solver.ts), and
 * rollback predicts saved fat boxes with it (world/rollback_derive.ts).
 */
export function fatBoxOf(w: DynamicsState, shape: number, out: AABB): AABB {
  const shapes = w.shapes;
  const m = marginFor(w, shapes.body[shape]!);
  const box = shapes.box;
  const r = 4 * shape;
  out.minX = box[r]! - m;
  out.minY = box[r + 1]! - m;
  out.maxX = box[r + 2]! + m;
  out.maxY = box[r + 3]! + m;
  return out;
}

export function createShapeProxy(w: DynamicsState, shape: number, forcePairCreation: boolean): void {
  const shapes = w.shapes;
  const body = shapes.body[shape]!;
  computeShapeBox(w, shape);
  const fat = fatBoxOf(w, shape, fatBox);
  // the key first, then the column it goes in: creating the proxy may grow the trees in the
  // contact kernel's memory, which re-takes every view of it, proxyKey's among them
  const key = w.broadPhase.createProxy(
    fat.minX,
    fat.minY,
    fat.maxX,
    fat.maxY,
    shapes.categoryBits[shape]!,
    shape,
    w.bodies.type[body]!,
    forcePairCreation,
    pairSearchMask(shapes.maskBits[shape]!, shapes.groupIndex[shape]!),
  );
  shapes.proxyKey[shape] = key;
}

export function destroyShapeProxy(w: DynamicsState, shape: number): void {
  const key = w.shapes.proxyKey[shape]!;
  if (key === -1) return;
  w.broadPhase.destroyProxy(key);
  w.shapes.proxyKey[shape] = -1;
}

/** After a teleport: new boxes for every shape of the body, moved in the broad phase. */
export function moveBodyProxies(w: DynamicsState, b: number): void {
  const shapes = w.shapes;
  for (let s = w.bodies.shapeHead[b]!; s !== -1; s = shapes.next[s]!) {
    computeShapeBox(w, s);
    const key = shapes.proxyKey[s]!;
    if (key === -1) continue;
    w.broadPhase.moveProxy(key, fatBoxOf(w, s, fatBox));
  }
}

export function createShape(
  w: DynamicsState,
  b: number,
  type: ShapeType,
  geometry: Geometry,
  d: ShapeDef,
): number {
  const shapes = w.shapes;
  const s = shapes.pool.allocate();
  shapes.ensureCapacity(s + 1);
  const quad = type === ShapeType.Polygon && (geometry as Polygon).count === 4;
  cacheQuad(w.quadCache, s, quad ? (geometry as Polygon) : null);
  writeNewShape(w, s, b, type, geometry, d);
  shapes.material[s] = d.material;
  const bodies = w.bodies;
  bodies.shapeCount[b] = bodies.shapeCount[b]! + 1;
  createShapeProxy(w, s, true);
  if (d.isSensor) addSensor(w, s);
  if (d.updateBodyMass && bodies.massOverridden[b] !== 1) updateBodyMass(w, b, s);
  else extendMaxExtent(w, b, s);
  return s;
}

/** Unlinks and frees a shape; its contacts go and touching bodies wake. */
export function freeShape(w: DynamicsState, s: number, wakeBodies: boolean): void {
  const bodies = w.bodies;
  const b = w.shapes.body[s]!;
  destroyShapeContacts(w, s, wakeBodies);
  removeSensorShape(w, s);
  destroyShapeProxy(w, s);
  bodies.shapeCount[b] = bodies.shapeCount[b]! - 1;
  unlinkShape(w, s);
}

export function destroyBodyChains(w: DynamicsState, b: number): void {
  for (let slot = 0; slot < w.chains.length; slot++) {
    const record = w.chains[slot];
    if (record !== null && record !== undefined && record.body === b) destroyChain(w, slot);
  }
}

/** Frees a chain's segments and its slot (a new generation makes its id stale). */
export function destroyChain(w: DynamicsState, slot: number): void {
  for (const s of w.chains[slot]!.shapes) freeShape(w, s, true);
  releaseChainSlot(w, slot);
}

/** Changes a shape's collision filter: its contacts and proxy are rebuilt. */
export function setFilter(w: DynamicsState, s: number, filter: Filter): void {
  writeShapeFilter(w.shapes, s, filter);
  destroyShapeContacts(w, s, true);
  destroyShapeProxy(w, s);
  createShapeProxy(w, s, true);
}

/**
 * Adds a chain of one-sided segments on body `b` as `d` describes (validated by the
 * caller: at least 2 points, 3 for a loop, no two consecutive points equal); returns its
 * slot. Each segment carries its neighbours as ghost vertices.
 */
export function createChain(w: DynamicsState, b: number, d: ChainDef): number {
  const shapeDef = chainShapeDef(d);
  const slot = takeChainSlot(w);
  const record = { body: b, shapes: [] as number[] };
  for (const seg of chainSegments(d)) {
    const s = createShape(w, b, ShapeType.ChainSegment, seg, shapeDef);
    w.shapes.chain[s] = slot;
    record.shapes.push(s);
  }
  w.chains[slot] = record;
  return slot;
}
