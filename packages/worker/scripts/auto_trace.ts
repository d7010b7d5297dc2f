/**
 * `pnpm --filter @impulse/worker exec tsx scripts/auto_trace.ts [scene] [steps] [threads]`
 * (after `pnpm build`): every step of a bench scene under the `'auto'` policy from the
 * first, as bench:step starts it: who ran it, its time, and the pool's counts in it (blocks
 * dispatched, of them run by helpers, helper parks a dispatch had to wake). Shows what a
 * probe measures on a cold pool (docs/parallel-step.md, "The 'auto' policy on a cold start").
 * `USE=always` or `USE=never` traces those instead.
 */
import { World } from '@impulse/core';
import { setStepExecutor } from '@impulse/core/parallel';
import { BENCH_SCENES } from './bench_scenes.js';
import { nodeKernelUrl } from '../src/parallel/kernel_url_node.js';
import { nodeHelperSpawner } from '../src/parallel/spawn_node.js';
import { WorldStepExecutor } from '../src/parallel/world_executor.js';

const key = process.argv[2] ?? 'pyramid';
const steps = Number(process.argv[3] ?? 120);
const threads = Number(process.argv[4] ?? 2);
const use = (process.env.USE ?? 'auto') as 'auto' | 'always' | 'never';
const scene = BENCH_SCENES.find((s) => s.key === key);
if (scene === undefined) throw new Error(`auto_trace: no scene '${key}'`);
const world = new World({ sharedMemory: true, enableSleep: false });
scene.build(world);
const executor = new WorldStepExecutor(world, {
  helpers: threads - 1,
  spawn: nodeHelperSpawner(),
  kernelUrl: nodeKernelUrl(),
  useHelpers: use,
});
setStepExecutor(world, executor);
console.log('step | threads | ms | blocks | by helpers | helper parks | probes | measured');
let probes = 0;
for (let i = 0; i < steps; i++) {
  const before = executor.blockCounts;
  const parks = executor.helperParks;
  const t = performance.now();
  world.step(1 / 60);
  const ms = performance.now() - t;
  const after = executor.blockCounts;
  const probe = executor.probes !== probes ? ` ${executor.measuredSpeedUp.toFixed(2)}x` : '';
  probes = executor.probes;
  console.log(
    `${i} | ${executor.threadsInUse} | ${ms.toFixed(2)} | ${after.dispatched - before.dispatched} | ${after.helpers - before.helpers} | ${executor.helperParks - parks} | ${probes} |${probe}`,
  );
  // as bench:step's warm-up: let the helpers take the first stores
  while (executor.dispatches > 0 && executor.readyHelpers < threads - 1)
    await new Promise((r) => setTimeout(r, 2));
}
executor.dispose();
