/**
 * The bodies' finish in the kernel (docs/wasm-kernel.md, "The bodies' finish in the
 * kernel"): where the arrays it reads and writes are (scripts/wasm/kernel_finish_wat.mjs
 * FINISH_ARRAYS), and the FinalizeBodies stage as one call of the kernel's `finish` over the
 * awake bodies, which finishes the bodies of cached quadrilaterals, circles and capsules
 * (their records the collide block's) and lists the others; the JS's finalizeBodyRange then
 * runs on the listed ones, in runs of consecutive awake indices.
 */

import { worldArray } from './kernel_paths.js';
import { finishRange } from './finish_range.js';
import type { JointsState } from '../joints/joints_state.js';
import type { FinishShare, KernelCore } from '../world/contact_kernel_hook.js';
import { FINISH_ARRAYS, KERNEL_PARAMS } from './contact_kernel_bytes.js';
import type { KernelMemory } from './kernel_memory.js';
import type { CollideBlock } from './collide_block.js';

/** The kernel's exports of kernel_finish_wat.mjs. */
export interface FinishExports {
  setFinishLayout(...offsets: number[]): void;
  finish(start: number, end: number, enableContinuous: number, enableSleep: number): number;
}

/** The finish's own array among FINISH_ARRAYS. */
const OWN = ['list'];

export class FinishBlock {
  /** The awake indices the kernel left to the JS, a region of the kernel memory. */
  list = new Int32Array(64);

  /** `records`: the collide block, which writes the circles' and capsules' records the finish reads. */
  constructor(private readonly records: CollideBlock) {}

  /** The store and field of a FINISH_ARRAYS path (`list` is the block's own). */
  array(w: JointsState, path: (typeof FINISH_ARRAYS)[number]): [store: object, key: string] {
    return worldArray(w, path, this, OWN);
  }

  /**
   * Readies blocks over awake bodies [0, count) on any thread: the list's room, the round
   * records (unless this step's Collide stage wrote them), the finish's doubles.
   */
  ready(params: () => Float64Array, w: JointsState, m: KernelMemory, count: number): void {
    if (this.list.length < count) this.list = m.grow(this.list, Math.max(count, 2 * this.list.length));
    this.records.recordForFinish(w, m);
    const settings = w.settings;
    const p = params();
    p[KERNEL_PARAMS.finish] = w.stepContext.dt;
    p[KERNEL_PARAMS.finish + 1] = settings.continuousMinSpeed;
  }

  /**
   * The FinalizeBodies stage over awake bodies [0, count): the kernel's pass, then the JS's
   * on the list. `x` gives the current instance (growing the list may bind a new one).
   */
  run(
    x: () => FinishExports,
    core: KernelCore,
    params: () => Float64Array,
    w: JointsState,
    m: KernelMemory,
    count: number,
  ): number {
    this.ready(params, w, m, count);
    return finishRange(x(), this.list, core, w, 0, count);
  }

  /** What the helpers need to run blocks: `blocks`, the blocks module and setBlocksLayout's offsets. */
  share(w: JointsState, m: KernelMemory, module: object, blocks: number[]): FinishShare {
    return {
      module,
      blocks,
      layout: FINISH_ARRAYS.map((path) => m.offsetOf(...this.array(w, path))),
      list: m.offsetOf(this, 'list'),
      listLength: this.list.length,
    };
  }
}
