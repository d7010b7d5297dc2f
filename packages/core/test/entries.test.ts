/**
 * The published bundle's entries (build_options.mjs, as build.mjs builds them): what each
 * entry loads at once, following its static imports through the shared chunks. A bundler
 * cannot drop a re-export of a prebuilt chunk it must load anyway, so what an entry
 * reaches statically is what every app importing it ships: the main entry must not reach
 * the alternative solvers (their factories are `@impulse/core/solvers`; a description
 * loads its kind's chunk with a dynamic import).
 */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundleOptions, entryPoints } from '../build_options.mjs';
import { staticInputs } from './static_inputs';

describe('the built entries', () => {
  it('the main entry loads no alternative solver, the solvers entry all, the parallel entry no World', async () => {
    const result = await build({
      ...bundleOptions,
      absWorkingDir: new URL('..', import.meta.url).pathname,
      entryPoints,
      outdir: 'entries-probe',
      write: false,
      metafile: true,
      sourcemap: false,
      logLevel: 'silent',
    });
    const meta = result.metafile!;
    const solverModules = (inputs: Set<string>) =>
      [...inputs].filter((path) => /^src\/solvers\/(?!description\.ts$)/.test(path)).sort();
    const main = staticInputs(meta, 'entries-probe/index.js');
    expect(main).toContain('src/world.ts'); // the probe sees modules at all
    expect(main).toContain('src/solvers/description.ts');
    expect(solverModules(main)).toEqual([]);
    const solvers = solverModules(staticInputs(meta, 'entries-probe/solvers/index.js'));
    for (const name of ['baumgarte', 'block_solver', 'ngs', 'soft_ode', 'pgs', 'xpbd']) {
      expect(solvers).toContain(`src/solvers/${name}.ts`);
    }
    // the solver helpers' entry reaches a world's state through world/world_access.ts, not
    // world.ts: sharing World's module graph regrouped the chunks the main-thread kit loads,
    // and apps' main chunks took in the whole world (apps/size: 48.5 -> 82 kB gzip)
    const parallel = staticInputs(meta, 'entries-probe/parallel.js');
    expect(parallel).toContain('src/world/solver_stages.ts');
    expect(parallel).not.toContain('src/world.ts');
  });
});
