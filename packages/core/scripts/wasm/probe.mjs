/**
 * `node scripts/wasm/probe.mjs [--steps N] [--reps R] [--rounds M] [--only js|wasm|simd]`:
 * would a WebAssembly kernel sweep the contacts faster? (docs/wasm-kernel.md)
 *
 * Bundles the core from source with the package's bundle options, builds the tumbler
 * (tumblerScene(w, 45), sleep off), steps it to 150, then
 * 1. checks the kernel (scalar, and f64x2 for one-point runs) against the real sweeps bit
 *    for bit, block by block, over N more steps (sweep_check.mjs);
 * 2. times one sub-step's sweeps (warm start, solve, relax over all colours) on the
 *    captured data: JS (the core's own functions on the world's arrays), WASM scalar and
 *    WASM f64x2, R repetitions per round, M rounds alternating, medians and spread, and
 *    checks after every round that the three ended on the same bits.
 * With --only, one kernel runs its R repetitions between two fs.fstatSync marks, for
 * callgrind: valgrind --tool=callgrind --dump-before=uv_fs_fstat node probe.mjs --only js
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleOptions } from '../../build_options.mjs';
import { createKernel } from './kernel.mjs';
import { checkSteps } from './sweep_check.mjs';
import { captureSweeps, timeSweeps, timingLines } from './sweep_timing.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : process.argv[i + 1];
};
const steps = Number(arg('steps', '10'));
const reps = Number(arg('reps', '50'));
const rounds = Number(arg('rounds', '15'));
const only = arg('only', null);
const scene = arg('scene', 'tumbler');

const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'wasm-probe-'));
await build({
  absWorkingDir: path.resolve(here, '../..'),
  entryPoints: { probe_core: path.join(here, 'probe_entry.ts') },
  outdir,
  ...bundleOptions,
  splitting: false,
  sourcemap: false,
});
const core = await import(path.join(outdir, 'probe_core.js'));
fs.rmSync(outdir, { recursive: true, force: true });

const world = new core.World({ enableSleep: false });
if (scene === 'tumbler') core.tumblerScene(world, 45);
else core.pyramidScene(world, Number(scene.replace('pyramid', '')) || 40);
for (let i = 0; i < 150; i++) world.step(1 / 60);
const w = core.worldStateOf(world);

const scalar = await createKernel();
const simd = await createKernel();

if (only === null) {
  const check = checkSteps(
    core,
    world,
    [
      ['wasm', scalar, false],
      ['simd', simd, true],
    ],
    steps,
  );
  console.log(
    `bit check, ${scene} steps 151-${150 + steps}: ${check.blocks} colour blocks, ${check.constraints} constraint solves (${check.onePoint} one-point): ${check.mismatches.length === 0 ? 'all bits equal' : 'MISMATCH'}`,
  );
  for (const m of check.mismatches) console.log(`  ${m}`);
  if (check.mismatches.length > 0) process.exitCode = 1;
}

const captured = captureSweeps(core, w, scalar, simd);
console.log(
  `${scene} at step ${150 + (only === null ? steps : 0)}: ${captured.n} constraints (${captured.onePoint} one-point, ${captured.paired} in two-point pairs), ${captured.overflow} in the overflow, ${w.awakeBodyCount} awake bodies`,
);

if (only !== null) {
  // callgrind: warm up, then the measured repetitions between two marks
  const sweep = captured.sweeps[only];
  captured.restore();
  for (let r = 0; r < 200; r++) sweep();
  fs.fstatSync(1);
  for (let r = 0; r < reps; r++) sweep();
  fs.fstatSync(1);
  console.log(`${only}: ${reps} sub-step sweeps measured`);
} else {
  const result = timeSweeps(captured, reps, rounds, () => performance.now());
  for (const line of timingLines(result, reps, rounds)) console.log(line);
  if (!result.equal) process.exitCode = 1;
}
