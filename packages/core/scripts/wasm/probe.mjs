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
import { ContactKernel } from './kernel.mjs';
import { checkSteps, firstDifference } from './sweep_check.mjs';

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
const { SolverStage, runSolverBlock, GRAPH_COLOUR_COUNT } = core;

const world = new core.World({ enableSleep: false });
if (scene === 'tumbler') core.tumblerScene(world, 45);
else core.pyramidScene(world, Number(scene.replace('pyramid', '')) || 40);
for (let i = 0; i < 150; i++) world.step(1 / 60);
const w = core.worldStateOf(world);

const scalar = await ContactKernel.create();
const simd = await ContactKernel.create();

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

// The captured sweep data: the world as it starts its next step's first sub-step.
const k = w.constraints;
const n = k.count;
const starts = Int32Array.from(k.graph.colourStart);
const state0 = Float64Array.from(w.bodies.state);
const data0 = Float64Array.from(k.data.subarray(0, n * 35));
const again0 = Int32Array.from(k.relaxAgain.subarray(0, n));
const ctx = w.stepContext;
ctx.secondPointFirst = 0;
ctx.separationsStored = false;
const first = 0;
const invH = ctx.invH;
const negMaxPush = -ctx.maxPushSpeed;
const againSpeed = ctx.relaxAgainSpeed;
const track = k.tracking ? 1 : 0;
const overflow = starts[0];
let one = 0;
let paired = 0;
for (let i = 0; i < n; i++) {
  const kind = k.meta[i * 4 + 2];
  if ((kind & 3) === 1) one++;
  if (kind === 6) paired += 2;
}
console.log(
  `${scene} at step ${150 + (only === null ? steps : 0)}: ${n} constraints (${one} one-point, ${paired} in two-point pairs), ${overflow} in the overflow, ${w.awakeBodyCount} awake bodies`,
);

const restoreWorld = () => {
  w.bodies.state.set(state0);
  k.data.set(data0);
  k.relaxAgain.set(again0);
};
const restoreKernel = (kernel) => kernel.load(state0, data0, k.meta.subarray(0, n * 4), again0);

// one sub-step's sweeps, as the single-threaded step runs them (one call over all colours)
const sweepJs = () => {
  runSolverBlock(w, SolverStage.WarmStart, 0, n);
  runSolverBlock(w, SolverStage.Solve, 0, n);
  runSolverBlock(w, SolverStage.Relax, 0, n);
};
const x = scalar.exports;
const sweepWasm = () => {
  x.warmStart(0, n);
  x.solve(0, n, 1, 0, track, first, invH, negMaxPush, againSpeed);
  x.solve(0, n, 0, 0, track, first, invH, negMaxPush, againSpeed);
};
const y = simd.exports;
// f64x2: colour by colour (lanes pair constraints of one colour), the overflow by solve
const sweepSimd = () => {
  if (overflow > 0) y.warmStart(0, overflow);
  for (let c = 0; c < GRAPH_COLOUR_COUNT; c++) {
    if (starts[c + 1] > starts[c]) y.warmStart2(starts[c], starts[c + 1]);
  }
  for (let pass = 1; pass >= 0; pass--) {
    if (overflow > 0) y.solve(0, overflow, pass, 0, track, first, invH, negMaxPush, againSpeed);
    for (let c = 0; c < GRAPH_COLOUR_COUNT; c++) {
      if (starts[c + 1] > starts[c]) {
        y.solve2(starts[c], starts[c + 1], pass, 0, track, first, invH, negMaxPush, againSpeed);
      }
    }
  }
};
const kernels = { js: sweepJs, wasm: sweepWasm, simd: sweepSimd };

const timeReps = (sweep) => {
  const t0 = performance.now();
  for (let r = 0; r < reps; r++) sweep();
  return (performance.now() - t0) / reps;
};

if (only !== null) {
  // callgrind: warm up, then the measured repetitions between two marks
  const sweep = kernels[only];
  if (only === 'js') restoreWorld();
  else restoreKernel(only === 'wasm' ? scalar : simd);
  for (let r = 0; r < 200; r++) sweep();
  fs.fstatSync(1);
  for (let r = 0; r < reps; r++) sweep();
  fs.fstatSync(1);
  console.log(`${only}: ${reps} sub-step sweeps measured`);
} else {
  const times = { js: [], wasm: [], simd: [] };
  let equal = true;
  for (let round = 0; round < rounds; round++) {
    restoreWorld();
    restoreKernel(scalar);
    restoreKernel(simd);
    // alternate the order each round
    const order = round % 2 === 0 ? ['js', 'wasm', 'simd'] : ['simd', 'wasm', 'js'];
    for (const name of order) times[name].push(timeReps(kernels[name]));
    for (const kernel of [scalar, simd]) {
      if (
        firstDifference(kernel.state, w.bodies.state, state0.length) !== -1 ||
        firstDifference(kernel.data, k.data, n * 35) !== -1 ||
        firstDifference(kernel.again, k.relaxAgain, n) !== -1
      ) {
        equal = false;
      }
    }
  }
  const median = (a) => {
    const s = [...a].sort((p, q) => p - q);
    return s[s.length >> 1];
  };
  console.log(
    `after ${rounds} rounds of ${reps} sub-step sweeps each: ${equal ? 'all bits equal' : 'MISMATCH'}`,
  );
  if (!equal) process.exitCode = 1;
  const base = median(times.js);
  for (const name of ['js', 'wasm', 'simd']) {
    const s = [...times[name]].sort((p, q) => p - q);
    console.log(
      `${name.padEnd(5)} median ${(median(s) * 1000).toFixed(1)} us/sub-step (min ${(s[0] * 1000).toFixed(1)}, max ${(s[s.length - 1] * 1000).toFixed(1)}), JS/this ${(base / median(s)).toFixed(2)}x`,
    );
  }
}
