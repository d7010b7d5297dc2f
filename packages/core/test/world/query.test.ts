/**
 * World queries: ray casts, shape casts and overlaps against every shape type, checked
 * against hand-computed answers to 1e-6; ordering, filters, starting-inside rules,
 * sleeping and static bodies, and rejection of bad input with the world unchanged.
 */

import { describe, expect, it } from 'vitest';
import {
  type BodyId,
  BodyType,
  Capsule,
  Circle,
  cosSin,
  CosSin,
  makeBox,
  makeCapsule,
  makeCircle,
  makeOffsetBox,
  makePolygon,
  makeRoundedBox,
  makeSegment,
  makeSquare,
  type Polygon,
  type RayHit,
  type ShapeCastHit,
  type ShapeId,
  World,
} from '../../src/index';

const EPS = 1e-6;
const SQRT2 = Math.SQRT2;
const HALF_PI = Math.PI / 2;

function staticBody(world: World, x = 0, y = 0, angle = 0): BodyId {
  return world.createBody({ position: { x, y }, angle });
}

function expectHit(
  hit: RayHit | ShapeCastHit | null,
  shapeId: ShapeId,
  fraction: number,
  point: { x: number; y: number } | null,
  normal: { x: number; y: number },
): void {
  expect(hit).not.toBeNull();
  const h = hit!;
  expect(h.shapeId).toBe(shapeId);
  expect(h.fraction).toBeCloseTo(fraction, 9);
  expect(Math.abs(h.fraction - fraction)).toBeLessThan(EPS);
  if (point !== null) {
    expect(Math.abs(h.point.x - point.x)).toBeLessThan(EPS);
    expect(Math.abs(h.point.y - point.y)).toBeLessThan(EPS);
  }
  expect(Math.abs(h.normal.x - normal.x)).toBeLessThan(EPS);
  expect(Math.abs(h.normal.y - normal.y)).toBeLessThan(EPS);
}

/** Ray from `o` along `t`. */
function ray(world: World, ox: number, oy: number, tx: number, ty: number): RayHit | null {
  return world.castRayClosest({ x: ox, y: oy }, { x: tx, y: ty });
}

describe('ray casts hit each shape type exactly', () => {
  it('circle: head-on and off-axis, on a translated and rotated body', () => {
    const world = new World();
    const c = world.createCircleShape(staticBody(world), makeCircle(0, 0, 1));
    expectHit(ray(world, -5, 0, 10, 0), c, 0.4, { x: -1, y: 0 }, { x: -1, y: 0 });
    // y = 0.6 enters at x = -0.8.
    expectHit(ray(world, -5, 0.6, 10, 0), c, 0.42, { x: -0.8, y: 0.6 }, { x: -0.8, y: 0.6 });
    expect(ray(world, -5, 1.01, 10, 0)).toBeNull();
    expect(ray(world, -5, 0, 3, 0)).toBeNull(); // stops short

    const w2 = new World();
    const angle = 0.7;
    const q = cosSin(angle, new CosSin());
    const body = staticBody(w2, 3, 2, angle);
    const s = w2.createCircleShape(body, makeCircle(1, 0, 0.5));
    const cx = 3 + q.c;
    const cy = 2 + q.s;
    expectHit(ray(w2, cx, cy + 5, 0, -10), s, 0.45, { x: cx, y: cy + 0.5 }, { x: 0, y: 1 });
  });

  it('capsule: side, end caps, and a rotated body', () => {
    const world = new World();
    const s = world.createCapsuleShape(staticBody(world), makeCapsule(-1, 0, 1, 0, 0.5));
    expectHit(ray(world, 0, 5, 0, -10), s, 0.45, { x: 0, y: 0.5 }, { x: 0, y: 1 });
    expectHit(ray(world, 0.3, -5, 0, 10), s, 0.45, { x: 0.3, y: -0.5 }, { x: 0, y: -1 });
    expectHit(ray(world, -5, 0, 10, 0), s, 0.35, { x: -1.5, y: 0 }, { x: -1, y: 0 });
    // Cap at (-1, 0): y = 0.3 enters at x = -1 - 0.4.
    expectHit(ray(world, -5, 0.3, 10, 0), s, 0.36, { x: -1.4, y: 0.3 }, { x: -0.8, y: 0.6 });
    expectHit(ray(world, 5, -0.3, -10, 0), s, 0.36, { x: 1.4, y: -0.3 }, { x: 0.8, y: -0.6 });
    // Oblique ray onto the side, and an oblique ray onto the cap at (1, 0), solved from
    // |o + t d - c|^2 = r^2.
    expectHit(ray(world, 3, 1.2, -4, -1), s, 0.7, { x: 0.2, y: 0.5 }, { x: 0, y: 1 });
    const a = 16.04;
    const b = 2 * (2 * -4 + 0.3 * 0.2);
    const cc = 4 + 0.09 - 0.25;
    const t = (-b - Math.sqrt(b * b - 4 * a * cc)) / (2 * a);
    const hx = 3 - 4 * t;
    const hy = 0.3 + 0.2 * t;
    expect(hx).toBeGreaterThan(1);
    expectHit(ray(world, 3, 0.3, -4, 0.2), s, t, { x: hx, y: hy }, { x: (hx - 1) / 0.5, y: hy / 0.5 });

    const w2 = new World();
    const r = w2.createCapsuleShape(staticBody(w2, 2, 0, HALF_PI), makeCapsule(-1, 0, 1, 0, 0.5));
    expectHit(ray(w2, -3, 0.7, 10, 0), r, 0.45, { x: 1.5, y: 0.7 }, { x: -1, y: 0 });
    expectHit(ray(w2, 2, 5, 0, -10), r, 0.35, { x: 2, y: 1.5 }, { x: 0, y: 1 });
  });

  it('box and rotated box', () => {
    const world = new World();
    const s = world.createPolygonShape(staticBody(world), makeBox(1, 0.5));
    expectHit(ray(world, -5, 0.2, 10, 0), s, 0.4, { x: -1, y: 0.2 }, { x: -1, y: 0 });
    expectHit(ray(world, 0.3, 5, 0, -10), s, 0.45, { x: 0.3, y: 0.5 }, { x: 0, y: 1 });
    expectHit(ray(world, 0.3, -5, 0, 10), s, 0.45, { x: 0.3, y: -0.5 }, { x: 0, y: -1 });
    expect(ray(world, -5, 0.6, 10, 0)).toBeNull();
    // Diagonal through the corner region: from (-3, -2.5) along (4, 4) enters the bottom
    // face y = -0.5 at t = 0.5 (x = -1 exactly the corner) -> pick a clear face instead.
    expectHit(ray(world, -2.5, -3, 4, 4), s, 0.625, { x: 0, y: -0.5 }, { x: 0, y: -1 });

    // A unit square rotated by 45 degrees: the upper-right face is x + y = sqrt(2).
    const w2 = new World();
    const r = w2.createPolygonShape(staticBody(w2, 0, 0, Math.PI / 4), makeSquare(1));
    const x = SQRT2 - 0.1;
    expectHit(ray(w2, 5, 0.1, -10, 0), r, (5 - x) / 10, { x, y: 0.1 }, { x: 1 / SQRT2, y: 1 / SQRT2 });
    // Translated and rotated offset box: makeOffsetBox rotated by 90 degrees on a body at
    // (10, 0): half sizes (2, 0.5) become (0.5, 2) around (10, 1).
    const w3 = new World();
    const o = w3.createPolygonShape(staticBody(w3, 10, 0), makeOffsetBox(2, 0.5, 0, 1, HALF_PI));
    expectHit(ray(w3, 0, 2.5, 20, 0), o, 9.5 / 20, { x: 9.5, y: 2.5 }, { x: -1, y: 0 });
    expectHit(ray(w3, 10.2, 10, 0, -20), o, 7 / 20, { x: 10.2, y: 3 }, { x: 0, y: 1 });
  });

  it('rounded box: faces and corner arcs', () => {
    const world = new World();
    const s = world.createPolygonShape(staticBody(world), makeRoundedBox(1, 0.5, 0.25));
    expectHit(ray(world, -5, 0, 10, 0), s, 0.375, { x: -1.25, y: 0 }, { x: -1, y: 0 });
    expectHit(ray(world, 0.3, 5, 0, -10), s, 0.425, { x: 0.3, y: 0.75 }, { x: 0, y: 1 });
    // y = 0.6 passes the corner arc centred at (-1, 0.5), radius 0.25.
    const dx = Math.sqrt(0.25 * 0.25 - 0.1 * 0.1);
    expectHit(
      ray(world, -5, 0.6, 10, 0),
      s,
      (4 - dx) / 10,
      { x: -1 - dx, y: 0.6 },
      { x: -dx / 0.25, y: 0.1 / 0.25 },
    );
    // Just outside the arc: a miss even though inside the bounding box.
    expect(ray(world, -5, 0.74, 10, 0)).not.toBeNull();
    expect(ray(world, -1.2, 5, 0, -10)).not.toBeNull();
    // A diagonal ray passing 0.283 from the corner arc's center (-1, 0.5): it would clip
    // the sharp box's corner but misses the rounded one.
    expect(ray(world, -2.2, -0.3, 2, 2)).toBeNull();
  });

  it('polygon from points with a rounding radius, rotated body', () => {
    // Triangle (0,0), (2,0), (0,2) rounded by 0.1 on a body rotated by 90 degrees at (1, 1):
    // local edge (2,0)-(0,2) has normal (1,1)/sqrt2; rotated, (-1,1)/sqrt2.
    const world = new World();
    const tri = makePolygon(
      [
        { x: 0, y: 0 },
        { x: 2, y: 0 },
        { x: 0, y: 2 },
      ],
      0.1,
    );
    const s = world.createPolygonShape(staticBody(world, 1, 1, HALF_PI), tri);
    // World hypotenuse: from (1, 3) to (-1, 1): line y - x = 2, offset by 0.1 outwards
    // (towards (-1, 1)/sqrt2): y - x = 2 + 0.1 * sqrt2. A ray down x = 0 hits y = 2 + 0.1 sqrt2.
    const y = 2 + 0.1 * SQRT2;
    expectHit(ray(world, 0, 10, 0, -10), s, (10 - y) / 10, { x: 0, y }, { x: -1 / SQRT2, y: 1 / SQRT2 });
  });

  it('segment is two-sided', () => {
    const world = new World();
    const s = world.createSegmentShape(staticBody(world), makeSegment(-1, 0, 1, 0));
    expectHit(ray(world, 0.5, 2, 0, -4), s, 0.5, { x: 0.5, y: 0 }, { x: 0, y: 1 });
    expectHit(ray(world, 0.5, -2, 0, 4), s, 0.5, { x: 0.5, y: 0 }, { x: 0, y: -1 });
    expect(ray(world, 1.5, -2, 0, 4)).toBeNull();
    expect(ray(world, -5, 0, 10, 0)).toBeNull(); // along the line
  });

  it('chain segment is one-sided: hit from the collision side only', () => {
    const world = new World();
    // Right to left: the collision side (right of p1 -> p2) is up.
    const chain = world.createChain(staticBody(world, 0, 1), {
      points: [
        { x: 2, y: 0 },
        { x: -2, y: 0 },
      ],
    });
    const [seg] = world.getChainSegments(chain);
    expectHit(ray(world, 0.5, 3, 0, -4), seg!, 0.5, { x: 0.5, y: 1 }, { x: 0, y: 1 });
    expect(ray(world, 0.5, -1, 0, 4)).toBeNull();
    expect(world.castRayAll({ x: 0.5, y: -1 }, { x: 0, y: 4 })).toEqual([]);
    // Oblique from above.
    expectHit(ray(world, -1, 2, 2, -2), seg!, 0.5, { x: 0, y: 1 }, { x: 0, y: 1 });
  });
});

describe('rays starting inside or on a shape', () => {
  it('a ray starting strictly inside a solid shape does not hit it, but hits what is beyond', () => {
    const world = new World();
    const body = staticBody(world);
    world.createCircleShape(body, makeCircle(0, 0, 1));
    const far = world.createCircleShape(staticBody(world, 5, 0), makeCircle(0, 0, 1));
    expectHit(ray(world, 0, 0, 10, 0), far, 0.4, { x: 4, y: 0 }, { x: -1, y: 0 });
    expect(ray(world, 0, 0, -3, 0)).toBeNull();

    for (const make of [
      (w: World) => w.createPolygonShape(staticBody(w), makeBox(1, 1)),
      (w: World) => w.createPolygonShape(staticBody(w), makeRoundedBox(1, 1, 0.3)),
      (w: World) => w.createCapsuleShape(staticBody(w), makeCapsule(-1, 0, 1, 0, 0.5)),
    ]) {
      const w = new World();
      make(w);
      expect(ray(w, 0, 0, 5, 0)).toBeNull();
      expect(ray(w, 0.1, 0.2, -5, 3)).toBeNull();
    }
    // Inside the rounded part of a rounded box (outside its core): still inside.
    const w = new World();
    w.createPolygonShape(staticBody(w), makeRoundedBox(1, 1, 0.3));
    expect(ray(w, 1.2, 1.1, 5, 0)).toBeNull();
    expect(ray(w, 1.2, 0, -5, 0)).toBeNull();
  });

  it('a ray starting on the surface and heading in hits at fraction 0', () => {
    const world = new World();
    const c = world.createCircleShape(staticBody(world), makeCircle(0, 0, 1));
    expectHit(ray(world, -1, 0, 5, 0), c, 0, { x: -1, y: 0 }, { x: -1, y: 0 });
    expect(ray(world, -1, 0, -5, 0)).toBeNull();
    const w2 = new World();
    const b = w2.createPolygonShape(staticBody(w2), makeBox(1, 1));
    const h = ray(w2, -1, 0.5, 5, 0);
    expectHit(h, b, 0, { x: -1, y: 0.5 }, { x: -1, y: 0 });
    expect(Object.is(h!.fraction, 0)).toBe(true);
    expect(ray(w2, -1, 0.5, -5, 0)).toBeNull();
  });
});

describe('world ray queries', () => {
  function row(): { world: World; ids: ShapeId[] } {
    const world = new World();
    const ids: ShapeId[] = [];
    // Created out of order so that id order differs from distance order.
    for (const x of [8, 2, 5])
      ids.push(world.createCircleShape(staticBody(world, x, 0), makeCircle(0, 0, 0.5)));
    return { world, ids };
  }

  it('the closest hit wins among several shapes', () => {
    const { world, ids } = row();
    expectHit(ray(world, 0, 0, 10, 0), ids[1]!, 0.15, { x: 1.5, y: 0 }, { x: -1, y: 0 });
    expectHit(ray(world, 10, 0, -10, 0), ids[0]!, 0.15, { x: 8.5, y: 0 }, { x: 1, y: 0 });
  });

  it('castRayAll returns every hit sorted by fraction, ties by shape id', () => {
    const { world, ids } = row();
    const all = world.castRayAll({ x: 0, y: 0 }, { x: 10, y: 0 });
    expect(all.map((h) => h.shapeId)).toEqual([ids[1], ids[2], ids[0]]);
    expect(all.map((h) => h.fraction)).toEqual([0.15, 0.45, 0.75].map((f) => expect.closeTo(f, 9)));
    // Two identical shapes: equal fractions, lower id first, and the closest is the lower id.
    const a = world.createCircleShape(staticBody(world, 2, 0), makeCircle(0, 0, 0.5));
    const b = world.createPolygonShape(staticBody(world, 2, 0), makeSquare(0.5));
    const tie = world.castRayAll({ x: 0, y: 0 }, { x: 10, y: 0 });
    expect(tie.slice(0, 3).map((h) => h.shapeId)).toEqual([ids[1]!, a, b].sort((p, q) => p - q));
    expect(tie[0]!.fraction).toBe(tie[1]!.fraction);
    expect(ray(world, 0, 0, 10, 0)!.shapeId).toBe(Math.min(ids[1]!, a, b));
  });

  it('castRayAny returns one of the hits, or null', () => {
    const { world, ids } = row();
    const any = world.castRayAny({ x: 0, y: 0 }, { x: 10, y: 0 });
    expect(any).not.toBeNull();
    expect(ids).toContain(any!.shapeId);
    const expected = { [ids[0]!]: 0.75, [ids[1]!]: 0.15, [ids[2]!]: 0.45 }[any!.shapeId]!;
    expect(any!.fraction).toBeCloseTo(expected, 9);
    expect(world.castRayAny({ x: 0, y: 3 }, { x: 10, y: 0 })).toBeNull();
  });

  it('castRayClosest agrees with the first of castRayAll on random rays', () => {
    const world = new World();
    let seed = 12345;
    const rand = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let i = 0; i < 40; i++) {
      const body = world.createBody({
        type: i % 3 === 0 ? BodyType.Dynamic : BodyType.Static,
        position: { x: rand() * 20 - 10, y: rand() * 20 - 10 },
        angle: rand() * 6,
      });
      const k = i % 4;
      if (k === 0) world.createCircleShape(body, makeCircle(0, 0, 0.3 + rand()));
      else if (k === 1) world.createCapsuleShape(body, makeCapsule(-0.5, 0, 0.5, 0, 0.2 + rand() * 0.5));
      else if (k === 2) world.createPolygonShape(body, makeRoundedBox(0.5, 0.3, rand() * 0.2));
      else world.createSegmentShape(body, makeSegment(-1, 0, 1, 0));
    }
    let hits = 0;
    for (let i = 0; i < 300; i++) {
      const o = { x: rand() * 30 - 15, y: rand() * 30 - 15 };
      const t = { x: rand() * 30 - 15, y: rand() * 30 - 15 };
      const closest = world.castRayClosest(o, t);
      const all = world.castRayAll(o, t);
      if (all.length === 0) {
        expect(closest).toBeNull();
        continue;
      }
      hits++;
      expect(closest).toEqual(all[0]);
      for (let j = 1; j < all.length; j++)
        expect(all[j]!.fraction).toBeGreaterThanOrEqual(all[j - 1]!.fraction);
      // Every hit point lies on the ray at its fraction.
      for (const h of all) {
        expect(Math.abs(h.point.x - (o.x + h.fraction * t.x))).toBeLessThan(1e-9);
        expect(Math.abs(h.point.y - (o.y + h.fraction * t.y))).toBeLessThan(1e-9);
        expect(Math.hypot(h.normal.x, h.normal.y)).toBeCloseTo(1, 12);
        expect(h.normal.x * t.x + h.normal.y * t.y).toBeLessThanOrEqual(0);
      }
    }
    expect(hits).toBeGreaterThan(50);
  });

  it('filters exclude shapes by category and by mask', () => {
    const world = new World();
    const a = world.createCircleShape(staticBody(world, 2, 0), makeCircle(0, 0, 0.5), {
      filter: { categoryBits: 0x2, maskBits: 0xffffffff, groupIndex: 0 },
    });
    const b = world.createCircleShape(staticBody(world, 4, 0), makeCircle(0, 0, 0.5), {
      filter: { categoryBits: 0x1, maskBits: 0x1, groupIndex: 0 },
    });
    const c = world.createCircleShape(staticBody(world, 6, 0), makeCircle(0, 0, 0.5));
    const o = { x: 0, y: 0 };
    const t = { x: 10, y: 0 };
    expect(world.castRayAll(o, t).map((h) => h.shapeId)).toEqual([a, b, c]);
    // Mask 0x1 skips a (category 0x2).
    expect(world.castRayClosest(o, t, { categoryBits: 0x1, maskBits: 0x1 })!.shapeId).toBe(b);
    // Category 0x2 is not in b's mask: b is skipped.
    expect(world.castRayAll(o, t, { categoryBits: 0x2, maskBits: 0xffffffff }).map((h) => h.shapeId)).toEqual(
      [a, c],
    );
    expect(world.castRayAll(o, t, { categoryBits: 0xffffffff, maskBits: 0 })).toEqual([]);
    expect(world.overlapPoint({ x: 2, y: 0 }, { categoryBits: 1, maskBits: 1 })).toEqual([]);
    expect(
      world.overlapAABB({ minX: 0, minY: -1, maxX: 10, maxY: 1 }, { categoryBits: 2, maskBits: 3 }),
    ).toEqual([a, c]);
    const q = makeCircle(0, 0, 10);
    const xf = { position: { x: 0, y: 0 }, angle: 0 };
    expect(world.overlapShape(q, xf, { categoryBits: 1, maskBits: 0xfffffffe })).toEqual([a]);
    expect(world.castShape(makeCircle(0, 0, 0.1), xf, t, { categoryBits: 1, maskBits: 1 })!.shapeId).toBe(b);
  });

  it('shapes on sleeping, kinematic and static bodies are found', () => {
    const world = new World();
    const ground = world.createPolygonShape(staticBody(world), makeBox(10, 1));
    const body = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 1.5 } });
    const box = world.createPolygonShape(body, makeBox(0.5, 0.5));
    const kin = world.createBody({ type: BodyType.Kinematic, position: { x: 5, y: 1.5 } });
    const ks = world.createCircleShape(kin, makeCircle(0, 0, 0.5));
    for (let i = 0; i < 300 && world.isBodyAwake(body); i++) world.step(1 / 60);
    expect(world.isBodyAwake(body)).toBe(false);
    // the resting box may be tilted by a hair: its top face at x = 0.1, from its pose
    const pose = world.getBodyPosition(body);
    const rot = world.getBodyRotation(body);
    const top = pose.y + (0.5 + rot.s * (0.1 - pose.x)) / rot.c;
    expectHit(ray(world, 0.1, 5, 0, -10), box, (5 - top) / 10, { x: 0.1, y: top }, { x: -rot.s, y: rot.c });
    expectHit(ray(world, 3, 5, 0, -10), ground, 0.4, { x: 3, y: 1 }, { x: 0, y: 1 });
    expectHit(ray(world, 5, 5, 0, -10), ks, 0.3, { x: 5, y: 2 }, { x: 0, y: 1 });
    expect(world.overlapPoint({ x: 0.2, y: world.getBodyPosition(body).y })).toEqual([box]);
    expect(world.overlapAABB({ minX: -0.1, minY: 0.9, maxX: 0.1, maxY: 1.2 })).toEqual(
      [ground, box].sort((p, q) => p - q),
    );
    expect(world.isBodyAwake(body)).toBe(false); // queries never wake anything
  });
});

describe('shape casts', () => {
  const at = (x: number, y: number, angle = 0) => ({ position: { x, y }, angle });

  it('circle against circle, polygon, rounded box and segment', () => {
    const world = new World();
    const c = world.createCircleShape(staticBody(world), makeCircle(0, 0, 1));
    expectHit(
      world.castShape(makeCircle(0, 0, 0.5), at(-5, 0), { x: 10, y: 0 }),
      c,
      0.35,
      { x: -1, y: 0 },
      { x: -1, y: 0 },
    );
    // Off-axis: centers 1.5 apart when the circle at (x, 0.9) has x = -1.2.
    expectHit(
      world.castShape(makeCircle(0, 0, 0.5), at(-5, 0.9), { x: 10, y: 0 }),
      c,
      0.38,
      { x: -0.8, y: 0.6 },
      { x: -0.8, y: 0.6 },
    );

    const w2 = new World();
    const r = w2.createPolygonShape(staticBody(w2), makeRoundedBox(1, 1, 0.5));
    expectHit(
      w2.castShape(makeCircle(0, 0, 0.25), at(-5, 0), { x: 10, y: 0 }),
      r,
      0.325,
      { x: -1.5, y: 0 },
      { x: -1, y: 0 },
    );

    const w3 = new World();
    const s = w3.createSegmentShape(staticBody(w3), makeSegment(-2, 0, 2, 0));
    expectHit(
      w3.castShape(makeCircle(0, 0, 0.25), at(1, 3), { x: 0, y: -6 }),
      s,
      2.75 / 6,
      { x: 1, y: 0 },
      { x: 0, y: 1 },
    );
    expectHit(
      w3.castShape(makeCircle(0, 0, 0.25), at(1, -3), { x: 0, y: 6 }),
      s,
      2.75 / 6,
      { x: 1, y: 0 },
      { x: 0, y: -1 },
    );
  });

  it('box onto a box: face contact, time of impact exact', () => {
    const world = new World();
    const g = world.createPolygonShape(staticBody(world), makeBox(5, 1));
    const hit = world.castShape(makeBox(0.5, 0.5), at(0, 5), { x: 0, y: -10 });
    expectHit(hit, g, 0.35, null, { x: 0, y: 1 });
    expect(Math.abs(hit!.point.y - 1)).toBeLessThan(EPS);
    expect(Math.abs(hit!.point.x)).toBeLessThanOrEqual(0.5 + EPS);
    // A rounded box: its bottom (core at 0.5, radius 0.1) touches y = 1 when the center is at 1.6.
    const rounded = world.castShape(makeRoundedBox(0.5, 0.5, 0.1), at(0, 5), { x: 0, y: -10 });
    expectHit(rounded, g, 0.34, null, { x: 0, y: 1 });
    expect(Math.abs(rounded!.point.y - 1)).toBeLessThan(EPS);
  });

  it('capsule onto a segment and a rotated query box onto a circle', () => {
    const world = new World();
    const s = world.createSegmentShape(staticBody(world), makeSegment(-2, 0, 2, 0));
    const hit = world.castShape(makeCapsule(-0.5, 0, 0.5, 0, 0.25), at(0, 3), { x: 0, y: -6 });
    expectHit(hit, s, 2.75 / 6, null, { x: 0, y: 1 });
    expect(Math.abs(hit!.point.y)).toBeLessThan(EPS);

    const w2 = new World();
    const c = w2.createCircleShape(staticBody(w2), makeCircle(0, 0, 0.5));
    // makeBox(1, 0.2) rotated 90 degrees: half width 0.2 along x. Touches at x = -0.7.
    expectHit(
      w2.castShape(makeBox(1, 0.2), at(-5, 0, HALF_PI), { x: 10, y: 0 }),
      c,
      0.43,
      { x: -0.5, y: 0 },
      { x: -1, y: 0 },
    );
    // A capsule rotated 90 degrees (vertical) sliding sideways onto the circle's top edge.
    expectHit(
      w2.castShape(makeCapsule(-1, 0, 1, 0, 0.25), at(-5, 1.5, HALF_PI), { x: 10, y: 0 }),
      c,
      // Bottom cap center at (x, 0.5): touches when |(x, 0.5)| = 0.75, x = -sqrt(0.3125).
      (5 - Math.sqrt(0.3125)) / 10,
      { x: -Math.sqrt(0.3125) * (0.5 / 0.75), y: 0.5 * (0.5 / 0.75) },
      { x: -Math.sqrt(0.3125) / 0.75, y: 0.5 / 0.75 },
    );
  });

  it('against a translated and rotated body', () => {
    const world = new World();
    // makeBox(1, 0.5) turned 90 degrees on a body at (3, 1): half sizes (0.5, 1), left face x = 2.5.
    const b = world.createPolygonShape(staticBody(world, 3, 1, HALF_PI), makeBox(1, 0.5));
    expectHit(
      world.castShape(makeCircle(0, 0, 0.5), at(-2, 1), { x: 10, y: 0 }),
      b,
      0.4,
      { x: 2.5, y: 1 },
      { x: -1, y: 0 },
    );
    // Rotated 45 degrees square at (0, 10): a circle falling onto the top corner.
    const w2 = new World();
    const d = w2.createPolygonShape(staticBody(w2, 0, 10, Math.PI / 4), makeSquare(1));
    expectHit(
      w2.castShape(makeCircle(0, 0, 0.5), at(0, 20), { x: 0, y: -10 }),
      d,
      (10 - SQRT2 - 0.5) / 10,
      { x: 0, y: 10 + SQRT2 },
      { x: 0, y: 1 },
    );
  });

  it('closest of several wins; no hit when moving away or missing', () => {
    const world = new World();
    const ids: ShapeId[] = [];
    for (const x of [8, 2, 5]) ids.push(world.createPolygonShape(staticBody(world, x, 0), makeSquare(0.5)));
    expectHit(
      world.castShape(makeCircle(0, 0, 0.25), at(0, 0), { x: 10, y: 0 }),
      ids[1]!,
      0.125,
      { x: 1.5, y: 0 },
      { x: -1, y: 0 },
    );
    expect(world.castShape(makeCircle(0, 0, 0.25), at(0, 0), { x: -10, y: 0 })).toBeNull();
    expect(world.castShape(makeCircle(0, 0, 0.25), at(0, 0.8), { x: 10, y: 0 })).toBeNull();
    expect(world.castShape(makeCircle(0, 0, 0.25), at(0, 0), { x: 1, y: 0 })).toBeNull(); // too short
  });

  it('a cast starting in overlap reports fraction 0', () => {
    const world = new World();
    const b = world.createPolygonShape(staticBody(world), makeBox(1, 1));
    const hit = world.castShape(makeCircle(0, 0, 0.5), at(0.5, 0), { x: 5, y: 0 });
    expect(hit).not.toBeNull();
    expect(hit!.shapeId).toBe(b);
    expect(hit!.fraction).toBe(0);
    // Rounded cores apart: the normal is the separating direction.
    const w2 = new World();
    const c = w2.createCircleShape(staticBody(w2), makeCircle(0, 0, 1));
    expectHit(w2.castShape(makeCircle(0, 0, 0.5), at(1.2, 0), { x: 5, y: 0 }), c, 0, null, { x: 1, y: 0 });
  });

  it('chain segments are hit from the collision side only', () => {
    const world = new World();
    const chain = world.createChain(staticBody(world), {
      points: [
        { x: 2, y: 0 },
        { x: -2, y: 0 },
      ],
    });
    const [seg] = world.getChainSegments(chain);
    expectHit(
      world.castShape(makeCircle(0, 0, 0.25), at(0, 2), { x: 0, y: -4 }),
      seg!,
      0.4375,
      { x: 0, y: 0 },
      { x: 0, y: 1 },
    );
    expect(world.castShape(makeCircle(0, 0, 0.25), at(0, -2), { x: 0, y: 4 })).toBeNull();
    // Overlap tests treat chain segments as two-sided.
    expect(world.overlapShape(makeCircle(0, 0, 0.5), at(0, -0.3))).toEqual([seg]);
    expect(world.overlapShape(makeCircle(0, 0, 0.5), at(0, 0.3))).toEqual([seg]);
    expect(world.overlapShape(makeCircle(0, 0, 0.5), at(0, 0.6))).toEqual([]);
  });
});

describe('overlap queries', () => {
  it('overlapAABB uses tight shape boxes, sorted by id', () => {
    const world = new World();
    // Dynamic bodies have fat boxes grown by 0.1: the fat box reaches x = 1.1.
    const body = world.createBody({ type: BodyType.Dynamic, gravityScale: 0 });
    const c = world.createCircleShape(body, makeCircle(0, 0, 1));
    const b = world.createPolygonShape(staticBody(world, 3, 0), makeBox(1, 1));
    expect(world.overlapAABB({ minX: 1.05, minY: -0.5, maxX: 1.5, maxY: 0.5 })).toEqual([]);
    expect(world.overlapAABB({ minX: 0.95, minY: -0.5, maxX: 1.5, maxY: 0.5 })).toEqual([c]);
    expect(world.overlapAABB({ minX: 1, minY: 0, maxX: 2, maxY: 0 })).toEqual([c, b].sort((p, q) => p - q));
    expect(world.overlapAABB({ minX: -10, minY: -10, maxX: 10, maxY: 10 })).toEqual(
      [c, b].sort((p, q) => p - q),
    );
  });

  it('overlapPoint is exact for every solid shape type', () => {
    const world = new World();
    const circle = world.createCircleShape(staticBody(world, 0, 0), makeCircle(0, 0, 1));
    const diamond = world.createPolygonShape(staticBody(world, 10, 0, Math.PI / 4), makeSquare(1));
    const rounded = world.createPolygonShape(staticBody(world, 20, 0), makeRoundedBox(1, 1, 0.5));
    const capsule = world.createCapsuleShape(staticBody(world, 30, 0), makeCapsule(-1, 0, 1, 0, 0.5));
    world.createSegmentShape(staticBody(world, 40, 0), makeSegment(-1, 0, 1, 0));
    const p = (x: number, y: number) => world.overlapPoint({ x, y });
    expect(p(0.5, 0.5)).toEqual([circle]);
    expect(p(0.8, 0.8)).toEqual([]);
    expect(p(1, 0)).toEqual([circle]); // boundary counts
    expect(p(11.2, 0)).toEqual([diamond]);
    expect(p(10.9, 0.9)).toEqual([]);
    expect(p(21.3, 1.3)).toEqual([rounded]);
    expect(p(21.4, 1.4)).toEqual([]);
    expect(p(31.3, 0.3)).toEqual([capsule]);
    expect(p(31.4, 0.4)).toEqual([]);
    expect(p(40, 0)).toEqual([]); // segments have no area
  });

  it('overlapShape is exact (GJK with radii), touching included, sorted by id', () => {
    const world = new World();
    const c = world.createCircleShape(staticBody(world), makeCircle(0, 0, 1));
    const b = world.createPolygonShape(staticBody(world, 3, 0), makeBox(1, 1));
    const s = world.createSegmentShape(staticBody(world, 0, -3), makeSegment(-1, 0, 1, 0));
    const q = makeCircle(0, 0, 0.5);
    expect(world.overlapShape(q, { position: { x: 1.4, y: 0 }, angle: 0 })).toEqual([c]);
    expect(world.overlapShape(q, { position: { x: 1.5, y: 0 }, angle: 0 })).toEqual(
      [c, b].sort((p, r) => p - r),
    );
    expect(world.overlapShape(q, { position: { x: 1.51, y: 0 }, angle: 0 })).toEqual([b]);
    expect(world.overlapShape(q, { position: { x: 1.5, y: 1.2 }, angle: 0 })).toEqual([]);
    // A long thin box, rotated to vertical, reaches the segment below.
    const rod = makeBox(1, 0.1);
    expect(world.overlapShape(rod, { position: { x: 0.5, y: -2.1 }, angle: HALF_PI })).toEqual([s]);
    expect(world.overlapShape(rod, { position: { x: 0.5, y: -1.95 }, angle: HALF_PI })).toEqual([]);
    // Box corner just into the circle along the diagonal.
    const box = makeSquare(0.5);
    const d = 1 / SQRT2 + 0.5 - 0.01;
    expect(world.overlapShape(box, { position: { x: -d, y: -d }, angle: 0 })).toEqual([c]);
    expect(world.overlapShape(box, { position: { x: -d - 0.02, y: -d - 0.02 }, angle: 0 })).toEqual([]);
  });
});

describe('bad input is rejected with the world unchanged', () => {
  function ctx(): World {
    const world = new World();
    world.createPolygonShape(staticBody(world), makeBox(5, 1));
    const body = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 2 } });
    world.createCircleShape(body, makeCircle(0, 0, 0.5));
    for (let i = 0; i < 5; i++) world.step(1 / 60);
    return world;
  }

  const o = { x: 0, y: 5 };
  const t = { x: 0, y: -10 };
  const xf = { position: { x: 0, y: 5 }, angle: 0 };
  const badPolygon = (): Polygon => {
    const p = makeBox(1, 1);
    p.vx[2] = 0; // vertex 2 at the center: no longer convex
    p.vy[2] = 0;
    return p;
  };
  const cases: [string, (w: World) => unknown, RegExp][] = [
    [
      'zero translation',
      (w) => w.castRayClosest(o, { x: 0, y: 0 }),
      /castRayClosest: translation must be .*got \(0, 0\)/,
    ],
    [
      'NaN origin',
      (w) => w.castRayAll({ x: Number.NaN, y: 0 }, t),
      /castRayAll: origin.x must be finite, got NaN/,
    ],
    [
      'infinite translation',
      (w) => w.castRayAny(o, { x: Infinity, y: 0 }),
      /castRayAny: translation.x must be finite, got Infinity/,
    ],
    [
      'origin not an object',
      (w) => w.castRayClosest(null as never, t),
      /castRayClosest: origin must be an object/,
    ],
    [
      'negative mask',
      (w) => w.castRayClosest(o, t, { categoryBits: 1, maskBits: -1 }),
      /castRayClosest: filter.maskBits must be .* got -1/,
    ],
    [
      'fractional category',
      (w) => w.castRayAll(o, t, { categoryBits: 1.5, maskBits: 1 }),
      /castRayAll: filter.categoryBits must be .* got 1.5/,
    ],
    [
      '33-bit mask',
      (w) => w.overlapPoint(o, { categoryBits: 1, maskBits: 2 ** 32 }),
      /overlapPoint: filter.maskBits must be .* got 4294967296/,
    ],
    [
      // a missing mask takes the default (test/world/filter.test.ts); a mask of another type does not
      'mask not a number',
      (w) =>
        w.overlapAABB({ minX: 0, minY: 0, maxX: 1, maxY: 1 }, { categoryBits: 1, maskBits: '2' } as never),
      /overlapAABB: filter.maskBits must be .* got "2"/,
    ],
    ['filter not an object', (w) => w.castRayAny(o, t, 7 as never), /castRayAny: filter must be an object/],
    [
      'inverted aabb',
      (w) => w.overlapAABB({ minX: 1, minY: 0, maxX: 0, maxY: 1 }),
      /overlapAABB: aabb.maxX must be >= aabb.minX \(1\), got 0/,
    ],
    [
      'NaN aabb',
      (w) => w.overlapAABB({ minX: 0, minY: Number.NaN, maxX: 1, maxY: 1 }),
      /overlapAABB: aabb.minY must be finite, got NaN/,
    ],
    [
      'NaN point',
      (w) => w.overlapPoint({ x: 0, y: Number.NaN }),
      /overlapPoint: point.y must be finite, got NaN/,
    ],
    [
      'negative circle radius',
      (w) => w.castShape(new Circle(0, 0, -1), xf, t),
      /castShape: geometry.radius must be finite and > 0, got -1/,
    ],
    [
      'zero-length capsule',
      (w) => w.overlapShape(new Capsule(1, 1, 1, 1, 0.5), xf),
      /overlapShape: geometry length must be greater than zero/,
    ],
    [
      'non-convex polygon',
      (w) => w.castShape(badPolygon(), xf, t),
      /castShape: geometry vertex \d must be a strictly convex/,
    ],
    [
      'segment geometry',
      (w) => w.overlapShape(makeSegment(0, 0, 1, 0) as never, xf),
      /overlapShape: geometry must be a Circle, Capsule or Polygon/,
    ],
    [
      'NaN angle',
      (w) => w.castShape(makeCircle(0, 0, 1), { position: { x: 0, y: 0 }, angle: Number.NaN }, t),
      /castShape: transform.angle must be finite, got NaN/,
    ],
    [
      'missing position',
      (w) => w.overlapShape(makeCircle(0, 0, 1), { angle: 0 } as never),
      /overlapShape: transform.position must be an object/,
    ],
    [
      'zero shape translation',
      (w) => w.castShape(makeCircle(0, 0, 1), xf, { x: 0, y: 0 }),
      /castShape: translation must be a non-zero vector/,
    ],
  ];

  for (const [name, call, message] of cases) {
    it(`rejects ${name}`, () => {
      const world = ctx();
      const before = world.snapshot();
      const hash = world.stateHash();
      expect(() => call(world)).toThrow(RangeError);
      expect(() => call(world)).toThrow(message);
      expect(Buffer.compare(world.snapshot(), before)).toBe(0);
      expect(world.stateHash()).toBe(hash);
    });
  }

  it('valid queries leave the world byte-identical too', () => {
    const world = ctx();
    const before = world.snapshot();
    world.castRayClosest(o, t);
    world.castRayAll(o, t);
    world.castRayAny(o, t);
    world.castShape(makeBox(0.5, 0.5), xf, t);
    world.overlapAABB({ minX: -10, minY: -10, maxX: 10, maxY: 10 });
    world.overlapPoint({ x: 0, y: 0 });
    world.overlapShape(makeCircle(0, 0, 3), xf);
    expect(Buffer.compare(world.snapshot(), before)).toBe(0);
  });
});
