/**
 * Every alternative solver at its defaults, by name: the list the solver tests and the
 * cross-engine solver fixture (test/world/fixtures/solver_hashes.ts) run through.
 */

import {
  baumgarteSolver,
  blockSolver,
  ngsSolver,
  pgsSolver,
  type Solver,
  softOdeSolver,
  xpbdSolver,
} from '../../src/index';

export const SOLVERS: readonly [name: string, make: () => Solver][] = [
  ['baumgarte', () => baumgarteSolver()],
  ['block', () => blockSolver()],
  ['ngs', () => ngsSolver()],
  ['softOde', () => softOdeSolver()],
  ['pgs', () => pgsSolver()],
  ['jacobi', () => pgsSolver({ jacobi: true })],
  ['xpbd', () => xpbdSolver()],
];
