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

/** Stride of the per-contact manifold record in `data`. */
export const CONTACT_STRIDE = 20;
// Offsets within one record.
export const C_NX = 0;
export const C_NY = 1;
export const C_FRICTION = 2;
export const C_RESTITUTION = 3;
/** Point k starts at C_POINT + k * C_POINT_STRIDE. */
export const C_POINT = 4;
export const C_POINT_STRIDE = 8;
// Offsets within a point: anchors relative to each body's center of mass (world
// orientation), separation, accumulated normal and tangent impulse, and the largest
// normal impulse of the step (restitution only acts on points that pushed).
export const P_RAX = 0;
export const P_RAY = 1;
export const P_RBX = 2;
export const P_RBY = 3;
export const P_SEP = 4;
export const P_NORMAL_IMPULSE = 5;
export const P_TANGENT_IMPULSE = 6;
export const P_MAX_NORMAL_IMPULSE = 7;

/** Contact flag bits. */
export const CONTACT_TOUCHING = 1;
export const CONTACT_ENABLE_EVENTS = 2;

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

/** The key of an unordered shape pair, for the world's pair map. */
export function pairKey(shapeA: number, shapeB: number): number {
  return shapeA < shapeB ? shapeA * 67108864 + shapeB : shapeB * 67108864 + shapeA;
}

/**
 * Copies the scratch manifold into the contact record: anchors relative to each body's
 * center of mass, and the previous step's impulses carried over by feature id.
 */
export function updateContactManifold(w: WorldState, c: number, bA: number, bB: number, m: Manifold): void {
  const contacts = w.contacts;
  const bodies = w.bodies;
  const d = contacts.data;
  const base = c * CONTACT_STRIDE;
  const p0 = base + C_POINT;
  const p1 = p0 + C_POINT_STRIDE;
  const oldCount = contacts.pointCount[c]!;
  const oldId0 = oldCount > 0 ? contacts.id0[c]! : -1;
  const oldId1 = oldCount > 1 ? contacts.id1[c]! : -1;
  const ni0 = d[p0 + P_NORMAL_IMPULSE]!;
  const ti0 = d[p0 + P_TANGENT_IMPULSE]!;
  const ni1 = d[p1 + P_NORMAL_IMPULSE]!;
  const ti1 = d[p1 + P_TANGENT_IMPULSE]!;

  const count = m.pointCount;
  contacts.pointCount[c] = count;
  if (count === 0) return;
  d[base + C_NX] = m.normalX;
  d[base + C_NY] = m.normalY;

  // offsets from each body origin to its center of mass, in world orientation
  const cA = bodies.c[bA]!;
  const sA = bodies.s[bA]!;
  const oAx = cA * bodies.lcx[bA]! - sA * bodies.lcy[bA]!;
  const oAy = sA * bodies.lcx[bA]! + cA * bodies.lcy[bA]!;
  const cB = bodies.c[bB]!;
  const sB = bodies.s[bB]!;
  const oBx = cB * bodies.lcx[bB]! - sB * bodies.lcy[bB]!;
  const oBy = sB * bodies.lcx[bB]! + cB * bodies.lcy[bB]!;
  const abx = bodies.px[bA]! - bodies.px[bB]!;
  const aby = bodies.py[bA]! - bodies.py[bB]!;

  for (let k = 0; k < count; k++) {
    const p = k === 0 ? p0 : p1;
    const ax = k === 0 ? m.ax0 : m.ax1;
    const ay = k === 0 ? m.ay0 : m.ay1;
    const id = k === 0 ? m.id0 : m.id1;
    d[p + P_RAX] = ax - oAx;
    d[p + P_RAY] = ay - oAy;
    d[p + P_RBX] = ax + abx - oBx;
    d[p + P_RBY] = ay + aby - oBy;
    d[p + P_SEP] = k === 0 ? m.sep0 : m.sep1;
    let ni = 0;
    let ti = 0;
    if (id === oldId0) {
      ni = ni0;
      ti = ti0;
    } else if (id === oldId1) {
      ni = ni1;
      ti = ti1;
    }
    d[p + P_NORMAL_IMPULSE] = ni;
    d[p + P_TANGENT_IMPULSE] = ti;
    d[p + P_MAX_NORMAL_IMPULSE] = 0;
    if (k === 0) contacts.id0[c] = id;
    else contacts.id1[c] = id;
  }
}
