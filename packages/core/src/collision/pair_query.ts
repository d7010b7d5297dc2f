/**
 * The pair search's tree walk for one query (a moved proxy against one tree), as a plain
 * function over typed arrays that any thread runs: the broad phase calls it on the calling
 * thread (BroadPhase.findPairs), and the step's `QueryPairs` stage runs blocks of queries
 * on helpers (queryPairsBlock), each writing its hits into its own range of a shared
 * Int32Array. The calling thread then reads the hits in query order and runs the pair
 * filter on them (BroadPhase.takeQueries), so the candidates, their order, and so every
 * hash, are the same whoever walked (docs/parallel-step.md, "Pair queries on helpers").
 *
 * A query is a record written by the calling thread (BroadPhase.queueMoved): five int32s
 * (the moved proxy's key, the tree searched, the node the walk starts at, the proxy's
 * query mask, where its box at the last search is in `prevFat`) and four doubles (its fat
 * box now). prevFat is read where it is: no walk writes it.
 */

import { replaceArraysOnce } from '../base/array.js';
import { IX, N } from './dynamic_tree.js';

/** Words of a query's int32 record. */
export enum Q {
  KEY = 0,
  TREE = 1,
  ROOT = 2,
  MASK = 3,
  /** The moved proxy's prevFat, as an offset into BroadPhase.prevFat (its shape times 4). */
  PREV = 4,
  STRIDE = 5,
}

/** Doubles of a query's box record: the box (minX, minY, maxX, maxY). */
export const QUERY_BOX_STRIDE = 4;

/** What a walk reads of the broad phase: the trees' node arrays, the move index and prevFat. */
export interface PairQuerySource {
  readonly trees: readonly { readonly box: Float64Array; readonly node: Int32Array }[];
  readonly moveIndex: readonly Int32Array[];
  readonly prevFat: Float64Array;
  readonly queries: PairQueries;
}

/**
 * The queries of one step and their hits, shared with helpers (world/shared_memory.ts):
 * query j's records at `Q.STRIDE * j` and `QUERY_BOX_STRIDE * j`; its hits (shape indices,
 * in walk order) at `hits[range[2j] .. range[2j + 1])`, or `range[2j]` = -1 when its block
 * ran out of room (the calling thread walks it again). A block of queries [s, e) writes
 * its hits into `hits[s * perQuery .. e * perQuery)`: blocks never share a word.
 */
export class PairQueries {
  item: Int32Array = new Int32Array(4 * Q.STRIDE);
  box: Float64Array = new Float64Array(4 * QUERY_BOX_STRIDE);
  range: Int32Array = new Int32Array(8);
  hits: Int32Array = new Int32Array(64);
  /** [0]: hit slots per query (a block's room is its queries times this). */
  meta: Int32Array = new Int32Array(1);

  constructor() {
    replaceArraysOnce(this);
  }
}

/** Traversal stack of this thread's blocks (a helper has its own module instance). */
let blockStack = new Int32Array(64);

/**
 * Runs queries [start, end): each query's hits go to the block's room in `hits`, and
 * `range` says where (or -1 from the first query that did not fit). Returns 1 when a
 * query did not fit, else 0.
 */
export function queryPairsBlock(bp: PairQuerySource, start: number, end: number): number {
  const q = bp.queries;
  const item = q.item;
  const range = q.range;
  const hits = q.hits;
  const perQuery = q.meta[0]!;
  let at = start * perQuery;
  const limit = Math.min(end * perQuery, hits.length);
  for (let j = start; j < end; j++) {
    const r = 2 * j;
    const o = Q.STRIDE * j;
    const tree = bp.trees[item[o + Q.TREE]!]!;
    const node = tree.node;
    // a node pushes at most its two children and pops itself: the height plus two entries
    const height = node[(Math.imul(item[o + Q.ROOT]!, N.STRIDE) & IX.MASK) + N.HEIGHT]!;
    if (blockStack.length < height + 2) blockStack = new Int32Array(2 * height + 4);
    const next =
      at < 0
        ? -1
        : walkQuery(
            tree.box,
            node,
            bp.moveIndex[item[o + Q.TREE]!]!,
            bp.prevFat,
            item,
            o,
            q.box,
            QUERY_BOX_STRIDE * j,
            blockStack,
            hits,
            at,
            limit,
          );
    range[r] = next < 0 ? -1 : at;
    range[r + 1] = next;
    at = next;
  }
  return at < 0 ? 1 : 0;
}

/**
 * Walks one query over one tree (`nb`, `node`; its `moveIndex`), writing the shapes of the
 * leaves it keeps into `hits` from `at`; returns the end of its hits, or -1 when they would
 * pass `limit`. The query: its int32 record at `item[o ..]` (Q) and its box at
 * `box[b .. b + 4)`: a queued query's box record, or, on the calling thread alone
 * (BroadPhase.findPairs), the moved proxy's own tree box, read where it is rather than
 * copied into a record first. `stack` holds at least the start node's height plus two
 * entries.
 *
 * Touching fat boxes count as overlapping. A leaf is kept unless it is the query's own
 * proxy, both moved and the other's key is the smaller (that search reports the pair), or
 * the two boxes at the last search (the other's box now if it did not move since, its
 * prevFat if it did) overlapped: then the pair has its contact or the filter turned it
 * down, and nothing it depends on changed (that would have emptied a prevFat, see
 * BroadPhase.bufferMove). Most of a moving pile's candidates are these (the tumbler: some
 * 7,000 of 8,500 a step), and the filter's pair-table lookup is a cache miss each.
 */
export function walkQuery(
  nb: Float64Array,
  node: Int32Array,
  moveIndex: Int32Array,
  prevFat: Float64Array,
  item: Int32Array,
  o: number,
  box: Float64Array,
  b: number,
  stack: Int32Array,
  hits: Int32Array,
  at: number,
  limit: number,
): number {
  const key = item[o + Q.KEY]!;
  const treeType = item[o + Q.TREE]!;
  const mask = item[o + Q.MASK]!;
  let count = at;
  // The search box and its prevFat are read by the loop's second pass: the first does
  // nothing but reach the back edge. V8 compiles this function in some processes only as
  // its loop (on-stack replacement), and every call then runs in the interpreter up to
  // the loop's first back edge, where each double it reads from a typed array is a new
  // heap number (148.6 KB a step in the tumbler, 2 of 8 processes); code before the loop
  // reads integers only (see contact_solver.ts solveContacts, docs/core-design.md).
  let minX = 0;
  let minY = 0;
  let maxX = 0;
  let maxY = 0;
  let prevMinX = 0;
  let prevMinY = 0;
  let prevMaxX = 0;
  let prevMaxY = 0;
  stack[0] = item[o + Q.ROOT]!;
  let top = 1;
  let pass = 0;
  // The stack holds nodes whose boxes and categories are known to pass: an internal node
  // tests its two children before pushing them, so a rejected child costs no push and
  // no pop, and a leaf popped goes straight to the pair tests.
  while (top > 0) {
    if (pass < 2) {
      if (pass === 0) {
        pass = 1;
        continue;
      }
      pass = 2;
      minX = box[b]!;
      minY = box[b + 1]!;
      maxX = box[b + 2]!;
      maxY = box[b + 3]!;
      const p = item[o + Q.PREV]!;
      prevMinX = prevFat[p]!;
      prevMinY = prevFat[p + 1]!;
      prevMaxX = prevFat[p + 2]!;
      prevMaxY = prevFat[p + 3]!;
    }
    const n = stack[--top]!;
    // masked: V8 then knows that an offset plus a field stays an int32 and drops the
    // overflow checks of the offset arithmetic
    const r = Math.imul(n, 4) & IX.MASK;
    const no = Math.imul(n, N.STRIDE) & IX.MASK;
    if (node[no + N.HEIGHT]! > 0) {
      // subtrees whose categories the moved shape's mask excludes are skipped whole (a
      // net of bodies that ignore each other never reaches a leaf)
      const c1 = node[no + N.CHILD1]!;
      const r1 = Math.imul(c1, 4) & IX.MASK;
      if (
        nb[r1]! <= maxX &&
        nb[r1 + 2]! >= minX &&
        nb[r1 + 1]! <= maxY &&
        nb[r1 + 3]! >= minY &&
        (node[(Math.imul(c1, N.STRIDE) & IX.MASK) + N.BITS]! & mask) !== 0
      ) {
        stack[top++] = c1;
      }
      const c2 = node[no + N.CHILD2]!;
      const r2 = Math.imul(c2, 4) & IX.MASK;
      if (
        nb[r2]! <= maxX &&
        nb[r2 + 2]! >= minX &&
        nb[r2 + 1]! <= maxY &&
        nb[r2 + 3]! >= minY &&
        (node[(Math.imul(c2, N.STRIDE) & IX.MASK) + N.BITS]! & mask) !== 0
      ) {
        stack[top++] = c2;
      }
      continue;
    }
    const other = (n << 2) | treeType;
    if (other === key) continue;
    const moved = moveIndex[n]! >= 0;
    if (other < key && moved) continue;
    const s = node[no + N.USER]!;
    const then = moved ? prevFat : nb;
    const t = moved ? Math.imul(s, 4) & IX.MASK : r;
    if (
      then[t]! <= prevMaxX &&
      then[t + 2]! >= prevMinX &&
      then[t + 1]! <= prevMaxY &&
      then[t + 3]! >= prevMinY
    ) {
      continue;
    }
    if (count === limit) return -1;
    hits[count++] = s;
  }
  return count;
}
