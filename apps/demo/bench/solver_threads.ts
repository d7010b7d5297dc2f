/**
 * Solver threads, the scaling curve: `pnpm --filter @impulse/demo bench:solver-threads
 * [--rounds N] [--max N] [--engine chromium|firefox|webkit|none]` (after `pnpm build`).
 *
 * The tumbler (2,025 boxes, the bench's scene that never rests) in a fresh manual physics
 * worker on 1, 2, 4, … solver threads up to the cores (Node's `availableParallelism()`, the
 * browser's `navigator.hardwareConcurrency`; `--max` caps or raises it), first in Node
 * (`createNodePhysicsWorker`: worker_threads), then in a browser on a cross-origin isolated
 * page of the demo's build (default Chromium; `none` skips it). Each run steps 60 steps one
 * at a time (the helpers attach meanwhile), then 60 in one call, timed
 * (src/golden/solver_timing.ts, the same function in both). Per count: the median ms per
 * step over the rounds, the speed-up against one thread, and the stages the helpers took;
 * the state hashes of every run must agree (the bits do not depend on the thread count).
 *
 * A benchmark, not a test: figures only. Rounds alternate the order of the counts so that a
 * machine loaded by other work weighs on every count alike; the medians still move with it.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createNodePhysicsWorker } from '@impulse/worker/node';
import { type SolverTiming, timeSolverThreads } from '../src/golden/solver_timing';
import type { TestHook } from '../src/test_hook';
import { type EngineName, launchEngine } from '../test/browsers/engine';
import { buildSite, serveSite } from '../test/browsers/site';

declare global {
  interface Window {
    __impulse: TestHook;
  }
}

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    max: { type: 'string' },
    engine: { type: 'string', default: 'chromium' },
  },
});
const rounds = Number(values.rounds);
const engine = values.engine as EngineName | 'none';
const WARMUP = 60;
const STEPS = 60;
const root = join(import.meta.dirname, '..');
const site = join(root, 'bench-results', 'dist');

/** 1, 2, 4, … up to `max`, and `max` itself. */
function threadCounts(max: number): number[] {
  const counts: number[] = [];
  for (let t = 1; t < max; t *= 2) counts.push(t);
  counts.push(Math.max(1, max));
  return counts;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Runs `measure` on every count, rounds alternating the order; prints the curve. */
async function curve(
  title: string,
  counts: number[],
  measure: (threads: number) => Promise<SolverTiming>,
): Promise<void> {
  const ms = new Map<number, number[]>(counts.map((c) => [c, []]));
  const shared = new Map<number, number>();
  const hashes = new Set<number>();
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? counts : [...counts].reverse();
    const line: string[] = [];
    for (const threads of order) {
      const r = await measure(threads);
      if (r.solver.threads !== threads) {
        throw new Error(`${title}: asked ${threads} solver threads, stepped on ${r.solver.threads}`);
      }
      ms.get(threads)!.push(r.msPerStep);
      shared.set(threads, r.solver.sharedStages);
      hashes.add(r.stateHash);
      line.push(`${threads}: ${r.msPerStep.toFixed(2)}`);
    }
    console.log(`${title}, round ${round + 1}: ms per step by threads ${line.join(', ')}`);
  }
  const one = median(ms.get(1)!);
  console.log(`\n${title}, tumbler 2,025 boxes, ${rounds} rounds (medians):`);
  console.log('| solver threads | ms per step | speed-up | stages shared per step |');
  console.log('| -------------- | ----------- | -------- | ---------------------- |');
  for (const c of counts) {
    const m = median(ms.get(c)!);
    const perStep = (shared.get(c)! / (WARMUP + STEPS)).toFixed(1);
    console.log(`| ${c} | ${m.toFixed(2)} | ${(one / m).toFixed(2)}× | ${perStep} |`);
  }
  console.log(`state hashes agree across counts and rounds: ${hashes.size === 1}\n`);
}

async function inNode(): Promise<void> {
  const cores = availableParallelism();
  const counts = threadCounts(values.max === undefined ? cores : Number(values.max));
  await curve(`Node ${process.version}, ${cores} cores`, counts, async (threads) => {
    const client = createNodePhysicsWorker({
      stepping: 'manual',
      solverWorkers: threads,
      // the curve of the helpers themselves, not of the 'auto' policy's choice
      solverWorkerUse: 'always',
    });
    try {
      return await timeSolverThreads(client, WARMUP, STEPS);
    } finally {
      client.dispose();
    }
  });
}

async function inBrowser(name: EngineName): Promise<void> {
  await buildSite(site);
  const { server, url } = await serveSite(site);
  const browser = await launchEngine(name);
  try {
    const page = await browser.newPage(`${url}#/stacking`);
    await page.waitForFunction(() => window.__impulse?.ready() === true, null, 'the first frame', 120_000);
    // the page's own scene stops stepping, so that its worker leaves the cores to the timed one
    await page.evaluate(() =>
      (window.__impulse.scene() as { client: { setPaused(p: boolean): void } }).client.setPaused(true),
    );
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    const counts = threadCounts(values.max === undefined ? cores : Number(values.max));
    await curve(`${browser.version}, ${cores} cores reported`, counts, (threads) =>
      page.evaluate(([t, w, s]) => window.__impulse.solverTiming(t, w, s), [threads, WARMUP, STEPS] as const),
    );
  } finally {
    await browser.close();
    await server.close();
  }
}

await inNode();
if (engine !== 'none') await inBrowser(engine);
