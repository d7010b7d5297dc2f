/**
 * The dynamic tree's rebuild in the kernel (docs/wasm-kernel.md, "The tree's rebuild in the
 * kernel"; scripts/wasm/kernel_rebuild_wat.mjs): the scratch it works in, in the kernel's
 * memory, and the call that stands for DynamicTree.rebuild once the root is known internal.
 */

import type { DynamicTree } from '../collision/dynamic_tree.js';
import type { KernelMemory } from './kernel_memory.js';

/** The kernel's export of kernel_rebuild_wat.mjs. */
export interface RebuildExports {
  rebuildTree(
    box: number,
    node: number,
    root: number,
    full: number,
    items: number,
    centers: number,
    stack: number,
    bounds: number,
    freed: number,
  ): number;
}

/**
 * The rebuild's scratch, one for the three trees (one rebuild at a time): the items, their
 * centres (two doubles each), the walk's and then the build's stack (four int32s a range),
 * each range's centre bounds (four doubles) and the freed internal nodes.
 */
export class RebuildScratch {
  items = new Int32Array(16);
  centers = new Float64Array(32);
  stack = new Int32Array(72);
  bounds = new Float64Array(72);
  freed = new Int32Array(16);
  /**
   * The byte offsets the call takes, after each move (rebuildLayout): the five above in
   * order, then each tree's boxes and nodes (trees 0, 1, 2).
   */
  readonly at = new Int32Array(11);
}

/** The scratch's arrays, in the call's order. */
export const REBUILD_ARRAYS = ['items', 'centers', 'stack', 'bounds', 'freed'] as const;

/** Takes the scratch's and the trees' byte offsets (after any region moved). */
export function rebuildLayout(
  memory: KernelMemory,
  own: RebuildScratch,
  trees: readonly DynamicTree[],
): void {
  for (let i = 0; i < REBUILD_ARRAYS.length; i++) own.at[i] = memory.offsetOf(own, REBUILD_ARRAYS[i]!);
  for (let t = 0; t < 3; t++) {
    own.at[5 + 2 * t] = memory.offsetOf(trees[t]!, 'box');
    own.at[6 + 2 * t] = memory.offsetOf(trees[t]!, 'node');
  }
}

/**
 * Sizes the scratch for a rebuild of a tree of `capacity` nodes, as the kernel cannot grow
 * it. A growth moves regions (the trees' too) and may replace the memory and the instance:
 * the caller takes the exports after this.
 */
export function reserveRebuild(memory: KernelMemory, own: RebuildScratch, capacity: number): void {
  const n = capacity;
  if (own.items.length < n) memory.grow(own.items, n);
  if (own.centers.length < 2 * n) memory.grow(own.centers, 2 * n);
  if (own.stack.length < 4 * n + 8) memory.grow(own.stack, 4 * n + 8);
  if (own.bounds.length < 4 * n + 8) memory.grow(own.bounds, 4 * n + 8);
  if (own.freed.length < n) memory.grow(own.freed, n);
}

/**
 * DynamicTree.rebuild of `tree`, the broad phase's tree `t` (its root internal), in the
 * kernel, the scratch reserved: returns the item count and sets the root.
 */
export function rebuildTree(
  x: RebuildExports,
  own: RebuildScratch,
  tree: DynamicTree,
  t: number,
  full: boolean,
): number {
  const at = own.at;
  const count = x.rebuildTree(
    at[5 + 2 * t]!,
    at[6 + 2 * t]!,
    tree.root,
    full ? 1 : 0,
    at[0]!,
    at[1]!,
    at[2]!,
    at[3]!,
    at[4]!,
  );
  tree.root = own.freed[count - 2]!;
  return count;
}
