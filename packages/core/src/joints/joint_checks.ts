/**
 * The valid ranges of joint parameters, shared by every joint type's parameter check (run
 * at creation and by `setJointParams`) and by the world-point forms of a definition
 * (joint_def.ts). Each check names the function, the field and the range; constants.ts
 * says why each bound is where it is (README "Valid ranges" lists them).
 */

import {
  MAX_ANGLE,
  MAX_ANGULAR_SPEED,
  MAX_DAMPING_RATIO,
  MAX_DISTANCE,
  MAX_FORCE,
  MAX_HERTZ,
  MAX_SPEED,
} from '../base/constants.js';
import type { Vec2 } from '../base/math.js';
import {
  checkFinite,
  checkNonNegativeAtMost,
  checkPositiveAtMost,
  checkVec2Within,
  checkWithin,
  describe,
  fail,
} from '../base/validate.js';

/** A spring stiffness (Hz), in [0, MAX_HERTZ]. */
export function checkHertz(fn: string, field: string, v: unknown): number {
  return checkNonNegativeAtMost(fn, field, v, MAX_HERTZ, 'Hz');
}

/** A damping ratio (non-dimensional), in [0, MAX_DAMPING_RATIO]. */
export function checkDampingRatio(fn: string, field: string, v: unknown): number {
  return checkNonNegativeAtMost(fn, field, v, MAX_DAMPING_RATIO, '');
}

/** A largest motor or joint force (N) or torque (N m), in [0, MAX_FORCE]. */
export function checkMaxForce(fn: string, field: string, v: unknown, unit: 'N' | 'N m'): number {
  return checkNonNegativeAtMost(fn, field, v, MAX_FORCE, unit);
}

/** A linear motor speed (m/s), in [-MAX_SPEED, MAX_SPEED]. */
export function checkLinearSpeed(fn: string, field: string, v: unknown): number {
  return checkWithin(fn, field, v, MAX_SPEED, 'm/s');
}

/** An angular motor speed (rad/s), in [-MAX_ANGULAR_SPEED, MAX_ANGULAR_SPEED]. */
export function checkAngularSpeed(fn: string, field: string, v: unknown): number {
  return checkWithin(fn, field, v, MAX_ANGULAR_SPEED, 'rad/s');
}

/** An angle held by a joint (a reference angle or offset, rad), in [-MAX_ANGLE, MAX_ANGLE]. */
export function checkJointAngle(fn: string, field: string, v: unknown): number {
  return checkWithin(fn, field, v, MAX_ANGLE, 'rad');
}

/** A length between anchors (m), in [0, MAX_DISTANCE] (in (0, MAX_DISTANCE] if `positive`). */
export function checkJointLength(fn: string, field: string, v: unknown, positive = false): number {
  return positive
    ? checkPositiveAtMost(fn, field, v, MAX_DISTANCE, 'm')
    : checkNonNegativeAtMost(fn, field, v, MAX_DISTANCE, 'm');
}

/**
 * Translation limits along an axis (m): each in [-MAX_DISTANCE, MAX_DISTANCE], lower <=
 * upper. `lower` and `upper` name the fields.
 */
export function checkTranslationLimits(
  fn: string,
  lower: string,
  lo: unknown,
  upper: string,
  hi: unknown,
): void {
  const l = checkWithin(fn, lower, lo, MAX_DISTANCE, 'm');
  const u = checkWithin(fn, upper, hi, MAX_DISTANCE, 'm');
  if (l > u) fail(fn, lower, `<= ${upper} (${u})`, l);
}

/**
 * Angle limits of a revolute joint (rad): each in [-π, π], lower <= upper. The joint angle
 * is measured unwound into (-π, π], so a limit beyond ±π could never be reached (it was
 * silently no limit); Box2D v3 clamps its limits to the same interval.
 */
export function checkAngleLimits(fn: string, lower: string, lo: unknown, upper: string, hi: unknown): void {
  const l = checkFinite(fn, lower, lo);
  if (l < -Math.PI || l > Math.PI) fail(fn, lower, 'in [-π, π] rad', l);
  const u = checkFinite(fn, upper, hi);
  if (u < -Math.PI || u > Math.PI) fail(fn, upper, 'in [-π, π] rad', u);
  if (l > u) fail(fn, lower, `<= ${upper} (${u})`, l);
}

/**
 * A direction (prismatic and wheel axes): not (0, 0), each component in [-MAX_DISTANCE,
 * MAX_DISTANCE] (an axis is often the difference of two points). Stored normalised (see
 * `normalizeAxis`), so its length does not matter otherwise.
 */
export function checkAxis(fn: string, field: string, v: unknown): Vec2 {
  const a = checkVec2Within(fn, field, v, MAX_DISTANCE, '');
  if (a.x === 0 && a.y === 0) {
    throw new RangeError(
      `${fn}: ${field} must have a non-zero length, got (${describe(a.x)}, ${describe(a.y)})`,
    );
  }
  return a;
}

/**
 * Writes the unit vector along a checked axis into `out`, without underflow: scaled by the
 * larger component first, so (1e-300, 0) gives (1, 0), not 0 / 0.
 */
export function normalizeAxis(x: number, y: number, out: { localAxisX: number; localAxisY: number }): void {
  const m = Math.max(Math.abs(x), Math.abs(y));
  const sx = x / m;
  const sy = y / m;
  const len = Math.sqrt(sx * sx + sy * sy);
  out.localAxisX = sx / len;
  out.localAxisY = sy / len;
}

/**
 * A joint's break force or torque: in (0, MAX_FORCE], or Infinity (the default: never
 * breaks). A finite value above the force range could never be reached by a force the
 * solver applies within it, so it is an error rather than a silent "never".
 */
export function checkBreakLimit(fn: string, field: string, v: unknown, unit: string): number {
  if (v === undefined || v === Number.POSITIVE_INFINITY) return Number.POSITIVE_INFINITY;
  if (typeof v !== 'number' || !(v > 0 && v <= MAX_FORCE)) {
    fail(fn, field, `in (0, ${MAX_FORCE}] ${unit} or Infinity (never breaks)`, v);
  }
  return v;
}
