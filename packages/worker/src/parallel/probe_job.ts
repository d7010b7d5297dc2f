/**
 * The probe job: a staged job that exercises the helper pool without physics, for its tests
 * and its benchmark (scripts/pool_bench.ts): coloured per-edge updates (like constraint
 * colours: no two edges of a colour share an item) and per-item updates (like
 * integration), over shared typed arrays. Its floating-point updates do not commute across
 * colours, so a block run twice, skipped, or run on stale buffers changes the bits. A
 * `StageKernelModule`: helpers load it by URL (`probeJobUrl`).
 */

import type { StageKernel } from './control_block.js';
import type { SharedStores } from './messages.js';

/** params: item count, colour count, the job's name, the stage that fails on helpers. */
enum P {
  ITEMS = 0,
  COLOURS = 1,
  /** Names the job, for the thread tags (`tags`). */
  JOB = 2,
  /** A stage whose blocks throw on helpers (tests of error reports); -1: none. */
  FAIL_ON_HELPERS = 3,
  /** The coordinator's blocks wait until helpers have run this many blocks in all; 0: never. */
  WAIT_FOR_HELPER_RUNS = 4,
  SIZE = 5,
}

/** Stage ids: the colours are stages 0 .. colours-1; this one updates every item. */
export const ITEM_STAGE = 1000;
/** A stage whose blocks do nothing: what a dispatch and its barrier cost on their own. */
export const EMPTY_STAGE = 1001;

export interface ProbeJob {
  stores: Record<string, Float64Array | Int32Array>;
  /** Blocks of each colour stage, then of the item stage. */
  colourBlocks: number[];
  itemBlocks: number;
}

/**
 * The URL helpers load this module from: this file when built; run from the sources (this
 * repository's tests), the build's, as for the helper script (spawn_node.ts).
 */
export function probeJobUrl(): string {
  const builtName = '../../dist/parallel/probe_job.js';
  return import.meta.url.endsWith('.ts') ? new URL(builtName, import.meta.url).href : import.meta.url;
}

/** Makes `stage` throw on every helper (and not on the coordinator). */
export function failOnHelpers(job: ProbeJob, stage: number): void {
  (job.stores['probe.params'] as Int32Array)[P.FAIL_ON_HELPERS] = stage;
}

/**
 * Makes the coordinator's blocks wait until helpers have run `runs` blocks of this job in
 * all (the tests' "helpers take part", a condition instead of a hope: the coordinator runs
 * every block no helper has claimed, so on a busy machine it may otherwise finish a whole
 * job before a woken helper is scheduled). Only with helpers: a stage needs two blocks or
 * more, and the helpers must be ready, or the coordinator waits for ever.
 */
export function coordinatorWaitsForHelpers(job: ProbeJob, runs: number): void {
  (job.stores['probe.params'] as Int32Array)[P.WAIT_FOR_HELPER_RUNS] = runs;
}

/** Blocks helpers have run in all (tags 1 and up). */
function helperRunsSoFar(runs: Int32Array): number {
  let n = 0;
  for (let t = 1; t < 64; t++) n += Atomics.load(runs, t);
  return n;
}

/** Deterministic edges (an LCG), coloured greedily in order, laid out colour by colour. */
export function makeProbeJob(items: number, edges: number, edgeBlock: number, itemBlock: number): ProbeJob {
  let seed = 12345;
  const next = (n: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  const colourOf: number[] = [];
  const pairs: [number, number][] = [];
  const used: Set<number>[] = [];
  for (let e = 0; e < edges; e++) {
    const a = next(items);
    let b = next(items);
    if (b === a) b = (a + 1) % items;
    let c = 0;
    while (used[c]?.has(a) || used[c]?.has(b)) c++;
    if (c === used.length) used.push(new Set());
    used[c]!.add(a);
    used[c]!.add(b);
    colourOf.push(c);
    pairs.push([a, b]);
  }
  const colours = used.length;
  const colourStart = new Int32Array(new SharedArrayBuffer(4 * (colours + 1)));
  for (const c of colourOf) colourStart[c + 1]!++;
  for (let c = 0; c < colours; c++) colourStart[c + 1]! += colourStart[c]!;
  const edgeA = new Int32Array(new SharedArrayBuffer(4 * edges));
  const edgeB = new Int32Array(new SharedArrayBuffer(4 * edges));
  const fill = colourStart.slice(0, colours);
  pairs.forEach(([a, b], e) => {
    const at = fill[colourOf[e]!]!++;
    edgeA[at] = a;
    edgeB[at] = b;
  });
  const x = new Float64Array(new SharedArrayBuffer(8 * items));
  for (let i = 0; i < items; i++) x[i] = Math.sin(i) * 3;
  const params = new Int32Array(new SharedArrayBuffer(4 * P.SIZE));
  params[P.ITEMS] = items;
  params[P.COLOURS] = colours;
  params[P.JOB] = ++jobs;
  params[P.FAIL_ON_HELPERS] = -1;
  params[P.WAIT_FOR_HELPER_RUNS] = 0;
  const colourBlocks: number[] = [];
  for (let c = 0; c < colours; c++)
    colourBlocks.push(Math.ceil((colourStart[c + 1]! - colourStart[c]!) / edgeBlock));
  // blocks run by each thread, by the tag its kernel took (0 = the coordinator, which makes its kernel first)
  const runs = new Int32Array(new SharedArrayBuffer(4 * 65));
  return {
    stores: {
      'probe.x': x,
      'probe.edgeA': edgeA,
      'probe.edgeB': edgeB,
      'probe.colourStart': colourStart,
      'probe.params': params,
      'probe.runs': runs,
    },
    colourBlocks,
    itemBlocks: Math.ceil(items / itemBlock),
  };
}

/** The kernel (StageKernelModule): one block of a colour or of the item stage. */
export function createStageKernel(stores: SharedStores): StageKernel {
  const x = stores['probe.x'] as Float64Array;
  const edgeA = stores['probe.edgeA'] as Int32Array;
  const edgeB = stores['probe.edgeB'] as Int32Array;
  const params = stores['probe.params'] as Int32Array;
  const runs = stores['probe.runs'] as Int32Array;
  // runs[64] hands out tags; a thread keeps its tag when its kernel is re-made for the same job
  const job = params[P.JOB]!;
  const tag = tags.get(job) ?? Atomics.add(runs, 64, 1);
  tags.set(job, tag);
  return (stage, start, end) => {
    if (stage === params[P.FAIL_ON_HELPERS] && tag !== 0) {
      throw new Error(`probe job: stage ${stage} fails on helpers`);
    }
    if (tag === 0) {
      const want = Atomics.load(params, P.WAIT_FOR_HELPER_RUNS);
      while (helperRunsSoFar(runs) < want) {
        // spin: a helper that was woken for this stage claims a block of it
      }
    }
    Atomics.add(runs, tag, 1);
    if (stage === EMPTY_STAGE) return 0;
    if (stage === ITEM_STAGE) {
      // the result says whether some item went negative (an order-free or)
      let negative = 0;
      for (let i = start; i < end; i++) {
        x[i] = 0.5 * x[i]! + Math.cos(x[i]!);
        if (x[i]! < 0) negative = 1;
      }
      return negative;
    }
    // a colour: edges [start, end) of it
    for (let e = start; e < end; e++) {
      const i = edgeA[e]!;
      const j = edgeB[e]!;
      let a = x[i]!;
      let b = x[j]!;
      for (let k = 0; k < 8; k++) {
        a = a + 0.37 * Math.sin(b);
        b = 0.999 * b - 0.11 * a;
      }
      x[i] = a;
      x[j] = b;
    }
    return 0;
  };
}

/** This thread's tag per job. */
const tags = new Map<number, number>();
let jobs = 0;

/**
 * Runs `iterations` rounds (every colour in order, then the item stage) through `runStage`;
 * returns the or of the item stages' results.
 */
export function runProbeJob(
  job: ProbeJob,
  iterations: number,
  runStage: (stage: number, start: number, end: number, blocks: number) => number,
): number {
  const colourStart = job.stores['probe.colourStart'] as Int32Array;
  const items = (job.stores['probe.params'] as Int32Array)[P.ITEMS]!;
  let result = 0;
  for (let it = 0; it < iterations; it++) {
    for (let colour = 0; colour < job.colourBlocks.length; colour++) {
      runStage(colour, colourStart[colour]!, colourStart[colour + 1]!, job.colourBlocks[colour]!);
    }
    result |= runStage(ITEM_STAGE, 0, items, job.itemBlocks);
  }
  return result;
}
