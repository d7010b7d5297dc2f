/**
 * Shape storage: structure of arrays indexed by shape slot. The geometry of each shape
 * is a small object of its own class (see geometry.ts); everything the step reads in
 * bulk (material, filter, bounding box) sits in typed arrays.
 */

import { growF64, growI32, growU8, growU32 } from '../base/array.js';
import type { Geometry, ShapeType } from '../geometry/geometry.js';
import { HandleKind, SlotPool } from '../base/id.js';

export class ShapeStore {
  readonly pool = new SlotPool(HandleKind.Shape);
  capacity = 0;

  body = new Int32Array(0);
  type = new Uint8Array(0);
  geometry: Geometry[] = [];
  density = new Float64Array(0);
  friction = new Float64Array(0);
  restitution = new Float64Array(0);
  /** User material id handed to the mixing callbacks. */
  material = new Int32Array(0);
  categoryBits = new Uint32Array(0);
  maskBits = new Uint32Array(0);
  groupIndex = new Int32Array(0);
  enableContactEvents = new Uint8Array(0);
  /** Sensor shapes detect overlaps and never push. */
  isSensor = new Uint8Array(0);
  /** Broad-phase proxy key, -1 when the shape has no proxy. */
  proxyKey = new Int32Array(0);
  /** Next shape on the same body (-1 = end). */
  next = new Int32Array(0);
  /** Chain this segment belongs to (chain slot), -1 for a standalone shape. */
  chain = new Int32Array(0);
  /** Tight bounding box, refreshed when the body moves. */
  minX = new Float64Array(0);
  minY = new Float64Array(0);
  maxX = new Float64Array(0);
  maxY = new Float64Array(0);
  userData: unknown[] = [];

  ensureCapacity(n: number): void {
    if (n <= this.capacity) return;
    const cap = Math.max(n, this.capacity * 2, 16);
    this.body = growI32(this.body, cap);
    this.type = growU8(this.type, cap);
    this.density = growF64(this.density, cap);
    this.friction = growF64(this.friction, cap);
    this.restitution = growF64(this.restitution, cap);
    this.material = growI32(this.material, cap);
    this.categoryBits = growU32(this.categoryBits, cap);
    this.maskBits = growU32(this.maskBits, cap);
    this.groupIndex = growI32(this.groupIndex, cap);
    this.enableContactEvents = growU8(this.enableContactEvents, cap);
    this.isSensor = growU8(this.isSensor, cap);
    this.proxyKey = growI32(this.proxyKey, cap, -1);
    this.next = growI32(this.next, cap, -1);
    this.chain = growI32(this.chain, cap, -1);
    this.minX = growF64(this.minX, cap);
    this.minY = growF64(this.minY, cap);
    this.maxX = growF64(this.maxX, cap);
    this.maxY = growF64(this.maxY, cap);
    this.capacity = cap;
  }

  typeOf(slot: number): ShapeType {
    return this.type[slot] as ShapeType;
  }
}

/** Collision filter rule shared by contacts and queries. */
/**
 * Categories a shape's pair search must visit: its mask, unless a positive group (which
 * collides whatever the masks say) may pair it with anything.
 */
export function pairSearchMask(maskBits: number, groupIndex: number): number {
  return groupIndex > 0 ? 0xffffffff : maskBits;
}

export function shouldShapesCollide(
  catA: number,
  maskA: number,
  groupA: number,
  catB: number,
  maskB: number,
  groupB: number,
): boolean {
  if (groupA === groupB && groupA !== 0) return groupA > 0;
  return (catA & maskB) !== 0 && (catB & maskA) !== 0;
}
