/**
 * The world's settings: their type, their defaults and the friction and restitution
 * mixers (Box2D's b2WorldDef and b2DefaultWorldDef, types.h and types.c). The checks of
 * the settings live beside them in world_def_checks.ts.
 */

import * as defaults from '../base/constants.js';
import type { Vec2 } from '../base/math.js';
import type { Solver } from './solver.js';

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

/** World settings. Every field has a default: see `defaultWorldDef()`. */
export interface WorldDef {
  /** Gravity (m/s^2). Default (0, -10). */
  gravity: Vec2;
  /** Solver sub-steps per step. Default 4. */
  subSteps: number;
  /** Contact stiffness (Hz). Default 40; static contacts twice that, both capped at a quarter of the sub-step rate. */
  contactHertz: number;
  /** Contact damping ratio: how fast an overlap is pushed out (not how far a load sags). Default 15. */
  contactDampingRatio: number;
  /** Cap on the speed at which overlapping shapes are pushed apart (m/s). Default 3. */
  maxContactPushSpeed: number;
  /** Approach speed below which restitution is ignored (m/s). Default 1. */
  restitutionThreshold: number;
  /** Speed limit of a dynamic body (m/s), entering each sub-step and again after its solve. Default 400. */
  maxLinearSpeed: number;
  /** Let resting islands fall asleep. Default true. */
  enableSleep: boolean;
  /** Carry contact impulses from step to step. Default true. */
  enableWarmStarting: boolean;
  /** Stiffness of rigid joint axes (Hz), capped at a quarter of the sub-step rate. Default 60. */
  jointHertz: number;
  /** Damping ratio of rigid joint axes. Default 2. */
  jointDampingRatio: number;
  /** Approach speed (m/s) above which touching contacts report hit events. Default 1. */
  hitEventThreshold: number;
  /** Sweep fast bodies so they cannot tunnel through static geometry. Default true. */
  enableContinuous: boolean;
  /** Bodies slower than this (m/s) are never swept, whatever their size. Default 0. */
  continuousMinSpeed: number;
  /**
   * Time each stage of the step for `getProfile()`. Default false: reading the clock
   * allocates a number per reading, and the step otherwise allocates nothing. Not part of
   * snapshots (it changes nothing simulated).
   */
  enableProfile: boolean;
  /** How two shapes' frictions combine. Default: geometric mean. */
  frictionMixer: FrictionMixer;
  /** How two shapes' restitutions combine. Default: the larger. */
  restitutionMixer: RestitutionMixer;
  /**
   * The constraint solver: null or left out, the soft step; else an alternative made by a
   * solver factory (`baumgarteSolver()`, ...: docs/solvers.md). See `World.setSolver`.
   */
  solver?: Solver | null;
}

/** The default settings (`WorldSettings` in world/world_state.ts starts from these). */
export function defaultWorldDef(): WorldDef {
  return {
    gravity: { x: 0, y: defaults.DEFAULT_GRAVITY_Y },
    subSteps: defaults.DEFAULT_SUB_STEPS,
    contactHertz: defaults.DEFAULT_CONTACT_HERTZ,
    contactDampingRatio: defaults.DEFAULT_CONTACT_DAMPING_RATIO,
    maxContactPushSpeed: defaults.DEFAULT_MAX_CONTACT_PUSH_SPEED,
    restitutionThreshold: defaults.DEFAULT_RESTITUTION_THRESHOLD,
    maxLinearSpeed: defaults.DEFAULT_MAX_LINEAR_SPEED,
    enableSleep: true,
    enableWarmStarting: true,
    jointHertz: defaults.DEFAULT_JOINT_HERTZ,
    jointDampingRatio: defaults.DEFAULT_JOINT_DAMPING_RATIO,
    hitEventThreshold: defaults.DEFAULT_HIT_EVENT_THRESHOLD,
    enableContinuous: true,
    continuousMinSpeed: 0,
    enableProfile: false,
    frictionMixer: mixFrictionDefault,
    restitutionMixer: mixRestitutionDefault,
  };
}
