/**
 * The source folders are layers, and code depends only downward:
 * base → geometry → collision → dynamics → joints → world → solvers → character → the public API
 * (`index.ts`, `world.ts`, `scenes/`).
 * A value import may only reach the same or a lower layer. `import type` of the world's
 * data (`WorldState`) and of the id types is the one upward reference allowed, as every
 * Box2D module takes a `b2World*`: it carries no code and creates no load-order cycle.
 */

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const LAYERS = ['base', 'geometry', 'collision', 'dynamics', 'joints', 'world', 'solvers', 'character', '.'];
const TOP = new Set(['index.ts', 'world.ts', 'scenes']);

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

const IMPORT = /^(import|export)\s+(type\s+)?[^;]*?from\s+'(\.[^']+)'/gms;

describe('layers', () => {
  const files = sources(SRC);

  it('every source file sits in a layer folder', () => {
    for (const f of files) expect(() => layerOf(path.relative(SRC, f))).not.toThrow();
  });

  it('value imports point down the layers (or stay in one); every relative import ends in .js', () => {
    const bad: string[] = [];
    for (const f of files) {
      const rel = path.relative(SRC, f);
      const text = fs.readFileSync(f, 'utf8');
      for (const m of text.matchAll(IMPORT)) {
        const spec = m[3]!;
        if (!spec.endsWith('.js')) bad.push(`${rel}: '${spec}' has no .js extension`);
        const target = path.relative(SRC, path.resolve(path.dirname(f), spec.replace(/\.js$/, '.ts')));
        if (m[2] !== undefined) continue; // type-only
        if (layerOf(target) > layerOf(rel)) bad.push(`${rel} imports ${target} (a higher layer)`);
      }
    }
    expect(bad).toEqual([]);
  });
});
