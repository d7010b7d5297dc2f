/**
 * One block of a stage by the WebAssembly kernel, on any thread: the calling thread's
 * kernel (contact_kernel.ts) and a solver helper's instance on the same shared memory
 * (parallel.ts createStageKernel) run the same calls. The kernel's functions over a range
 * write what runSolverBlock writes over it, item by item, so any cut into blocks on any
 * threads gives the JS's bits. The f64x2 sweeps take two constraints of one colour at a
 * time and a block may span small colours: with the layout groups' starts (`colours`: the
 * graph's groupStart, a colour or a region's colour each), a block is cut at them and each
 * piece runs by them; without, by the scalar ones.
 *
 * Imports no module of the core (the stage numbers and the JS's block come in `core`):
 * the `wasm` and `parallel` entries both load it.
 */

import type { JointsState } from '../joints/joints_state.js';
import type { SolverStage } from '../world/solver_stages.js';
import type { KernelShare } from '../world/contact_kernel_hook.js';

export type { KernelShare };

/** The kernel's range functions (scripts/wasm/kernel_wat.mjs, kernel_stages_wat.mjs). */
export interface BlockExports {
  setLayout(state: number, data: number, meta: number, again: number, params: number): void;
  setStagesLayout(...offsets: number[]): void;
  warmStart(start: number, end: number): void;
  solve(start: number, end: number, bias: number, stored: number, track: number, first: number): number;
  relaxAgain(start: number, end: number, track: number, first: number): void;
  /** applyContactRestitution over [start, end) (scripts/wasm/kernel_restitution_wat.mjs). */
  restitution(start: number, end: number, threshold: number): void;
  prepare(start: number, end: number): number;
  storeImpulses(start: number, end: number, keepMax: number): void;
  /** The pair walk over queued queries [start, end) (scripts/wasm/kernel_pairs_wat.mjs). */
  setPairsLayout(...offsets: number[]): void;
  queryPairs(start: number, end: number, hitsLength: number): number;
  integrateVelocities(start: number, end: number): void;
  integratePositions(start: number, end: number): void;
  /** The f64x2 module's (absent from the scalar one). */
  warmStart2(start: number, end: number): void;
  solve2(start: number, end: number, bias: number, stored: number, track: number, first: number): number;
}

/** A thread's way to run a block of the Collide stage (collide_range.ts, collide_block.ts). */
export interface RangedCollide {
  range(w: JointsState, start: number, end: number): number;
}

/** A thread's way to run a block of the FinalizeBodies stage (finish_range.ts). */
export interface RangedFinish {
  range(w: JointsState, start: number, end: number): number;
}

/** What a block needs of the core: the stage numbers and the JS's block for the other stages. */
export interface BlockCore {
  readonly stage: typeof SolverStage;
  runSolverBlock(w: JointsState, stage: SolverStage, start: number, end: number): number;
}

/** The number of `setLayout`'s offsets at the head of KernelShare.layout. */
export const SWEEP_LAYOUT = 5;

/** Sets an instance's layout from a share's offsets. */
export function setBlockLayout(x: BlockExports, layout: readonly number[]): void {
  const [state, data, meta, again, params] = layout;
  x.setLayout(state!, data!, meta!, again!, params!);
  x.setStagesLayout(...layout.slice(SWEEP_LAYOUT));
}

/**
 * Runs block [start, end) of `stage` by the kernel when it has the stage (the parameter
 * record written before: WasmContactKernel.writeParams), else by the JS. `colours`: the
 * constraint graph's groupStart for the f64x2 sweeps, or null; `collide`: this thread's
 * collide blocks (collide_range.ts), or null for the JS's; `walks`: the instance's pair walk
 * has a traversal stack of this thread's (sized for the step: readyQueryStacks), else the
 * QueryPairs blocks are the JS's; `finish`: this thread's FinalizeBodies blocks
 * (finish_range.ts), or null for the JS's.
 */
export function kernelBlock(
  x: BlockExports,
  core: BlockCore,
  w: JointsState,
  stage: SolverStage,
  start: number,
  end: number,
  colours: Int32Array | null,
  collide: RangedCollide | null,
  walks: boolean,
  finish: RangedFinish | null,
): number {
  const S = core.stage;
  const ctx = w.stepContext;
  const k = w.constraints;
  switch (stage) {
    case S.PrepareContacts:
      return x.prepare(start, end);
    case S.IntegrateVelocities:
      x.integrateVelocities(start, end);
      return 0;
    case S.IntegratePositions:
      x.integratePositions(start, end);
      return 0;
    case S.WarmStart:
      if (colours !== null) return pairedBlock(x, 0, start, end, colours, 0, 0, 0, 0);
      x.warmStart(start, end);
      return 0;
    case S.Solve:
    case S.Relax: {
      const solve = stage === S.Solve;
      const stored = solve && ctx.separationsStored ? 1 : 0;
      const bias = solve ? 1 : 0;
      const track = k.tracking ? 1 : 0;
      const first = ctx.secondPointFirst & 1;
      if (colours !== null) return pairedBlock(x, 1, start, end, colours, bias, stored, track, first);
      return x.solve(start, end, bias, stored, track, first);
    }
    case S.RelaxAgain:
      x.relaxAgain(start, end, k.tracking ? 1 : 0, ctx.secondPointFirst & 1);
      return 0;
    case S.Restitution:
      x.restitution(start, end, w.settings.restitutionThreshold);
      return 0;
    case S.StoreImpulses:
      x.storeImpulses(start, end, k.trackMaxImpulse ? 1 : 0);
      return 0;
    case S.Collide:
      if (collide !== null) return collide.range(w, start, end);
      return core.runSolverBlock(w, stage, start, end);
    case S.FinalizeBodies:
      if (finish !== null) return finish.range(w, start, end);
      return core.runSolverBlock(w, stage, start, end);
    case S.QueryPairs:
      if (walks) return x.queryPairs(start, end, w.broadPhase.queries.hits.length);
      return core.runSolverBlock(w, stage, start, end);
    default:
      return core.runSolverBlock(w, stage, start, end);
  }
}

/**
 * A warm start (`solve` 0) or solve block by the f64x2 functions, cut at the colours'
 * starts: the overflow's part by the scalar code (its constraints may share bodies), then
 * each colour's part in turn, the order of the JS's loop.
 */
function pairedBlock(
  x: BlockExports,
  solve: number,
  start: number,
  end: number,
  colours: Int32Array,
  bias: number,
  stored: number,
  track: number,
  first: number,
): number {
  let result = 0;
  let s = start;
  const overflow = Math.min(end, colours[0]!);
  if (s < overflow) {
    if (solve === 0) x.warmStart(s, overflow);
    else result |= x.solve(s, overflow, bias, stored, track, first);
    s = overflow;
  }
  for (let c = 1; c < colours.length && s < end; c++) {
    const e = Math.min(end, colours[c]!);
    if (e <= s) continue;
    if (solve === 0) x.warmStart2(s, e);
    else result |= x.solve2(s, e, bias, stored, track, first);
    s = e;
  }
  return result;
}
