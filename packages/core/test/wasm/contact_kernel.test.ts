/**
 * The WebAssembly contact kernel of the probe (scripts/wasm, docs/wasm-kernel.md) gives the
 * JS sweeps' bits: every warm start, solve, relax and relax-again block of a few steps,
 * scalar and f64x2, compared with the real block on the same inputs (body velocities,
 * impulses, separations, relax flags and the block's result).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { World } from '../../src/index';
import { pyramidScene, tumblerScene } from '../../src/scenes/index';
import { worldStateOf } from '../../src/world/world_access';
import { runSolverBlock, SolverStage } from '../../src/world/solver_stages';
import { type ContactKernel, createKernel } from '../../scripts/wasm/kernel.mjs';
import { checkSteps } from '../../scripts/wasm/sweep_check.mjs';
import { DT } from '../support';

const core = { worldStateOf, runSolverBlock, SolverStage };

describe('WebAssembly contact kernel (probe)', () => {
  let kernels: [string, ContactKernel, boolean][] = [];
  beforeAll(async () => {
    kernels = [
      ['scalar', await createKernel(), false],
      ['f64x2', await createKernel(), true],
    ];
  });

  it('sweeps a pyramid with the JS sweeps’ bits', () => {
    const world = new World({ enableSleep: false });
    pyramidScene(world, 10);
    for (let i = 0; i < 10; i++) world.step(DT);
    const check = checkSteps(core, world, kernels, 3);
    expect(check.blocks).toBeGreaterThan(0);
    expect(check.mismatches).toEqual([]);
  });

  it('sweeps the tumbler with the JS sweeps’ bits (one- and two-point, paired)', () => {
    const world = new World({ enableSleep: false });
    tumblerScene(world, 12);
    // by step 95 the boxes have landed: one-point, paired and lone two-point constraints
    for (let i = 0; i < 95; i++) world.step(DT);
    const check = checkSteps(core, world, kernels, 3);
    expect(check.onePoint).toBeGreaterThan(0);
    expect(check.paired).toBeGreaterThan(0);
    expect(check.constraints).toBeGreaterThan(check.onePoint + check.paired);
    expect(check.mismatches).toEqual([]);
  });
});
