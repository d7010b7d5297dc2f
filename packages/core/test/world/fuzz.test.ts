/**
 * Seeded fuzzing with fast-check: random crowds of overlapping bodies of every kind, size,
 * density and speed must stay finite and bounded, and overlap must be resolved no faster
 * than the configured push-out speed allows.
 *
 * A failure prints the seed and count; `fuzzScene(world, seed, { count })` (in
 * src/scenes) rebuilds that exact scene.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BodyId,
  BodyType,
  makeBox,
  makeCapsule,
  makeCircle,
  type ShapeId,
  World,
} from '../../src/index';
import { fuzzScene } from '../../src/scenes/index';
import { DT, speed } from '../support';

const FC = { seed: 20261122, numRuns: 50 } as const;
const MAX_DISTANCE = 10_000;
const MAX_PUSH = new World().getSettings().maxContactPushSpeed;

const crowd = fc.record({
  seed: fc.integer({ min: 1, max: 0x7fffffff }),
  count: fc.integer({ min: 5, max: 40 }),
});

/** Eccentricity of every body in the graph of overlapping bounding boxes (dynamic bodies only). */
function overlapEccentricity(world: World, ids: readonly BodyId[]): number[] {
  const boxes = ids.map((id) => world.getBodyShapes(id).map((s) => world.getShapeAABB(s)));
  const n = ids.length;
  const adjacent: number[][] = ids.map(() => []);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const touch = boxes[i]!.some((a) =>
        boxes[j]!.some((b) => a.maxX >= b.minX && b.maxX >= a.minX && a.maxY >= b.minY && b.maxY >= a.minY),
      );
      if (touch) {
        adjacent[i]!.push(j);
        adjacent[j]!.push(i);
      }
    }
  }
  return ids.map((_, start) => {
    const dist = new Array<number>(n).fill(-1);
    dist[start] = 0;
    const queue = [start];
    let far = 0;
    for (let q = 0; q < queue.length; q++) {
      const u = queue[q]!;
      for (const v of adjacent[u]!) {
        if (dist[v] !== -1) continue;
        dist[v] = dist[u]! + 1;
        far = Math.max(far, dist[v]!);
        queue.push(v);
      }
    }
    return far;
  });
}

describe('fuzz', () => {
  it('random crowds under gravity stay finite and within 10 km for 300 steps', () => {
    fc.assert(
      fc.property(crowd, ({ seed, count }) => {
        const world = new World();
        const ids = fuzzScene(world, seed, { count });
        expect(ids).toHaveLength(count);
        for (let step = 1; step <= 300; step++) {
          world.step(DT);
          for (const id of ids) {
            const p = world.getBodyPosition(id);
            const q = world.getBodyRotation(id);
            const v = world.getBodyLinearVelocity(id);
            const w = world.getBodyAngularVelocity(id);
            const ok =
              Number.isFinite(p.x) &&
              Number.isFinite(p.y) &&
              Number.isFinite(q.c) &&
              Number.isFinite(q.s) &&
              Number.isFinite(v.x) &&
              Number.isFinite(v.y) &&
              Number.isFinite(w);
            if (!ok)
              throw new Error(`step ${step}: body ${id} is not finite: p=${p.x},${p.y} v=${v.x},${v.y}`);
            const d = Math.hypot(p.x, p.y);
            if (d > MAX_DISTANCE) throw new Error(`step ${step}: body ${id} is ${d} m from the origin`);
          }
        }
      }),
      FC,
    );
  });

  it('crowds that start overlapping at rest without gravity are pushed apart at a bounded speed', () => {
    // The bound, from contact_solver.ts: in the biased pass the impulse at each contact
    // point targets a relative normal velocity of at most maxContactPushSpeed (the bias is
    // clamped at -maxPushSpeed; the soft mass scale < 1 and the impulse feedback only
    // lower it), and the relax pass that follows takes that velocity back out as long as
    // the point's accumulated impulse stays positive. An isolated pair therefore ends the
    // step slower than the cap (next test). But the cap is per contact and relative to
    // the other body: a body pushed by a neighbour that is itself being pushed inherits
    // the neighbour's velocity plus up to one more cap, and relax cannot take back
    // velocity through a contact whose accumulated impulse is already zero. In a crowd,
    // pushes stack along chains of overlaps, so a flat bound (2x, 3x) is not sound: this
    // generator reached 8.5 m/s (2.8x) in 3000 crowds. We bound each body by one cap per
    // link of the longest overlap chain it can sit at the end of, estimated by its
    // eccentricity e in the graph of overlapping bounding boxes of dynamic bodies, plus
    // one link for a push off the static ground or walls: speed <= cap * (1 + e).
    // (Measured worst case over 3000 crowds: 0.81 of this bound.) An uncapped push-out
    // (bias rate * depth, about 9/s to 17/s times overlaps up to 1.5 m) breaks it.
    fc.assert(
      fc.property(crowd, ({ seed, count }) => {
        const world = new World({ gravity: { x: 0, y: 0 } });
        const ids = fuzzScene(world, seed, { count, atRest: true });
        for (const id of ids) expect(speed(world, id)).toBe(0);
        const ecc = overlapEccentricity(world, ids);
        world.step(DT);
        ids.forEach((id, i) => {
          const bound = MAX_PUSH * (1 + ecc[i]!) + 1e-9;
          const s = speed(world, id);
          if (!(s <= bound)) {
            throw new Error(
              `body ${i} moves at ${s} m/s after one step, bound ${bound} (eccentricity ${ecc[i]})`,
            );
          }
        });
      }),
      FC,
    );
  });

  it('an isolated overlapping pair at rest without gravity separates no faster than maxContactPushSpeed', () => {
    const size = fc.double({ min: 0.05, max: 3, noNaN: true });
    const shapeSpec = fc.record({
      kind: fc.constantFrom('box', 'circle', 'capsule'),
      a: size,
      b: size,
      density: fc.double({ min: 0.1, max: 100, noNaN: true }),
      angle: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
    });
    type Spec = typeof shapeSpec extends fc.Arbitrary<infer T> ? T : never;
    const addShape = (world: World, body: BodyId, s: Spec): ShapeId => {
      const def = { density: s.density };
      if (s.kind === 'box') return world.createPolygonShape(body, makeBox(s.a / 2, s.b / 2), def);
      if (s.kind === 'circle') return world.createCircleShape(body, makeCircle(0, 0, s.a / 2), def);
      const r = Math.min(s.a, s.b) / 2;
      const l = Math.max((Math.max(s.a, s.b) - 2 * r) / 2, 0.01);
      return world.createCapsuleShape(body, makeCapsule(-l, 0, l, 0, r), def);
    };
    fc.assert(
      fc.property(
        shapeSpec,
        shapeSpec,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
        fc.boolean(),
        (specA, specB, reach, heading, firstIsStatic) => {
          const world = new World({ gravity: { x: 0, y: 0 } });
          const a = world.createBody({
            type: firstIsStatic ? BodyType.Static : BodyType.Dynamic,
            angle: specA.angle,
          });
          addShape(world, a, specA);
          // the second center lies within the first shape's inscribed circle: they overlap
          const d = (reach * Math.min(specA.a, specA.b)) / 2;
          const b = world.createBody({
            type: BodyType.Dynamic,
            position: { x: d * Math.cos(heading), y: d * Math.sin(heading) },
            angle: specB.angle,
          });
          addShape(world, b, specB);
          const a0 = world.getBodyWorldCenter(a);
          const b0 = world.getBodyWorldCenter(b);
          world.step(DT);
          expect(world.getCounters().touchingContactCount).toBe(1);
          // what is left of the push after the step: the relax pass takes it back out
          expect(speed(world, a)).toBeLessThanOrEqual(MAX_PUSH);
          expect(speed(world, b)).toBeLessThanOrEqual(MAX_PUSH);
          // How far the push moved them apart during the step: about the cap for dt. Not
          // exactly: a two-point manifold is solved point by point, so the second point's
          // impulse can raise the first point's normal speed above the cap, and the centers
          // need not move like the contact points when the bodies turn. Measured worst case
          // over 20000 random pairs: 1.11 times the cap; 1.25 leaves room for that and is
          // far below an uncapped push (bias rate 9/s to 17/s times overlaps up to 1.5 m).
          const a1 = world.getBodyWorldCenter(a);
          const b1 = world.getBodyWorldCenter(b);
          const moved = Math.hypot(b1.x - b0.x - (a1.x - a0.x), b1.y - b0.y - (a1.y - a0.y));
          expect(moved).toBeLessThanOrEqual(1.25 * MAX_PUSH * DT);
        },
      ),
      { ...FC, numRuns: 200 },
    );
  });
});
