import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PairTable } from '../../src/collision/pair_table';

type Op = { kind: 'insert' | 'remove' | 'find'; a: number; b: number };

/** Key of an unordered pair in the model map. */
function modelKey(a: number, b: number): string {
  return a < b ? `${a},${b}` : `${b},${a}`;
}

describe('PairTable', () => {
  it('finds, removes and re-inserts pairs in either order', () => {
    const t = new PairTable();
    expect(t.find(3, 7)).toBe(-1);
    t.insert(7, 3, 42);
    expect(t.count).toBe(1);
    expect(t.find(3, 7)).toBe(42);
    expect(t.find(7, 3)).toBe(42);
    expect(t.find(3, 8)).toBe(-1);
    expect(t.remove(3, 7)).toBe(42);
    expect(t.remove(3, 7)).toBe(-1);
    expect(t.count).toBe(0);
    expect(t.find(7, 3)).toBe(-1);
    t.insert(3, 7, 5);
    expect(t.find(7, 3)).toBe(5);
  });

  it('keeps a pair of the same shape apart from its mirror image', () => {
    const t = new PairTable();
    t.insert(0, 0, 1);
    t.insert(0, 1, 2);
    expect(t.find(0, 0)).toBe(1);
    expect(t.find(1, 0)).toBe(2);
    expect(t.find(1, 1)).toBe(-1);
  });

  it('grows by doubling, at most half full, and keeps every pair', () => {
    const t = new PairTable(16);
    expect(t.capacity).toBe(16);
    for (let i = 0; i < 1000; i++) t.insert(i, i + 1, i);
    expect(t.count).toBe(1000);
    expect(t.capacity).toBe(2048);
    for (let i = 0; i < 1000; i++) expect(t.find(i + 1, i)).toBe(i);
    t.clear();
    expect(t.count).toBe(0);
    expect(t.capacity).toBe(2048);
    expect(t.find(0, 1)).toBe(-1);
  });

  it('finds every remaining pair after removals in the middle of probe runs', () => {
    // Kept exactly half full (8 pairs in 16 slots, the most before it grows), so probe runs
    // are long and wrap around the end: each removal has entries to shift back into the hole.
    const t = new PairTable(16);
    const live = new Map<string, [number, number, number]>();
    let seed = 12345;
    const next = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const insertNew = (value: number): void => {
      for (;;) {
        const a = next(40);
        const b = next(40);
        if (live.has(modelKey(a, b))) continue;
        t.insert(a, b, value);
        live.set(modelKey(a, b), [a, b, value]);
        return;
      }
    };
    for (let i = 0; i < 8; i++) insertNew(i);
    for (let round = 0; round < 2000; round++) {
      const entries = [...live.values()];
      const [a, b, value] = entries[next(entries.length)]!;
      expect(t.remove(b, a)).toBe(value);
      live.delete(modelKey(a, b));
      for (const [x, y, v] of live.values()) expect(t.find(x, y)).toBe(v);
      insertNew(8 + round);
      expect(t.capacity).toBe(16);
    }
  });

  it('behaves like a map of unordered pairs under random inserts and removes', () => {
    const op: fc.Arbitrary<Op> = fc.record({
      kind: fc.constantFrom('insert' as const, 'remove' as const, 'find' as const),
      a: fc.integer({ min: 0, max: 30 }),
      b: fc.integer({ min: 0, max: 30 }),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 400 }), (ops) => {
        const t = new PairTable(16);
        const model = new Map<string, number>();
        ops.forEach(({ kind, a, b }, i) => {
          const key = modelKey(a, b);
          if (kind === 'insert') {
            if (model.has(key)) return; // insert takes new pairs only
            t.insert(a, b, i);
            model.set(key, i);
          } else if (kind === 'remove') {
            expect(t.remove(a, b)).toBe(model.get(key) ?? -1);
            model.delete(key);
          } else {
            expect(t.find(b, a)).toBe(model.get(key) ?? -1);
          }
          expect(t.count).toBe(model.size);
          expect(2 * t.count).toBeLessThanOrEqual(t.capacity);
        });
        for (const [key, value] of model) {
          const [a, b] = key.split(',').map(Number) as [number, number];
          expect(t.find(a, b)).toBe(value);
        }
      }),
      { numRuns: 200 },
    );
  });
});
