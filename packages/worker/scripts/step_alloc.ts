/**
 * `pnpm --filter @impulse/worker exec tsx scripts/step_alloc.ts [threads] [steps]` (after
 * `pnpm build`): bytes allocated on the calling thread per steady-state step of a world
 * stepped with solver helpers (a pile, sleep off), by the core's and this package's code
 * and the builtins they call (V8's sampling heap profiler, garbage included). The smaller
 * of two windows back to back, as the core's allocation probe does. Helpers allocate in
 * their own threads, not counted.
 */
import { Session } from 'node:inspector/promises';
import { World } from '@impulse/core';
import { setStepExecutor } from '@impulse/core/parallel';
import { mixedPileScene } from '@impulse/core/scenes';
import { nodeKernelUrl } from '../src/parallel/kernel_url_node.js';
import { nodeHelperSpawner } from '../src/parallel/spawn_node.js';
import { WorldStepExecutor } from '../src/parallel/world_executor.js';

interface ProfileNode {
  callFrame: { url: string; functionName: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

const threads = Number(process.argv[2] ?? 2);
const steps = Number(process.argv[3] ?? 500);
const world = new World({ sharedMemory: true, enableSleep: false });
mixedPileScene(world, 400);
const executor = new WorldStepExecutor(world, {
  helpers: threads - 1,
  spawn: nodeHelperSpawner(),
  kernelUrl: nodeKernelUrl(),
  minBlockItems: 16,
  // the pool's path every step; USE=auto: the default policy (a probe every 636 steps)
  useHelpers: process.env.USE === 'auto' ? 'auto' : 'always',
  // SWEEP=colours: a dispatch per colour (WorldExecutorOptions.sweep), to compare
  ...(process.env.SWEEP === 'colours' ? { sweep: 'colours' as const } : {}),
});
setStepExecutor(world, executor);
for (let i = 0; i < 300; i++) {
  world.step(1 / 60);
  while (executor.dispatches > 0 && executor.readyHelpers < threads - 1)
    await new Promise((r) => setTimeout(r, 2));
}

const session = new Session();
session.connect();
async function measure(): Promise<{ bytes: number; dispatches: number; sites: string[] }> {
  const before = executor.dispatches;
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 64,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  } as never);
  for (let i = 0; i < steps; i++) world.step(1 / 60);
  const result = (await session.post('HeapProfiler.stopSampling')) as unknown as {
    profile: { head: ProfileNode };
  };
  let bytes = 0;
  const sites: string[] = [];
  const ours = (url: string): boolean =>
    url.includes('/packages/core/') || url.includes('/packages/worker/src/');
  const walk = (node: ProfileNode, inOurs: boolean): void => {
    const mine = ours(node.callFrame.url);
    if ((mine || (inOurs && node.callFrame.url === '')) && node.selfSize > 0) {
      bytes += node.selfSize;
      sites.push(`${node.callFrame.functionName}:${node.callFrame.lineNumber} ${node.selfSize}`);
    }
    for (const child of node.children) walk(child, mine || (inOurs && node.callFrame.url === ''));
  };
  walk(result.profile.head, false);
  return { bytes, dispatches: executor.dispatches - before, sites };
}
const first = await measure();
const second = await measure();
session.disconnect();
executor.dispose();
const best = second.bytes < first.bytes ? second : first;
console.log(
  JSON.stringify({
    threads,
    steps,
    bytesPerStep: best.bytes / steps,
    dispatchesPerStep: best.dispatches / steps,
    sites: best.sites.slice(0, 10),
  }),
);
