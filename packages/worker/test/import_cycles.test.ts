import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importEdges } from '../../../scripts/import_graph';

describe('imports', () => {
  it('the sources, type imports included, form no import cycle', () => {
    const edges = importEdges(path.resolve(__dirname, '../src'));
    expect(edges.length).toBeGreaterThan(20);
    expect(importCycles(edges)).toEqual([]);
  });

  it('the cycle finder finds one', () => {
    expect(
      importCycles([
        { from: 'a', to: 'b' },
        { from: 'b', to: 'a' },
        { from: 'b', to: 'c' },
      ]),
    ).toEqual([['a', 'b']]);
  });
});
