/**
 * The world's settings: their type, their defaults and the friction and restitution
 * mixers (Box2D's b2WorldDef and b2DefaultWorldDef, types.h and types.c). The numbers and
 * flags are described once, in `WORLD_SCALAR_SETTINGS`: the type, the default, the check
 * (world/world_settings.ts) and the copy in and out of `WorldSettings` derive from it.
 */

import * as defaults from '../base/constants.js';
import { MAX_DAMPING_RATIO, MAX_HERTZ, MAX_SPEED } from '../base/constants.js';
import type { Vec2 } from '../base/math.js';
import type { Solver } from './solver.js';
import type { ContactKernelSource } from './contact_kernel.js';

/** Mixes the friction of two shapes; the default is the geometric mean. */
export type FrictionMixer = (
  frictionA: number,
  materialA: number,
  frictionB: number,
  materialB: number,
) => number;
/** Mixes the restitution of two shapes; the default is the larger one. */
export type RestitutionMixer = (
  restitutionA: number,
  materialA: number,
  restitutionB: number,
  materialB: number,
) => number;

export function mixFrictionDefault(a: number, _ma: number, b: number, _mb: number): number {
  return Math.sqrt(a * b);
}

export function mixRestitutionDefault(a: number, _ma: number, b: number, _mb: number): number {
  return a > b ? a : b;
}

/**
 * How a number or flag setting is checked: a boolean; an integer in [min, max]; a number in
 * [0, max] (`nonNegative`) or in (0, max] (`positive`), with its unit for the error message.
 */
export type ScalarSettingSpec =
  | { readonly kind: 'boolean'; readonly default: boolean }
  | { readonly kind: 'integer'; readonly min: number; readonly max: number; readonly default: number }
  | {
      readonly kind: 'nonNegative' | 'positive';
      readonly max: number;
      readonly unit: string;
      readonly default: number;
    };

/**
 * Every number and flag of the world's settings, in the order they are checked. A new one
 * added here is typed, defaulted, checked, stored in `WorldSettings`, read back by
 * `getSettings` and written by `setSettings`; only the snapshot format lists them by hand
 * (world/snapshot.ts), since its byte layout is pinned.
 */
export const WORLD_SCALAR_SETTINGS = {
  /** Solver sub-steps per step. Default 4. */
  subSteps: { kind: 'integer', min: 1, max: 1000, default: defaults.DEFAULT_SUB_STEPS },
  /** Contact stiffness (Hz). Default 40; static contacts twice that, both capped at a quarter of the sub-step rate. */
  contactHertz: { kind: 'nonNegative', max: MAX_HERTZ, unit: 'Hz', default: defaults.DEFAULT_CONTACT_HERTZ },
  /** Contact damping ratio: how fast an overlap is pushed out (not how far a load sags). Default 15. */
  contactDampingRatio: {
    kind: 'nonNegative',
    max: MAX_DAMPING_RATIO,
    unit: '',
    default: defaults.DEFAULT_CONTACT_DAMPING_RATIO,
  },
  /** Cap on the speed at which overlapping shapes are pushed apart (m/s). Default 3. */
  maxContactPushSpeed: {
    kind: 'nonNegative',
    max: MAX_SPEED,
    unit: 'm/s',
    default: defaults.DEFAULT_MAX_CONTACT_PUSH_SPEED,
  },
  /** Approach speed below which restitution is ignored (m/s). Default 1. */
  restitutionThreshold: {
    kind: 'nonNegative',
    max: MAX_SPEED,
    unit: 'm/s',
    default: defaults.DEFAULT_RESTITUTION_THRESHOLD,
  },
  /** Speed limit of a dynamic body (m/s), entering each sub-step and again after its solve. Default 400. */
  maxLinearSpeed: {
    kind: 'positive',
    max: MAX_SPEED,
    unit: 'm/s',
    default: defaults.DEFAULT_MAX_LINEAR_SPEED,
  },
  /** Let resting islands fall asleep. Default true. Turning it off wakes every body. */
  enableSleep: { kind: 'boolean', default: true },
  /** Carry contact impulses from step to step. Default true. */
  enableWarmStarting: { kind: 'boolean', default: true },
  /** Stiffness of rigid joint axes (Hz), capped at a quarter of the sub-step rate. Default 60. */
  jointHertz: { kind: 'nonNegative', max: MAX_HERTZ, unit: 'Hz', default: defaults.DEFAULT_JOINT_HERTZ },
  /** Damping ratio of rigid joint axes. Default 2. */
  jointDampingRatio: {
    kind: 'nonNegative',
    max: MAX_DAMPING_RATIO,
    unit: '',
    default: defaults.DEFAULT_JOINT_DAMPING_RATIO,
  },
  /** Approach speed (m/s) above which touching contacts report hit events. Default 1. */
  hitEventThreshold: {
    kind: 'nonNegative',
    max: MAX_SPEED,
    unit: 'm/s',
    default: defaults.DEFAULT_HIT_EVENT_THRESHOLD,
  },
  /** Sweep fast bodies so they cannot tunnel through static geometry. Default true. */
  enableContinuous: { kind: 'boolean', default: true },
  /** Bodies slower than this (m/s) are never swept, whatever their size. Default 0. */
  continuousMinSpeed: { kind: 'nonNegative', max: MAX_SPEED, unit: 'm/s', default: 0 },
  /**
   * Time each stage of the step for `getProfile()`. Default false: reading the clock
   * allocates a number per reading, and the step otherwise allocates nothing. Not part of
   * snapshots (it changes nothing simulated).
   */
  enableProfile: { kind: 'boolean', default: false },
} as const satisfies Record<string, ScalarSettingSpec>;

/** The number and flag settings, typed from `WORLD_SCALAR_SETTINGS` (a flag is a boolean). */
export type WorldScalarSettings = {
  -readonly [K in keyof typeof WORLD_SCALAR_SETTINGS]: (typeof WORLD_SCALAR_SETTINGS)[K]['kind'] extends 'boolean'
    ? boolean
    : number;
};

/** The names of the number and flag settings, in table order. */
export const WORLD_SCALAR_SETTING_NAMES = Object.keys(
  WORLD_SCALAR_SETTINGS,
) as readonly (keyof WorldScalarSettings)[];

function copyField<T, K extends keyof T>(to: T, from: Readonly<T>, key: K): void {
  to[key] = from[key];
}

/** Copies every number and flag setting from `from` into `to` (both hold all of them). */
export function copyScalarSettings(to: WorldScalarSettings, from: Readonly<WorldScalarSettings>): void {
  for (const key of WORLD_SCALAR_SETTING_NAMES) copyField(to, from, key);
}

/** A fresh object holding the default of every number and flag setting. */
export function defaultScalarSettings(): WorldScalarSettings {
  const out: Record<string, number | boolean> = {};
  for (const key of WORLD_SCALAR_SETTING_NAMES) out[key] = WORLD_SCALAR_SETTINGS[key].default;
  return out as WorldScalarSettings;
}

/**
 * World settings. Every field has a default: see `defaultWorldDef()`. The numbers and
 * flags are documented in `WORLD_SCALAR_SETTINGS`.
 */
export interface WorldDef extends WorldScalarSettings {
  /** Gravity (m/s^2). Default (0, -10). */
  gravity: Vec2;
  /** How two shapes' frictions combine. Default: geometric mean. */
  frictionMixer: FrictionMixer;
  /** How two shapes' restitutions combine. Default: the larger. */
  restitutionMixer: RestitutionMixer;
  /**
   * The constraint solver: null or left out, the soft step; else an alternative made by a
   * solver factory (`baumgarteSolver()`, ...: docs/solvers.md). See `World.setSolver`.
   */
  solver?: Solver | null;
  /**
   * Keep the hot stores (body states, contacts and their manifolds, contact constraints,
   * joints, the awake lists) on `SharedArrayBuffer`s, so that helper workers can view them
   * (docs/parallel-step.md, "Runtime"). Fixed when the world is made; the step gives the
   * same bits either way. Default false. Needs SharedArrayBuffer (a cross-origin isolated
   * page, or Node).
   */
  sharedMemory?: boolean;
  /**
   * Who runs the soft step's contact sweeps: 'js' (the default), or `wasmContactKernel`
   * from `@impulse/core/wasm`, a WebAssembly kernel with the same bits, whose memory then
   * holds the body states and contact constraints (docs/wasm-kernel.md). Fixed when the
   * world is made. Where WebAssembly cannot run, and on shared memory, the world runs the
   * JS sweeps: `contactKernelOf(world)` of that entry says which.
   */
  contactKernel?: 'js' | ContactKernelSource;
}

/** The default settings (`WorldSettings` in world/world_settings.ts starts from these). */
export function defaultWorldDef(): WorldDef {
  return {
    gravity: { x: 0, y: defaults.DEFAULT_GRAVITY_Y },
    ...defaultScalarSettings(),
    frictionMixer: mixFrictionDefault,
    restitutionMixer: mixRestitutionDefault,
  };
}
