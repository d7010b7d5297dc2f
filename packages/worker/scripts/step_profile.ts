/**
 * `pnpm --filter @impulse/worker profile:step [scene] [threads] [steps]` (after `pnpm
 * build`): how a step is shared out, in counts that a loaded machine does not change
 * (docs/parallel-step.md, "Why pyramid 100 did not scale"):
 *
 * - the scene's colours in the last step (constraints per colour, the overflow, which the
 *   calling thread solves alone), and how many colours fall below the sweeps' dispatch
 *   threshold (run on the calling thread alone);
 * - per stage kind, the calls a step makes, how many were handed to the helpers and their
 *   items;
 * - the parks per step: how often a helper slept in `Atomics.wait` so that a dispatch had
 *   to wake it, and how often the calling thread slept at a barrier;
 * - the serial gaps on the calling thread between one dispatched stage's barrier and the
 *   next dispatch (wall time: noisy on a loaded machine, the counts are not).
 *
 * - with 2 or more threads, each stage kind's blocks: how many each side ran and their mean
 *   wall time. `--alone` has the helpers claim nothing, so that the calling thread runs
 *   every block on the same path: the one-thread figure of the same blocks, to set beside
 *   a run without it (docs/parallel-step.md, "Cross-core traffic").
 *
 * Scenes: pyramid (base 100), pyramids (20×10 of base 10), tumbler (45), joints (grid
 * 100×100). Sleep off, steps after a warm-up of 60. `SPIN` and `HOLD_SPIN` in the
 * environment set the pool's `spin` and `holdSpin`; `CUT=even` cuts each colour into blocks
 * of equal counts rather than by body (WorldExecutorOptions.colourCut); `SWEEP=colours`
 * dispatches a sweep colour by colour rather than in one dispatch of phases
 * (WorldExecutorOptions.sweep). `KERNEL=wasm` makes the world with the WebAssembly contact
 * kernel (its blocks on every thread, on the shared kernel memory).
 */
import { World } from '@impulse/core';
import { wasmContactKernel } from '@impulse/core/wasm';
import { REGION_PHASE_BIT, SolverStage, setStepExecutor } from '@impulse/core/parallel';
import { BENCH_SCENES } from './bench_scenes.js';
import { nodeKernelUrl } from '../src/parallel/kernel_url_node.js';
import { nodeHelperSpawner } from '../src/parallel/spawn_node.js';
import { WorldStepExecutor } from '../src/parallel/world_executor.js';

const args = process.argv.slice(2).filter((a) => a !== '--alone');
const alone = process.argv.includes('--alone');
const sceneName = args[0] ?? 'pyramid';
const threads = Number(args[1] ?? 2);
const steps = Number(args[2] ?? 20);
const WARM_UP = 60;
const MAX_CALLS = 1 << 20;

const build = BENCH_SCENES.find((s) => s.key === sceneName)?.build;
if (build === undefined) {
  throw new Error(`step_profile: no scene ${sceneName} (${BENCH_SCENES.map((s) => s.key).join(', ')})`);
}

/** Records every stage call the step makes, and whether the executor handed it to the pool. */
class RecordingExecutor {
  calls = 0;
  readonly stage = new Int32Array(MAX_CALLS);
  readonly start = new Int32Array(MAX_CALLS);
  readonly end = new Int32Array(MAX_CALLS);
  readonly shared = new Uint8Array(MAX_CALLS);
  /** The region count of a call that is the regions' phase, else 0. */
  readonly region = new Uint8Array(MAX_CALLS);
  readonly begin = new Float64Array(MAX_CALLS);
  readonly finish = new Float64Array(MAX_CALLS);
  constructor(readonly inner: WorldStepExecutor) {}
  // passed on: the executor's sweep plans hold for the step they were made in, so an
  // executor never told of a new step reuses the first step's cuts (wrong ranges)
  beginStep(): void {
    this.inner.beginStep();
  }
  endStep(): void {
    this.inner.endStep();
  }
  get inline(): boolean {
    // one thread: a call per colour all the same, so that the colour stages are timed too
    return threads > 1 && this.inner.inline;
  }
  runStage(w: unknown, stage: number, start: number, end: number): number {
    const before = this.inner.dispatches;
    const t = performance.now();
    const result = this.inner.runStage(w, stage, start, end);
    const i = this.calls++ & (MAX_CALLS - 1);
    this.stage[i] = stage;
    this.start[i] = start;
    this.end[i] = end;
    this.shared[i] = this.inner.dispatches > before ? 1 : 0;
    this.begin[i] = t;
    this.finish[i] = performance.now();
    return result;
  }
  /** A sweep handed over at once: recorded as a call per colour, the first holding its time. */
  runColours(
    w: unknown,
    stage: number,
    colourStart: Int32Array,
    mask: number,
    regionStart?: Int32Array,
    regions?: number,
  ): number {
    const before = this.inner.dispatches;
    const t = performance.now();
    const result = this.inner.runColours(w, stage, colourStart, mask, regionStart, regions);
    const t1 = performance.now();
    const shared = this.inner.dispatches > before ? 1 : 0;
    let first = true;
    // the regions' phase first (one call here, marked in `region`)
    if (
      regions !== undefined &&
      regions > 0 &&
      regionStart !== undefined &&
      (mask & REGION_PHASE_BIT) !== 0
    ) {
      const i = this.calls++ & (MAX_CALLS - 1);
      this.stage[i] = stage;
      this.start[i] = regionStart[0]!;
      this.end[i] = regionStart[regions]!;
      this.shared[i] = shared;
      this.region[i] = regions;
      this.begin[i] = t;
      this.finish[i] = t1;
      first = false;
    }
    for (let c = 0; c + 1 < colourStart.length; c++) {
      if (((mask >> c) & 1) === 0 || colourStart[c + 1] === colourStart[c]) continue;
      const i = this.calls++ & (MAX_CALLS - 1);
      this.stage[i] = stage;
      this.start[i] = colourStart[c]!;
      this.end[i] = colourStart[c + 1]!;
      this.shared[i] = shared;
      this.region[i] = 0;
      this.begin[i] = first ? t : t1;
      this.finish[i] = t1;
      first = false;
    }
    return result;
  }
}

function quantile(xs: number[], q: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

const world = new World({
  sharedMemory: true,
  enableSleep: false,
  ...(process.env.KERNEL === 'wasm' ? { contactKernel: wasmContactKernel } : {}),
});
build(world);
// one thread: the executor with thresholds no stage reaches (no pool, the stages' calls timed)
const executor = new WorldStepExecutor(world, {
  helpers: Math.max(1, threads - 1),
  spawn: nodeHelperSpawner(),
  kernelUrl: nodeKernelUrl(),
  // the pool's own figures, not the 'auto' policy's choice
  useHelpers: 'always',
  ...(process.env.SPIN === undefined ? {} : { spin: Number(process.env.SPIN) }),
  ...(process.env.HOLD_SPIN === undefined ? {} : { holdSpin: Number(process.env.HOLD_SPIN) }),
  ...(threads === 1 ? { dispatchBlocks: 1 << 24 } : {}),
  ...(process.env.CUT === 'even' ? { colourCut: 'even' as const } : {}),
  ...(process.env.SWEEP === 'colours' ? { sweep: 'colours' as const } : {}),
});
const recorder = new RecordingExecutor(executor);
setStepExecutor(world, recorder);
for (let i = 0; i < WARM_UP; i++) {
  world.step(1 / 60);
  // let the helpers take the first stores (a condition, not a span of time)
  while (executor.dispatches > 0 && executor.readyHelpers < threads - 1)
    await new Promise((r) => setTimeout(r, 2));
}
executor.profileBlocks(true, alone);
const times0 = executor.blockTimes;
const parks0 = [executor.helperParks, executor.coordinatorParks, executor.phaseParks];
const dispatches0 = executor.dispatches;
const phaseBarriers0 = executor.phaseBarriers;
const fewFlagged0 = executor.fewFlaggedColours;
const blocks0 = executor.blockCounts;
const calls0 = recorder.calls;
const stepStart: number[] = [];
let stepMs = 0;
for (let i = 0; i < steps; i++) {
  stepStart.push(recorder.calls);
  const t = performance.now();
  world.step(1 / 60);
  stepMs += performance.now() - t;
}
const blocks1 = executor.blockCounts;
const times1 = executor.blockTimes;
const helperParks = (executor.helperParks - parks0[0]!) / steps;
const coordinatorParks = (executor.coordinatorParks - parks0[1]!) / steps;
const phaseParks = (executor.phaseParks - parks0[2]!) / steps;
const dispatches = (executor.dispatches - dispatches0) / steps;
const phaseBarriers = (executor.phaseBarriers - phaseBarriers0) / steps;
const fewFlagged = (executor.fewFlaggedColours - fewFlagged0) / steps;
const lastStep = stepStart[steps - 1]!;

// the colours: the last step's first sub-step's warm-start calls, consecutive, one per colour
// (the overflow is solved before them without the executor: it is [0, first colour's start))
const colours: number[] = [];
const coloursShared: number[] = [];
let overflow = 0;
let regions = 0;
let regionItems = 0;
let i = lastStep;
while (i < recorder.calls && recorder.stage[i] !== SolverStage.WarmStart) i++;
if (i < recorder.calls) overflow = recorder.start[i]!;
if (i < recorder.calls && recorder.region[i] !== 0) {
  regions = recorder.region[i]!;
  regionItems = recorder.end[i]! - recorder.start[i]!;
  i++;
}
for (; i < recorder.calls && recorder.stage[i] === SolverStage.WarmStart; i++) {
  colours.push(recorder.end[i]! - recorder.start[i]!);
  coloursShared.push(recorder.shared[i]!);
}
console.log(`${sceneName} on ${threads} threads, steps ${WARM_UP + 1}-${WARM_UP + steps}, sleep off`);
if (executor.inline) console.log('the step ran its colour stages inline (no colour reached its threshold)');
else {
  if (regions > 0)
    console.log(`regions: ${regions}, ${regionItems} constraints in one phase; the seams' colours follow`);
  console.log(
    `colours: ${colours.length}, overflow ${overflow} constraints (solved by the calling thread alone)`,
  );
  console.log(`constraints per colour: ${colours.join(' ')}`);
  console.log(
    `colours handed to helpers: ${coloursShared.filter((s) => s === 1).length} of ${colours.length} (the rest below the threshold)`,
  );
}

// per stage kind: calls and shared calls per step, items per call
const names = Object.entries(SolverStage).filter(([, v]) => typeof v === 'number') as [string, number][];
console.log('stage | calls per step | shared per step | items per call (mean)');
let sharedTotal = 0;
for (const [name, id] of names) {
  let calls = 0;
  let shared = 0;
  let items = 0;
  for (let i = calls0; i < recorder.calls; i++) {
    if (recorder.stage[i] !== id) continue;
    calls++;
    shared += recorder.shared[i]!;
    items += recorder.end[i]! - recorder.start[i]!;
  }
  if (calls === 0) continue;
  sharedTotal += shared;
  console.log(
    `${name} | ${(calls / steps).toFixed(1)} | ${(shared / steps).toFixed(1)} | ${(items / calls).toFixed(0)}`,
  );
}
console.log(`stages shared per step: ${(sharedTotal / steps).toFixed(1)}`);
console.log(
  `dispatches per step: ${dispatches.toFixed(1)}; barriers per step: ${(dispatches + phaseBarriers).toFixed(1)} (${phaseBarriers.toFixed(1)} between a sweep's colours)`,
);
console.log(`relax-again colours run as small (few flagged) per step: ${fewFlagged.toFixed(1)}`);
const blocks = blocks1.dispatched - blocks0.dispatched;
console.log(
  `blocks dispatched per step: ${(blocks / steps).toFixed(0)}; run by helpers ${((100 * (blocks1.helpers - blocks0.helpers)) / blocks).toFixed(1)} %, away from their thread's share ${((100 * (blocks1.away - blocks0.away)) / blocks).toFixed(1)} %`,
);
if (times0 !== null && times1 !== null) {
  console.log(
    'stage | calling thread: blocks per step, µs per block | helpers: blocks per step, µs per block',
  );
  for (const [name, id] of names) {
    const cb = times1.coordinatorBlocks[id]! - times0.coordinatorBlocks[id]!;
    const hb = times1.helperBlocks[id]! - times0.helperBlocks[id]!;
    if (cb + hb === 0) continue;
    const cus = (1000 * (times1.coordinatorMs[id]! - times0.coordinatorMs[id]!)) / Math.max(cb, 1);
    const hus = (1000 * (times1.helperMs[id]! - times0.helperMs[id]!)) / Math.max(hb, 1);
    console.log(
      `${name} | ${(cb / steps).toFixed(1)}, ${cus.toFixed(2)} | ${(hb / steps).toFixed(1)}, ${hb === 0 ? '-' : hus.toFixed(2)}`,
    );
  }
  const sum = (xs: readonly number[], ys: readonly number[]) => xs.reduce((a, x, i) => a + x - ys[i]!, 0);
  console.log(
    `block time per step: calling thread ${(sum(times1.coordinatorMs, times0.coordinatorMs) / steps).toFixed(2)} ms, helpers ${(sum(times1.helperMs, times0.helperMs) / steps).toFixed(2)} ms${alone ? ' (--alone: helpers claimed nothing)' : ''}`,
  );
}
console.log(
  `parks per step: helpers ${helperParks.toFixed(1)}, calling thread ${coordinatorParks.toFixed(1)}, any thread between a sweep's colours ${phaseParks.toFixed(1)}`,
);

// serial gaps between consecutive shared stages within a step, and the shared stages' time
const gaps: number[] = [];
const stageUs: number[] = [];
let stepUs = 0;
for (let s = 0; s < steps; s++) {
  const from = stepStart[s]!;
  const to = s + 1 < steps ? stepStart[s + 1]! : recorder.calls;
  let last = -1;
  for (let i = from; i < to; i++) {
    if (recorder.shared[i] !== 1) continue;
    stageUs.push((recorder.finish[i]! - recorder.begin[i]!) * 1000);
    if (last >= 0) gaps.push((recorder.begin[i]! - recorder.finish[last]!) * 1000);
    last = i;
  }
  if (to > from) stepUs += (recorder.finish[to - 1]! - recorder.begin[from]!) * 1000;
}
console.log(
  `serial gaps between shared stages (µs, wall time): median ${quantile(gaps, 0.5).toFixed(1)}, p90 ${quantile(gaps, 0.9).toFixed(1)}, max ${quantile(gaps, 1).toFixed(1)}; over 20 µs: ${(gaps.filter((g) => g > 20).length / steps).toFixed(1)} per step`,
);
console.log(
  `shared stage (µs, wall time): median ${quantile(stageUs, 0.5).toFixed(1)}, p90 ${quantile(stageUs, 0.9).toFixed(1)}; first to last stage call per step ${(stepUs / steps / 1000).toFixed(2)} ms`,
);
let inStages = 0;
for (let i = calls0; i < recorder.calls; i++) inStages += recorder.finish[i]! - recorder.begin[i]!;
console.log(
  `step ${(stepMs / steps).toFixed(2)} ms (wall time), ${((100 * inStages) / stepMs).toFixed(1)} % of it in stage calls (the rest is the calling thread's alone)`,
);
console.log(`state hash ${world.stateHash()}`);
executor.dispose();
