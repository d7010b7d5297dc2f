import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DynamicTree } from '../../src/collision/dynamic_tree';
import { AABB } from '../../src/geometry/geometry';
import { enlargeOp, moveOp, pickOp } from './proxy_ops';

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  bits: number;
}

function overlaps(a: Box, minX: number, minY: number, maxX: number, maxY: number): boolean {
  return !(a.minX > maxX || a.maxX < minX || a.minY > maxY || a.maxY < minY);
}

/** Reference slab test, same convention as the tree: entry fraction or -1. */
function raySlab(b: Box, ox: number, oy: number, dx: number, dy: number, maxFraction: number): number {
  const range = { tmin: 0, tmax: maxFraction };
  if (!slab(range, b.minX, b.maxX, ox, dx) || !slab(range, b.minY, b.maxY, oy, dy)) return -1;
  return range.tmin;
}

/** Narrows `range` to the fractions inside the slab [min, max] along one axis; false if empty. */
function slab(
  range: { tmin: number; tmax: number },
  min: number,
  max: number,
  o: number,
  d: number,
): boolean {
  if (d === 0) return o >= min && o <= max;
  const inv = 1 / d;
  const t1 = (min - o) * inv;
  const t2 = (max - o) * inv;
  range.tmin = Math.max(range.tmin, Math.min(t1, t2));
  range.tmax = Math.min(range.tmax, Math.max(t1, t2));
  return range.tmin <= range.tmax;
}

// Halves are exact in binary, so boxes often touch exactly: tests the inclusive convention.
const coord = fc.integer({ min: -200, max: 200 }).map((v) => v / 2);
const size = fc.integer({ min: 0, max: 20 }).map((v) => v / 2);
const boxArb = fc.record({
  x: coord,
  y: coord,
  w: size,
  h: size,
  bits: fc.constantFrom(1, 2, 4, 0x80000000),
});

type Op =
  | { kind: 'create'; x: number; y: number; w: number; h: number; bits: number }
  | { kind: 'move'; pick: number; x: number; y: number; w: number; h: number }
  | { kind: 'enlarge'; pick: number; grow: number }
  | { kind: 'destroy'; pick: number }
  | { kind: 'rebuild'; full: boolean };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: boxArb.map((b) => ({ kind: 'create' as const, ...b })) },
  { weight: 2, arbitrary: moveOp(coord, size) },
  { weight: 2, arbitrary: enlargeOp(30, 10) },
  { weight: 1, arbitrary: pickOp('destroy') },
  { weight: 1, arbitrary: fc.boolean().map((full) => ({ kind: 'rebuild' as const, full })) },
);

/** Applies operations to a tree and a plain mirror of the live boxes. */
function replay(ops: readonly Op[]): { tree: DynamicTree; live: Map<number, Box> } {
  const tree = new DynamicTree(4);
  const live = new Map<number, Box>();
  const ids: number[] = [];
  for (const op of ops) {
    if (op.kind === 'create') {
      const b = { minX: op.x, minY: op.y, maxX: op.x + op.w, maxY: op.y + op.h, bits: op.bits };
      const id = tree.createProxy(b.minX, b.minY, b.maxX, b.maxY, b.bits, 1000 + ids.length);
      expect(live.has(id)).toBe(false);
      live.set(id, b);
      ids.push(id);
      continue;
    }
    if (op.kind === 'rebuild') {
      tree.rebuild(op.full);
      continue;
    }
    if (ids.length === 0) continue;
    const slot = op.pick % ids.length;
    const id = ids[slot]!;
    const b = live.get(id)!;
    if (op.kind === 'move') {
      b.minX = op.x;
      b.minY = op.y;
      b.maxX = op.x + op.w;
      b.maxY = op.y + op.h;
      tree.moveProxy(id, new AABB(b.minX, b.minY, b.maxX, b.maxY));
    } else if (op.kind === 'enlarge') {
      b.minX -= op.grow;
      b.maxY += op.grow * 0.5;
      tree.enlargeProxy(id, new AABB(b.minX, b.minY, b.maxX, b.maxY));
      expect(tree.wasEnlarged(id)).toBe(true);
    } else {
      tree.destroyProxy(id);
      live.delete(id);
      ids.splice(slot, 1);
    }
  }
  return { tree, live };
}

function queryIds(tree: DynamicTree, q: Box, mask: number): number[] {
  const out: number[] = [];
  tree.query(q.minX, q.minY, q.maxX, q.maxY, mask, (id, userData) => {
    expect(userData).toBe(tree.getUserData(id));
    out.push(id);
    return true;
  });
  return out.sort((a, b) => a - b);
}

describe('DynamicTree', () => {
  it('stays valid and answers queries and ray casts exactly after random inserts, moves, enlargements, removals and rebuilds', () => {
    const queryArb = fc.record({
      x: coord,
      y: coord,
      w: size,
      h: size,
      mask: fc.constantFrom(1, 3, -1, 0x80000000),
    });
    const rayArb = fc.record({
      ox: coord,
      oy: coord,
      dx: fc.integer({ min: -300, max: 300 }).map((v) => v / 3),
      dy: fc.integer({ min: -300, max: 300 }).map((v) => v / 3),
      maxFraction: fc.constantFrom(0.25, 1, 2),
    });
    fc.assert(
      fc.property(
        fc.array(opArb, { maxLength: 150 }),
        fc.array(queryArb, { minLength: 1, maxLength: 8 }),
        fc.array(rayArb, { minLength: 1, maxLength: 8 }),
        (ops, queries, rays) => {
          const { tree, live } = replay(ops);
          tree.validate();
          expect(tree.proxyCount).toBe(live.size);
          for (const q of queries) {
            const box = { minX: q.x, minY: q.y, maxX: q.x + q.w, maxY: q.y + q.h, bits: 0 };
            const expected = [...live]
              .filter(
                ([, b]) => (b.bits & q.mask) !== 0 && overlaps(b, box.minX, box.minY, box.maxX, box.maxY),
              )
              .map(([id]) => id)
              .sort((a, b) => a - b);
            expect(queryIds(tree, box, q.mask)).toEqual(expected);
          }
          for (const r of rays) {
            const got = new Map<number, number>();
            tree.rayCast(r.ox, r.oy, r.dx, r.dy, r.maxFraction, -1, (id, _userData, fraction) => {
              expect(got.has(id)).toBe(false);
              got.set(id, fraction);
              return -1;
            });
            const expected = new Map<number, number>();
            for (const [id, b] of live) {
              const t = raySlab(b, r.ox, r.oy, r.dx, r.dy, r.maxFraction);
              if (t >= 0) expected.set(id, t);
            }
            expect([...got.keys()].sort((a, b) => a - b)).toEqual([...expected.keys()].sort((a, b) => a - b));
            for (const [id, t] of got) expect(t).toBeCloseTo(expected.get(id)!, 12);
          }
        },
      ),
      { seed: 3, numRuns: 100 },
    );
  });

  it('keeps a logarithmic height for 1,000 proxies inserted in grid order, and a full rebuild keeps it low', () => {
    const tree = new DynamicTree();
    for (let i = 0; i < 40; i++) {
      for (let j = 0; j < 25; j++) tree.createProxy(i, j, i + 0.9, j + 0.9, 1, i * 25 + j);
    }
    tree.validate();
    expect(tree.proxyCount).toBe(1000);
    expect(tree.getHeight()).toBeLessThanOrEqual(20);
    const ratio = tree.getAreaRatio();
    expect(ratio).toBeGreaterThan(1);
    tree.rebuild(true);
    tree.validate();
    expect(tree.getHeight()).toBeLessThanOrEqual(20);
    expect(tree.getAreaRatio()).toBeLessThanOrEqual(ratio * 1.5);
  });

  it('enlargeProxy grows the leaf and every ancestor so that parents still enclose children', () => {
    const tree = new DynamicTree();
    const ids: number[] = [];
    for (let i = 0; i < 64; i++) ids.push(tree.createProxy(i * 2, 0, i * 2 + 1, 1, 1, i));
    const id = ids[10]!;
    tree.enlargeProxy(id, new AABB(-50, -5, 21 + 100, 40));
    tree.validate();
    const out = new AABB();
    tree.getFatAABB(id, out);
    expect([out.minX, out.minY, out.maxX, out.maxY]).toEqual([-50, -5, 121, 40]);
    expect(tree.box[4 * tree.root]).toBe(-50);
    expect(tree.box[4 * tree.root + 3]).toBe(40);
    // A far query finds the enlarged proxy before and after the partial rebuild.
    const far = { minX: 110, minY: 30, maxX: 111, maxY: 31, bits: 0 };
    expect(queryIds(tree, far, -1)).toEqual([id]);
    tree.rebuild(false);
    tree.validate();
    expect(tree.wasEnlarged(id)).toBe(false);
    expect(queryIds(tree, far, -1)).toEqual([id]);
  });

  it('counts touching boxes as overlapping, for queries and ray casts', () => {
    const tree = new DynamicTree();
    const id = tree.createProxy(0, 0, 1, 1, 1, 5);
    tree.createProxy(10, 10, 11, 11, 1, 6);
    expect(queryIds(tree, { minX: 1, minY: 1, maxX: 2, maxY: 2, bits: 0 }, -1)).toEqual([id]);
    expect(queryIds(tree, { minX: -2, minY: 0.5, maxX: 0, maxY: 0.5, bits: 0 }, -1)).toEqual([id]);
    expect(queryIds(tree, { minX: 1.000001, minY: 0, maxX: 2, maxY: 1, bits: 0 }, -1)).toEqual([]);
    const hits: number[] = [];
    const collect = (_id: number, userData: number): number => {
      hits.push(userData);
      return -1;
    };
    // Grazes the top edge, ends exactly on the left edge, stops just short of it.
    tree.rayCast(-1, 1, 3, 0, 1, -1, collect);
    tree.rayCast(-1, 0.5, 1, 0, 1, -1, collect);
    tree.rayCast(-1, 0.5, 0.999, 0, 1, -1, collect);
    expect(hits).toEqual([5, 5]);
  });

  it('stops a query when the callback returns false and filters by mask bits', () => {
    const tree = new DynamicTree();
    for (let i = 0; i < 20; i++) tree.createProxy(0, 0, 1, 1, i % 2 === 0 ? 1 : 2, i);
    let calls = 0;
    tree.query(0, 0, 1, 1, -1, () => ++calls < 3);
    expect(calls).toBe(3);
    const odd: number[] = [];
    tree.query(0, 0, 1, 1, 2, (_id, userData) => {
      odd.push(userData);
      return true;
    });
    expect(odd.sort((a, b) => a - b)).toEqual([1, 3, 5, 7, 9, 11, 13, 15, 17, 19]);
  });

  it('allows nested queries from inside a query callback', () => {
    const tree = new DynamicTree();
    for (let i = 0; i < 200; i++)
      tree.createProxy(i % 20, Math.floor(i / 20), (i % 20) + 1.5, Math.floor(i / 20) + 1.5, 1, i);
    let pairs = 0;
    let reference = 0;
    const boxes: Box[] = [];
    for (let i = 0; i < 200; i++) {
      boxes.push({
        minX: i % 20,
        minY: Math.floor(i / 20),
        maxX: (i % 20) + 1.5,
        maxY: Math.floor(i / 20) + 1.5,
        bits: 1,
      });
    }
    for (const a of boxes)
      for (const b of boxes) if (overlaps(a, b.minX, b.minY, b.maxX, b.maxY)) reference++;
    tree.query(-100, -100, 100, 100, -1, (id) => {
      const b = new AABB();
      tree.getFatAABB(id, b);
      tree.query(b.minX, b.minY, b.maxX, b.maxY, -1, () => {
        pairs++;
        return true;
      });
      return true;
    });
    expect(pairs).toBe(reference);
  });

  it('clips a ray cast to the fraction returned by the callback and stops on 0', () => {
    const tree = new DynamicTree();
    // A row of unit boxes along x at x = 2, 4, ..., 20.
    for (let i = 1; i <= 10; i++) tree.createProxy(2 * i, -0.5, 2 * i + 1, 0.5, 1, i);
    let closest = Number.POSITIVE_INFINITY;
    let closestId = -1;
    tree.rayCast(0, 0, 100, 0, 1, -1, (_id, userData, fraction) => {
      if (fraction < closest) {
        closest = fraction;
        closestId = userData;
      }
      return fraction;
    });
    expect(closestId).toBe(1);
    expect(closest).toBeCloseTo(0.02, 12);
    let calls = 0;
    tree.rayCast(0, 0, 100, 0, 1, -1, () => {
      calls++;
      return 0;
    });
    expect(calls).toBe(1);
    // Vertical ray (dx = 0) and a ray starting inside a box (fraction 0).
    const hits: number[] = [];
    tree.rayCast(4.5, 10, 0, -20, 1, -1, (_id, userData, fraction) => {
      hits.push(userData, fraction);
      return -1;
    });
    expect(hits.length).toBe(2);
    expect(hits[0]).toBe(2);
    expect(hits[1]).toBeCloseTo(0.475, 12);
    tree.rayCast(6.5, 0, 1, 0, 1, -1, (_id, userData, fraction) => {
      expect(userData).toBe(3);
      expect(fraction).toBe(0);
      return -1;
    });
  });

  it('reuses destroyed proxy ids and keeps storage after warm-up', () => {
    const tree = new DynamicTree(8);
    const ids: number[] = [];
    for (let i = 0; i < 100; i++) ids.push(tree.createProxy(i, 0, i + 1, 1, 1, i));
    const arrays = [tree.box, tree.node];
    for (let round = 0; round < 50; round++) {
      for (const id of ids) {
        const x = (id * 7 + round * 13) % 100;
        if (round % 2 === 0) tree.moveProxy(id, new AABB(x, round, x + 1, round + 1));
        else tree.enlargeProxy(id, new AABB(x - 1, round - 1, x + 2, round + 2));
      }
      tree.rebuild(false);
      tree.query(0, 0, 50, 50, -1, () => true);
      tree.rayCast(0, 0, 100, 100, 1, -1, () => -1);
    }
    tree.validate();
    expect([tree.box, tree.node]).toEqual(arrays);
    for (let i = 0; i < arrays.length; i++) {
      expect([tree.box, tree.node][i]).toBe(arrays[i]);
    }
    const freed = ids[5]!;
    tree.destroyProxy(freed);
    expect(tree.createProxy(0, 0, 1, 1, 1, 999)).toBe(freed);
    tree.validate();
  });
});
