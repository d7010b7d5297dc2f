/**
 * @impulse/core/parallel — what a pool of solver workers needs to step one world together
 * (docs/parallel-step.md). Not part of the public API: @impulse/worker's physics worker
 * and its solver helpers use it.
 *
 * - The calling thread (the physics worker) makes a `ParallelStep` for a world on shared
 *   memory: its `kernel` runs a block on the world itself, `stores()` lists the shared
 *   columns and the mirror's, and `beforeDispatch()` mirrors the step's inputs before a
 *   stage is handed to helpers.
 * - A helper loads this module by URL and calls `createStageKernel(stores, kernel)`: a kernel
 *   that runs the same block functions on its world view (world/world_view.ts), and, for a
 *   world with the WebAssembly kernel on shared memory, the kernel's range functions on an
 *   instance of its own over that memory (`kernelShare()`; wasm/kernel_block.ts).
 *
 * A block's stage ids are `SolverStage`s (world/solver_stages.ts).
 */

import type { Column } from './base/columns.js';
import { cutColourByBody, cutSharesByBody } from './dynamics/constraint_graph.js';
import { runSolverBlock, SolverStage } from './world/solver_stages.js';
import { GRAPH_GROUPS } from './dynamics/constraint_graph_store.js';
import { serialExecutor, type StepExecutor } from './world/step_executor.js';
import { sharedMemoryGeneration, sharedStores } from './world/shared_memory.js';
import { StepMirror } from './world/step_mirror.js';
import { createWorldView, MirrorColumn, missingColumn, refreshWorldView } from './world/world_view.js';
import type { WorldState } from './world/world_state.js';
import { worldStateOf } from './world/world_access.js';
import type { World } from './world.js';
import { type BlockExports, type KernelShare, kernelBlock, setBlockLayout } from './wasm/kernel_block.js';
import { helperCollide, type RangedCollide } from './wasm/collide_range.js';
import { helperFinish, type RangedFinish } from './wasm/finish_range.js';
import { type WasmMemory, wasmApi } from './wasm/wasm_api.js';

export type { KernelShare };

export { sharedMemoryGeneration };
/** The stage ids a kernel is called with: @impulse/worker's dispatch thresholds name them. */
export { SolverStage };
/** StepExecutor.runColours' bit of the regions' phase (dynamics/constraint_graph.ts). */
export { REGION_PHASE_BIT } from './world/step_executor.js';

/** Runs a stage over items [start, end): one block (the pool's `StageKernel`). */
export type BlockKernel = (stage: number, start: number, end: number) => number;

/** Who runs a world's stages (world/step_executor.ts): a pool's executor, or null for one thread. */
export function setStepExecutor(world: World, executor: StepExecutor | null): void {
  worldStateOf(world).stepExecutor = executor ?? serialExecutor;
}

/** The calling thread's side of a world stepped by several threads. */
export class ParallelStep {
  readonly #w: WorldState;
  readonly #mirror = new StepMirror();
  /** Runs a block on the world itself. */
  readonly kernel: BlockKernel;

  constructor(world: World) {
    const w = worldStateOf(world);
    if (!w.sharedMemory) {
      throw new Error('ParallelStep: the world must be made with sharedMemory: true');
    }
    this.#w = w;
    // with the WebAssembly kernel, its blocks (the same bits)
    const kernel = w.contactKernel;
    this.kernel =
      kernel === null
        ? (stage, start, end) => runSolverBlock(w, stage as SolverStage, start, end)
        : (stage, start, end) => kernel.runBlock(w, stage as SolverStage, start, end);
  }

  /**
   * What the helpers need to run the WebAssembly kernel's blocks (post it with `stores()`:
   * its layout changes with them); null when the world has no kernel on shared memory.
   */
  kernelShare(): KernelShare | null {
    return this.#w.contactKernel?.share() ?? null;
  }

  /** The world's steps taken: constant within a step (a sweep plan's check besides beginStep). */
  stepCount(): number {
    return this.#w.stepCount;
  }

  /** Changes whenever `stores()` would list other buffers (compare between dispatches). */
  generation(): number {
    return sharedMemoryGeneration();
  }

  /** The columns helpers view: the world's shared stores and the mirror's. */
  stores(): Record<string, Column> {
    const out = sharedStores(this.#w);
    out[MirrorColumn.inputs] = this.#mirror.inputs;
    out[MirrorColumn.geometry] = this.#mirror.geometry;
    out[MirrorColumn.stamps] = this.#mirror.stamps;
    return out;
  }

  /**
   * True when helpers can run blocks: every column they need is shared (a store that fell
   * back to plain memory keeps its stages on the calling thread).
   */
  shareable(stores: Readonly<Record<string, Column>>): boolean {
    return missingColumn(stores) === null;
  }

  /**
   * Cuts a colour stage's range [start, end) into `blocks` blocks at the bodies where the
   * body stages' blocks cut them (dynamics/constraint_graph.ts cutColourByBody: block b is
   * two ranges, `[out[4b], out[4b + 1])` and `[out[4b + 2], out[4b + 3])`). False when the
   * range is not one colour's: cut it evenly then.
   */
  colourCuts(start: number, end: number, blocks: number, out: Int32Array): boolean {
    const w = this.#w;
    return cutColourByBody(w.constraints.graph, w.awakeBodyCount, start, end, blocks, out);
  }

  /**
   * Cuts all constraints into each thread's share of each colour, in thread order
   * (cutSharesByBody), for preparing and storing them on the thread that solves them; the
   * block count, or 0 (cut evenly then).
   */
  shareCuts(threads: number, out: Int32Array): number {
    const w = this.#w;
    return cutSharesByBody(w.constraints.graph, w.awakeBodyCount, threads, out);
  }

  /**
   * Mirrors the step's inputs for helpers; call before each stage they may run, with the
   * stage (the WebAssembly kernel readies its Collide blocks: grown arrays publish anew).
   */
  beforeDispatch(stage = -1): void {
    const w = this.#w;
    this.#mirror.write(w);
    if (stage === SolverStage.Collide) w.contactKernel?.beforeCollide(w, w.awakeContactCount);
  }
}

const BLOCK_CORE = { stage: SolverStage, runSolverBlock };

/**
 * A helper's kernel over `stores` (StageKernelModule of @impulse/worker's pool); with
 * `kernel` (ParallelStep.kernelShare), the WebAssembly kernel's stages by an instance on
 * its shared memory. `thread`: the helper's solver thread (1 for the first helper), whose
 * I/O record its collide blocks use; 0 leaves the Collide stage to the JS.
 */
export function createStageKernel(
  stores: Readonly<Record<string, Column>>,
  kernel: KernelShare | null = null,
  thread = 0,
): BlockKernel {
  const view = createWorldView(stores);
  const w = view.world;
  const x = kernel === null ? null : instantiate(kernel);
  const collide = kernel === null ? null : collideOf(kernel, thread);
  const walks = x !== null && kernel !== null && setWalkStack(x, kernel, thread);
  const finish = kernel === null ? null : finishOf(kernel);
  // the layout groups' starts in the shared memory (a shared memory's buffer is never detached)
  const colours =
    kernel === null || kernel.colours < 0
      ? null
      : new Int32Array((kernel.memory as WasmMemory).buffer, kernel.colours, GRAPH_GROUPS);
  if (x === null) {
    return (stage, start, end) => {
      refreshWorldView(view);
      return runSolverBlock(w, stage as SolverStage, start, end);
    };
  }
  return (stage, start, end) => {
    refreshWorldView(view);
    return kernelBlock(x, BLOCK_CORE, w, stage as SolverStage, start, end, colours, collide, walks, finish);
  };
}

/** The helper's collide blocks (wasm/collide_range.ts), or null for the JS's. */
function collideOf(share: KernelShare, thread: number): RangedCollide | null {
  const api = wasmApi();
  if (api === null || share.collide === null || thread < 1) return null;
  return helperCollide(api, share.memory as WasmMemory, share.collide, thread, BLOCK_CORE);
}

/** The helper's finish blocks (wasm/finish_range.ts), or null for the JS's. */
function finishOf(share: KernelShare): RangedFinish | null {
  const api = wasmApi();
  if (api === null) return null;
  return helperFinish(api, share.memory as WasmMemory, share.finish, BLOCK_CORE);
}

/** Gives the helper's instance the pair walk's layout with its own traversal stack; false without one. */
function setWalkStack(x: BlockExports, share: KernelShare, thread: number): boolean {
  const stack = share.pairs.stacks[thread - 1];
  if (stack === undefined) return false;
  const layout = share.pairs.layout.slice();
  layout[share.pairs.stack] = stack;
  x.setPairsLayout(...layout);
  return true;
}

/** An instance of the shared kernel's module on its memory, its layout set. */
function instantiate(share: KernelShare): BlockExports {
  const api = wasmApi();
  if (api === null) throw new Error('createStageKernel: no WebAssembly here for the contact kernel');
  const memory = share.memory as WasmMemory;
  const x = new api.Instance(share.module, { env: { memory } }).exports as unknown as BlockExports;
  setBlockLayout(x, share.layout);
  return x;
}
