/**
 * Dynamic AABB tree (bounding volume hierarchy) in structure-of-arrays typed storage.
 *
 * Follows the Box2D v3 design: leaves hold fat AABBs of proxies, insertion picks the sibling
 * with the surface-area heuristic (in 2D the "area" is the perimeter) by branch and bound, and
 * the path back to the root is balanced with local tree rotations. Proxies may also be
 * enlarged in place (the box grows, the structure stays) and the enlarged part of the tree
 * rebuilt later top-down by median splits, which is cheaper than remove + reinsert for many
 * movers.
 *
 * Nothing allocates after warm-up: node storage, the traversal stack and the rebuild scratch
 * grow by doubling and are reused.
 */

import { growF64, growI32, replaceArraysOnce } from '../base/array.js';
import { AABB } from '../geometry/geometry.js';

const NULL = -1;

/** Node flag: the node is in use (not on the free list). */
const ALLOCATED = 1;
/** Node flag: the box grew since the node was built, so its subtree may be loose. */
const ENLARGED = 2;

/**
 * A node's int32 record in {@link DynamicTree.node}: offsets of its fields, and the stride
 * (the broad phase's pair search walks the record too).
 */
export enum N {
  CHILD1 = 0,
  CHILD2 = 1,
  HEIGHT = 2,
  BITS = 3,
  USER = 4,
  PARENT = 5,
  FLAGS = 6,
  STRIDE = 8,
}

/**
 * Record offsets in the build's loops are masked with this so that V8 knows an offset plus
 * a small constant stays an int32 and drops the overflow checks (see contact_solver.ts IX).
 */
export enum IX {
  MASK = 0x1fffffff,
}

function perimeter(minX: number, minY: number, maxX: number, maxY: number): number {
  return 2 * (maxX - minX + (maxY - minY));
}

/**
 * Callback of {@link DynamicTree.query}: return false to stop the query.
 */
export type TreeQueryCallback = (proxyId: number, userData: number) => boolean;

/**
 * Callback of {@link DynamicTree.rayCast}, given the fraction at which the ray enters the
 * proxy's fat AABB. Returns the new maximum fraction (clips the ray), 0 to terminate, or a
 * negative value (or anything above the current maximum) to ignore this proxy.
 */
export type TreeRayCastCallback = (proxyId: number, userData: number, fraction: number) => number;

/**
 * An AABB tree over proxies. A proxy id is the index of its leaf node and stays valid until
 * {@link DynamicTree.destroyProxy}, across moves and rebuilds.
 *
 * Queries and ray casts are re-entrant (a callback may query the same tree) but the tree must
 * not be modified from inside a callback.
 */
export class DynamicTree {
  /**
   * Node boxes, one record of four doubles per node (minX, minY, maxX, maxY at 4 * node):
   * for a leaf, the fat AABB of the proxy. One record, so that a traversal reads a node's
   * box from one cache line rather than from four arrays (the pair search visits some 25
   * nodes per moved proxy).
   */
  box: Float64Array;
  /**
   * Node links and payload, one record of eight int32 per node at 8 * node (see {@link N}):
   * children (-1 on leaves), height (0 for leaves, 1 + max(child heights) otherwise), category
   * bits (on internal nodes the union of the subtree, to prune queries), payload (the owner's
   * index on leaves, -1 on internal nodes), parent (-1 for the root; on free nodes the next
   * free node) and the ALLOCATED | ENLARGED flags. One 32-byte record, so a traversal reads
   * what it needs of a node from the box's line and this one, where separate columns took
   * five lines (issue 25: the pair search walks some 75 nodes per moved proxy).
   */
  node: Int32Array;

  /** Root node index, -1 when empty. */
  root = NULL;
  /**
   * A rebuild elsewhere, the same tree word for word (the contact kernel's,
   * wasm/kernel_rebuild.ts): called for a rebuild of an internal root, it sets the root and
   * returns the item count. Null for the JS's.
   */
  rebuildHook: ((tree: DynamicTree, fullBuild: boolean) => number) | null = null;
  private freeList = NULL;
  private nodeCount = 0;
  private _proxyCount = 0;

  /** Traversal stack shared by queries; `stackTop` is where the next (nested) query starts. */
  private stack: Int32Array;
  private stackTop = 0;
  /** The box of {@link query}, handed on to {@link queryBox}. */
  private readonly queryBoxScratch = new AABB(0.5, 0.5, 0.5, 0.5);

  // Rebuild scratch.
  private items: Int32Array = new Int32Array(16);
  private centers: Float64Array = new Float64Array(32);
  /** The ranges left to split, four int32s each (parent, slot, start, end). */
  private buildStack: Int32Array = new Int32Array(64);
  /**
   * The bounds of each range's centers (min x, max x, min y, max y), at the range's offset
   * in {@link buildStack}: a range's bounds come from its parent's partition, so only the
   * root's are found by a scan.
   */
  private buildBounds: Float64Array = new Float64Array(64);
  private builtNodes: Int32Array = new Int32Array(16);
  /**
   * Center bounds handed between the build's loops: the lower half's at [0, 4) and the upper
   * half's at [4, 8) after {@link partition}; the root's at [0, 4) after fillCenters.
   */
  private readonly bounds = new Float64Array(8);
  /**
   * Where {@link partitionMid} splits (a field: a double argument would be boxed).
   * Initialised with a fraction so the field holds a double from the start.
   */
  private splitAt = 0.5;

  /** @param capacity initial node capacity; storage doubles when exceeded. */
  constructor(capacity = 16) {
    const n = Math.max(2, capacity | 0);
    this.box = new Float64Array(4 * n);
    this.node = new Int32Array(N.STRIDE * n);
    this.stack = new Int32Array(64);
    this.linkFree(0, n);
    replaceArraysOnce(this);
  }

  /** Number of live proxies (leaves). */
  get proxyCount(): number {
    return this._proxyCount;
  }

  /** Current node capacity (for growth tests and diagnostics). */
  get capacity(): number {
    return this.node.length / N.STRIDE;
  }

  // ---------------------------------------------------------------------------------------
  // Node pool

  /** Chains nodes [from, to) into the free list, lowest index first (deterministic reuse). */
  private linkFree(from: number, to: number): void {
    const node = this.node;
    for (let i = from; i < to - 1; i++) {
      node[N.STRIDE * i + N.PARENT] = i + 1;
      node[N.STRIDE * i + N.FLAGS] = 0;
      node[N.STRIDE * i + N.HEIGHT] = -1;
    }
    node[N.STRIDE * (to - 1) + N.PARENT] = this.freeList;
    node[N.STRIDE * (to - 1) + N.FLAGS] = 0;
    node[N.STRIDE * (to - 1) + N.HEIGHT] = -1;
    this.freeList = from;
  }

  private allocateNode(): number {
    if (this.freeList === NULL) {
      const old = this.capacity;
      const cap = old * 2;
      this.box = growF64(this.box, 4 * cap);
      this.node = growI32(this.node, N.STRIDE * cap);
      this.linkFree(old, cap);
    }
    const id = this.freeList;
    const node = this.node;
    const o = Math.imul(id, N.STRIDE) & IX.MASK;
    this.freeList = node[o + N.PARENT]!;
    node[o + N.PARENT] = NULL;
    node[o + N.CHILD1] = NULL;
    node[o + N.CHILD2] = NULL;
    node[o + N.HEIGHT] = 0;
    node[o + N.USER] = NULL;
    node[o + N.BITS] = 0;
    node[o + N.FLAGS] = ALLOCATED;
    this.nodeCount++;
    return id;
  }

  private freeNode(id: number): void {
    this.node[N.STRIDE * id + N.PARENT] = this.freeList;
    this.node[N.STRIDE * id + N.FLAGS] = 0;
    this.node[N.STRIDE * id + N.HEIGHT] = -1;
    this.freeList = id;
    this.nodeCount--;
  }

  // ---------------------------------------------------------------------------------------
  // Proxies

  /**
   * Adds a proxy with the given fat AABB and returns its id.
   * @param categoryBits 32-bit collision category, tested against the mask of queries
   * @param userData the owner's index (e.g. shape index), returned by queries
   */
  createProxy(
    minX: number,
    minY: number,
    maxX: number,
    maxY: number,
    categoryBits: number,
    userData: number,
  ): number {
    const id = this.allocateNode();
    this.box[4 * id] = minX;
    this.box[4 * id + 1] = minY;
    this.box[4 * id + 2] = maxX;
    this.box[4 * id + 3] = maxY;
    this.node[N.STRIDE * id + N.USER] = userData;
    this.node[N.STRIDE * id + N.BITS] = categoryBits;
    this.insertLeaf(id);
    this._proxyCount++;
    return id;
  }

  /** Removes a proxy. The id may be reused by a later {@link createProxy}. */
  destroyProxy(proxyId: number): void {
    this.removeLeaf(proxyId);
    this.freeNode(proxyId);
    this._proxyCount--;
  }

  /** Gives a proxy a new fat AABB by removing and re-inserting its leaf (a teleport). */
  /**
   * Gives a leaf a new fat AABB without touching the structure: its ancestors may then no
   * longer bound it, so the caller must `rebuild(true)` before the tree is searched (a
   * rollback load sets many leaves and rebuilds once; see world/rollback_state.ts).
   */
  setLeafBox(proxyId: number, box: AABB): void {
    this.box[4 * proxyId] = box.minX;
    this.box[4 * proxyId + 1] = box.minY;
    this.box[4 * proxyId + 2] = box.maxX;
    this.box[4 * proxyId + 3] = box.maxY;
  }

  moveProxy(proxyId: number, box: AABB): void {
    this.removeLeaf(proxyId);
    this.box[4 * proxyId] = box.minX;
    this.box[4 * proxyId + 1] = box.minY;
    this.box[4 * proxyId + 2] = box.maxX;
    this.box[4 * proxyId + 3] = box.maxY;
    this.insertLeaf(proxyId);
  }

  /**
   * Gives a proxy a new fat AABB in place and grows its ancestors to contain it, without
   * restructuring (Box2D v3's enlarge). Ancestors never shrink, so they keep bounding their
   * other leaves whether or not the new box contains the old one. The leaf and every
   * ancestor are flagged enlarged so {@link rebuild} can later restore tree quality. Much
   * cheaper than {@link moveProxy} for the common case of many slowly moving bodies.
   * The box comes in an object, not as four numbers: V8 would box each double argument.
   */
  enlargeProxy(proxyId: number, box: AABB): void {
    const minX = box.minX;
    const minY = box.minY;
    const maxX = box.maxX;
    const maxY = box.maxY;
    const nb = this.box;
    const node = this.node;
    nb[4 * proxyId] = minX;
    nb[4 * proxyId + 1] = minY;
    nb[4 * proxyId + 2] = maxX;
    nb[4 * proxyId + 3] = maxY;
    node[N.STRIDE * proxyId + N.FLAGS] = node[N.STRIDE * proxyId + N.FLAGS]! | ENLARGED;
    let p = node[N.STRIDE * proxyId + N.PARENT]!;
    // Grow ancestors until one already contains the box: above it nothing changes. Each
    // side is written back whether it grew or not: which sides grow depends on where the
    // bodies go (the first to move up would otherwise run a store never run before, and
    // deoptimise the step's loop it is inlined into, see world/solver.ts collide).
    while (p !== NULL) {
      const r = Math.imul(p, 4) & IX.MASK;
      const o = Math.imul(p, N.STRIDE) & IX.MASK;
      const x0 = nb[r]!;
      const y0 = nb[r + 1]!;
      const x1 = nb[r + 2]!;
      const y1 = nb[r + 3]!;
      const growX0 = minX < x0;
      const growY0 = minY < y0;
      const growX1 = maxX > x1;
      const growY1 = maxY > y1;
      nb[r] = growX0 ? minX : x0;
      nb[r + 1] = growY0 ? minY : y0;
      nb[r + 2] = growX1 ? maxX : x1;
      nb[r + 3] = growY1 ? maxY : y1;
      node[o + N.FLAGS] = node[o + N.FLAGS]! | ENLARGED;
      p = node[o + N.PARENT]!;
      if (!(growX0 || growY0 || growX1 || growY1)) break;
    }
    // Keep the enlarged nodes a connected set from the root, so rebuild can find them by a
    // walk that stops at the first clean node.
    while (p !== NULL && (node[N.STRIDE * p + N.FLAGS]! & ENLARGED) === 0) {
      node[N.STRIDE * p + N.FLAGS] = node[N.STRIDE * p + N.FLAGS]! | ENLARGED;
      p = node[N.STRIDE * p + N.PARENT]!;
    }
  }

  /** True when the proxy was enlarged since the last {@link rebuild} or {@link clearEnlarged}. */
  wasEnlarged(proxyId: number): boolean {
    return (this.node[N.STRIDE * proxyId + N.FLAGS]! & ENLARGED) !== 0;
  }

  /** Clears the enlarged flag of a proxy's leaf (ancestors keep theirs until a rebuild). */
  clearEnlarged(proxyId: number): void {
    this.node[N.STRIDE * proxyId + N.FLAGS] = this.node[N.STRIDE * proxyId + N.FLAGS]! & ~ENLARGED;
  }

  /** The owner's index given at creation. */
  getUserData(proxyId: number): number {
    return this.node[N.STRIDE * proxyId + N.USER]!;
  }

  /** The category bits given at creation. */
  getCategoryBits(proxyId: number): number {
    return this.node[N.STRIDE * proxyId + N.BITS]! >>> 0;
  }

  /** True when the node is an allocated leaf, i.e. a live proxy (for validation). */
  isProxy(id: number): boolean {
    return (
      (this.node[N.STRIDE * id + N.FLAGS]! & ALLOCATED) !== 0 && this.node[N.STRIDE * id + N.HEIGHT] === 0
    );
  }

  /** Writes the proxy's fat AABB into `out` and returns it. */
  getFatAABB(proxyId: number, out: AABB): AABB {
    out.minX = this.box[4 * proxyId]!;
    out.minY = this.box[4 * proxyId + 1]!;
    out.maxX = this.box[4 * proxyId + 2]!;
    out.maxY = this.box[4 * proxyId + 3]!;
    return out;
  }

  /** Height of the tree: 0 for a single leaf, 0 also when empty. */
  getHeight(): number {
    return this.root === NULL ? 0 : this.node[N.STRIDE * this.root + N.HEIGHT]!;
  }

  /** Sum of internal node perimeters over the root perimeter: a tree quality measure. */
  getAreaRatio(): number {
    const root = this.root;
    if (root === NULL) return 0;
    const rootArea = perimeter(
      this.box[4 * root]!,
      this.box[4 * root + 1]!,
      this.box[4 * root + 2]!,
      this.box[4 * root + 3]!,
    );
    let total = 0;
    const cap = this.capacity;
    for (let i = 0; i < cap; i++) {
      if ((this.node[N.STRIDE * i + N.FLAGS]! & ALLOCATED) === 0 || this.node[N.STRIDE * i + N.HEIGHT] === 0)
        continue;
      total += perimeter(this.box[4 * i]!, this.box[4 * i + 1]!, this.box[4 * i + 2]!, this.box[4 * i + 3]!);
    }
    return rootArea > 0 ? total / rootArea : 0;
  }

  // ---------------------------------------------------------------------------------------
  // Insertion and removal

  /**
   * Branch-and-bound descent for the sibling minimising the SAH cost of inserting a box:
   * the perimeter of the new parent plus the growth of every ancestor ("inherited" cost).
   * A subtree is skipped when even its lower bound cannot beat the best cost found.
   */
  private findBestSibling(minX: number, minY: number, maxX: number, maxY: number): number {
    const nb = this.box;
    const node = this.node;
    const areaD = perimeter(minX, minY, maxX, maxY);
    const cx = 0.5 * (minX + maxX);
    const cy = 0.5 * (minY + maxY);

    let index = this.root;
    let areaBase = perimeter(nb[4 * index]!, nb[4 * index + 1]!, nb[4 * index + 2]!, nb[4 * index + 3]!);
    let directCost = perimeter(
      Math.min(nb[4 * index]!, minX),
      Math.min(nb[4 * index + 1]!, minY),
      Math.max(nb[4 * index + 2]!, maxX),
      Math.max(nb[4 * index + 3]!, maxY),
    );
    let inheritedCost = 0;
    let bestSibling = index;
    let bestCost = directCost;

    while (node[N.STRIDE * index + N.HEIGHT]! > 0) {
      const c1 = this.node[N.STRIDE * index + N.CHILD1]!;
      const c2 = this.node[N.STRIDE * index + N.CHILD2]!;

      // Cost of making `index` itself the sibling.
      const cost = directCost + inheritedCost;
      if (cost < bestCost) {
        bestSibling = index;
        bestCost = cost;
      }
      // Going below `index` means `index` grows to include the box.
      inheritedCost += directCost - areaBase;

      const leaf1 = node[N.STRIDE * c1 + N.HEIGHT] === 0;
      const leaf2 = node[N.STRIDE * c2 + N.HEIGHT] === 0;

      let lowerCost1 = Number.POSITIVE_INFINITY;
      const a1x0 = nb[4 * c1]!;
      const a1y0 = nb[4 * c1 + 1]!;
      const a1x1 = nb[4 * c1 + 2]!;
      const a1y1 = nb[4 * c1 + 3]!;
      const directCost1 = perimeter(
        Math.min(a1x0, minX),
        Math.min(a1y0, minY),
        Math.max(a1x1, maxX),
        Math.max(a1y1, maxY),
      );
      let area1 = 0;
      if (leaf1) {
        const cost1 = directCost1 + inheritedCost;
        if (cost1 < bestCost) {
          bestSibling = c1;
          bestCost = cost1;
        }
      } else {
        area1 = perimeter(a1x0, a1y0, a1x1, a1y1);
        // Best case below c1: the box lands inside a node no bigger than itself.
        lowerCost1 = inheritedCost + directCost1 + Math.min(areaD - area1, 0);
      }

      let lowerCost2 = Number.POSITIVE_INFINITY;
      const a2x0 = nb[4 * c2]!;
      const a2y0 = nb[4 * c2 + 1]!;
      const a2x1 = nb[4 * c2 + 2]!;
      const a2y1 = nb[4 * c2 + 3]!;
      const directCost2 = perimeter(
        Math.min(a2x0, minX),
        Math.min(a2y0, minY),
        Math.max(a2x1, maxX),
        Math.max(a2y1, maxY),
      );
      let area2 = 0;
      if (leaf2) {
        const cost2 = directCost2 + inheritedCost;
        if (cost2 < bestCost) {
          bestSibling = c2;
          bestCost = cost2;
        }
      } else {
        area2 = perimeter(a2x0, a2y0, a2x1, a2y1);
        lowerCost2 = inheritedCost + directCost2 + Math.min(areaD - area2, 0);
      }

      if (leaf1 && leaf2) break;
      if (bestCost <= lowerCost1 && bestCost <= lowerCost2) break;

      if (lowerCost1 === lowerCost2 && !leaf1) {
        // Tie (common when the box is inside both): descend towards the closer center.
        const d1x = 0.5 * (a1x0 + a1x1) - cx;
        const d1y = 0.5 * (a1y0 + a1y1) - cy;
        const d2x = 0.5 * (a2x0 + a2x1) - cx;
        const d2y = 0.5 * (a2y0 + a2y1) - cy;
        lowerCost1 = d1x * d1x + d1y * d1y;
        lowerCost2 = d2x * d2x + d2y * d2y;
      }

      if (lowerCost1 < lowerCost2 && !leaf1) {
        index = c1;
        areaBase = area1;
        directCost = directCost1;
      } else {
        index = c2;
        areaBase = area2;
        directCost = directCost2;
      }
    }
    return bestSibling;
  }

  /** Recomputes an internal node's box, category bits and height from its children. */
  private refit(i: number): void {
    const nb = this.box;
    const node = this.node;
    const o = Math.imul(i, N.STRIDE) & IX.MASK;
    const c1 = node[o + N.CHILD1]!;
    const c2 = node[o + N.CHILD2]!;
    const o1 = Math.imul(c1, N.STRIDE) & IX.MASK;
    const o2 = Math.imul(c2, N.STRIDE) & IX.MASK;
    const r = Math.imul(i, 4) & IX.MASK;
    const r1 = Math.imul(c1, 4) & IX.MASK;
    const r2 = Math.imul(c2, 4) & IX.MASK;
    nb[r] = Math.min(nb[r1]!, nb[r2]!);
    nb[r + 1] = Math.min(nb[r1 + 1]!, nb[r2 + 1]!);
    nb[r + 2] = Math.max(nb[r1 + 2]!, nb[r2 + 2]!);
    nb[r + 3] = Math.max(nb[r1 + 3]!, nb[r2 + 3]!);
    node[o + N.BITS] = node[o1 + N.BITS]! | node[o2 + N.BITS]!;
    node[o + N.HEIGHT] = 1 + Math.max(node[o1 + N.HEIGHT]!, node[o2 + N.HEIGHT]!);
  }

  private insertLeaf(leaf: number): void {
    if (this.root === NULL) {
      this.root = leaf;
      this.node[N.STRIDE * leaf + N.PARENT] = NULL;
      return;
    }
    const sibling = this.findBestSibling(
      this.box[4 * leaf]!,
      this.box[4 * leaf + 1]!,
      this.box[4 * leaf + 2]!,
      this.box[4 * leaf + 3]!,
    );
    const oldParent = this.node[N.STRIDE * sibling + N.PARENT]!;
    const newParent = this.allocateNode();
    this.node[N.STRIDE * newParent + N.PARENT] = oldParent;
    this.node[N.STRIDE * newParent + N.CHILD1] = sibling;
    this.node[N.STRIDE * newParent + N.CHILD2] = leaf;
    this.node[N.STRIDE * sibling + N.PARENT] = newParent;
    this.node[N.STRIDE * leaf + N.PARENT] = newParent;
    // Enlarged internal nodes must keep enlarged parents (see enlargeProxy); oldParent is
    // enlarged already when the sibling is.
    if (
      this.node[N.STRIDE * sibling + N.HEIGHT]! > 0 &&
      (this.node[N.STRIDE * sibling + N.FLAGS]! & ENLARGED) !== 0
    ) {
      this.node[N.STRIDE * newParent + N.FLAGS] = ALLOCATED | ENLARGED;
    }
    this.refit(newParent);
    if (oldParent === NULL) {
      this.root = newParent;
    } else if (this.node[N.STRIDE * oldParent + N.CHILD1] === sibling) {
      this.node[N.STRIDE * oldParent + N.CHILD1] = newParent;
    } else {
      this.node[N.STRIDE * oldParent + N.CHILD2] = newParent;
    }

    // Walk back up: refit and rotate to keep the SAH cost low.
    let index = oldParent;
    while (index !== NULL) {
      this.refit(index);
      this.rotate(index);
      index = this.node[N.STRIDE * index + N.PARENT]!;
    }
  }

  private removeLeaf(leaf: number): void {
    if (leaf === this.root) {
      this.root = NULL;
      return;
    }
    const p = this.node[N.STRIDE * leaf + N.PARENT]!;
    const grandParent = this.node[N.STRIDE * p + N.PARENT]!;
    const sibling =
      this.node[N.STRIDE * p + N.CHILD1] === leaf
        ? this.node[N.STRIDE * p + N.CHILD2]!
        : this.node[N.STRIDE * p + N.CHILD1]!;
    this.node[N.STRIDE * leaf + N.PARENT] = NULL;
    if (grandParent === NULL) {
      this.root = sibling;
      this.node[N.STRIDE * sibling + N.PARENT] = NULL;
      this.freeNode(p);
      return;
    }
    if (this.node[N.STRIDE * grandParent + N.CHILD1] === p)
      this.node[N.STRIDE * grandParent + N.CHILD1] = sibling;
    else this.node[N.STRIDE * grandParent + N.CHILD2] = sibling;
    this.node[N.STRIDE * sibling + N.PARENT] = grandParent;
    this.freeNode(p);
    let index = grandParent;
    while (index !== NULL) {
      this.refit(index);
      index = this.node[N.STRIDE * index + N.PARENT]!;
    }
  }

  /**
   * Local rotation at internal node A (children B, C): swaps a child of A with a grandchild
   * when that lowers the summed perimeter of A's children, the only part of the SAH cost such
   * a swap changes. A's own box is unchanged (same leaves below it).
   */
  private rotate(iA: number): void {
    const node = this.node;
    if (node[N.STRIDE * iA + N.HEIGHT]! < 2) return;
    const iB = this.node[N.STRIDE * iA + N.CHILD1]!;
    const iC = this.node[N.STRIDE * iA + N.CHILD2]!;
    const nb = this.box;

    if (node[N.STRIDE * iB + N.HEIGHT] === 0) {
      // B is a leaf and C internal: try swapping B with one of C's children.
      const iF = this.node[N.STRIDE * iC + N.CHILD1]!;
      const iG = this.node[N.STRIDE * iC + N.CHILD2]!;
      const costBase = perimeter(nb[4 * iC]!, nb[4 * iC + 1]!, nb[4 * iC + 2]!, nb[4 * iC + 3]!);
      // B<->F leaves C = B + G.
      const costBF = perimeter(
        Math.min(nb[4 * iB]!, nb[4 * iG]!),
        Math.min(nb[4 * iB + 1]!, nb[4 * iG + 1]!),
        Math.max(nb[4 * iB + 2]!, nb[4 * iG + 2]!),
        Math.max(nb[4 * iB + 3]!, nb[4 * iG + 3]!),
      );
      const costBG = perimeter(
        Math.min(nb[4 * iB]!, nb[4 * iF]!),
        Math.min(nb[4 * iB + 1]!, nb[4 * iF + 1]!),
        Math.max(nb[4 * iB + 2]!, nb[4 * iF + 2]!),
        Math.max(nb[4 * iB + 3]!, nb[4 * iF + 3]!),
      );
      if (costBase <= costBF && costBase <= costBG) return;
      if (costBF <= costBG) this.swapChildren(iA, iB, iC, iF, 1);
      else this.swapChildren(iA, iB, iC, iG, 2);
      return;
    }

    if (node[N.STRIDE * iC + N.HEIGHT] === 0) {
      // C is a leaf and B internal: try swapping C with one of B's children.
      const iD = this.node[N.STRIDE * iB + N.CHILD1]!;
      const iE = this.node[N.STRIDE * iB + N.CHILD2]!;
      const costBase = perimeter(nb[4 * iB]!, nb[4 * iB + 1]!, nb[4 * iB + 2]!, nb[4 * iB + 3]!);
      const costCD = perimeter(
        Math.min(nb[4 * iC]!, nb[4 * iE]!),
        Math.min(nb[4 * iC + 1]!, nb[4 * iE + 1]!),
        Math.max(nb[4 * iC + 2]!, nb[4 * iE + 2]!),
        Math.max(nb[4 * iC + 3]!, nb[4 * iE + 3]!),
      );
      const costCE = perimeter(
        Math.min(nb[4 * iC]!, nb[4 * iD]!),
        Math.min(nb[4 * iC + 1]!, nb[4 * iD + 1]!),
        Math.max(nb[4 * iC + 2]!, nb[4 * iD + 2]!),
        Math.max(nb[4 * iC + 3]!, nb[4 * iD + 3]!),
      );
      if (costBase <= costCD && costBase <= costCE) return;
      if (costCD <= costCE) this.swapChildren(iA, iC, iB, iD, 1);
      else this.swapChildren(iA, iC, iB, iE, 2);
      return;
    }

    // Both internal: four candidate swaps.
    const iD = this.node[N.STRIDE * iB + N.CHILD1]!;
    const iE = this.node[N.STRIDE * iB + N.CHILD2]!;
    const iF = this.node[N.STRIDE * iC + N.CHILD1]!;
    const iG = this.node[N.STRIDE * iC + N.CHILD2]!;
    const areaB = perimeter(nb[4 * iB]!, nb[4 * iB + 1]!, nb[4 * iB + 2]!, nb[4 * iB + 3]!);
    const areaC = perimeter(nb[4 * iC]!, nb[4 * iC + 1]!, nb[4 * iC + 2]!, nb[4 * iC + 3]!);
    const costBase = areaB + areaC;
    let best = 0; // 0 none, 1 B<->F, 2 B<->G, 3 C<->D, 4 C<->E
    let bestCost = costBase;
    const costBF =
      areaB +
      perimeter(
        Math.min(nb[4 * iB]!, nb[4 * iG]!),
        Math.min(nb[4 * iB + 1]!, nb[4 * iG + 1]!),
        Math.max(nb[4 * iB + 2]!, nb[4 * iG + 2]!),
        Math.max(nb[4 * iB + 3]!, nb[4 * iG + 3]!),
      );
    if (costBF < bestCost) {
      best = 1;
      bestCost = costBF;
    }
    const costBG =
      areaB +
      perimeter(
        Math.min(nb[4 * iB]!, nb[4 * iF]!),
        Math.min(nb[4 * iB + 1]!, nb[4 * iF + 1]!),
        Math.max(nb[4 * iB + 2]!, nb[4 * iF + 2]!),
        Math.max(nb[4 * iB + 3]!, nb[4 * iF + 3]!),
      );
    if (costBG < bestCost) {
      best = 2;
      bestCost = costBG;
    }
    const costCD =
      areaC +
      perimeter(
        Math.min(nb[4 * iC]!, nb[4 * iE]!),
        Math.min(nb[4 * iC + 1]!, nb[4 * iE + 1]!),
        Math.max(nb[4 * iC + 2]!, nb[4 * iE + 2]!),
        Math.max(nb[4 * iC + 3]!, nb[4 * iE + 3]!),
      );
    if (costCD < bestCost) {
      best = 3;
      bestCost = costCD;
    }
    const costCE =
      areaC +
      perimeter(
        Math.min(nb[4 * iC]!, nb[4 * iD]!),
        Math.min(nb[4 * iC + 1]!, nb[4 * iD + 1]!),
        Math.max(nb[4 * iC + 2]!, nb[4 * iD + 2]!),
        Math.max(nb[4 * iC + 3]!, nb[4 * iD + 3]!),
      );
    if (costCE < bestCost) {
      best = 4;
    }
    switch (best) {
      case 1:
        this.swapChildren(iA, iB, iC, iF, 1);
        break;
      case 2:
        this.swapChildren(iA, iB, iC, iG, 2);
        break;
      case 3:
        this.swapChildren(iA, iC, iB, iD, 1);
        break;
      case 4:
        this.swapChildren(iA, iC, iB, iE, 2);
        break;
    }
  }

  /**
   * Swaps `x` (a child of `a`) with `y` (child `slot` of `z`, the other child of `a`), then
   * refits `z` and `a`.
   */
  private swapChildren(a: number, x: number, z: number, y: number, slot: number): void {
    if (this.node[N.STRIDE * a + N.CHILD1] === x) this.node[N.STRIDE * a + N.CHILD1] = y;
    else this.node[N.STRIDE * a + N.CHILD2] = y;
    this.node[N.STRIDE * y + N.PARENT] = a;
    if (slot === 1) this.node[N.STRIDE * z + N.CHILD1] = x;
    else this.node[N.STRIDE * z + N.CHILD2] = x;
    this.node[N.STRIDE * x + N.PARENT] = z;
    // An enlarged internal node keeps an enlarged parent so rebuild (which stops at clean
    // nodes) still reaches it. `a` is enlarged already if x was.
    if (this.node[N.STRIDE * x + N.HEIGHT]! > 0 && (this.node[N.STRIDE * x + N.FLAGS]! & ENLARGED) !== 0)
      this.node[N.STRIDE * z + N.FLAGS] = this.node[N.STRIDE * z + N.FLAGS]! | ENLARGED;
    this.refit(z);
    this.refit(a);
  }

  // ---------------------------------------------------------------------------------------
  // Queries

  /**
   * Calls `callback` for every proxy whose fat AABB overlaps the box (touching counts) and
   * whose category bits intersect `maskBits`. Stops when the callback returns false.
   */
  query(
    minX: number,
    minY: number,
    maxX: number,
    maxY: number,
    maskBits: number,
    callback: TreeQueryCallback,
  ): void {
    const box = this.queryBoxScratch;
    box.minX = minX;
    box.minY = minY;
    box.maxX = maxX;
    box.maxY = maxY;
    this.queryBox(box, maskBits, callback);
  }

  /**
   * {@link query} with the box in an object, for the step: V8 boxes the double arguments
   * of a call it does not inline (docs/core-design.md). The box is read once, before any
   * callback runs, so a callback may reuse it.
   */
  queryBox(box: AABB, maskBits: number, callback: TreeQueryCallback): void {
    if (this.root === NULL) return;
    this.rebuildIfEnlarged();
    const minX = box.minX;
    const minY = box.minY;
    const maxX = box.maxX;
    const maxY = box.maxY;
    const base = this.stackTop;
    let stack = this.stack;
    let top = base;
    stack[top++] = this.root;
    // Node arrays are only replaced by structural edits, which callbacks must not do.
    const nb = this.box;
    const node = this.node;
    try {
      while (top > base) {
        const n = stack[--top]!;
        if (
          nb[4 * n]! > maxX ||
          nb[4 * n + 2]! < minX ||
          nb[4 * n + 1]! > maxY ||
          nb[4 * n + 3]! < minY ||
          (node[N.STRIDE * n + N.BITS]! & maskBits) === 0
        ) {
          continue;
        }
        if (node[N.STRIDE * n + N.HEIGHT] === 0) {
          this.stackTop = top;
          const proceed = callback(n, this.node[N.STRIDE * n + N.USER]!);
          stack = this.stack; // a nested query may have grown it
          if (!proceed) return;
        } else {
          if (top + 2 > stack.length) {
            this.stack = growI32(stack, top + 2);
            stack = this.stack;
          }
          stack[top++] = node[N.STRIDE * n + N.CHILD1]!;
          stack[top++] = node[N.STRIDE * n + N.CHILD2]!;
        }
      }
    } finally {
      this.stackTop = base;
    }
  }

  /**
   * Casts the segment origin + t * (dx, dy), t in [0, maxFraction], against the fat AABBs.
   * For each proxy crossed (slab test, boundary contact counts) whose category bits
   * intersect `maskBits`, calls `callback` with the entry fraction. The callback returns the
   * new max fraction (clipping the rest of the traversal), 0 to stop, or -1 to ignore.
   */
  rayCast(
    originX: number,
    originY: number,
    dx: number,
    dy: number,
    maxFraction: number,
    maskBits: number,
    callback: TreeRayCastCallback,
  ): void {
    if (this.root === NULL) return;
    this.rebuildIfEnlarged();
    const invDx = dx === 0 ? 0 : 1 / dx;
    const invDy = dy === 0 ? 0 : 1 / dy;
    const base = this.stackTop;
    let stack = this.stack;
    let top = base;
    stack[top++] = this.root;
    try {
      while (top > base) {
        const n = stack[--top]!;
        if ((this.node[N.STRIDE * n + N.BITS]! & maskBits) === 0) continue;
        const enter = this.slab(n, originX, originY, dx, dy, invDx, invDy, maxFraction);
        if (enter < 0) continue;
        if (this.node[N.STRIDE * n + N.HEIGHT] === 0) {
          this.stackTop = top;
          const value = callback(n, this.node[N.STRIDE * n + N.USER]!, enter);
          stack = this.stack;
          if (value === 0) return;
          if (value > 0 && value <= maxFraction) maxFraction = value;
        } else {
          if (top + 2 > stack.length) {
            this.stack = growI32(stack, top + 2);
            stack = this.stack;
          }
          stack[top++] = this.node[N.STRIDE * n + N.CHILD1]!;
          stack[top++] = this.node[N.STRIDE * n + N.CHILD2]!;
        }
      }
    } finally {
      this.stackTop = base;
    }
  }

  /**
   * Slab test of the segment against node n's box. Returns the entry fraction in
   * [0, maxFraction], or -1 on a miss. Monotone in the box, so a parent is never rejected
   * when one of its leaves would be hit.
   */
  private slab(
    n: number,
    ox: number,
    oy: number,
    dx: number,
    dy: number,
    invDx: number,
    invDy: number,
    maxFraction: number,
  ): number {
    let tmin = 0;
    let tmax = maxFraction;
    const x0 = this.box[4 * n]!;
    const x1 = this.box[4 * n + 2]!;
    if (dx === 0) {
      if (ox < x0 || ox > x1) return -1;
    } else {
      let t1 = (x0 - ox) * invDx;
      let t2 = (x1 - ox) * invDx;
      if (t1 > t2) {
        const t = t1;
        t1 = t2;
        t2 = t;
      }
      if (t1 > tmin) tmin = t1;
      if (t2 < tmax) tmax = t2;
      if (tmin > tmax) return -1;
    }
    const y0 = this.box[4 * n + 1]!;
    const y1 = this.box[4 * n + 3]!;
    if (dy === 0) {
      if (oy < y0 || oy > y1) return -1;
    } else {
      let t1 = (y0 - oy) * invDy;
      let t2 = (y1 - oy) * invDy;
      if (t1 > t2) {
        const t = t1;
        t1 = t2;
        t2 = t;
      }
      if (t1 > tmin) tmin = t1;
      if (t2 < tmax) tmax = t2;
      if (tmin > tmax) return -1;
    }
    return tmin;
  }

  // ---------------------------------------------------------------------------------------
  // Rebuild

  /**
   * Rebuilds the enlarged part of the tree (or all of it when `fullBuild`) top-down with a
   * median splits (see {@link partition}). Clean subtrees hanging off enlarged nodes are kept whole and treated as
   * leaves, so after a step where a few proxies were enlarged only their paths are rebuilt.
   * Proxy ids are unchanged. Returns the number of items (leaves or kept subtrees) rebuilt.
   */
  /**
   * Restores tree quality after enlargements, lazily: the step only grows enlarged boxes,
   * and the tree is rebuilt the first time something searches it (a query, a ray cast, a
   * pair search that is not pruned at the root). A tree nobody searches (a net of bodies
   * that ignore each other) is never rebuilt. Not while a query is in progress: a nested
   * query finds the tree already rebuilt by the outer one.
   */
  rebuildIfEnlarged(): void {
    const root = this.root;
    if (root !== NULL && this.stackTop === 0 && (this.node[N.STRIDE * root + N.FLAGS]! & ENLARGED) !== 0)
      this.rebuild(false);
  }

  rebuild(fullBuild = false): number {
    const root = this.root;
    if (root === NULL) return 0;
    if (this.node[N.STRIDE * root + N.HEIGHT] === 0) {
      this.node[N.STRIDE * root + N.FLAGS] = this.node[N.STRIDE * root + N.FLAGS]! & ~ENLARGED;
      return 0;
    }
    if (!fullBuild && (this.node[N.STRIDE * root + N.FLAGS]! & ENLARGED) === 0) return 0;
    if (this.rebuildHook !== null) return this.rebuildHook(this, fullBuild);
    this.items = growI32(this.items, this.nodeCount);
    const count = this.collectItems(root, fullBuild);
    this.root = this.buildTopDown(count);
    this.node[N.STRIDE * this.root + N.PARENT] = NULL;
    return count;
  }

  // Each long loop of the rebuild is a function of its own with nothing after the loop but
  // a return: V8 compiles a long loop on entry (on-stack replacement) during its first
  // call, before the code after it has run, and deoptimised at that code at every later
  // call (the joint grid: partition 300-1200 times in 160 steps, buildTopDown 34;
  // docs/contact-churn.md, "Deoptimised at every call").

  /**
   * Puts the rebuild's items into `items` (leaves and clean subtrees under the enlarged
   * nodes, or every leaf when `fullBuild`), freeing the internal nodes walked; returns how
   * many.
   */
  private collectItems(root: number, fullBuild: boolean): number {
    const node = this.node; // the walk frees nodes and allocates none
    let items = this.items;
    let count = 0;
    let stack = this.stack;
    const base = this.stackTop;
    let top = base;
    stack[top++] = root;
    while (top > base) {
      const n = stack[--top]!;
      const o = Math.imul(n, N.STRIDE) & IX.MASK;
      const flags = node[o + N.FLAGS]!;
      const leaf = node[o + N.HEIGHT] === 0;
      if (leaf || (!fullBuild && (flags & ENLARGED) === 0)) {
        if (leaf) node[o + N.FLAGS] = flags & ~ENLARGED;
        if (count === items.length) {
          this.items = growI32(items, count + 1);
          items = this.items;
        }
        items[count++] = n;
        continue;
      }
      if (top + 2 > stack.length) {
        this.stack = growI32(stack, top + 2);
        stack = this.stack;
      }
      stack[top++] = node[o + N.CHILD1]!;
      stack[top++] = node[o + N.CHILD2]!;
      this.freeNode(n);
    }
    return count;
  }

  /**
   * Builds a subtree over `items[0, count)` and returns its root: the first node built
   * (the range of all items) when there are two items or more.
   */
  private buildTopDown(count: number): number {
    if (count === 1) return this.items[0]!;
    this.centers = growF64(this.centers, 2 * count);
    this.builtNodes = growI32(this.builtNodes, count);
    this.fillCenters(count);
    this.refitBuilt(this.splitRanges(count));
    return this.builtNodes[0]!;
  }

  /**
   * The centers of the items' boxes, item i's at `centers[2i, 2i + 2)`, and their bounds
   * into `bounds[0, 4)`, written in the loop: the loop is entered compiled (see
   * collectItems).
   */
  private fillCenters(count: number): void {
    const items = this.items;
    const centers = this.centers;
    const nb = this.box;
    const b = this.bounds;
    let cx0 = Number.POSITIVE_INFINITY;
    let cy0 = Number.POSITIVE_INFINITY;
    let cx1 = Number.NEGATIVE_INFINITY;
    let cy1 = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < count; i++) {
      const r = Math.imul(items[i]!, 4) & IX.MASK;
      const c = Math.imul(i, 2) & IX.MASK;
      const x = 0.5 * (nb[r]! + nb[r + 2]!);
      const y = 0.5 * (nb[r + 1]! + nb[r + 3]!);
      centers[c] = x;
      centers[c + 1] = y;
      if (x < cx0) cx0 = x;
      if (x > cx1) cx1 = x;
      if (y < cy0) cy0 = y;
      if (y > cy1) cy1 = y;
      b[0] = cx0;
      b[1] = cx1;
      b[2] = cy0;
      b[3] = cy1;
    }
  }

  /**
   * Splits `items[0, count)` (two or more) top-down into new internal nodes, linked but
   * not fitted; returns how many it made, listed in `builtNodes` in creation order. Each
   * range carries its centers' bounds from its parent's partition (a range of two needs
   * none: it splits in the middle).
   */
  private splitRanges(count: number): number {
    // The root (slot 0) has no parent to link.
    let bs = this.buildStack;
    let bb = this.buildBounds;
    const b = this.bounds;
    const items = this.items;
    let builtCount = 0;
    bs[0] = NULL;
    bs[1] = 0;
    bs[2] = 0;
    bs[3] = count;
    bb[0] = b[0]!;
    bb[1] = b[1]!;
    bb[2] = b[2]!;
    bb[3] = b[3]!;
    let top = 4;
    while (top > 0) {
      top -= 4;
      const p = bs[top]!;
      const slot = bs[top + 1]!;
      const start = bs[top + 2]!;
      const end = bs[top + 3]!;
      let n: number;
      if (end - start === 1) {
        n = items[start]!;
      } else {
        n = this.allocateNode();
        this.builtNodes[builtCount++] = n;
        const mid = end - start === 2 ? start + 1 : this.partition(start, end, top);
        if (top + 8 > bs.length) {
          this.buildStack = growI32(bs, top + 8);
          bs = this.buildStack;
          this.buildBounds = growF64(bb, top + 8);
          bb = this.buildBounds;
        }
        // The upper half below the lower, so the lower half is split first (node ids in
        // depth-first order, lower child first).
        bs[top] = n;
        bs[top + 1] = 2;
        bs[top + 2] = mid;
        bs[top + 3] = end;
        bs[top + 4] = n;
        bs[top + 5] = 1;
        bs[top + 6] = start;
        bs[top + 7] = mid;
        bb[top] = b[4]!;
        bb[top + 1] = b[5]!;
        bb[top + 2] = b[6]!;
        bb[top + 3] = b[7]!;
        bb[top + 4] = b[0]!;
        bb[top + 5] = b[1]!;
        bb[top + 6] = b[2]!;
        bb[top + 7] = b[3]!;
        top += 8;
      }
      // this.node, not a local: allocateNode may grow the array.
      const node = this.node;
      node[(Math.imul(n, N.STRIDE) & IX.MASK) + N.PARENT] = p;
      if (slot === 1) node[(Math.imul(p, N.STRIDE) & IX.MASK) + N.CHILD1] = n;
      else if (slot === 2) node[(Math.imul(p, N.STRIDE) & IX.MASK) + N.CHILD2] = n;
    }
    return builtCount;
  }

  /** Fits the `built` new nodes: parents were made before their children, so in reverse. */
  private refitBuilt(built: number): void {
    for (let i = built - 1; i >= 0; i--) this.refit(this.builtNodes[i]!);
  }

  /**
   * Splits `items[start, end)` (three or more, centers' bounds at `buildBounds[at, at + 4)`)
   * in place and returns the split index, strictly inside the range, with the halves'
   * center bounds in `bounds`: at the middle of the item centers' extent along its longer
   * axis (Box2D v3's default heuristic, median split). The tree's shape changes no result
   * (the pair search sorts what it finds), only how many nodes searches visit: on the
   * tumbler its trees' area ratio stays within 1 % of a binned surface-area split's (113.4
   * against 113.0 at step 600), for a seventh of the partition work
   * (docs/contact-churn.md).
   */
  private partition(start: number, end: number, at: number): number {
    const bb = this.buildBounds;
    const cx0 = bb[at]!;
    const cx1 = bb[at + 1]!;
    const cy0 = bb[at + 2]!;
    const cy1 = bb[at + 3]!;
    const axis = cx1 - cx0 >= cy1 - cy0 ? 0 : 1;
    const lo = axis === 0 ? cx0 : cy0;
    const extent = axis === 0 ? cx1 - cx0 : cy1 - cy0;
    if (extent > 0) {
      this.splitAt = lo + 0.5 * extent;
      const mid = this.partitionMid(start, end, axis);
      if (mid > start) return mid;
    }
    // All centers equal, or the split point rounded onto the lowest center: any split will
    // do, and the halves' bounds take a scan (rare).
    const mid = (start + end) >> 1;
    this.centerBounds(start, mid, 0);
    this.centerBounds(mid, end, 4);
    return mid;
  }

  /**
   * The bounds of the centers of `items[start, end)` into `bounds[at, at + 4)` (min x, max
   * x, min y, max y), written in the loop: the loop is entered compiled (see collectItems).
   */
  private centerBounds(start: number, end: number, at: number): void {
    const centers = this.centers;
    const b = this.bounds;
    let cx0 = Number.POSITIVE_INFINITY;
    let cy0 = Number.POSITIVE_INFINITY;
    let cx1 = Number.NEGATIVE_INFINITY;
    let cy1 = Number.NEGATIVE_INFINITY;
    for (let i = start; i < end; i++) {
      const x = centers[2 * i]!;
      const y = centers[2 * i + 1]!;
      if (x < cx0) cx0 = x;
      if (x > cx1) cx1 = x;
      if (y < cy0) cy0 = y;
      if (y > cy1) cy1 = y;
      b[at] = cx0;
      b[at + 1] = cx1;
      b[at + 2] = cy0;
      b[at + 3] = cy1;
    }
  }

  /**
   * Moves the items whose center along `axis` lies below {@link splitAt} to the front of
   * `items[start, end)` (Hoare's scheme: swaps from both ends) and returns where the rest
   * begins, or `start` when one side is empty; the bounds of both sides' centers go into
   * `bounds` as each item takes its place (min and max only, so the order of the items
   * gives the same bounds as a scan of each half).
   */
  private partitionMid(start: number, end: number, axis: number): number {
    const items = this.items;
    const centers = this.centers;
    const pivot = this.splitAt;
    let lx0 = Number.POSITIVE_INFINITY;
    let ly0 = Number.POSITIVE_INFINITY;
    let lx1 = Number.NEGATIVE_INFINITY;
    let ly1 = Number.NEGATIVE_INFINITY;
    let ux0 = Number.POSITIVE_INFINITY;
    let uy0 = Number.POSITIVE_INFINITY;
    let ux1 = Number.NEGATIVE_INFINITY;
    let uy1 = Number.NEGATIVE_INFINITY;
    let i = start;
    let j = end;
    while (i < j) {
      // Below the pivot from the front...
      while (i < j) {
        const c = Math.imul(i, 2) & IX.MASK;
        const x = centers[c]!;
        const y = centers[c + 1]!;
        if (!((axis === 0 ? x : y) < pivot)) break;
        if (x < lx0) lx0 = x;
        if (x > lx1) lx1 = x;
        if (y < ly0) ly0 = y;
        if (y > ly1) ly1 = y;
        i++;
      }
      // ...the rest from the back...
      while (i < j) {
        const c = Math.imul(j - 1, 2) & IX.MASK;
        const x = centers[c]!;
        const y = centers[c + 1]!;
        if (!((axis === 0 ? x : y) >= pivot)) break;
        if (x < ux0) ux0 = x;
        if (x > ux1) ux1 = x;
        if (y < uy0) uy0 = y;
        if (y > uy1) uy1 = y;
        j--;
      }
      // ...and a swap where both stopped.
      if (i < j) {
        const ti = items[i]!;
        items[i] = items[j - 1]!;
        items[j - 1] = ti;
        const ci = Math.imul(i, 2) & IX.MASK;
        const cj = Math.imul(j - 1, 2) & IX.MASK;
        const ux = centers[ci]!;
        const uy = centers[ci + 1]!;
        const lx = centers[cj]!;
        const ly = centers[cj + 1]!;
        centers[ci] = lx;
        centers[ci + 1] = ly;
        centers[cj] = ux;
        centers[cj + 1] = uy;
        if (lx < lx0) lx0 = lx;
        if (lx > lx1) lx1 = lx;
        if (ly < ly0) ly0 = ly;
        if (ly > ly1) ly1 = ly;
        if (ux < ux0) ux0 = ux;
        if (ux > ux1) ux1 = ux;
        if (uy < uy0) uy0 = uy;
        if (uy > uy1) uy1 = uy;
        i++;
        j--;
      }
    }
    const b = this.bounds;
    b[0] = lx0;
    b[1] = lx1;
    b[2] = ly0;
    b[3] = ly1;
    b[4] = ux0;
    b[5] = ux1;
    b[6] = uy0;
    b[7] = uy1;
    return i < end ? i : start;
  }

  // ---------------------------------------------------------------------------------------
  // Validation

  /** Checks every structural invariant; throws an Error describing the first violation. */
  validate(): void {
    let leaves = 0;
    let internals = 0;
    const root = this.root;
    if (root !== NULL) {
      if (this.node[N.STRIDE * root + N.PARENT] !== NULL)
        throw new Error('DynamicTree.validate: root has a parent');
      const stack: number[] = [root];
      while (stack.length > 0) {
        const n = stack.pop()!;
        if ((this.node[N.STRIDE * n + N.FLAGS]! & ALLOCATED) === 0)
          throw new Error(`DynamicTree.validate: node ${n} is free`);
        const c1 = this.node[N.STRIDE * n + N.CHILD1]!;
        const c2 = this.node[N.STRIDE * n + N.CHILD2]!;
        if (this.node[N.STRIDE * n + N.HEIGHT] === 0) {
          if (c1 !== NULL || c2 !== NULL) throw new Error(`DynamicTree.validate: leaf ${n} has children`);
          if (!(this.box[4 * n]! <= this.box[4 * n + 2]! && this.box[4 * n + 1]! <= this.box[4 * n + 3]!)) {
            throw new Error(`DynamicTree.validate: leaf ${n} has an inverted box`);
          }
          leaves++;
          continue;
        }
        internals++;
        if (c1 === NULL || c2 === NULL) throw new Error(`DynamicTree.validate: node ${n} lacks a child`);
        if (this.node[N.STRIDE * c1 + N.PARENT] !== n || this.node[N.STRIDE * c2 + N.PARENT] !== n) {
          throw new Error(`DynamicTree.validate: bad parent link under ${n}`);
        }
        if (
          this.node[N.STRIDE * n + N.HEIGHT] !==
          1 + Math.max(this.node[N.STRIDE * c1 + N.HEIGHT]!, this.node[N.STRIDE * c2 + N.HEIGHT]!)
        ) {
          throw new Error(`DynamicTree.validate: bad height at ${n}`);
        }
        if (
          (this.node[N.STRIDE * n + N.BITS]! | 0) !==
          (this.node[N.STRIDE * c1 + N.BITS]! | this.node[N.STRIDE * c2 + N.BITS]! | 0)
        ) {
          throw new Error(`DynamicTree.validate: bad category bits at ${n}`);
        }
        for (const c of [c1, c2]) {
          if (
            this.box[4 * c]! < this.box[4 * n]! ||
            this.box[4 * c + 1]! < this.box[4 * n + 1]! ||
            this.box[4 * c + 2]! > this.box[4 * n + 2]! ||
            this.box[4 * c + 3]! > this.box[4 * n + 3]!
          ) {
            throw new Error(`DynamicTree.validate: child ${c} not enclosed by ${n}`);
          }
        }
        stack.push(c1, c2);
      }
    }
    if (leaves !== this._proxyCount) {
      throw new Error(`DynamicTree.validate: ${leaves} leaves but proxyCount ${this._proxyCount}`);
    }
    if (leaves + internals !== this.nodeCount) {
      throw new Error(
        `DynamicTree.validate: ${leaves + internals} reachable nodes, nodeCount ${this.nodeCount}`,
      );
    }
    let free = 0;
    for (let n = this.freeList; n !== NULL; n = this.node[N.STRIDE * n + N.PARENT]!) {
      if ((this.node[N.STRIDE * n + N.FLAGS]! & ALLOCATED) !== 0)
        throw new Error(`DynamicTree.validate: free node ${n} allocated`);
      if (++free > this.capacity) throw new Error('DynamicTree.validate: free list cycle');
    }
    if (free + this.nodeCount !== this.capacity) {
      throw new Error('DynamicTree.validate: nodes lost from the free list');
    }
  }
}
