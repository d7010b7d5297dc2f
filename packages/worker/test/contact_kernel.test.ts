/**
 * PhysicsOptions.contactKernel: 'auto' (the default) runs the kernel, on one solver thread
 * or with helpers, and the JS for a kernel of the world's own; 'wasm' loads the WebAssembly contact kernel in the host's
 * thread before the world is made, and the world steps to the JS sweeps' bits, in a worker
 * and inline; snapshots, rollback states and restarts keep it; with solver helpers the
 * world's kernel memory is a shared one and the helpers run the kernel's blocks on it, to
 * the same bits; a bad value is named at the call site.
 */
import { type BodyId, World } from '@impulse/core';
import { tumblerScene } from '@impulse/core/scenes';
import { contactKernelOf, wasmContactKernel } from '@impulse/core/wasm';
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../src/client/options';
import { createInlinePhysics, type PhysicsClient, type PhysicsOptions } from '../src/index';
import { createNodePhysicsWorker } from '../src/node';
import { createTestWorker, DT, disposeAfterEach, helpersReady, records } from './support';

const keep = disposeAfterEach();

/** A small tumbler: boxes in a spinning kinematic drum, contacts made and lost every step. */
function tumbler(target: World | PhysicsClient): BodyId[] {
  return tumblerScene(target as World, 10).boxes;
}

const WASM: PhysicsOptions = { stepping: 'manual', contactKernel: 'wasm' };
const BACKENDS: [string, () => PhysicsClient][] = [
  ['a worker thread', () => createTestWorker(WASM)],
  ['the inline backend', () => createInlinePhysics(WASM)],
];

describe.each(BACKENDS)("contactKernel 'wasm' in %s", (_name, create) => {
  it('steps the tumbler to the bits of the core world with the kernel and of the JS world, every step', async () => {
    const physics = keep(create());
    const wasm = new World({ contactKernel: wasmContactKernel });
    const js = new World();
    tumbler(physics);
    tumbler(wasm);
    tumbler(js);
    expect(contactKernelOf(wasm)).toBe('wasm-simd'); // Node 20 has f64x2
    expect((await physics.getSolverThreads()).contactKernel).toBe('wasm-simd');
    for (let step = 1; step <= 120; step++) {
      await physics.step(1);
      wasm.step(DT);
      js.step(DT);
      const hash = await physics.stateHash();
      expect(hash).toBe(wasm.stateHash());
      expect(hash).toBe(js.stateHash());
    }
    expect(records(physics)).toEqual(records(js));
  });

  it('keeps the kernel and the bits through snapshot/restore, saveState/loadState and a restart', async () => {
    const physics = keep(create());
    const js = new World();
    tumbler(physics);
    tumbler(js);
    await physics.step(40);
    for (let i = 0; i < 40; i++) js.step(DT);
    const bytes = await physics.snapshot();
    const state = await physics.saveState();
    const jsBytes = js.snapshot();
    const jsState = js.saveState();
    await physics.step(20);
    for (let i = 0; i < 20; i++) js.step(DT);
    expect(await physics.stateHash()).toBe(js.stateHash());

    await physics.loadState(state);
    js.loadState(jsState);
    await physics.step(15);
    for (let i = 0; i < 15; i++) js.step(DT);
    expect(await physics.stateHash()).toBe(js.stateHash());

    await physics.restore(bytes);
    js.restore(jsBytes);
    await physics.step(15);
    for (let i = 0; i < 15; i++) js.step(DT);
    expect(await physics.stateHash()).toBe(js.stateHash());
    expect((await physics.getSolverThreads()).contactKernel).toBe('wasm-simd');

    // a new host, restored from the snapshot: it loads the kernel again before its first step
    await physics.restart(bytes);
    js.restore(jsBytes);
    await physics.step(10);
    for (let i = 0; i < 10; i++) js.step(DT);
    expect(await physics.stateHash()).toBe(js.stateHash());
    expect((await physics.getSolverThreads()).contactKernel).toBe('wasm-simd');
  });
});

describe('contactKernel', () => {
  it("is 'auto' by default: the kernel on one solver thread, in a worker and inline", async () => {
    expect(resolveOptions({}, true).contactKernel).toBe('auto');
    const worker = keep(createTestWorker({ stepping: 'manual', solverWorkers: 1 }));
    const inline = keep(createInlinePhysics({ stepping: 'manual' }));
    const js = new World();
    for (const target of [worker, inline, js]) tumbler(target);
    expect((await worker.getSolverThreads()).contactKernel).toBe('wasm-simd');
    expect((await inline.getSolverThreads()).contactKernel).toBe('wasm-simd');
    await Promise.all([worker.step(30), inline.step(30)]);
    for (let i = 0; i < 30; i++) js.step(DT);
    expect(await worker.stateHash()).toBe(js.stateHash());
    expect(await inline.stateHash()).toBe(js.stateHash());
  });

  it("'auto' runs the kernel with solver helpers too; the JS for a kernel named in the world's def, or 'js'", async () => {
    const helpers = keep(createTestWorker({ stepping: 'manual', solverWorkers: 2 }));
    const named = keep(createInlinePhysics({ stepping: 'manual', world: { contactKernel: 'js' } }));
    const js = keep(createInlinePhysics({ stepping: 'manual', contactKernel: 'js' }));
    expect((await helpers.getSolverThreads()).contactKernel).toBe('wasm-simd');
    for (const physics of [named, js]) {
      expect((await physics.getSolverThreads()).contactKernel).toBe('js');
    }
  });

  it.each([2, 3])(
    'with %i solver threads: the kernel on shared memory, its blocks on the helpers, the JS bits every step',
    async (threads) => {
      const physics = keep(
        createTestWorker({ ...WASM, solverWorkers: threads, solverBlockItems: 2, solverWorkerUse: 'always' }),
      );
      const js = new World();
      tumbler(physics);
      tumbler(js);
      const solver = await physics.getSolverThreads();
      expect(solver.threads).toBe(threads);
      expect(solver.contactKernel).toBe('wasm-simd');
      for (let step = 1; step <= 90; step++) {
        await physics.step(1);
        js.step(DT);
        expect(await physics.stateHash()).toBe(js.stateHash());
      }
      const after = await helpersReady(physics, threads - 1);
      expect(after.sharedStages).toBeGreaterThan(0);
      expect(after.readyHelpers).toBe(threads - 1);
    },
  );

  it('names the field and the value of a bad option at the call site', () => {
    for (const bad of ['simd', 'WASM', 1]) {
      expect(() => createNodePhysicsWorker({ contactKernel: bad as 'wasm' })).toThrow(
        `createPhysics: contactKernel must be 'auto', 'wasm' or 'js', got ${String(bad)}`,
      );
      expect(() => createInlinePhysics({ contactKernel: bad as 'js' })).toThrow(
        `createPhysics: contactKernel must be 'auto', 'wasm' or 'js', got ${String(bad)}`,
      );
    }
    expect(() => createNodePhysicsWorker({ world: { contactKernel: wasmContactKernel } })).toThrow(
      "createPhysics: world.contactKernel must be left out: the kernel cannot be sent to a worker (pass contactKernel: 'wasm')",
    );
  });
});
