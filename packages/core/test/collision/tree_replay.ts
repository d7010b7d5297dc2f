/**
 * The rebuild tests' shared replay (dynamic_tree_rebuild.test.ts against a plain reference,
 * wasm/tree_rebuild_kernel.test.ts against the kernel): random operations on two trees, the
 * rebuild done each side's way, and every word of the two trees compared after each rebuild.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { DynamicTree } from '../../src/collision/dynamic_tree';
import { AABB } from '../../src/geometry/geometry';
import { enlargeOp, moveOp, pickOp } from './proxy_ops';

export type TreeOp =
  | { kind: 'create'; x: number; y: number; w: number; h: number; bits: number }
  | { kind: 'move'; pick: number; x: number; y: number; w: number; h: number }
  | { kind: 'enlarge'; pick: number; grow: number }
  | { kind: 'destroy'; pick: number }
  | { kind: 'rebuild'; full: boolean };

/** The tree's private state a rebuild leaves. */
export interface TreeState {
  root: number;
  node: Int32Array;
  box: Float64Array;
  freeList: number;
  nodeCount: number;
}

// Coordinates that make the build's rare cases: halves (exact, many equal centers), signed
// zeros, and large offsets where the split point rounds onto the lowest center.
const coord = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: -200, max: 200 }).map((v) => v / 2) },
  { weight: 1, arbitrary: fc.constantFrom(0, -0) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 6 }).map((v) => 2 ** 53 + 2 * v) },
);
const size = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 20 }).map((v) => v / 2) },
  { weight: 1, arbitrary: fc.constant(0) },
);

/** One random operation on the trees. */
export const treeOpArb: fc.Arbitrary<TreeOp> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .record({ x: coord, y: coord, w: size, h: size, bits: fc.constantFrom(1, 2, 0x80000000) })
      .map((b) => ({ kind: 'create' as const, ...b })),
  },
  { weight: 2, arbitrary: moveOp(coord, size) },
  { weight: 4, arbitrary: enlargeOp(30, 10) },
  { weight: 1, arbitrary: pickOp('destroy') },
  { weight: 2, arbitrary: fc.boolean().map((full) => ({ kind: 'rebuild' as const, full })) },
);

/** The first index where two arrays differ, -1 when they are the same (a loop: fast). */
function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

/** Every word of the two trees' state, boxes by their bits. */
export function expectSameTree(a: DynamicTree, b: DynamicTree): void {
  const ta = a as unknown as TreeState;
  const tb = b as unknown as TreeState;
  expect([ta.root, ta.freeList, ta.nodeCount]).toEqual([tb.root, tb.freeList, tb.nodeCount]);
  expect(firstDifference(ta.node, tb.node)).toBe(-1);
  const bitsA = new Uint32Array(ta.box.buffer, ta.box.byteOffset, 2 * ta.box.length);
  const bitsB = new Uint32Array(tb.box.buffer, tb.box.byteOffset, 2 * tb.box.length);
  expect(firstDifference(bitsA, bitsB)).toBe(-1);
}

/**
 * Replays `ops` on trees `a` and `b`; a rebuild is `rebuild(a, b, full)` (each side its own
 * way), then `a` is validated and the two compared word for word, as they are at the end.
 */
export function replayTrees(
  a: DynamicTree,
  b: DynamicTree,
  ops: readonly TreeOp[],
  rebuild: (a: DynamicTree, b: DynamicTree, full: boolean) => void,
): void {
  const ids: number[] = [];
  for (const op of ops) {
    if (op.kind === 'create') {
      const id = a.createProxy(op.x, op.y, op.x + op.w, op.y + op.h, op.bits, ids.length);
      expect(b.createProxy(op.x, op.y, op.x + op.w, op.y + op.h, op.bits, ids.length)).toBe(id);
      ids.push(id);
    } else if (op.kind === 'rebuild') {
      rebuild(a, b, op.full);
      a.validate();
      expectSameTree(a, b);
    } else if (ids.length > 0) {
      const slot = op.pick % ids.length;
      const id = ids[slot]!;
      if (op.kind === 'move') {
        const box = new AABB(op.x, op.y, op.x + op.w, op.y + op.h);
        a.moveProxy(id, box);
        b.moveProxy(id, box);
      } else if (op.kind === 'enlarge') {
        const box = new AABB();
        a.getFatAABB(id, box);
        box.minX -= op.grow;
        box.maxY += op.grow * 0.5;
        a.enlargeProxy(id, box);
        b.enlargeProxy(id, box);
      } else {
        a.destroyProxy(id);
        b.destroyProxy(id);
        ids.splice(slot, 1);
      }
    }
  }
  expectSameTree(a, b);
}
