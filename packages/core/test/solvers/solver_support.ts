/**
 * The solver tests' shared preamble: every alternative solver at its defaults, by name (the
 * list the solver tests and the cross-engine solver fixture, test/world/fixtures/
 * solver_hashes.ts, run through), a world with a ground body under one, and the bodies the
 * tests hang from joints.
 */

import { type BodyId, BodyType, makeBox, type Solver, type Vec2, World } from '../../src/index';
import {
  baumgarteSolver,
  blockSolver,
  ngsSolver,
  pgsSolver,
  softOdeSolver,
  xpbdSolver,
} from '../../src/solvers/index';

export const SOLVERS: readonly [name: string, make: () => Solver][] = [
  ['baumgarte', () => baumgarteSolver()],
  ['block', () => blockSolver()],
  ['ngs', () => ngsSolver()],
  ['softOde', () => softOdeSolver()],
  ['pgs', () => pgsSolver()],
  ['jacobi', () => pgsSolver({ jacobi: true })],
  ['xpbd', () => xpbdSolver()],
];

/** The named solvers of SOLVERS, built, in the order named (for `it.each`): a name not in the list throws. */
export function solversNamed(...names: string[]): [name: string, solver: Solver][] {
  return names.map((name) => {
    const make = SOLVERS.find(([n]) => n === name)?.[1];
    if (make === undefined) throw new Error(`solversNamed: no solver '${name}' in SOLVERS`);
    return [name, make()];
  });
}

/** A world under `solver`, sleep off (gravity -10 unless given), and a static ground body at the origin. */
export function jointWorld(solver: Solver, gravity?: Vec2): { world: World; ground: BodyId } {
  const world = new World({ solver, enableSleep: false, ...(gravity === undefined ? {} : { gravity }) });
  return { world, ground: world.createBody() };
}

/** A dynamic 2 x 0.2 m bar of density 1 centred at (x, y). */
export function bar(world: World, x: number, y: number): BodyId {
  const body = world.createBody({ type: BodyType.Dynamic, position: { x, y } });
  world.createPolygonShape(body, makeBox(1, 0.1), { density: 1 });
  return body;
}
