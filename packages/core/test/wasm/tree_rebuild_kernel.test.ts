/**
 * The dynamic tree's rebuild in the kernel (docs/wasm-kernel.md, "The tree's rebuild in the
 * kernel"): on random trees (creations, moves, enlargements, removals, partial and full
 * rebuilds, coordinates that make the build's rare cases), a tree in the kernel's memory
 * rebuilt by the kernel and a plain one rebuilt by the JS hold the same words: node ids,
 * links, heights, bits, flags, the free list and every box's bits; worlds whose trees the
 * kernel rebuilds step to the JS world's bits.
 */

import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { DynamicTree } from '../../src/collision/dynamic_tree';
import { AABB } from '../../src/geometry/geometry';
import { World } from '../../src/index';
import { smashScene, spinnerScene, tumblerScene } from '../../src/scenes/index';
import { wasmContactKernel } from '../../src/wasm';
import { resetCompiledKernel } from '../../src/wasm/contact_kernel';
import { worldStateOf } from '../../src/world/world_access';
import { enlargeOp, moveOp, pickOp } from '../collision/proxy_ops';
import { DT } from '../support';

type Op =
  | { kind: 'create'; x: number; y: number; w: number; h: number; bits: number }
  | { kind: 'move'; pick: number; x: number; y: number; w: number; h: number }
  | { kind: 'enlarge'; pick: number; grow: number }
  | { kind: 'destroy'; pick: number }
  | { kind: 'rebuild'; full: boolean };

// As dynamic_tree_rebuild.test.ts: halves (many equal centres), signed zeros, and large
// offsets where the split point rounds onto the lowest centre.
const coord = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: -200, max: 200 }).map((v) => v / 2) },
  { weight: 1, arbitrary: fc.constantFrom(0, -0) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 6 }).map((v) => 2 ** 53 + 2 * v) },
);
const size = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 20 }).map((v) => v / 2) },
  { weight: 1, arbitrary: fc.constant(0) },
);
const opArb: fc.Arbitrary<Op> = fc.oneof(
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

/** The tree's private state a rebuild leaves. */
interface TreeState {
  root: number;
  node: Int32Array;
  box: Float64Array;
  freeList: number;
  nodeCount: number;
}

function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

function expectSameTree(a: DynamicTree, b: DynamicTree): void {
  const ta = a as unknown as TreeState;
  const tb = b as unknown as TreeState;
  expect([ta.root, ta.freeList, ta.nodeCount]).toEqual([tb.root, tb.freeList, tb.nodeCount]);
  expect(firstDifference(ta.node, tb.node)).toBe(-1);
  const bitsA = new Uint32Array(ta.box.buffer, ta.box.byteOffset, 2 * ta.box.length);
  const bitsB = new Uint32Array(tb.box.buffer, tb.box.byteOffset, 2 * tb.box.length);
  expect(firstDifference(bitsA, bitsB)).toBe(-1);
}

/**
 * Replays `ops` on the dynamic tree of a world with the kernel (its arrays in the kernel's
 * memory, its rebuild the kernel's) and on a plain tree; returns the kernel's rebuilds.
 */
function replayBoth(ops: readonly Op[]): number {
  const world = new World({ contactKernel: wasmContactKernel });
  const a = worldStateOf(world).broadPhase.trees[2];
  expect(a.rebuildHook).not.toBeNull();
  let calls = 0;
  const hook = a.rebuildHook!;
  a.rebuildHook = (tree, full) => {
    calls++;
    return hook(tree, full);
  };
  const b = new DynamicTree(16);
  const ids: number[] = [];
  for (const op of ops) {
    if (op.kind === 'create') {
      const id = a.createProxy(op.x, op.y, op.x + op.w, op.y + op.h, op.bits, ids.length);
      expect(b.createProxy(op.x, op.y, op.x + op.w, op.y + op.h, op.bits, ids.length)).toBe(id);
      ids.push(id);
    } else if (op.kind === 'rebuild') {
      expect(a.rebuild(op.full)).toBe(b.rebuild(op.full));
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
  return calls;
}

afterEach(() => resetCompiledKernel());

describe('the tree’s rebuild in the kernel', () => {
  it('builds the JS’s tree word for word on random trees', () => {
    let calls = 0;
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 300, size: 'medium' }), (ops) => {
        calls += replayBoth(ops);
      }),
      { seed: 27, numRuns: 150 },
    );
    expect(calls).toBeGreaterThan(300);
  });

  it('builds it for 2,000 proxies grown and rebuilt in part and in full', () => {
    const ops: Op[] = [];
    for (let i = 0; i < 2000; i++)
      ops.push({ kind: 'create', x: (i % 50) * 1.5, y: (i / 50) | 0, w: 1, h: 1, bits: 1 });
    for (let i = 0; i < 600; i++) ops.push({ kind: 'enlarge', pick: i * 7, grow: (i % 9) / 4 });
    ops.push({ kind: 'rebuild', full: false }, { kind: 'rebuild', full: true });
    expect(replayBoth(ops)).toBe(2);
  });

  it.each([
    ['the tumbler', (w: World) => tumblerScene(w, 30), 120],
    ['the spinner', (w: World) => spinnerScene(w, 800), 80],
    ['smash', (w: World) => smashScene(w, 40, 30), 80],
  ] as const)(
    '%s with its trees rebuilt by the kernel: the JS world’s hash every step',
    (_n, scene, steps) => {
      const js = new World();
      const wasm = new World({ contactKernel: wasmContactKernel });
      scene(js);
      scene(wasm);
      let calls = 0;
      for (const tree of worldStateOf(wasm).broadPhase.trees) {
        const hook = tree.rebuildHook!;
        tree.rebuildHook = (t, full) => {
          calls++;
          return hook(t, full);
        };
      }
      for (let step = 1; step <= steps; step++) {
        js.step(DT);
        wasm.step(DT);
        expect(wasm.stateHash(), `step ${step}`).toBe(js.stateHash());
      }
      expect(calls).toBeGreaterThan(steps / 2);
    },
  );
});
