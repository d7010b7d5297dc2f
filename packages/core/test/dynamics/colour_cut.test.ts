/**
 * A colour's constraints sorted by body and cut where the body stages cut their bodies
 * (dynamics/constraint_graph.ts cutColourByBody; docs/parallel-step.md, "Keeping each
 * body's data on one core").
 */
import { describe, expect, it } from 'vitest';
import { World } from '../../src/index';
import { worldStateOf } from '../../src/world';
import { cutColourByBody } from '../../src/dynamics/constraint_graph';
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

  it.each([1, 2, 3, 4, 8])(
    'cuts every colour into %i blocks that cover it once, each in its bodies',
    (blocks) => {
      const out = new Int32Array(2 * blocks + 2);
      for (let c = 0; c < GRAPH_COLOUR_COUNT; c++) {
        const start = starts[c]!;
        const end = starts[c + 1]!;
        if (end === start) continue;
        expect(cutColourByBody(g, awake, start, end, blocks, out)).toBe(true);
        const seen = new Uint8Array(end - start);
        for (let b = 0; b < blocks; b++) {
          const lo = Math.floor((awake * b) / blocks);
          const hi = Math.floor((awake * (b + 1)) / blocks);
          for (const [s, e] of [
            [out[b]!, out[b + 1]!],
            [out[blocks + 1 + b]!, out[blocks + 2 + b]!],
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
    },
  );

  it('refuses a range that is not one colour', () => {
    const c = starts.findIndex((s, i) => i < GRAPH_COLOUR_COUNT && starts[i + 1]! > s + 1);
    const out = new Int32Array(6);
    expect(cutColourByBody(g, awake, starts[c]!, starts[c + 1]! - 1, 2, out)).toBe(false);
  });
});
