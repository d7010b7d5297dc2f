/**
 * The relative-import graph of a package's sources, type imports included, and its cycles:
 * the worker and React packages' tests assert there are none (the core's layers test does
 * the same with its layer rule on top).
 */

import fs from 'node:fs';
import path from 'node:path';

const IMPORT = /^(?:import|export)\s+(?:type\s+)?[^;]*?from\s+'(\.[^']+)'/gms;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** Every relative import (from, to) of the .ts/.tsx files below `srcDir`, as paths relative to it. */
export function importEdges(srcDir: string): { from: string; to: string }[] {
  const edges: { from: string; to: string }[] = [];
  for (const file of sources(srcDir)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const base = path.resolve(path.dirname(file), m[1]!.replace(/\.js$/, ''));
      const to = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((c) => fs.existsSync(c));
      if (to) edges.push({ from: path.relative(srcDir, file), to: path.relative(srcDir, to) });
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
