/**
 * One world stepped by the calling thread and solver helpers (src/parallel/world_executor.ts)
 * gives the single-threaded bits: the same state hash after every step and the same
 * snapshot bytes, with 1, 2 and 3 threads, on every scene family. The test's thread is the
 * coordinator (Node's main thread may wait); the helpers run the built scripts and the
 * core's built `parallel.js`, as under the physics worker. Blocks are cut small so that
 * even the small scenes are shared out.
 */

import { World } from '@impulse/core';
import { contactKernelOf, wasmContactKernel } from '@impulse/core/wasm';
import { ParallelStep, SolverStage, setStepExecutor } from '@impulse/core/parallel';
import {
  FAMILY_DT,
  jointKindNetScene,
  pyramidScene,
  SCENE_FAMILIES,
  type SceneFamily,
} from '@impulse/core/scenes';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeKernelUrl } from '../src/parallel/kernel_url_node';
import { nodeHelperSpawner } from '../src/parallel/spawn_node';
import { type WorldExecutorOptions, WorldStepExecutor } from '../src/parallel/world_executor';

const executors: WorldStepExecutor[] = [];
afterEach(() => {
  for (const e of executors.splice(0)) e.dispose();
});

/**
 * Every family but the tumbler, which never rests: three runs of it with helper threads
 * outlast the test's time limit on a loaded machine; the core's block test
 * (step_executor.test.ts) runs it in shuffled blocks.
 */
const families = SCENE_FAMILIES.filter((family) => !family.name.startsWith('the tumbler'));

/** Resolves once the executor's helpers hold the stores last published (a condition, not a time). */
async function ready(e: WorldStepExecutor, helpers: number): Promise<void> {
  while (e.readyHelpers < helpers) await new Promise((r) => setTimeout(r, 2));
}

/** Blocks so small that even the small scenes are shared out. */
const SMALL_BLOCKS = { minBlockItems: 2 };

/**
 * An executor of `threads` threads for `world` whose helpers take every stage that reaches
 * its threshold, whatever the timing; disposed after the test. Not yet the world's.
 */
function helpersFor(world: World, threads: number, options: Partial<WorldExecutorOptions> = SMALL_BLOCKS) {
  const executor = new WorldStepExecutor(world, {
    helpers: threads - 1,
    spawn: nodeHelperSpawner(),
    kernelUrl: nodeKernelUrl(),
    useHelpers: 'always',
    ...options,
  });
  executors.push(executor);
  return executor;
}

/** Hashes after every step and the final snapshot, on `threads` threads. */
async function trace(
  family: SceneFamily,
  threads: number,
  options: Partial<WorldExecutorOptions> = SMALL_BLOCKS,
  kernel = false,
  passSteps = true,
) {
  const world = new World({
    sharedMemory: threads > 1,
    ...(kernel ? { contactKernel: wasmContactKernel } : {}),
  });
  if (kernel) expect(contactKernelOf(world)).toBe('wasm-simd');
  const drive = family.build(world);
  let executor: WorldStepExecutor | null = null;
  if (threads > 1) {
    executor = helpersFor(world, threads, options);
    const inner = executor;
    // passSteps false: a wrapper that hands on the stages but not beginStep/endStep (as
    // profile:step's recorder once did)
    setStepExecutor(
      world,
      passSteps
        ? executor
        : {
            get inline() {
              return inner.inline;
            },
            runStage: (w, stage, start, end) => inner.runStage(w, stage, start, end),
            runColours: (w, stage, colourStart, mask, regionStart, regions) =>
              inner.runColours(w, stage, colourStart, mask, regionStart, regions),
          },
    );
  }
  const hashes: number[] = [];
  let waited = false;
  // steps after which the executor's `inline` answer differed from the step before's
  let inlineChanges = 0;
  let inline = executor?.inline ?? true;
  for (let i = 0; i < family.steps; i++) {
    drive(world, i);
    world.step(FAMILY_DT);
    hashes.push(world.stateHash());
    if ((executor?.inline ?? true) !== inline) {
      inline = !inline;
      inlineChanges++;
    }
    // once the first stores are out, let the helpers take them: later steps share blocks
    if (!waited && executor !== null && executor.dispatches > 0) {
      await ready(executor, threads - 1);
      waited = true;
    }
  }
  return {
    hashes,
    bytes: world.snapshot(),
    phaseBarriers: executor?.phaseBarriers ?? 0,
    dispatches: executor?.dispatches ?? 0,
    started: executor?.started ?? false,
    inline: executor?.inline ?? true,
    inlineChanges,
    probes: executor?.probes ?? 0,
  };
}

/**
 * Steps `family` with the kernel on `threads` threads (small blocks, helpers always used),
 * checking the one-thread JS hash after every step, with the blocks' counts recorded from
 * the step after the helpers hold the stores; returns the world and its executor.
 */
async function kernelRun(family: SceneFamily, threads: number, one: { hashes: number[] }) {
  const world = new World({ sharedMemory: true, contactKernel: wasmContactKernel });
  const drive = family.build(world);
  const executor = helpersFor(world, threads);
  setStepExecutor(world, executor);
  for (let i = 0; i < family.steps; i++) {
    drive(world, i);
    world.step(FAMILY_DT);
    expect(world.stateHash(), `${threads} threads, step ${i + 1}`).toBe(one.hashes[i]);
    if (i === 0) {
      await ready(executor, threads - 1);
      executor.profileBlocks(true, false);
    }
  }
  return { world, executor, times: executor.blockTimes! };
}

describe('a world stepped by several threads', () => {
  it.each(families)(
    '$name: the same hash every step and the same snapshot with 1, 2 and 3 threads',
    async (family) => {
      const one = await trace(family, 1);
      expect(new Set(one.hashes).size).toBeGreaterThan(30);
      for (const threads of [2, 3]) {
        const many = await trace(family, threads);
        const first = many.hashes.findIndex((h, i) => h !== one.hashes[i]);
        expect(first, `${threads} threads: first step that differs`).toBe(-1);
        expect(many.bytes).toEqual(one.bytes);
        // the character's world has too few contacts for a block of two: it stays on one thread
        if (!family.name.startsWith('a character'))
          expect(many.dispatches, 'stages handed to the helpers').toBeGreaterThan(family.steps / 2);
        // the woken ragdoll's world crosses the colour stages' threshold both ways: its
        // executor's answer changes between steps (the bits must not)
        if (family.name === 'joints: a character wakes a ragdoll')
          expect(many.inlineChanges, 'steps whose inline answer changed').toBeGreaterThan(2);
        // the grid has no contacts: its body stages are 8 dispatches a step (2 a sub-step),
        // its joint colours' warm start, solve and relax at least 3 more a sub-step
        if (family.name === 'joints: a joint grid')
          expect(many.dispatches, 'joint stages handed to the helpers').toBeGreaterThan(
            20 * (family.steps - 5),
          );
      }
    },
  );
});

describe('the WebAssembly kernel on the helpers (its memory shared)', () => {
  it.each(families)(
    '$name: the JS’s one-thread hash every step and snapshot with the kernel on 1, 2 and 3 threads',
    async (family) => {
      const one = await trace(family, 1);
      for (const threads of [1, 2, 3]) {
        const many = await trace(family, threads, SMALL_BLOCKS, true);
        const first = many.hashes.findIndex((h, i) => h !== one.hashes[i]);
        expect(first, `${threads} threads: first step that differs`).toBe(-1);
        expect(many.bytes).toEqual(one.bytes);
        if (threads > 1 && !family.name.startsWith('a character'))
          expect(many.dispatches, 'stages handed to the helpers').toBeGreaterThan(family.steps / 2);
      }
    },
  );
});

describe("the kernel's narrow phase on the helpers", () => {
  it('runs the Collide blocks of helpers by the collide module, each on its own I/O record, at the JS bits', async () => {
    const family: SceneFamily = {
      name: 'pyramid 20',
      steps: 60,
      build(world) {
        pyramidScene(world, 20);
        return () => {};
      },
    };
    const one = await trace(family, 1);
    const { world, times } = await kernelRun(family, 3, one);
    expect(times.helperBlocks[SolverStage.Collide], 'Collide blocks run by helpers').toBeGreaterThan(0);
    // a helper's collide blocks write its own I/O record (wasm/collide_range.ts): the box
    // pairs' transforms are in the first helper's, which the JS's blocks never touch
    const share = new ParallelStep(world).kernelShare()!;
    const memory = share.memory as { buffer: ArrayBufferLike };
    const record = new Float64Array(memory.buffer, share.collide!.io[0]!, 10);
    expect(
      record.some((x) => x !== 0),
      "the first helper's I/O record written",
    ).toBe(true);
  });
});

describe('the small-world fallback (the measured dispatch thresholds)', () => {
  const pyramid = (base: number, steps: number): SceneFamily => ({
    name: `pyramid ${base}`,
    steps,
    build(world) {
      pyramidScene(world, base);
      return () => {};
    },
  });

  it('steps a world below every threshold on the calling thread alone, colour stages in one loop', async () => {
    // 28 boxes, about 70 contacts: no stage has two blocks of 64 items
    const one = await trace(pyramid(7, 120), 1);
    const two = await trace(pyramid(7, 120), 2, {});
    expect(two.hashes).toEqual(one.hashes);
    expect(two.bytes).toEqual(one.bytes);
    expect(two.dispatches, 'stages handed to the helpers').toBe(0);
    expect(two.started, 'the pool was started').toBe(false);
    expect(two.inline, 'the colour stages ran as one loop each').toBe(true);
  });

  it('checks dispatchBlocks, naming the field and the value', () => {
    const world = new World({ sharedMemory: true });
    for (const bad of [1, 2.5, 0, Number.NaN]) {
      expect(
        () =>
          new WorldStepExecutor(world, {
            helpers: 1,
            spawn: nodeHelperSpawner(),
            kernelUrl: nodeKernelUrl(),
            dispatchBlocks: bad,
          }),
      ).toThrow(`WorldStepExecutor: dispatchBlocks must be an integer >= 2, got ${bad}`);
    }
  });

  it('shares a large world out, colour by colour', async () => {
    // 820 boxes, some 2,400 contacts: the narrow phase and the body stages reach theirs
    const two = await trace(pyramid(40, 20), 2, {});
    expect(two.dispatches).toBeGreaterThan(0);
    expect(two.started).toBe(true);
    expect(two.inline).toBe(false);
  });
});

describe('regions (a world of 10,000 constraints or more: dynamics/constraint_graph.ts)', () => {
  it('solves each region whole on one thread, then the seams, with the one-thread bits on 2, 3 and 4 threads', async () => {
    // 4,095 boxes, some 12,100 contacts: 4 regions, each a block of the sweeps' first phase
    const family: SceneFamily = {
      name: 'pyramid 90',
      steps: 4,
      build(world) {
        pyramidScene(world, 90);
        return () => {};
      },
    };
    const one = await trace(family, 1);
    for (const threads of [2, 3, 4]) {
      const many = await trace(family, threads, {});
      const first = many.hashes.findIndex((h, i) => h !== one.hashes[i]);
      expect(first, `${threads} threads: first step that differs`).toBe(-1);
      expect(many.bytes).toEqual(one.bytes);
      expect(many.inline).toBe(false);
    }
    // four threads on the 2-core CI machine: slow, not wrong (8 steps ran past 300 s at load 12)
  }, 600_000);
});

describe('who runs the step (useHelpers)', () => {
  const family = families.find((f) => f.name === 'a mixed pile')!;

  it("gives the one-thread bits with the helpers never used, and with 'auto' probing in and out of use", async () => {
    const one = await trace(family, 1);
    const never = await trace(family, 2, { ...SMALL_BLOCKS, useHelpers: 'never' });
    expect(never.hashes).toEqual(one.hashes);
    expect(never.bytes).toEqual(one.bytes);
    expect(never.dispatches, 'stages handed to the helpers').toBe(0);
    // probes of one step each way, a choice held 3 steps: the step goes in and out of the
    // pool many times, whatever the timing picks
    const auto = {
      ...SMALL_BLOCKS,
      useHelpers: 'auto',
      autoSteps: { probeSteps: 2, probeRounds: 1, holdSteps: 3 },
    };
    for (const threads of [2, 3]) {
      const run = await trace(family, threads, auto as Partial<WorldExecutorOptions>);
      expect(run.hashes, `${threads} threads`).toEqual(one.hashes);
      expect(run.bytes, `${threads} threads`).toEqual(one.bytes);
      expect(run.probes, 'probes finished').toBeGreaterThan(5);
      expect(run.dispatches, 'stages handed to the helpers').toBeGreaterThan(0);
    }
  });

  it('gives the one-thread bits under a wrapper that does not pass beginStep on', async () => {
    // the sweeps' plans are kept within a step: the world's own step count says when one
    // ends, so a wrapper that drops beginStep cannot replay an earlier step's cuts
    const one = await trace(family, 1);
    const run = await trace(family, 2, { ...SMALL_BLOCKS, useHelpers: 'always' }, false, false);
    expect(run.dispatches, 'stages handed to the helpers').toBeGreaterThan(family.steps / 2);
    expect(run.hashes).toEqual(one.hashes);
    expect(run.bytes).toEqual(one.bytes);
  });

  it('checks useHelpers and autoSteps, naming the field and the value', () => {
    const world = new World({ sharedMemory: true });
    const make = (options: Partial<WorldExecutorOptions>) => () =>
      new WorldStepExecutor(world, {
        helpers: 1,
        spawn: nodeHelperSpawner(),
        kernelUrl: nodeKernelUrl(),
        ...options,
      });
    expect(make({ useHelpers: 'sometimes' as 'auto' })).toThrow(
      "WorldStepExecutor: useHelpers must be 'auto', 'always' or 'never', got sometimes",
    );
    expect(make({ autoSteps: { probeSteps: 1 } })).toThrow(
      'WorldStepExecutor: autoSteps.probeSteps must be an integer in [2, 1000], got 1',
    );
    expect(make({ autoSteps: { probeRounds: 2 } })).toThrow(
      'WorldStepExecutor: autoSteps.probeRounds must be odd, got 2',
    );
  });
});

describe('joints of every kind on the helpers', () => {
  it('hands every joint of the net of prismatic, wheel, distance, weld, mouse and motor joints to the colour stages', async () => {
    const world = new World({ sharedMemory: true });
    jointKindNetScene(world);
    // the net's defaults: 7 x 10 prismatic and wheel joints, 8 x 9 distance and weld joints, a mouse and a motor joint
    const joints = 7 * 10 + 8 * 9 + 2;
    const executor = helpersFor(world, 2);
    setStepExecutor(world, executor);
    // the joints the step hands to the executor (the colour stages), not to its own loop
    let handed = 0;
    const runStage = executor.runStage.bind(executor);
    executor.runStage = (w, stage, start, end) => {
      if (stage === SolverStage.JointSolve) handed += end - start;
      return runStage(w, stage, start, end);
    };
    // a sweep handed over at once (every coloured joint row-only): the joints of its colours
    const runColours = executor.runColours.bind(executor);
    executor.runColours = (w, stage, colourStart, mask) => {
      if (stage === SolverStage.JointSolve) {
        for (let c = 0; c + 1 < colourStart.length; c++) {
          if ((mask & (1 << c)) !== 0) handed += colourStart[c + 1]! - colourStart[c]!;
        }
      }
      return runColours(w, stage, colourStart, mask);
    };
    const steps = 10;
    let shared = 0;
    for (let i = 0; i < steps; i++) {
      world.step(FAMILY_DT);
      if (!executor.inline) shared++;
    }
    expect(shared, 'steps shared out').toBe(steps);
    expect(handed).toBe(steps * world.getSettings().subSteps * joints);
  });
});

describe('pair queries on the helpers', () => {
  it("walks the tumbler's pair queries on 2 and 3 threads with the one-thread bits", async () => {
    // the tumbler family: 144 boxes in a turning box, proxies leaving their fat boxes every
    // step; blocks of 8 queries (the stage's threshold: 64 queries)
    const family = SCENE_FAMILIES.find((f) => f.name.startsWith('the tumbler'))!;
    const steps = 80;
    const run = async (threads: number) => {
      const world = new World({ sharedMemory: threads > 1 });
      const drive = family.build(world);
      let queries = 0;
      let dispatched = 0;
      if (threads > 1) {
        const executor = helpersFor(world, threads, { minBlockItems: 8 });
        setStepExecutor(world, executor);
        const runStage = executor.runStage.bind(executor);
        // the queries the executor handed to the pool (a count that does not depend on timing)
        executor.runStage = (w, stage, start, end) => {
          const before = executor.dispatches;
          const result = runStage(w, stage, start, end);
          if (stage === SolverStage.QueryPairs && executor.dispatches > before) {
            queries += end - start;
            dispatched++;
          }
          return result;
        };
      }
      const hashes: number[] = [];
      for (let i = 0; i < steps; i++) {
        drive(world, i);
        world.step(FAMILY_DT);
        hashes.push(world.stateHash());
      }
      return { hashes, bytes: world.snapshot(), queries, dispatched };
    };
    const one = await run(1);
    for (const threads of [2, 3]) {
      const many = await run(threads);
      const first = many.hashes.findIndex((h, i) => h !== one.hashes[i]);
      expect(first, `${threads} threads: first step that differs`).toBe(-1);
      expect(many.bytes).toEqual(one.bytes);
      expect(many.dispatched, 'steps whose pair queries went to the pool').toBeGreaterThan(steps / 2);
      expect(many.queries / steps, 'queries handed to the pool a step').toBeGreaterThan(64);
    }
  });
});

describe("the kernel's pair walk and bodies' finish on the helpers", () => {
  it('runs QueryPairs blocks on each helper’s own traversal stack and FinalizeBodies blocks, at the JS bits', async () => {
    // the tumbler family: proxies leave their fat boxes every step (pair queries)
    const family = SCENE_FAMILIES.find((f) => f.name.startsWith('the tumbler'))!;
    const one = await trace(family, 1);
    const { world, times } = await kernelRun(family, 3, one);
    expect(times.helperBlocks[SolverStage.QueryPairs], 'QueryPairs blocks run by helpers').toBeGreaterThan(0);
    expect(
      times.helperBlocks[SolverStage.FinalizeBodies],
      'FinalizeBodies blocks run by helpers',
    ).toBeGreaterThan(0);
    // a helper's walks push on its own stack (wasm/kernel_pairs.ts helperStacks), which the
    // JS's blocks and the calling thread's never touch
    const share = new ParallelStep(world).kernelShare()!;
    const memory = share.memory as { buffer: ArrayBufferLike };
    const stacks = share.pairs.stacks;
    const first = new Int32Array(memory.buffer, stacks[0]!, (stacks[1]! - stacks[0]!) >> 2);
    expect(
      first.some((x) => x !== 0),
      "the first helper's traversal stack written",
    ).toBe(true);
  });
});

describe('the relax-again pass where the relax pass flagged few', () => {
  it('runs colours with few flagged as small ones and the rest in phases, at the JS bits on 2 and 3 threads', async () => {
    // the tumbler family: boxes keep tumbling, so the relax pass flags some colours a lot
    // and others hardly (blocks of 2 items: a colour with fewer than 4 flagged is small)
    const family = SCENE_FAMILIES.find((f) => f.name.startsWith('the tumbler'))!;
    const one = await trace(family, 1);
    for (const threads of [2, 3]) {
      const { world, executor, times } = await kernelRun(family, threads, one);
      expect(executor.fewFlaggedColours, 'relax-again colours run as small').toBeGreaterThan(0);
      const dispatched =
        times.coordinatorBlocks[SolverStage.RelaxAgain]! + times.helperBlocks[SolverStage.RelaxAgain]!;
      expect(dispatched, 'relax-again blocks dispatched (colours with many flagged)').toBeGreaterThan(0);
      expect(world.snapshot()).toEqual(one.bytes);
    }
  });
});
