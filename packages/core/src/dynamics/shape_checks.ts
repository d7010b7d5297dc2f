/**
 * The checks of a shape's and a chain's definition and of the collision filter: each names
 * the function, the field and the range, and runs before anything is written. `World`
 * calls them; so may a client of a world in another thread, without a world. The geometry's
 * own checks are in geometry/geometry_checks.ts.
 */

import { MAX_COORDINATE, MAX_DENSITY } from '../base/constants.js';
import {
  checkBits,
  checkBoolean,
  checkBooleans,
  checkInteger,
  checkKnownFields,
  checkNonNegative,
  checkNonNegativeAtMost,
  checkVec2Within,
  fail,
} from '../base/validate.js';
import {
  type ChainDef,
  type ChainDefInput,
  defaultChainDef,
  defaultFilter,
  defaultShapeDef,
  type Filter,
  type ShapeDef,
  type ShapeDefInput,
} from '../types/shape_def.js';

// The fields each definition takes: the keys of its defaults, so one list serves both.
const SHAPE_DEF_KEYS: readonly string[] = Object.keys(defaultShapeDef());
const CHAIN_DEF_KEYS: readonly string[] = Object.keys(defaultChainDef());

/**
 * A definition's filter with the fields left out taken from `defaultFilter()`, so
 * `{ groupIndex: -1 }` means "the default category and mask, group -1". Anything but an
 * object is passed on for checkFilter to reject.
 */
export function withDefaultFilter(v: unknown): unknown {
  if (v === undefined) return defaultFilter();
  if (typeof v !== 'object' || v === null) return v;
  return { ...defaultFilter(), ...(v as Partial<Filter>) };
}

/** A complete collision filter: category and mask bits, a 32-bit group index. */
export function checkFilter(fn: string, field: string, v: unknown): Filter {
  if (typeof v !== 'object' || v === null)
    fail(fn, field, 'an object {categoryBits, maskBits, groupIndex}', v);
  const f = v as Partial<Filter>;
  checkBits(fn, `${field}.categoryBits`, f.categoryBits);
  checkBits(fn, `${field}.maskBits`, f.maskBits);
  checkInteger(fn, `${field}.groupIndex`, f.groupIndex, -0x80000000, 0x7fffffff);
  return v as Filter;
}

/** A shape definition with the fields left out (the filter's too) taken from the defaults, checked. */
export function checkShapeDef(fn: string, def: unknown): ShapeDef {
  if (typeof def !== 'object' || def === null) fail(fn, 'def', 'an object', def);
  checkKnownFields(fn, def, SHAPE_DEF_KEYS, 'shapes');
  const input = def as ShapeDefInput;
  const d = { ...defaultShapeDef(), ...input, filter: withDefaultFilter(input.filter) as Filter };
  checkNonNegativeAtMost(fn, 'density', d.density, MAX_DENSITY, 'kg/m^2');
  checkNonNegative(fn, 'friction', d.friction);
  checkNonNegative(fn, 'restitution', d.restitution);
  checkInteger(fn, 'material', d.material, -0x80000000, 0x7fffffff);
  checkFilter(fn, 'filter', d.filter);
  checkBooleans(fn, d, ['enableContactEvents', 'isSensor', 'updateBodyMass']);
  return d;
}

/**
 * A chain definition with the fields left out taken from the defaults, checked: at least
 * 2 points (3 for a loop), no two consecutive ones equal.
 */
export function checkChainDef(fn: string, def: unknown): ChainDef {
  if (typeof def !== 'object' || def === null) fail(fn, 'def', 'an object', def);
  checkKnownFields(fn, def, CHAIN_DEF_KEYS, 'chains');
  const input = def as ChainDefInput;
  const d = { ...defaultChainDef(), ...input, filter: withDefaultFilter(input.filter) as Filter };
  checkBoolean(fn, 'loop', d.loop);
  if (!Array.isArray(d.points)) fail(fn, 'points', 'an array of {x, y}', d.points);
  const n = d.points.length;
  const minPoints = d.loop ? 3 : 2;
  if (n < minPoints) fail(fn, 'points.length', `at least ${minPoints}`, n);
  for (let i = 0; i < n; i++) checkVec2Within(fn, `points[${i}]`, d.points[i], MAX_COORDINATE, 'm');
  const segmentCount = d.loop ? n : n - 1;
  for (let i = 0; i < segmentCount; i++) {
    const p = d.points[i]!;
    const q = d.points[(i + 1) % n]!;
    const dx = q.x - p.x;
    const dy = q.y - p.y;
    if (dx * dx + dy * dy <= 1e-12) {
      fail(fn, `points[${(i + 1) % n}]`, `distinct from points[${i}]`, `(${q.x}, ${q.y})`);
    }
  }
  checkNonNegative(fn, 'friction', d.friction);
  checkNonNegative(fn, 'restitution', d.restitution);
  checkInteger(fn, 'material', d.material, -0x80000000, 0x7fffffff);
  checkFilter(fn, 'filter', d.filter);
  checkBoolean(fn, 'enableContactEvents', d.enableContactEvents);
  return d;
}
