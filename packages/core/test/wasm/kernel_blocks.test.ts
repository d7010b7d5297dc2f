/**
 * The WebAssembly kernel's blocks on a solver helper (wasm/kernel_block.ts): a helper's
 * stage kernel made from a shared world's stores and the kernel's share
 * (parallel.ts createStageKernel, ParallelStep.kernelShare) runs the kernel's range
 * functions on an instance of its own over the world's shared memory, and a step whose
 * stages are all cut into small blocks run by it, last block first, gives the JS's bits.
 * This thread plays the helper: the blocks are the ones a helper thread would run. Its
 * warm start and solve blocks run the f64x2 functions, cut at the colours' starts, which
 * the kernel memory holds for it; its Collide blocks the collide module's on an instance
 * of its own (wasm/collide_range.ts), each listing the pairs it leaves to the JS in its own
 * room.
 */

import { describe, expect, it } from 'vitest';
import { World } from '../../src/index';
import { createStageKernel, ParallelStep, setStepExecutor } from '../../src/parallel';
import { fuzzScene, pyramidScene, spinnerScene, tumblerScene } from '../../src/scenes/index';
import { wasmContactKernel } from '../../src/wasm';
import type { StepExecutor } from '../../src/world/step_executor';
import { DT } from '../support';

type Exports = Record<string, unknown>;
type Api = { Module: unknown; Instance: new (m: object, i: object) => { exports: Exports }; Memory: unknown };

/**
 * A helper's stage kernel over the world's published stores, made with an Instance that
 * counts the calls of each export into `calls`.
 */
function helperKernel(step: ParallelStep, calls: Map<string, number>) {
  const g = globalThis as unknown as { WebAssembly: Api };
  const real = g.WebAssembly;
  class Instance {
    readonly exports: Exports = {};
    constructor(module: object, imports: object) {
      for (const [name, f] of Object.entries(new real.Instance(module, imports).exports)) {
        this.exports[name] = (...args: number[]) => {
          calls.set(name, (calls.get(name) ?? 0) + 1);
          return (f as (...a: number[]) => number)(...args);
        };
      }
    }
  }
  g.WebAssembly = {
    Module: real.Module,
    Instance: Instance as unknown as Api['Instance'],
    Memory: real.Memory,
  };
  try {
    // solver thread 1: the first helper's I/O record for its collide blocks
    return createStageKernel(step.stores(), step.kernelShare(), 1);
  } finally {
    g.WebAssembly = real;
  }
}

/** Every stage in blocks of `size` items, last block first, each by the helper's kernel. */
function helperExecutor(world: World, size: number, calls: Map<string, number>): StepExecutor {
  const step = new ParallelStep(world);
  let generation = -1;
  let kernel = (_stage: number, _start: number, _end: number) => 0;
  return {
    inline: false,
    runStage(_w, stage, start, end) {
      step.beforeDispatch(stage);
      if (step.generation() !== generation) {
        generation = step.generation();
        kernel = helperKernel(step, calls);
      }
      let result = 0;
      for (let b = end; b > start; b -= size) result |= kernel(stage, Math.max(start, b - size), b);
      return result;
    },
  };
}

describe("the kernel's blocks on a helper", () => {
  it.each([
    // the pair walk in blocks, on the helper's own traversal stack (the pyramid settles: few queries)
    ['tumbler', (w: World) => tumblerScene(w, 10), ['queryPairs']],
    ['pyramid', (w: World) => pyramidScene(w, 12), []],
    // boxes, circles, capsules, polygons of 3 to 8 points: pairs the collide blocks list for the JS
    ['fuzz', (w: World) => fuzzScene(w, 7, { count: 150 }), ['queryPairs']],
    // restitution 0.1 (the kernel's restitution blocks), a chain, capsules against boxes
    ['spinner', (w: World) => spinnerScene(w, 400), ['restitution', 'queryPairs']],
  ])('%s: the JS’s hash every step, the stages by the helper’s instance', (_name, scene, more = []) => {
    const js = new World({ enableSleep: false });
    const shared = new World({ enableSleep: false, sharedMemory: true, contactKernel: wasmContactKernel });
    scene(js);
    scene(shared);
    const calls = new Map<string, number>();
    setStepExecutor(shared, helperExecutor(shared, 5, calls));
    for (let i = 0; i < 120; i++) {
      js.step(DT);
      shared.step(DT);
      expect(shared.stateHash()).toBe(js.stateHash());
    }
    for (const f of [
      'prepare',
      'integrateVelocities',
      // the f64x2 sweeps: blocks cut at the colours' starts (kernel_block.ts)
      'warmStart2',
      'solve2',
      'integratePositions',
      'storeImpulses',
      // the narrow phase in blocks by the collide module
      'collideBlock',
      // the bodies' finish in blocks by the blocks module, each listing into its own room
      'finish',
      ...more,
    ]) {
      expect(calls.get(f) ?? 0, f).toBeGreaterThan(100);
    }
  });
});
