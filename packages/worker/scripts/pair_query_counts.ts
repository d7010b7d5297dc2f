/**
 * `pnpm --filter @impulse/worker exec tsx scripts/pair_query_counts.ts [threads] [steps]`
 * (after `pnpm build`): the broad phase's pair queries on the tumbler of the bench (2,025
 * boxes), stepped with solver helpers at the default blocks: per step, the moved proxies,
 * the queries (a moved proxy against one tree it reaches), the queries handed to the pool
 * (counts that do not depend on timing) and the blocks of all stages the helpers ran (that
 * one does). Prints the state hash after the last step, to compare with one thread.
 */
import { World } from '@impulse/core';
import { SolverStage, setStepExecutor } from '@impulse/core/parallel';
import { tumblerScene } from '@impulse/core/scenes';
import { nodeKernelUrl } from '../src/parallel/kernel_url_node.js';
import { nodeHelperSpawner } from '../src/parallel/spawn_node.js';
import { WorldStepExecutor } from '../src/parallel/world_executor.js';

const threads = Number(process.argv[2] ?? 2);
const steps = Number(process.argv[3] ?? 20);
const warm = 150;
const world = new World({ sharedMemory: threads > 1 });
tumblerScene(world, 45);
let queries = 0;
let handed = 0;
let executor: WorldStepExecutor | null = null;
if (threads > 1) {
  const e = new WorldStepExecutor(world, {
    helpers: threads - 1,
    spawn: nodeHelperSpawner(),
    kernelUrl: nodeKernelUrl(),
    // the pool's own figures, not the 'auto' policy's choice
    useHelpers: 'always',
  });
  executor = e;
  setStepExecutor(world, e);
  const runStage = e.runStage.bind(e);
  e.runStage = (w, stage, start, end) => {
    const before = e.dispatches;
    const result = runStage(w, stage, start, end);
    if (stage === SolverStage.QueryPairs) {
      queries += end - start;
      if (e.dispatches > before) handed += end - start;
    }
    return result;
  };
}
for (let i = 0; i < warm; i++) {
  world.step(1 / 60);
  while (executor !== null && executor.dispatches > 0 && executor.readyHelpers < threads - 1)
    await new Promise((r) => setTimeout(r, 2));
}
queries = 0;
handed = 0;
const blocks0 = executor?.blockCounts.helpers ?? 0;
for (let i = 0; i < steps; i++) world.step(1 / 60);
const helperBlocks = (executor?.blockCounts.helpers ?? 0) - blocks0;
console.log(
  `tumbler, ${threads} thread(s), steps ${warm + 1}-${warm + steps}: queries ${(queries / steps).toFixed(1)} a step, ` +
    `handed to the pool ${(handed / steps).toFixed(1)}, blocks (all stages) run by helpers ${(helperBlocks / steps).toFixed(1)} a step; hash ${world.stateHash()}`,
);
executor?.dispose();
process.exit(0);
