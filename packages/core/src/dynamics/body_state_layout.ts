/**
 * The body solver state record: the one definition of its layout.
 *
 * `BodyStore.state` interleaves, per body slot, 8 doubles (64 bytes, one cache line):
 * velocity, angular velocity, and the position and rotation change within the step. The
 * contact solver and the joint solvers read it for both bodies of every constraint.
 *
 * Hot modules keep a local copy of these offsets (an imported binding costs a load, or a
 * getter call under a test runner, per use); each copy is exported as `bodyStateCopy` or
 * `layoutCopy` and `test/dynamics/layouts.test.ts` pins every one to this module.
 */

/** Linear velocity (m/s). */
export const VX = 0;
export const VY = 1;
/** Angular velocity (rad/s). */
export const W = 2;
// 3 is unused (padding to the cache line).
/** Position change of the center of mass within the step. */
export const DPX = 4;
export const DPY = 5;
/** Rotation change within the step, as (cos, sin). */
export const DQC = 6;
export const DQS = 7;
/** Doubles per body. */
export const STATE_STRIDE = 8;

/** The layout as one object, for the pinning test. */
export const BODY_STATE = { VX, VY, W, DPX, DPY, DQC, DQS, STRIDE: STATE_STRIDE } as const;
