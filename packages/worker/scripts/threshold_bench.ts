/**
 * `pnpm --filter @impulse/worker bench:threshold [rounds] [steps]` (after `pnpm build`):
 * where handing a stage to a solver helper starts to pay, per stage kind, and whether any
 * scene is slower on 2 threads than on 1 (docs/parallel-step.md, "Small worlds stay on one
 * thread", says how to read it and what it showed).
 *
 * Every scene (pyramids of base 5 to 60, a small pile, a chain and a small joint grid) is
 * built in five worlds, stepped in alternating rounds (each round: `steps` steps of each
 * world, after a warm-up), so that a machine loaded by other work shifts them alike:
 *
 * - **paired per-stage timing.** World A (one thread) and world B (two threads, every stage
 *   of two blocks of 16 items or more dispatched) time each stage call. Their worlds stay
 *   bit-identical, so they make the same calls in the same order: call i of A and of B is
 *   the same stage over the same items, one on one thread, one dispatched. Per stage kind
 *   that gives the one-thread time per item (c1), the dispatch cost over a perfect halving
 *   (B: median of t2 − t1/2), the model's crossover 2·B/c1, and, per size bucket, the
 *   median of t2 − t1 (negative: the dispatch saved time) with the measured crossover (the
 *   smallest bucket from which every larger bucket saves).
 * - **per-scene ratio.** World C steps on one thread (the plain world: no shared memory, no
 *   executor), D on two threads with the measured thresholds (MIN_DISPATCH_BLOCKS), E on two
 *   threads with the former rule (every stage of two blocks of 64): ms per step, medians.
 *
 * It checks at the end that all five worlds have the same state hash.
 */
import { availableParallelism, loadavg } from 'node:os';
import { World } from '@impulse/core';
import { ParallelStep, SolverStage, setStepExecutor } from '@impulse/core/parallel';
import { chainScene, jointGridScene, mixedPileScene, pyramidScene } from '@impulse/core/scenes';
import { DEFAULT_MIN_BLOCK_ITEMS } from '../src/parallel/block_items.js';
import { MIN_DISPATCH_BLOCKS, TWO_BLOCKS } from '../src/parallel/dispatch_threshold.js';
import { nodeKernelUrl } from '../src/parallel/kernel_url_node.js';
import { nodeHelperSpawner } from '../src/parallel/spawn_node.js';
import { WorldStepExecutor } from '../src/parallel/world_executor.js';

const ROUNDS = Number(process.argv[2] ?? 7);
const STEPS = Number(process.argv[3] ?? 6);
const WARM_UP = 40;
const DT = 1 / 60;
/** Block size of the forced world B: small, so that the buckets below 128 items are measured too. */
const PROBE_BLOCK = 16;
/** Stage calls recorded per round and world (the base-60 pyramid makes some 600 a step). */
const MAX_CALLS = 1 << 16;
/** Size buckets: [32, 64), [64, 128), ... , [4096, ∞). */
const BUCKETS = [32, 64, 128, 256, 512, 1024, 2048, 4096];

const scenes: [string, (world: World) => void][] = [
  ['pyramid base 5', (w) => void pyramidScene(w, 5)],
  ['pyramid base 10', (w) => void pyramidScene(w, 10)],
  ['pyramid base 20', (w) => void pyramidScene(w, 20)],
  ['pyramid base 30', (w) => void pyramidScene(w, 30)],
  ['pyramid base 40', (w) => void pyramidScene(w, 40)],
  ['pyramid base 60', (w) => void pyramidScene(w, 60)],
  ['pile of 100', (w) => void mixedPileScene(w, 100)],
  ['chain of 30 links', (w) => void chainScene(w, { links: 30 })],
  ['joint grid 10×10', (w) => void jointGridScene(w, { rows: 10, columns: 10 })],
];

/** A step executor that times each stage call (µs), in call order. */
class TimedExecutor {
  /** Colour by colour, whatever the inner executor would do: A's and B's calls pair up. */
  readonly inline = false;
  calls = 0;
  readonly stage = new Int32Array(MAX_CALLS);
  readonly items = new Int32Array(MAX_CALLS);
  readonly us = new Float64Array(MAX_CALLS);
  constructor(readonly run: (stage: number, start: number, end: number) => number) {}
  runStage(_w: unknown, stage: number, start: number, end: number): number {
    const t = performance.now();
    const result = this.run(stage, start, end);
    const us = (performance.now() - t) * 1000;
    const i = this.calls++;
    if (i < MAX_CALLS) {
      this.stage[i] = stage;
      this.items[i] = end - start;
      this.us[i] = us;
    }
    return result;
  }
}

/** The q-quantile (0.5: the median) of `xs`, NaN for none. */
function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))]!;
}
const median = (xs: readonly number[]): number => quantile(xs, 0.5);
/** A low quantile: what a call costs when neither thread was held up by the machine's other work. */
const LOW = 0.1;

function helperExecutor(world: World, options: { minBlockItems?: number; dispatchBlocks?: number }) {
  return new WorldStepExecutor(world, {
    helpers: 1,
    spawn: nodeHelperSpawner(),
    kernelUrl: nodeKernelUrl(),
    // the pool's own figures, not the 'auto' policy's choice
    useHelpers: 'always',
    ...options,
  });
}

/** What one stage kind's paired calls gave, over every scene and round. */
interface StageSamples {
  /** Per dispatched call: t1 / n, in ns. */
  readonly perItem: number[];
  /** Per dispatched call: t2 − t1/2, in µs. */
  readonly overhead: number[];
  /** Per bucket: t2 − t1 of its calls. */
  readonly saved: number[][];
}

const stageNames = new Map<number, string>();
for (const [name, id] of Object.entries(SolverStage)) if (typeof id === 'number') stageNames.set(id, name);
const samples = new Map<number, StageSamples>();
function samplesOf(stage: number): StageSamples {
  let s = samples.get(stage);
  if (s === undefined) {
    s = { perItem: [], overhead: [], saved: BUCKETS.map(() => []) };
    samples.set(stage, s);
  }
  return s;
}

function bucketOf(items: number): number {
  let b = -1;
  for (let i = 0; i < BUCKETS.length; i++) if (items >= BUCKETS[i]!) b = i;
  return b;
}

/** Pairs A's and B's calls of one round (the same calls: the worlds are bit-identical). */
function pair(a: TimedExecutor, b: TimedExecutor): boolean {
  const n = Math.min(a.calls, MAX_CALLS);
  if (a.calls !== b.calls) return false;
  for (let i = 0; i < n; i++) {
    if (a.stage[i] !== b.stage[i] || a.items[i] !== b.items[i]) return false;
    const items = a.items[i]!;
    // only calls B dispatched (two blocks of PROBE_BLOCK or more) say what a dispatch costs
    if (items < TWO_BLOCKS * PROBE_BLOCK) continue;
    const s = samplesOf(a.stage[i]!);
    const t1 = a.us[i]!;
    const t2 = b.us[i]!;
    s.perItem.push((t1 * 1000) / items);
    s.overhead.push(t2 - t1 / 2);
    const bucket = bucketOf(items);
    if (bucket >= 0) s.saved[bucket]!.push(t2 - t1);
  }
  return true;
}

async function ready(executor: WorldStepExecutor): Promise<void> {
  // a condition, not a span of time: the helper holds the stores last published
  while (executor.dispatches > 0 && executor.readyHelpers < executor.helpers)
    await new Promise((r) => setTimeout(r, 2));
}

async function main(): Promise<void> {
  const started = performance.now();
  console.log(
    `dispatch threshold, ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)}; ` +
      `${ROUNDS} rounds of ${STEPS} steps after ${WARM_UP}, sleep off; medians`,
  );
  console.log(
    '\nscene | bodies | touching contacts | 1 thread ms | 2 threads ms (measured thresholds) | ratio | 2 threads ms (2 blocks of 64) | ratio | stages shared per step',
  );
  let mismatched = 0;
  for (const [name, build] of scenes) {
    const make = (sharedMemory: boolean): World => {
      const world = new World({ sharedMemory, enableSleep: false });
      build(world);
      return world;
    };
    const a = make(true);
    const timedA = new TimedExecutor(new ParallelStep(a).kernel);
    setStepExecutor(a, timedA);
    const b = make(true);
    const forced = helperExecutor(b, { minBlockItems: PROBE_BLOCK, dispatchBlocks: TWO_BLOCKS });
    const timedB = new TimedExecutor((stage, start, end) => forced.runStage(null, stage, start, end));
    setStepExecutor(b, timedB);
    const c = make(false);
    const d = make(true);
    const measured = helperExecutor(d, {});
    setStepExecutor(d, measured);
    const e = make(true);
    const former = helperExecutor(e, { dispatchBlocks: TWO_BLOCKS });
    setStepExecutor(e, former);
    const worlds = [a, b, c, d, e];
    for (let i = 0; i < WARM_UP; i++) {
      for (const w of worlds) w.step(DT);
      for (const x of [forced, measured, former]) await ready(x);
    }
    const ms: number[][] = [[], [], []];
    const shared0 = measured.dispatches;
    for (let r = 0; r < ROUNDS; r++) {
      timedA.calls = 0;
      timedB.calls = 0;
      for (let i = 0; i < STEPS; i++) a.step(DT);
      for (let i = 0; i < STEPS; i++) b.step(DT);
      if (!pair(timedA, timedB)) mismatched++;
      for (const [k, w] of [c, d, e].entries()) {
        // each step timed: a step held up by the machine's other work moves no median
        for (let i = 0; i < STEPS; i++) {
          const t = performance.now();
          w.step(DT);
          ms[k]!.push(performance.now() - t);
        }
      }
    }
    const hash = c.stateHash();
    const same = worlds.every((w) => w.stateHash() === hash) ? '' : '  (STATE DIFFERS)';
    const [one, two, old] = ms.map(median) as [number, number, number];
    console.log(
      `${name} | ${c.getCounters().bodyCount} | ${c.getCounters().touchingContactCount} | ${one.toFixed(3)} | ${two.toFixed(3)} | ${(one / two).toFixed(2)}x | ` +
        `${old.toFixed(3)} | ${(one / old).toFixed(2)}x | ${((measured.dispatches - shared0) / (ROUNDS * STEPS)).toFixed(1)}${same}`,
    );
    for (const x of [forced, measured, former]) x.dispose();
  }
  if (mismatched > 0) console.log(`(${mismatched} rounds whose calls did not pair up were left out)`);

  console.log(
    `\nper stage kind (2 threads, blocks of ${PROBE_BLOCK}; calls of ${TWO_BLOCKS * PROBE_BLOCK} items or more):`,
  );
  console.log(
    `stage | calls | c1 ns per item | dispatch cost µs | model crossover items | p${LOW * 100}: c1 | cost | crossover | measured crossover items | blocks of 64: median / p${LOW * 100} (table)`,
  );
  const crossoverOf = (s: StageSamples, q: number): [number, number, number] => {
    const c1 = quantile(s.perItem, q);
    const cost = quantile(s.overhead, q);
    // two threads halve the work at best: a dispatch pays when c1·n/2 > cost
    return [c1, cost, (2 * cost * 1000) / c1];
  };
  const show = (x: number, digits: number): string =>
    Number.isFinite(x) && x >= 0 ? x.toFixed(digits) : '-';
  for (const stage of [...samples.keys()].sort((x, y) => x - y)) {
    const s = samples.get(stage)!;
    const [perItem, cost, model] = crossoverOf(s, 0.5);
    const low = crossoverOf(s, LOW);
    // the smallest bucket from which every larger measured bucket saved time
    let crossover = Number.NaN;
    for (let i = BUCKETS.length - 1; i >= 0; i--) {
      const saved = s.saved[i]!;
      if (saved.length === 0) continue;
      if (median(saved) < 0) crossover = BUCKETS[i]!;
      else break;
    }
    const blocksOf = (items: number): number =>
      Math.max(TWO_BLOCKS, Number.isFinite(items) ? Math.ceil(items / DEFAULT_MIN_BLOCK_ITEMS) : 0);
    const blocks = `${blocksOf(Number.isNaN(crossover) ? model : crossover)} / ${blocksOf(low[2])}`;
    const table = MIN_DISPATCH_BLOCKS[stage as SolverStage] ?? TWO_BLOCKS;
    console.log(
      `${stageNames.get(stage) ?? stage} | ${s.overhead.length} | ${perItem.toFixed(1)} | ${cost.toFixed(2)} | ` +
        `${show(model, 0)} | ${low[0].toFixed(1)} | ${low[1].toFixed(2)} | ${show(low[2], 0)} | ` +
        `${Number.isNaN(crossover) ? 'none measured' : `>= ${crossover}`} | ${blocks} (${table})`,
    );
  }
  console.log('\nmedian t2 − t1 per call, µs (negative: the dispatch saved time), by items:');
  console.log(
    `stage | ${BUCKETS.map((b, i) => (i + 1 < BUCKETS.length ? `${b}-${BUCKETS[i + 1]! - 1}` : `${b}+`)).join(' | ')}`,
  );
  for (const stage of [...samples.keys()].sort((x, y) => x - y)) {
    const s = samples.get(stage)!;
    console.log(
      `${stageNames.get(stage) ?? stage} | ${s.saved.map((v) => (v.length === 0 ? '-' : `${median(v).toFixed(1)} (${v.length})`)).join(' | ')}`,
    );
  }
  console.log(
    '\nreading: a stage kind is worth dispatching from its crossover on (items per call); the last column ' +
      'is that crossover in blocks of 64, at least 2: first the measured one where every larger bucket saved, else ' +
      'the model at medians; then the model at p10, which estimates a quiet machine from a loaded one; in ' +
      'brackets MIN_DISPATCH_BLOCKS today. On a quiet machine the two agree and the first is the one to keep. ' +
      'No ratio in the first table should be below 1.',
  );
  console.log(`${((performance.now() - started) / 1000).toFixed(0)} s`);
}

await main();
