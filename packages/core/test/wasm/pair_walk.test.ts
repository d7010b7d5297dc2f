/**
 * The pair walk in the kernel (docs/wasm-kernel.md, "The pair walk in the kernel"): on
 * random trees (three body types, varied sizes, categories and masks) and the step's real
 * queries, the kernel's walk writes the JS walk's ranges and hits (pair_query.ts
 * queryPairsBlock over the whole block), also when the block runs out of room (the -1
 * protocol), and a world that walks in the kernel steps to the JS world's bits.
 */

import { describe, expect, it } from 'vitest';
import { BodyType, makeBox, World } from '../../src/index';
import { queryPairsBlock } from '../../src/collision/pair_query';
import { wasmContactKernel } from '../../src/wasm';
import { worldStateOf } from '../../src/world/world_access';
import { DT } from '../support';

/** A seeded generator (mulberry32) in [0, 1). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Boxes of every body type, small and large, in three categories, some masking others out. */
function randomScene(world: World, seed: number, count: number): void {
  const r = random(seed);
  const ground = world.createBody({ type: BodyType.Static });
  world.createPolygonShape(ground, makeBox(40, 0.5));
  for (let i = 0; i < count; i++) {
    const u = r();
    const type = u < 0.1 ? BodyType.Static : u < 0.2 ? BodyType.Kinematic : BodyType.Dynamic;
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

/** The ranges and hits of queries [0, m) (the hits each range holds, -1 ranges as they are). */
function results(range: Int32Array, hits: Int32Array, m: number): number[][] {
  const out: number[][] = [];
  for (let j = 0; j < m; j++) {
    const from = range[2 * j]!;
    const to = range[2 * j + 1]!;
    out.push([from, to, ...(from < 0 ? [] : Array.from(hits.subarray(from, to)))]);
  }
  return out;
}

describe('the pair walk in the kernel', () => {
  it.each([1, 2, 3])(
    'writes the JS walk’s ranges and hits on random trees (seed %i), also out of room',
    (seed) => {
      const js = new World({ enableSleep: false });
      const wasm = new World({ enableSleep: false, contactKernel: wasmContactKernel });
      randomScene(js, seed, 400);
      randomScene(wasm, seed, 400);
      const w = worldStateOf(wasm);
      const kernel = w.contactKernel!;
      expect(kernel).not.toBeNull();
      const bp = w.broadPhase;
      let compared = 0;
      let overflowed = 0;
      for (let step = 0; step < 90; step++) {
        if (step % 3 === 0) {
          // the step's queries, walked by both, without taking them: the step queues them again
          const m = bp.queueQueries();
          const q = bp.queries;
          const per = q.meta[0]!;
          for (const room of [per, 1, 0]) {
            q.meta[0] = room;
            queryPairsBlock(bp, 0, m);
            const expected = results(q.range, q.hits, m);
            q.range.fill(-7);
            q.hits.fill(-7);
            kernel.queryPairs(w, m);
            expect(results(q.range, q.hits, m)).toEqual(expected);
            compared += m;
            if (expected.some((x) => x[0] === -1)) overflowed++;
          }
          q.meta[0] = per;
        }
        js.step(DT);
        wasm.step(DT);
        expect(wasm.stateHash()).toBe(js.stateHash());
      }
      expect(compared).toBeGreaterThan(1000);
      expect(overflowed).toBeGreaterThan(0);
    },
  );
});
