/**
 * Sequential impulses with Baumgarte stabilisation and the two-point block solver (Box2D
 * v2.x): a two-point manifold's normal rows are solved together as a 2x2 linear
 * complementarity problem, so the two corners of a resting box do not trade impulse back
 * and forth from one iteration to the next and box stacks stop rocking.
 */

import type { Solver } from '../world/solver_interface.js';
import { POINT_AND_ROD_JOINTS } from './capabilities.js';
import { DEFAULT_SLOP, SequentialImpulseSolver } from './sequential_impulses.js';
import { booleanSetting, checkSettingsObject, intSetting, numberSetting } from './solver_kit.js';
import type { BaumgarteSettings } from './baumgarte.js';

export type BlockSolverSettings = BaumgarteSettings;

const FIELDS = ['iterations', 'beta', 'slop', 'warmStarting'];

export function blockSolver(settings?: Partial<BlockSolverSettings>): Solver<BlockSolverSettings> {
  const fn = 'blockSolver';
  const s = checkSettingsObject(fn, settings, FIELDS);
  const checked: BlockSolverSettings = Object.freeze({
    iterations: intSetting(fn, s, 'iterations', 1, 1000, 8),
    beta: numberSetting(fn, s, 'beta', 0, 1, 0.2),
    slop: numberSetting(fn, s, 'slop', 0, 1, DEFAULT_SLOP),
    warmStarting: booleanSetting(fn, s, 'warmStarting', true),
  });
  return Object.freeze({
    name: 'block',
    settings: checked,
    capabilities: POINT_AND_ROD_JOINTS,
    create: () =>
      new SequentialImpulseSolver({
        ...checked,
        block: true,
        positionIterations: 0,
        positionBeta: 0,
        maxCorrection: 0,
        soft: null,
      }),
  });
}
