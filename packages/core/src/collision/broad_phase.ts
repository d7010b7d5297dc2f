/**
 * Broad phase: one {@link DynamicTree} per body type, a buffer of moved proxies, and the
 * search for new candidate pairs among them.
 *
 * Pair output is sorted by shape index so contact creation order never depends on the tree
 * structure, the move order or the proxy ids. Nothing allocates after warm-up.
 */

import { growF64, growI32, growU8, growU32, replaceArraysOnce } from '../base/array.js';
import type { AABB } from '../geometry/geometry.js';
import { DynamicTree, IX, N } from './dynamic_tree.js';
import { PairQueries, Q, QUERY_BOX_STRIDE, walkQuery } from './pair_query.js';

/** Body type of a proxy, also the index of its tree: 0 static, 1 kinematic, 2 dynamic. */
export const ProxyType = { Static: 0, Kinematic: 1, Dynamic: 2 } as const;
export type ProxyType = (typeof ProxyType)[keyof typeof ProxyType];

/**
 * Decides whether two shapes may form a new pair (called with the lower shape index first).
 * The world rejects shapes of the same body, pairs excluded by filters and existing contacts.
 *
 * The search asks only about pairs whose fat boxes did not overlap at the last search
 * (see BroadPhase.prevFat), so the owner must hold on to every pair it accepted for as long
 * as the two fat boxes overlap (the world: a contact, destroyed when they part), and buffer
 * a proxy ({@link BroadPhase.bufferMove}) when the answer for one of its pairs may change
 * (a joint that kept two bodies apart is gone).
 */
export type PairFilter = (shapeA: number, shapeB: number) => boolean;

/** Pair keys pack (shapeA, shapeB) as shapeA * 2^26 + shapeB: exact in a double. */
const PAIR_SHIFT = 67108864; // 2^26
/** Largest shape index the pair encoding supports. */
export const MAX_BROAD_PHASE_SHAPE_INDEX = PAIR_SHIFT - 1;

const ALL_BITS = 0xffffffff;
/** No node. */
const NONE = -1;

/** Cells along each axis of the grid the pair search orders its moved proxies by (orderMoves). */
const GRID_CELLS = 32;
/** Fewer moved proxies than this are searched in move order: the tree is in cache anyway. */
const MIN_ORDERED_MOVES = 64;
/**
 * The dynamic tree's pairs are found by one walk of the tree against itself (findMovedPairs)
 * when at least this fraction of its proxies moved; with fewer, each moved proxy's search.
 * Moved share of the dynamic proxies, steps 80–200: spinner 0.93–1, rain 0.74–0.86, smash
 * 0.78–0.82, where the walk pays (the spinner's pair search 47.3 → 29.1 M instructions a
 * step, rain's 22.4 → 13.0); the tumbler 0.36–0.38, whose packed boxes made the walk cost
 * more (8.1 → 9.3 M), so it stays on the per-proxy search (docs/contact-churn.md).
 */
const SELF_SEARCH_FRACTION = 0.6;
/** The most hit slots a query's block is given per query (PairQueries.meta). */
const MAX_HITS_PER_QUERY = 1024;
/** Hit slots per query before a step has measured them. */
const FIRST_HITS_PER_QUERY = 8;
/** A cell coordinate's bits spread to the even bits (Morton order of the grid's cells). */
const MORTON = new Int32Array(GRID_CELLS);
for (let i = 0; i < GRID_CELLS; i++) {
  let m = 0;
  for (let b = 0; 1 << b < GRID_CELLS; b++) m |= ((i >> b) & 1) << (2 * b);
  MORTON[i] = m;
}

/** A tree's record in BroadPhase.rootCache: its root, the root's bits, the first proxy to reach it. */
enum ROOT {
  NODE = 0,
  BITS = 1,
  FIRST = 2,
  STRIDE = 3,
}

/** Builds a proxy key from a tree proxy id and a body type. */
export function proxyKey(proxyId: number, type: number): number {
  return (proxyId << 2) | type;
}

/**
 * findMovedPairs' marking and walk run elsewhere (the WebAssembly kernel's, wasm/kernel_pairs.ts):
 * writes the candidates findMovedPairs hands the pair filter, in its order, as (lower shape,
 * higher shape) pairs into `bp.movedPairs` (grown as it needs) and returns their count. The
 * dynamic tree is rebuilt and `movedBelow` sized before (BroadPhase.takeMovedPairs).
 */
export interface MovedPairsWalk {
  walkMovedPairs(bp: BroadPhase, moveCount: number): number;
}

/**
 * Broad phase over three trees (static, kinematic, dynamic). Proxies are addressed by key
 * `(proxyId << 2) | bodyType`.
 */
export class BroadPhase {
  /** The trees by body type; exposed for world queries and ray casts. */
  readonly trees: readonly [DynamicTree, DynamicTree, DynamicTree];

  /** New pairs from the last {@link updatePairs}: shape indices, lower first, sorted. */
  pairShapeA: Int32Array = new Int32Array(64);
  pairShapeB: Int32Array = new Int32Array(64);
  /** Number of valid entries in {@link pairShapeA} / {@link pairShapeB}. */
  pairCount = 0;

  /**
   * Per shape index, its proxy's fat box as one record (minX, minY, maxX, maxY): the leaf's
   * box, copied wherever a leaf takes a box (create, move, enlarge, setProxyBox; a rebuild
   * changes no leaf). The step's per-contact and per-shape tests (world/solver.ts collide
   * and finalizeBodies) read 32 contiguous bytes by shape index here instead of four tree
   * columns through the proxy key and its tree. Entries of shapes without a proxy are stale.
   */
  shapeFat: Float64Array = new Float64Array(64);

  /**
   * Per shape index, for a proxy in the move buffer: its fat box at the last
   * {@link updatePairs} (minX, minY, maxX, maxY), or an empty box (+inf, +inf, -inf, -inf)
   * when that is unknown or may not be trusted (a new proxy, one buffered by
   * {@link bufferMove}). Every proxy whose box met it then has its pair already, so the
   * pair search skips them without asking the pair filter (see findPairs). Entries of
   * shapes not in the move buffer are stale. Read by the pair queries' walk (pair_query.ts).
   */
  prevFat: Float64Array = new Float64Array(64);

  private pairFilter: PairFilter;

  /** Keys of proxies moved since the last update, unique, unordered. */
  private moveBuffer: Int32Array = new Int32Array(64);
  private moveCount = 0;
  /**
   * Per tree, per proxy id: position in the move buffer or -1 (O(1) moved test and removal).
   * Read by the pair queries' walk (pair_query.ts).
   */
  readonly moveIndex: [Int32Array, Int32Array, Int32Array];
  /**
   * Per tree, per proxy id: the categories its pair search visits (the shape's mask bits, or
   * all bits when a positive group may override the masks).
   */
  private readonly queryMask: [Uint32Array, Uint32Array, Uint32Array];

  /** Candidate pairs as packed doubles, sorted then de-duplicated. */
  private pairKeys: Float64Array = new Float64Array(64);
  private pairKeyCount = 0;
  private sortStack: Int32Array = new Int32Array(64);

  /** The moved proxies in search order, their grid cells, and the cells' counters (orderMoves). */
  private moveOrder: Int32Array = new Int32Array(64);
  private moveCell: Int32Array = new Int32Array(64);
  private readonly cellCounts = new Int32Array(GRID_CELLS * GRID_CELLS);
  /** The moved centers' extent, twice: x0, y0, x1, y1 (orderMoves). */
  private readonly moveExtent = new Float64Array(4);

  /** Traversal stack of the pair search. */
  private pairStack: Int32Array = new Int32Array(64);
  /** The shapes of the leaves one findPairs walk keeps, for the pair filter after it. */
  private pairHits: Int32Array = new Int32Array(64);
  /** findPairs' int32 query record (pair_query.ts), one query: its box is read where it is. */
  private readonly searchItem = new Int32Array(Q.STRIDE);
  /** The step's queries for walks on other threads (queueQueries, takeQueries); shared with helpers. */
  readonly queries = new PairQueries();
  /** Per tree, its root as queueMoved tests it (ROOT fields; readyRoot). */
  private readonly rootCache = new Int32Array(3 * ROOT.STRIDE);
  /** Per tree, its root's box (minX, minY, maxX, maxY; readyRoot). */
  private readonly rootBox = new Float64Array(12);
  /** Whether the queued step's dynamic pairs come from findMovedPairs (queueQueries). */
  private selfSearching = false;
  /** Per dynamic tree node: 1 when a moved proxy is below it (findMovedPairs), else 0. */
  private movedBelow: Uint8Array = new Uint8Array(64);
  /** The candidates of a self-walk run elsewhere (MovedPairsWalk): (lower, higher) shape pairs. */
  movedPairs: Int32Array = new Int32Array(64);

  /** @param pairFilter see {@link PairFilter} */
  constructor(pairFilter: PairFilter) {
    this.pairFilter = pairFilter;
    this.trees = [new DynamicTree(16), new DynamicTree(16), new DynamicTree(16)];
    this.moveIndex = [new Int32Array(16).fill(-1), new Int32Array(16).fill(-1), new Int32Array(16).fill(-1)];
    this.queryMask = [new Uint32Array(16), new Uint32Array(16), new Uint32Array(16)];
    this.queries.meta[0] = FIRST_HITS_PER_QUERY;
    replaceArraysOnce(this);
  }

  /** Replaces the pair filter (a restored world binds the filter to itself). */
  setPairFilter(pairFilter: PairFilter): void {
    this.pairFilter = pairFilter;
  }

  /** Number of proxies waiting in the move buffer. */
  get moveCountPending(): number {
    return this.moveCount;
  }

  /** Total number of proxies over the three trees. */
  get proxyCount(): number {
    return this.trees[0].proxyCount + this.trees[1].proxyCount + this.trees[2].proxyCount;
  }

  /**
   * Adds a proxy and returns its key. Non-static proxies are buffered for pair search; static
   * ones only with `forcePairCreation` (static shapes added to a running world).
   * @param shapeIndex must be in [0, {@link MAX_BROAD_PHASE_SHAPE_INDEX}]
   */
  createProxy(
    minX: number,
    minY: number,
    maxX: number,
    maxY: number,
    categoryBits: number,
    shapeIndex: number,
    bodyType: number,
    forcePairCreation: boolean,
    queryMaskBits = ALL_BITS,
  ): number {
    const proxyId = this.trees[bodyType as ProxyType].createProxy(
      minX,
      minY,
      maxX,
      maxY,
      categoryBits,
      shapeIndex,
    );
    const moveIndex = this.moveIndex[bodyType as ProxyType];
    if (proxyId >= moveIndex.length) {
      this.moveIndex[bodyType as ProxyType] = growI32(moveIndex, proxyId + 1, -1);
    } else {
      moveIndex[proxyId] = -1;
    }
    const queryMask = growU32(this.queryMask[bodyType as ProxyType], proxyId + 1);
    this.queryMask[bodyType as ProxyType] = queryMask;
    queryMask[proxyId] = queryMaskBits;
    if (4 * shapeIndex + 4 > this.shapeFat.length) {
      this.shapeFat = growF64(this.shapeFat, 4 * shapeIndex + 4);
      this.prevFat = growF64(this.prevFat, this.shapeFat.length);
    }
    const fat = this.shapeFat;
    fat[4 * shapeIndex] = minX;
    fat[4 * shapeIndex + 1] = minY;
    fat[4 * shapeIndex + 2] = maxX;
    fat[4 * shapeIndex + 3] = maxY;
    const key = proxyKey(proxyId, bodyType);
    if (bodyType !== ProxyType.Static || forcePairCreation) this.bufferMove(key);
    return key;
  }

  /** Removes a proxy (and its pending move). */
  destroyProxy(key: number): void {
    this.clearMove(key);
    this.trees[(key & 3) as ProxyType].destroyProxy(key >> 2);
  }

  /** Teleports a proxy to a new fat AABB (remove + reinsert) and buffers it. */
  moveProxy(key: number, box: AABB): void {
    const tree = this.trees[(key & 3) as ProxyType];
    this.bufferBoxMove(key, tree.getUserData(key >> 2));
    tree.moveProxy(key >> 2, box);
    this.copyFat(tree.getUserData(key >> 2), box);
  }

  /** Grows a proxy's fat AABB in place (see {@link DynamicTree.enlargeProxy}) and buffers it. */
  enlargeProxy(key: number, box: AABB): void {
    this.bufferBoxMove(key, this.trees[(key & 3) as ProxyType].getUserData(key >> 2));
    this.setProxyBox(key, box);
  }

  /**
   * Buffers a proxy whose box is about to change and nothing else about it (the step's
   * refit, a teleport): the first time since the last pair search, its box then is kept as
   * {@link prevFat}, since that box is the one its pairs were found with.
   */
  private bufferBoxMove(key: number, shape: number): void {
    if (this.moveIndex[(key & 3) as ProxyType][key >> 2]! >= 0) return;
    this.pushMove(key);
    const fat = this.shapeFat;
    const prev = this.prevFat;
    const f = 4 * shape;
    prev[f] = fat[f]!;
    prev[f + 1] = fat[f + 1]!;
    prev[f + 2] = fat[f + 2]!;
    prev[f + 3] = fat[f + 3]!;
  }

  /**
   * Gives a proxy a new fat AABB in place, as {@link enlargeProxy} does, without buffering
   * it for the pair search (a rollback load, which restores the move buffer itself).
   */
  setProxyBox(key: number, box: AABB): void {
    const tree = this.trees[(key & 3) as ProxyType];
    tree.enlargeProxy(key >> 2, box);
    this.copyFat(tree.getUserData(key >> 2), box);
  }

  private copyFat(shape: number, box: AABB): void {
    const fat = this.shapeFat;
    fat[4 * shape] = box.minX;
    fat[4 * shape + 1] = box.minY;
    fat[4 * shape + 2] = box.maxX;
    fat[4 * shape + 3] = box.maxY;
  }

  /**
   * Marks a proxy for the next pair search; idempotent. Its search asks the pair filter
   * about every proxy it meets (the proxy is new, or what its pairs depend on changed: a
   * joint that kept shapes apart is gone, a loaded state), so its {@link prevFat} is
   * emptied even when it was in the buffer already.
   */
  bufferMove(key: number): void {
    const prev = this.prevFat;
    const f = 4 * this.trees[(key & 3) as ProxyType].getUserData(key >> 2);
    prev[f] = Number.POSITIVE_INFINITY;
    prev[f + 1] = Number.POSITIVE_INFINITY;
    prev[f + 2] = Number.NEGATIVE_INFINITY;
    prev[f + 3] = Number.NEGATIVE_INFINITY;
    if (this.moveIndex[(key & 3) as ProxyType][key >> 2]! >= 0) return;
    this.pushMove(key);
  }

  /** Appends a proxy that is not in the move buffer to it. */
  private pushMove(key: number): void {
    const moveIndex = this.moveIndex[(key & 3) as ProxyType];
    const id = key >> 2;
    if (this.moveCount === this.moveBuffer.length) {
      this.moveBuffer = growI32(this.moveBuffer, this.moveCount + 1);
    }
    moveIndex[id] = this.moveCount;
    this.moveBuffer[this.moveCount++] = key;
  }

  /** Removes a proxy from the move buffer if it is there (no pair search for it). */
  clearMove(key: number): void {
    const moveIndex = this.moveIndex[(key & 3) as ProxyType];
    const id = key >> 2;
    const at = moveIndex[id]!;
    if (at < 0) return;
    // Swap-remove: the buffer is unordered (output is sorted anyway).
    const last = this.moveBuffer[--this.moveCount]!;
    this.moveBuffer[at] = last;
    this.moveIndex[(last & 3) as ProxyType][last >> 2] = at;
    moveIndex[id] = -1;
  }

  /** True when the proxy is waiting in the move buffer. */
  isMoved(key: number): boolean {
    return this.moveIndex[(key & 3) as ProxyType][key >> 2]! >= 0;
  }

  /** Writes the proxy's fat AABB into `out` and returns it. */
  getFatAABB(key: number, out: AABB): AABB {
    return this.trees[(key & 3) as ProxyType].getFatAABB(key >> 2, out);
  }

  /** The shape index given at creation. */
  getShapeIndex(key: number): number {
    return this.trees[(key & 3) as ProxyType].getUserData(key >> 2);
  }

  /** The body type (tree) of a proxy key. */
  proxyType(key: number): ProxyType {
    return (key & 3) as ProxyType;
  }

  /**
   * Rebuilds the enlarged parts of the kinematic and dynamic trees (static proxies are
   * moved, not enlarged). Call once per step after the enlargements, before queries.
   */
  rebuildTrees(): void {
    this.trees[ProxyType.Kinematic].rebuild(false);
    this.trees[ProxyType.Dynamic].rebuild(false);
  }

  /**
   * Finds the new candidate pairs of the moved proxies and clears the move buffer.
   *
   * A moved dynamic proxy queries all three trees; a moved static or kinematic one only the
   * dynamic tree, so static–static, kinematic–kinematic and static–kinematic never pair.
   * When both proxies moved, only the query of the smaller key reports the pair. When many
   * dynamic proxies moved, their pairs in the dynamic tree come from one walk of that tree
   * against itself instead (findMovedPairs), which reports the same pairs. Candidates
   * (touching fat AABBs count) go through the pair filter; the result is de-duplicated and
   * sorted by (shapeA, shapeB) into {@link pairShapeA}/{@link pairShapeB}/{@link pairCount}.
   */
  updatePairs(): void {
    this.pairKeyCount = 0;
    const order = this.orderMoves();
    const selfSearch = this.selfSearches();
    for (let i = 0; i < this.moveCount; i++) {
      const key = order[i]!;
      if ((key & 3) === ProxyType.Dynamic) {
        this.findPairs(key, ProxyType.Static);
        this.findPairs(key, ProxyType.Kinematic);
        if (!selfSearch) this.findPairs(key, ProxyType.Dynamic);
      } else {
        this.findPairs(key, ProxyType.Dynamic);
      }
    }
    this.endPairs(selfSearch);
  }

  /**
   * The first half of {@link updatePairs} split for walks on other threads: writes the
   * moved proxies' queries (one per tree a search reaches, in the order updatePairs searches
   * them) into {@link queries} and returns their count. Run them (queryPairsBlock, in
   * blocks on any thread), then call {@link takeQueries}: the same pairs as updatePairs.
   */
  queueQueries(): number {
    this.pairKeyCount = 0;
    const order = this.orderMoves();
    const selfSearch = this.selfSearches();
    this.selfSearching = selfSearch;
    const q = this.queries;
    const most = 3 * this.moveCount;
    if (q.range.length < 2 * most) {
      q.item = growI32(q.item, Q.STRIDE * most);
      q.box = growF64(q.box, QUERY_BOX_STRIDE * most);
      q.range = growI32(q.range, 2 * most);
    }
    for (let t = 0; t < 3; t++) this.readyRoot(order, t as ProxyType, selfSearch);
    const m = this.queueMoved(order, this.moveCount, selfSearch);
    // a block's room: its queries times the hits a query had at most on average, twice
    // over (grown only, so that a steady scene publishes no new buffer)
    if (q.hits.length < m * q.meta[0]!) q.hits = growI32(q.hits, m * q.meta[0]!);
    return m;
  }

  /**
   * The second half of {@link updatePairs} after {@link queueQueries} and the `m` queries'
   * walks: the pair filter over each query's hits in query order (a query whose block ran
   * out of room is walked here), then what updatePairs does after its searches; the
   * self-walk by `walk` when given (the same candidates in the same order).
   */
  takeQueries(m: number, walk: MovedPairsWalk | null = null): void {
    const q = this.queries;
    const item = q.item;
    const range = q.range;
    let total = 0;
    for (let j = 0; j < m; j++) {
      const key = item[Q.STRIDE * j + Q.KEY]!;
      const shape = this.trees[(key & 3) as ProxyType].getUserData(key >> 2);
      const from = range[2 * j]!;
      if (from >= 0) {
        total += range[2 * j + 1]! - from;
        this.filterHits(shape, q.hits, from, range[2 * j + 1]!);
        continue;
      }
      const t = item[Q.STRIDE * j + Q.TREE]! as ProxyType;
      const hits = this.pairHits;
      const end = walkQuery(
        this.trees[t].box,
        this.trees[t].node,
        this.moveIndex[t],
        this.prevFat,
        item,
        Q.STRIDE * j,
        q.box,
        QUERY_BOX_STRIDE * j,
        this.pairStack,
        hits,
        0,
        hits.length,
      );
      total += end;
      this.filterHits(shape, hits, 0, end);
    }
    const per = m > 0 ? Math.min(MAX_HITS_PER_QUERY, ((2 * total + m - 1) / m) | 0) : 0;
    if (per > q.meta[0]!) q.meta[0] = per;
    this.endPairs(this.selfSearching, walk);
  }

  /**
   * Whether the dynamic tree's pairs come from one walk of it against itself (many of its
   * proxies moved, see SELF_SEARCH_FRACTION) rather than each moved proxy's search.
   */
  private selfSearches(): boolean {
    let movedDynamic = 0;
    for (let i = 0; i < this.moveCount; i++) {
      movedDynamic += (this.moveBuffer[i]! & 3) === ProxyType.Dynamic ? 1 : 0;
    }
    return (
      movedDynamic > 0 && movedDynamic >= SELF_SEARCH_FRACTION * this.trees[ProxyType.Dynamic].proxyCount
    );
  }

  /** The end of the pair search: the self-search, then the move buffer cleared and the keys sorted into pairs. */
  private endPairs(selfSearch: boolean, walk: MovedPairsWalk | null = null): void {
    if (selfSearch) {
      if (walk === null) this.findMovedPairs();
      else this.takeMovedPairs(walk);
    }

    // Clear the move buffer.
    for (let i = 0; i < this.moveCount; i++) {
      const key = this.moveBuffer[i]!;
      this.moveIndex[(key & 3) as ProxyType][key >> 2] = -1;
    }
    this.moveCount = 0;

    // Sort, de-duplicate, decode.
    const n = this.pairKeyCount;
    const keys = this.pairKeys;
    this.sortKeys(n);
    if (this.pairShapeA.length < n) {
      this.pairShapeA = new Int32Array(keys.length);
      this.pairShapeB = new Int32Array(keys.length);
    }
    const outA = this.pairShapeA;
    const outB = this.pairShapeB;
    let count = 0;
    let prev = -1;
    for (let i = 0; i < n; i++) {
      const k = keys[i]!;
      if (k === prev) continue;
      prev = k;
      const a = Math.floor(k / PAIR_SHIFT);
      outA[count] = a;
      outB[count] = k - a * PAIR_SHIFT;
      count++;
    }
    this.pairCount = count;
  }

  /**
   * The moved proxies in the order the pair search takes them: bucketed by the cell of a
   * 32 × 32 grid over their box centers that holds their center, cells in Morton order, so
   * that consecutive searches walk the same tree nodes while those are still in cache (in
   * move order, the tumbler's 800 searches a step each missed the cache on most of the 75
   * nodes they visit). The candidates are sorted afterwards, so the order changes nothing
   * the search reports. A counting sort: two passes and 1,024 counters.
   */
  private orderMoves(): Int32Array {
    const n = this.moveCount;
    const moves = this.moveBuffer;
    if (n < MIN_ORDERED_MOVES) return moves;
    if (this.moveOrder.length < n) {
      this.moveOrder = new Int32Array(moves.length);
      this.moveCell = new Int32Array(moves.length);
    }
    const order = this.moveOrder;
    const cell = this.moveCell;
    const counts = this.cellCounts;
    // one function per loop: with the four loops in one, V8 (Node 20) compiled the first on
    // entry (OSR) during the first call and deoptimised at the next loop at every later call
    // (the joint grid: three times a step; scripts/deopt_survey.mjs)
    // No double is read here, where the interpreter would box it.
    const extent = this.moveExtent;
    centerExtent(this.trees, moves, n, extent);
    counts.fill(0);
    cellsOf(this.trees, moves, n, extent, cell, counts);
    cellStarts(counts);
    placeByCell(moves, n, cell, counts, order);
    return order;
  }

  /**
   * Adds the candidate pairs of the moved proxy `key` with the proxies of one tree.
   *
   * A plain walk over the tree's arrays rather than a tree query with a callback: the query
   * box would cross the call as four boxed doubles (docs/core-design.md, "Doubles crossing a
   * call box"), so only integers and arrays cross calls: the walk reads the box where it is
   * (the proxy's tree box: on one thread no query record holds a copy), its prevFat from
   * `prevFat`, and the rest from the int32 record searchRoot writes. The walk (collision/pair_query.ts walkQuery, the one the QueryPairs stage's
   * blocks run) calls nothing: what may grow is sized before it (searchRoot), and the
   * leaves it keeps go to the pair filter after it. A call in the loop made V8 load every
   * typed array's base and length again after it, at every node.
   */
  private findPairs(key: number, treeType: ProxyType): void {
    const item = this.searchItem;
    if (this.searchRoot(key, treeType, item, 0) === NONE) return;
    const own = (key & 3) as ProxyType;
    const id = key >> 2;
    const tree = this.trees[treeType];
    const hits = this.pairHits;
    const end = walkQuery(
      tree.box,
      tree.node,
      this.moveIndex[treeType],
      this.prevFat,
      item,
      0,
      this.trees[own].box,
      Math.imul(id, 4) & IX.MASK,
      this.pairStack,
      hits,
      0,
      hits.length,
    );
    this.filterHits(this.trees[own].getUserData(id), hits, 0, end);
  }

  /**
   * Readies tree `t`'s root for queueMoved, as searchRoot does at each search: the tree is
   * rebuilt (when enlarged) at the first moved proxy in `order` that reaches its root as it
   * is (its box and categories), and then every search tests the new root, whose box lies
   * inside the old one, so a proxy before that first one reaches neither. Writes the root,
   * its box and bits, and that first proxy's place (-1: none) into rootCache, and sizes the
   * stack and leaf list as searchRoot does when a search can reach the tree.
   */
  private readyRoot(order: Int32Array, t: ProxyType, selfSearch: boolean): void {
    const tree = this.trees[t];
    const cache = this.rootCache;
    const box = this.rootBox;
    const c = t * ROOT.STRIDE;
    cache[c + ROOT.FIRST] = -1;
    cache[c + ROOT.NODE] = NONE;
    if (tree.root === NONE) return;
    const first = this.firstReaching(order, t, selfSearch);
    if (first >= 0) tree.rebuildIfEnlarged();
    const root = tree.root;
    const r = Math.imul(root, 4) & IX.MASK;
    const nb = tree.box;
    cache[c + ROOT.FIRST] = first;
    cache[c + ROOT.NODE] = root;
    cache[c + ROOT.BITS] = tree.node[(Math.imul(root, N.STRIDE) & IX.MASK) + N.BITS]!;
    box[4 * t] = nb[r]!;
    box[4 * t + 1] = nb[r + 1]!;
    box[4 * t + 2] = nb[r + 2]!;
    box[4 * t + 3] = nb[r + 3]!;
    if (first < 0) return;
    const height = tree.node[(Math.imul(root, N.STRIDE) & IX.MASK) + N.HEIGHT]!;
    if (this.pairStack.length < height + 2) this.pairStack = growI32(this.pairStack, height + 2);
    if (this.pairHits.length < tree.proxyCount) this.pairHits = growI32(this.pairHits, tree.proxyCount);
  }

  /**
   * The place in `order` of the first moved proxy whose search of tree `t` (a dynamic
   * proxy searches every tree, the dynamic one only without the self-search; any other
   * only the dynamic tree) reaches its root's box and categories as they are; -1 when none.
   */
  private firstReaching(order: Int32Array, t: ProxyType, selfSearch: boolean): number {
    const tree = this.trees[t];
    const rb = tree.box;
    const r = Math.imul(tree.root, 4) & IX.MASK;
    const bits = tree.node[(Math.imul(tree.root, N.STRIDE) & IX.MASK) + N.BITS]!;
    const dynamicSearches = t !== ProxyType.Dynamic || !selfSearch;
    for (let i = 0; i < this.moveCount; i++) {
      const key = order[i]!;
      const own = key & 3;
      if (own === ProxyType.Dynamic ? !dynamicSearches : t !== ProxyType.Dynamic) continue;
      const ob = this.trees[own as ProxyType].box;
      const q = Math.imul(key >> 2, 4) & IX.MASK;
      if (rb[r]! > ob[q + 2]! || rb[r + 2]! < ob[q]! || rb[r + 1]! > ob[q + 3]! || rb[r + 3]! < ob[q + 1]!)
        continue;
      if ((bits & this.queryMask[own as ProxyType][key >> 2]!) === 0) continue;
      return i;
    }
    return -1;
  }

  /**
   * Writes the queries of the moved proxies `order[0, n)` into {@link queries}: the same
   * ones in the same order as searchRoot per proxy and tree (each tree's root readied by
   * readyRoot), with a proxy's box, mask and shape read once, and a tree's root from
   * rootCache/rootBox, not the tree (searchRoot at every query: 410 instructions of loads
   * and checks). Returns their count.
   */
  private queueMoved(order: Int32Array, n: number, selfSearch: boolean): number {
    const q = this.queries;
    const item = q.item;
    const qbox = q.box;
    const trees = this.trees;
    const cache = this.rootCache;
    const rootBox = this.rootBox;
    const masks = this.queryMask;
    const lastDynamic = selfSearch ? ProxyType.Kinematic : ProxyType.Dynamic;
    let m = 0;
    for (let i = 0; i < n; i++) {
      const key = order[i]!;
      const own = key & 3;
      const id = key >> 2;
      const ownTree = trees[own as ProxyType];
      const ob = ownTree.box;
      const r = Math.imul(id, 4) & IX.MASK;
      const minX = ob[r]!;
      const minY = ob[r + 1]!;
      const maxX = ob[r + 2]!;
      const maxY = ob[r + 3]!;
      const mask = masks[own as ProxyType][id]!;
      const prev = Math.imul(ownTree.node[(Math.imul(id, N.STRIDE) & IX.MASK) + N.USER]!, 4) & IX.MASK;
      const from = own === ProxyType.Dynamic ? ProxyType.Static : ProxyType.Dynamic;
      const to = own === ProxyType.Dynamic ? lastDynamic : ProxyType.Dynamic;
      for (let t = from; t <= to; t++) {
        const c = t * ROOT.STRIDE;
        const root = cache[c + ROOT.NODE]!;
        if (root === NONE) continue;
        const b = 4 * t;
        if (rootBox[b]! > maxX || rootBox[b + 2]! < minX || rootBox[b + 1]! > maxY || rootBox[b + 3]! < minY)
          continue;
        // the proxy that made the tree rebuild passed this test on the root before it
        if (i !== cache[c + ROOT.FIRST] && (cache[c + ROOT.BITS]! & mask) === 0) continue;
        const o = Q.STRIDE * m;
        item[o + Q.KEY] = key;
        item[o + Q.TREE] = t;
        item[o + Q.ROOT] = root;
        item[o + Q.MASK] = mask;
        item[o + Q.PREV] = prev;
        const qb = QUERY_BOX_STRIDE * m;
        qbox[qb] = minX;
        qbox[qb + 1] = minY;
        qbox[qb + 2] = maxX;
        qbox[qb + 3] = maxY;
        m++;
      }
    }
    return m;
  }

  /**
   * Adds the pairs of `shape` with the shapes `hits[from .. to)` that the pair filter
   * accepts, in that order.
   */
  private filterHits(shape: number, hits: Int32Array, from: number, to: number): void {
    for (let i = from; i < to; i++) {
      const s = hits[i]!;
      const a = s < shape ? s : shape;
      const b = s < shape ? shape : s;
      if (!this.pairFilter(a, b)) continue;
      if (this.pairKeyCount === this.pairKeys.length) {
        this.pairKeys = growF64(this.pairKeys, this.pairKeyCount + 1);
      }
      this.pairKeys[this.pairKeyCount++] = a * PAIR_SHIFT + b;
    }
  }

  /**
   * Where the search of the moved proxy `key` in one tree starts: the tree's root, or NONE
   * when the proxy's box or query mask cannot reach it. A tree this search cannot reach is
   * left enlarged, not rebuilt; one it reaches is rebuilt first (lazily, see
   * DynamicTree.rebuildIfEnlarged), and its new root, whose box may be smaller than the
   * enlarged one, is tested again. When it reaches the tree, writes the query's int32 record
   * at `item[o ..]` (collision/pair_query.ts Q) and sizes the calling thread's stack (a node
   * pushes at most its two children and pops itself, so the height plus two entries) and
   * leaf list (at most every leaf of the tree). Returns an integer only (see
   * findPairs). Reads the query mask itself: a mask is a uint32 (all categories:
   * 0xffffffff), above the small-integer range, so handed over as an argument it was a new
   * heap number at every call (9.1 KB a step on the tumbler).
   */
  private searchRoot(key: number, treeType: ProxyType, item: Int32Array, o: number): number {
    const tree = this.trees[treeType];
    const mask = this.queryMask[(key & 3) as ProxyType][key >> 2]!;
    if (tree.root === NONE) return NONE;
    const ownBox = this.trees[(key & 3) as ProxyType].box;
    const q = Math.imul(key >> 2, 4) & IX.MASK;
    const minX = ownBox[q]!;
    const minY = ownBox[q + 1]!;
    const maxX = ownBox[q + 2]!;
    const maxY = ownBox[q + 3]!;
    const r = Math.imul(tree.root, 4) & IX.MASK;
    let nb = tree.box;
    if (nb[r]! > maxX || nb[r + 2]! < minX || nb[r + 1]! > maxY || nb[r + 3]! < minY) return NONE;
    if ((tree.node[(Math.imul(tree.root, N.STRIDE) & IX.MASK) + N.BITS]! & mask) === 0) return NONE;
    tree.rebuildIfEnlarged();
    const root = tree.root;
    const r0 = Math.imul(root, 4) & IX.MASK;
    nb = tree.box;
    if (nb[r0]! > maxX || nb[r0 + 2]! < minX || nb[r0 + 1]! > maxY || nb[r0 + 3]! < minY) return NONE;
    const height = tree.node[(Math.imul(root, N.STRIDE) & IX.MASK) + N.HEIGHT]!;
    if (this.pairStack.length < height + 2) this.pairStack = growI32(this.pairStack, height + 2);
    if (this.pairHits.length < tree.proxyCount) this.pairHits = growI32(this.pairHits, tree.proxyCount);
    item[o + Q.KEY] = key;
    item[o + Q.TREE] = treeType;
    item[o + Q.ROOT] = root;
    item[o + Q.MASK] = mask;
    const shape = this.trees[(key & 3) as ProxyType].getUserData(key >> 2);
    item[o + Q.PREV] = Math.imul(shape, 4) & IX.MASK;
    return root;
  }

  /**
   * Adds the candidate pairs of two dynamic proxies of which at least one moved, as the
   * moved proxies' {@link findPairs} searches of the dynamic tree would, by one walk of the
   * tree against itself: each pair of overlapping nodes is visited once, so a pair of two
   * moved proxies is reached once instead of by both searches (on the spinner, where 6,026
   * of 6,077 proxies move each step, half the leaves those searches reached). Node pairs
   * with no moved proxy below either side are skipped (movedBelow). The candidates are
   * sorted afterwards, so the walk's order changes nothing the search reports.
   *
   * The test at a leaf pair is findPairs' test from the side whose search reports it: the
   * moved one, or the smaller key when both moved (its query mask against the other's
   * categories, then the prevFat test). The walk tests categories at the leaves only.
   */
  private findMovedPairs(): void {
    const tree = this.trees[ProxyType.Dynamic];
    tree.rebuildIfEnlarged();
    const nb = tree.box;
    const node = tree.node;
    const moveIndex = this.moveIndex[ProxyType.Dynamic];
    const queryMask = this.queryMask[ProxyType.Dynamic];
    const prevFat = this.prevFat;
    // grown, not replaced: with the kernel it lives in the kernel's memory (takeMovedPairs)
    this.movedBelow = growU8(this.movedBelow, node.length / N.STRIDE);
    const below = this.movedBelow;
    // No code after a long loop in one function: V8 (Node 20) compiles such a loop on entry
    // (OSR) during the first call, before the code after it has run, then re-entered that
    // code and deoptimised at the first operation after the loop at every call (the joint
    // grid: 71 deoptimisations in 160 steps). So the marks of the last call are cleared
    // before the walk, not after it, and the marking loop is a function of its own.
    below.fill(0);
    this.markMovedBelow(below, node);
    let stack = this.pairStack;
    let top = 0;
    stack[top++] = tree.root;
    stack[top++] = tree.root;
    // a first pair that only reaches the loop's back edge: a call that runs in the
    // interpreter up to an on-stack-replaced loop then reads no double (see findPairs)
    stack[top++] = NONE;
    stack[top++] = NONE;
    // The stack holds node pairs whose boxes overlap and of which one side has a moved
    // proxy below it; (n, n) stands for the pairs within one subtree.
    while (top > 0) {
      const b = stack[--top]!;
      const a = stack[--top]!;
      if (a === NONE) continue;
      if (top + 6 > stack.length) {
        this.pairStack = growI32(stack, top + 6);
        stack = this.pairStack;
      }
      const oa = Math.imul(a, N.STRIDE) & IX.MASK;
      const ob = Math.imul(b, N.STRIDE) & IX.MASK;
      const ha = node[oa + N.HEIGHT]!;
      const hb = node[ob + N.HEIGHT]!;
      if (a === b) {
        if (ha === 0) continue;
        const c1 = node[oa + N.CHILD1]!;
        const c2 = node[oa + N.CHILD2]!;
        const m1 = below[c1]!;
        const m2 = below[c2]!;
        if (m1 !== 0) {
          stack[top++] = c1;
          stack[top++] = c1;
        }
        if (m2 !== 0) {
          stack[top++] = c2;
          stack[top++] = c2;
        }
        const r1 = Math.imul(c1, 4) & IX.MASK;
        const r2 = Math.imul(c2, 4) & IX.MASK;
        if (
          (m1 | m2) !== 0 &&
          nb[r1]! <= nb[r2 + 2]! &&
          nb[r1 + 2]! >= nb[r2]! &&
          nb[r1 + 1]! <= nb[r2 + 3]! &&
          nb[r1 + 3]! >= nb[r2 + 1]!
        ) {
          stack[top++] = c1;
          stack[top++] = c2;
        }
        continue;
      }
      if ((ha | hb) !== 0) {
        // split the taller side (its node record at `os`) against the other
        const keep = ha >= hb ? b : a;
        const os = ha >= hb ? oa : ob;
        const mk = below[keep]!;
        const rk = Math.imul(keep, 4) & IX.MASK;
        const kMinX = nb[rk]!;
        const kMinY = nb[rk + 1]!;
        const kMaxX = nb[rk + 2]!;
        const kMaxY = nb[rk + 3]!;
        const c1 = node[os + N.CHILD1]!;
        const r1 = Math.imul(c1, 4) & IX.MASK;
        if (
          (mk | below[c1]!) !== 0 &&
          nb[r1]! <= kMaxX &&
          nb[r1 + 2]! >= kMinX &&
          nb[r1 + 1]! <= kMaxY &&
          nb[r1 + 3]! >= kMinY
        ) {
          stack[top++] = c1;
          stack[top++] = keep;
        }
        const c2 = node[os + N.CHILD2]!;
        const r2 = Math.imul(c2, 4) & IX.MASK;
        if (
          (mk | below[c2]!) !== 0 &&
          nb[r2]! <= kMaxX &&
          nb[r2 + 2]! >= kMinX &&
          nb[r2 + 1]! <= kMaxY &&
          nb[r2 + 3]! >= kMinY
        ) {
          stack[top++] = c2;
          stack[top++] = keep;
        }
        continue;
      }
      // Two leaves whose boxes overlap, one of them at least moved: `r` reports, `o` is met.
      const movedA = moveIndex[a]! >= 0;
      const movedB = moveIndex[b]! >= 0;
      const aReports = movedA && (!movedB || a < b);
      const r = aReports ? a : b;
      const o = aReports ? b : a;
      const oo = aReports ? ob : oa;
      const oMoved = aReports ? movedB : movedA;
      if ((node[oo + N.BITS]! & queryMask[r]!) === 0) continue;
      const sr = node[(Math.imul(r, N.STRIDE) & IX.MASK) + N.USER]!;
      const so = node[oo + N.USER]!;
      // met at the last search already (see findPairs)
      const f = Math.imul(sr, 4) & IX.MASK;
      const then = oMoved ? prevFat : nb;
      const t = oMoved ? Math.imul(so, 4) & IX.MASK : Math.imul(o, 4) & IX.MASK;
      if (
        then[t]! <= prevFat[f + 2]! &&
        then[t + 2]! >= prevFat[f]! &&
        then[t + 1]! <= prevFat[f + 3]! &&
        then[t + 3]! >= prevFat[f + 1]!
      ) {
        continue;
      }
      const lo = so < sr ? so : sr;
      const hi = so < sr ? sr : so;
      if (!this.pairFilter(lo, hi)) continue;
      if (this.pairKeyCount === this.pairKeys.length) {
        this.pairKeys = growF64(this.pairKeys, this.pairKeyCount + 1);
      }
      this.pairKeys[this.pairKeyCount++] = lo * PAIR_SHIFT + hi;
    }
  }

  /**
   * findMovedPairs with its marking and walk by `walk` (MovedPairsWalk): the pair filter over
   * the candidates it lists, in their order, so the same pairs.
   */
  private takeMovedPairs(walk: MovedPairsWalk): void {
    const tree = this.trees[ProxyType.Dynamic];
    tree.rebuildIfEnlarged();
    this.movedBelow = growU8(this.movedBelow, tree.node.length / N.STRIDE);
    const n = walk.walkMovedPairs(this, this.moveCount);
    const pairs = this.movedPairs;
    for (let i = 0; i < n; i++) {
      const lo = pairs[2 * i]!;
      const hi = pairs[2 * i + 1]!;
      if (!this.pairFilter(lo, hi)) continue;
      if (this.pairKeyCount === this.pairKeys.length) {
        this.pairKeys = growF64(this.pairKeys, this.pairKeyCount + 1);
      }
      this.pairKeys[this.pairKeyCount++] = lo * PAIR_SHIFT + hi;
    }
  }

  /** Marks every node of the dynamic tree with a moved proxy below it (findMovedPairs). */
  private markMovedBelow(below: Uint8Array, node: Int32Array): void {
    const moves = this.moveBuffer;
    for (let i = 0; i < this.moveCount; i++) {
      const key = moves[i]!;
      if ((key & 3) !== ProxyType.Dynamic) continue;
      let n = key >> 2;
      while (n !== NONE && below[n] === 0) {
        below[n] = 1;
        n = node[(Math.imul(n, N.STRIDE) & IX.MASK) + N.PARENT]!;
      }
    }
  }

  /**
   * In-place ascending sort of pairKeys[0, n): iterative quicksort (median of three) with an
   * insertion sort for short ranges. Our own so it allocates nothing (no subarray view);
   * sorting distinct-or-equal numbers has a unique result, so any correct sort is
   * deterministic.
   */
  private sortKeys(n: number): void {
    const a = this.pairKeys;
    let stack = this.sortStack;
    let top = 0;
    stack[top++] = 0;
    stack[top++] = n - 1;
    while (top > 0) {
      let hi = stack[--top]!;
      let lo = stack[--top]!;
      while (hi - lo > 16) {
        const mid = lo + ((hi - lo) >> 1);
        // Median of three into a[mid], with a[lo] <= a[mid] <= a[hi].
        if (a[mid]! < a[lo]!) swap(a, mid, lo);
        if (a[hi]! < a[lo]!) swap(a, hi, lo);
        if (a[hi]! < a[mid]!) swap(a, hi, mid);
        const pivot = a[mid]!;
        let i = lo;
        let j = hi;
        while (i <= j) {
          while (a[i]! < pivot) i++;
          while (a[j]! > pivot) j--;
          if (i <= j) {
            swap(a, i, j);
            i++;
            j--;
          }
        }
        // Recurse (push) into the larger side, loop on the smaller: stack depth O(log n).
        if (top + 2 > stack.length) {
          this.sortStack = growI32(stack, top + 2);
          stack = this.sortStack;
        }
        if (j - lo > hi - i) {
          stack[top++] = lo;
          stack[top++] = j;
          lo = i;
        } else {
          stack[top++] = i;
          stack[top++] = hi;
          hi = j;
        }
      }
      for (let i = lo + 1; i <= hi; i++) {
        const v = a[i]!;
        let j = i - 1;
        while (j >= lo && a[j]! > v) {
          a[j + 1] = a[j]!;
          j--;
        }
        a[j + 1] = v;
      }
    }
  }

  /** Checks the trees and the move buffer bookkeeping; throws on a violation. */
  validate(): void {
    for (const tree of this.trees) {
      tree.validate();
      for (let id = 0; id < tree.capacity; id++) {
        if (!tree.isProxy(id)) continue;
        const o = 4 * tree.getUserData(id);
        const fat = this.shapeFat;
        if (
          fat[o] !== tree.box[4 * id] ||
          fat[o + 1] !== tree.box[4 * id + 1] ||
          fat[o + 2] !== tree.box[4 * id + 2] ||
          fat[o + 3] !== tree.box[4 * id + 3]
        ) {
          throw new Error(`BroadPhase.validate: fat box of shape ${o / 4} differs from its leaf ${id}`);
        }
      }
    }
    for (let i = 0; i < this.moveCount; i++) {
      const key = this.moveBuffer[i]!;
      const type = key & 3;
      if (type > 2) throw new Error(`BroadPhase.validate: bad key ${key} in move buffer`);
      if (this.moveIndex[type as ProxyType][key >> 2] !== i) {
        throw new Error(`BroadPhase.validate: move index of key ${key} is not ${i}`);
      }
    }
    let flagged = 0;
    for (const moveIndex of this.moveIndex) {
      for (let i = 0; i < moveIndex.length; i++) if (moveIndex[i]! >= 0) flagged++;
    }
    if (flagged !== this.moveCount) {
      throw new Error(`BroadPhase.validate: ${flagged} proxies flagged moved, buffer has ${this.moveCount}`);
    }
  }
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i]!;
  a[i] = a[j]!;
  a[j] = t;
}

/** The extent of the moved proxies' box centers, twice (the sum of a box's sides, to save the halving), into `out[0..3]`. */
function centerExtent(trees: readonly DynamicTree[], moves: Int32Array, n: number, out: Float64Array): void {
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const key = moves[i]!;
    const box = trees[key & 3]!.box;
    const r = 4 * (key >> 2);
    const x = box[r]! + box[r + 2]!;
    const y = box[r + 1]! + box[r + 3]!;
    x0 = x < x0 ? x : x0;
    x1 = x > x1 ? x : x1;
    y0 = y < y0 ? y : y0;
    y1 = y > y1 ? y : y1;
    // written in the loop: nothing runs after it (see orderMoves)
    out[0] = x0;
    out[1] = y0;
    out[2] = x1;
    out[3] = y1;
  }
}

/**
 * Each moved proxy's grid cell (Morton order) in the extent of their centers (centerExtent);
 * counts the cells. The extent is read in the loop, not before it: code before a loop runs in
 * the interpreter at every call that enters the loop's compiled code (OSR), boxing each
 * double it reads.
 */
function cellsOf(
  trees: readonly DynamicTree[],
  moves: Int32Array,
  n: number,
  extent: Float64Array,
  cell: Int32Array,
  counts: Int32Array,
): void {
  for (let i = 0; i < n; i++) {
    const x0 = extent[0]!;
    const y0 = extent[1]!;
    const x1 = extent[2]!;
    const y1 = extent[3]!;
    // cells per unit along each axis; a flat extent puts everything in cell 0
    const sx = x1 > x0 ? (GRID_CELLS - 0.5) / (x1 - x0) : 0;
    const sy = y1 > y0 ? (GRID_CELLS - 0.5) / (y1 - y0) : 0;
    const key = moves[i]!;
    const box = trees[key & 3]!.box;
    const r = 4 * (key >> 2);
    const cx = ((box[r]! + box[r + 2]! - x0) * sx) | 0;
    const cy = ((box[r + 1]! + box[r + 3]! - y0) * sy) | 0;
    const m = MORTON[cx]! | (MORTON[cy]! << 1);
    cell[i] = m;
    counts[m] = counts[m]! + 1;
  }
}

/** Turns the cells' counts into their first places. */
function cellStarts(counts: Int32Array): void {
  let start = 0;
  for (let m = 0; m < GRID_CELLS * GRID_CELLS; m++) {
    const c = counts[m]!;
    counts[m] = start;
    start += c;
  }
}

function placeByCell(
  moves: Int32Array,
  n: number,
  cell: Int32Array,
  counts: Int32Array,
  order: Int32Array,
): void {
  for (let i = 0; i < n; i++) {
    const m = cell[i]!;
    order[counts[m]!] = moves[i]!;
    counts[m] = counts[m]! + 1;
  }
}
