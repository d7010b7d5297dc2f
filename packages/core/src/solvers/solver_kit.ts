/**
 * What the alternative solvers share: the body state layout, a step context of their own
 * (the soft step's integrators read the sub-step from one), the list of joints to solve,
 * and position updates applied straight to the in-step position and rotation change.
 */

import { MAX_ROTATION, MAX_SOLVED_ROTATION } from '../base/constants.js';
import { growF64, growI32 } from '../base/array.js';
import { StepContext } from '../dynamics/step_context.js';
import { isJointActive } from '../joints/joint.js';
import { fail } from '../base/validate.js';
import type { WorldState } from '../world/world_state.js';

// the body solver state layout, passed on to the solvers (they import it from here either way)
import { DPX, DPY, DQC, DQS, STATE_STRIDE, VX, VY, W } from '../dynamics/body_state_layout.js';
export { DPX, DPY, DQC, DQS, STATE_STRIDE, VX, VY, W };

/** Sets `ctx` up for integrating over `h` with the world's speed limits. */
export function setIntegrationStep(w: WorldState, ctx: StepContext, dt: number, h: number): void {
  ctx.dt = dt;
  ctx.h = h;
  ctx.invH = 1 / h;
  ctx.maxLinearSpeed = w.settings.maxLinearSpeed;
  ctx.maxAngularSpeed = MAX_ROTATION / h;
  ctx.maxSolvedAngularSpeed = MAX_SOLVED_ROTATION / h;
}

export function newStepContext(): StepContext {
  return new StepContext();
}

/** Lists the joints to solve this step (enabled, with an awake body) into `list`; returns it grown. */
export function collectActiveJoints(
  w: WorldState,
  list: Int32Array<ArrayBuffer>,
  out: { count: number },
): Int32Array<ArrayBuffer> {
  const joints = w.joints;
  let l = list.length < joints.pool.count ? growI32(list, joints.pool.count) : list;
  let n = 0;
  for (let j = 0; j < joints.pool.next; j++) {
    if (joints.pool.alive[j] !== 1 || !isJointActive(w, j)) continue;
    if (n === l.length) l = growI32(l, n + 1);
    l[n++] = j;
  }
  out.count = n;
  return l;
}

/** `a` with room for n records of `stride` doubles. */
export function reserveF64(
  a: Float64Array<ArrayBuffer>,
  n: number,
  stride: number,
): Float64Array<ArrayBuffer> {
  const need = n * stride;
  return need > a.length ? growF64(a, need) : a;
}

// The growth path taken once at load, past the calls V8 runs before it gives a function
// its feedback: a scratch array first outgrown after the solver loop it is inlined into
// was optimised (the softOde pyramid's contacts, thousands of steps in) found no feedback
// there, deoptimised the loop, and the loop, run once a step, then boxed every double in
// the interpreter for thousands of steps (13 KB a step).
for (let i = 0; i < 64; i++) reserveF64(new Float64Array(0), 1, 1);

/**
 * Moves bodies A and B (state records oa, ob) by position changes and turns them by small
 * angles (first order, renormalised, as the soft step integrates rotations: no trig), the
 * changes handed over in `io` (A's x, y and angle at k, B's at k + 3): a call V8 does not
 * inline boxes each double argument, and the position loops that call this are large.
 */
export function moveBodiesIo(state: Float64Array, oa: number, ob: number, io: Float64Array, k: number): void {
  for (let side = 0; side < 2; side++) {
    const o = side === 0 ? oa : ob;
    const i = k + 3 * side;
    state[o + DPX] = state[o + DPX]! + io[i]!;
    state[o + DPY] = state[o + DPY]! + io[i + 1]!;
    const angle = io[i + 2]!;
    const qc = state[o + DQC]!;
    const qs = state[o + DQS]!;
    const c = qc - angle * qs;
    const s = qs + angle * qc;
    const inv = 1 / Math.sqrt(c * c + s * s);
    state[o + DQC] = c * inv;
    state[o + DQS] = s * inv;
  }
}

// ---- settings checks: every solver factory validates its settings with a table of these

/** One setting's check: reads `field` of `s` (or its default), throws naming fn and field. */
export type SettingCheck<T> = (fn: string, s: Record<string, unknown>, field: string) => T;

/**
 * A solver's settings as a table, one check per field, in the order they are checked and
 * listed in messages: the one place a solver states its fields, ranges and defaults.
 */
export type SettingsTable<S> = { readonly [K in keyof S]: SettingCheck<S[K]> };

/**
 * The settings given to `fn` checked against `table`: an object or undefined, with known
 * fields only, each in range; the result frozen, every field given or defaulted.
 */
export function checkSettings<S>(fn: string, settings: Partial<S> | undefined, table: SettingsTable<S>): S {
  const fields = Object.keys(table) as (keyof S & string)[];
  const s = checkSettingsObject(fn, settings, fields);
  const checked = {} as S;
  for (const field of fields) checked[field] = table[field](fn, s, field);
  return Object.freeze(checked);
}

/** The settings object given to a factory: an object or undefined, with known fields only. */
function checkSettingsObject(fn: string, v: unknown, known: readonly string[]): Record<string, unknown> {
  if (v === undefined) return {};
  if (typeof v !== 'object' || v === null) fail(fn, 'settings', 'an object or undefined', v);
  for (const key of Object.keys(v)) {
    if (!known.includes(key)) {
      throw new TypeError(`${fn}: settings has no field '${key}' (the fields are: ${known.join(', ')})`);
    }
  }
  return v as Record<string, unknown>;
}

/** An integer setting in [min, max], `dflt` when left out. */
export const intSetting = (min: number, max: number, dflt: number): SettingCheck<number> =>
  rangeSetting(true, min, max, dflt);
/** A number setting in [min, max], `dflt` when left out. */
export const numberSetting = (min: number, max: number, dflt: number): SettingCheck<number> =>
  rangeSetting(false, min, max, dflt);

function rangeSetting(integer: boolean, min: number, max: number, dflt: number): SettingCheck<number> {
  return (fn, s, field) => {
    const v = s[field] ?? dflt;
    if (typeof v !== 'number' || (integer && !Number.isInteger(v)) || !(v >= min && v <= max)) {
      fail(fn, `settings.${field}`, `${integer ? 'an integer ' : ''}in [${min}, ${max}]`, v);
    }
    return v;
  };
}

/** A boolean setting, `dflt` when left out. */
export function booleanSetting(dflt: boolean): SettingCheck<boolean> {
  return (fn, s, field) => {
    const v = s[field] ?? dflt;
    if (typeof v !== 'boolean') fail(fn, `settings.${field}`, 'a boolean', v);
    return v;
  };
}
