/**
 * `pnpm --filter @impulse/worker profile:affinity [scene] [threads] [steps]`: how often a
 * body's data change core within a step, counted from the step's own block cuts (no time:
 * the figures are the same on a loaded machine; docs/parallel-step.md, "Keeping each body's
 * data on one core").
 *
 * After `steps` steps (sleep off) of one world on one thread, it takes the last step's
 * colours and cuts every stage as the pool would for `threads` threads (blocksFor; each
 * thread its own share: no stealing), then walks one sub-step's body
 * touches in stage order (integrate velocities, warm start colour by colour, solve, integrate
 * positions, relax) and counts:
 *
 * - touches: a moving body touched by a body stage or by a constraint of a colour;
 * - hand-overs: touches on another thread than the body's previous touch (from one colour
 *   to the next, or between a colour and a body stage), counted around the sub-step (the
 *   next sub-step starts where this one ended);
 * - constraints prepared (and stored) on another thread than the one that solves them.
 */
// the core's sources (the world's internal state is not exported): run with tsx
import { World, worldStateOf } from '../../core/src/world.js';
import { GRAPH_COLOUR_COUNT } from '../../core/src/dynamics/constraint_graph_store.js';
import { pyramidScene, tumblerScene, manyPyramidsScene } from '../../core/src/scenes/index.js';

/** bench_scenes.ts's scenes, built on the sources' World. */
const SCENES: Record<string, (w: World) => void> = {
  pyramid: (w) => void pyramidScene(w, 100),
  pyramids: (w) => void manyPyramidsScene(w, 20, 10, 10),
  tumbler: (w) => void tumblerScene(w, 45),
};

const args = process.argv.slice(2).filter((a) => a !== '--even');
/**
 * Colours are cut as the executor cuts them: where the body stages cut their constraints'
 * first bodies (world_executor.ts). `--even`: each colour cut evenly by count instead (the
 * cut before that).
 */
const byBody = !process.argv.includes('--even');
const [sceneName = 'pyramid', threadsArg = '2', stepsArg = '60'] = args;
const threads = Number(threadsArg);
const steps = Number(stepsArg);
const MIN_BLOCK_ITEMS = 64;
const BLOCKS_PER_THREAD = 4;

const build = SCENES[sceneName];
if (build === undefined) {
  throw new Error(`affinity_counts: no scene ${sceneName} (${Object.keys(SCENES).join(', ')})`);
}
const world = new World({ enableSleep: false });
build(world);
for (let i = 0; i < steps; i++) world.step(1 / 60);
const w = worldStateOf(world);

/** PoolStepExecutor.blocksFor. */
const blocksFor = (items: number) =>
  Math.max(1, Math.min(threads * BLOCKS_PER_THREAD, Math.floor(items / MIN_BLOCK_ITEMS)));
/** control_block.ts blockStart. */
const blockStart = (start: number, end: number, b: number, n: number) =>
  start + Math.floor(((end - start) * b) / n);
/** The thread whose share holds item `i` of [start, end) (claimBlocks: thread t from ⌊t·n/T⌋). */
function threadOf(start: number, end: number, i: number): number {
  const n = blocksFor(end - start);
  let b = 0;
  while (b + 1 < n && blockStart(start, end, b + 1, n) <= i) b++;
  let t = 0;
  while (t + 1 < threads && Math.floor(((t + 1) * n) / threads) <= b) t++;
  return t;
}

const k = w.constraints;
const meta = k.meta;
const starts = k.graph.colourStart;
const count = starts[GRAPH_COLOUR_COUNT]!;
const bodies = w.bodies;
const awakeCount = w.awakeBodyCount;
const moving = (b: number) => bodies.invMass[b] !== 0 || bodies.invInertia[b] !== 0;
const bodyThread = new Int32Array(bodies.capacity).fill(-1);
for (let i = 0; i < awakeCount; i++) bodyThread[w.awakeBodies[i]!] = threadOf(0, awakeCount, i);

/** The body-stage thread of constraint p's moving body of lowest awake index. */
function keyThread(p: number): number {
  let best = -1;
  for (const o of [meta[4 * p]!, meta[4 * p + 1]!]) {
    const b = o / 8;
    if (moving(b) && (best < 0 || bodies.awakeIndex[b]! < bodies.awakeIndex[best]!)) best = b;
  }
  return best < 0 ? 0 : bodyThread[best]!;
}

const last = new Int32Array(bodies.capacity).fill(-1);
let touches = 0;
let colourToColour = 0;
let stageToColour = 0;
let colourToStage = 0;
const wasColour = new Uint8Array(bodies.capacity);
function touch(b: number, t: number, colour: boolean): void {
  touches++;
  const before = last[b]!;
  if (before >= 0 && before !== t) {
    if (colour && wasColour[b] === 1) colourToColour++;
    else if (colour) stageToColour++;
    else colourToStage++;
  }
  last[b] = t;
  wasColour[b] = colour ? 1 : 0;
}
function bodyStage(): void {
  for (let i = 0; i < awakeCount; i++) {
    const b = w.awakeBodies[i]!;
    touch(b, bodyThread[b]!, false);
  }
}
function sweep(): void {
  for (let c = 0; c < GRAPH_COLOUR_COUNT; c++) {
    const s = starts[c]!;
    const e = starts[c + 1]!;
    for (let p = s; p < e; p++) {
      const t = byBody ? keyThread(p) : threadOf(s, e, p);
      for (const o of [meta[4 * p]!, meta[4 * p + 1]!]) {
        const b = o / 8;
        if (moving(b)) touch(b, t, true);
      }
    }
  }
}
function subStep(): void {
  bodyStage();
  sweep();
  sweep();
  bodyStage();
  sweep();
}
// one sub-step to set where each body was last, then the counted one
subStep();
touches = colourToColour = stageToColour = colourToStage = 0;

subStep();

// balance: per colour, the constraints of the thread with most, summed over the colours
// (what a sweep waits for at its barriers), against an even split
let longest = 0;
for (let c = 0; c < GRAPH_COLOUR_COUNT; c++) {
  const per = new Array<number>(threads).fill(0);
  for (let p = starts[c]!; p < starts[c + 1]!; p++) {
    const t = byBody ? keyThread(p) : threadOf(starts[c]!, starts[c + 1]!, p);
    per[t]!++;
  }
  longest += Math.max(...per);
}

let preparedAway = 0;
for (let c = 0; c < GRAPH_COLOUR_COUNT; c++) {
  for (let p = starts[c]!; p < starts[c + 1]!; p++) {
    // by body, each thread prepares and stores its share of every colour (cutSharesByBody)
    const prepared = byBody ? keyThread(p) : threadOf(0, count, p);
    const solved = byBody ? keyThread(p) : threadOf(starts[c]!, starts[c + 1]!, p);
    if (prepared !== solved) preparedAway++;
  }
}
const pc = (x: number, of: number) => `${x} (${((100 * x) / of).toFixed(1)} %)`;
console.log(
  `${sceneName}, ${threads} threads, step ${steps}: ${awakeCount} awake bodies, ${count} constraints (overflow ${starts[0]})`,
);
console.log(`body touches per sub-step: ${touches}`);
console.log(`  hand-overs colour to colour: ${pc(colourToColour, touches)}`);
console.log(`  hand-overs body stage to colour: ${pc(stageToColour, touches)}`);
console.log(`  hand-overs colour to body stage: ${pc(colourToStage, touches)}`);
console.log(`  all: ${pc(colourToColour + stageToColour + colourToStage, touches)}`);
console.log(
  `a sweep's longest thread: ${longest} constraints, ${((longest * threads) / (count - starts[0]!)).toFixed(3)} of an even split`,
);
console.log(`constraints prepared and stored away from their solving thread: ${pc(preparedAway, count)}`);
console.log(`state hash ${world.stateHash()}`);
