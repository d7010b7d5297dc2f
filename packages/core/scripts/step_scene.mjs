/**
 * `node scripts/step_scene.mjs <dist dir> <scene> <warm> <measured>`: steps one of the
 * benchmark scenes (rain, smash, spinner, tumbler, jointgrid, pyramid of base 100, pyramids:
 * the worker bench's 20×10 pyramids of base 10) from a built
 * core, at the bench's sizes
 * and settings (sleep off, 1/60 s), for profiling: under `node --cpu-prof` the whole run,
 * under callgrind (`--dump-before=uv_fs_fstat`) the measured steps between the two
 * `fs.fstatSync` marks. Prints the world's state hash at the end, so a profiled build can
 * be checked for the same bits as another. `KERNEL=wasm` in the environment makes the world
 * with the WebAssembly contact kernel (`@impulse/core/wasm`, docs/wasm-kernel.md); `SHARED=1`
 * on shared memory (one thread: what a world with solver helpers pays when they are idle).
 */
import fs from 'node:fs';
import path from 'node:path';

const [dirArg, scene, warmArg = '40', stepsArg = '10'] = process.argv.slice(2);
if (dirArg === undefined || scene === undefined) {
  throw new Error(
    'usage: node step_scene.mjs <core dist dir> <rain|smash|spinner|tumbler|jointgrid|pyramid|pyramids> [warm] [measured]',
  );
}
const dir = path.resolve(dirArg);
const core = await import(`${dir}/index.js`);
const scenes = await import(`${dir}/scenes/index.js`);
const def = { enableSleep: false };
if (process.env.KERNEL === 'wasm') def.contactKernel = (await import(`${dir}/wasm.js`)).wasmContactKernel;
// SHARED=1: the world's stores on shared memory (WorldDef.sharedMemory), the kernel's too
if (process.env.SHARED === '1') def.sharedMemory = true;
// Under --perf-basic-prof the kernel's modules are compiled with names, so that the perf map
// (and cgsym.py) names their functions (scripts/wasm/wasm_names.mjs); the code is the same.
if (process.execArgv.includes('--perf-basic-prof') && process.env.WASM_NAMES !== '0') {
  await (await import('./wasm/wasm_names.mjs')).nameWasmModules();
}
const world = new core.World(def);
// DETACH=1: detach one unrelated ArrayBuffer first. After any detachment V8 checks for it at
// every typed-array access it compiles (docs/wasm-kernel.md, "Never detach"): +25 % on the tumbler.
if (process.env.DETACH === '1') {
  const b = new ArrayBuffer(8);
  structuredClone(b, { transfer: [b] });
}
let update = null;
if (scene === 'rain') {
  const rain = scenes.rainScene(world);
  rain.update(0);
  update = (i) => rain.update(i);
} else if (scene === 'smash') scenes.smashScene(world, 120, 80);
else if (scene === 'spinner') scenes.spinnerScene(world, 6076);
else if (scene === 'tumbler') scenes.tumblerScene(world, 45);
else if (scene === 'jointgrid') scenes.jointGridScene(world);
else if (scene === 'pyramid') scenes.pyramidScene(world, 100);
else if (scene === 'pyramids') scenes.manyPyramidsScene(world, 20, 10, 10);
else throw new Error(`step_scene: unknown scene ${scene}`);

let index = 0;
const step = () => {
  world.step(1 / 60);
  if (update !== null) update(++index);
};
const warm = Number(warmArg);
const steps = Number(stepsArg);
for (let i = 0; i < warm; i++) step();
fs.fstatSync(1);
const t0 = performance.now();
for (let i = 0; i < steps; i++) step();
const ms = (performance.now() - t0) / Math.max(steps, 1);
fs.fstatSync(1);
console.log(`${scene} steps ${warm}+${steps} hash ${world.stateHash()} ${ms.toFixed(2)} ms/step`);
