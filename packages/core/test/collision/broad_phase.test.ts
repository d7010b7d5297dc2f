import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BroadPhase, ProxyType } from '../../src/collision/broad_phase';
import { AABB } from '../../src/geometry/geometry';
import { queryPairsBlock } from '../../src/collision/pair_query';
import { enlargeOp, moveOp, pickOp } from './proxy_ops';

interface Proxy {
  key: number;
  shape: number;
  type: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

function overlap(a: Proxy, b: Proxy): boolean {
  return !(a.minX > b.maxX || a.maxX < b.minX || a.minY > b.maxY || a.maxY < b.minY);
}

function canPair(a: number, b: number): boolean {
  return a === ProxyType.Dynamic || b === ProxyType.Dynamic;
}

function pairsOf(bp: BroadPhase): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < bp.pairCount; i++) out.push([bp.pairShapeA[i]!, bp.pairShapeB[i]!]);
  return out;
}

function comparePairs(a: [number, number], b: [number, number]): number {
  return a[0] - b[0] || a[1] - b[1];
}

// Halves are exact in binary, so fat boxes often touch exactly (touching counts as overlap).
const coord = fc.integer({ min: -40, max: 40 }).map((v) => v / 2);
const size = fc.integer({ min: 0, max: 8 }).map((v) => v / 2);

type Op =
  | { kind: 'create'; x: number; y: number; w: number; h: number; type: number }
  | { kind: 'move'; pick: number; x: number; y: number; w: number; h: number }
  | { kind: 'enlarge'; pick: number; grow: number }
  | { kind: 'buffer'; pick: number }
  | { kind: 'destroy'; pick: number }
  | { kind: 'update' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .record({
        x: coord,
        y: coord,
        w: size,
        h: size,
        type: fc.integer({ min: 0, max: 2 }),
      })
      .map((r) => ({ kind: 'create' as const, ...r })),
  },
  { weight: 3, arbitrary: moveOp(coord, size) },
  { weight: 2, arbitrary: enlargeOp(20, 10) },
  { weight: 1, arbitrary: pickOp('buffer') },
  { weight: 2, arbitrary: pickOp('destroy') },
  { weight: 2, arbitrary: fc.constant({ kind: 'update' as const }) },
);

/** The property test's rule for pairs: shape indices that sum to a multiple of 7 never pair. */
function allowed(a: number, b: number): boolean {
  return (a + b) % 7 !== 0;
}

/**
 * Replays operations on a broad phase and a brute-force mirror, checking every updatePairs.
 * The pair filter works as the world's does: it turns down pairs that have a contact
 * (`known`) and pairs the rule forbids, and a pair leaves `known` when its boxes part (the
 * world's collide) or a proxy of it is destroyed. Every search must then report exactly the
 * allowed overlapping pairs with a moved proxy that are not known yet, and afterwards every
 * allowed overlapping pair is known (what the search's skipping of pairs met before relies
 * on). Returns every pair list produced.
 */
/**
 * The pair search as the step runs it with helpers: the queries queued, walked in blocks of
 * `block` queries with room for `perQuery` hits each (blocks that run out of room leave
 * their queries to takeQueries), then taken in order.
 */
function queriedInBlocks(bp: BroadPhase, block: number, perQuery: number): void {
  const m = bp.queueQueries();
  bp.queries.meta[0] = perQuery;
  bp.queries.hits = new Int32Array(m * perQuery);
  for (let s = 0; s < m; s += block) queryPairsBlock(bp, s, Math.min(m, s + block));
  bp.takeQueries(m);
}

function replay(
  ops: readonly Op[],
  update: (bp: BroadPhase) => void = (bp) => bp.updatePairs(),
): Array<Array<[number, number]>> {
  const known = new Set<string>();
  const bp = new BroadPhase((a, b) => {
    expect(a).toBeLessThan(b);
    return !known.has(`${a},${b}`) && allowed(a, b);
  });
  const live: Proxy[] = [];
  const moved = new Set<number>();
  const destroyedShapes = new Set<number>();
  const outputs: Array<Array<[number, number]>> = [];
  let nextShape = 0;
  for (const op of ops) {
    if (op.kind === 'create') {
      const p: Proxy = {
        key: 0,
        shape: nextShape++,
        type: op.type,
        minX: op.x,
        minY: op.y,
        maxX: op.x + op.w,
        maxY: op.y + op.h,
      };
      // the world creates every proxy with forcePairCreation (createShapeProxy): a static
      // one created without it would miss its pairs with proxies that do not move
      p.key = bp.createProxy(p.minX, p.minY, p.maxX, p.maxY, 1, p.shape, p.type, true);
      expect(bp.proxyType(p.key)).toBe(p.type);
      expect(bp.getShapeIndex(p.key)).toBe(p.shape);
      live.push(p);
      moved.add(p.key);
      continue;
    }
    if (op.kind === 'update') {
      bp.validate();
      const expected: Array<[number, number]> = [];
      for (let i = 0; i < live.length; i++) {
        for (let j = i + 1; j < live.length; j++) {
          const a = live[i]!;
          const b = live[j]!;
          if (!moved.has(a.key) && !moved.has(b.key)) continue;
          if (!canPair(a.type, b.type) || !overlap(a, b)) continue;
          const lo = Math.min(a.shape, b.shape);
          const hi = Math.max(a.shape, b.shape);
          if (!allowed(lo, hi) || known.has(`${lo},${hi}`)) continue;
          expected.push([lo, hi]);
        }
      }
      expected.sort(comparePairs);
      update(bp);
      const got = pairsOf(bp);
      expect(got).toEqual(expected);
      for (const [a, b] of got) {
        expect(destroyedShapes.has(a) || destroyedShapes.has(b)).toBe(false);
        known.add(`${a},${b}`);
      }
      expect(bp.moveCountPending).toBe(0);
      moved.clear();
      outputs.push(got);
      // the world's collide: a pair whose boxes parted loses its contact
      const byShape = new Map(live.map((q) => [q.shape, q]));
      for (const k of [...known]) {
        const [a, b] = k.split(',').map(Number) as [number, number];
        if (!overlap(byShape.get(a)!, byShape.get(b)!)) known.delete(k);
      }
      for (let i = 0; i < live.length; i++) {
        for (let j = i + 1; j < live.length; j++) {
          const a = live[i]!;
          const b = live[j]!;
          const lo = Math.min(a.shape, b.shape);
          const hi = Math.max(a.shape, b.shape);
          const wanted = canPair(a.type, b.type) && overlap(a, b) && allowed(lo, hi);
          expect(known.has(`${lo},${hi}`)).toBe(wanted);
        }
      }
      continue;
    }
    if (live.length === 0) continue;
    const slot = op.pick % live.length;
    const p = live[slot]!;
    if (op.kind === 'move') {
      p.minX = op.x;
      p.minY = op.y;
      p.maxX = op.x + op.w;
      p.maxY = op.y + op.h;
      bp.moveProxy(p.key, new AABB(p.minX, p.minY, p.maxX, p.maxY));
      moved.add(p.key);
    } else if (op.kind === 'enlarge') {
      p.minX -= op.grow;
      p.maxX += op.grow;
      bp.enlargeProxy(p.key, new AABB(p.minX, p.minY, p.maxX, p.maxY));
      moved.add(p.key);
    } else if (op.kind === 'buffer') {
      bp.bufferMove(p.key);
      moved.add(p.key);
    } else {
      bp.destroyProxy(p.key);
      moved.delete(p.key);
      destroyedShapes.add(p.shape);
      for (const k of [...known]) {
        const [a, b] = k.split(',').map(Number) as [number, number];
        if (a === p.shape || b === p.shape) known.delete(k);
      }
      live.splice(slot, 1);
    }
    const box = bp.getFatAABB(p.key, new AABB());
    if (op.kind !== 'destroy')
      expect([box.minX, box.minY, box.maxX, box.maxY]).toEqual([p.minX, p.minY, p.maxX, p.maxY]);
  }
  return outputs;
}

describe('BroadPhase', () => {
  it('reports exactly the filtered, sorted, unique overlapping pairs of moved proxies (never static-static, never destroyed)', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 200 }), (ops) => {
        replay([...ops, { kind: 'update' }]);
      }),
      { seed: 3, numRuns: 100 },
    );
  });

  it('skips no new pair when proxies drift through each other (as in a step: small moves, a search every round)', () => {
    // long runs of small moves and enlargements over a crowd of proxies, a search after
    // each round, as the step does: pairs met at one search meet again at the next
    const jitter = fc.integer({ min: -3, max: 3 }).map((v) => v / 4);
    const round = fc.array(
      fc.oneof(
        {
          weight: 6,
          arbitrary: fc
            .record({ pick: fc.nat(), dx: jitter, dy: jitter })
            .map((r) => ({ kind: 'nudge' as const, ...r })),
        },
        { weight: 3, arbitrary: enlargeOp(4, 4) },
        { weight: 1, arbitrary: pickOp('buffer') },
        { weight: 1, arbitrary: pickOp('destroy') },
      ),
      { minLength: 5, maxLength: 20 },
    );
    const crowd = fc.array(
      fc.record({
        x: fc.integer({ min: 0, max: 16 }).map((v) => v / 2),
        y: fc.integer({ min: 0, max: 16 }).map((v) => v / 2),
        type: fc.integer({ min: 0, max: 2 }),
      }),
      { minLength: 10, maxLength: 40 },
    );
    fc.assert(
      fc.property(crowd, fc.array(round, { minLength: 5, maxLength: 15 }), (start, rounds) => {
        const ops: Op[] = start.map((c) => ({
          kind: 'create',
          x: c.x,
          y: c.y,
          w: 1.5,
          h: 1.5,
          type: c.type,
        }));
        ops.push({ kind: 'update' });
        // where each live proxy is, to turn a nudge into a move op
        const boxes = start.map((c) => ({ x: c.x, y: c.y, w: 1.5, h: 1.5 }));
        for (const r of rounds) {
          for (const op of r) {
            if (boxes.length === 0) break;
            const slot = op.pick % boxes.length;
            if (op.kind === 'nudge') {
              const b = boxes[slot]!;
              b.x += op.dx;
              b.y += op.dy;
              ops.push({ kind: 'move', pick: slot, x: b.x, y: b.y, w: b.w, h: b.h });
            } else if (op.kind === 'enlarge') {
              const b = boxes[slot]!;
              b.x -= op.grow;
              b.w += 2 * op.grow;
              ops.push({ kind: 'enlarge', pick: slot, grow: op.grow });
            } else if (op.kind === 'buffer') {
              ops.push({ kind: 'buffer', pick: slot });
            } else {
              boxes.splice(slot, 1);
              ops.push({ kind: 'destroy', pick: slot });
            }
          }
          ops.push({ kind: 'update' });
        }
        replay(ops);
      }),
      { seed: 5, numRuns: 30 },
    );
  });

  it('gives identical output for two runs of the same operations', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 120 }), (ops) => {
        const all: Op[] = [...ops, { kind: 'update' }];
        expect(replay(all)).toEqual(replay(all));
      }),
      { seed: 3, numRuns: 50 },
    );
  });

  it('gives the same pairs with the queries walked in blocks, some out of room (pair_query.ts)', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 120 }), (ops) => {
        const all: Op[] = [...ops, { kind: 'update' }];
        const plain = replay(all);
        expect(replay(all, (bp) => queriedInBlocks(bp, 3, 1))).toEqual(plain);
        expect(replay(all, (bp) => queriedInBlocks(bp, 2, 0))).toEqual(plain);
        expect(replay(all, (bp) => queriedInBlocks(bp, 5, 8))).toEqual(plain);
      }),
      { seed: 3, numRuns: 50 },
    );
  });

  it('leaves the same trees whether the queries are queued or searched: each rebuilt at the first proxy to reach it', () => {
    // queueQueries readies each tree's root once (BroadPhase.readyRoot): a tree is rebuilt
    // or left enlarged as updatePairs' searches leave it, node for node
    const traced = (run: (bp: BroadPhase) => void): [(bp: BroadPhase) => void, number[][]] => {
      const out: number[][] = [];
      const update = (bp: BroadPhase): void => {
        run(bp);
        for (const t of bp.trees) out.push([t.root, ...t.node, ...t.box]);
      };
      return [update, out];
    };
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 120 }), (ops) => {
        const all: Op[] = [...ops, { kind: 'update' }];
        const [plain, plainTrees] = traced((bp) => bp.updatePairs());
        const [queued, queuedTrees] = traced((bp) => queriedInBlocks(bp, 3, 1));
        replay(all, plain);
        replay(all, queued);
        expect(queuedTrees).toEqual(plainTrees);
      }),
      { seed: 5, numRuns: 50 },
    );
  });

  it('never pairs static with static or kinematic, nor kinematic with kinematic', () => {
    const bp = new BroadPhase(() => true);
    const s1 = bp.createProxy(0, 0, 1, 1, 1, 0, ProxyType.Static, true);
    bp.createProxy(0, 0, 1, 1, 1, 1, ProxyType.Static, true);
    bp.createProxy(0, 0, 1, 1, 1, 2, ProxyType.Kinematic, false);
    bp.createProxy(0, 0, 1, 1, 1, 3, ProxyType.Kinematic, false);
    bp.updatePairs();
    expect(bp.pairCount).toBe(0);
    bp.createProxy(0.5, 0.5, 2, 2, 1, 4, ProxyType.Dynamic, false);
    bp.moveProxy(s1, new AABB(0, 0, 1.2, 1));
    bp.updatePairs();
    expect(pairsOf(bp)).toEqual([
      [0, 4],
      [1, 4],
      [2, 4],
      [3, 4],
    ]);
  });

  it('does not report a pair rejected by the pair filter', () => {
    const bp = new BroadPhase((a, b) => !(a === 1 && b === 2));
    bp.createProxy(0, 0, 1, 1, 1, 1, ProxyType.Dynamic, false);
    bp.createProxy(0, 0, 1, 1, 1, 2, ProxyType.Dynamic, false);
    bp.createProxy(0, 0, 1, 1, 1, 3, ProxyType.Dynamic, false);
    bp.updatePairs();
    expect(pairsOf(bp)).toEqual([
      [1, 3],
      [2, 3],
    ]);
  });

  it('drops a destroyed proxy from the move buffer and from later pairs', () => {
    const bp = new BroadPhase(() => true);
    const a = bp.createProxy(0, 0, 1, 1, 1, 7, ProxyType.Dynamic, false);
    bp.createProxy(0, 0, 1, 1, 1, 8, ProxyType.Static, false);
    expect(bp.isMoved(a)).toBe(true);
    bp.destroyProxy(a);
    bp.validate();
    expect(bp.moveCountPending).toBe(0);
    bp.updatePairs();
    expect(bp.pairCount).toBe(0);
  });

  it('clearMove takes a proxy out of the next pair search', () => {
    const bp = new BroadPhase(() => true);
    const a = bp.createProxy(0, 0, 1, 1, 1, 1, ProxyType.Dynamic, false);
    const b = bp.createProxy(0, 0, 1, 1, 1, 2, ProxyType.Dynamic, false);
    bp.clearMove(a);
    bp.validate();
    expect(bp.isMoved(a)).toBe(false);
    expect(bp.isMoved(b)).toBe(true);
    bp.updatePairs();
    expect(pairsOf(bp)).toEqual([[1, 2]]);
    bp.updatePairs();
    expect(bp.pairCount).toBe(0);
  });

  it('allocates nothing in steady state: internal arrays keep their identity after warm-up', () => {
    const bp = new BroadPhase(() => true);
    const keys: number[] = [];
    // A dense grid of overlapping dynamic boxes on static ground.
    bp.createProxy(-1, -1, 61, 0, 1, 0, ProxyType.Static, false);
    for (let i = 0; i < 30; i++) {
      for (let j = 0; j < 30; j++)
        keys.push(bp.createProxy(i * 2, j * 2, i * 2 + 2.5, j * 2 + 2.5, 1, 1 + i * 30 + j, 2, false));
    }
    const step = (round: number): void => {
      for (const key of keys) {
        const box = bp.getFatAABB(key, scratch);
        const dx = round % 2 === 0 ? 0.3 : -0.3;
        if (round % 3 === 0) bp.moveProxy(key, new AABB(box.minX + dx, box.minY, box.maxX + dx, box.maxY));
        else bp.enlargeProxy(key, new AABB(box.minX - 0.01, box.minY - 0.01, box.maxX + 0.01, box.maxY));
        // every filter says yes, so only the proxies buffered as if a filter changed report
        // their pairs again; the others skip the pairs they met at the last search
        if (key % 8 === 6) bp.bufferMove(key);
      }
      bp.rebuildTrees();
      bp.updatePairs();
    };
    const scratch = new AABB();
    for (let r = 0; r < 6; r++) step(r);
    const internals = bp as unknown as Record<string, unknown>;
    const names = ['pairShapeA', 'pairShapeB', 'moveBuffer', 'pairKeys', 'sortStack', 'pairStack', 'prevFat'];
    const snapshot = names.map((n) => internals[n]);
    const tree = bp.trees[2];
    const treeArrays = [tree.box, tree.node];
    const moveIndex = [...(internals['moveIndex'] as Int32Array[])];
    const firstCount = bp.pairCount;
    expect(firstCount).toBeGreaterThan(0);
    for (let r = 6; r < 30; r++) step(r);
    names.forEach((n, i) => {
      expect(internals[n]).toBe(snapshot[i]);
    });
    expect([tree.box, tree.node].every((a, i) => a === treeArrays[i])).toBe(true);
    expect((internals['moveIndex'] as Int32Array[]).every((a, i) => a === moveIndex[i])).toBe(true);
    bp.validate();
  });

  it('sorts large unordered pair sets ascending by (shapeA, shapeB)', () => {
    // Shape indices assigned in a scrambled order relative to positions, so tree order and
    // shape order disagree.
    const bp = new BroadPhase(() => true);
    const n = 400;
    for (let i = 0; i < n; i++) {
      const shape = (i * 7919) % n;
      bp.createProxy(i * 0.5, 0, i * 0.5 + 2, 1, 1, shape, ProxyType.Dynamic, false);
    }
    bp.updatePairs();
    const got = pairsOf(bp);
    expect(got.length).toBeGreaterThan(n);
    const sorted = [...got].sort(comparePairs);
    expect(got).toEqual(sorted);
    for (let i = 1; i < got.length; i++) expect(comparePairs(got[i - 1]!, got[i]!)).toBeLessThan(0);
    for (const [a, b] of got) expect(a).toBeLessThan(b);
  });
});
