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
 * - every non-static body's pose, velocity, sleep time, awake flag and pending forces;
 * - the awake body list in its exact order (the solver order);
 * - every non-static shape's tight box and its proxy's fat box; the set of proxies in the
 *   move buffer. The trees are not saved: a changed fat box is enlarged into the tree as
 *   the step does, and the tree's shape then differs, but pairs are sorted by shape index
 *   before contacts are created (design notes, "Contact order is canonical"), so tree
 *   shape never changes a result;
 * - the contacts: the slot pool's free list in order (contacts have no generations: no
 *   handle names one), and per live contact its slot, shapes, flags, point count, the
 *   record (mixed friction and restitution, normal, points with warm-start impulses) and,
 *   while it has points and both shapes are polygons, the reference that manifold reuse
 *   compares against; the awake contact list in its exact order. The pair table is
 *   brought up to date by its differences;
 * - every body's contact list, in its exact order (waking floods through the lists in list
 *   order): the live contacts are saved in an order that rebuilds every list when each is
 *   linked at the head of its bodies' lists in turn, as createContact links them
 *   (orderContacts), instead of the lists' links;
 * - per joint: enabled (broken), last reaction, and its type's parameters and warm-start
 *   impulses (the joint files' save/load functions, through the registry).
 *
 * Not saved (rewritten by the step before it reads them): the in-step deltas, the joint
 * solver rows and temporaries, islands (not persistent), the narrow phase's quadrilateral
 * cache (a memo of geometry), events (outputs of one step), settings and mixers (inputs).
 *
 * Saved as a flag instead of its value, where the saved data gives the value bit for bit
 * (each one checked when saving: where it does not hold, the value is saved):
 * - a body's origin: the step sets it from the center of mass and the rotation;
 * - zero velocity, sleep time and forces (sleeping bodies);
 * - a shape's tight box: computeShapeBox of the pose (not after continuous collision moved
 *   the pose without recomputing it);
 * - a proxy's fat box: the tight box grown by the margin (not once the body has moved
 *   inside it since);
 * - equal mixed friction and restitution: the previous contact's;
 * - zero impulses and zero largest normal impulses (the settled pile's are all zero);
 * - a reference pose equal to the body's current pose;
 * - the record's normal, anchors and separations: the narrow phase last wrote them
 *   (updateContactManifold at the reference poses), or manifold reuse did, at the poses
 *   the bodies had at the start of their last step: the start-of-step center and rotation
 *   (`c0x`, `c0y`, `q0c`, `q0s`, not in a snapshot), which the body then carries. For a
 *   pair with a round shape (no reference) the narrow phase at those poses gives it.
 * Those derivations run the step's own functions (narrow phase, updateContactManifold,
 * reuseManifold) on the contact, with the bodies' pose arrays set to the poses in
 * question for the call and put back after, so they cannot drift from the step's math.
 *
 * Not saved and not checked: a reference's manifold and feature ids. The narrow phase run
 * at the reference poses gives them back: it is their only writer, and it writes the poses
 * it ran at along with its result (updateContactManifold), and shape geometry never
 * changes. Checking would cost a narrow phase per touching contact on every save; a test
 * pins it instead ("a touching polygon contact holds the narrow phase result at its
 * reference poses"). Loading runs the narrow phase only for the contacts whose slot does
 * not already hold that pair at those reference poses.
 *
 * Doubles that no flag covers are saved whole, except where the world gives a close
 * prediction: start-of-step poses (against the pose), fat boxes (against the tight box
 * grown by the margin), reference poses (against the bodies' poses) and every cosine
 * (against the one its sine gives) are saved as the XOR of their bits with the
 * prediction's, low bytes only (putXor).
 *
 * The buffer is two typed arrays that grow by doubling and are then reused: doubles (the
 * step counter first), and bytes (header, flags, coded doubles and LEB128 integers,
 * zigzag-coded where they can be negative). Saving into the same state every frame, and
 * loading one, allocates nothing.
 *
 * The fast path. A step of a world at rest (no body awake, nothing waiting to pair)
 * changes nothing a state holds but the step counter, so a state saved then stays that
 * world's state, counter apart. The world's content has a stamp (WorldState.rollback): a
 * number unique among all worlds, renewed by every change of what a state holds or of
 * what its coding reads (markRollbackChanged): by every public method of World that writes
 * (the user-data setters alone keep it), by a step unless the world was at rest and its
 * sensor pass changed no overlap (world/solver.ts isAtRest), by a full load, by restore
 * (WorldState.adopt), by a character mover that pushes a body. A save records the stamp in
 * its state. While the world's stamp is a state's, saving into that state only writes the
 * step counter (its first double), and loading it only sets the world's; saving into
 * another state copies the bytes of the one the world last saved or loaded at that stamp.
 * A state is no less whole for it: its bytes are those a full save would write, and they
 * load on their own into any world of the same structure at any later time. A state keeps
 * its stamp only with its bytes: copyFrom copies it, and giving a state other arrays (a
 * state received from another thread) clears it. A load that decodes gives the world a new
 * stamp, named by no state yet (a save of the decoded world need not give back the loaded
 * bytes: masses, which the coding reads, may have changed since). One body awake and every
 * step renews the stamp: a state is one stream (bodies in slot order, contacts in list
 * order, each coded against the one before), and patching the awake part into it is not
 * done; such a world saves and loads in full.
 *
 * Measured (examples/rollback_cost.mjs): on the pile of 200 boxes of
 * test/world/rollback_state.test.ts, 181 B a body (version 2: 601 B), saving 155-170 us
 * and loading 135-155 us, against 235-245 us for a step of the pile with sleep off; the
 * same pile at rest, 191 B a body, saves in 0.1-0.2 us and loads in 0.2 us, its step
 * taking 0.5-1.2 us. With one box awake beside it: 160 and 145-150 us against a step of
 * 2.3 us (docs/core-design.md).
 */

import { growF64, growI32, growU8 } from '../base/array.js';
import { STATE_STRIDE, VX, VY, W } from '../dynamics/body.js';
import {
  CONTACT_REFERENCE_STRIDE,
  linkContactEdge,
  reuseManifold,
  updateContactManifold,
} from '../dynamics/contact.js';
import {
  C_FRICTION,
  C_NX,
  C_NY,
  C_POINT,
  C_POINT_STRIDE,
  C_RESTITUTION,
  CONTACT_STRIDE,
  P_MAX_NORMAL_IMPULSE,
  P_NORMAL_IMPULSE,
  P_RAX,
  P_SEP,
  P_TANGENT_IMPULSE,
} from '../dynamics/contact_layout.js';
import { AABB, computeShapeAABB, type Polygon, ShapeType } from '../geometry/geometry.js';
import { computeShapeBox, marginFor } from '../dynamics/shape.js';
import { collideQuadShapes, getCollider } from '../collision/manifold.js';
import { Manifold } from '../collision/manifold_types.js';
import type { Transform } from '../base/math.js';
import { jointTypes } from '../joints/registry.js';
import type { SlotPool } from '../base/id.js';
import { markRollbackChanged, type WorldState } from './world_state.js';
import { BodyType } from '../types/body_def.js';
import { CONTACT_FLAG_BITS } from '../dynamics/awake_contacts.js';

const MAGIC = 0x494d5252; // "IMRR"
/** 2: the sensors' overlap set; 3: derived values as flags, coded doubles, bytes for integers. */
const VERSION = 3;
/** Magic (4 bytes), version (1), structure fingerprint (4). */
const HEADER = 9;
/** Bytes a state keeps past its end, for getXor's whole-double reads. */
const CODED_SLACK = 8;

/** The reference record (contact.ts REF): poses of A and B (8), the normal (2), points. */
const REF_NX = 8;
const REF_POINT = 10;
const REF_POINT_STRIDE = 3;

// A non-static body's flag byte.
const B_AWAKE = 1;
const B_FORCED = 2;
const B_BOXES_FOLLOW = 4;
const B_STILL = 8;
const B_NO_SLEEP_TIME = 16;
const B_ORIGIN_FOLLOWS = 32;
const B_START_POSE = 64;
const B_FAT_FOLLOWS = 128;

// A live contact's head byte: point count (bits 0-1), contact flags (bits 2-3:
// CONTACT_FLAG_BITS, touching and events) and:
const C_SAME_MIX = 16;

// A contact with points: its mode byte.
/** Bits 0-1: how the record's normal, anchors and separations come back (0: saved). */
const M_RECORD = 3;
const R_UPDATE = 1;
const R_REUSE = 2;
/** The poses the record is derived at: A's (B's) current pose instead of its start pose. */
const M_CURRENT_A = 4;
const M_CURRENT_B = 8;
/** Reference pose A (B) is A's (B's) current pose (else it is saved, XOR-coded against it). */
const M_REF_A_CURRENT = 16;
const M_REF_B_CURRENT = 32;
const M_MAX_ZERO = 64;
const M_NO_IMPULSE = 128;

/** A reusable buffer for `World.saveState` / `World.loadState`. */
export class RollbackState {
  #f: Float64Array<ArrayBuffer> = new Float64Array(256);
  #b: Uint8Array<ArrayBuffer> = new Uint8Array(1024);
  /** @internal */
  fCount = 0;
  /** @internal */
  bCount = 0;
  /**
   * @internal The world stamp its bytes were saved at (0: none; see "The fast path"). Kept
   * only while the bytes are the save's: copyFrom copies it, and giving the state other
   * arrays (a state received from another thread) clears it.
   */
  stamp = 0;
  /**
   * @internal The step counter it holds (its first double), for a load at its stamp: read
   * from the doubles, code V8 has not optimised yet (a load every few frames stays there
   * long) boxes it, 16 bytes a load. Valid while the stamp is.
   */
  stampStepCount = 0;

  /** @internal doubles (the step counter first) */
  get f(): Float64Array<ArrayBuffer> {
    return this.#f;
  }

  set f(f: Float64Array<ArrayBuffer>) {
    this.#f = f;
    this.stamp = 0;
  }

  /** @internal bytes: header, flags, integers */
  get b(): Uint8Array<ArrayBuffer> {
    return this.#b;
  }

  set b(b: Uint8Array<ArrayBuffer>) {
    this.#b = b;
    this.stamp = 0;
  }

  /** Bytes the state holds (its doubles and its bytes). */
  get byteLength(): number {
    return this.fCount * 8 + this.bCount;
  }

  /** Step counter of the world when the state was saved; -1 when empty. */
  get stepCount(): number {
    return this.bCount === 0 ? -1 : this.#f[0]!;
  }

  /** Copies another state into this one (reusing this one's arrays). */
  copyFrom(other: RollbackState): this {
    if (other === this) return this;
    this.f = growF64(this.f, other.fCount);
    this.b = growU8(this.b, other.bCount + CODED_SLACK);
    this.f.set(other.f.subarray(0, other.fCount));
    this.b.set(other.b.subarray(0, other.bCount));
    this.fCount = other.fCount;
    this.bCount = other.bCount;
    this.stamp = other.stamp;
    this.stampStepCount = other.stampStepCount;
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

// ---------------------------------------------------------------------------------------
// Bits and integers
//
// Doubles are compared and moved through (array, index) pairs: a double handed to a
// function V8 does not inline is boxed (a heap number per call), and the save and load
// functions are too large for V8 to inline every helper they call.

/** True when a[i] and b[j] are the same double bit for bit (NaN never is: it is saved as is). */
function sameAt(a: Float64Array, i: number, b: Float64Array, j: number): boolean {
  const x = a[i]!;
  const y = b[j]!;
  return x === y && (x !== 0 || 1 / x === 1 / y);
}

/** sameAt for a box: `box` holds minX, minY, maxX, maxY; the columns hold the other at `j`. */
function sameBoxAt(
  box: Float64Array,
  minX: Float64Array,
  minY: Float64Array,
  maxX: Float64Array,
  maxY: Float64Array,
  j: number,
): boolean {
  return (
    sameAt(box, 0, minX, j) && sameAt(box, 1, minY, j) && sameAt(box, 2, maxX, j) && sameAt(box, 3, maxY, j)
  );
}

function isPlusZeroAt(a: Float64Array, i: number): boolean {
  const x = a[i]!;
  return x === 0 && 1 / x > 0;
}

/** Writes `v` (0 <= v < 2^32) as LEB128 at `at` (room for 5 bytes made); returns the end. */
function putU(b: Uint8Array, at: number, v: number): number {
  while (v > 0x7f) {
    b[at++] = (v & 0x7f) | 0x80;
    v = v >>> 7;
  }
  b[at++] = v;
  return at;
}

/** Zigzag: small magnitudes of either sign to small unsigned numbers. */
function zz(v: number): number {
  return ((v << 1) ^ (v >> 31)) >>> 0;
}

/** Reads what putU wrote. */
class ByteReader {
  b: Uint8Array = new Uint8Array(0);
  at = 0;

  u(): number {
    const b = this.b;
    let byte = b[this.at++]!;
    if (byte < 0x80) return byte;
    let v = byte & 0x7f;
    let scale = 0x80;
    do {
      byte = b[this.at++]!;
      v += (byte & 0x7f) * scale;
      scale *= 0x80;
    } while (byte > 0x7f);
    return v;
  }

  /** A zigzag-coded int32. */
  z(): number {
    const v = this.u();
    return (v >>> 1) ^ -(v & 1);
  }
}

const reader = new ByteReader();

// ---------------------------------------------------------------------------------------
// Derivations: the step's own functions run on a contact at other poses

const manifold = new Manifold();
/** The two bodies' own poses while a derivation runs at others. */
const held = new Float64Array(8);
/** A contact's record (and for pairs without a reference, the reference and ints), kept while a derivation is checked on it. */
const kept = new Float64Array(CONTACT_STRIDE + CONTACT_REFERENCE_STRIDE);
const keptInts = new Int32Array(3);
/** Manifold values and boxes, for comparing them to arrays. */
const scratch = new Float64Array(8);
/** The last friction and restitution saved or loaded. */
const mix = new Float64Array(2);

/**
 * Per body, while saving: its origin at the start of its last step (as finalizeBodies
 * computes it from `c0x`, `c0y`, `q0c`, `q0s`), and whether that pose differs from the
 * current one (else a derivation at it is one at the current pose, and it is not saved).
 */
let startOrigin = new Float64Array(128);
let startDiffers = new Uint8Array(64);
/** Per body, while saving: its start pose is saved (a contact's derivation uses it). */
let needStart = new Uint8Array(64);
/** Per contact with points, while saving: its mode, found before the bodies are written. */
let modes = new Int32Array(64);

function holdPose(w: WorldState, b: number, k: number): void {
  const bodies = w.bodies;
  held[k] = bodies.px[b]!;
  held[k + 1] = bodies.py[b]!;
  held[k + 2] = bodies.c[b]!;
  held[k + 3] = bodies.s[b]!;
}

function releasePose(w: WorldState, b: number, k: number): void {
  const bodies = w.bodies;
  bodies.px[b] = held[k]!;
  bodies.py[b] = held[k + 1]!;
  bodies.c[b] = held[k + 2]!;
  bodies.s[b] = held[k + 3]!;
}

/** Sets body b's pose to the one at the start of its last step, as finalizeBodies made it. */
function putStartPose(w: WorldState, b: number): void {
  const bodies = w.bodies;
  const qc = bodies.q0c[b]!;
  const qs = bodies.q0s[b]!;
  const lcx = bodies.lcx[b]!;
  const lcy = bodies.lcy[b]!;
  bodies.px[b] = bodies.c0x[b]! - (qc * lcx - qs * lcy);
  bodies.py[b] = bodies.c0y[b]! - (qs * lcx + qc * lcy);
  bodies.c[b] = qc;
  bodies.s[b] = qs;
}

/** Sets body b's pose to four doubles of `src` from `o`. */
function putPose(w: WorldState, b: number, src: Float64Array, o: number): void {
  const bodies = w.bodies;
  bodies.px[b] = src[o]!;
  bodies.py[b] = src[o + 1]!;
  bodies.c[b] = src[o + 2]!;
  bodies.s[b] = src[o + 3]!;
}

/** `xf` from four doubles of `src` from `o`. */
function transformFrom(xf: Transform, src: Float64Array, o: number): void {
  xf.px = src[o]!;
  xf.py = src[o + 1]!;
  xf.c = src[o + 2]!;
  xf.s = src[o + 3]!;
}

/** Body b's pose (current, or at the start of its last step) into `xf`. */
function poseInto(w: WorldState, b: number, start: boolean, xf: Transform): void {
  const bodies = w.bodies;
  if (start) {
    holdPose(w, b, 0);
    putStartPose(w, b);
  }
  xf.px = bodies.px[b]!;
  xf.py = bodies.py[b]!;
  xf.c = bodies.c[b]!;
  xf.s = bodies.s[b]!;
  if (start) releasePose(w, b, 0);
}

/** Runs the narrow phase on contact c's shapes at the given transforms (as the step's collide does). */
function narrowPhase(w: WorldState, c: number, xfA: Transform, xfB: Transform, m: Manifold): void {
  const shapes = w.shapes;
  const sA = w.contacts.shapeA[c]!;
  const sB = w.contacts.shapeB[c]!;
  const typeA = shapes.type[sA]! as ShapeType;
  const typeB = shapes.type[sB]! as ShapeType;
  const geometry = shapes.geometry;
  const gA = geometry[sA]!;
  const gB = geometry[sB]!;
  // as the step's collide: two quadrilaterals through the cache, every other pair through the table
  const quadPair =
    typeA === ShapeType.Polygon &&
    typeB === ShapeType.Polygon &&
    (gA as Polygon).count === 4 &&
    (gB as Polygon).count === 4;
  if (quadPair) {
    collideQuadShapes(w.quadCache, sA, gA as Polygon, xfA, sB, gB as Polygon, xfB, m);
  } else {
    getCollider(typeA, typeB)!(gA, xfA, gB, xfB, m);
  }
}

/**
 * Only polygon pairs reuse their manifold (contact.ts reuseManifold, the step's collide),
 * so only theirs keeps a reference record.
 */
function reusable(w: WorldState, c: number): boolean {
  const type = w.shapes.type;
  return (
    type[w.contacts.shapeA[c]!] === ShapeType.Polygon && type[w.contacts.shapeB[c]!] === ShapeType.Polygon
  );
}

function keepRecord(w: WorldState, c: number): void {
  const d = w.contacts.data;
  const base = c * CONTACT_STRIDE;
  for (let k = 0; k < CONTACT_STRIDE; k++) kept[k] = d[base + k]!;
}

function restoreRecord(w: WorldState, c: number): void {
  const d = w.contacts.data;
  const base = c * CONTACT_STRIDE;
  for (let k = 0; k < CONTACT_STRIDE; k++) d[base + k] = kept[k]!;
}

function keepReference(w: WorldState, c: number): void {
  const contacts = w.contacts;
  const ref = contacts.reference;
  const rb = c * CONTACT_REFERENCE_STRIDE;
  for (let k = 0; k < CONTACT_REFERENCE_STRIDE; k++) kept[CONTACT_STRIDE + k] = ref[rb + k]!;
  keptInts[0] = contacts.pointCount[c]!;
  keptInts[1] = contacts.id0[c]!;
  keptInts[2] = contacts.id1[c]!;
}

function restoreReference(w: WorldState, c: number): void {
  const contacts = w.contacts;
  const ref = contacts.reference;
  const rb = c * CONTACT_REFERENCE_STRIDE;
  for (let k = 0; k < CONTACT_REFERENCE_STRIDE; k++) ref[rb + k] = kept[CONTACT_STRIDE + k]!;
  contacts.pointCount[c] = keptInts[0]!;
  contacts.id0[c] = keptInts[1]!;
  contacts.id1[c] = keptInts[2]!;
}

/** True when contact c's normal, anchors and separations are the kept ones bit for bit. */
function recordIsKept(w: WorldState, c: number, n: number): boolean {
  const d = w.contacts.data;
  const base = c * CONTACT_STRIDE;
  if (!sameAt(d, base + C_NX, kept, C_NX) || !sameAt(d, base + C_NY, kept, C_NY)) return false;
  for (let k = 0; k < n; k++) {
    const p = C_POINT + k * C_POINT_STRIDE;
    for (let q = P_RAX; q <= P_SEP; q++) if (!sameAt(d, base + p + q, kept, p + q)) return false;
  }
  return true;
}

/**
 * With one point, updateContactManifold still writes the manifold's second point into the
 * reference (unread garbage from whichever pair the scratch manifold last held): make it
 * write back what the slot holds, so a derivation leaves that garbage as it was (the full
 * snapshot compares it).
 */
function keepSecondPoint(w: WorldState, c: number, m: Manifold): void {
  if (m.pointCount > 1) return;
  const o = c * CONTACT_REFERENCE_STRIDE + REF_POINT + REF_POINT_STRIDE;
  const ref = w.contacts.reference;
  m.ax1 = ref[o]!;
  m.ay1 = ref[o + 1]!;
  m.sep1 = ref[o + 2]!;
}

/** The reference manifold of contact c (n points) into `m`, with the contact's feature ids. */
function referenceManifold(w: WorldState, c: number, n: number, m: Manifold): void {
  const ref = w.contacts.reference;
  const rb = c * CONTACT_REFERENCE_STRIDE;
  m.pointCount = n;
  m.normalX = ref[rb + REF_NX]!;
  m.normalY = ref[rb + REF_NX + 1]!;
  m.ax0 = ref[rb + REF_POINT]!;
  m.ay0 = ref[rb + REF_POINT + 1]!;
  m.sep0 = ref[rb + REF_POINT + 2]!;
  m.id0 = w.contacts.id0[c]!;
  if (n < 2) {
    keepSecondPoint(w, c, m);
    return;
  }
  m.ax1 = ref[rb + REF_POINT + REF_POINT_STRIDE]!;
  m.ay1 = ref[rb + REF_POINT + REF_POINT_STRIDE + 1]!;
  m.sep1 = ref[rb + REF_POINT + REF_POINT_STRIDE + 2]!;
  m.id1 = w.contacts.id1[c]!;
}

/** Writes `m`'s normal and n points into contact c's reference, and its feature ids. */
function writeReferenceManifold(w: WorldState, c: number, n: number, m: Manifold): void {
  const contacts = w.contacts;
  const ref = contacts.reference;
  const rb = c * CONTACT_REFERENCE_STRIDE;
  ref[rb + REF_NX] = m.normalX;
  ref[rb + REF_NX + 1] = m.normalY;
  ref[rb + REF_POINT] = m.ax0;
  ref[rb + REF_POINT + 1] = m.ay0;
  ref[rb + REF_POINT + 2] = m.sep0;
  contacts.id0[c] = m.id0;
  if (n < 2) return;
  ref[rb + REF_POINT + 3] = m.ax1;
  ref[rb + REF_POINT + 4] = m.ay1;
  ref[rb + REF_POINT + 5] = m.sep1;
  contacts.id1[c] = m.id1;
}

/** For every non-static body: its start-of-step origin, and whether that pose differs from the current one. */
function findStartPoses(w: WorldState): void {
  const bodies = w.bodies;
  const nb = bodies.pool.next;
  if (startDiffers.length < nb) {
    startDiffers = growU8(startDiffers, nb);
    needStart = growU8(needStart, nb);
    startOrigin = growF64(startOrigin, 2 * startDiffers.length);
  }
  const so = startOrigin;
  for (let b = 0; b < nb; b++) {
    needStart[b] = 0;
    startDiffers[b] = 0;
    if (bodies.pool.alive[b] !== 1 || bodies.type[b] === BodyType.Static) continue;
    const qc = bodies.q0c[b]!;
    const qs = bodies.q0s[b]!;
    const lcx = bodies.lcx[b]!;
    const lcy = bodies.lcy[b]!;
    so[2 * b] = bodies.c0x[b]! - (qc * lcx - qs * lcy);
    so[2 * b + 1] = bodies.c0y[b]! - (qs * lcx + qc * lcy);
    if (
      !sameAt(so, 2 * b, bodies.px, b) ||
      !sameAt(so, 2 * b + 1, bodies.py, b) ||
      !sameAt(bodies.q0c, b, bodies.c, b) ||
      !sameAt(bodies.q0s, b, bodies.s, b)
    ) {
      startDiffers[b] = 1;
    }
  }
}

/** True when a reference pose (four doubles of `ref` from `o`) is body b's current pose. */
function isCurrentPose(w: WorldState, b: number, ref: Float64Array, o: number): boolean {
  const bodies = w.bodies;
  return (
    sameAt(ref, o, bodies.px, b) &&
    sameAt(ref, o + 1, bodies.py, b) &&
    sameAt(ref, o + 2, bodies.c, b) &&
    sameAt(ref, o + 3, bodies.s, b)
  );
}

/** True when a reference pose (four doubles of `ref` from `o`) is body b's start-of-step pose. */
function isStartPose(w: WorldState, b: number, ref: Float64Array, o: number): boolean {
  const bodies = w.bodies;
  return (
    startDiffers[b] === 1 &&
    sameAt(ref, o, startOrigin, 2 * b) &&
    sameAt(ref, o + 1, startOrigin, 2 * b + 1) &&
    sameAt(ref, o + 2, bodies.q0c, b) &&
    sameAt(ref, o + 3, bodies.q0s, b)
  );
}

/**
 * Does updateContactManifold at the reference poses, with the reference manifold, give c's
 * record (kept)? It rewrites the reference, ids and count with the values they hold.
 */
function updatedAtReference(w: WorldState, c: number, n: number): boolean {
  const contacts = w.contacts;
  const bA = contacts.bodyA[c]!;
  const bB = contacts.bodyB[c]!;
  const rb = c * CONTACT_REFERENCE_STRIDE;
  referenceManifold(w, c, n, manifold);
  holdPose(w, bA, 0);
  holdPose(w, bB, 4);
  putPose(w, bA, contacts.reference, rb);
  putPose(w, bB, contacts.reference, rb + 4);
  updateContactManifold(w, c, bA, bB, manifold);
  releasePose(w, bB, 4);
  releasePose(w, bA, 0);
  const ok = recordIsKept(w, c, n);
  restoreRecord(w, c);
  return ok;
}

/** The M_CURRENT_ bits of the first pose pair at which reuseManifold gives c's record (kept), or -1. */
function reusedAt(w: WorldState, c: number, n: number): number {
  const contacts = w.contacts;
  const bA = contacts.bodyA[c]!;
  const bB = contacts.bodyB[c]!;
  const startA = startDiffers[bA] === 1;
  const startB = startDiffers[bB] === 1;
  for (let combo = 0; combo < 4; combo++) {
    const currentA = (combo & 1) !== 0;
    const currentB = (combo & 2) !== 0;
    if ((!currentA && !startA) || (!currentB && !startB)) continue;
    holdPose(w, bA, 0);
    holdPose(w, bB, 4);
    if (!currentA) putStartPose(w, bA);
    if (!currentB) putStartPose(w, bB);
    const reused = reuseManifold(w, c, bA, bB, n);
    releasePose(w, bB, 4);
    releasePose(w, bA, 0);
    const ok = reused && recordIsKept(w, c, n);
    restoreRecord(w, c);
    if (ok) return combo << 2;
  }
  return -1;
}

/**
 * For a pair without a reference: the M_CURRENT_ bits of the poses at which the narrow
 * phase and updateContactManifold give c's record and ids, or -1.
 */
function collidedAt(w: WorldState, c: number, n: number): number {
  const contacts = w.contacts;
  const bA = contacts.bodyA[c]!;
  const bB = contacts.bodyB[c]!;
  const startA = startDiffers[bA] === 1;
  const startB = startDiffers[bB] === 1;
  keepReference(w, c);
  for (let combo = 0; combo < 4; combo++) {
    const currentA = (combo & 1) !== 0;
    const currentB = (combo & 2) !== 0;
    if ((!currentA && !startA) || (!currentB && !startB)) continue;
    poseInto(w, bA, !currentA, w.xfA);
    poseInto(w, bB, !currentB, w.xfB);
    narrowPhase(w, c, w.xfA, w.xfB, manifold);
    if (manifold.pointCount !== n || manifold.id0 !== contacts.id0[c]) continue;
    if (n > 1 && manifold.id1 !== contacts.id1[c]) continue;
    keepSecondPoint(w, c, manifold);
    holdPose(w, bA, 0);
    holdPose(w, bB, 4);
    if (!currentA) putStartPose(w, bA);
    if (!currentB) putStartPose(w, bB);
    updateContactManifold(w, c, bA, bB, manifold);
    releasePose(w, bB, 4);
    releasePose(w, bA, 0);
    const ok = recordIsKept(w, c, n);
    restoreRecord(w, c);
    restoreReference(w, c);
    if (ok) return combo << 2;
  }
  return -1;
}

/** Finds how each contact with points is saved (its mode), and the start poses that needs. */
function classifyContacts(w: WorldState): void {
  findStartPoses(w);
  const contacts = w.contacts;
  const nc = contacts.pool.next;
  if (modes.length < nc) modes = growI32(modes, nc);
  const alive = contacts.pool.alive;
  const pointCount = contacts.pointCount;
  for (let c = 0; c < nc; c++) {
    if (alive[c] !== 1 || pointCount[c] === 0) continue;
    modes[c] = classifyContact(w, c, pointCount[c]!);
  }
}

function classifyContact(w: WorldState, c: number, n: number): number {
  const contacts = w.contacts;
  const d = contacts.data;
  const ref = contacts.reference;
  const bA = contacts.bodyA[c]!;
  const bB = contacts.bodyB[c]!;
  const base = c * CONTACT_STRIDE;
  const rb = c * CONTACT_REFERENCE_STRIDE;
  let mode = M_MAX_ZERO | M_NO_IMPULSE;
  for (let k = 0; k < n; k++) {
    const p = base + C_POINT + k * C_POINT_STRIDE;
    if (!isPlusZeroAt(d, p + P_NORMAL_IMPULSE) || !isPlusZeroAt(d, p + P_TANGENT_IMPULSE)) {
      mode &= ~M_NO_IMPULSE;
    }
    if (!isPlusZeroAt(d, p + P_MAX_NORMAL_IMPULSE)) mode &= ~M_MAX_ZERO;
  }
  keepRecord(w, c);
  let derived: number;
  if (reusable(w, c)) {
    if (isCurrentPose(w, bA, ref, rb)) mode |= M_REF_A_CURRENT;
    if (isCurrentPose(w, bB, ref, rb + 4)) mode |= M_REF_B_CURRENT;
    // The narrow phase ran at the start of the last step when the reference poses are the
    // start (or unchanged) poses: try its update first; else manifold reuse wrote the record.
    const narrowLast =
      ((mode & M_REF_A_CURRENT) !== 0 || isStartPose(w, bA, ref, rb)) &&
      ((mode & M_REF_B_CURRENT) !== 0 || isStartPose(w, bB, ref, rb + 4));
    if (narrowLast && updatedAtReference(w, c, n)) return mode | R_UPDATE;
    derived = reusedAt(w, c, n);
    if (derived >= 0) {
      mode |= R_REUSE | derived;
    } else if (!narrowLast && updatedAtReference(w, c, n)) {
      return mode | R_UPDATE;
    } else {
      return mode;
    }
  } else {
    derived = collidedAt(w, c, n);
    if (derived < 0) return mode;
    mode |= R_UPDATE | derived;
  }
  if ((derived & M_CURRENT_A) === 0) needStart[bA] = 1;
  if ((derived & M_CURRENT_B) === 0) needStart[bB] = 1;
  return mode;
}

// ---------------------------------------------------------------------------------------
// Bodies' boxes

/** True when every shape box of body `b` is the one its pose gives (not so after continuous collision moved it). */
function boxesFollowPose(w: WorldState, b: number): boolean {
  const shapes = w.shapes;
  const bodies = w.bodies;
  const xf = w.xfA;
  xf.px = bodies.px[b]!;
  xf.py = bodies.py[b]!;
  xf.c = bodies.c[b]!;
  xf.s = bodies.s[b]!;
  for (let s = bodies.shapeHead[b]!; s !== -1; s = shapes.next[s]!) {
    const box = computeShapeAABB(shapes.typeOf(s), shapes.geometry[s]!, xf, w.aabb);
    scratch[0] = box.minX;
    scratch[1] = box.minY;
    scratch[2] = box.maxX;
    scratch[3] = box.maxY;
    if (!sameBoxAt(scratch, shapes.minX, shapes.minY, shapes.maxX, shapes.maxY, s)) return false;
  }
  return true;
}

/** True when every proxy of body `b` has its shape's tight box grown by the margin as fat box. */
function fatBoxesFollow(w: WorldState, b: number): boolean {
  const shapes = w.shapes;
  const trees = w.broadPhase.trees;
  const m = marginFor(w, b);
  for (let s = w.bodies.shapeHead[b]!; s !== -1; s = shapes.next[s]!) {
    const key = shapes.proxyKey[s]!;
    if (key === -1) continue;
    const tree = trees[key & 3]!;
    const id = key >> 2;
    scratch[0] = shapes.minX[s]! - m;
    scratch[1] = shapes.minY[s]! - m;
    scratch[2] = shapes.maxX[s]! + m;
    scratch[3] = shapes.maxY[s]! + m;
    if (!sameBoxAt(scratch, tree.minX, tree.minY, tree.maxX, tree.maxY, id)) return false;
  }
  return true;
}

/** True when body b's origin is the one finalizeBodies gives for its center and rotation. */
function originFollows(w: WorldState, b: number): boolean {
  const bodies = w.bodies;
  const qc = bodies.c[b]!;
  const qs = bodies.s[b]!;
  const lcx = bodies.lcx[b]!;
  const lcy = bodies.lcy[b]!;
  scratch[0] = bodies.cx[b]! - (qc * lcx - qs * lcy);
  scratch[1] = bodies.cy[b]! - (qs * lcx + qc * lcy);
  return sameAt(scratch, 0, bodies.px, b) && sameAt(scratch, 1, bodies.py, b);
}

// ---------------------------------------------------------------------------------------
// Doubles coded against a prediction
//
// A saved pose or box that the world does not give back exactly is still close to one it
// does: a start-of-step pose to the current pose, a reference pose to the current pose, a
// fat box to the tight box grown by the margin. Such a double is saved as the XOR of its
// bits with the prediction's: the high bytes (sign, exponent, leading mantissa) agree and
// the XOR keeps only the low bytes that differ. Four doubles share a two-byte header of
// four byte counts (0 to 8). Lossless: loading XORs the same bits back.
//
// A rotation's cosine is predicted better by its own sine: the step keeps (c, s) of unit
// length (finalizeBodies renormalises with one sqrt), so sqrt(1 - s^2) differs from c in
// its last bits only (measured: under a byte on the settled pile, against 4.5 to 5.5 bytes
// coded against the current pose's cosine). The sine is decoded first.

const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);
/** Index of the low and high 32-bit word of a double in `words` (the platform's byte order). */
const LO = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1 ? 0 : 1;
const HI = 1 - LO;
/** Four doubles to code, and their prediction. */
const value4 = new Float64Array(4);
const guess4 = new Float64Array(4);

/**
 * Writes the XOR of value4[k] and guess4[k] whole at `at` (eight bytes, low first; room
 * made) and returns how many of them are significant: the cursor moves past those only,
 * and the next write overwrites the rest.
 */
function putXor(B: Uint8Array, at: number, k: number): number {
  bits[0] = guess4[k]!;
  const glo = words[LO]!;
  const ghi = words[HI]!;
  bits[0] = value4[k]!;
  const xlo = words[LO]! ^ glo;
  const xhi = words[HI]! ^ ghi;
  B[at] = xlo;
  B[at + 1] = xlo >>> 8;
  B[at + 2] = xlo >>> 16;
  B[at + 3] = xlo >>> 24;
  B[at + 4] = xhi;
  B[at + 5] = xhi >>> 8;
  B[at + 6] = xhi >>> 16;
  B[at + 7] = xhi >>> 24;
  return xhi !== 0 ? 8 - (Math.clz32(xhi) >> 3) : xlo !== 0 ? 4 - (Math.clz32(xlo) >> 3) : 0;
}

/**
 * value4[k] = guess4[k] XOR the `n` bytes at `at`. Reads eight bytes and masks off those
 * past the count: a state keeps eight bytes of room past its end (CODED_SLACK), so no read
 * leaves the array.
 */
function getXor(B: Uint8Array, at: number, k: number, n: number): void {
  let xlo = B[at]! | (B[at + 1]! << 8) | (B[at + 2]! << 16) | (B[at + 3]! << 24);
  let xhi = B[at + 4]! | (B[at + 5]! << 8) | (B[at + 6]! << 16) | (B[at + 7]! << 24);
  if (n < 4) xlo &= (1 << (8 * n)) - 1;
  xhi = n <= 4 ? 0 : n < 8 ? xhi & ((1 << (8 * (n - 4))) - 1) : xhi;
  bits[0] = guess4[k]!;
  words[LO] = words[LO]! ^ xlo;
  words[HI] = words[HI]! ^ xhi;
  value4[k] = bits[0]!;
}

/** guess4[2] = the cosine that value4[3] (a sine) gives, with the sign asked for. */
function guessCosine(negative: boolean): void {
  const s = value4[3]!;
  const c = Math.sqrt(Math.max(0, 1 - s * s));
  guess4[2] = negative ? -c : c;
}

/** Writes value4 coded against guess4 at `at` (room for 34 bytes made); returns the end. */
function putCoded4(B: Uint8Array, at: number): number {
  const head = at;
  at += 2;
  let counts = 0;
  for (let k = 0; k < 4; k++) {
    const n = putXor(B, at, k);
    counts |= n << (4 * k);
    at += n;
  }
  B[head] = counts;
  B[head + 1] = counts >>> 8;
  return at;
}

/** Reads what putCoded4 wrote (against the same guess4) into value4; returns the end. */
function getCoded4(B: Uint8Array, at: number): number {
  const counts = B[at]! | (B[at + 1]! << 8);
  at += 2;
  for (let k = 0; k < 4; k++) {
    const n = (counts >> (4 * k)) & 15;
    getXor(B, at, k, n);
    at += n;
  }
  return at;
}

/**
 * A pose (x, y, cosine, sine in value4) coded against guess4 (a pose of the same body):
 * x, y and the sine against guess4's, then the cosine against the sine's, with the sign of
 * guess4's cosine. Room for 34 bytes made; returns the end.
 */
function putCodedPose(B: Uint8Array, at: number): number {
  const head = at;
  at += 2;
  let n = putXor(B, at, 0);
  let counts = n;
  at += n;
  n = putXor(B, at, 1);
  counts |= n << 4;
  at += n;
  n = putXor(B, at, 3);
  counts |= n << 12;
  at += n;
  guessCosine(guess4[2]! < 0);
  n = putXor(B, at, 2);
  counts |= n << 8;
  at += n;
  B[head] = counts;
  B[head + 1] = counts >>> 8;
  return at;
}

/** Reads what putCodedPose wrote (against the same guess4) into value4; returns the end. */
function getCodedPose(B: Uint8Array, at: number): number {
  const counts = B[at]! | (B[at + 1]! << 8);
  at += 2;
  let n = counts & 15;
  getXor(B, at, 0, n);
  at += n;
  n = (counts >> 4) & 15;
  getXor(B, at, 1, n);
  at += n;
  n = (counts >> 12) & 15;
  getXor(B, at, 3, n);
  at += n;
  guessCosine(guess4[2]! < 0);
  n = (counts >> 8) & 15;
  getXor(B, at, 2, n);
  return at + n;
}

/**
 * A cosine (value4[2]) coded against the one its sine (value4[3]) gives: a byte of count
 * and sign, then the XOR's bytes. Room for 9 bytes made; returns the end.
 */
function putCodedCosine(B: Uint8Array, at: number): number {
  const negative = value4[2]! < 0;
  guessCosine(negative);
  const n = putXor(B, at + 1, 2);
  B[at] = n | (negative ? 16 : 0);
  return at + 1 + n;
}

/** Reads what putCodedCosine wrote into value4[2] (value4[3] holds the sine); returns the end. */
function getCodedCosine(B: Uint8Array, at: number): number {
  const head = B[at]!;
  const n = head & 15;
  guessCosine((head & 16) !== 0);
  getXor(B, at + 1, 2, n);
  return at + 1 + n;
}

/** guess4 = body b's current pose (origin, rotation). */
function guessPose(w: WorldState, b: number): void {
  const bodies = w.bodies;
  guess4[0] = bodies.px[b]!;
  guess4[1] = bodies.py[b]!;
  guess4[2] = bodies.c[b]!;
  guess4[3] = bodies.s[b]!;
}

/** guess4 = shape s's tight box grown by `m`. */
function guessFatBox(w: WorldState, s: number, m: Float64Array): void {
  const shapes = w.shapes;
  guess4[0] = shapes.minX[s]! - m[0]!;
  guess4[1] = shapes.minY[s]! - m[0]!;
  guess4[2] = shapes.maxX[s]! + m[0]!;
  guess4[3] = shapes.maxY[s]! + m[0]!;
}

// ---------------------------------------------------------------------------------------
// Contact order

/** The live contacts, oldest first as far as the body contact lists tell (see orderContacts). */
let order = new Int32Array(64);
/** Per contact while ordering: how many of its two list neighbours that are older are not yet ordered. */
let waiting = new Int32Array(64);

/**
 * Orders the live contacts so that linking them in that order (each at the head of both
 * bodies' lists, as createContact does) rebuilds every body's contact list exactly: a
 * list holds its contacts newest first, so each contact must come after the one that
 * follows it in either list. Kahn's algorithm over those (at most two) constraints per
 * contact. This replaces saving the lists' links (two per contact, one head per body).
 * Returns the number ordered (the live contact count).
 */
function orderContacts(w: WorldState): number {
  const contacts = w.contacts;
  const nc = contacts.pool.next;
  if (waiting.length < nc) {
    waiting = growI32(waiting, nc);
    order = growI32(order, waiting.length);
  }
  const alive = contacts.pool.alive;
  const next = contacts.edgeNext;
  const prevEdge = contacts.edgePrev;
  let tail = 0;
  for (let c = 0; c < nc; c++) {
    if (alive[c] !== 1) continue;
    const n = (next[2 * c] !== -1 ? 1 : 0) + (next[2 * c + 1] !== -1 ? 1 : 0);
    waiting[c] = n;
    if (n === 0) order[tail++] = c;
  }
  for (let head = 0; head < tail; head++) {
    const c = order[head]!;
    for (let side = 0; side < 2; side++) {
      const newer = prevEdge[2 * c + side]!;
      if (newer === -1) continue;
      const e = newer >> 1;
      waiting[e] = waiting[e]! - 1;
      if (waiting[e] === 0) order[tail++] = e;
    }
  }
  return tail;
}

// ---------------------------------------------------------------------------------------
// The fast path

/**
 * Saves the world's rollback state into `out`. While the world's content has the stamp
 * `out` was saved at, its bytes are already this save's but for the step counter: that is
 * patched. Else, while the world keeps a state saved at its stamp, that one is copied.
 * Else the state is encoded.
 */
export function saveRollbackState(w: WorldState, out: RollbackState): void {
  const cache = w.rollback;
  if (!cache.fullPathOnly) {
    if (out.stamp === cache.stamp) {
      patchStepCount(w, out);
      cache.patchedSaves++;
      return;
    }
    const last = cache.last;
    if (last !== null && last.stamp === cache.stamp) {
      out.copyFrom(last);
      patchStepCount(w, out);
      cache.last = out;
      cache.copiedSaves++;
      return;
    }
  }
  // no stamp while the bytes are being written (they are the save's only once it is done)
  out.stamp = 0;
  encodeRollbackState(w, out);
  out.stamp = cache.stamp;
  out.stampStepCount = w.stepCount;
  cache.last = out;
  cache.fullSaves++;
}

/** The step counter is the state's first double: the one value a world at rest changes. */
function patchStepCount(w: WorldState, out: RollbackState): void {
  out.f[0] = w.stepCount;
  out.stampStepCount = w.stepCount;
}

/**
 * Loads `state` into `w`, or throws (writing nothing) when it does not fit (see
 * checkRollbackState). A state saved at the world's current stamp holds the world's own
 * content but for the step counter: only that is set (the structure is the one it was
 * saved with, since a change of structure changes the stamp). Else the state is checked
 * and decoded, and the world's content takes a new stamp: the decoded content is named by
 * no state yet (a save of it is not certain to give back the loaded bytes, when the
 * coding's inputs, masses for one, changed since).
 */
export function loadRollbackState(w: WorldState, state: RollbackState): void {
  const cache = w.rollback;
  if (!cache.fullPathOnly && state.stamp === cache.stamp) {
    w.stepCount = state.stampStepCount;
    cache.last = state;
    cache.skippedLoads++;
    return;
  }
  checkRollbackState(w, state);
  markRollbackChanged(w);
  decodeRollbackState(w, state);
  cache.fullLoads++;
}

/**
 * The world's step counter from a state's first double: as an int32 while it fits a small
 * integer (a double from the array would turn the counter's field from small-integer to
 * double, and every function that reads the world would deoptimise once). The array, not
 * the double, crosses the call (see "Bits and integers").
 */
function setStepCount(w: WorldState, f: Float64Array): void {
  const stepCount = f[0]!;
  w.stepCount = stepCount < 0x40000000 ? stepCount | 0 : stepCount;
}

// ---------------------------------------------------------------------------------------
// Save

/** The margin of the body being written, for guessFatBox. */
const margin = new Float64Array(1);

/** Encodes the world's rollback state into `out`. */
function encodeRollbackState(w: WorldState, out: RollbackState): void {
  classifyContacts(w);
  // Local cursors and arrays (module-level ones cost a context load per element); each
  // record first makes room for its largest size.
  let F = out.f;
  let B = out.b;
  let fc = 0;
  let bc = HEADER;
  if (F.length < 64) F = growF64(F, 64);
  if (B.length < 64) B = growU8(B, 64);
  F[fc++] = w.stepCount;
  B[0] = MAGIC & 0xff;
  B[1] = (MAGIC >>> 8) & 0xff;
  B[2] = (MAGIC >>> 16) & 0xff;
  B[3] = MAGIC >>> 24;
  B[4] = VERSION;
  const fingerprint = structureFingerprint(w);
  B[5] = fingerprint & 0xff;
  B[6] = (fingerprint >>> 8) & 0xff;
  B[7] = (fingerprint >>> 16) & 0xff;
  B[8] = fingerprint >>> 24;

  // non-static bodies
  const bodies = w.bodies;
  const nb = bodies.pool.next;
  const balive = bodies.pool.alive;
  const state = bodies.state;
  const shapes = w.shapes;
  const trees = w.broadPhase.trees;
  for (let b = 0; b < nb; b++) {
    if (balive[b] !== 1 || bodies.type[b] === BodyType.Static) continue;
    const count = bodies.shapeCount[b]!;
    if (bc + 44 + 34 * count > B.length) B = growU8(B, bc + 44 + 34 * count);
    if (fc + 15 + 4 * count > F.length) F = growF64(F, fc + 15 + 4 * count);
    const o = b * STATE_STRIDE;
    let flags = bodies.awake[b]!;
    if (!isPlusZeroAt(bodies.fx, b) || !isPlusZeroAt(bodies.fy, b) || !isPlusZeroAt(bodies.torque, b)) {
      flags |= B_FORCED;
    }
    if (boxesFollowPose(w, b)) flags |= B_BOXES_FOLLOW;
    if (isPlusZeroAt(state, o + VX) && isPlusZeroAt(state, o + VY) && isPlusZeroAt(state, o + W))
      flags |= B_STILL;
    if (isPlusZeroAt(bodies.sleepTime, b)) flags |= B_NO_SLEEP_TIME;
    if (originFollows(w, b)) flags |= B_ORIGIN_FOLLOWS;
    if (needStart[b] === 1) flags |= B_START_POSE;
    if (fatBoxesFollow(w, b)) flags |= B_FAT_FOLLOWS;
    B[bc++] = flags;
    // the center and the sine; the cosine coded against the sine's
    F[fc++] = bodies.cx[b]!;
    F[fc++] = bodies.cy[b]!;
    F[fc++] = bodies.s[b]!;
    value4[2] = bodies.c[b]!;
    value4[3] = bodies.s[b]!;
    bc = putCodedCosine(B, bc);
    if ((flags & B_ORIGIN_FOLLOWS) === 0) {
      F[fc++] = bodies.px[b]!;
      F[fc++] = bodies.py[b]!;
    }
    if ((flags & B_STILL) === 0) {
      F[fc++] = state[o + VX]!;
      F[fc++] = state[o + VY]!;
      F[fc++] = state[o + W]!;
    }
    if ((flags & B_NO_SLEEP_TIME) === 0) F[fc++] = bodies.sleepTime[b]!;
    if ((flags & B_FORCED) !== 0) {
      F[fc++] = bodies.fx[b]!;
      F[fc++] = bodies.fy[b]!;
      F[fc++] = bodies.torque[b]!;
    }
    if ((flags & B_START_POSE) !== 0) {
      // center and rotation at the start of the last step, against the current ones
      value4[0] = bodies.c0x[b]!;
      value4[1] = bodies.c0y[b]!;
      value4[2] = bodies.q0c[b]!;
      value4[3] = bodies.q0s[b]!;
      guess4[0] = bodies.cx[b]!;
      guess4[1] = bodies.cy[b]!;
      guess4[2] = bodies.c[b]!;
      guess4[3] = bodies.s[b]!;
      bc = putCodedPose(B, bc);
    }
    if ((flags & (B_BOXES_FOLLOW | B_FAT_FOLLOWS)) === (B_BOXES_FOLLOW | B_FAT_FOLLOWS)) continue;
    margin[0] = marginFor(w, b);
    for (let sh = bodies.shapeHead[b]!; sh !== -1; sh = shapes.next[sh]!) {
      if ((flags & B_BOXES_FOLLOW) === 0) {
        F[fc++] = shapes.minX[sh]!;
        F[fc++] = shapes.minY[sh]!;
        F[fc++] = shapes.maxX[sh]!;
        F[fc++] = shapes.maxY[sh]!;
      }
      const key = shapes.proxyKey[sh]!;
      if (key === -1 || (flags & B_FAT_FOLLOWS) !== 0) continue;
      const tree = trees[key & 3]!;
      const id = key >> 2;
      value4[0] = tree.minX[id]!;
      value4[1] = tree.minY[id]!;
      value4[2] = tree.maxX[id]!;
      value4[3] = tree.maxY[id]!;
      guessFatBox(w, sh, margin);
      bc = putCoded4(B, bc);
    }
  }
  const awakeCount = w.awakeBodyCount;
  if (bc + 5 + 5 * awakeCount > B.length) B = growU8(B, bc + 5 + 5 * awakeCount);
  bc = putU(B, bc, awakeCount);
  let prev = 0;
  for (let k = 0; k < awakeCount; k++) {
    const b = w.awakeBodies[k]!;
    bc = putU(B, bc, zz(b - prev));
    prev = b;
  }

  // the proxies waiting in the move buffer, in shape order
  const bp = w.broadPhase;
  const ns = shapes.pool.next;
  const salive = shapes.pool.alive;
  let moved = 0;
  for (let s = 0; s < ns; s++) {
    if (salive[s] !== 1) continue;
    const key = shapes.proxyKey[s]!;
    if (key !== -1 && bp.isMoved(key)) moved++;
  }
  if (bc + 5 + 5 * moved > B.length) B = growU8(B, bc + 5 + 5 * moved);
  bc = putU(B, bc, moved);
  prev = 0;
  for (let s = 0; s < ns; s++) {
    if (salive[s] !== 1) continue;
    const key = shapes.proxyKey[s]!;
    if (key === -1 || !bp.isMoved(key)) continue;
    bc = putU(B, bc, s - prev);
    prev = s;
  }

  // contacts: the slot pool (its free list in order; contacts have no generations, see
  // ContactStore.pool), then the live contacts in list order (orderContacts)
  const contacts = w.contacts;
  const cpool = contacts.pool;
  const nc = cpool.next;
  const nFree = cpool.free.length;
  if (bc + 15 + 5 * nFree > B.length) B = growU8(B, bc + 15 + 5 * nFree);
  bc = putU(B, bc, nc);
  bc = putU(B, bc, nFree);
  for (let k = 0; k < nFree; k++) bc = putU(B, bc, cpool.free[k]!);
  const live = orderContacts(w);
  if (live !== cpool.count)
    throw new Error('saveState: the body contact lists do not hold every contact once');
  bc = putU(B, bc, live);
  const d = contacts.data;
  const ref = contacts.reference;
  // the last friction and restitution saved (NaN: none yet, and never equal)
  mix[0] = Number.NaN;
  mix[1] = Number.NaN;
  let prevSlot = 0;
  let prevShape = 0;
  for (let k = 0; k < live; k++) {
    const c = order[k]!;
    if (bc + 100 > B.length) B = growU8(B, bc + 100);
    if (fc + 20 > F.length) F = growF64(F, fc + 20);
    const n = contacts.pointCount[c]!;
    const base = c * CONTACT_STRIDE;
    const mixSame = sameAt(d, base + C_FRICTION, mix, 0) && sameAt(d, base + C_RESTITUTION, mix, 1);
    bc = putU(B, bc, zz(c - prevSlot));
    prevSlot = c;
    B[bc++] = n | ((contacts.flags[c]! & CONTACT_FLAG_BITS) << 2) | (mixSame ? C_SAME_MIX : 0);
    const shapeA = contacts.shapeA[c]!;
    bc = putU(B, bc, zz(shapeA - prevShape));
    prevShape = shapeA;
    bc = putU(B, bc, zz(contacts.shapeB[c]! - shapeA));
    if (!mixSame) {
      mix[0] = d[base + C_FRICTION]!;
      mix[1] = d[base + C_RESTITUTION]!;
      F[fc++] = mix[0]!;
      F[fc++] = mix[1]!;
    }
    if (n === 0) continue;
    const mode = modes[c]!;
    B[bc++] = mode;
    const polygons = reusable(w, c);
    const record = mode & M_RECORD;
    if (!polygons && record !== R_UPDATE) {
      bc = putU(B, bc, zz(contacts.id0[c]!));
      if (n > 1) bc = putU(B, bc, zz(contacts.id1[c]!));
    }
    const p0 = base + C_POINT;
    const p1 = p0 + C_POINT_STRIDE;
    if ((mode & M_NO_IMPULSE) === 0) {
      F[fc++] = d[p0 + P_NORMAL_IMPULSE]!;
      F[fc++] = d[p0 + P_TANGENT_IMPULSE]!;
      if (n > 1) {
        F[fc++] = d[p1 + P_NORMAL_IMPULSE]!;
        F[fc++] = d[p1 + P_TANGENT_IMPULSE]!;
      }
    }
    if ((mode & M_MAX_ZERO) === 0) {
      F[fc++] = d[p0 + P_MAX_NORMAL_IMPULSE]!;
      if (n > 1) F[fc++] = d[p1 + P_MAX_NORMAL_IMPULSE]!;
    }
    if (polygons) {
      // the reference poses, against the bodies' current poses (the reference manifold
      // and feature ids are the narrow phase's at those poses: not saved)
      const rb = c * CONTACT_REFERENCE_STRIDE;
      for (let side = 0; side < 2; side++) {
        if ((mode & (side === 0 ? M_REF_A_CURRENT : M_REF_B_CURRENT)) !== 0) continue;
        for (let q = 0; q < 4; q++) value4[q] = ref[rb + 4 * side + q]!;
        guessPose(w, side === 0 ? contacts.bodyA[c]! : contacts.bodyB[c]!);
        bc = putCodedPose(B, bc);
      }
    }
    if (record === 0) {
      F[fc++] = d[base + C_NX]!;
      F[fc++] = d[base + C_NY]!;
      for (let q = P_RAX; q <= P_SEP; q++) F[fc++] = d[p0 + q]!;
      if (n > 1) for (let q = P_RAX; q <= P_SEP; q++) F[fc++] = d[p1 + q]!;
    }
  }
  const awakeContacts = w.awakeContactCount;
  if (bc + 5 + 5 * awakeContacts > B.length) B = growU8(B, bc + 5 + 5 * awakeContacts);
  bc = putU(B, bc, awakeContacts);
  prev = 0;
  for (let k = 0; k < awakeContacts; k++) {
    const c = w.awakeContacts[k]!;
    bc = putU(B, bc, zz(c - prev));
    prev = c;
  }

  out.f = F;
  out.b = B;
  out.fCount = fc;
  out.bCount = bc;
  saveJointsAndSensors(w, out);
}

/**
 * The joints and the sensors' overlap set, after the rest (apart from the large function:
 * the joint types' calls are polymorphic, and their feedback would keep that one from
 * staying optimised). The doubles move in functions called once per joint or key: called
 * that often they are optimised within a few saves, where a loop in a function called once
 * per save or load runs its first iterations in baseline code, which boxes every double.
 */
function saveJointsAndSensors(w: WorldState, out: RollbackState): void {
  let F = out.f;
  let B = out.b;
  let fc = out.fCount;
  let bc = out.bCount;
  // joints: their type's own save function (no keyed access, which would box doubles)
  const joints = w.joints;
  const nj = joints.pool.next;
  for (let j = 0; j < nj; j++) {
    if (joints.pool.alive[j] !== 1) continue;
    const size = 3 + jointTypes[joints.type[j]!]!.rollbackSize;
    if (bc + 1 > B.length) B = growU8(B, bc + 1);
    if (fc + size > F.length) F = growF64(F, fc + size);
    B[bc++] = joints.enabled[j]!;
    fc = saveJoint(w, j, F, fc);
  }

  // the sensors' overlap set: the next sensor pass reports begin and end against it
  const sensors = w.sensors;
  if (bc + 5 + CODED_SLACK > B.length) B = growU8(B, bc + 5 + CODED_SLACK);
  if (fc + sensors.keyCount > F.length) F = growF64(F, fc + sensors.keyCount);
  bc = putU(B, bc, sensors.keyCount);
  for (let k = 0; k < sensors.keyCount; k++) copyDouble(F, fc++, sensors.keys, k);
  out.f = F;
  out.b = B;
  out.fCount = fc;
  out.bCount = bc;
}

/** Joint j's reaction and its type's data into F from fc (room made); returns the end. */
function saveJoint(w: WorldState, j: number, F: Float64Array, fc: number): number {
  const joints = w.joints;
  F[fc] = joints.forceX[j]!;
  F[fc + 1] = joints.forceY[j]!;
  F[fc + 2] = joints.torque[j]!;
  return jointTypes[joints.type[j]!]!.saveRollback(joints.data[j]!, F, fc + 3);
}

/** Reads what saveJoint wrote; returns the end. */
function loadJoint(w: WorldState, j: number, fs: Float64Array, f: number): number {
  const joints = w.joints;
  joints.forceX[j] = fs[f]!;
  joints.forceY[j] = fs[f + 1]!;
  joints.torque[j] = fs[f + 2]!;
  return jointTypes[joints.type[j]!]!.loadRollback(joints.data[j]!, fs, f + 3);
}

function copyDouble(to: Float64Array, i: number, from: Float64Array, k: number): void {
  to[i] = from[k]!;
}

// ---------------------------------------------------------------------------------------
// Load

/**
 * Checks that `state` can be loaded into `w`: a saved state of this format whose
 * structural fingerprint matches. Throws (and writes nothing) otherwise.
 */
export function checkRollbackState(w: WorldState, state: RollbackState): void {
  const b = state.b;
  const magic = (b[0]! | (b[1]! << 8) | (b[2]! << 16) | (b[3]! << 24)) >>> 0;
  if (state.bCount < HEADER || magic !== MAGIC) {
    throw new RangeError('loadState: state must be saved by saveState, got an empty or foreign state');
  }
  if (b[4] !== VERSION) {
    throw new RangeError(`loadState: state version must be ${VERSION}, got ${b[4]}`);
  }
  const saved = b[5]! | (b[6]! << 8) | (b[7]! << 16) | (b[8]! << 24);
  const fingerprint = structureFingerprint(w);
  if (saved !== fingerprint) {
    throw new RangeError(
      'loadState: state must come from a world of the same structure (bodies, shapes, joints ' +
        `and their ids), got structure fingerprint ${saved >>> 0} for this world's ${fingerprint >>> 0}`,
    );
  }
}

const fat = new AABB();
/** Per contact slot while loading: it held a live contact before the load. */
let wasAlive = new Uint8Array(64);
/** Contact slots whose pair the load inserts into the pair table. */
let pending = new Int32Array(64);

/** Decodes a state checked by checkRollbackState into `w`. */
function decodeRollbackState(w: WorldState, state: RollbackState): void {
  // a state whose bytes were cut to their count (sent between threads) gets the room past
  // its end that getXor reads (the same bytes: the stamp stays)
  if (state.b.length < state.bCount + CODED_SLACK) {
    const stamp = state.stamp;
    state.b = growU8(state.b, state.bCount + CODED_SLACK);
    state.stamp = stamp;
  }
  const fs = state.f;
  const rd = reader;
  rd.b = state.b;
  rd.at = HEADER;
  let f = 1;
  setStepCount(w, fs);

  // bodies
  const bodies = w.bodies;
  const nb = bodies.pool.next;
  const balive = bodies.pool.alive;
  const bstate = bodies.state;
  const shapes = w.shapes;
  const bp = w.broadPhase;
  for (let b = 0; b < nb; b++) {
    if (balive[b] !== 1) continue;
    bodies.contactHead[b] = -1;
    if (bodies.type[b] === BodyType.Static) continue;
    const flags = rd.b[rd.at++]!;
    const o = b * STATE_STRIDE;
    const cx = fs[f++]!;
    const cy = fs[f++]!;
    const qs = fs[f++]!;
    value4[3] = qs;
    rd.at = getCodedCosine(rd.b, rd.at);
    const qc = value4[2]!;
    bodies.cx[b] = cx;
    bodies.cy[b] = cy;
    bodies.c[b] = qc;
    bodies.s[b] = qs;
    if ((flags & B_ORIGIN_FOLLOWS) !== 0) {
      const lcx = bodies.lcx[b]!;
      const lcy = bodies.lcy[b]!;
      bodies.px[b] = cx - (qc * lcx - qs * lcy);
      bodies.py[b] = cy - (qs * lcx + qc * lcy);
    } else {
      bodies.px[b] = fs[f++]!;
      bodies.py[b] = fs[f++]!;
    }
    if ((flags & B_STILL) !== 0) {
      bstate[o + VX] = 0;
      bstate[o + VY] = 0;
      bstate[o + W] = 0;
    } else {
      bstate[o + VX] = fs[f++]!;
      bstate[o + VY] = fs[f++]!;
      bstate[o + W] = fs[f++]!;
    }
    bodies.sleepTime[b] = (flags & B_NO_SLEEP_TIME) !== 0 ? 0 : fs[f++]!;
    bodies.awake[b] = flags & B_AWAKE;
    bodies.awakeIndex[b] = -1;
    if ((flags & B_FORCED) !== 0) {
      bodies.fx[b] = fs[f++]!;
      bodies.fy[b] = fs[f++]!;
      bodies.torque[b] = fs[f++]!;
    } else {
      bodies.fx[b] = 0;
      bodies.fy[b] = 0;
      bodies.torque[b] = 0;
    }
    if ((flags & B_START_POSE) !== 0) {
      guess4[0] = cx;
      guess4[1] = cy;
      guess4[2] = qc;
      guess4[3] = qs;
      rd.at = getCodedPose(rd.b, rd.at);
      bodies.c0x[b] = value4[0]!;
      bodies.c0y[b] = value4[1]!;
      bodies.q0c[b] = value4[2]!;
      bodies.q0s[b] = value4[3]!;
    }
    margin[0] = marginFor(w, b);
    for (let sh = bodies.shapeHead[b]!; sh !== -1; sh = shapes.next[sh]!) {
      if ((flags & B_BOXES_FOLLOW) !== 0) {
        computeShapeBox(w, sh);
      } else {
        shapes.minX[sh] = fs[f++]!;
        shapes.minY[sh] = fs[f++]!;
        shapes.maxX[sh] = fs[f++]!;
        shapes.maxY[sh] = fs[f++]!;
      }
      const key = shapes.proxyKey[sh]!;
      if (key === -1) continue;
      guessFatBox(w, sh, margin);
      if ((flags & B_FAT_FOLLOWS) !== 0) {
        for (let q = 0; q < 4; q++) value4[q] = guess4[q]!;
      } else {
        rd.at = getCoded4(rd.b, rd.at);
      }
      const tree = bp.trees[key & 3]!;
      const id = key >> 2;
      if (!sameBoxAt(value4, tree.minX, tree.minY, tree.maxX, tree.maxY, id)) {
        // As the step does: the leaf takes the box and its ancestors grow to hold it; the
        // tree rebuilds its enlarged part when next searched. Its shape then differs from
        // the saved world's, which changes no result (pairs are sorted by shape index).
        fat.minX = value4[0]!;
        fat.minY = value4[1]!;
        fat.maxX = value4[2]!;
        fat.maxY = value4[3]!;
        tree.enlargeProxy(id, fat);
      }
    }
  }
  const awakeCount = rd.u();
  let prev = 0;
  for (let k = 0; k < awakeCount; k++) {
    const b = prev + rd.z();
    prev = b;
    w.awakeBodies[k] = b;
    bodies.awakeIndex[b] = k;
  }
  w.awakeBodyCount = awakeCount;

  // the move buffer
  const ns = shapes.pool.next;
  const salive = shapes.pool.alive;
  for (let s = 0; s < ns; s++) {
    if (salive[s] !== 1) continue;
    const key = shapes.proxyKey[s]!;
    if (key !== -1) bp.clearMove(key);
  }
  const moved = rd.u();
  prev = 0;
  for (let k = 0; k < moved; k++) {
    const s = prev + rd.u();
    prev = s;
    bp.bufferMove(shapes.proxyKey[s]!);
  }

  // contacts: the slot pool
  const contacts = w.contacts;
  const cpool = contacts.pool;
  const nc = rd.u();
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
  // Which slots held a live contact, to bring the pair table to the saved contacts by its
  // differences. Slots past the saved pool may hold contacts made since: they are no longer
  // alive.
  const oldNext = cpool.next;
  const span = oldNext > nc ? oldNext : nc;
  if (wasAlive.length < span) wasAlive = growU8(wasAlive, span);
  for (let c = 0; c < span; c++) {
    wasAlive[c] = c < oldNext ? cpool.alive[c]! : 0;
    cpool.alive[c] = 0;
  }
  cpool.next = nc;
  const nFree = rd.u();
  cpool.free.length = nFree;
  for (let k = 0; k < nFree; k++) cpool.free[k] = rd.u();
  for (let c = 0; c < nc; c++) contacts.awakeIndex[c] = -1;
  const live = rd.u();
  cpool.count = live;
  if (pending.length < nc) pending = growI32(pending, nc);
  let pendingCount = 0;

  // the live contacts, in list order
  const d = contacts.data;
  const ref = contacts.reference;
  const sbody = shapes.body;
  const pairs = w.pairs;
  let slot = 0;
  let shapeA = 0;
  for (let k = 0; k < live; k++) {
    const c = slot + rd.z();
    slot = c;
    const head = rd.b[rd.at++]!;
    shapeA += rd.z();
    const shapeB = shapeA + rd.z();
    const bA = sbody[shapeA]!;
    const bB = sbody[shapeB]!;
    const n = head & 3;
    // The slot keeps its pair entry if it held the same pair; and while it held that pair
    // with points, its reference is the narrow phase's at its reference poses.
    const samePair = wasAlive[c] === 1 && contacts.shapeA[c] === shapeA && contacts.shapeB[c] === shapeB;
    const oldCount = samePair ? contacts.pointCount[c]! : 0;
    if (!samePair) {
      if (wasAlive[c] === 1) pairs.remove(contacts.shapeA[c]!, contacts.shapeB[c]!);
      pending[pendingCount++] = c;
    }
    wasAlive[c] = 0;
    cpool.alive[c] = 1;
    contacts.shapeA[c] = shapeA;
    contacts.shapeB[c] = shapeB;
    contacts.bodyA[c] = bA;
    contacts.bodyB[c] = bB;
    contacts.flags[c] = (head >> 2) & CONTACT_FLAG_BITS;
    linkContactEdge(w, 2 * c, bA);
    linkContactEdge(w, 2 * c + 1, bB);
    const base = c * CONTACT_STRIDE;
    if ((head & C_SAME_MIX) === 0) {
      mix[0] = fs[f++]!;
      mix[1] = fs[f++]!;
    }
    d[base + C_FRICTION] = mix[0]!;
    d[base + C_RESTITUTION] = mix[1]!;
    if (n === 0) {
      contacts.pointCount[c] = 0;
      continue;
    }
    const mode = rd.b[rd.at++]!;
    const polygons = reusable(w, c);
    const record = mode & M_RECORD;
    if (!polygons && record !== R_UPDATE) {
      contacts.id0[c] = rd.z();
      if (n > 1) contacts.id1[c] = rd.z();
    }
    let ni0 = 0;
    let ti0 = 0;
    let ni1 = 0;
    let ti1 = 0;
    let max0 = 0;
    let max1 = 0;
    if ((mode & M_NO_IMPULSE) === 0) {
      ni0 = fs[f++]!;
      ti0 = fs[f++]!;
      if (n > 1) {
        ni1 = fs[f++]!;
        ti1 = fs[f++]!;
      }
    }
    if ((mode & M_MAX_ZERO) === 0) {
      max0 = fs[f++]!;
      if (n > 1) max1 = fs[f++]!;
    }
    const m = manifold;
    if (polygons) {
      const rb = c * CONTACT_REFERENCE_STRIDE;
      let sameReference = oldCount === n;
      for (let side = 0; side < 2; side++) {
        guessPose(w, side === 0 ? bA : bB);
        if ((mode & (side === 0 ? M_REF_A_CURRENT : M_REF_B_CURRENT)) !== 0) {
          for (let q = 0; q < 4; q++) value4[q] = guess4[q]!;
        } else {
          rd.at = getCodedPose(rd.b, rd.at);
        }
        const o = rb + 4 * side;
        for (let q = 0; q < 4; q++) {
          if (sameReference && !sameAt(value4, q, ref, o + q)) sameReference = false;
          ref[o + q] = value4[q]!;
        }
      }
      // The reference manifold and feature ids: the narrow phase's at the reference poses;
      // the slot holds them already when it held the same pair at the same poses.
      if (!sameReference) {
        transformFrom(w.xfA, ref, rb);
        transformFrom(w.xfB, ref, rb + 4);
        narrowPhase(w, c, w.xfA, w.xfB, m);
        writeReferenceManifold(w, c, n, m);
      }
      contacts.pointCount[c] = n;
      if (record === R_UPDATE) {
        referenceManifold(w, c, n, m);
        holdPose(w, bA, 0);
        holdPose(w, bB, 4);
        putPose(w, bA, ref, rb);
        putPose(w, bB, ref, rb + 4);
        updateContactManifold(w, c, bA, bB, m);
        releasePose(w, bB, 4);
        releasePose(w, bA, 0);
      } else if (record === R_REUSE) {
        holdPose(w, bA, 0);
        holdPose(w, bB, 4);
        if ((mode & M_CURRENT_A) === 0) putStartPose(w, bA);
        if ((mode & M_CURRENT_B) === 0) putStartPose(w, bB);
        reuseManifold(w, c, bA, bB, n);
        releasePose(w, bB, 4);
        releasePose(w, bA, 0);
      }
    } else if (record === R_UPDATE) {
      poseInto(w, bA, (mode & M_CURRENT_A) === 0, w.xfA);
      poseInto(w, bB, (mode & M_CURRENT_B) === 0, w.xfB);
      narrowPhase(w, c, w.xfA, w.xfB, m);
      keepSecondPoint(w, c, m);
      holdPose(w, bA, 0);
      holdPose(w, bB, 4);
      if ((mode & M_CURRENT_A) === 0) putStartPose(w, bA);
      if ((mode & M_CURRENT_B) === 0) putStartPose(w, bB);
      updateContactManifold(w, c, bA, bB, m);
      releasePose(w, bB, 4);
      releasePose(w, bA, 0);
    } else {
      contacts.pointCount[c] = n;
    }
    const p0 = base + C_POINT;
    const p1 = p0 + C_POINT_STRIDE;
    if (record === 0) {
      d[base + C_NX] = fs[f++]!;
      d[base + C_NY] = fs[f++]!;
      for (let q = P_RAX; q <= P_SEP; q++) d[p0 + q] = fs[f++]!;
      if (n > 1) for (let q = P_RAX; q <= P_SEP; q++) d[p1 + q] = fs[f++]!;
    }
    d[p0 + P_NORMAL_IMPULSE] = ni0;
    d[p0 + P_TANGENT_IMPULSE] = ti0;
    d[p0 + P_MAX_NORMAL_IMPULSE] = max0;
    if (n > 1) {
      d[p1 + P_NORMAL_IMPULSE] = ni1;
      d[p1 + P_TANGENT_IMPULSE] = ti1;
      d[p1 + P_MAX_NORMAL_IMPULSE] = max1;
    }
  }
  // the pairs of slots no longer live go, then those of the new ones come in
  for (let c = 0; c < span; c++) {
    if (wasAlive[c] === 1) pairs.remove(contacts.shapeA[c]!, contacts.shapeB[c]!);
  }
  for (let k = 0; k < pendingCount; k++) {
    const c = pending[k]!;
    pairs.insert(contacts.shapeA[c]!, contacts.shapeB[c]!, c);
  }
  const awakeContacts = rd.u();
  prev = 0;
  for (let k = 0; k < awakeContacts; k++) {
    const c = prev + rd.z();
    prev = c;
    w.awakeContacts[k] = c;
    contacts.awakeIndex[c] = k;
  }
  w.awakeContactCount = awakeContacts;

  loadJointsAndSensors(w, fs, f);
  rd.b = NO_BYTES;
}

/** Reads what saveJointsAndSensors wrote, from double `f` on (the reader is at its bytes). */
function loadJointsAndSensors(w: WorldState, fs: Float64Array, f: number): void {
  const rd = reader;
  const joints = w.joints;
  const nj = joints.pool.next;
  for (let j = 0; j < nj; j++) {
    if (joints.pool.alive[j] !== 1) continue;
    joints.enabled[j] = rd.b[rd.at++]!;
    f = loadJoint(w, j, fs, f);
  }
  const sensors = w.sensors;
  const keyCount = rd.u();
  sensors.reserveKeys(keyCount);
  for (let k = 0; k < keyCount; k++) copyDouble(sensors.keys, k, fs, f++);
  sensors.keyCount = keyCount;
}

const NO_BYTES = new Uint8Array(0);
