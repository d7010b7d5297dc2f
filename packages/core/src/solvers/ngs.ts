/**
 * Sequential impulses with non-linear Gauss-Seidel position correction (Box2D v2.4,
 * planck.js): the velocity solve has no position bias, so it adds no energy; after the
 * positions are integrated, a few passes recompute each contact's separation and each
 * joint's gap at the current positions and move the bodies apart directly, a fraction of
 * the error per pass. Stiffer than Baumgarte, at the cost of the extra passes. The
 * two-point block solver is on by default, as in Box2D v2.4.
 */

import type { Solver } from '../world/solver_interface.js';
import { alternativeSolver } from './capabilities.js';
import { DEFAULT_SLOP, SequentialImpulseSolver } from './sequential_impulses.js';
import { booleanSetting, checkSettings, intSetting, numberSetting } from './solver_kit.js';

export interface NgsSettings {
  /** Velocity iterations per step. Default 8. */
  iterations: number;
  /** Position passes per step (they stop early once everything is within the slop). Default 3. */
  positionIterations: number;
  /** Fraction of the error one pass removes, in (0, 1]. Default 0.2. */
  beta: number;
  /** Overlap left alone (m). Default 0.005. */
  slop: number;
  /** Largest correction of one pass (m). Default 0.2. */
  maxCorrection: number;
  /** Solve two-point manifolds as blocks. Default true. */
  block: boolean;
  /** Start from last step's impulses. Default true. */
  warmStarting: boolean;
}

/** The settings' checks and defaults, in the order they are checked (solver_kit.ts). */
const SETTINGS = {
  iterations: intSetting(1, 1000, 8),
  positionIterations: intSetting(1, 1000, 3),
  beta: numberSetting(Number.MIN_VALUE, 1, 0.2),
  slop: numberSetting(0, 1, DEFAULT_SLOP),
  maxCorrection: numberSetting(Number.MIN_VALUE, 10, 0.2),
  block: booleanSetting(true),
  warmStarting: booleanSetting(true),
};

export function ngsSolver(settings?: Partial<NgsSettings>): Solver<NgsSettings> {
  const checked = checkSettings<NgsSettings>('ngsSolver', settings, SETTINGS);
  return alternativeSolver(
    'ngs',
    checked,
    () =>
      new SequentialImpulseSolver({
        iterations: checked.iterations,
        warmStarting: checked.warmStarting,
        beta: 0,
        slop: checked.slop,
        block: checked.block,
        positionIterations: checked.positionIterations,
        positionBeta: checked.beta,
        maxCorrection: checked.maxCorrection,
        soft: null,
        onStepChange: null,
      }),
  );
}
