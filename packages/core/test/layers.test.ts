/**
 * The source folders are layers, and code depends only downward:
 * base → types → geometry → collision → dynamics → joints → world → solvers → character → the public
 * API (`index.ts`, `contract.ts`, `world.ts`, `parallel.ts`, `scenes/`). `types/` is the public contract (ids, defs and
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

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const LAYERS = [
  'base',
  'types',
  'geometry',
  'collision',
  'dynamics',
  'joints',
  'world',
  'solvers',
  'character',
  '.',
];
const TOP = new Set(['index.ts', 'contract.ts', 'mirror_kit.ts', 'world.ts', 'parallel.ts', 'scenes']);

function layerOf(rel: string): number {
  const first = rel.split(path.sep)[0]!;
  if (TOP.has(first)) return LAYERS.length - 1;
  const i = LAYERS.indexOf(first);
  if (i < 0) throw new Error(`${rel}: not in a layer folder (${LAYERS.slice(0, -1).join(', ')})`);
  return i;
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

const IMPORT = /^(import|export)\s+(type\s+)?([^;]*?)from\s+'(\.[^']+)'/gms;

interface Edge {
  from: string;
  to: string;
  spec: string;
  /** `import type {...}`, or `import {...}` whose every name is `type X`. */
  typeOnly: boolean;
}

/** The relative imports of every source file, paths relative to src/. */
function importEdges(files: readonly string[]): Edge[] {
  const edges: Edge[] = [];
  for (const f of files) {
    const from = path.relative(SRC, f);
    const text = fs.readFileSync(f, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[4]!;
      const to = path.relative(SRC, path.resolve(path.dirname(f), spec.replace(/\.js$/, '.ts')));
      const names = /^\{([^}]*)\}\s*$/.exec(m[3]!.trim())?.[1];
      const everyNameIsType =
        names
          ?.split(',')
          .map((n) => n.trim())
          .filter((n) => n !== '')
          .every((n) => n.startsWith('type ')) === true;
      edges.push({ from, to, spec, typeOnly: m[2] !== undefined || everyNameIsType });
    }
  }
  return edges;
}

/** Every cycle of the graph, one per strongly connected component of more than one module. */
function findCycles(edges: readonly { from: string; to: string }[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    if (!next.has(e.from)) next.set(e.from, []);
    if (!next.has(e.to)) next.set(e.to, []);
    next.get(e.from)!.push(e.to);
  }
  // Tarjan's strongly connected components, iterative so a deep chain cannot overflow
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  for (const root of next.keys()) {
    if (index.has(root)) continue;
    const work: [string, number][] = [[root, 0]];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const [v, i] = top;
      const out = next.get(v)!;
      if (i < out.length) {
        top[1]++;
        const w = out[i]!;
        if (!index.has(w)) {
          index.set(w, counter);
          low.set(w, counter++);
          stack.push(w);
          onStack.add(w);
          work.push([w, 0]);
        } else if (onStack.has(w)) {
          low.set(v, Math.min(low.get(v)!, index.get(w)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]![0];
        low.set(parent, Math.min(low.get(parent)!, low.get(v)!));
      }
      if (low.get(v) === index.get(v)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(w);
        } while (w !== v);
        if (component.length > 1 || out.includes(v)) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}

describe('layers', () => {
  const files = sources(SRC);
  const edges = importEdges(files);

  it('every source file sits in a layer folder', () => {
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
    expect(findCycles(edges)).toEqual([]);
  });

  it('the cycle finder finds a cycle, a type-only one too', () => {
    expect(findCycles([{ from: 'a', to: 'b' }])).toEqual([]);
    expect(
      findCycles([
        { from: 'a', to: 'b' },
        { from: 'b', to: 'c' },
        { from: 'c', to: 'a' },
        { from: 'c', to: 'd' },
      ]),
    ).toEqual([['a', 'b', 'c']]);
    expect(findCycles([{ from: 'a', to: 'a' }])).toEqual([['a']]);
  });
});
