/**
 * A joint type's parameters as a table: one entry per parameter (its public key, the data
 * fields that hold it, its check), from which the type's defaults, check, write and read
 * are derived (the registry's `JointParamOps`). A parameter is stated once, in its type's
 * table; its default once, as the data class's field initialiser (the defaults are a fresh
 * data object read back). The table's order is the order of the checks (the first bad
 * field is the one reported) and of the keys in messages and in `getJointParams`.
 *
 * These run outside the step (creation, `setJointParams`, `getJointParams`, the worker
 * mirror's checks), so they may read and write the data by key. The rollback, which runs
 * every frame, keeps each type's field-by-field functions (keyed access boxes every double:
 * see registry.ts).
 */

import { MAX_COORDINATE } from '../base/constants.js';
import type { Vec2 } from '../base/math.js';
import { checkBoolean, checkVec2Within } from '../base/validate.js';
import {
  checkAxis,
  checkDampingRatio,
  checkHertz,
  checkJointAngle,
  checkLinearSpeed,
  checkMaxForce,
  normalizeAxis,
} from './joint_checks.js';
import type { JointData } from './joint_store.js';

/** A data object or a parameter object, read and written by key. */
type Fields = Record<string, unknown>;

/** One or two parameters (a pair of limits is checked together) and how they are stored. */
export interface ParamEntry<K extends string = string> {
  /** The public keys, in order. */
  readonly keys: readonly K[];
  /** Throws naming `fn`, the field and the value when `p`'s values are out of range. */
  check(fn: string, p: Fields): void;
  /** Copies checked values from `p` into the data. */
  write(d: Fields, p: Fields): void;
  /** Copies the data's values into `out` under the public keys. */
  read(d: Fields, out: Fields): void;
}

/** A field check as joint_checks.ts and validate.ts write them. */
type Check = (fn: string, field: string, v: unknown) => unknown;

/** A check of a lower and an upper limit together. */
type LimitsCheck = (fn: string, lower: string, lo: unknown, upper: string, hi: unknown) => void;

/** A number or boolean stored under its own name. */
export function scalar<K extends string>(key: K, check: Check): ParamEntry<K> {
  return {
    keys: [key],
    check: (fn, p) => check(fn, key, p[key]),
    write: (d, p) => {
      d[key] = p[key];
    },
    read: (d, out) => {
      out[key] = d[key];
    },
  };
}

/** A vector `key` stored as the numbers `xField` and `yField`. */
export function vector<K extends string>(
  key: K,
  xField: string,
  yField: string,
  check: Check,
): ParamEntry<K> {
  return {
    keys: [key],
    check: (fn, p) => check(fn, key, p[key]),
    write: (d, p) => {
      const v = p[key] as Vec2;
      d[xField] = v.x;
      d[yField] = v.y;
    },
    read: (d, out) => {
      out[key] = { x: d[xField], y: d[yField] };
    },
  };
}

/** A point or offset in the world's coordinate range (mouse target, motor offset). */
export const position = <K extends string>(key: K, xField: string, yField: string): ParamEntry<K> =>
  vector(key, xField, yField, (fn, field, v) => checkVec2Within(fn, field, v, MAX_COORDINATE, 'm'));

/** `localAxisA` (prismatic, wheel): stored normalised as `localAxisX`, `localAxisY`. */
export function axis(): ParamEntry<'localAxisA'> {
  return {
    ...vector('localAxisA', 'localAxisX', 'localAxisY', checkAxis),
    write: (d, p) => {
      const v = p.localAxisA as Vec2;
      normalizeAxis(v.x, v.y, d as { localAxisX: number; localAxisY: number });
    },
  };
}

/** A lower and an upper limit, each stored under its own name, checked together. */
export function limits<L extends string, U extends string>(
  lower: L,
  upper: U,
  check: LimitsCheck,
): ParamEntry<L | U> {
  return {
    keys: [lower, upper],
    check: (fn, p) => check(fn, lower, p[lower], upper, p[upper]),
    write: (d, p) => {
      d[lower] = p[lower];
      d[upper] = p[upper];
    },
    read: (d, out) => {
      out[lower] = d[lower];
      out[upper] = d[upper];
    },
  };
}

export const flag = <K extends string>(key: K): ParamEntry<K> => scalar(key, checkBoolean);
export const hertz = <K extends string>(key: K): ParamEntry<K> => scalar(key, checkHertz);
export const dampingRatio = <K extends string>(key: K): ParamEntry<K> => scalar(key, checkDampingRatio);
export const jointAngle = <K extends string>(key: K): ParamEntry<K> => scalar(key, checkJointAngle);
export const maxForce = <K extends string>(key: K, unit: 'N' | 'N m'): ParamEntry<K> =>
  scalar(key, (fn, field, v) => checkMaxForce(fn, field, v, unit));

/** The spring of the distance, revolute, prismatic and wheel joints. */
export const SPRING: readonly ParamEntry<'enableSpring' | 'hertz' | 'dampingRatio'>[] = [
  flag('enableSpring'),
  hertz('hertz'),
  dampingRatio('dampingRatio'),
];

/** A limit switched by `enableLimit` (distance, revolute, prismatic, wheel). */
export function limit<L extends string, U extends string>(
  lower: L,
  upper: U,
  check: LimitsCheck,
): ParamEntry<'enableLimit' | L | U>[] {
  return [flag('enableLimit'), limits(lower, upper, check)];
}

/** A motor driving `motorSpeed` (checked by `speed`) up to `maxKey` (prismatic, wheel, distance). */
export function motor<M extends string>(
  maxKey: M,
  unit: 'N' | 'N m',
  speed: Check = checkLinearSpeed,
): ParamEntry<'enableMotor' | M | 'motorSpeed'>[] {
  return [flag('enableMotor'), maxForce(maxKey, unit), scalar('motorSpeed', speed)];
}

/** The parameter operations of a joint type that has parameters (what the registry holds). */
export interface JointParamOps {
  defaults(): object;
  read(data: JointData): object;
  check(fn: string, params: object): void;
  apply(data: JointData, params: object): void;
}

/**
 * The operations derived from a type's table (`P`, its public parameters type, checks the
 * keys). `create` makes the type's data object: a fresh one, read back, gives the defaults.
 */
export function jointParams<P>(
  create: () => JointData,
  entries: readonly ParamEntry<keyof P & string>[],
): JointParamOps {
  const read = (data: JointData): object => {
    const out: Fields = {};
    for (const e of entries) e.read(data as unknown as Fields, out);
    return out;
  };
  // made on first use: importing a type's data module runs nothing
  let fresh: JointData | undefined;
  return {
    defaults: () => {
      if (fresh === undefined) fresh = create();
      return read(fresh);
    },
    read,
    check: (fn, params) => {
      for (const e of entries) e.check(fn, params as Fields);
    },
    apply: (data, params) => {
      for (const e of entries) e.write(data as unknown as Fields, params as Fields);
    },
  };
}
