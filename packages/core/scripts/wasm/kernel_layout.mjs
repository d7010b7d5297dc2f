/**
 * The record layouts the kernel's WAT reads, as src/dynamics/contact_solver.ts's enums and
 * src/dynamics/body_state_layout.ts state them (offsets in doubles): stated once here for
 * every generator file (kernel_wat.mjs, kernel_stages_wat.mjs, kernel_collide_block_wat.mjs). The bit checks
 * (test/wasm) fail if one drifts from the core's.
 */

/** Body state. */
export const S = { VX: 0, VY: 1, W: 2, DPX: 4, DPY: 5, DQC: 6, DQS: 7 };

/** A prepared contact constraint. */
export const K = {
  NX: 0,
  NY: 1,
  FRICTION: 2,
  RESTITUTION: 3,
  MA: 4,
  IA: 5,
  MB: 6,
  IB: 7,
  BIAS_RATE: 8,
  MASS_SCALE: 9,
  IMPULSE_SCALE: 10,
  POINT: 11,
  POINT_STRIDE: 12,
  STRIDE: 35,
};

/** One point of a prepared constraint. */
export const Q = {
  RAX: 0,
  RAY: 1,
  RBX: 2,
  RBY: 3,
  BASE_SEP: 4,
  NORMAL_IMPULSE: 5,
  TANGENT_IMPULSE: 6,
  MAX_NORMAL_IMPULSE: 7,
  NORMAL_MASS: 8,
  TANGENT_MASS: 9,
  RELATIVE_VELOCITY: 10,
  SEPARATION: 11,
};

/** A contact record (src/dynamics/contact.ts R; pinned there by test/dynamics/layouts.test.ts). */
export const C = { NX: 0, NY: 1, FRICTION: 2, RESTITUTION: 3, POINT: 4, POINT_STRIDE: 8, STRIDE: 20 };

/** A contact record's point (src/dynamics/contact.ts PT). */
export const P = {
  RAX: 0,
  RAY: 1,
  RBX: 2,
  RBY: 3,
  SEP: 4,
  NORMAL_IMPULSE: 5,
  TANGENT_IMPULSE: 6,
  MAX_NORMAL_IMPULSE: 7,
};
