/**
 * The solver helper pool (src/parallel/): a staged job over shared typed arrays (the probe
 * job) gives the same bits with 1, 2, 3 and 4 threads, helpers take republished stores, a
 * helper's error surfaces in the coordinator naming the helper, and dispose stops every
 * helper. The helpers run the built scripts (dist/parallel/), as the physics worker does.
 */

import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import * as probe from '../src/parallel/probe_job';
import { HelperPool } from '../src/parallel/pool';
import { PoolStepExecutor } from '../src/parallel/pool_executor';
import { nodeHelperHandle, nodeHelperScript, nodeHelperSpawner } from '../src/parallel/spawn_node';

const pools: HelperPool[] = [];
afterEach(() => {
  for (const pool of pools.splice(0)) pool.dispose();
});

function makePool(helpers: number): HelperPool {
  const pool = new HelperPool({
    helpers,
    spawn: nodeHelperSpawner(),
    kernel: { url: probe.probeJobUrl(), module: probe },
  });
  pools.push(pool);
  return pool;
}

/** Resolves once `pool` has all its helpers ready (a condition, not a span of time). */
async function ready(pool: HelperPool): Promise<void> {
  while (pool.readyHelpers < pool.helperCount) await new Promise((r) => setTimeout(r, 5));
}

function bits(x: Float64Array): number[] {
  return Array.from(new Uint32Array(x.slice().buffer));
}

function helperRuns(job: probe.ProbeJob): number {
  const runs = job.stores['probe.runs'] as Int32Array;
  let n = 0;
  for (let t = 1; t < 64; t++) n += runs[t]!;
  return n;
}

/**
 * Runs the probe job on `threads` threads, half of it through the step executor; then
 * republishes copies of the stores (new buffers, as a grown store has) and runs it again.
 * Returns the bits, the or of the results, and the blocks helpers ran in each half.
 */
async function runOn(threads: number): Promise<{ x: number[]; result: number; byHelpers: number[] }> {
  const job = probe.makeProbeJob(600, 3000, 16, 64);
  const pool = makePool(threads - 1);
  const executor = new PoolStepExecutor<null>(pool, { minBlockItems: 16 });
  pool.publish(job.stores);
  await ready(pool);
  if (threads > 1) probe.coordinatorWaitsForHelpers(job, 1);
  let result = probe.runProbeJob(job, 3, (stage, start, end, blocks) =>
    pool.runStage(stage, start, end, blocks),
  );
  result |= probe.runProbeJob(job, 3, (stage, start, end) => executor.runStage(null, stage, start, end));
  const firstHalf = helperRuns(job);
  for (const [name, a] of Object.entries(job.stores)) {
    const copy = new (a.constructor as Float64ArrayConstructor)(new SharedArrayBuffer(a.byteLength));
    copy.set(a as Float64Array);
    job.stores[name] = copy;
  }
  pool.publish(job.stores);
  await ready(pool);
  // helpers take part on the new buffers too
  if (threads > 1) probe.coordinatorWaitsForHelpers(job, firstHalf + 1);
  result |= probe.runProbeJob(job, 6, (stage, start, end, blocks) =>
    pool.runStage(stage, start, end, blocks),
  );
  return {
    x: bits(job.stores['probe.x'] as Float64Array),
    result,
    byHelpers: [firstHalf, helperRuns(job) - firstHalf],
  };
}

/** A runStage that hands its blocks over as cuts (runStageCuts): uneven, two ranges each, some empty. */
function runByCuts(pool: HelperPool) {
  const cuts = new Int32Array(4 * 1024);
  const first = (start: number, mid: number, b: number, blocks: number) =>
    start + Math.floor(((mid - start) * b * b) / (blocks * blocks));
  const second = (mid: number, end: number, b: number, blocks: number) =>
    mid + Math.floor(((end - mid) * b) / blocks);
  return (stage: number, start: number, end: number, blocks: number): number => {
    const mid = (start + ((end - start) * 2) / 3) | 0;
    // in reverse block order, so that a block's ranges are not its neighbours'
    for (let b = 0; b < blocks; b++) {
      const o = 4 * (blocks - 1 - b);
      cuts[o] = first(start, mid, b, blocks);
      cuts[o + 1] = first(start, mid, b + 1, blocks);
      cuts[o + 2] = second(mid, end, b, blocks);
      cuts[o + 3] = second(mid, end, b + 1, blocks);
    }
    return pool.runStageCuts(stage, blocks, cuts);
  };
}

describe('HelperPool', () => {
  it('runs blocks given as cuts to the bits of even blocks, on 1 and 3 threads', async () => {
    const even = probe.makeProbeJob(600, 3000, 16, 64);
    const alone = makePool(0);
    alone.publish(even.stores);
    const one = {
      result: probe.runProbeJob(even, 12, (stage, start, end, blocks) =>
        alone.runStage(stage, start, end, blocks),
      ),
      x: bits(even.stores['probe.x'] as Float64Array),
    };
    for (const threads of [1, 3]) {
      const job = probe.makeProbeJob(600, 3000, 16, 64);
      const pool = makePool(threads - 1);
      pool.publish(job.stores);
      await ready(pool);
      if (threads > 1) probe.coordinatorWaitsForHelpers(job, 1);
      const result = probe.runProbeJob(job, 12, runByCuts(pool));
      expect(bits(job.stores['probe.x'] as Float64Array), `${threads} threads`).toEqual(one.x);
      expect(result).toBe(one.result);
      if (threads > 1) expect(helperRuns(job)).toBeGreaterThan(0);
    }
  });

  it("runs a sweep's colours as phases of one dispatch to the bits of a dispatch per colour, on 1 and 3 threads", async () => {
    const reference = probe.makeProbeJob(600, 3000, 16, 64);
    const alone = makePool(0);
    alone.publish(reference.stores);
    const expected = {
      result: probe.runProbeJob(reference, 12, (stage, start, end, blocks) =>
        alone.runStage(stage, start, end, blocks),
      ),
      x: bits(reference.stores['probe.x'] as Float64Array),
    };
    for (const threads of [1, 3]) {
      const job = probe.makeProbeJob(600, 3000, 16, 64);
      const colourStart = job.stores['probe.colourStart'] as Int32Array;
      const pool = makePool(threads - 1);
      pool.publish(job.stores);
      await ready(pool);
      if (threads > 1) probe.coordinatorWaitsForHelpers(job, 1);
      // every colour a phase of its even blocks (the probe's colour stages all do the same)
      const colours = job.colourBlocks.length;
      const starts = new Int32Array(colours + 1);
      const cuts = new Int32Array(4 * 1024);
      let blocks = 0;
      for (let c = 0; c < colours; c++) {
        starts[c] = blocks;
        const from = colourStart[c]!;
        const n = colourStart[c + 1]! - from;
        const count = job.colourBlocks[c]!;
        for (let b = 0; b < count; b++, blocks++) {
          cuts.set(
            [from + Math.floor((n * b) / count), from + Math.floor((n * (b + 1)) / count), 0, 0],
            4 * blocks,
          );
        }
      }
      starts[colours] = blocks;
      const results = new Int32Array(colours);
      const items = job.stores['probe.x']!.length;
      let result = 0;
      for (let it = 0; it < 12; it++) {
        pool.runPhases(0, colours, starts, cuts, results);
        result |= pool.runStage(probe.ITEM_STAGE, 0, items, job.itemBlocks);
      }
      expect(bits(job.stores['probe.x'] as Float64Array), `${threads} threads`).toEqual(expected.x);
      expect(result).toBe(expected.result);
      if (threads > 1) expect(helperRuns(job)).toBeGreaterThan(0);
      // each phase's result apart: the item stage in three phases of uneven blocks
      const itemStarts = Int32Array.of(0, 2, 3, 7);
      const itemCuts = new Int32Array(4 * 7);
      const at = [0, 10, 90, 200, 260, 300, 420, items];
      for (let b = 0; b < 7; b++) itemCuts.set([at[b]!, at[b + 1]!, 0, 0], 4 * b);
      const phaseResults = new Int32Array(3);
      const all = pool.runPhases(probe.ITEM_STAGE, 3, itemStarts, itemCuts, phaseResults);
      const x = job.stores['probe.x'] as Float64Array;
      const negative = (from: number, to: number) => (x.subarray(from, to).some((v) => v < 0) ? 1 : 0);
      expect(Array.from(phaseResults)).toEqual([negative(0, 90), negative(90, 200), negative(200, items)]);
      expect(all).toBe(phaseResults[0]! | phaseResults[1]! | phaseResults[2]!);
    }
  });

  it('gives the same bits with 1, 2, 3 and 4 threads, helpers taking part', async () => {
    const one = await runOn(1);
    expect(one.byHelpers).toEqual([0, 0]);
    expect(one.result).toBe(1);
    for (const threads of [2, 3, 4]) {
      const run = await runOn(threads);
      expect(run.x, `${threads} threads`).toEqual(one.x);
      expect(run.result).toBe(one.result);
      // helpers ran blocks before and after the stores moved to new buffers
      expect(run.byHelpers[0], `${threads} threads, first half`).toBeGreaterThan(0);
      expect(run.byHelpers[1], `${threads} threads, second half`).toBeGreaterThan(0);
    }
  });

  it("surfaces a helper's error in the coordinator, naming the helper and the stage", async () => {
    const job = probe.makeProbeJob(200, 800, 4, 16);
    const colourStart = job.stores['probe.colourStart'] as Int32Array;
    probe.failOnHelpers(job, 0);
    const pool = makePool(1);
    pool.publish(job.stores);
    await ready(pool);
    // Until the helper has claimed a block (a condition, not a count of tries): on a loaded
    // machine the coordinator can take every block of many dispatches before the scheduler
    // runs the helper, so it yields between dispatches to let the helper in.
    let error: unknown = null;
    while (error === null) {
      try {
        pool.runStage(0, 0, colourStart[1]!, job.colourBlocks[0]!);
      } catch (e) {
        error = e;
      }
      if (error === null) await new Promise((r) => setTimeout(r, 1));
    }
    expect(String(error)).toMatch(
      /HelperPool: solver helper 0 failed in stage 0: Error: probe job: stage 0 fails on helpers/,
    );
    // the pool stays failed
    expect(() => pool.runStage(0, 0, 10, 2)).toThrow(/solver helper 0 failed/);
  });

  it('lets the helpers park once released after a run of stages, and wakes them for the next', async () => {
    const job = probe.makeProbeJob(600, 3000, 16, 64);
    const pool = makePool(2);
    pool.publish(job.stores);
    await ready(pool);
    probe.coordinatorWaitsForHelpers(job, 1);
    const run = (stage: number, start: number, end: number, blocks: number): number =>
      pool.runStage(stage, start, end, blocks);
    probe.runProbeJob(job, 2, run);
    const before = helperRuns(job);
    expect(before).toBeGreaterThan(0);
    // released (a step's end), both park: a condition, not a span of time
    pool.release();
    while (pool.parkedHelpers < 2) await new Promise((r) => setTimeout(r, 5));
    const parks = pool.helperParks;
    // the next dispatch wakes them, and they take part again
    probe.coordinatorWaitsForHelpers(job, before + 1);
    probe.runProbeJob(job, 2, run);
    expect(helperRuns(job)).toBeGreaterThan(before);
    expect(pool.helperParks).toBeGreaterThan(parks);
    const counts = pool.blockCounts;
    expect(counts.helpers).toBe(helperRuns(job));
    expect(counts.dispatched).toBeGreaterThanOrEqual(counts.helpers);
  });

  it('dispose ends the helper threads', async () => {
    const threads: Worker[] = [];
    const pool = new HelperPool({
      helpers: 2,
      spawn: () => {
        const worker = new Worker(nodeHelperScript());
        threads.push(worker);
        return nodeHelperHandle(worker);
      },
      kernel: { url: probe.probeJobUrl(), module: probe },
    });
    pool.publish(probe.makeProbeJob(50, 100, 4, 8).stores);
    await ready(pool);
    const exited = threads.map((t) => new Promise((resolve) => t.once('exit', resolve)));
    pool.dispose();
    await Promise.all(exited);
    expect(threads.map((t) => t.threadId)).toEqual([-1, -1]);
  });

  it('checks its input, and dispose stops it', () => {
    expect(() => makePool(-1)).toThrow(/HelperPool: helpers must be an integer in \[0, 63\], got -1/);
    const pool = makePool(0);
    expect(() => pool.runStage(0, 0, 1, 1)).toThrow(/runStage: no stores published yet/);
    pool.publish(probe.makeProbeJob(10, 10, 4, 4).stores);
    expect(() => pool.runStage(0, 0, 1, 1.5)).toThrow(
      /runStage: blocks must be an integer in \[0, 1024\], got 1.5/,
    );
    pool.dispose();
    expect(() => pool.runStage(0, 0, 1, 1)).toThrow(/runStage: the helper pool is disposed/);
  });
});
