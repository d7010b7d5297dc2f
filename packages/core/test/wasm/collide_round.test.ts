/**
 * The kernel's round pairs (docs/wasm-kernel.md, "Round pairs in the kernel's collide
 * block"): `collideRound` and `collideCapsules` give the JS's manifold (collideCircles,
 * collideCapsuleAndCircle, collidePolygonAndCircle, collideCapsules), bit for bit, at random poses, near and touching, including the
 * fallback normals (coincident centres, a centre on a capsule's segment) and
 * a centre inside the box; and the cache's kinds and records are the generator's.
 */

import { afterEach, describe, expect, it } from 'vitest';
import {
  BodyType,
  makeBox,
  makeCapsule,
  makeCircle,
  makeOffsetBox,
  makeRoundedBox,
  World,
} from '../../src/index';
import { Transform } from '../../src/base/math';
import { handleSlot } from '../../src/base/id';
import { collideShapes } from '../../src/collision/manifold';
import {
  CachedKind,
  type CollideBlockExports,
  KIO,
  RoundRecord,
  RoundType,
} from '../../src/wasm/collide_block';
import { Manifold } from '../../src/collision/manifold_types';
import { resetCompiledKernel } from '../../src/wasm/contact_kernel';
import { wasmContactKernel } from '../../src/wasm';
import { worldStateOf } from '../../src/world/world_access';
import { ShapeType } from '../../src/geometry/geometry';
import { KIND, ROUND } from '../../scripts/wasm/kernel_collide_block_wat.mjs';
import { fields, random } from './fixtures/manifold_bits';

afterEach(() => resetCompiledKernel());

describe('collideRound and collideCapsules (the kernel’s round pairs)', () => {
  it('reads the kinds and records the core writes', () => {
    expect(KIND).toEqual({
      NONE: CachedKind.None,
      QUAD: CachedKind.Quad,
      CIRCLE: CachedKind.Circle,
      CAPSULE: CachedKind.Capsule,
    });
    expect([RoundType.Circle, RoundType.Capsule, RoundType.Polygon]).toEqual([
      ShapeType.Circle,
      ShapeType.Capsule,
      ShapeType.Polygon,
    ]);
    expect(ROUND).toEqual({
      X1: RoundRecord.X1,
      Y1: RoundRecord.Y1,
      X2: RoundRecord.X2,
      Y2: RoundRecord.Y2,
      RADIUS: RoundRecord.RADIUS,
    });
  });

  for (const seed of [26, 27]) {
    it(`gives the JS manifold, bit for bit, at random poses (seed ${seed})`, () => {
      const world = new World({ gravity: { x: 0, y: 0 }, contactKernel: wasmContactKernel });
      const def = { type: BodyType.Dynamic };
      // A side: every kind the kernel takes; B side: circles (the table's [A][Circle])
      const sideA = [
        world.createCircleShape(world.createBody(def), makeCircle(0, 0, 0.35)),
        world.createCircleShape(world.createBody(def), makeCircle(0.1, -0.2, 0.2)),
        world.createCapsuleShape(world.createBody(def), makeCapsule(-0.25, 0, 0.25, 0, 0.25)),
        world.createCapsuleShape(world.createBody(def), makeCapsule(0.1, 0.3, -0.2, -0.1, 0.1)),
        // the shortest capsule the core makes
        world.createCapsuleShape(world.createBody(def), makeCapsule(0.2, 0.2, 0.206, 0.2, 0.3)),
        world.createPolygonShape(world.createBody(def), makeBox(0.35, 0.35)),
        world.createPolygonShape(world.createBody(def), makeRoundedBox(0.4, 0.6, 0.05)),
        world.createPolygonShape(world.createBody(def), makeOffsetBox(0.5, 0.2, 0.1, -0.1, 0.6)),
      ];
      const sideB = [
        world.createCircleShape(world.createBody(def), makeCircle(0, 0, 0.35)),
        world.createCircleShape(world.createBody(def), makeCircle(-0.1, 0.05, 0.15)),
        // capsules meet capsules only (the table's [Capsule][Capsule])
        world.createCapsuleShape(world.createBody(def), makeCapsule(-0.25, 0, 0.25, 0, 0.25)),
        world.createCapsuleShape(world.createBody(def), makeCapsule(0.1, -0.3, -0.2, 0.1, 0.12)),
      ];
      // places the block's arrays in the kernel memory
      world.step(1 / 60);
      const w = worldStateOf(world);
      const k = (
        w.contactKernel as unknown as {
          block: { x: CollideBlockExports; io: Float64Array; kind: Int32Array };
        }
      ).block;
      const shapeIndex = (id: number) => handleSlot(id);
      const sA = sideA.map(shapeIndex);
      const sB = sideB.map(shapeIndex);
      const kinds = sA.map((s) => k.kind[s]!);
      expect(kinds).toEqual([2, 2, 3, 3, 3, 1, 1, 1]);
      expect(sB.map((s) => k.kind[s]!)).toEqual([2, 2, 3, 3]);
      const next = random(seed);
      const xfA = new Transform();
      const xfB = new Transform();
      const js = new Manifold();
      const wasm = new Manifold();
      const counts = [0, 0, 0];
      let fallback = 0;
      const b = w.bodies;
      const pose = (body: number, xf: Transform) => {
        b.px[body] = xf.px;
        b.py[body] = xf.py;
        b.c[body] = xf.c;
        b.s[body] = xf.s;
      };
      for (let n = 0; n < 20000; n++) {
        const j = Math.floor(next() * sB.length);
        const capsules = j >= 2;
        const i = capsules ? 2 + Math.floor(next() * 3) : Math.floor(next() * sA.length);
        const shapeA = sA[i]!;
        const shapeB = sB[j]!;
        const bodyA = w.shapes.body[shapeA]!;
        const bodyB = w.shapes.body[shapeB]!;
        const angle = (r: number) => (r < 0.3 ? Math.floor(r * 13) * (Math.PI / 2) : r * 2 * Math.PI);
        const a = angle(next());
        const rot = angle(next());
        xfA.set(next() * 4 - 2, next() * 4 - 2, Math.cos(a), Math.sin(a));
        const r = next();
        // now and then the same pose (coincident centres, a centre on the segment), else near
        const d = r < 0.05 ? 0 : r * 1.4;
        const t = next() * 2 * Math.PI;
        if (r < 0.05) xfB.set(xfA.px, xfA.py, xfA.c, xfA.s);
        else xfB.set(xfA.px + d * Math.cos(t), xfA.py + d * Math.sin(t), Math.cos(rot), Math.sin(rot));
        pose(bodyA, xfA);
        pose(bodyB, xfB);
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
        const res = capsules
          ? k.x.collideCapsules(shapeA, shapeB, bodyA, bodyB)
          : k.x.collideRound(kinds[i]!, shapeA, shapeB, bodyA, bodyB);
        const io = k.io;
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
        if (d === 0 && js.pointCount > 0) fallback++;
      }
      // both outcomes, and the degenerate poses, met
      expect(counts[0]).toBeGreaterThan(2000);
      expect(counts[1]).toBeGreaterThan(2000);
      expect(counts[2]).toBeGreaterThan(300);
      expect(fallback).toBeGreaterThan(200);
    });
  }
});
