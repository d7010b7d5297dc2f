/**
 * Sequential impulses with Baumgarte stabilisation (Catto, "Iterative Dynamics with
 * Temporal Coherence", 2005; Box2D v2.0): position error is fed back as a velocity bias
 * beta * C / h past a slop, inside the velocity solve. Simple and cheap; the push-out
 * speed stays in the bodies, so overlap resolution adds energy and stacks jitter.
 */

import type { Solver } from '../world/solver_interface.js';
import { alternativeSolver } from './capabilities.js';
import { DEFAULT_SLOP, SequentialImpulseSolver } from './sequential_impulses.js';
import { booleanSetting, checkSettings, intSetting, numberSetting } from './solver_kit.js';

export interface BaumgarteSettings {
  /** Velocity iterations per step. Default 8. */
  iterations: number;
  /** Fraction of the position error fed back per step, in [0, 1]. Default 0.2. */
  beta: number;
  /** Overlap left alone (m). Default 0.005. */
  slop: number;
  /** Start from last step's impulses. Default true. */
  warmStarting: boolean;
}

/** The settings' checks and defaults, in the order they are checked (solver_kit.ts). */
const SETTINGS = {
  iterations: intSetting(1, 1000, 8),
  beta: numberSetting(0, 1, 0.2),
  slop: numberSetting(0, 1, DEFAULT_SLOP),
  warmStarting: booleanSetting(true),
};

export function baumgarteSolver(settings?: Partial<BaumgarteSettings>): Solver<BaumgarteSettings> {
  return baumgarteFamily('baumgarteSolver', 'baumgarte', false, settings);
}

/**
 * A Baumgarte sequential-impulse solver named `name`, its manifolds solved point by point or,
 * with `block`, as 2x2 blocks (block_solver.ts): both take the same settings.
 */
export function baumgarteFamily(
  fn: string,
  name: string,
  block: boolean,
  settings: Partial<BaumgarteSettings> | undefined,
): Solver<BaumgarteSettings> {
  const checked = checkSettings<BaumgarteSettings>(fn, settings, SETTINGS);
  return alternativeSolver(
    name,
    checked,
    () =>
      new SequentialImpulseSolver({
        ...checked,
        block,
        positionIterations: 0,
        positionBeta: 0,
        maxCorrection: 0,
        soft: null,
        onStepChange: null,
      }),
  );
}
