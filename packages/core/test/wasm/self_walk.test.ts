/**
 * The dynamic tree's self-walk in the kernel (docs/wasm-kernel.md, "The self-walk in the
 * kernel"): on random trees (varied sizes, categories and masks, some proxies moved, some
 * not, some with an emptied prevFat), the kernel lists the candidates BroadPhase.findMovedPairs
 * hands the pair filter, every one in the same order, f64x2 and scalar; worlds whose pairs
 * come from it step to the JS world's bits.
 */

import { afterEach, describe, expect, it } from 'vitest';
import type { BroadPhase, MovedPairsWalk } from '../../src/collision/broad_phase';
import { BodyType, makeBox, World } from '../../src/index';
import { rainScene, spinnerScene } from '../../src/scenes/index';
import { contactKernelOf, wasmContactKernel } from '../../src/wasm';
import { resetCompiledKernel } from '../../src/wasm/contact_kernel';
import { worldStateOf } from '../../src/world/world_access';
import { DT } from '../support';
import { random } from './fixtures/manifold_bits';

/** Boxes, mostly dynamic, small and large, in three categories, some masking others out. */
function randomScene(world: World, seed: number, count: number): void {
  const r = random(seed);
  const ground = world.createBody({ type: BodyType.Static });
  world.createPolygonShape(ground, makeBox(40, 0.5));
  for (let i = 0; i < count; i++) {
    const u = r();
    const type = u < 0.05 ? BodyType.Static : u < 0.1 ? BodyType.Kinematic : BodyType.Dynamic;
    const body = world.createBody({
      type,
      position: { x: -20 + 40 * r(), y: 1 + 20 * r() },
      linearVelocity: type === BodyType.Kinematic ? { x: 4 * r() - 2, y: 2 * r() - 1 } : { x: 0, y: 0 },
      angularVelocity: 4 * r() - 2,
    });
    const big = r() < 0.05 ? 6 : 1;
    const category = 1 << Math.floor(3 * r());
    world.createPolygonShape(body, makeBox(big * (0.1 + 0.6 * r()), big * (0.1 + 0.6 * r())), {
      filter: { categoryBits: category, maskBits: r() < 0.2 ? 0xfffffffd : 0xffffffff },
    });
  }
}

/** What the tests reach of the broad phase beyond its public face. */
type Inner = {
  findMovedPairs(): void;
  takeMovedPairs(walk: MovedPairsWalk): void;
  pairKeyCount: number;
  pairFilter: (a: number, b: number) => boolean;
};

/**
 * The candidates the self-walk hands the pair filter now, in order: by the JS walk when `walk`
 * is null, else by `walk`. The filter turns every one down, so nothing else changes.
 */
function candidates(bp: BroadPhase, walk: MovedPairsWalk | null): number[] {
  const out: number[] = [];
  const inner = bp as unknown as Inner;
  const filter = inner.pairFilter;
  bp.setPairFilter((a, b) => {
    out.push(a, b);
    return false;
  });
  const keys = inner.pairKeyCount;
  if (walk === null) inner.findMovedPairs();
  else inner.takeMovedPairs(walk);
  expect(inner.pairKeyCount).toBe(keys);
  bp.setPairFilter(filter);
  return out;
}

/** Compares the two walks between steps; returns the candidates compared. */
function compareWalks(seed: number, count: number, steps: number): number {
  const js = new World({ enableSleep: false });
  const wasm = new World({ enableSleep: false, contactKernel: wasmContactKernel });
  randomScene(js, seed, count);
  randomScene(wasm, seed, count);
  const w = worldStateOf(wasm);
  const kernel = w.contactKernel!;
  expect(kernel).not.toBeNull();
  const bp = w.broadPhase;
  let compared = 0;
  for (let step = 0; step < steps; step++) {
    // the move buffer holds the proxies the last step moved (and, at first, every new one)
    if (bp.moveCountPending > 0) {
      const expected = candidates(bp, null);
      const got = candidates(bp, kernel);
      expect(got).toEqual(expected);
      compared += expected.length / 2;
      // a stack too short for the walk: the kernel says so (-2) instead of writing past it
      const x = (kernel as unknown as { x: { walkMovedPairs(...a: number[]): number } }).x;
      const tree = bp.trees[2];
      expect(x.walkMovedPairs(tree.root, bp.moveCountPending, tree.capacity, 1 << 20, 2)).toBe(-2);
    }
    js.step(DT);
    wasm.step(DT);
    expect(wasm.stateHash()).toBe(js.stateHash());
  }
  return compared;
}

afterEach(() => resetCompiledKernel());

describe('the self-walk in the kernel', () => {
  it.each([1, 2, 3])('lists findMovedPairs’ candidates in its order on random trees (seed %i)', (seed) => {
    expect(compareWalks(seed, 500, 60)).toBeGreaterThan(500);
  });

  it('lists them in the scalar kernel too', () => {
    type Api = {
      Module: new (b: Uint8Array) => object;
      Instance: unknown;
      Memory: unknown;
      CompileError: new (m: string) => Error;
    };
    const g = globalThis as unknown as { WebAssembly: Api };
    const real = g.WebAssembly;
    try {
      // SIMD missing: the f64x2 module does not validate
      let compiles = 0;
      const Module = function (this: unknown, bytes: Uint8Array) {
        if (compiles++ === 0) throw new real.CompileError('no f64x2 here');
        return new real.Module(bytes);
      } as unknown as Api['Module'];
      g.WebAssembly = { ...real, Module, Instance: real.Instance, Memory: real.Memory } as Api;
      resetCompiledKernel();
      const probe = new World({ contactKernel: wasmContactKernel });
      expect(contactKernelOf(probe)).toBe('wasm');
      expect(compareWalks(4, 300, 40)).toBeGreaterThan(300);
    } finally {
      g.WebAssembly = real;
    }
  });

  it.each([
    ['the spinner', (w: World) => spinnerScene(w, 800), 80],
    ['rain', (w: World) => rainScene(w), 80],
  ] as const)(
    '%s with its pairs from the kernel’s self-walk: the JS world’s hash every step',
    (_n, scene, steps) => {
      const js = new World({ enableSleep: false });
      const wasm = new World({ enableSleep: false, contactKernel: wasmContactKernel });
      const rain = scene(js) as { update?: (i: number) => void } | undefined;
      const rainK = scene(wasm) as { update?: (i: number) => void } | undefined;
      const kernel = worldStateOf(wasm).contactKernel!;
      let walks = 0;
      const walk = kernel.walkMovedPairs.bind(kernel);
      kernel.walkMovedPairs = (bp, moveCount) => {
        walks++;
        return walk(bp, moveCount);
      };
      for (let step = 1; step <= steps; step++) {
        js.step(DT);
        wasm.step(DT);
        rain?.update?.(step);
        rainK?.update?.(step);
        expect(wasm.stateHash(), `step ${step}`).toBe(js.stateHash());
      }
      expect(walks).toBeGreaterThan(20);
    },
  );
});
