/**
 * The physics worker transfers no ArrayBuffer out of its thread (frames, snapshots, rollback
 * states go as copies): a transfer detaches the buffer, and once any ArrayBuffer in a thread
 * is detached V8 checks for detachment at every typed-array access it compiles from then on
 * (the step: +25 % instructions on the tumbler; docs/worker-design.md, "Nothing is
 * transferred out of the worker"). The worker runs with postMessage and structuredClone
 * patched to fail on a transferred ArrayBuffer (fixtures/detach_watch_worker.mjs): a call
 * whose reply would transfer one loses the worker and rejects.
 */
import { Worker } from 'node:worker_threads';
import { World } from '@impulse/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createNodePhysicsWorker, nodeWorkerScript } from '../src/node';
import type { PhysicsClient } from '../src/index';
import { buildPyramid, records, stepBoth } from './support';

let physics: PhysicsClient | null = null;
afterEach(() => {
  physics?.dispose();
  physics = null;
});

function watchedWorker(contactKernel: 'wasm' | 'js' = 'js'): PhysicsClient {
  return createNodePhysicsWorker({
    stepping: 'manual',
    contactKernel,
    transport: 'transfer',
    worker: () =>
      new Worker(new URL('./fixtures/detach_watch_worker.mjs', import.meta.url), {
        execArgv: [],
        workerData: { script: nodeWorkerScript().href },
      }),
  });
}

describe('the worker without shared memory', () => {
  it('steps, snapshots, saves and loads rollback states with every buffer copied out, frames equal to the inline world', async () => {
    physics = watchedWorker();
    const world = new World();
    buildPyramid(physics, 8);
    buildPyramid(world, 8);
    await stepBoth(physics, world, 30);
    expect(records(physics)).toEqual(records(world));
    const state = await physics.saveState();
    const bytes = await physics.snapshot();
    expect(bytes.byteLength).toBeGreaterThan(0);
    await stepBoth(physics, world, 20);
    await physics.loadState(state);
    const inline = new World();
    buildPyramid(inline, 8);
    for (let i = 0; i < 30; i++) inline.step(1 / 60);
    await stepBoth(physics, inline, 25);
    expect(records(physics)).toEqual(records(inline));
    await physics.restore(bytes);
    await physics.step(1);
    // the frames the worker sent are whole: a detached buffer arrives empty
    expect(records(physics).length).toBeGreaterThan(0);
  });

  it('runs the WebAssembly contact kernel without detaching its memory', async () => {
    // the fixture also fails WebAssembly.Memory.grow and ArrayBuffer.transfer in the worker:
    // the kernel replaces its memory by a larger copy (docs/wasm-kernel.md, "Never detach")
    physics = watchedWorker('wasm');
    const world = new World();
    buildPyramid(physics, 20);
    buildPyramid(world, 20);
    expect((await physics.getSolverThreads()).contactKernel).toBe('wasm-simd');
    await stepBoth(physics, world, 30);
    const state = await physics.saveState();
    const bytes = await physics.snapshot();
    await stepBoth(physics, world, 10);
    // bodies added after the kernel placed the stores: they grow, and the kernel moves them
    buildPyramid(physics, 20);
    buildPyramid(world, 20);
    await stepBoth(physics, world, 30);
    expect(records(physics)).toEqual(records(world));
    // the snapshot brings back the structure the rollback state was saved with
    await physics.restore(bytes);
    await physics.loadState(state);
    await physics.step(5);
    expect(await physics.stateHash()).not.toBe(0);
  });
});
