/**
 * The rollback state's format (world/rollback.ts): the header, the flag and mode
 * bits that say which values a state holds and which the world gives back, the structural
 * fingerprint, and the check a state passes before it is decoded. What the bits mean is
 * told in rollback.ts.
 */

import type { SlotPool } from '../base/id.js';
import type { WorldState } from './world_state.js';

/** Stated with the container that keeps it; the format's users find it here too. */
export { CODED_SLACK } from './rollback_state.js';

/**
 * What the encoder and decoder see of a state (RollbackState): its doubles (the step
 * counter first) and bytes, with their counts, and the stamp its bytes were saved at.
 */
export interface RollbackBytes {
  f: Float64Array<ArrayBuffer>;
  b: Uint8Array<ArrayBuffer>;
  fCount: number;
  bCount: number;
  stamp: number;
}

export const MAGIC = 0x494d5252; // "IMRR"
/** 2: the sensors' overlap set; 3: derived values as flags, coded doubles, bytes for integers. */
export const VERSION = 3;
/** Magic (4 bytes), version (1), structure fingerprint (4). */
export const HEADER = 9;

// A non-static body's flag byte.
export const B_AWAKE = 1;
export const B_FORCED = 2;
export const B_BOXES_FOLLOW = 4;
export const B_STILL = 8;
export const B_NO_SLEEP_TIME = 16;
export const B_ORIGIN_FOLLOWS = 32;
export const B_START_POSE = 64;
export const B_FAT_FOLLOWS = 128;

// A live contact's head byte: point count (bits 0-1), contact flags (bits 2-3:
// CONTACT_FLAG_BITS, touching and events) and:
export const C_SAME_MIX = 16;

// A contact with points: its mode byte.
/** Bits 0-1: how the record's normal, anchors and separations come back (0: saved). */
export const M_RECORD = 3;
export const R_UPDATE = 1;
export const R_REUSE = 2;
/** The poses the record is derived at: A's (B's) current pose instead of its start pose. */
export const M_CURRENT_A = 4;
export const M_CURRENT_B = 8;
/** Reference pose A (B) is A's (B's) current pose (else it is saved, XOR-coded against it). */
export const M_REF_A_CURRENT = 16;
export const M_REF_B_CURRENT = 32;
export const M_MAX_ZERO = 64;
export const M_NO_IMPULSE = 128;

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

/**
 * Checks that `state` can be loaded into `w`: a saved state of this format whose
 * structural fingerprint matches. Throws (and writes nothing) otherwise.
 */
export function checkRollbackState(w: WorldState, state: RollbackBytes): void {
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
