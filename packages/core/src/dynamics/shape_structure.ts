/**
 * The shape operations on a shape's structure: the columns both a `World` and the worker
 * client's structure-only mirror keep, and the body's shape list and the chain slots. A
 * World shape operation (shape.ts) is these writes plus what only a stepping world has
 * (proxies, contacts, sensors, the quad cache); the mirror calls the same functions. Only
 * light modules are imported here: the mirror ships in the main thread's bundle.
 */

import type { Geometry, ShapeType } from '../geometry/geometry.js';
import type { SlotPool } from '../base/id.js';
import type { Filter, ShapeDef } from '../types/shape_def.js';

/** A column: a typed array in a World, a plain array in the mirror. */
interface Column {
  [slot: number]: number;
}

/** The shape columns both a World and the mirror keep (named as ShapeStore names them). */
export interface ShapeStructure {
  readonly pool: SlotPool;
  body: Column;
  type: Column;
  geometry: Geometry[];
  density: Column;
  friction: Column;
  restitution: Column;
  categoryBits: Column;
  maskBits: Column;
  groupIndex: Column;
  enableContactEvents: Column;
  isSensor: Column;
  next: Column;
  chain: Column;
  userData: unknown[];
}

/** A state with shapes on bodies' lists. */
export interface HasShapes {
  readonly shapes: ShapeStructure;
  readonly bodies: { shapeHead: Column };
}

/** A state with chains: each chain's body and segments, by slot, and the free slots. */
export interface HasChains {
  chains: ({ body: number; shapes: number[] } | null)[];
  chainGeneration: number[];
  chainFree: number[];
}

/** Writes shape filter columns (unsigned bits, a 32-bit group, as the typed columns store them). */
export function writeShapeFilter(shapes: ShapeStructure, s: number, filter: Filter): void {
  shapes.categoryBits[s] = filter.categoryBits >>> 0;
  shapes.maskBits[s] = filter.maskBits >>> 0;
  shapes.groupIndex[s] = filter.groupIndex | 0;
}

/** Writes a new shape's columns at slot `s` as `d` (checked) describes and puts it at the head of body `b`'s list. */
export function writeNewShape(
  w: HasShapes,
  s: number,
  b: number,
  type: ShapeType,
  geometry: Geometry,
  d: ShapeDef,
): void {
  const shapes = w.shapes;
  shapes.body[s] = b;
  shapes.type[s] = type;
  shapes.geometry[s] = geometry;
  shapes.density[s] = d.density;
  shapes.friction[s] = d.friction;
  shapes.restitution[s] = d.restitution;
  writeShapeFilter(shapes, s, d.filter);
  shapes.enableContactEvents[s] = d.enableContactEvents ? 1 : 0;
  shapes.isSensor[s] = d.isSensor ? 1 : 0;
  shapes.chain[s] = -1;
  shapes.userData[s] = d.userData;
  shapes.next[s] = w.bodies.shapeHead[b]!;
  w.bodies.shapeHead[b] = s;
}

/** Takes a shape out of its body's list and frees its slot. */
export function unlinkShape(w: HasShapes, s: number): void {
  const shapes = w.shapes;
  const bodies = w.bodies;
  const b = shapes.body[s]!;
  let prev = -1;
  for (let it = bodies.shapeHead[b]!; it !== -1; it = shapes.next[it]!) {
    if (it === s) {
      if (prev === -1) bodies.shapeHead[b] = shapes.next[s]!;
      else shapes.next[prev] = shapes.next[s]!;
      break;
    }
    prev = it;
  }
  shapes.next[s] = -1;
  shapes.chain[s] = -1;
  shapes.userData[s] = undefined;
  shapes.pool.release(s);
}

/** A chain slot for a new chain: the last freed, else a new one at generation 0. */
export function takeChainSlot(w: HasChains): number {
  const slot = w.chainFree.length > 0 ? w.chainFree.pop()! : w.chains.length;
  if (slot === w.chains.length) {
    w.chains.push(null);
    w.chainGeneration.push(0);
  }
  return slot;
}

/** Frees a chain's slot (its segments are gone): a new generation makes its id stale. */
export function releaseChainSlot(w: HasChains, slot: number): void {
  w.chains[slot] = null;
  w.chainGeneration[slot] = w.chainGeneration[slot]! + 1;
  w.chainFree.push(slot);
}
