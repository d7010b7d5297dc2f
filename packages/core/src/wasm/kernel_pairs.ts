/**
 * The broad phase's pair walk in the kernel (docs/wasm-kernel.md, "The pair walk in the
 * kernel"): where the arrays the walk reads are (scripts/wasm/kernel_pairs_wat.mjs
 * PAIR_ARRAYS: the trees' boxes and nodes, the move index, prevFat, the query records and
 * hits of BroadPhase.queries), and the one call that walks a step's queued queries; and
 * the self-walk of the dynamic tree (BroadPhase.findMovedPairs' candidates, in its order).
 */

import type { BroadPhase } from '../collision/broad_phase.js';
import type { PAIR_ARRAYS } from './contact_kernel_bytes.js';
import type { KernelMemory } from './kernel_memory.js';
import type { PairShare } from '../world/contact_kernel_hook.js';

/** The kernel's exports of kernel_pairs_wat.mjs. */
export interface PairExports {
  setPairsLayout(...offsets: number[]): void;
  queryPairs(start: number, end: number, hitsLength: number): number;
  walkMovedPairs(root: number, moveCount: number, nodeCount: number, limit: number, room: number): number;
}

/** The solver helpers that get a traversal stack of their own (solver threads 1 to 15). */
export const HELPER_STACKS = 15;

/**
 * What the kernel owns for the walk: its traversal stack, in its memory; on a shared memory,
 * `helperStacks` too: HELPER_STACKS stacks of `stride` entries, one a solver helper, for
 * the QueryPairs blocks the helpers' instances run (kernel_block.ts).
 */
export class PairWalkScratch {
  stack = new Int32Array(64);
  helperStacks = new Int32Array(0);
  stride = 0;
}

/** The stack the QueryPairs walks need: every tree's height plus two entries. */
function queryStack(bp: BroadPhase): number {
  const trees = bp.trees;
  return Math.max(trees[0].getHeight(), trees[1].getHeight(), trees[2].getHeight()) + 2;
}

/**
 * Sizes the stacks for QueryPairs blocks on any thread, before the stage is handed out: this
 * thread's, and on a shared memory the helpers' (a growth moves them: the helpers are given
 * the new offsets with the next share).
 */
export function readyQueryStacks(
  memory: KernelMemory,
  bp: BroadPhase,
  own: PairWalkScratch,
  shared: boolean,
): void {
  const need = queryStack(bp);
  if (own.stack.length < need) memory.grow(own.stack, 2 * need);
  if (shared && own.stride < need) {
    own.stride = 2 * need;
    own.helperStacks = memory.grow(own.helperStacks, HELPER_STACKS * own.stride);
  }
}

/** The helpers' pair walk on a shared memory (kernel_block.ts): `layout`, the offsets of PAIR_ARRAYS' paths. */
export function pairShare(memory: KernelMemory, own: PairWalkScratch, layout: number[]): PairShare {
  const at = memory.offsetOf(own, 'helperStacks');
  return {
    layout,
    stack: layout.indexOf(memory.offsetOf(own, 'stack')),
    stacks: Array.from({ length: HELPER_STACKS }, (_, i) => at + 4 * i * own.stride),
  };
}

/** The store and field of a PAIR_ARRAYS path: a field below the broad phase, or the scratch's stack. */
export function pairArray(
  bp: BroadPhase,
  own: PairWalkScratch,
  path: (typeof PAIR_ARRAYS)[number],
): [store: object, key: string] {
  if (path === 'stack') return [own, 'stack'];
  const parts = path.split('.');
  let store = bp as unknown as Record<string, object>;
  for (let i = 0; i < parts.length - 1; i++) store = store[parts[i]!] as Record<string, object>;
  return [store, parts[parts.length - 1]!];
}

/**
 * Walks queries [0, count) of `bp.queries` in the kernel (pair_query.ts queryPairsBlock's
 * hits and ranges): the stack is sized first (every tree's height plus two), since the
 * kernel cannot grow it; its growth may move the memory, so nothing is held across it.
 */
export function queryPairs(
  x: PairExports,
  memory: KernelMemory,
  bp: BroadPhase,
  own: PairWalkScratch,
  count: number,
): void {
  readyQueryStacks(memory, bp, own, false);
  x.queryPairs(0, count, bp.queries.hits.length);
}

/**
 * BroadPhase.findMovedPairs' marking and walk in the kernel (a MovedPairsWalk): the
 * candidates into `bp.movedPairs`, their count returned. The stack is sized first (a descent
 * splits a node at each of at most twice the height's steps and leaves at most two pairs
 * behind each time); the kernel says when the candidates (-1) or the stack (-2) ran out, and
 * the walk runs again with more room (it writes nothing else but the marks, set again).
 */
export function walkMovedPairs(
  x: PairExports,
  memory: KernelMemory,
  bp: BroadPhase,
  own: PairWalkScratch,
  moveCount: number,
): number {
  const tree = bp.trees[2];
  const need = 8 * tree.getHeight() + 16;
  if (own.stack.length < need) memory.grow(own.stack, 2 * need);
  for (;;) {
    const n = x.walkMovedPairs(
      tree.root,
      moveCount,
      tree.capacity,
      bp.movedPairs.length >> 1,
      own.stack.length,
    );
    if (n >= 0) return n;
    if (n === -1) memory.grow(bp.movedPairs, 2 * bp.movedPairs.length);
    else memory.grow(own.stack, 2 * own.stack.length);
  }
}
