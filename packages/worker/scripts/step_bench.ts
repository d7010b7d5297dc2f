/**
 * `pnpm --filter @impulse/worker bench:step [--rounds N] [maxThreads] [steps] [scene]
 * [holdSpin]` (after `pnpm build`):
 * ms per step of the bench scenes stepped by 1, 2, … threads (this thread and its solver
 * helpers, src/parallel/world_executor.ts), their speed-up against one thread in the same
 * run, and the stages handed to the helpers per step (each pays one barrier: `bench:pool`
 * gives its cost).
 *
 * Every thread count steps its own copy of the scene; rounds alternate between the counts
 * (after 60 steps of warm-up each) and each figure is the median of the rounds, so a
 * machine loaded by other work shifts all counts alike. The speed-up is also taken per round
 * (one thread's time over the count's in that round) and given as its median and min-max
 * across rounds (`--rounds N`, 5 by default): how much a figure moved under the load. The
 * worlds stay bit-identical (checked at the end: same state hash).
 *
 * `SWEEP=both` in the environment adds, for every count above one, a run whose colour
 * stages are dispatched colour by colour (WorldExecutorOptions.sweep 'colours', the way
 * before sweeps were phases of one dispatch), in the same alternating rounds: `2c` in the
 * table. `AUTO=both` adds, for every count above one, a run under the default policy
 * (WorldExecutorOptions.useHelpers 'auto': the helpers only while a probe measures them
 * faster): `2a` in the table. The other rows use the helpers always.
 *
 * `KERNEL=wasm` makes every world with the WebAssembly contact kernel (`@impulse/core/wasm`:
 * on shared memory with helpers, which run its blocks); `KERNEL=both` adds, for every row,
 * the same run with the kernel: `1w`, `2w`, … (the speed-ups stay against the JS on one
 * thread, the first row).
 */
import { availableParallelism } from 'node:os';
import { World } from '@impulse/core';
import { setStepExecutor } from '@impulse/core/parallel';
import { wasmContactKernel } from '@impulse/core/wasm';
import { BENCH_SCENES } from './bench_scenes.js';
import { nodeKernelUrl } from '../src/parallel/kernel_url_node.js';
import { nodeHelperSpawner } from '../src/parallel/spawn_node.js';
import { WorldStepExecutor } from '../src/parallel/world_executor.js';

/** `--rounds N` taken out of the arguments; the rest are positional. */
function parseRounds(args: string[]): { rounds: number; positional: string[] } {
  const at = args.indexOf('--rounds');
  if (at === -1) return { rounds: 5, positional: args };
  const value = args[at + 1];
  const rounds = Number(value);
  if (!Number.isInteger(rounds) || rounds < 1) {
    throw new Error(`bench:step: --rounds must be a whole number of at least 1, got ${value}`);
  }
  return { rounds, positional: [...args.slice(0, at), ...args.slice(at + 2)] };
}

const { rounds: ROUNDS, positional } = parseRounds(process.argv.slice(2));
const maxThreads = Number(positional[0] ?? Math.max(2, availableParallelism()));
const stepsPerRound = Number(positional[1] ?? 10);
/** Only the scenes whose name contains this (all when absent). */
const only = positional[2] ?? '';
/** The helpers' spin within a step (HelperPoolOptions.holdSpin); the pool's default when absent. */
const holdSpin = positional[3] === undefined ? undefined : Number(positional[3]);
const WARM_UP = 60;
const DT = 1 / 60;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

async function main(): Promise<void> {
  console.log(
    `parallel step, ${availableParallelism()} cores; ${ROUNDS} rounds of ${stepsPerRound} steps after ${WARM_UP}; medians`,
  );
  console.log(
    'scene | threads | ms per step | speed-up | per-round speed-up: median (min-max) | stages to helpers per step',
  );
  for (const { name, build } of BENCH_SCENES) {
    if (!name.includes(only)) continue;
    const runs = [];
    type Use = 'always' | 'auto';
    const variants: {
      threads: number;
      sweep: 'phases' | 'colours';
      use: Use;
      label: string;
      kernel: boolean;
    }[] = [];
    const kernels = process.env.KERNEL === 'both' ? [false, true] : [process.env.KERNEL === 'wasm'];
    for (const kernel of kernels) {
      const k = kernel && kernels.length > 1 ? 'w' : '';
      for (let threads = 1; threads <= maxThreads; threads++) {
        variants.push({ threads, sweep: 'phases', use: 'always', label: `${threads}${k}`, kernel });
        if (threads > 1 && process.env.SWEEP === 'both')
          variants.push({ threads, sweep: 'colours', use: 'always', label: `${threads}c${k}`, kernel });
        if (threads > 1 && process.env.AUTO === 'both')
          variants.push({ threads, sweep: 'phases', use: 'auto', label: `${threads}a${k}`, kernel });
      }
    }
    for (const { threads, sweep, use, label, kernel } of variants) {
      // sleep off: the scenes keep their work for the whole run, as in the benchmark app
      const world = new World({
        sharedMemory: threads > 1,
        enableSleep: false,
        ...(kernel ? { contactKernel: wasmContactKernel } : {}),
      });
      build(world);
      let executor: WorldStepExecutor | null = null;
      if (threads > 1) {
        executor = new WorldStepExecutor(world, {
          helpers: threads - 1,
          spawn: nodeHelperSpawner(),
          kernelUrl: nodeKernelUrl(),
          ...(holdSpin === undefined ? {} : { holdSpin }),
          sweep,
          useHelpers: use,
        });
        setStepExecutor(world, executor);
      }
      runs.push({ threads, label, world, executor, ms: [] as number[], dispatches: 0 });
    }
    for (const r of runs) {
      for (let i = 0; i < WARM_UP; i++) {
        r.world.step(DT);
        // let the helpers take the first stores (a condition, not a span of time)
        while (r.executor !== null && r.executor.dispatches > 0 && r.executor.readyHelpers < r.threads - 1)
          await new Promise((res) => setTimeout(res, 2));
      }
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const r of runs) {
        const before = r.executor?.dispatches ?? 0;
        const t = performance.now();
        for (let i = 0; i < stepsPerRound; i++) r.world.step(DT);
        r.ms.push((performance.now() - t) / stepsPerRound);
        r.dispatches += (r.executor?.dispatches ?? 0) - before;
      }
    }
    const one = runs[0]!.ms;
    const base = median(one);
    const hash = runs[0]!.world.stateHash();
    for (const r of runs) {
      const ms = median(r.ms);
      const perRound = r.ms.map((m, i) => one[i]! / m);
      const spread = `${median(perRound).toFixed(2)}x (${Math.min(...perRound).toFixed(2)}-${Math.max(...perRound).toFixed(2)})`;
      const same = r.world.stateHash() === hash ? '' : '  (STATE DIFFERS)';
      const e = r.executor;
      const auto =
        e !== null && r.label.endsWith('a')
          ? ` (auto: ${e.probes} probes, last measured ${e.measuredSpeedUp.toFixed(2)}x, ${e.threadsInUse} in use)`
          : '';
      console.log(
        `${name} | ${r.label} | ${ms.toFixed(2)} | ${(base / ms).toFixed(2)}x | ${spread} | ${(r.dispatches / (ROUNDS * stepsPerRound)).toFixed(1)}${auto}${same}`,
      );
      r.executor?.dispose();
    }
  }
}

await main();
