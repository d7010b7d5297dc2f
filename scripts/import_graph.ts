/**
 * The relative-import graph of a package's sources, type imports included, and its cycles:
 * the worker and React packages' tests assert there are none (the core's layers test does
 * the same with its layer rule on top).
 */

import fs from 'node:fs';
import path from 'node:path';

const IMPORT = /^(import|export)\s+(type\s+)?([^;]*?)from\s+'(\.[^']+)'/gms;

/** The .ts/.tsx sources below `dir` (declaration files left out). */
export function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** One relative import: the importing and the imported module (relative to the sources' folder). */
export interface ImportEdge {
  from: string;
  to: string;
  /** The specifier as written ('./body.js'). */
  spec: string;
  /** `import type {...}`, or `import {...}` whose every name is `type X`. */
  typeOnly: boolean;
}

/** Every relative import of the .ts/.tsx files below `srcDir`, as paths relative to it. */
export function importEdges(srcDir: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of sourceFiles(srcDir)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[4]!;
      const base = path.resolve(path.dirname(file), spec.replace(/\.js$/, ''));
      const to = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((c) => fs.existsSync(c));
      if (to === undefined) continue;
      const names = /^\{([^}]*)\}\s*$/.exec(m[3]!.trim())?.[1];
      const everyNameIsType =
        names
          ?.split(',')
          .map((n) => n.trim())
          .filter((n) => n !== '')
          .every((n) => n.startsWith('type ')) === true;
      edges.push({
        from: path.relative(srcDir, file),
        to: path.relative(srcDir, to),
        spec,
        typeOnly: m[2] !== undefined || everyNameIsType,
      });
    }
  }
  return edges;
}

/** The graph's cycles: one sorted list of modules per strongly connected component of two or more (or a self-import). */
export function importCycles(edges: readonly { from: string; to: string }[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    if (!next.has(e.from)) next.set(e.from, []);
    if (!next.has(e.to)) next.set(e.to, []);
    next.get(e.from)!.push(e.to);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || next.get(v)!.includes(v)) cycles.push(component.sort());
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return cycles;
}
