/**
 * The shapes' data: one column per field, indexed by shape slot (the operations are in shape.ts).
 */

import { type Column, columnList, growStore, snapshotColumns } from '../base/columns.js';
import type { AABB, Geometry, ShapeType } from '../geometry/geometry.js';
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
  /**
   * Tight bounding box, refreshed when the body moves: one record of four doubles per shape
   * (minX, minY, maxX, maxY at 4 * shape), written by {@link setShapeBox} only. One record
   * rather than four columns, so that the narrow phase's per-contact test and the step's
   * fat-box test read a shape's box from one cache line, not four (issue 25).
   */
  box = new Float64Array(0);
  userData: unknown[] = [];

  ensureCapacity(n: number): void {
    this.capacity = growStore(this, SHAPE_COLUMNS, this.capacity, n, 16);
  }

  typeOf(slot: number): ShapeType {
    return this.type[slot] as ShapeType;
  }
}

/**
 * Every typed-array field of `ShapeStore`: growth and snapshots both walk this list (see
 * base/array.ts ColumnSpec). Snapshot order is this order, strided fields last.
 * Not saved: proxyKey: a restore rebuilds the proxies from the saved fat boxes.
 */
const SHAPE_COLUMNS = columnList<ShapeStore>(
  ['i32', ['body']],
  ['u8', ['type']],
  ['f64', ['density', 'friction', 'restitution']],
  ['i32', ['material']],
  ['u32', ['categoryBits', 'maskBits']],
  ['i32', ['groupIndex']],
  ['u8', ['enableContactEvents', 'isSensor']],
  ['i32', ['proxyKey'], { fill: -1, snapshot: false }],
  ['i32', ['next', 'chain'], { fill: -1 }],
  ['f64', ['box'], { perSlot: 4 }],
);

/** The snapshot's view of a ShapeStore (world/snapshot.ts). */
export function shapeStoreColumns(store: ShapeStore): [Column, number][] {
  return snapshotColumns(store, SHAPE_COLUMNS);
}

/** Gives shape `s` its tight box (`ShapeStore.box`'s one writer; a snapshot restore aside). */
export function setShapeBox(store: ShapeStore, s: number, box: AABB): void {
  const b = store.box;
  const r = 4 * s;
  b[r] = box.minX;
  b[r + 1] = box.minY;
  b[r + 2] = box.maxX;
  b[r + 3] = box.maxY;
}

// ---------------------------------------------------------------------------------------
// Operations on one world (moved from DynamicsState; callers have validated their input).
