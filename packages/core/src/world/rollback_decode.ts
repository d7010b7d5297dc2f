/**
 * Decodes a rollback state into a world (world/rollback.ts): every value the state
 * holds, and every value it flags as one the world gives back, derived by the step's own
 * functions (rollback_derive.ts).
 */

import { growI32, growU8 } from '../base/array.js';
import { originFromCenter, STATE_STRIDE, VX, VY, W } from '../dynamics/body.js';
import { BodyType } from '../types/body_def.js';
import { CONTACT_FLAG_BITS, rebuildAwakeContactPairs } from '../dynamics/awake_contacts.js';
import { CONTACT_REFERENCE_STRIDE } from '../dynamics/contact_layout.js';
import { linkContactEdge } from '../dynamics/contact.js';
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
import { computeShapeBox } from '../dynamics/shape.js';
import { setShapeBox } from '../dynamics/shape_store.js';
import { AABB } from '../geometry/geometry.js';
import { jointTypes } from '../joints/registry.js';
import {
  copyDouble,
  getCoded4,
  getCodedCosine,
  getAwakeList,
  getCodedPose,
  guess4,
  reader,
  sameAt,
  sameBoxRecordAt,
  value4,
} from './rollback_coding.js';
import {
  collideAtPoses,
  guessFatBox,
  guessPose,
  manifold,
  narrowPhase,
  reusable,
  reuseAtPoses,
  transformFrom,
  updateAtPoses,
  updateAtReference,
  writeReferenceManifold,
} from './rollback_derive.js';
import {
  B_AWAKE,
  B_BOXES_FOLLOW,
  B_FAT_FOLLOWS,
  B_FORCED,
  B_NO_SLEEP_TIME,
  B_ORIGIN_FOLLOWS,
  B_START_POSE,
  B_STILL,
  C_SAME_MIX,
  CODED_SLACK,
  HEADER,
  M_CURRENT_A,
  M_CURRENT_B,
  M_MAX_ZERO,
  M_NO_IMPULSE,
  M_RECORD,
  M_REF_A_CURRENT,
  M_REF_B_CURRENT,
  R_REUSE,
  R_UPDATE,
  type RollbackBytes,
} from './rollback_format.js';
import type { WorldState } from './world_state.js';

/**
 * The world's step counter from a state's first double: as an int32 while it fits a small
 * integer (a double from the array would turn the counter's field from small-integer to
 * double, and every function that reads the world would deoptimise once). The array, not
 * the double, crosses the call (see rollback_coding.ts).
 */
function setStepCount(w: WorldState, f: Float64Array): void {
  const stepCount = f[0]!;
  w.stepCount = stepCount < 0x40000000 ? stepCount | 0 : stepCount;
}

const fat = new AABB();
/** A saved tight box, handed to setShapeBox. */
const tight = new AABB();
/** The last friction and restitution loaded. */
const mix = new Float64Array(2);
/** Per contact slot while loading: it held a live contact before the load. */
let wasAlive = new Uint8Array(64);
/** Contact slots whose pair the load inserts into the pair table. */
let pending = new Int32Array(64);

/** Decodes a state checked by checkRollbackState into `w`. */
export function decodeRollbackState(w: WorldState, state: RollbackBytes): void {
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

  f = decodeBodies(w, fs, f);
  decodeMoveBuffer(w);
  f = decodeContacts(w, fs, f);
  loadJointsAndSensors(w, fs, f);
  rd.b = NO_BYTES;
}

/** The non-static bodies and the awake list, from double `f` on (the reader is at their bytes); returns the next double. */
function decodeBodies(w: WorldState, fs: Float64Array, f: number): number {
  const rd = reader;
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
      originFromCenter(bodies, b, bodies.cx, bodies.cy, bodies.c, bodies.s, bodies.px, bodies.py, b);
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
    for (let sh = bodies.shapeHead[b]!; sh !== -1; sh = shapes.next[sh]!) {
      if ((flags & B_BOXES_FOLLOW) !== 0) {
        computeShapeBox(w, sh);
      } else {
        tight.minX = fs[f++]!;
        tight.minY = fs[f++]!;
        tight.maxX = fs[f++]!;
        tight.maxY = fs[f++]!;
        setShapeBox(shapes, sh, tight);
      }
      const key = shapes.proxyKey[sh]!;
      if (key === -1) continue;
      guessFatBox(w, sh);
      if ((flags & B_FAT_FOLLOWS) !== 0) {
        for (let q = 0; q < 4; q++) value4[q] = guess4[q]!;
      } else {
        rd.at = getCoded4(rd.b, rd.at);
      }
      const tree = bp.trees[key & 3]!;
      const id = key >> 2;
      if (!sameBoxRecordAt(value4, tree.box, id)) {
        // As the step does: the leaf takes the box and its ancestors grow to hold it; the
        // tree rebuilds its enlarged part when next searched. Its shape then differs from
        // the saved world's, which changes no result (pairs are sorted by shape index).
        fat.minX = value4[0]!;
        fat.minY = value4[1]!;
        fat.maxX = value4[2]!;
        fat.maxY = value4[3]!;
        bp.setProxyBox(key, fat);
      }
    }
  }
  w.awakeBodyCount = getAwakeList(w.awakeBodies, bodies.awakeIndex);

  return f;
}

/** The proxies waiting in the move buffer. */
function decodeMoveBuffer(w: WorldState): void {
  const rd = reader;
  const shapes = w.shapes;
  const bp = w.broadPhase;
  let prev = 0;
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
}

/** The contacts: the slot pool, the live contacts in list order, the pair table and the awake list; returns the next double. */
function decodeContacts(w: WorldState, fs: Float64Array, f: number): number {
  const rd = reader;
  const shapes = w.shapes;
  const contacts = w.contacts;
  const cpool = contacts.pool;
  const nc = rd.u();
  cpool.reserve(nc);
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
      if (record === R_UPDATE) updateAtReference(w, c, n);
      else if (record === R_REUSE)
        reuseAtPoses(w, c, n, (mode & M_CURRENT_A) !== 0, (mode & M_CURRENT_B) !== 0);
    } else if (record === R_UPDATE) {
      const currentA = (mode & M_CURRENT_A) !== 0;
      const currentB = (mode & M_CURRENT_B) !== 0;
      collideAtPoses(w, c, currentA, currentB);
      updateAtPoses(w, c, currentA, currentB);
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
  w.awakeContactCount = getAwakeList(w.awakeContacts, contacts.awakeIndex);
  rebuildAwakeContactPairs(w);

  return f;
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

/** Reads what saveJoint wrote; returns the end. */
function loadJoint(w: WorldState, j: number, fs: Float64Array, f: number): number {
  const joints = w.joints;
  joints.forceX[j] = fs[f]!;
  joints.forceY[j] = fs[f + 1]!;
  joints.torque[j] = fs[f + 2]!;
  return jointTypes[joints.type[j]!]!.loadRollback(joints.data[j]!, fs, f + 3);
}
