/**
 * `node scripts/dispatch_cost.mjs <tumbler|pyramid|jointgrid> <phases|colours> [warm] [measured]`
 * (after `pnpm build`): steps a bench scene through WorldStepExecutor with one helper that
 * never starts, so that the calling thread dispatches every stage the executor would hand
 * to the helpers and claims every block itself: the calling thread's side of the dispatch
 * path, without the helpers' timing. Under callgrind (`--dump-before=uv_fs_fstat`, as the
 * core's step_scene.mjs) the measured steps lie between the two `fs.fstatSync` marks, so
 * their instruction count compares the sweep as phases of one dispatch with a dispatch per
 * colour (WorldExecutorOptions.sweep), deterministically. Prints the dispatches and barriers
 * a step and the state hash.
 */
import fs from 'node:fs';
import { World } from '@impulse/core';
import { jointGridScene, pyramidScene, tumblerScene } from '@impulse/core/scenes';
import { WorldStepExecutor } from '../dist/parallel/world_executor.js';
import { setStepExecutor } from '@impulse/core/parallel';

const [scene = 'tumbler', sweep = 'phases', warmArg = '150', stepsArg = '10'] = process.argv.slice(2);
const world = new World({ sharedMemory: true, enableSleep: false });
if (scene === 'tumbler') tumblerScene(world, 45);
else if (scene === 'pyramid') pyramidScene(world, 100);
else if (scene === 'jointgrid') jointGridScene(world);
else throw new Error(`dispatch_cost: unknown scene ${scene}`);
// a helper that never starts: the pool dispatches, and the calling thread runs every block
const spawn = () => ({ post() {}, onMessage() {}, onError() {}, terminate() {} });
const executor = new WorldStepExecutor(world, { helpers: 1, spawn, kernelUrl: 'unused:', sweep });
setStepExecutor(world, executor);
const warm = Number(warmArg);
const steps = Number(stepsArg);
for (let i = 0; i < warm; i++) world.step(1 / 60);
const d0 = executor.dispatches;
const b0 = executor.phaseBarriers;
fs.fstatSync(1);
for (let i = 0; i < steps; i++) world.step(1 / 60);
fs.fstatSync(1);
const dispatches = (executor.dispatches - d0) / steps;
const barriers = dispatches + (executor.phaseBarriers - b0) / steps;
console.log(
  `${scene} ${sweep} steps ${warm}+${steps}: ${dispatches.toFixed(1)} dispatches, ${barriers.toFixed(1)} barriers a step; hash ${world.stateHash()}`,
);
executor.dispose();
