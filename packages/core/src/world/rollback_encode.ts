/**
 * Encodes a world's rollback state (world/rollback.ts): bodies, the move buffer,
 * contacts, joints and the sensors' overlap set, each value saved or flagged as one the
 * world gives back (rollback_derive.ts).
 */

import { growF64, growU8 } from '../base/array.js';
import { STATE_STRIDE, VX, VY, W } from '../dynamics/body.js';
import { BodyType } from '../types/body_def.js';
import { CONTACT_FLAG_BITS } from '../dynamics/awake_contacts.js';
import { CONTACT_REFERENCE_STRIDE } from '../dynamics/contact_layout.js';
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
import { jointTypes } from '../joints/registry.js';
import {
  copyDouble,
  guess4,
  isPlusZeroAt,
  putCoded4,
  putCodedCosine,
  putCodedPose,
  putIndexList,
  putU,
  sameAt,
  value4,
  zz,
} from './rollback_coding.js';
import {
  boxesFollowPose,
  classifyContacts,
  fatBoxesFollow,
  guessFatBox,
  guessPose,
  modes,
  needStart,
  originFollows,
  reusable,
} from './rollback_derive.js';
import {
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
  M_NO_IMPULSE,
  M_MAX_ZERO,
  M_RECORD,
  R_UPDATE,
  M_REF_A_CURRENT,
  M_REF_B_CURRENT,
  MAGIC,
  type RollbackBytes,
  structureFingerprint,
  VERSION,
} from './rollback_format.js';
import { order, orderContacts } from './rollback_order.js';
import type { WorldState } from './world_state.js';

/** The last friction and restitution saved. */
const mix = new Float64Array(2);

/** Encodes the world's rollback state into `out`. */
export function encodeRollbackState(w: WorldState, out: RollbackBytes): void {
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
    for (let sh = bodies.shapeHead[b]!; sh !== -1; sh = shapes.next[sh]!) {
      if ((flags & B_BOXES_FOLLOW) === 0) {
        const box = shapes.box;
        F[fc++] = box[4 * sh]!;
        F[fc++] = box[4 * sh + 1]!;
        F[fc++] = box[4 * sh + 2]!;
        F[fc++] = box[4 * sh + 3]!;
      }
      const key = shapes.proxyKey[sh]!;
      if (key === -1 || (flags & B_FAT_FOLLOWS) !== 0) continue;
      const tree = trees[key & 3]!;
      const id = key >> 2;
      value4[0] = tree.box[4 * id]!;
      value4[1] = tree.box[4 * id + 1]!;
      value4[2] = tree.box[4 * id + 2]!;
      value4[3] = tree.box[4 * id + 3]!;
      guessFatBox(w, sh);
      bc = putCoded4(B, bc);
    }
  }
  const awakeCount = w.awakeBodyCount;
  if (bc + 5 + 5 * awakeCount > B.length) B = growU8(B, bc + 5 + 5 * awakeCount);
  bc = putIndexList(B, bc, w.awakeBodies, awakeCount);

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
  let prev = 0;
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
  bc = putIndexList(B, bc, w.awakeContacts, awakeContacts);

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
function saveJointsAndSensors(w: WorldState, out: RollbackBytes): void {
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
