/**
 * The kernel's polygon-capsule pair (docs/wasm-kernel.md, "Polygon-capsule pairs, round
 * bodies' finish and restitution in the kernel"): `collidePolygonCapsule` gives the JS's
 * manifold (collidePolygonAndCapsule), bit for bit, at random poses: boxes, rounded and rotated quadrilaterals against capsules,
 * touching, near and apart, both reference faces and the vertex-vertex case; and the
 * collide block takes the pair (lists it for the JS no more).
 */

import { afterEach, describe, expect, it } from 'vitest';
import { BodyType, makeBox, makeCapsule, makeOffsetBox, makeRoundedBox, World } from '../../src/index';
import { Transform } from '../../src/base/math';
import { handleSlot } from '../../src/base/id';
import { collideShapes } from '../../src/collision/manifold';
import { CachedKind, type CollideBlockExports, KIO, RoundRecord } from '../../src/wasm/collide_block';
import { Manifold } from '../../src/collision/manifold_types';
import { resetCompiledKernel } from '../../src/wasm/contact_kernel';
import { wasmContactKernel } from '../../src/wasm';
import { worldStateOf } from '../../src/world/world_access';
import type { ShapeType } from '../../src/geometry/geometry';
import { fields, random } from './fixtures/manifold_bits';

afterEach(() => resetCompiledKernel());

interface Block {
  x: CollideBlockExports;
  io: Float64Array;
  kind: Int32Array;
  list: Int32Array;
}

describe('collidePolygonCapsule (the kernel’s quadrilateral-capsule pair)', () => {
  for (const seed of [27, 28]) {
    it(`gives the JS manifold, bit for bit, at random poses (seed ${seed})`, () => {
      const world = new World({ gravity: { x: 0, y: 0 }, contactKernel: wasmContactKernel });
      const def = { type: BodyType.Dynamic };
      const sideA = [
        world.createPolygonShape(world.createBody(def), makeBox(0.35, 0.35)),
        world.createPolygonShape(world.createBody(def), makeRoundedBox(0.4, 2, 0.2)),
        world.createPolygonShape(world.createBody(def), makeRoundedBox(0.3, 0.5, 0.05)),
        world.createPolygonShape(world.createBody(def), makeOffsetBox(0.5, 0.2, 0.1, -0.1, 0.6)),
      ];
      const sideB = [
        world.createCapsuleShape(world.createBody(def), makeCapsule(-0.25, 0, 0.25, 0, 0.25)),
        world.createCapsuleShape(world.createBody(def), makeCapsule(0.1, 0.3, -0.2, -0.1, 0.1)),
        // the shortest capsule the core makes
        world.createCapsuleShape(world.createBody(def), makeCapsule(0.2, 0.2, 0.206, 0.2, 0.3)),
      ];
      // places the block's arrays in the kernel memory and writes the kinds
      world.step(1 / 60);
      const w = worldStateOf(world);
      const k = (w.contactKernel as unknown as { block: Block }).block;
      const sA = sideA.map((id) => handleSlot(id));
      const sB = sideB.map((id) => handleSlot(id));
      expect(sA.map((s) => k.kind[s]!)).toEqual(sA.map(() => CachedKind.Quad));
      expect(sB.map((s) => k.kind[s]!)).toEqual(sB.map(() => CachedKind.Capsule));
      const next = random(seed);
      const xfA = new Transform();
      const xfB = new Transform();
      const js = new Manifold();
      const wasm = new Manifold();
      const counts = [0, 0, 0];
      const normals = new Set<string>();
      for (let n = 0; n < 20000; n++) {
        const shapeA = sA[Math.floor(next() * sA.length)]!;
        const shapeB = sB[Math.floor(next() * sB.length)]!;
        const angle = (r: number) => (r < 0.3 ? Math.floor(r * 13) * (Math.PI / 2) : r * 2 * Math.PI);
        const a = angle(next());
        const rot = angle(next());
        xfA.set(next() * 4 - 2, next() * 4 - 2, Math.cos(a), Math.sin(a));
        const r = next();
        const d = r < 0.03 ? 0 : r * 1.6;
        const t = next() * 2 * Math.PI;
        xfB.set(xfA.px + d * Math.cos(t), xfA.py + d * Math.sin(t), Math.cos(rot), Math.sin(rot));
        js.reset();
        wasm.reset();
        const type = w.shapes.type;
        const geometry = w.shapes.geometry;
        collideShapes(
          w.quadCache,
          shapeA,
          type[shapeA]! as ShapeType,
          geometry[shapeA]!,
          xfA,
          shapeB,
          type[shapeB]! as ShapeType,
          geometry[shapeB]!,
          xfB,
          js,
        );
        const io = k.io;
        const rB = w.quadCache.data[shapeB * 17 + RoundRecord.RADIUS]!;
        io.set([xfA.px, xfA.py, xfA.c, xfA.s, xfB.px, xfB.py, xfB.c, xfB.s, w.quadCache.radius[shapeA]!, rB]);
        const res = k.x.collidePolygonCapsule(shapeA, shapeB);
        wasm.pointCount = res & 3;
        if ((res & (1 << 26)) !== 0) {
          wasm.normalX = io[KIO.NX]!;
          wasm.normalY = io[KIO.NY]!;
        }
        if (wasm.pointCount > 0) {
          wasm.ax0 = io[KIO.POINT]!;
          wasm.ay0 = io[KIO.POINT + 1]!;
          wasm.sep0 = io[KIO.POINT + 2]!;
          wasm.id0 = (res >> 2) & 0xfff;
        }
        if (wasm.pointCount > 1) {
          wasm.ax1 = io[KIO.POINT + 3]!;
          wasm.ay1 = io[KIO.POINT + 4]!;
          wasm.sep1 = io[KIO.POINT + 5]!;
          wasm.id1 = (res >> 14) & 0xfff;
        }
        expect(fields(wasm)).toEqual(fields(js));
        counts[js.pointCount]!++;
        // which features met: the ids tell the reference side and the vertex-vertex case
        if (js.pointCount > 0) normals.add(`${js.pointCount}:${js.id0}`);
      }
      expect(counts[0]).toBeGreaterThan(2000);
      expect(counts[1]).toBeGreaterThan(1000);
      expect(counts[2]).toBeGreaterThan(1000);
      // ids of A's reference edges (i11 << 8 | i22) and of B's (flipped: i21 << 8 | i12)
      expect(normals.size).toBeGreaterThan(12);
    });
  }

  it('takes the pair in the collide block: nothing listed, the JS bits', () => {
    const run = (kernel: boolean) => {
      const world = new World({
        gravity: { x: 0, y: -10 },
        ...(kernel ? { contactKernel: wasmContactKernel } : {}),
      });
      const ground = world.createBody();
      world.createPolygonShape(ground, makeOffsetBox(20, 1, 0, -1, 0.05));
      for (let i = 0; i < 60; i++) {
        const body = world.createBody({
          type: BodyType.Dynamic,
          position: { x: (i % 10) - 5, y: 1 + Math.floor(i / 10) },
        });
        if (i % 2 === 0) world.createCapsuleShape(body, makeCapsule(-0.25, 0, 0.25, 0, 0.2));
        else world.createPolygonShape(body, makeBox(0.3, 0.3));
      }
      for (let i = 0; i < 120; i++) world.step(1 / 60);
      const hash = world.stateHash();
      // one more pass of the block (after the hash: it updates the manifolds): what it lists
      const w = worldStateOf(world);
      const k = (w.contactKernel as unknown as { block: Block } | null)?.block;
      const listed = k === undefined ? -1 : k.x.collideBlock(0, w.awakeContactCount) >>> 2;
      return { hash, listed, contacts: w.awakeContactCount };
    };
    const js = run(false);
    const wasm = run(true);
    expect(wasm.hash).toBe(js.hash);
    expect(wasm.listed).toBe(0);
    expect(wasm.contacts).toBeGreaterThan(100);
  });
});
