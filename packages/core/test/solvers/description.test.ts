import { describe, expect, it } from 'vitest';
import {
  checkSolverDescription,
  createSolver,
  loadSolver,
  loadSolverKind,
  SOLVER_KINDS,
  type SolverDescription,
} from '../../src/index';
import { pgsSolver, xpbdSolver } from '../../src/solvers/index';
import { bundleInSrc } from '../static_inputs';

describe('solver descriptions', () => {
  it('build the solver the factory builds from the same settings, once the kind is loaded', async () => {
    expect(() => createSolver({ kind: 'xpbd' })).toThrow(
      "createSolver: the solver kind 'xpbd' is not loaded (await loadSolverKind('xpbd') first)",
    );
    const solver = await loadSolver({ kind: 'xpbd', subSteps: 5 });
    expect(solver.name).toBe('xpbd');
    expect(solver.settings).toEqual(xpbdSolver({ subSteps: 5 }).settings);
    expect(createSolver({ kind: 'xpbd' }).settings).toEqual(xpbdSolver().settings); // now synchronous
    expect((await loadSolver({ kind: 'pgs', jacobi: true })).settings).toEqual(
      pgsSolver({ jacobi: true }).settings,
    );
    for (const kind of SOLVER_KINDS)
      expect((await loadSolver({ kind } as SolverDescription)).settings).toBeDefined();
  });

  it('reject a bad shape at once and a bad setting with the factory’s message, naming the call site', async () => {
    expect(() => checkSolverDescription('f', 'solver', null)).toThrow(
      "f: solver must be a solver description such as { kind: 'xpbd' }, got null",
    );
    expect(() => checkSolverDescription('f', 'solver', { kind: 'XPBD' })).toThrow(
      'f: solver.kind must be one of baumgarte, block, ngs, softOde, pgs, xpbd, got "XPBD"',
    );
    expect(() => checkSolverDescription('f', 'solver', { kind: 'ngs', beta: '0.2' })).toThrow(
      'f: solver.beta must be a number or a boolean, got "0.2"',
    );
    await expect(loadSolver({ kind: 'ngs', beta: 2 })).rejects.toThrow(
      /^loadSolver: ngsSolver: settings\.beta must be in \[.*, 1\], got 2$/,
    );
    await expect(loadSolverKind('nope' as 'ngs')).rejects.toThrow('loadSolverKind: kind must be one of');
  });

  it('puts each kind in a chunk of its own: a bundle that loads descriptions holds no solver until asked', async () => {
    const { entry, chunks } = await bundleInSrc(
      "import { World, loadSolver } from './index.ts'; const w = new World({ solver: await loadSolver({ kind: 'xpbd' }) }); w.step(1 / 60);",
    );
    expect(entry).not.toContain('XpbdInstance');
    expect(entry).not.toContain('PgsInstance');
    expect(chunks.some((text) => text.includes('XpbdInstance'))).toBe(true);
    expect(chunks.some((text) => text.includes('PgsInstance'))).toBe(true);
  });
});
