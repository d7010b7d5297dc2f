/**
 * The narrow phase's quadrilateral pair in the WebAssembly kernel (docs/wasm-kernel.md, "The
 * collide block in the kernel"): `collideQuads` gives the JS's manifold, bit for bit, on boxes, rounded boxes
 * and general quadrilaterals at random poses (touching, apart within the speculative
 * distance, far apart), and its I/O record's layout is the generator's.
 */

import { afterEach, describe, expect, it } from 'vitest';
import { makeOffsetBox, makePolygon, makeRoundedBox, World } from '../../src/index';
import type { Polygon } from '../../src/geometry/geometry';
import { Transform } from '../../src/base/math';
import { cacheQuad, collideQuadShapes, type QuadCache } from '../../src/collision/manifold';
import { type CollideBlockExports, KIO } from '../../src/wasm/collide_block';
import { Manifold } from '../../src/collision/manifold_types';
import { resetCompiledKernel } from '../../src/wasm/contact_kernel';
import { wasmContactKernel } from '../../src/wasm';
import { worldStateOf } from '../../src/world/world_access';
import { IO } from '../../scripts/wasm/kernel_collide_wat.mjs';
import { fields, random } from './fixtures/manifold_bits';

afterEach(() => resetCompiledKernel());

describe('collideQuads (the kernel’s quadrilateral pair)', () => {
  it('lays out its I/O record as the generator does', () => {
    for (const [key, value] of Object.entries(IO)) {
      expect([key, KIO[key as keyof typeof KIO]]).toEqual([key, value]);
    }
  });

  it('gives the JS manifold, bit for bit, at random poses', () => {
    const world = new World({ contactKernel: wasmContactKernel });
    const cache: QuadCache = worldStateOf(world).quadCache;
    const xfA = new Transform();
    const xfB = new Transform();
    // the kernel's export and its I/O record, as the collide block uses them
    const k = (
      worldStateOf(world).contactKernel as unknown as { block: { x: CollideBlockExports; io: Float64Array } }
    ).block;
    const kernelPair = (i: number, a: Polygon, j: number, b: Polygon, m: Manifold): void => {
      const io = k.io;
      io.set([xfA.px, xfA.py, xfA.c, xfA.s, xfB.px, xfB.py, xfB.c, xfB.s, a.radius, b.radius]);
      const r = k.x.collideQuads(i, j);
      const n = r & 3;
      if ((r & (1 << 26)) !== 0) {
        m.normalX = io[KIO.NX]!;
        m.normalY = io[KIO.NY]!;
      }
      if (n > 0) {
        m.ax0 = io[KIO.POINT]!;
        m.ay0 = io[KIO.POINT + 1]!;
        m.sep0 = io[KIO.POINT + 2]!;
        m.id0 = (r >> 2) & 0xfff;
      }
      if (n > 1) {
        m.ax1 = io[KIO.POINT + 3]!;
        m.ay1 = io[KIO.POINT + 4]!;
        m.sep1 = io[KIO.POINT + 5]!;
        m.id1 = (r >> 14) & 0xfff;
      }
      m.pointCount = n;
    };
    const next = random(25);
    const shapes: Polygon[] = [
      makeOffsetBox(0.5, 0.5, 0, 0, 0),
      makeOffsetBox(1.5, 0.25, 0.1, -0.2, 0),
      makeOffsetBox(0.4, 0.3, 0, 0, 0.7),
      makeRoundedBox(0.4, 0.6, 0.05),
      makePolygon([
        { x: -0.5, y: -0.4 },
        { x: 0.6, y: -0.5 },
        { x: 0.4, y: 0.5 },
        { x: -0.3, y: 0.3 },
      ]),
    ];
    for (const [i, p] of shapes.entries()) cacheQuad(cache, i, p);
    const js = new Manifold();
    const wasm = new Manifold();
    const counts = [0, 0, 0];
    // pairs apart but within the speculative distance (polygonsFromSeparation's separated
    // case: the vertex-vertex point or the clip), all in the kernel now
    let apart = 0;
    for (let n = 0; n < 20000; n++) {
      const i = Math.floor(next() * shapes.length);
      const j = Math.floor(next() * shapes.length);
      // angles on the axes now and then (the aligned shortcut and its ties)
      const angle = (r: number) => (r < 0.3 ? Math.floor(r * 13) * (Math.PI / 2) : r * 2 * Math.PI);
      const a = angle(next());
      const b = angle(next());
      xfA.set(next() * 4 - 2, next() * 4 - 2, Math.cos(a), Math.sin(a));
      const d = 0.6 + next() * 1.6;
      const t = next() * 2 * Math.PI;
      xfB.set(xfA.px + d * Math.cos(t), xfA.py + d * Math.sin(t), Math.cos(b), Math.sin(b));
      js.reset();
      wasm.reset();
      collideQuadShapes(cache, i, shapes[i]!, xfA, j, shapes[j]!, xfB, js);
      kernelPair(i, shapes[i]!, j, shapes[j]!, wasm);
      expect(fields(wasm)).toEqual(fields(js));
      counts[js.pointCount]!++;
      if (js.pointCount > 0 && js.sep0 > 0 && (js.pointCount === 1 || js.sep1 > 0)) apart++;
    }
    // every outcome met
    expect(counts.every((c) => c > 1000)).toBe(true);
    expect(apart).toBeGreaterThan(100);
  });
});
