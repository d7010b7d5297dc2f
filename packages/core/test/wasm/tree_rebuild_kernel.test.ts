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
import { World } from '../../src/index';
import { smashScene, spinnerScene, tumblerScene } from '../../src/scenes/index';
import { wasmContactKernel } from '../../src/wasm';
import { resetCompiledKernel } from '../../src/wasm/contact_kernel';
import { worldStateOf } from '../../src/world/world_access';
import { type TreeOp as Op, replayTrees, treeOpArb as opArb } from '../collision/tree_replay';
import { DT } from '../support';

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
  replayTrees(a, new DynamicTree(16), ops, (ta, tb, full) => {
    expect(ta.rebuild(full)).toBe(tb.rebuild(full));
  });
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
