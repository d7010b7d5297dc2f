/**
 * The contact record: the one definition of its layout.
 *
 * `ContactStore.data` holds, per contact slot, `CONTACT_STRIDE` doubles: the normal,
 * mixed friction and restitution, then two points of `C_POINT_STRIDE` doubles each.
 *
 * contact.ts and contact_solver.ts keep local enum copies for their hot loops (esbuild
 * inlines enum members as literals); `test/dynamics/layouts.test.ts` pins them here.
 */

/** Doubles per contact. */
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

/** The layouts as objects, for the pinning test (keys as in the local enum copies). */
export const CONTACT_RECORD = {
  NX: C_NX,
  NY: C_NY,
  FRICTION: C_FRICTION,
  RESTITUTION: C_RESTITUTION,
  POINT: C_POINT,
  POINT_STRIDE: C_POINT_STRIDE,
  STRIDE: CONTACT_STRIDE,
} as const;
export const CONTACT_POINT = {
  RAX: P_RAX,
  RAY: P_RAY,
  RBX: P_RBX,
  RBY: P_RBY,
  SEP: P_SEP,
  NORMAL_IMPULSE: P_NORMAL_IMPULSE,
  TANGENT_IMPULSE: P_TANGENT_IMPULSE,
  MAX_NORMAL_IMPULSE: P_MAX_NORMAL_IMPULSE,
} as const;

/** Stride of a contact's reference record (ContactStore.reference; its fields: contact.ts REF). */
export const CONTACT_REFERENCE_STRIDE = 16;
