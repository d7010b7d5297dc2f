/**
 * PhysicsOptions.solverWorkers: checked at the call site with the field and value named,
 * defaulted from the cores present (capped, one core left to the page), one thread inline
 * and where shared memory is unavailable.
 */

import { describe, expect, it } from 'vitest';
import { DEFAULT_SOLVER_WORKERS_CAP, defaultSolverWorkers, resolveOptions } from '../src/client/options';
import { createInlinePhysics } from '../src/inline';
import { createNodePhysicsWorker } from '../src/node';
import { World } from '@impulse/core';
import { afterEach } from 'vitest';
import type { PhysicsClient } from '../src/index';
import { buildPyramid, createTestWorker, DT, helpersReady, records } from './support';

let client: PhysicsClient | null = null;
afterEach(() => {
  client?.dispose();
  client = null;
});

describe('solverWorkers', () => {
  it('defaults to the cores less one, capped, and to 1 where it cannot help', () => {
    expect([undefined, 1, 2, 3, 4, 16].map(defaultSolverWorkers)).toEqual([
      1,
      1,
      1,
      2,
      3,
      DEFAULT_SOLVER_WORKERS_CAP,
    ]);
    expect(resolveOptions({}, true, 8, true).solverWorkers).toBe(4);
    expect(resolveOptions({}, true, 8, false).solverWorkers).toBe(1);
    expect(resolveOptions({ solverWorkers: 3 }, true, 8, false).solverWorkers).toBe(1);
    expect(resolveOptions({ solverWorkers: 6 }, true, 2, true).solverWorkers).toBe(6);
    expect(resolveOptions({}, false, 8, true).solverWorkers).toBe(1);
  });

  it('rejects a bad count, naming the field and the value', () => {
    for (const bad of [0, 65, 2.5, Number.NaN, '2'] as unknown[]) {
      expect(() => createNodePhysicsWorker({ solverWorkers: bad as number })).toThrow(
        `createPhysics: solverWorkers must be an integer in [1, 64], got ${String(bad)}`,
      );
    }
    for (const bad of [0, 65537, 1.5, '8'] as unknown[]) {
      expect(() => createNodePhysicsWorker({ solverBlockItems: bad as number })).toThrow(
        `createPhysics: solverBlockItems must be an integer in [1, 65536], got ${String(bad)}`,
      );
    }
    expect(() => createNodePhysicsWorker({ solverWorkerUse: 'never' as 'auto' })).toThrow(
      "createPhysics: solverWorkerUse must be 'auto' or 'always', got never",
    );
    expect(() => createInlinePhysics({ solverWorkers: 2 })).toThrow(
      /createPhysics: solverWorkers must be 1 inline .*got 2/,
    );
  });

  it('steps a world with helpers to the bits of one thread', async () => {
    const physics = createTestWorker({ stepping: 'manual', solverWorkers: 2 });
    client = physics;
    const world = new World();
    buildPyramid(physics);
    buildPyramid(world);
    for (let step = 1; step <= 150; step++) {
      await physics.step(1);
      world.step(DT);
    }
    expect(records(physics)).toEqual(records(world));
    expect(await physics.stateHash()).toBe(world.stateHash());
    // the helper took part: its stages were shared out (a world of 210 bodies is big enough)
    const solver = await helpersReady(physics, 1);
    expect(solver.threads).toBe(2);
    expect(solver.readyHelpers).toBe(1);
    expect(solver.sharedStages).toBeGreaterThan(0);
  });

  it('shares a small world out when told to by solverBlockItems, to the same bits', async () => {
    const physics = createTestWorker({
      stepping: 'manual',
      solverWorkers: 3,
      solverBlockItems: 2,
      solverWorkerUse: 'always',
    });
    client = physics;
    const world = new World();
    buildPyramid(physics, 5);
    buildPyramid(world, 5);
    // the executor's code loads on demand (a dynamic import in the worker); the answer waits
    // until the helpers are attached, so every step below is shared out
    expect((await physics.getSolverThreads()).threads).toBe(3);
    await physics.step(1);
    // 'always': the step ran on all three (the pile is awake), and no probe timed it
    const first = await physics.getSolverThreads();
    expect(first.threadsInUse).toBe(3);
    expect(first.measuredSpeedUp).toBe(0);
    await physics.step(59);
    for (let step = 1; step <= 60; step++) world.step(DT);
    expect(await physics.stateHash()).toBe(world.stateHash());
    const solver = await physics.getSolverThreads();
    expect(solver.threads).toBe(3);
    expect(solver.sharedStages).toBeGreaterThan(0);
  });

  it('reports one thread where the world steps alone', async () => {
    const physics = createTestWorker({ stepping: 'manual', solverWorkers: 1 });
    client = physics;
    buildPyramid(physics);
    await physics.step(5);
    const alone = {
      threads: 1,
      readyHelpers: 0,
      sharedStages: 0,
      threadsInUse: 1,
      measuredSpeedUp: 0,
      // 'auto', the default: one solver thread runs the WebAssembly kernel (Node 20 has f64x2)
      contactKernel: 'wasm-simd',
    };
    expect(await physics.getSolverThreads()).toEqual(alone);
    const inline = createInlinePhysics({ stepping: 'manual' });
    expect(await inline.getSolverThreads()).toEqual(alone);
    inline.dispose();
  });
});
