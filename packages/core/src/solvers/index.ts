/**
 * The alternative constraint solvers (docs/solvers.md). Each is a factory in a module of
 * its own: a bundle holds only the ones it imports, and a world that keeps the default
 * soft step holds none.
 */

export { type BaumgarteSettings, baumgarteSolver } from './baumgarte.js';
export { type BlockSolverSettings, blockSolver } from './block_solver.js';
export { type NgsSettings, ngsSolver } from './ngs.js';
export { type SoftOdeSettings, softOdeSolver } from './soft_ode.js';
export { type PgsSettings, pgsSolver } from './pgs.js';
export { type XpbdSettings, xpbdSolver } from './xpbd.js';
