/**
 * A colour's constraints sorted by body and cut where the body stages cut their bodies
 * (dynamics/constraint_graph.ts cutColourByBody; docs/parallel-step.md, "Keeping each
 * body's data on one core").
 */
import { describe, expect, it } from 'vitest';
import { World } from '../../src/index';
import { worldStateOf } from '../../src/world';
import { cutColourByBody, cutSharesByBody } from '../../src/dynamics/constraint_graph';
import { GRAPH_COLOUR_COUNT } from '../../src/dynamics/constraint_graph_store';
import { tumblerScene } from '../../src/scenes/index';
import { DT } from '../support';

describe('colours cut by body', () => {
  const world = new World({ enableSleep: false });
  tumblerScene(world, 12);
  for (let i = 0; i < 40; i++) world.step(DT);
  const w = worldStateOf(world);
  const g = w.constraints.graph;
  const starts = g.colourStart;
  const awake = w.awakeBodyCount;

  it('sorts each colour run by its constraints’ lowest awake moving body', () => {
    let checked = 0;
    for (let c = 0; c < GRAPH_COLOUR_COUNT; c++) {
      const mid = starts[c]! + g.twoPointCounts[c]!;
      for (let p = starts[c]! + 1; p < starts[c + 1]!; p++) {
        if (p === mid) continue;
        expect(g.bucketAt[p]!).toBeGreaterThanOrEqual(g.bucketAt[p - 1]!);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  /** Checks that `blocks` blocks of `out` from block place first, stride apart, cover colour c once, each in its bodies. */
  function checkColour(c: number, blocks: number, out: Int32Array, first: number, stride: number): void {
    const start = starts[c]!;
    const end = starts[c + 1]!;
    const seen = new Uint8Array(end - start);
    for (let b = 0; b < blocks; b++) {
      const lo = Math.floor((awake * b) / blocks);
      const hi = Math.floor((awake * (b + 1)) / blocks);
      const o = 4 * (first + b * stride);
      for (const [s, e] of [
        [out[o]!, out[o + 1]!],
        [out[o + 2]!, out[o + 3]!],
      ] as const) {
        for (let p = s; p < e; p++) {
          seen[p - start]!++;
          const key = g.bucketAt[p]! - 1;
          // the first block also takes a constraint with no key (bucket 0)
          if (key >= 0) expect(key >= lo && key < hi).toBe(true);
        }
      }
    }
    expect(seen.every((n) => n === 1)).toBe(true);
  }

  it.each([1, 2, 3, 4, 8])(
    'cuts every colour into %i blocks that cover it once, each in its bodies',
    (blocks) => {
      const out = new Int32Array(4 * blocks);
      for (let c = 0; c < GRAPH_COLOUR_COUNT; c++) {
        if (starts[c + 1] === starts[c]) continue;
        expect(cutColourByBody(g, awake, starts[c]!, starts[c + 1]!, blocks, out)).toBe(true);
        checkColour(c, blocks, out, 0, 1);
      }
    },
  );

  it.each([1, 2, 3])(
    'cuts all constraints into %i threads’ shares of each colour, in thread order',
    (threads) => {
      const out = new Int32Array(4 * GRAPH_COLOUR_COUNT * threads);
      expect(cutSharesByBody(g, awake, threads, out)).toBe(GRAPH_COLOUR_COUNT * threads);
      for (let c = 0; c < GRAPH_COLOUR_COUNT; c++) checkColour(c, threads, out, c, GRAPH_COLOUR_COUNT);
    },
  );

  it('refuses a range that is not one colour', () => {
    const c = starts.findIndex((s, i) => i < GRAPH_COLOUR_COUNT && starts[i + 1]! > s + 1);
    const out = new Int32Array(6);
    expect(cutColourByBody(g, awake, starts[c]!, starts[c + 1]! - 1, 2, out)).toBe(false);
  });
});
