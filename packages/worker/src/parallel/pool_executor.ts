/**
 * The helper pool as the soft step's executor: the step hands each stage's item range to
 * `runStage`, which cuts it into blocks for the coordinator and the helpers and returns at
 * the barrier with the or of the blocks' results.
 *
 * `RangeStepExecutor` names what the pool needs of the core's step executor (issue 26, the
 * `StepExecutor` of packages/core/src/world/step_executor.ts, being written alongside
 * this): a stage id, an item range, blocks that touch only their own items, and an
 * order-free result. The world argument stays on the coordinator: helpers reach the same
 * stores through shared memory (WorldDef.sharedMemory) and their kernel module.
 */

import { MAX_BLOCKS } from './control_block.js';
import type { HelperPool } from './pool.js';

/** The step's side of the seam: what the core's StepExecutor asks. */
export interface RangeStepExecutor<W> {
  /** Runs `stage` over items [start, end); returns after all of it, with the or of its blocks' results. */
  runStage(w: W, stage: number, start: number, end: number): number;
}

export interface PoolExecutorOptions {
  /** Fewest items in a block: below it, a block's work costs less than its claim. Default 32. */
  readonly minBlockItems?: number;
  /** Blocks per thread, so a thread slowed by the machine leaves its share to the others. Default 4. */
  readonly blocksPerThread?: number;
}

/** The executor that runs stages on `pool`. */
export class PoolStepExecutor<W> implements RangeStepExecutor<W> {
  readonly #pool: HelperPool;
  readonly #minBlockItems: number;
  readonly #maxBlocks: number;

  constructor(pool: HelperPool, options: PoolExecutorOptions = {}) {
    const minBlockItems = options.minBlockItems ?? 32;
    const blocksPerThread = options.blocksPerThread ?? 4;
    for (const [field, v] of [
      ['minBlockItems', minBlockItems],
      ['blocksPerThread', blocksPerThread],
    ] as const) {
      if (!Number.isInteger(v) || v < 1) {
        throw new RangeError(`PoolStepExecutor: ${field} must be a positive integer, got ${v}`);
      }
    }
    this.#pool = pool;
    this.#minBlockItems = minBlockItems;
    this.#maxBlocks = Math.min(MAX_BLOCKS, (pool.helperCount + 1) * blocksPerThread);
  }

  /** Blocks for a range of `items` items: enough to share, none smaller than minBlockItems. */
  blocksFor(items: number): number {
    // an int32, never a boxed double
    return Math.max(1, Math.min(this.#maxBlocks, Math.floor(items / this.#minBlockItems))) | 0;
  }

  runStage(_w: W, stage: number, start: number, end: number): number {
    return this.#pool.runStage(stage, start, end, this.blocksFor(end - start));
  }
}
