/**
 * The tree's rebuild against a plain reference: the same algorithm written as directly as it
 * reads (collect, then a recursive median split that scans every range for its centers'
 * bounds, then a refit), so the build's loops, which hand bounds from a partition to the
 * halves, must give the same tree word for word: node ids, links, heights, bits, flags, the
 * free list and every box's bits.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { DynamicTree, N } from '../../src/collision/dynamic_tree';
import {
  type TreeOp as Op,
  type TreeState as TreeWords,
  replayTrees,
  treeOpArb as opArb,
} from './tree_replay';

const NULL = -1;
const ENLARGED = 2;

/** The tree's private state that a rebuild touches. */
interface TreeState extends TreeWords {
  allocateNode(): number;
  freeNode(id: number): void;
}

/** The rebuild as it reads: `DynamicTree.rebuild` must leave the same words. */
function referenceRebuild(tree: DynamicTree, fullBuild: boolean): void {
  const t = tree as unknown as TreeState;
  const root = t.root;
  if (root === NULL) return;
  const at = (n: number, f: number): number => t.node[N.STRIDE * n + f]!;
  const set = (n: number, f: number, v: number): void => {
    t.node[N.STRIDE * n + f] = v;
  };
  if (at(root, N.HEIGHT) === 0) {
    set(root, N.FLAGS, at(root, N.FLAGS) & ~ENLARGED);
    return;
  }
  if (!fullBuild && (at(root, N.FLAGS) & ENLARGED) === 0) return;
  // Items: leaves and clean subtrees under the enlarged nodes, in the walk's order.
  const items: number[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (at(n, N.HEIGHT) === 0 || (!fullBuild && (at(n, N.FLAGS) & ENLARGED) === 0)) {
      if (at(n, N.HEIGHT) === 0) set(n, N.FLAGS, at(n, N.FLAGS) & ~ENLARGED);
      items.push(n);
      continue;
    }
    stack.push(at(n, N.CHILD1), at(n, N.CHILD2));
    t.freeNode(n);
  }
  const centers = items.map((n) => [
    0.5 * (t.box[4 * n]! + t.box[4 * n + 2]!),
    0.5 * (t.box[4 * n + 1]! + t.box[4 * n + 3]!),
  ]);
  const swap = (a: number, b: number): void => {
    [items[a], items[b]] = [items[b]!, items[a]!];
    [centers[a], centers[b]] = [centers[b]!, centers[a]!];
  };
  const partition = (start: number, end: number): number => {
    if (end - start === 2) return start + 1;
    let cx0 = Number.POSITIVE_INFINITY;
    let cy0 = Number.POSITIVE_INFINITY;
    let cx1 = Number.NEGATIVE_INFINITY;
    let cy1 = Number.NEGATIVE_INFINITY;
    for (let i = start; i < end; i++) {
      const [x, y] = centers[i]!;
      if (x! < cx0) cx0 = x!;
      if (x! > cx1) cx1 = x!;
      if (y! < cy0) cy0 = y!;
      if (y! > cy1) cy1 = y!;
    }
    const axis = cx1 - cx0 >= cy1 - cy0 ? 0 : 1;
    const extent = axis === 0 ? cx1 - cx0 : cy1 - cy0;
    if (!(extent > 0)) return (start + end) >> 1;
    const pivot = (axis === 0 ? cx0 : cy0) + 0.5 * extent;
    let i = start;
    let j = end;
    while (i < j) {
      while (i < j && centers[i]![axis]! < pivot) i++;
      while (i < j && centers[j - 1]![axis]! >= pivot) j--;
      if (i < j) swap(i++, --j);
    }
    return i > start && i < end ? i : (start + end) >> 1;
  };
  // Depth first, lower half first: node ids in that order; fitted on the way back up.
  const build = (start: number, end: number): number => {
    if (end - start === 1) return items[start]!;
    const n = t.allocateNode();
    const mid = partition(start, end);
    const c1 = build(start, mid);
    const c2 = build(mid, end);
    set(n, N.CHILD1, c1);
    set(n, N.CHILD2, c2);
    set(c1, N.PARENT, n);
    set(c2, N.PARENT, n);
    for (let k = 0; k < 4; k++) {
      const pick = k < 2 ? Math.min : Math.max;
      t.box[4 * n + k] = pick(t.box[4 * c1 + k]!, t.box[4 * c2 + k]!);
    }
    set(n, N.BITS, at(c1, N.BITS) | at(c2, N.BITS));
    set(n, N.HEIGHT, 1 + Math.max(at(c1, N.HEIGHT), at(c2, N.HEIGHT)));
    return n;
  };
  t.root = build(0, items.length);
  set(t.root, N.PARENT, NULL);
}

/** Replays `ops` on two trees, one rebuilt by the tree and one by the reference. */
function replayBoth(ops: readonly Op[]): void {
  replayTrees(new DynamicTree(4), new DynamicTree(4), ops, (a, b, full) => {
    a.rebuild(full);
    referenceRebuild(b, full);
  });
}

describe('DynamicTree rebuild', () => {
  it('builds the same tree as the reference after random inserts, moves, enlargements, removals and rebuilds', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 250 }), (ops) => replayBoth(ops)),
      { seed: 27, numRuns: 150 },
    );
  });

  it('builds the same tree as the reference for 2,000 scattered proxies, rebuilt in part and in full', () => {
    let seed = 12345;
    const random = (): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    const ops: Op[] = [];
    for (let i = 0; i < 2000; i++) {
      const w = Math.floor(random() * 8) / 4;
      ops.push({ kind: 'create', x: random() * 400 - 200, y: random() * 100, w, h: w, bits: 1 });
    }
    for (let round = 0; round < 6; round++) {
      for (let k = 0; k < 300; k++)
        ops.push({ kind: 'enlarge', pick: Math.floor(random() * 2000), grow: random() });
      ops.push({ kind: 'rebuild', full: round === 5 });
    }
    replayBoth(ops);
  });

  it('builds the same tree as the reference when every center is the same', () => {
    const ops: Op[] = [];
    for (let i = 0; i < 40; i++) ops.push({ kind: 'create', x: -i / 2, y: 0, w: i, h: 0, bits: 1 });
    ops.push({ kind: 'rebuild', full: true });
    replayBoth(ops);
  });

  it('builds the same tree as the reference where the split point rounds onto the lowest center', () => {
    // Centers 2^53 and 2^53 + 2, one ulp apart: the middle rounds to 2^53, so the range
    // splits in the middle and its halves' bounds take a scan; y within 1.5 keeps x longer.
    const pointArb = fc
      .record({ ulp: fc.integer({ min: 0, max: 1 }), y: fc.integer({ min: 0, max: 3 }) })
      .map((p) => ({ kind: 'create' as const, x: 2 ** 53 + 2 * p.ulp, y: p.y / 2, w: 0, h: 0, bits: 1 }));
    fc.assert(
      fc.property(fc.array(pointArb, { minLength: 3, maxLength: 40 }), (points) =>
        replayBoth([...points, { kind: 'rebuild', full: true }]),
      ),
      { seed: 53, numRuns: 200 },
    );
  });
});
