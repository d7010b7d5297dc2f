/**
 * Contact storage and the per-step manifold update.
 *
 * A contact exists while the fat AABBs of two shapes overlap. It owns the manifold
 * (up to two points) and the accumulated impulses that warm-start the next step. The
 * points are matched across steps by feature id, so an impulse stays with the point
 * that earned it.
 *
 * Each contact is linked into the contact lists of both bodies through two edges:
 * edge 2c belongs to body A, edge 2c + 1 to body B.
 */

import { growF64, growI32, growU8 } from './array';
import { HandleKind, SlotPool } from './id';
import type { Manifold } from './manifold_types';
import type { WorldState } from './world_state';

/**
 * The per-contact manifold record in `data`. An enum so that the TypeScript transform
 * inlines the offsets as literals in hot code (a module-level const is a context-slot load
 * with a hole check at every use); the named exports below are for other modules.
 */
enum R {
  NX = 0,
  NY = 1,
  FRICTION = 2,
  RESTITUTION = 3,
  /** Point k starts at POINT + k * POINT_STRIDE. */
  POINT = 4,
  POINT_STRIDE = 8,
  STRIDE = 20,
}

/** Offsets within a point of the record. */
enum PT {
  RAX = 0,
  RAY = 1,
  RBX = 2,
  RBY = 3,
  SEP = 4,
  NORMAL_IMPULSE = 5,
  TANGENT_IMPULSE = 6,
  MAX_NORMAL_IMPULSE = 7,
}

/** Stride of the per-contact manifold record in `data`. */
export const CONTACT_STRIDE = R.STRIDE;
// Offsets within one record.
export const C_NX = R.NX;
export const C_NY = R.NY;
export const C_FRICTION = R.FRICTION;
export const C_RESTITUTION = R.RESTITUTION;
/** Point k starts at C_POINT + k * C_POINT_STRIDE. */
export const C_POINT = R.POINT;
export const C_POINT_STRIDE = R.POINT_STRIDE;
// Offsets within a point: anchors relative to each body's center of mass (world
// orientation), separation, accumulated normal and tangent impulse, and the largest
// normal impulse of the step (restitution only acts on points that pushed).
export const P_RAX = PT.RAX;
export const P_RAY = PT.RAY;
export const P_RBX = PT.RBX;
export const P_RBY = PT.RBY;
export const P_SEP = PT.SEP;
export const P_NORMAL_IMPULSE = PT.NORMAL_IMPULSE;
export const P_TANGENT_IMPULSE = PT.TANGENT_IMPULSE;
export const P_MAX_NORMAL_IMPULSE = PT.MAX_NORMAL_IMPULSE;

/** Contact flag bits. */
export const CONTACT_TOUCHING = 1;
export const CONTACT_ENABLE_EVENTS = 2;
/** One of the shapes is a sensor: the contact is never solved, only tested for overlap. */
export const CONTACT_SENSOR = 4;
/** Sensor contact whose shapes overlap. */
export const CONTACT_SENSOR_OVERLAP = 8;

export class ContactStore {
  readonly pool = new SlotPool(HandleKind.Contact);
  capacity = 0;

  shapeA = new Int32Array(0);
  shapeB = new Int32Array(0);
  bodyA = new Int32Array(0);
  bodyB = new Int32Array(0);
  pointCount = new Int32Array(0);
  id0 = new Int32Array(0);
  id1 = new Int32Array(0);
  flags = new Uint8Array(0);
  /** Position in the world's awake contact list, -1 when both bodies sleep. */
  awakeIndex = new Int32Array(0);
  /** Body contact lists, two edges per contact. */
  edgePrev = new Int32Array(0);
  edgeNext = new Int32Array(0);
  data = new Float64Array(0);

  ensureCapacity(n: number): void {
    if (n <= this.capacity) return;
    const cap = Math.max(n, this.capacity * 2, 64);
    this.shapeA = growI32(this.shapeA, cap);
    this.shapeB = growI32(this.shapeB, cap);
    this.bodyA = growI32(this.bodyA, cap);
    this.bodyB = growI32(this.bodyB, cap);
    this.pointCount = growI32(this.pointCount, cap);
    this.id0 = growI32(this.id0, cap);
    this.id1 = growI32(this.id1, cap);
    this.flags = growU8(this.flags, cap);
    this.awakeIndex = growI32(this.awakeIndex, cap, -1);
    this.edgePrev = growI32(this.edgePrev, 2 * cap, -1);
    this.edgeNext = growI32(this.edgeNext, 2 * cap, -1);
    this.data = growF64(this.data, cap * CONTACT_STRIDE);
    this.capacity = cap;
  }
}

/**
 * Copies the scratch manifold into the contact record: anchors relative to each body's
 * center of mass, and the previous step's impulses carried over by feature id.
 */
export function updateContactManifold(w: WorldState, c: number, bA: number, bB: number, m: Manifold): void {
  const contacts = w.contacts;
  const d = contacts.data;
  const base = c * R.STRIDE;
  const p0 = base + R.POINT;
  const p1 = p0 + R.POINT_STRIDE;
  const oldCount = contacts.pointCount[c]!;
  const oldId0 = oldCount > 0 ? contacts.id0[c]! : -1;
  const oldId1 = oldCount > 1 ? contacts.id1[c]! : -1;

  const count = m.pointCount;
  contacts.pointCount[c] = count;
  if (count === 0) return;
  const ni0 = d[p0 + PT.NORMAL_IMPULSE]!;
  const ti0 = d[p0 + PT.TANGENT_IMPULSE]!;
  const ni1 = d[p1 + PT.NORMAL_IMPULSE]!;
  const ti1 = d[p1 + PT.TANGENT_IMPULSE]!;
  d[base + R.NX] = m.normalX;
  d[base + R.NY] = m.normalY;

  // offsets from each body origin to its center of mass, in world orientation
  const bodies = w.bodies;
  const qc = bodies.c;
  const qs = bodies.s;
  const lcx = bodies.lcx;
  const lcy = bodies.lcy;
  const cA = qc[bA]!;
  const sA = qs[bA]!;
  const oAx = cA * lcx[bA]! - sA * lcy[bA]!;
  const oAy = sA * lcx[bA]! + cA * lcy[bA]!;
  const cB = qc[bB]!;
  const sB = qs[bB]!;
  const oBx = cB * lcx[bB]! - sB * lcy[bB]!;
  const oBy = sB * lcx[bB]! + cB * lcy[bB]!;
  const abx = bodies.px[bA]! - bodies.px[bB]!;
  const aby = bodies.py[bA]! - bodies.py[bB]!;

  // point 0, and its impulses carried over by feature id
  let ax = m.ax0;
  let ay = m.ay0;
  let id = m.id0;
  d[p0 + PT.RAX] = ax - oAx;
  d[p0 + PT.RAY] = ay - oAy;
  d[p0 + PT.RBX] = ax + abx - oBx;
  d[p0 + PT.RBY] = ay + aby - oBy;
  d[p0 + PT.SEP] = m.sep0;
  d[p0 + PT.NORMAL_IMPULSE] = id === oldId0 ? ni0 : id === oldId1 ? ni1 : 0;
  d[p0 + PT.TANGENT_IMPULSE] = id === oldId0 ? ti0 : id === oldId1 ? ti1 : 0;
  d[p0 + PT.MAX_NORMAL_IMPULSE] = 0;
  contacts.id0[c] = id;
  if (count === 1) return;

  ax = m.ax1;
  ay = m.ay1;
  id = m.id1;
  d[p1 + PT.RAX] = ax - oAx;
  d[p1 + PT.RAY] = ay - oAy;
  d[p1 + PT.RBX] = ax + abx - oBx;
  d[p1 + PT.RBY] = ay + aby - oBy;
  d[p1 + PT.SEP] = m.sep1;
  d[p1 + PT.NORMAL_IMPULSE] = id === oldId0 ? ni0 : id === oldId1 ? ni1 : 0;
  d[p1 + PT.TANGENT_IMPULSE] = id === oldId0 ? ti0 : id === oldId1 ? ti1 : 0;
  d[p1 + PT.MAX_NORMAL_IMPULSE] = 0;
  contacts.id1[c] = id;
}
