/**
 * `npx tsx scripts/probe_exp.ts [scene] [auto|always] [steps]` (after `pnpm build`): steps one
 * bench scene on 2 threads (this thread and one helper) and prints, per step, its wall-clock
 * ms, the threads that ran it and what the 'auto' policy has measured: how its probes and
 * choices fall over a world's first steps (docs/parallel-step.md, "The first probe after the
 * compiler").
 */
import { World } from '@impulse/core';
import { setStepExecutor } from '@impulse/core/parallel';
import { BENCH_SCENES } from './bench_scenes.js';
import { nodeKernelUrl } from '../src/parallel/kernel_url_node.js';
import { nodeHelperSpawner } from '../src/parallel/spawn_node.js';
import { WorldStepExecutor } from '../src/parallel/world_executor.js';
const only = process.argv[2] ?? 'pyramid base 100';
const use = (process.argv[3] ?? 'auto') as 'auto' | 'always';
const total = Number(process.argv[4] ?? 200);
const sc = BENCH_SCENES.find((s) => s.name.includes(only))!;
const world = new World({ sharedMemory: true, enableSleep: false });
sc.build(world);
const ex = new WorldStepExecutor(world, {
  helpers: 1,
  spawn: nodeHelperSpawner(),
  kernelUrl: nodeKernelUrl(),
  useHelpers: use,
});
setStepExecutor(world, ex);
const rows: string[] = [];
for (let i = 0; i < total; i++) {
  const t = performance.now();
  world.step(1 / 60);
  const ms = performance.now() - t;
  rows.push(
    `${i} ${ex.threadsInUse} ${ms.toFixed(2)} ready=${ex.readyHelpers} probes=${ex.probes} su=${ex.measuredSpeedUp.toFixed(2)}`,
  );
  if (ex.dispatches > 0 && ex.readyHelpers < 1) await new Promise((r) => setTimeout(r, 2));
}
console.log(rows.join('\n'));
ex.dispose();
