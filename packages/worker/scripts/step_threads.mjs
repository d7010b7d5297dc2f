/**
 * `node scripts/step_threads.mjs <repo dir> <scene> <threads> <warm> <measured>`: steps a
 * bench scene (tumbler, pyramid, rain, smash, spinner) with solver helpers from a repo's
 * built core and worker (`pnpm build`), for callgrind per thread
 * (`valgrind --tool=callgrind --separate-threads=yes --dump-before=uv_fs_fstat`): the
 * measured steps lie between two `fs.fstatSync` marks, as in the core's step_scene.mjs.
 * The helpers never spin (`spin`, `holdSpin` 0: valgrind runs one thread at a time, and a
 * spinning thread's instructions would be its wait), and take every stage that reaches its
 * threshold. `KERNEL=wasm`: the world with the WebAssembly contact kernel, its blocks on
 * every thread. `ALONE=1`: in the measured steps the helpers claim nothing
 * (WorldStepExecutor.profileBlocks), so the calling thread runs every block: the blocks'
 * whole cost on one thread, whatever valgrind's scheduling. Prints the share of the
 * measured steps' blocks the helpers ran, and the state hash.
 */
import fs from 'node:fs';
import path from 'node:path';

const [dirArg, scene, threadsArg = '2', warmArg = '150', stepsArg = '10'] = process.argv.slice(2);
if (dirArg === undefined || scene === undefined) {
  throw new Error('usage: node step_threads.mjs <repo dir> <scene> [threads] [warm] [measured]');
}
const root = path.resolve(dirArg);
const core = await import(`${root}/packages/core/dist/index.js`);
const scenes = await import(`${root}/packages/core/dist/scenes/index.js`);
const { setStepExecutor } = await import(`${root}/packages/core/dist/parallel.js`);
const worker = `${root}/packages/worker/dist/parallel`;
const { WorldStepExecutor } = await import(`${worker}/world_executor.js`);
const { nodeHelperSpawner } = await import(`${worker}/spawn_node.js`);
const { nodeKernelUrl } = await import(`${worker}/kernel_url_node.js`);

const def = { enableSleep: false, sharedMemory: true };
if (process.env.KERNEL === 'wasm')
  def.contactKernel = (await import(`${root}/packages/core/dist/wasm.js`)).wasmContactKernel;
const world = new core.World(def);
if (scene === 'tumbler') scenes.tumblerScene(world, 45);
else if (scene === 'pyramid') scenes.pyramidScene(world, 100);
else if (scene === 'smash') scenes.smashScene(world, 120, 80);
else if (scene === 'spinner') scenes.spinnerScene(world, 6076);
else throw new Error(`step_threads: unknown scene ${scene}`);
const threads = Number(threadsArg);
const executor = new WorldStepExecutor(world, {
  helpers: threads - 1,
  spawn: nodeHelperSpawner(),
  kernelUrl: nodeKernelUrl(),
  useHelpers: 'always',
  spin: 0,
  holdSpin: 0,
});
setStepExecutor(world, executor);
const warm = Number(warmArg);
const steps = Number(stepsArg);
for (let i = 0; i < warm; i++) {
  world.step(1 / 60);
  // let the helpers take the first stores (a condition, not a span of time)
  while (executor.dispatches > 0 && executor.readyHelpers < threads - 1)
    await new Promise((r) => setTimeout(r, 2));
}
const dispatches = executor.dispatches;
if (process.env.ALONE === '1') executor.profileBlocks(false, true);
const blocks = executor.blockCounts;
fs.fstatSync(1);
for (let i = 0; i < steps; i++) world.step(1 / 60);
fs.fstatSync(1);
const after = executor.blockCounts;
const helpers = (100 * (after.helpers - blocks.helpers)) / Math.max(after.dispatched - blocks.dispatched, 1);
console.log(
  `${scene} on ${threads} threads, steps ${warm}+${steps}: ${(executor.dispatches - dispatches) / steps} dispatches a step, ${helpers.toFixed(1)} % of the blocks by helpers, hash ${world.stateHash()}`,
);
executor.dispose();
