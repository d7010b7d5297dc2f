/**
 * `pnpm --filter @impulse/worker bench:pool` (after `pnpm build`): what the solver helper
 * pool's dispatch and barrier cost per stage, and what the probe job gains, with 0, 1, ...
 * helpers (up to the cores present less one, or the count given: `-- 3`).
 *
 * - barrier: µs per stage of empty blocks (the coordinator and helpers claim, run nothing,
 *   meet at the barrier) less the same stages run inline (0 helpers: no dispatch at all);
 * - probe: ms per round of the probe job (coloured edge stages, then an item stage) and its
 *   speed-up against 0 helpers in the same run.
 *
 * Rounds alternate between helper counts, and each figure is the median, so a machine
 * loaded by other work shifts all counts alike. The helpers run the built scripts.
 */
import { availableParallelism } from 'node:os';
import { HelperPool } from '../src/parallel/pool.js';
import * as probe from '../src/parallel/probe_job.js';
import { nodeHelperSpawner } from '../src/parallel/spawn_node.js';

const maxHelpers = Number(process.argv[2] ?? Math.max(1, availableParallelism() - 1));
const spin = process.argv[3] === undefined ? undefined : Number(process.argv[3]);
const EMPTY_BLOCKS = 8;
const EMPTY_STAGES = 20_000;
const ROUNDS = 7;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

async function main(): Promise<void> {
  const counts = Array.from({ length: maxHelpers + 1 }, (_, h) => h);
  const setups = await Promise.all(
    counts.map(async (helpers) => {
      const pool = new HelperPool({
        helpers,
        spawn: nodeHelperSpawner(),
        kernel: { url: probe.probeJobUrl(), module: probe },
        ...(spin === undefined ? {} : { spin }),
      });
      const job = probe.makeProbeJob(20_000, 60_000, 256, 1024);
      pool.publish(job.stores);
      while (pool.readyHelpers < helpers) await new Promise((r) => setTimeout(r, 10));
      return { helpers, pool, job, barrier: [] as number[], round: [] as number[] };
    }),
  );
  const stagesPerRound = setups[0]!.job.colourBlocks.length + 1;
  for (let r = 0; r < ROUNDS; r++) {
    for (const s of setups) {
      const run = (stage: number, start: number, end: number, blocks: number): number =>
        s.pool.runStage(stage, start, end, blocks);
      let t = performance.now();
      for (let i = 0; i < EMPTY_STAGES; i++) run(probe.EMPTY_STAGE, 0, EMPTY_BLOCKS, EMPTY_BLOCKS);
      s.barrier.push(((performance.now() - t) * 1000) / EMPTY_STAGES);
      t = performance.now();
      probe.runProbeJob(s.job, 1, run);
      s.round.push(performance.now() - t);
    }
  }
  const base = setups[0]!;
  console.log(
    `helper pool, ${availableParallelism()} cores; spin ${spin ?? 'default'}; medians of ${ROUNDS} rounds`,
  );
  console.log(
    `empty stage: ${EMPTY_BLOCKS} blocks; probe round: ${stagesPerRound} stages, 60,000 edges, 20,000 items`,
  );
  console.log('helpers | µs per empty stage | barrier overhead µs | probe ms per round | speed-up');
  for (const s of setups) {
    const us = median(s.barrier);
    const ms = median(s.round);
    console.log(
      `${String(s.helpers).padStart(7)} | ${us.toFixed(2).padStart(18)} | ${(us - median(base.barrier)).toFixed(2).padStart(19)} | ${ms.toFixed(2).padStart(18)} | ${(median(base.round) / ms).toFixed(2)}x`,
    );
  }
  for (const s of setups) s.pool.dispose();
}

await main();
