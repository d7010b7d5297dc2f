/**
 * The built package (dist/, what consumers install) behaves as the sources do: the golden
 * run gives the same hashes, and the compiled classes keep assignment semantics for their
 * fields (with define semantics a double field boxes on every store and the step
 * allocates; docs/core-design.md). Needs `pnpm build` first, as `test:all` does.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { goldenLine } from './fixtures/golden_run';

const dist = new URL('../../dist/index.js', import.meta.url);

describe.skipIf(!existsSync(dist) && !process.env.CI)('the built package', () => {
  it('runs the golden scene to the same hashes as the sources', async () => {
    const built = (await import(/* @vite-ignore */ dist.href)) as typeof import('../../src/index');
    const scenes = (await import(
      /* @vite-ignore */ new URL('../../dist/scenes/index.js', import.meta.url).href
    )) as typeof import('../../src/scenes/index');
    const world = new built.World();
    scenes.mixedPileScene(world, 100);
    const hashes: number[] = [];
    for (let i = 1; i <= 600; i++) {
      world.step(1 / 60);
      if (i % 100 === 0) hashes.push(world.stateHash());
    }
    expect(`golden ${hashes.join(' ')}`).toBe(goldenLine());
  });

  it('compiles class fields as assignments in the constructor, not defineProperty', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    // the package ships bundled modules (build.mjs): the entry and its shared chunks
    const dist = new URL('../../dist/', import.meta.url);
    const chunks = readdirSync(new URL('chunks/', dist)).filter((f) => f.endsWith('.js'));
    const source = ['index.js', ...chunks.map((f) => `chunks/${f}`)]
      .map((f) => readFileSync(new URL(f, dist), 'utf8'))
      .join('\n');
    expect(source).toMatch(/this\.minX = minX;/);
    expect(source).not.toMatch(/defineProperty\(this/);
    expect(source).not.toMatch(/__publicField/); // esbuild's helper for define semantics
  });
});
