/**
 * Rollback state: the compact part of a world that stepping changes, saved into and
 * loaded from a caller-owned buffer (rollback netcode keeps a ring of these and
 * re-simulates). The full snapshot (snapshot.ts) stays the format for save games.
 *
 * A state is loaded into the same world it was taken from, or one with the same
 * structure: same live bodies (and types), shapes, chains and joints, with the same slots
 * and generations. A structural fingerprint is saved and checked first; a mismatch
 * throws before anything is written.
 *
 * What bit-exact continuation needs, and so what is saved:
 * - the step counter;
 * - every non-static body's pose, center of mass, velocity, sleep time, awake flag and
 *   pending forces (only when nonzero); every body's contact list head (static bodies too:
 *   contacts link into both bodies' lists, and waking floods through them in list order);
 * - the awake body list in its exact order (the solver order);
 * - every non-static shape's tight box (continuous collision moves a pose without
 *   recomputing it, so it is not a function of the pose) and its proxy's fat box; the set
 *   of proxies in the move buffer. The trees are not saved: a changed fat box is moved
 *   in the tree, whose shape then differs, but pairs are sorted by shape index before
 *   contacts are created (design notes, "Contact order is canonical"), so tree shape
 *   never changes a result;
 * - the contacts: the slot pool (generations, free list in order), and per live contact
 *   its shapes, flags, point count, feature ids, body-list links, the record (mixed
 *   friction and restitution, normal, points with warm-start impulses) and, while it has
 *   points, the reference poses and manifold that manifold reuse compares against;
 *   the awake contact list in its exact order. The pair table is rebuilt;
 * - per joint: enabled (broken), last reaction, and the data object's numeric fields
 *   (warm-start impulses, spring state; parameters too, which costs a few doubles).
 *
 * Not saved (rewritten by the step before it reads them): the in-step deltas, start-of-step
 * poses, the joint solver rows, islands (not persistent), the narrow phase's quadrilateral
 * cache (a memo of geometry), events (outputs of one step), settings and mixers (inputs).
 *
 * The buffer is two typed arrays (doubles and int32s) that grow by doubling and are then
 * reused: saving into the same state every frame allocates nothing.
 */

import { growF64, growI32 } from '../base/array.js';
import { BodyType, STATE_STRIDE, VX, VY, W } from '../dynamics/body.js';
import { CONTACT_REFERENCE_STRIDE } from '../dynamics/contact.js';
import { C_FRICTION, C_POINT, C_POINT_STRIDE, CONTACT_STRIDE } from '../dynamics/contact_layout.js';
import { AABB, computeShapeAABB, ShapeType } from '../geometry/geometry.js';
import { computeShapeBox } from '../dynamics/shape.js';
import type { SlotPool } from '../base/id.js';
import type { WorldState } from './world_state.js';

const MAGIC = 0x494d5252; // "IMRR"
const VERSION = 2; // 2: the sensors' overlap set
/** Reference record: two poses (8) and the normal (2), then 3 doubles per point. */
const REF_HEAD = 10;
const REF_POINT = 3;

/** A reusable buffer for `World.saveState` / `World.loadState`. */
export class RollbackState {
  /** @internal doubles */
  f: Float64Array<ArrayBuffer> = new Float64Array(256);
  /** @internal int32s */
  i: Int32Array<ArrayBuffer> = new Int32Array(256);
  /** @internal */
  fCount = 0;
  /** @internal */
  iCount = 0;

  /** Bytes the state holds (its doubles and integers). */
  get byteLength(): number {
    return this.fCount * 8 + this.iCount * 4;
  }

  /** Step counter of the world when the state was saved; -1 when empty. */
  get stepCount(): number {
    return this.iCount === 0 ? -1 : this.f[0]!;
  }

  /** Copies another state into this one (reusing this one's arrays). */
  copyFrom(other: RollbackState): this {
    this.f = growF64(this.f, other.fCount);
    this.i = growI32(this.i, other.iCount);
    this.f.set(other.f.subarray(0, other.fCount));
    this.i.set(other.i.subarray(0, other.iCount));
    this.fCount = other.fCount;
    this.iCount = other.iCount;
    return this;
  }
}

/** FNV-1a step over one 32-bit word. */
function mixWord(h: number, v: number): number {
  return Math.imul(h ^ v, 0x01000193);
}

function mixPool(h: number, pool: SlotPool): number {
  h = mixWord(h, pool.next);
  h = mixWord(h, pool.count);
  const gen = pool.generation;
  const alive = pool.alive;
  for (let k = 0; k < pool.next; k++) h = mixWord(h, alive[k] === 1 ? gen[k]! : -1);
  return h;
}

/** Hash of the world's structure: live slots and generations of bodies, shapes, joints, chains; body types. */
export function structureFingerprint(w: WorldState): number {
  let h = 0x811c9dc5;
  h = mixPool(h, w.bodies.pool);
  const type = w.bodies.type;
  for (let b = 0; b < w.bodies.pool.next; b++) h = mixWord(h, type[b]!);
  h = mixPool(h, w.shapes.pool);
  h = mixPool(h, w.joints.pool);
  h = mixWord(h, w.chains.length);
  for (let k = 0; k < w.chainGeneration.length; k++) h = mixWord(h, w.chainGeneration[k]!);
  return h | 0;
}

// Writers that grow the state's arrays (amortised: none once the state has its size).
const NO_F: Float64Array<ArrayBuffer> = new Float64Array(0);
const NO_I: Int32Array<ArrayBuffer> = new Int32Array(0);
let jf = NO_F;
let ji = NO_I;
let jfc = 0;
let jic = 0;

function pf(v: number): void {
  if (jfc === jf.length) jf = growF64(jf, jfc + 1);
  jf[jfc++] = v;
}

function pi(v: number): void {
  if (jic === ji.length) ji = growI32(ji, jic + 1);
  ji[jic++] = v;
}

const fat = new AABB();

/**
 * Only polygon pairs reuse their manifold (contact.ts reuseManifold, the step's collide),
 * so only theirs is worth its reference record.
 */
function reusable(w: WorldState, c: number): boolean {
  const type = w.shapes.type;
  return (
    type[w.contacts.shapeA[c]!] === ShapeType.Polygon && type[w.contacts.shapeB[c]!] === ShapeType.Polygon
  );
}

/** True when every shape box of body `b` is the one its pose gives (not so after continuous collision moved it). */
function boxesFollowPose(w: WorldState, b: number): boolean {
  const shapes = w.shapes;
  const bodies = w.bodies;
  const xf = w.xfA;
  xf.set(bodies.px[b]!, bodies.py[b]!, bodies.c[b]!, bodies.s[b]!);
  for (let s = bodies.shapeHead[b]!; s !== -1; s = shapes.next[s]!) {
    const box = computeShapeAABB(shapes.typeOf(s), shapes.geometry[s]!, xf, w.aabb);
    if (
      box.minX !== shapes.minX[s] ||
      box.minY !== shapes.minY[s] ||
      box.maxX !== shapes.maxX[s] ||
      box.maxY !== shapes.maxY[s]
    ) {
      return false;
    }
  }
  return true;
}

/** Saves the world's rollback state into `out`. */
export function saveRollbackState(w: WorldState, out: RollbackState): void {
  // Local cursors and arrays (module-level ones cost a context load per element); each
  // record first makes room for its largest size.
  let F = out.f;
  let I = out.i;
  let fc = 0;
  let ic = 0;
  if (F.length < 64) F = growF64(F, 64);
  if (I.length < 64) I = growI32(I, 64);
  F[fc++] = w.stepCount;
  I[ic++] = MAGIC;
  I[ic++] = VERSION;
  I[ic++] = structureFingerprint(w);

  // bodies
  const bodies = w.bodies;
  const nb = bodies.pool.next;
  const balive = bodies.pool.alive;
  const state = bodies.state;
  const shapes = w.shapes;
  const bp = w.broadPhase;
  for (let b = 0; b < nb; b++) {
    if (balive[b] !== 1) continue;
    if (ic + 2 > I.length) I = growI32(I, ic + 2);
    if (fc + 13 + 8 * bodies.shapeCount[b]! > F.length) F = growF64(F, fc + 13 + 8 * bodies.shapeCount[b]!);
    I[ic++] = bodies.contactHead[b]!;
    if (bodies.type[b] === BodyType.Static) continue;
    const o = b * STATE_STRIDE;
    F[fc++] = bodies.px[b]!;
    F[fc++] = bodies.py[b]!;
    F[fc++] = bodies.c[b]!;
    F[fc++] = bodies.s[b]!;
    F[fc++] = bodies.cx[b]!;
    F[fc++] = bodies.cy[b]!;
    F[fc++] = state[o + VX]!;
    F[fc++] = state[o + VY]!;
    F[fc++] = state[o + W]!;
    F[fc++] = bodies.sleepTime[b]!;
    const fx = bodies.fx[b]!;
    const fy = bodies.fy[b]!;
    const t = bodies.torque[b]!;
    const forced = fx !== 0 || fy !== 0 || t !== 0;
    const follow = boxesFollowPose(w, b);
    I[ic++] = bodies.awake[b]! | (forced ? 2 : 0) | (follow ? 4 : 0);
    if (forced) {
      F[fc++] = fx;
      F[fc++] = fy;
      F[fc++] = t;
    }
    // the shapes' tight boxes (unless the pose gives them) and their proxies' fat boxes
    for (let sh = bodies.shapeHead[b]!; sh !== -1; sh = shapes.next[sh]!) {
      if (!follow) {
        F[fc++] = shapes.minX[sh]!;
        F[fc++] = shapes.minY[sh]!;
        F[fc++] = shapes.maxX[sh]!;
        F[fc++] = shapes.maxY[sh]!;
      }
      const key = shapes.proxyKey[sh]!;
      if (key === -1) continue;
      bp.getFatAABB(key, fat);
      F[fc++] = fat.minX;
      F[fc++] = fat.minY;
      F[fc++] = fat.maxX;
      F[fc++] = fat.maxY;
    }
  }
  if (ic + 1 + w.awakeBodyCount > I.length) I = growI32(I, ic + 1 + w.awakeBodyCount);
  I[ic++] = w.awakeBodyCount;
  for (let k = 0; k < w.awakeBodyCount; k++) I[ic++] = w.awakeBodies[k]!;

  // the proxies waiting in the move buffer
  const ns = shapes.pool.next;
  const salive = shapes.pool.alive;
  let moved = 0;
  for (let s = 0; s < ns; s++) {
    if (salive[s] !== 1) continue;
    const key = shapes.proxyKey[s]!;
    if (key !== -1 && bp.isMoved(key)) moved++;
  }
  if (ic + 1 + moved > I.length) I = growI32(I, ic + 1 + moved);
  I[ic++] = moved;
  for (let s = 0; s < ns; s++) {
    if (salive[s] !== 1) continue;
    const key = shapes.proxyKey[s]!;
    if (key !== -1 && bp.isMoved(key)) I[ic++] = s;
  }

  // contacts
  const contacts = w.contacts;
  const cpool = contacts.pool;
  const nc = cpool.next;
  const nFree = cpool.free.length;
  if (ic + 3 + nFree > I.length) I = growI32(I, ic + 3 + nFree);
  I[ic++] = nc;
  I[ic++] = cpool.count;
  I[ic++] = nFree;
  for (let k = 0; k < nFree; k++) I[ic++] = cpool.free[k]!;
  const d = contacts.data;
  const ref = contacts.reference;
  for (let c = 0; c < nc; c++) {
    if (ic + 8 > I.length) I = growI32(I, ic + 8);
    if (fc + CONTACT_STRIDE + CONTACT_REFERENCE_STRIDE > F.length) {
      F = growF64(F, fc + CONTACT_STRIDE + CONTACT_REFERENCE_STRIDE);
    }
    I[ic++] = cpool.generation[c]!;
    if (cpool.alive[c] !== 1) {
      I[ic++] = -1;
      continue;
    }
    const count = contacts.pointCount[c]!;
    I[ic++] = contacts.shapeA[c]!;
    I[ic++] = contacts.shapeB[c]!;
    I[ic++] = count | (contacts.flags[c]! << 8);
    I[ic++] = contacts.edgeNext[2 * c]!;
    I[ic++] = contacts.edgeNext[2 * c + 1]!;
    // the record: the normal only with points, mixed friction and restitution, the points
    const base = c * CONTACT_STRIDE;
    const n = C_POINT + count * C_POINT_STRIDE;
    for (let k = count === 0 ? C_FRICTION : 0; k < n; k++) F[fc++] = d[base + k]!;
    if (count === 0) continue;
    I[ic++] = contacts.id0[c]!;
    I[ic++] = contacts.id1[c]!;
    if (!reusable(w, c)) continue;
    const rb = c * CONTACT_REFERENCE_STRIDE;
    const nr = REF_HEAD + count * REF_POINT;
    for (let k = 0; k < nr; k++) F[fc++] = ref[rb + k]!;
  }
  if (ic + 1 + w.awakeContactCount > I.length) I = growI32(I, ic + 1 + w.awakeContactCount);
  I[ic++] = w.awakeContactCount;
  for (let k = 0; k < w.awakeContactCount; k++) I[ic++] = w.awakeContacts[k]!;

  // joints (few: through the growing writers of writeFields)
  jf = F;
  ji = I;
  jfc = fc;
  jic = ic;
  const joints = w.joints;
  const nj = joints.pool.next;
  for (let j = 0; j < nj; j++) {
    if (joints.pool.alive[j] !== 1) continue;
    pi(joints.enabled[j]!);
    pf(joints.forceX[j]!);
    pf(joints.forceY[j]!);
    pf(joints.torque[j]!);
    writeFields(joints.data[j]!);
  }

  // the sensors' overlap set: the next sensor pass reports begin and end against it
  const sensors = w.sensors;
  pi(sensors.keyCount);
  for (let k = 0; k < sensors.keyCount; k++) pf(sensors.keys[k]!);

  out.f = jf;
  out.i = ji;
  out.fCount = jfc;
  out.iCount = jic;
  jf = NO_F;
  ji = NO_I;
}

/**
 * Joint data objects are plain classes of number and boolean fields (and nested objects of
 * numbers), whose keys come in declaration order for every instance of a class (as the
 * full snapshot relies on). The key lists are cached per class so that saving allocates
 * nothing once every joint type has been seen.
 */
const keyCache = new Map<unknown, string[]>();

function keysOf(o: object): string[] {
  const ctor = o.constructor;
  let keys = keyCache.get(ctor);
  if (keys === undefined) {
    keys = Object.keys(o);
    keyCache.set(ctor, keys);
  }
  return keys;
}

function writeFields(o: object): void {
  const keys = keysOf(o);
  const r = o as Record<string, unknown>;
  for (let k = 0; k < keys.length; k++) {
    const v = r[keys[k]!];
    if (typeof v === 'number') pf(v);
    else if (typeof v === 'boolean') pf(v ? 1 : 0);
    else if (typeof v === 'object' && v !== null) writeFields(v);
  }
}

let rf = 0;

function readFields(fs: Float64Array, o: object): void {
  const keys = keysOf(o);
  const r = o as Record<string, unknown>;
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k]!;
    const v = r[key];
    if (typeof v === 'number') r[key] = fs[rf++]!;
    else if (typeof v === 'boolean') r[key] = fs[rf++] === 1;
    else if (typeof v === 'object' && v !== null) readFields(fs, v);
  }
}

/**
 * Checks that `state` can be loaded into `w`: a saved state of this format whose
 * structural fingerprint matches. Throws (and writes nothing) otherwise.
 */
export function checkRollbackState(w: WorldState, state: RollbackState): void {
  if (state.iCount < 3 || state.i[0] !== MAGIC) {
    throw new RangeError('loadState: state must be saved by saveState, got an empty or foreign state');
  }
  if (state.i[1] !== VERSION) {
    throw new RangeError(`loadState: state version must be ${VERSION}, got ${state.i[1]}`);
  }
  const fingerprint = structureFingerprint(w);
  if (state.i[2] !== fingerprint) {
    throw new RangeError(
      'loadState: state must come from a world of the same structure (bodies, shapes, joints ' +
        `and their ids), got structure fingerprint ${state.i[2]! >>> 0} for this world's ${fingerprint >>> 0}`,
    );
  }
}

/** Loads a state checked by checkRollbackState into `w`. */
export function loadRollbackState(w: WorldState, state: RollbackState): void {
  const fs = state.f;
  const is = state.i;
  let f = 0;
  let ri = 3;
  w.stepCount = fs[f++]!;

  // bodies
  const bodies = w.bodies;
  const nb = bodies.pool.next;
  const balive = bodies.pool.alive;
  const bstate = bodies.state;
  const shapes = w.shapes;
  const bp = w.broadPhase;
  let rebuild = 0;
  for (let b = 0; b < nb; b++) {
    if (balive[b] !== 1) continue;
    bodies.contactHead[b] = is[ri++]!;
    if (bodies.type[b] === BodyType.Static) continue;
    const o = b * STATE_STRIDE;
    bodies.px[b] = fs[f++]!;
    bodies.py[b] = fs[f++]!;
    bodies.c[b] = fs[f++]!;
    bodies.s[b] = fs[f++]!;
    bodies.cx[b] = fs[f++]!;
    bodies.cy[b] = fs[f++]!;
    bstate[o + VX] = fs[f++]!;
    bstate[o + VY] = fs[f++]!;
    bstate[o + W] = fs[f++]!;
    bodies.sleepTime[b] = fs[f++]!;
    const flags = is[ri++]!;
    bodies.awake[b] = flags & 1;
    bodies.awakeIndex[b] = -1;
    if ((flags & 2) !== 0) {
      bodies.fx[b] = fs[f++]!;
      bodies.fy[b] = fs[f++]!;
      bodies.torque[b] = fs[f++]!;
    } else {
      bodies.fx[b] = 0;
      bodies.fy[b] = 0;
      bodies.torque[b] = 0;
    }
    const follow = (flags & 4) !== 0;
    for (let sh = bodies.shapeHead[b]!; sh !== -1; sh = shapes.next[sh]!) {
      if (follow) {
        computeShapeBox(w, sh);
      } else {
        shapes.minX[sh] = fs[f++]!;
        shapes.minY[sh] = fs[f++]!;
        shapes.maxX[sh] = fs[f++]!;
        shapes.maxY[sh] = fs[f++]!;
      }
      const key = shapes.proxyKey[sh]!;
      if (key === -1) continue;
      fat.minX = fs[f++]!;
      fat.minY = fs[f++]!;
      fat.maxX = fs[f++]!;
      fat.maxY = fs[f++]!;
      const tree = bp.trees[key & 3]!;
      const id = key >> 2;
      if (
        fat.minX !== tree.minX[id] ||
        fat.minY !== tree.minY[id] ||
        fat.maxX !== tree.maxX[id] ||
        fat.maxY !== tree.maxY[id]
      ) {
        tree.setLeafBox(id, fat);
        rebuild |= 1 << (key & 3);
      }
    }
  }
  const awakeCount = is[ri++]!;
  for (let k = 0; k < awakeCount; k++) {
    const b = is[ri++]!;
    w.awakeBodies[k] = b;
    bodies.awakeIndex[b] = k;
  }
  w.awakeBodyCount = awakeCount;

  // Trees whose leaves changed are rebuilt whole: their shape differs from the saved
  // world's, which changes no result (pairs are sorted by shape index).
  for (let t = 0; t < 3; t++) if ((rebuild & (1 << t)) !== 0) bp.trees[t]!.rebuild(true);

  // the move buffer
  const ns = shapes.pool.next;
  const salive = shapes.pool.alive;
  for (let s = 0; s < ns; s++) {
    if (salive[s] !== 1) continue;
    const key = shapes.proxyKey[s]!;
    if (key !== -1) bp.clearMove(key);
  }
  const moved = is[ri++]!;
  for (let k = 0; k < moved; k++) bp.bufferMove(shapes.proxyKey[is[ri++]!]!);

  // contacts
  const contacts = w.contacts;
  const cpool = contacts.pool;
  const nc = is[ri++]!;
  if (nc > cpool.generation.length) {
    let cap = cpool.generation.length;
    while (cap < nc) cap *= 2;
    const g = new Uint32Array(cap);
    g.set(cpool.generation);
    cpool.generation = g;
    const a = new Uint8Array(cap);
    a.set(cpool.alive);
    cpool.alive = a;
  }
  contacts.ensureCapacity(Math.max(nc, 1));
  if (w.awakeContacts.length < contacts.capacity) {
    w.awakeContacts = growI32(w.awakeContacts, contacts.capacity);
  }
  // slots past the saved pool may hold contacts made since: they are no longer alive
  // (never used at save time, so generation 0, as the uninterrupted run has them)
  for (let c = nc; c < cpool.next; c++) {
    cpool.alive[c] = 0;
    cpool.generation[c] = 0;
  }
  cpool.next = nc;
  cpool.count = is[ri++]!;
  const nFree = is[ri++]!;
  cpool.free.length = nFree;
  for (let k = 0; k < nFree; k++) cpool.free[k] = is[ri++]!;
  w.pairs.clear();
  const d = contacts.data;
  const ref = contacts.reference;
  const sbody = shapes.body;
  for (let c = 0; c < nc; c++) {
    cpool.generation[c] = is[ri++]!;
    contacts.awakeIndex[c] = -1;
    const shapeA = is[ri++]!;
    if (shapeA === -1) {
      cpool.alive[c] = 0;
      continue;
    }
    cpool.alive[c] = 1;
    const shapeB = is[ri++]!;
    const packed = is[ri++]!;
    const count = packed & 0xff;
    contacts.shapeA[c] = shapeA;
    contacts.shapeB[c] = shapeB;
    contacts.bodyA[c] = sbody[shapeA]!;
    contacts.bodyB[c] = sbody[shapeB]!;
    contacts.pointCount[c] = count;
    contacts.flags[c] = packed >> 8;
    contacts.edgeNext[2 * c] = is[ri++]!;
    contacts.edgeNext[2 * c + 1] = is[ri++]!;
    const base = c * CONTACT_STRIDE;
    const n = C_POINT + count * C_POINT_STRIDE;
    for (let k = count === 0 ? C_FRICTION : 0; k < n; k++) d[base + k] = fs[f++]!;
    w.pairs.insert(shapeA, shapeB, c);
    if (count === 0) continue;
    contacts.id0[c] = is[ri++]!;
    contacts.id1[c] = is[ri++]!;
    if (!reusable(w, c)) continue;
    const rb = c * CONTACT_REFERENCE_STRIDE;
    const nr = REF_HEAD + count * REF_POINT;
    for (let k = 0; k < nr; k++) ref[rb + k] = fs[f++]!;
  }
  // the body contact lists' back links, from the saved heads and forward links
  for (let b = 0; b < nb; b++) {
    if (balive[b] !== 1) continue;
    let prev = -1;
    for (let e = bodies.contactHead[b]!; e !== -1; e = contacts.edgeNext[e]!) {
      contacts.edgePrev[e] = prev;
      prev = e;
    }
  }
  const awakeContacts = is[ri++]!;
  for (let k = 0; k < awakeContacts; k++) {
    const c = is[ri++]!;
    w.awakeContacts[k] = c;
    contacts.awakeIndex[c] = k;
  }
  w.awakeContactCount = awakeContacts;

  // joints
  rf = f;
  const joints = w.joints;
  const nj = joints.pool.next;
  for (let j = 0; j < nj; j++) {
    if (joints.pool.alive[j] !== 1) continue;
    joints.enabled[j] = is[ri++]!;
    joints.forceX[j] = fs[rf++]!;
    joints.forceY[j] = fs[rf++]!;
    joints.torque[j] = fs[rf++]!;
    readFields(fs, joints.data[j]!);
  }

  const sensors = w.sensors;
  const keyCount = is[ri++]!;
  sensors.reserveKeys(keyCount);
  for (let k = 0; k < keyCount; k++) sensors.keys[k] = fs[rf++]!;
  sensors.keyCount = keyCount;
}
