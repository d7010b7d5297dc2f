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

function watchedWorker(): PhysicsClient {
  return createNodePhysicsWorker({
    stepping: 'manual',
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
});
