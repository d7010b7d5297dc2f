/** Options shared by every backend, with their defaults in one place. */
import { constants, type WorldDef } from '@impulse/core/contract';
import type { HostInit, Stepping } from '../protocol/host_messages.js';

export interface PhysicsOptions {
  /** The world's definition, as for `new World(def)`. Mixer functions cannot cross to a worker. */
  world?: Partial<WorldDef>;
  /**
   * `realtime` (default): the world steps on its own fixed-step clock. `manual`: it steps
   * only when `step(n)` is called (tests, servers, lockstep games).
   */
  stepping?: Stepping;
  /** Fixed time step in seconds. Default 1/60. */
  timeStep?: number;
  /** Most steps taken in one tick to catch up after a stall; older lag is dropped. Default 4. */
  maxStepsPerTick?: number;
  /** Start paused (realtime stepping). Default false. */
  paused?: boolean;
  /** Simulated seconds per real second (realtime stepping). Default 1. */
  timeScale?: number;
  /**
   * Every this many steps the host sends a snapshot, which `restart()` restores after a
   * crash. Default 0 (never). A snapshot is about 1.5 KB per body: keep N large for big worlds.
   */
  snapshotEvery?: number;
}

export const DEFAULT_TIME_STEP = 1 / 60;
export const DEFAULT_MAX_STEPS_PER_TICK = 4;
/** Body slots the first frame buffer holds; it doubles as the world grows. */
export const INITIAL_FRAME_CAPACITY = 64;

/** The options with their defaults: what a host starts with (the buffers aside). */
export type ResolvedOptions = Omit<HostInit, 'frames' | 'ring'>;

function fail(field: string, expected: string, value: unknown): never {
  throw new RangeError(`createPhysics: ${field} must be ${expected}, got ${String(value)}`);
}

export function resolveOptions(o: PhysicsOptions, crossesThreads: boolean): ResolvedOptions {
  const r: ResolvedOptions = {
    world: o.world ?? {},
    stepping: o.stepping ?? 'realtime',
    timeStep: o.timeStep ?? DEFAULT_TIME_STEP,
    maxStepsPerTick: o.maxStepsPerTick ?? DEFAULT_MAX_STEPS_PER_TICK,
    paused: o.paused ?? false,
    timeScale: o.timeScale ?? 1,
    snapshotEvery: o.snapshotEvery ?? 0,
  };
  if (r.stepping !== 'realtime' && r.stepping !== 'manual')
    fail('stepping', "'realtime' or 'manual'", r.stepping);
  // the core rejects a step longer than MAX_TIME_STEP (0.25 s): say so here, at the call site
  if (!(r.timeStep > 0 && r.timeStep <= constants.MAX_TIME_STEP)) {
    fail('timeStep', `in (0, ${constants.MAX_TIME_STEP}] seconds`, r.timeStep);
  }
  if (!Number.isInteger(r.maxStepsPerTick) || r.maxStepsPerTick < 1 || r.maxStepsPerTick > 120) {
    fail('maxStepsPerTick', 'an integer in [1, 120]', r.maxStepsPerTick);
  }
  if (!(r.timeScale >= 0 && r.timeScale <= 100)) fail('timeScale', 'in [0, 100]', r.timeScale);
  if (!Number.isInteger(r.snapshotEvery) || r.snapshotEvery < 0) {
    fail('snapshotEvery', 'a whole number of steps >= 0', r.snapshotEvery);
  }
  if (crossesThreads) {
    for (const field of ['frictionMixer', 'restitutionMixer'] as const) {
      if (r.world[field] !== undefined) {
        fail(
          `world.${field}`,
          'left out: a function cannot be sent to a worker (use the inline backend)',
          'a function',
        );
      }
    }
  }
  return r;
}
