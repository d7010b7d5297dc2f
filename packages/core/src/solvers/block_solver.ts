/**
 * Sequential impulses with Baumgarte stabilisation and the two-point block solver (Box2D
 * v2.x): a two-point manifold's normal rows are solved together as a 2x2 linear
 * complementarity problem, so the two corners of a resting box do not trade impulse back
 * and forth from one iteration to the next and box stacks stop rocking.
 */

import type { Solver } from '../world/solver_interface.js';
import { type BaumgarteSettings, baumgarteFamily } from './baumgarte.js';

export type BlockSolverSettings = BaumgarteSettings;

export function blockSolver(settings?: Partial<BlockSolverSettings>): Solver<BlockSolverSettings> {
  return baumgarteFamily('blockSolver', 'block', true, settings);
}
