/**
 * The source folders are layers, and code depends only downward:
 * base → types → geometry → collision → dynamics → joints → world → wasm → solvers → character → the public
 * API (`index.ts`, `contract.ts`, `world.ts`, `parallel.ts`, `wasm.ts`, `scenes/`). `types/` is the public contract (ids, defs and
 * their defaults, events: Box2D's types.h and types.c), so every layer may import it.
 *
 * An import, `import type` included, may only reach the same or a lower layer, and the
 * imports form no cycle: a type import ties two modules as tightly for a reader as a value
 * import does, even though it emits no code.
 *
 * There is no exception. `WorldState` (world/world_state.ts) holds every store, and the
 * operations that take it live beside each store (dynamics/body.ts, joints/joint.ts, ...),
 * as Box2D's body.c takes a `b2World*`: each lower layer names what it reads of the state
 * in an interface of its own (dynamics/dynamics_state.ts, joints/joints_state.ts), which
 * `WorldState` implements, and the stores' data classes sit apart from their operations
 * (dynamics/body_store.ts beside dynamics/body.ts, ...) (docs/core-design.md, "Layers").
 */

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, importEdges, sourceFiles } from '../../../scripts/import_graph';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const LAYERS = [
  'base',
  'types',
  'geometry',
  'collision',
  'dynamics',
  'joints',
  'world',
  'wasm',
  'solvers',
  'character',
  '.',
];
const TOP = new Set([
  'index.ts',
  'contract.ts',
  'mirror_kit.ts',
  'host_kit.ts',
  'world.ts',
  'public_world.ts',
  'world_features.ts',
  'snapshot_chunk.ts',
  'query_chunk.ts',
  'parallel.ts',
  'wasm.ts',
  'scenes',
]);

function layerOf(rel: string): number {
  const first = rel.split(path.sep)[0]!;
  if (TOP.has(first)) return LAYERS.length - 1;
  const i = LAYERS.indexOf(first);
  if (i < 0) throw new Error(`${rel}: not in a layer folder (${LAYERS.slice(0, -1).join(', ')})`);
  return i;
}

describe('layers', () => {
  const edges = importEdges(SRC);

  it('every source file sits in a layer folder', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(100);
    for (const f of files) expect(() => layerOf(path.relative(SRC, f))).not.toThrow();
  });

  it('imports, type imports included, point down the layers (or stay in one); every relative import ends in .js', () => {
    const bad: string[] = [];
    for (const e of edges) {
      if (!e.spec.endsWith('.js')) bad.push(`${e.from}: '${e.spec}' has no .js extension`);
      if (layerOf(e.to) > layerOf(e.from)) {
        bad.push(`${e.from} ${e.typeOnly ? 'type-imports' : 'imports'} ${e.to} (a higher layer)`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('no module below the top imports world.ts', () => {
    const bad = edges.filter((e) => e.to === 'world.ts' && layerOf(e.from) < LAYERS.length - 1);
    expect(bad.map((e) => e.from)).toEqual([]);
  });

  it('the imports, type imports included, form no cycle', () => {
    expect(importCycles(edges)).toEqual([]);
  });

  it('the cycle finder finds a cycle, a type-only one too', () => {
    expect(importCycles([{ from: 'a', to: 'b' }])).toEqual([]);
    expect(
      importCycles([
        { from: 'a', to: 'b' },
        { from: 'b', to: 'c' },
        { from: 'c', to: 'a' },
        { from: 'c', to: 'd' },
      ]),
    ).toEqual([['a', 'b', 'c']]);
    expect(importCycles([{ from: 'a', to: 'a' }])).toEqual([['a']]);
  });
});
