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

import { CONTACT_REUSE_ANGLE, CONTACT_REUSE_DISTANCE } from '../base/constants.js';
import type { Manifold } from '../collision/manifold_types.js';
import { collidableTypes, getCollider } from '../collision/manifold.js';
import type { DynamicsState } from './dynamics_state.js';
import { ShapeType } from '../geometry/geometry.js';
import { wakeBody } from './island.js';

/**
 * The per-contact manifold record in `data` (contact_layout.ts), copied as an enum so that
 * the TypeScript transform inlines the offsets as literals in hot code (a module-level
 * const is a context-slot load with a hole check at every use).
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

// The record's layout is defined in contact_layout.ts (import it from there); R and PT
// above are this file's copies for its hot code, pinned by test/dynamics/layouts.test.ts.
import { C_FRICTION, C_POINT, C_POINT_STRIDE, C_RESTITUTION, CONTACT_STRIDE } from './contact_layout.js';
import { BodyType } from '../types/body_def.js';
import {
  CONTACT_ENABLE_EVENTS,
  CONTACT_TOUCHING,
  addAwakeContact,
  removeAwakeContact,
} from './awake_contacts.js';
import { shapeFiltersAllow } from './shape_filter.js';
/** This file's layout copies, for the pinning test. */
export const layoutCopy = { record: R, point: PT } as const;

/**
 * Where the last narrow-phase run left the pair, in `reference` (see reuseManifold): both
 * body origins and rotations, the normal, and each point relative to A's origin (world
 * orientation) with its separation.
 */
enum REF {
  PAX = 0,
  PAY = 1,
  QAC = 2,
  QAS = 3,
  PBX = 4,
  PBY = 5,
  QBC = 6,
  QBS = 7,
  NX = 8,
  NY = 9,
  /** Point k starts at POINT + k * RP.STRIDE. */
  POINT = 10,
  STRIDE = 16,
}

/** This file's copy of the reference record's stride, for the pinning test. */
export const referenceStrideCopy = REF.STRIDE;

/** Offsets within a reference point. */
enum RP {
  AX = 0,
  AY = 1,
  SEP = 2,
  STRIDE = 3,
}

/**
 * Record offsets are masked with this so that V8 knows an offset plus a small constant
 * stays an int32 and drops the overflow checks (see contact_solver.ts IX).
 */
enum IX {
  MASK = 0x1fffffff,
}

/** In a reference record: the normal, the first point, and a point's stride (rollback reads them). */
export const CONTACT_REFERENCE_NX = REF.NX;
export const CONTACT_REFERENCE_POINT = REF.POINT;
export const CONTACT_REFERENCE_POINT_STRIDE = RP.STRIDE;

/**
 * Copies the scratch manifold into the contact record: anchors relative to each body's
 * center of mass, and the previous step's impulses carried over by feature id.
 */
export function updateContactManifold(
  w: DynamicsState,
  c: number,
  bA: number,
  bB: number,
  m: Manifold,
): void {
  const contacts = w.contacts;
  const d = contacts.data;
  const base = Math.imul(c, R.STRIDE) & IX.MASK;
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
  const pAx = bodies.px[bA]!;
  const pAy = bodies.py[bA]!;
  const pBx = bodies.px[bB]!;
  const pBy = bodies.py[bB]!;
  const abx = pAx - pBx;
  const aby = pAy - pBy;

  const ref = contacts.reference;
  const rb = Math.imul(c, REF.STRIDE) & IX.MASK;
  ref[rb + REF.PAX] = pAx;
  ref[rb + REF.PAY] = pAy;
  ref[rb + REF.QAC] = cA;
  ref[rb + REF.QAS] = sA;
  ref[rb + REF.PBX] = pBx;
  ref[rb + REF.PBY] = pBy;
  ref[rb + REF.QBC] = cB;
  ref[rb + REF.QBS] = sB;
  ref[rb + REF.NX] = m.normalX;
  ref[rb + REF.NY] = m.normalY;
  ref[rb + REF.POINT + RP.AX] = m.ax0;
  ref[rb + REF.POINT + RP.AY] = m.ay0;
  ref[rb + REF.POINT + RP.SEP] = m.sep0;
  ref[rb + REF.POINT + RP.STRIDE + RP.AX] = m.ax1;
  ref[rb + REF.POINT + RP.STRIDE + RP.AY] = m.ay1;
  ref[rb + REF.POINT + RP.STRIDE + RP.SEP] = m.sep1;

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

/**
 * True for the pairs whose manifold may be carried over (reuseManifold), and so that keep a
 * reference record: two polygons. Their normal is a face of A and turns with it, where a
 * round shape's normal follows the centers, and a stale one kept a packed pile of circles
 * creeping. The step's collide and rollback (world/rollback_derive.ts) both ask it.
 */
export function reusesManifold(typeA: ShapeType, typeB: ShapeType): boolean {
  return typeA === ShapeType.Polygon && typeB === ShapeType.Polygon;
}

/**
 * Carries a touching contact's manifold over from its last narrow-phase run when the two
 * bodies have barely moved relative to each other since: each point stays fixed to both
 * bodies (it follows A for the anchor and B for the separation), the normal turns with A,
 * and the impulses stay with their points. Returns false, writing nothing, when a point
 * drifted more than CONTACT_REUSE_DISTANCE across A or the pair turned more than
 * CONTACT_REUSE_ANGLE; the caller then runs the narrow phase.
 *
 * Why it is safe: the sub-steps already track separations this way within a step (see
 * contact_solver), and the error it leaves is in where along the face a point sits (at
 * most the drift tolerance), not in how deep it is. A resting pile re-runs its narrow
 * phase only every few dozen steps.
 */
export function reuseManifold(w: DynamicsState, c: number, bA: number, bB: number, count: number): boolean {
  const ref = w.contacts.reference;
  const rb = Math.imul(c, REF.STRIDE) & IX.MASK;
  const bodies = w.bodies;
  const qAc = bodies.c[bA]!;
  const qAs = bodies.s[bA]!;
  const qBc = bodies.c[bB]!;
  const qBs = bodies.s[bB]!;
  // rotation of each body since the reference: q * conj(qRef)
  const rQAc = ref[rb + REF.QAC]!;
  const rQAs = ref[rb + REF.QAS]!;
  const rQBc = ref[rb + REF.QBC]!;
  const rQBs = ref[rb + REF.QBS]!;
  const dAc = qAc * rQAc + qAs * rQAs;
  const dAs = qAs * rQAc - qAc * rQAs;
  const dBc = qBc * rQBc + qBs * rQBs;
  const dBs = qBs * rQBc - qBc * rQBs;
  // the pair's relative turn: sine of dB * conj(dA)
  const turn = dBs * dAc - dBc * dAs;
  if (turn > CONTACT_REUSE_ANGLE || turn < -CONTACT_REUSE_ANGLE) return false;

  const pAx = bodies.px[bA]!;
  const pAy = bodies.py[bA]!;
  const abx = pAx - bodies.px[bB]!;
  const aby = pAy - bodies.py[bB]!;
  // reference offset from B's origin to A's, for B's material point
  const rabx = ref[rb + REF.PAX]! - ref[rb + REF.PBX]!;
  const raby = ref[rb + REF.PAY]! - ref[rb + REF.PBY]!;
  const rnx = ref[rb + REF.NX]!;
  const rny = ref[rb + REF.NY]!;
  const nx = dAc * rnx - dAs * rny;
  const ny = dAs * rnx + dAc * rny;
  const tol2 = CONTACT_REUSE_DISTANCE * CONTACT_REUSE_DISTANCE;

  // point 0: where it sits on A now, and where B's material point at it went
  const p0 = rb + REF.POINT;
  const ax0r = ref[p0 + RP.AX]!;
  const ay0r = ref[p0 + RP.AY]!;
  const ax0 = dAc * ax0r - dAs * ay0r;
  const ay0 = dAs * ax0r + dAc * ay0r;
  const bx0r = ax0r + rabx;
  const by0r = ay0r + raby;
  const dx0 = dBc * bx0r - dBs * by0r - abx - ax0;
  const dy0 = dBs * bx0r + dBc * by0r - aby - ay0;
  if (dx0 * dx0 + dy0 * dy0 > tol2) return false;
  let ax1 = 0;
  let ay1 = 0;
  let sep1 = 0;
  if (count > 1) {
    const p1 = p0 + RP.STRIDE;
    const ax1r = ref[p1 + RP.AX]!;
    const ay1r = ref[p1 + RP.AY]!;
    ax1 = dAc * ax1r - dAs * ay1r;
    ay1 = dAs * ax1r + dAc * ay1r;
    const bx1r = ax1r + rabx;
    const by1r = ay1r + raby;
    const dx1 = dBc * bx1r - dBs * by1r - abx - ax1;
    const dy1 = dBs * bx1r + dBc * by1r - aby - ay1;
    if (dx1 * dx1 + dy1 * dy1 > tol2) return false;
    sep1 = ref[p1 + RP.SEP]! + dx1 * nx + dy1 * ny;
  }
  const sep0 = ref[p0 + RP.SEP]! + dx0 * nx + dy0 * ny;

  const d = w.contacts.data;
  const base = Math.imul(c, R.STRIDE) & IX.MASK;
  d[base + R.NX] = nx;
  d[base + R.NY] = ny;
  const lcx = bodies.lcx;
  const lcy = bodies.lcy;
  const oAx = qAc * lcx[bA]! - qAs * lcy[bA]!;
  const oAy = qAs * lcx[bA]! + qAc * lcy[bA]!;
  const oBx = qBc * lcx[bB]! - qBs * lcy[bB]!;
  const oBy = qBs * lcx[bB]! + qBc * lcy[bB]!;
  for (let k = 0; k < count; k++) {
    const q = base + R.POINT + (k & 1) * R.POINT_STRIDE;
    const ax = k === 0 ? ax0 : ax1;
    const ay = k === 0 ? ay0 : ay1;
    d[q + PT.RAX] = ax - oAx;
    d[q + PT.RAY] = ay - oAy;
    d[q + PT.RBX] = ax + abx - oBx;
    d[q + PT.RBY] = ay + aby - oBy;
    d[q + PT.SEP] = k === 0 ? sep0 : sep1;
    d[q + PT.MAX_NORMAL_IMPULSE] = 0;
  }
  return true;
}

// ---------------------------------------------------------------------------------------
// Operations on one world (moved from DynamicsState; callers have validated their input).

/** Broad-phase filter for a candidate pair of shapes. */
export function pairFilter(w: DynamicsState, shapeA: number, shapeB: number): boolean {
  // Most candidates are pairs that already have a contact (a moved proxy meets its
  // neighbours again every step it moves): the one lookup in the pair table answers them
  // first, before the filters read a dozen shape and body columns (Box2D v3 asks its pair
  // set first too). The filters below are pure, so their order does not change the answer.
  if (w.pairs.has(shapeA, shapeB)) return false;
  const shapes = w.shapes;
  const bodyA = shapes.body[shapeA]!;
  const bodyB = shapes.body[shapeB]!;
  if (bodyA === bodyB) return false;
  // sensors never make contacts: their overlaps are found at the end of the step (sensor.ts)
  if (shapes.isSensor[shapeA] === 1 || shapes.isSensor[shapeB] === 1) return false;
  // Both sides read whatever the first one says: the pair search inlines this filter, and
  // a read only some pairs reach (B's type when A is static) is compiled as a
  // deoptimisation until it has run once (see world/solver.ts collide).
  const bodies = w.bodies;
  const dynamicA = bodies.type[bodyA] === BodyType.Dynamic;
  const dynamicB = bodies.type[bodyB] === BodyType.Dynamic;
  if (!dynamicA && !dynamicB) return false;
  if (!shapeFiltersAllow(shapes, shapeA, shapeB)) return false;
  if (collidableTypes[shapes.typeOf(shapeA) * 5 + shapes.typeOf(shapeB)] === 0) return false;
  return w.jointFilter === null || w.jointFilter(bodyA, bodyB);
}

export function createContact(w: DynamicsState, shape1: number, shape2: number): void {
  const shapes = w.shapes;
  // order the pair so that the collision table has an entry for (A, B)
  let shapeA = shape1;
  let shapeB = shape2;
  if (getCollider(shapes.typeOf(shapeA), shapes.typeOf(shapeB)) === null) {
    shapeA = shape2;
    shapeB = shape1;
  }
  const contacts = w.contacts;
  const c = contacts.pool.allocate();
  contacts.ensureCapacity(c + 1);
  const bodyA = shapes.body[shapeA]!;
  const bodyB = shapes.body[shapeB]!;
  contacts.shapeA[c] = shapeA;
  contacts.shapeB[c] = shapeB;
  contacts.bodyA[c] = bodyA;
  contacts.bodyB[c] = bodyB;
  contacts.pointCount[c] = 0;
  contacts.id0[c] = -1;
  contacts.id1[c] = -1;
  contacts.flags[c] =
    shapes.enableContactEvents[shapeA]! !== 0 || shapes.enableContactEvents[shapeB]! !== 0
      ? CONTACT_ENABLE_EVENTS
      : 0;
  contacts.awakeIndex[c] = -1;
  // The record's fields written one by one (R: the normal, the mixes, two points): 1,090
  // contacts begin a step in the tumbler. The builtin fill is a call that checks its
  // arguments; a loop over the 20 doubles loaded the array's map, base and length again at
  // every double (16 instructions each, a third of this function).
  const d = contacts.data;
  const base = Math.imul(c, R.STRIDE) & IX.MASK;
  d[base + R.NX] = 0;
  d[base + R.NY] = 0;
  zeroPoint(d, base + R.POINT);
  zeroPoint(d, base + R.POINT + R.POINT_STRIDE);
  d[base + R.FRICTION] = w.frictionMixer(
    shapes.friction[shapeA]!,
    shapes.material[shapeA]!,
    shapes.friction[shapeB]!,
    shapes.material[shapeB]!,
  );
  d[base + R.RESTITUTION] = w.restitutionMixer(
    shapes.restitution[shapeA]!,
    shapes.material[shapeA]!,
    shapes.restitution[shapeB]!,
    shapes.material[shapeB]!,
  );
  linkContactEdge(w, 2 * c, bodyA);
  linkContactEdge(w, 2 * c + 1, bodyB);
  w.pairs.insert(shapeA, shapeB, c);
  const bodies = w.bodies;
  if (bodies.awake[bodyA] === 1 || bodies.awake[bodyB] === 1) addAwakeContact(w, c);
}

/** Zeroes a point of a contact record at `q` (every PT field). */
function zeroPoint(d: Float64Array, q: number): void {
  d[q + PT.RAX] = 0;
  d[q + PT.RAY] = 0;
  d[q + PT.RBX] = 0;
  d[q + PT.RBY] = 0;
  d[q + PT.SEP] = 0;
  d[q + PT.NORMAL_IMPULSE] = 0;
  d[q + PT.TANGENT_IMPULSE] = 0;
  d[q + PT.MAX_NORMAL_IMPULSE] = 0;
}

/** Destroys a contact; when it was touching, the bodies on both sides are woken. */
export function destroyContact(w: DynamicsState, c: number, wakeBodies: boolean): void {
  const contacts = w.contacts;
  const bodyA = contacts.bodyA[c]!;
  const bodyB = contacts.bodyB[c]!;
  w.pairs.remove(contacts.shapeA[c]!, contacts.shapeB[c]!);
  unlinkContactEdge(w, 2 * c, bodyA);
  unlinkContactEdge(w, 2 * c + 1, bodyB);
  removeAwakeContact(w, c);
  const flags = contacts.flags[c]!;
  const touching = (flags & CONTACT_TOUCHING) !== 0;
  // tested unconditionally: an operation first reached in a rare case (a touching contact
  // destroyed) deoptimises the function (docs/core-design.md)
  const reportEnd = (flags & CONTACT_ENABLE_EVENTS) !== 0;
  if (touching && reportEnd) {
    w.events.pushEnd(w.shapes.pool.handle(contacts.shapeA[c]!), w.shapes.pool.handle(contacts.shapeB[c]!));
  }
  contacts.flags[c] = 0;
  contacts.pointCount[c] = 0;
  contacts.pool.release(c);
  if (touching && wakeBodies) {
    wakeBody(w, bodyA);
    wakeBody(w, bodyB);
  }
}

export function linkContactEdge(w: DynamicsState, edge: number, body: number): void {
  const contacts = w.contacts;
  const head = w.bodies.contactHead[body]!;
  contacts.edgePrev[edge] = -1;
  contacts.edgeNext[edge] = head;
  if (head !== -1) contacts.edgePrev[head] = edge;
  w.bodies.contactHead[body] = edge;
}

export function unlinkContactEdge(w: DynamicsState, edge: number, body: number): void {
  const contacts = w.contacts;
  const prev = contacts.edgePrev[edge]!;
  const next = contacts.edgeNext[edge]!;
  if (prev !== -1) contacts.edgeNext[prev] = next;
  else w.bodies.contactHead[body] = next;
  if (next !== -1) contacts.edgePrev[next] = prev;
  contacts.edgePrev[edge] = -1;
  contacts.edgeNext[edge] = -1;
}

/** Destroys every contact of a shape (used when the shape or its proxy goes away). */
export function destroyShapeContacts(w: DynamicsState, shape: number, wakeBodies: boolean): void {
  const body = w.shapes.body[shape]!;
  const contacts = w.contacts;
  let edge = w.bodies.contactHead[body]!;
  while (edge !== -1) {
    const next = contacts.edgeNext[edge]!;
    const c = edge >> 1;
    if (contacts.shapeA[c] === shape || contacts.shapeB[c] === shape) destroyContact(w, c, wakeBodies);
    edge = next;
  }
}

/** Total normal impulse of a contact's points over the last step (for tests/tools). */
export function contactNormalImpulse(w: DynamicsState, c: number): number {
  const base = c * CONTACT_STRIDE;
  const d = w.contacts.data;
  let sum = 0;
  for (let i = 0; i < w.contacts.pointCount[c]!; i++) sum += d[base + C_POINT + i * C_POINT_STRIDE + 5]!;
  return sum;
}

export function destroyContactsBetween(w: DynamicsState, a: number, b: number): void {
  const contacts = w.contacts;
  let edge = w.bodies.contactHead[a]!;
  while (edge !== -1) {
    const next = contacts.edgeNext[edge]!;
    const c = edge >> 1;
    const other = (edge & 1) === 0 ? contacts.bodyB[c]! : contacts.bodyA[c]!;
    if (other === b) destroyContact(w, c, true);
    edge = next;
  }
}

/** Re-mixes friction and restitution of the shape's contacts after a material change. */
export function remixContacts(w: DynamicsState, s: number): void {
  const contacts = w.contacts;
  const shapes = w.shapes;
  const b = shapes.body[s]!;
  for (let edge = w.bodies.contactHead[b]!; edge !== -1; edge = contacts.edgeNext[edge]!) {
    const c = edge >> 1;
    const sA = contacts.shapeA[c]!;
    const sB = contacts.shapeB[c]!;
    if (sA !== s && sB !== s) continue;
    const base = c * CONTACT_STRIDE;
    contacts.data[base + C_FRICTION] = w.frictionMixer(
      shapes.friction[sA]!,
      shapes.material[sA]!,
      shapes.friction[sB]!,
      shapes.material[sB]!,
    );
    contacts.data[base + C_RESTITUTION] = w.restitutionMixer(
      shapes.restitution[sA]!,
      shapes.material[sA]!,
      shapes.restitution[sB]!,
      shapes.material[sB]!,
    );
  }
}
