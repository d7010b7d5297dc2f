/**
 * What the world knows of the WebAssembly contact kernel (docs/wasm-kernel.md, "Shipped as
 * an option"): interfaces, no code. The kernel itself (bytes, memory, calls) is in the
 * `@impulse/core/wasm` entry, which a user imports and passes as `WorldDef.contactKernel`,
 * so that a world without it loads none of it.
 */

import type { ArrayPlacement } from '../base/array.js';
import type { BroadPhase } from '../collision/broad_phase.js';
import type { JointsState } from '../joints/joints_state.js';
import type { SolverStage } from './solver_stages.js';
import type { ContactKernelName, ContactKernelSource } from '../types/contact_kernel.js';

/** `wasmContactKernel` as the world attaches it (its def's type is types/contact_kernel.ts'). */
export interface AttachableContactKernel extends ContactKernelSource {
  /**
   * Moves the world's swept stores into a kernel memory of its own and returns the kernel
   * bound to them; null where WebAssembly cannot run (missing, or compiling refused): the
   * world then runs the JS sweeps. `shared`: the world's stores are on shared memory
   * (WorldDef.sharedMemory): so is the kernel's, for the solver helpers.
   */
  attach(w: JointsState, core: KernelCore, owner: object, shared?: boolean): AttachedContactKernel | null;
}

/**
 * What the core hands the kernel when it attaches (world/solver.ts KERNEL_CORE): the pieces
 * of the step the kernel reuses. The `wasm` entry imports no module of the core for them: a
 * module two entries share goes into a chunk by the set of entries that reach it, so each
 * one the kernel imported split off from its chunk and grew the default bundles (the worker
 * start by 0.3 kB, the main thread by 0.7 kB, session 22).
 */
export interface KernelCore {
  /** The one entry for a block of a stage (world/solver_stages.ts), for stages the kernel leaves to the JS. */
  runSolverBlock(w: JointsState, stage: SolverStage, start: number, end: number): number;
  /** Where a growing array asks its memory to grow it (base/array.ts). */
  readonly placements: WeakMap<ArrayBufferLike, ArrayPlacement>;
  /** The stages' numbers. */
  readonly stage: typeof SolverStage;
  /** The constraint graph's colours (GRAPH_COLOUR_COUNT). */
  readonly colourCount: number;
  /** The realm's count of shared buffers (base/array.ts): a shared kernel memory counts its moves. */
  readonly sharedGeneration: { value: number };
  /** The constraints from which a step's layout is in regions (GRAPH_REGION_MIN_CONSTRAINTS). */
  readonly regionMin: number;
  /**
   * The layout of the `n` constraints the kernel coloured and sorted, in regions
   * (dynamics/constraint_graph.ts layOut): the kernel's colouring leaves that to the JS.
   */
  layOut(w: JointsState, n: number): void;
}

/**
 * What a helper needs to run the kernel on a world's shared kernel memory: the memory, the
 * kernel's module (compiled for a shared memory), and the offsets its layout functions
 * take: `setLayout`'s five, then `setStagesLayout`'s (wasm/kernel_block.ts). Posted to the
 * helpers with the stores (structured clone shares the memory and the module).
 */
export interface KernelShare {
  readonly memory: object;
  readonly module: object;
  readonly layout: readonly number[];
  /**
   * The byte offset of the layout groups' starts (the constraint graph's `groupStart`: the
   * colours, or the regions' colours then the seams'; placed in the memory) when the module
   * has the f64x2 sweeps, else -1 (the scalar ones).
   */
  readonly colours: number;
  /** The collide module's, for the helpers' Collide blocks; null where it did not compile (the JS's). */
  readonly collide: CollideShare | null;
  /** The pair walk's, for the helpers' QueryPairs blocks (wasm/kernel_pairs.ts). */
  readonly pairs: PairShare;
  /** The bodies' finish's, for the helpers' FinalizeBodies blocks (wasm/finish_range.ts). */
  readonly finish: FinishShare;
}

/**
 * What a helper needs to run the kernel's finish on its own instance of the blocks module:
 * the module, `setBlocksLayout`'s three offsets, `setFinishLayout`'s (FINISH_ARRAYS' order),
 * and the list of bodies left to the JS (its byte offset and length in items).
 */
export interface FinishShare {
  readonly module: object;
  readonly blocks: readonly number[];
  readonly layout: readonly number[];
  readonly list: number;
  readonly listLength: number;
}

/**
 * What a helper needs to run the kernel's pair walk on its instance: `setPairsLayout`'s
 * offsets, with entry `stack` (the traversal stack's) replaced by `stacks[t - 1]` on solver
 * thread t, a stack of its own sized for this step's trees (readyQueryStacks).
 */
export interface PairShare {
  readonly layout: readonly number[];
  readonly stack: number;
  readonly stacks: readonly number[];
}

/**
 * What a helper needs to run the kernel's collide block on its own instance
 * (wasm/collide_range.ts): the module and the byte offsets its layout functions take.
 */
export interface CollideShare {
  readonly module: object;
  /** `setCollideBlockLayout`'s offsets (COLLIDE_ARRAYS' order). */
  readonly layout: readonly number[];
  /** The quad cache's records (`setCollideLayout`'s first). */
  readonly quads: number;
  /** The helpers' I/O records (`setCollideLayout`'s second): solver thread t > 0 takes io[t - 1]. */
  readonly io: readonly number[];
  /** The list of pairs left to the JS: its byte offset and its length in items. */
  readonly list: number;
  readonly listLength: number;
}

/** A kernel bound to one world's stores. */
export interface AttachedContactKernel {
  readonly name: ContactKernelName;
  /**
   * Runs a stage over its items [0, count) on this thread (constraints; awake bodies for
   * the body stages), as the JS runs it in one block (runSolverBlock), with the same bits
   * and the same result's zeroness.
   */
  sweep(w: JointsState, stage: SolverStage, count: number): number;
  /**
   * Walks the queued pair queries [0, count) of `w.broadPhase.queries` on this thread
   * (collision/pair_query.ts queryPairsBlock over the whole block): the same hits and ranges.
   */
  queryPairs(w: JointsState, count: number): void;
  /**
   * The broad phase's self-walk of its dynamic tree (BroadPhase.findMovedPairs' marking and
   * walk) on this thread: its candidates, in its order, into `bp.movedPairs`; their count.
   */
  walkMovedPairs(bp: BroadPhase, moveCount: number): number;
  /**
   * Colours the touching awake contacts on this thread (dynamics/contact_solver.ts
   * colourConstraints, reserves included): the same places, meta records and graph words;
   * returns the constraint count.
   */
  colour(w: JointsState): number;
  /** Moves the stores of `w` into the kernel memory again: a restore replaced them. */
  adopt(w: JointsState): void;
  /**
   * Runs one block [start, end) of a stage on this thread, as runSolverBlock does, by the
   * kernel where it has the stage (the same bits: wasm/kernel_block.ts); the parameter
   * record written before (writeParams). What a step executor other than the serial one
   * runs on the calling thread.
   */
  runBlock(w: JointsState, stage: SolverStage, start: number, end: number): number;
  /**
   * Readies the Collide stage's blocks over `count` awake contacts for any thread (the
   * list's room, the new shapes' kinds): on the calling thread, before the stage is handed
   * to helpers (parallel.ts ParallelStep.beforeDispatch).
   */
  beforeCollide(w: JointsState, count: number): void;
  /**
   * Readies the QueryPairs stage's blocks for any thread (the traversal stacks' room, for this
   * step's trees): on the calling thread, before the stage is handed out. True when helpers
   * may run them by the kernel (its memory is shared).
   */
  beforeQueries(w: JointsState): boolean;
  /**
   * Readies the FinalizeBodies stage's blocks over `count` awake bodies for any thread (the
   * list's room, the round records, the finish's doubles): on the calling thread, before
   * the stage is handed out. True when helpers may run them by the kernel (shared memory).
   */
  beforeFinish(w: JointsState, count: number): boolean;
  /** Writes the step's doubles that the kernel's stages read into its memory: before blocks run. */
  writeParams(w: JointsState): void;
  /** What solver helpers need to run the kernel's blocks; null unless its memory is shared. */
  share(): KernelShare | null;
}
