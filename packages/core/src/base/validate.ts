/**
 * Argument checks for the public API. Every message names the function, the field and
 * the value, e.g. `createBody: position.x must be finite, got NaN`. Checks run before
 * anything is changed, so a rejected call leaves the world exactly as it was.
 */

import type { Vec2 } from './math.js';

export function describe(v: unknown): string {
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : String(v);
  if (typeof v === 'string') return JSON.stringify(v);
  if (v === null) return 'null';
  if (v === undefined) return 'undefined';
  if (Array.isArray(v)) return `an array of length ${v.length}`;
  if (typeof v === 'object') return 'an object';
  return String(v);
}

/** `range` followed by its unit, if it has one (damping ratios have none). */
function withUnit(range: string, unit: string): string {
  return unit === '' ? range : `${range} ${unit}`;
}

export function fail(fn: string, field: string, rule: string, value: unknown): never {
  throw new RangeError(`${fn}: ${field} must be ${rule}, got ${describe(value)}`);
}

export function checkFinite(fn: string, field: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) fail(fn, field, 'finite', v);
  return v;
}

export function checkNonNegative(fn: string, field: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) fail(fn, field, 'finite and >= 0', v);
  return v;
}

export function checkPositive(fn: string, field: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) fail(fn, field, 'finite and > 0', v);
  return v;
}

export function checkInteger(fn: string, field: string, v: unknown, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    fail(fn, field, `an integer in [${min}, ${max}]`, v);
  }
  return v;
}

export function checkBoolean(fn: string, field: string, v: unknown): boolean {
  if (typeof v !== 'boolean') fail(fn, field, 'a boolean', v);
  return v;
}

/** The fields `keys` of a definition `d` are booleans (checked in the order given). */
export function checkBooleans<T extends object>(fn: string, d: T, keys: readonly (keyof T & string)[]): void {
  for (const key of keys) checkBoolean(fn, key, d[key]);
}

/**
 * The one shape check of every vector the API takes: an object with `x` and `y`. An array
 * (`[1, 2]`, the tuple other libraries take) is named as such, since reading its `.x`
 * would only report `x: undefined`.
 */
function checkVecObject(fn: string, field: string, v: unknown): { x?: unknown; y?: unknown } {
  if (Array.isArray(v)) {
    throw new RangeError(
      `${fn}: ${field} must be an object { x, y }, got an array [${v.slice(0, 4).map(describe).join(', ')}${v.length > 4 ? ', …' : ''}]`,
    );
  }
  if (typeof v !== 'object' || v === null) fail(fn, field, 'an object { x, y }', v);
  return v as { x?: unknown; y?: unknown };
}

export function checkVec2(fn: string, field: string, v: unknown): Vec2 {
  const o = checkVecObject(fn, field, v);
  checkFinite(fn, `${field}.x`, o.x);
  checkFinite(fn, `${field}.y`, o.y);
  return v as Vec2;
}

/** A 32-bit unsigned bit mask (category and mask bits). */
export function checkBits(fn: string, field: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 0xffffffff) {
    fail(fn, field, 'an integer bit mask in [0, 0xFFFFFFFF]', v);
  }
  return v;
}

export function checkFunction(fn: string, field: string, v: unknown): void {
  if (typeof v !== 'function') fail(fn, field, 'a function', v);
}

/** A finite number with |v| <= limit (a coordinate, angle, velocity or force component). */
export function checkWithin(fn: string, field: string, v: unknown, limit: number, unit: string): number {
  checkFinite(fn, field, v);
  const n = v as number;
  if (n > limit || n < -limit) fail(fn, field, withUnit(`in [-${limit}, ${limit}]`, unit), n);
  return n;
}

/** A vector whose components are each in [-limit, limit]. */
export function checkVec2Within(fn: string, field: string, v: unknown, limit: number, unit: string): Vec2 {
  const o = checkVecObject(fn, field, v);
  checkWithin(fn, `${field}.x`, o.x, limit, unit);
  checkWithin(fn, `${field}.y`, o.y, limit, unit);
  return v as Vec2;
}

/**
 * A vector of length at most `max` (gravity): its components finite, and x^2 + y^2 <=
 * max^2, which overflows to Infinity (and fails) for huge components. Plain products and
 * no Math.hypot: the verdict is the same on every JavaScript engine.
 */
export function checkVec2Length(fn: string, field: string, v: unknown, max: number, unit: string): Vec2 {
  const o = checkVec2(fn, field, v);
  if (!(o.x * o.x + o.y * o.y <= max * max)) {
    throw new RangeError(
      `${fn}: ${field} must have a length in ${withUnit(`[0, ${max}]`, unit)}, got (${describe(o.x)}, ${describe(o.y)})`,
    );
  }
  return o;
}

/** A check of a number in a range up to `max`, with its unit for the message. */
type AtMostCheck = (fn: string, field: string, v: unknown, max: number, unit: string) => number;

/**
 * `lowerCheck` (checkPositive or checkNonNegative), then at most `max`; the range the
 * message names opens with `low` ('(0' or '[0').
 */
function atMost(lowerCheck: (fn: string, field: string, v: unknown) => number, low: string): AtMostCheck {
  return (fn, field, v, max, unit) => {
    const n = lowerCheck(fn, field, v);
    if (n > max) fail(fn, field, withUnit(`in ${low}, ${max}]`, unit), n);
    return n;
  };
}

/** A positive finite number at most `max` (a size or a time step). */
export const checkPositiveAtMost = atMost(checkPositive, '(0');

/** A non-negative finite number at most `max` (a density, a polygon radius). */
export const checkNonNegativeAtMost = atMost(checkNonNegative, '[0');

/**
 * Rejects a definition with a field outside `known` (a typo such as `dampingRaito`, or an
 * option of another kind, such as `axis` on a revolute joint): silently ignoring it leaves
 * the user with a default they did not ask for. `known` is the list that also gives the
 * defaults (the keys of `defaultBodyDef()`, of a joint type's default parameters, ...),
 * so the two cannot drift apart. `what` names the kind in the message ("revolute joints").
 * Own enumerable keys only: a class instance's prototype is not looked at.
 */
export function checkKnownFields(fn: string, def: object, known: readonly string[], what: string): void {
  for (const key of Object.keys(def)) {
    if (!known.includes(key)) {
      throw new RangeError(`${fn}: unknown field '${key}' (${what} take: ${known.join(', ')})`);
    }
  }
}
