/**
 * The rollback state's derivations (world/rollback.ts, "Saved as a flag instead of
 * its value"): which saved values the world gives back bit for bit, found by running the
 * functions the step calls, each the one owner of its rule (collideShapes,
 * reusesManifold, updateContactManifold, reuseManifold, originFromCenter, shapeBoxAtPose,
 * fatBoxOf), at the poses in question; and the predictions coded doubles are saved
 * against.
 */

import { growF64, growI32, growU8 } from '../base/array.js';
import type { Transform } from '../base/math.js';
import { collideShapes } from '../collision/manifold.js';
import { Manifold } from '../collision/manifold_types.js';
import { originFromCenter } from '../dynamics/body.js';
import { BodyType } from '../types/body_def.js';
import { CONTACT_REFERENCE_STRIDE } from '../dynamics/contact_layout.js';
import {
  CONTACT_REFERENCE_NX,
  CONTACT_REFERENCE_POINT,
  CONTACT_REFERENCE_POINT_STRIDE,
  reuseManifold,
  reusesManifold,
  updateContactManifold,
} from '../dynamics/contact.js';
import {
  C_NX,
  C_NY,
  C_POINT,
  C_POINT_STRIDE,
  CONTACT_STRIDE,
  P_MAX_NORMAL_IMPULSE,
  P_NORMAL_IMPULSE,
  P_RAX,
  P_SEP,
  P_TANGENT_IMPULSE,
} from '../dynamics/contact_layout.js';
import { fatBoxOf, shapeBoxAtPose } from '../dynamics/shape.js';
import { AABB } from '../geometry/geometry.js';
import { guess4, isPlusZeroAt, sameAt, sameBoxRecordAt } from './rollback_coding.js';
import {
  M_CURRENT_A,
  M_CURRENT_B,
  M_MAX_ZERO,
  M_NO_IMPULSE,
  M_REF_A_CURRENT,
  M_REF_B_CURRENT,
  R_REUSE,
  R_UPDATE,
} from './rollback_format.js';
import type { WorldState } from './world_state.js';

// ---------------------------------------------------------------------------------------
// Derivations: the step's own functions run on a contact at other poses

/** The reference record (contact.ts REF): poses of A and B (8), the normal (2), points. */
const REF_NX = CONTACT_REFERENCE_NX;
const REF_POINT = CONTACT_REFERENCE_POINT;
const REF_POINT_STRIDE = CONTACT_REFERENCE_POINT_STRIDE;

export const manifold = new Manifold();
/** The two bodies' own poses while a derivation runs at others. */
const held = new Float64Array(8);
/** A contact's record (and for pairs without a reference, the reference and ints), kept while a derivation is checked on it. */
const kept = new Float64Array(CONTACT_STRIDE + CONTACT_REFERENCE_STRIDE);
const keptInts = new Int32Array(3);
/** Manifold values and boxes, for comparing them to arrays. */
const scratch = new Float64Array(8);
const scratchY = new Float64Array(1);
/** A fat box, for guessFatBox. */
const fat = new AABB();

/**
 * Per body, while saving: its origin at the start of its last step (as finalizeBodies
 * computes it from `c0x`, `c0y`, `q0c`, `q0s`), and whether that pose differs from the
 * current one (else a derivation at it is one at the current pose, and it is not saved).
 */
let startOriginX = new Float64Array(64);
let startOriginY = new Float64Array(64);
let startDiffers = new Uint8Array(64);
/** Per body, while saving: its start pose is saved (a contact's derivation uses it). */
export let needStart = new Uint8Array(64);
/** Per contact with points, while saving: its mode, found before the bodies are written. */
export let modes = new Int32Array(64);

export function holdPose(w: WorldState, b: number, k: number): void {
  const bodies = w.bodies;
  held[k] = bodies.px[b]!;
  held[k + 1] = bodies.py[b]!;
  held[k + 2] = bodies.c[b]!;
  held[k + 3] = bodies.s[b]!;
}

export function releasePose(w: WorldState, b: number, k: number): void {
  const bodies = w.bodies;
  bodies.px[b] = held[k]!;
  bodies.py[b] = held[k + 1]!;
  bodies.c[b] = held[k + 2]!;
  bodies.s[b] = held[k + 3]!;
}

/** Sets body b's pose to the one at the start of its last step, as finalizeBodies made it. */
export function putStartPose(w: WorldState, b: number): void {
  const bodies = w.bodies;
  originFromCenter(bodies, b, bodies.c0x, bodies.c0y, bodies.q0c, bodies.q0s, bodies.px, bodies.py, b);
  bodies.c[b] = bodies.q0c[b]!;
  bodies.s[b] = bodies.q0s[b]!;
}

/** Sets body b's pose to four doubles of `src` from `o`. */
export function putPose(w: WorldState, b: number, src: Float64Array, o: number): void {
  const bodies = w.bodies;
  bodies.px[b] = src[o]!;
  bodies.py[b] = src[o + 1]!;
  bodies.c[b] = src[o + 2]!;
  bodies.s[b] = src[o + 3]!;
}

/** `xf` from four doubles of `src` from `o`. */
export function transformFrom(xf: Transform, src: Float64Array, o: number): void {
  xf.px = src[o]!;
  xf.py = src[o + 1]!;
  xf.c = src[o + 2]!;
  xf.s = src[o + 3]!;
}

/** Body b's pose (current, or at the start of its last step) into `xf`. */
export function poseInto(w: WorldState, b: number, start: boolean, xf: Transform): void {
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

/** Runs the narrow phase on contact c's shapes at the given transforms (the step's collideShapes). */
export function narrowPhase(w: WorldState, c: number, xfA: Transform, xfB: Transform, m: Manifold): void {
  const shapes = w.shapes;
  const sA = w.contacts.shapeA[c]!;
  const sB = w.contacts.shapeB[c]!;
  const geometry = shapes.geometry;
  collideShapes(
    w.quadCache,
    sA,
    shapes.typeOf(sA),
    geometry[sA]!,
    xfA,
    sB,
    shapes.typeOf(sB),
    geometry[sB]!,
    xfB,
    m,
  );
}

/** Contact c's pair reuses its manifold, and so keeps a reference record (contact.ts reusesManifold). */
export function reusable(w: WorldState, c: number): boolean {
  const shapes = w.shapes;
  return reusesManifold(shapes.typeOf(w.contacts.shapeA[c]!), shapes.typeOf(w.contacts.shapeB[c]!));
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
export function keepSecondPoint(w: WorldState, c: number, m: Manifold): void {
  if (m.pointCount > 1) return;
  const o = c * CONTACT_REFERENCE_STRIDE + REF_POINT + REF_POINT_STRIDE;
  const ref = w.contacts.reference;
  m.ax1 = ref[o]!;
  m.ay1 = ref[o + 1]!;
  m.sep1 = ref[o + 2]!;
}

/** The reference manifold of contact c (n points) into `m`, with the contact's feature ids. */
export function referenceManifold(w: WorldState, c: number, n: number, m: Manifold): void {
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
export function writeReferenceManifold(w: WorldState, c: number, n: number, m: Manifold): void {
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
    startOriginX = growF64(startOriginX, startDiffers.length);
    startOriginY = growF64(startOriginY, startDiffers.length);
  }
  for (let b = 0; b < nb; b++) {
    needStart[b] = 0;
    startDiffers[b] = 0;
    if (bodies.pool.alive[b] !== 1 || bodies.type[b] === BodyType.Static) continue;
    originFromCenter(
      bodies,
      b,
      bodies.c0x,
      bodies.c0y,
      bodies.q0c,
      bodies.q0s,
      startOriginX,
      startOriginY,
      b,
    );
    if (
      !sameAt(startOriginX, b, bodies.px, b) ||
      !sameAt(startOriginY, b, bodies.py, b) ||
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
    sameAt(ref, o, startOriginX, b) &&
    sameAt(ref, o + 1, startOriginY, b) &&
    sameAt(ref, o + 2, bodies.q0c, b) &&
    sameAt(ref, o + 3, bodies.q0s, b)
  );
}

/*
 * The step's rules for a contact's record, each stated once: a save tries them to find the
 * one that gives the record it holds (classifyContact), and a load runs the one the save
 * named. Each puts the bodies at the poses it names and back.
 */

/**
 * updateContactManifold from c's reference manifold at its reference poses (what the step
 * does to a polygon pair whose reference the narrow phase wrote).
 */
export function updateAtReference(w: WorldState, c: number, n: number): void {
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
}

/** reuseManifold with each body at its current pose or (not `current`) its step-start pose. */
export function reuseAtPoses(
  w: WorldState,
  c: number,
  n: number,
  currentA: boolean,
  currentB: boolean,
): boolean {
  const contacts = w.contacts;
  const bA = contacts.bodyA[c]!;
  const bB = contacts.bodyB[c]!;
  holdAtPoses(w, bA, bB, currentA, currentB);
  const reused = reuseManifold(w, c, bA, bB, n);
  releasePose(w, bB, 4);
  releasePose(w, bA, 0);
  return reused;
}

/** The narrow phase of c into `manifold`, each body at its current or step-start pose. */
export function collideAtPoses(w: WorldState, c: number, currentA: boolean, currentB: boolean): void {
  poseInto(w, w.contacts.bodyA[c]!, !currentA, w.xfA);
  poseInto(w, w.contacts.bodyB[c]!, !currentB, w.xfB);
  narrowPhase(w, c, w.xfA, w.xfB, manifold);
}

/** After collideAtPoses: updateContactManifold from `manifold` at the same poses. */
export function updateAtPoses(w: WorldState, c: number, currentA: boolean, currentB: boolean): void {
  const contacts = w.contacts;
  const bA = contacts.bodyA[c]!;
  const bB = contacts.bodyB[c]!;
  keepSecondPoint(w, c, manifold);
  holdAtPoses(w, bA, bB, currentA, currentB);
  updateContactManifold(w, c, bA, bB, manifold);
  releasePose(w, bB, 4);
  releasePose(w, bA, 0);
}

/** Holds both bodies' poses (released in reverse order) and puts each not `current` at its start. */
function holdAtPoses(w: WorldState, bA: number, bB: number, currentA: boolean, currentB: boolean): void {
  holdPose(w, bA, 0);
  holdPose(w, bB, 4);
  if (!currentA) putStartPose(w, bA);
  if (!currentB) putStartPose(w, bB);
}

/**
 * Does updateContactManifold at the reference poses, with the reference manifold, give c's
 * record (kept)? It rewrites the reference, ids and count with the values they hold.
 */
function updatedAtReference(w: WorldState, c: number, n: number): boolean {
  updateAtReference(w, c, n);
  const ok = recordIsKept(w, c, n);
  restoreRecord(w, c);
  return ok;
}

/**
 * The pose pairs worth trying for contact c, one bit per combo (bit 0 of a combo: body A at
 * its current pose, bit 1: B at its current pose): a body whose start pose equals its
 * current one is tried at the current pose only.
 */
function poseCombos(w: WorldState, c: number): number {
  const startA = startDiffers[w.contacts.bodyA[c]!] === 1;
  const startB = startDiffers[w.contacts.bodyB[c]!] === 1;
  let combos = 0;
  for (let combo = 0; combo < 4; combo++) {
    if (((combo & 1) !== 0 || startA) && ((combo & 2) !== 0 || startB)) combos |= 1 << combo;
  }
  return combos;
}

/** The M_CURRENT_ bits of the first pose pair at which reuseManifold gives c's record (kept), or -1. */
function reusedAt(w: WorldState, c: number, n: number): number {
  const combos = poseCombos(w, c);
  for (let combo = 0; combo < 4; combo++) {
    if ((combos & (1 << combo)) === 0) continue;
    const currentA = (combo & 1) !== 0;
    const currentB = (combo & 2) !== 0;
    const ok = reuseAtPoses(w, c, n, currentA, currentB) && recordIsKept(w, c, n);
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
  const combos = poseCombos(w, c);
  keepReference(w, c);
  for (let combo = 0; combo < 4; combo++) {
    if ((combos & (1 << combo)) === 0) continue;
    const currentA = (combo & 1) !== 0;
    const currentB = (combo & 2) !== 0;
    collideAtPoses(w, c, currentA, currentB);
    if (manifold.pointCount !== n || manifold.id0 !== contacts.id0[c]) continue;
    if (n > 1 && manifold.id1 !== contacts.id1[c]) continue;
    updateAtPoses(w, c, currentA, currentB);
    const ok = recordIsKept(w, c, n);
    restoreRecord(w, c);
    restoreReference(w, c);
    if (ok) return combo << 2;
  }
  return -1;
}

/** Finds how each contact with points is saved (its mode), and the start poses that needs. */
export function classifyContacts(w: WorldState): void {
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
export function boxesFollowPose(w: WorldState, b: number): boolean {
  const shapes = w.shapes;
  for (let s = w.bodies.shapeHead[b]!; s !== -1; s = shapes.next[s]!) {
    const box = shapeBoxAtPose(w, s);
    scratch[0] = box.minX;
    scratch[1] = box.minY;
    scratch[2] = box.maxX;
    scratch[3] = box.maxY;
    if (!sameBoxRecordAt(scratch, shapes.box, s)) return false;
  }
  return true;
}

/** True when every proxy of body `b` has its shape's tight box grown by the margin as fat box. */
export function fatBoxesFollow(w: WorldState, b: number): boolean {
  const shapes = w.shapes;
  const trees = w.broadPhase.trees;
  for (let s = w.bodies.shapeHead[b]!; s !== -1; s = shapes.next[s]!) {
    const key = shapes.proxyKey[s]!;
    if (key === -1) continue;
    const tree = trees[key & 3]!;
    const id = key >> 2;
    guessFatBox(w, s);
    if (!sameBoxRecordAt(guess4, tree.box, id)) return false;
  }
  return true;
}

/** True when body b's origin is the one finalizeBodies gives for its center and rotation. */
export function originFollows(w: WorldState, b: number): boolean {
  const bodies = w.bodies;
  originFromCenter(bodies, b, bodies.cx, bodies.cy, bodies.c, bodies.s, scratch, scratchY, 0);
  return sameAt(scratch, 0, bodies.px, b) && sameAt(scratchY, 0, bodies.py, b);
}

/** guess4 = body b's current pose (origin, rotation). */
export function guessPose(w: WorldState, b: number): void {
  const bodies = w.bodies;
  guess4[0] = bodies.px[b]!;
  guess4[1] = bodies.py[b]!;
  guess4[2] = bodies.c[b]!;
  guess4[3] = bodies.s[b]!;
}

/** guess4 = shape s's fat box as the step makes it from its tight box (shape.ts fatBoxOf). */
export function guessFatBox(w: WorldState, s: number): void {
  const box = fatBoxOf(w, s, fat);
  guess4[0] = box.minX;
  guess4[1] = box.minY;
  guess4[2] = box.maxX;
  guess4[3] = box.maxY;
}
