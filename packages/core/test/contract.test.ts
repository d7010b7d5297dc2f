/**
 * The contract entry (`@impulse/core/contract`, src/contract.ts) stays light: bundled as a
 * page's bundler would (tree-shaken, minified; what it loads at once, not the chunks it
 * may import later), it holds none of the modules that step,
 * collide, sweep, move characters or save worlds, and what it exports is the main entry's
 * own (one copy of each check when a page imports both).
 */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { staticInputs } from './static_inputs';
import * as contract from '../src/contract';
import * as main from '../src/index';

/** The modules a page that only checks and forwards calls must not ship. */
const HEAVY = [
  'src/world.ts',
  'src/world/solver.ts',
  'src/world/world_state.ts',
  'src/world/snapshot.ts',
  'src/world/rollback_encode.ts', // (rollback_state.ts's RollbackState, a container, is in)
  'src/world/rollback_decode.ts',
  'src/world/rollback_coding.ts',
  'src/world/query.ts', // (query_checks.ts, the queries' argument checks, is in)
  'src/collision/distance.ts',
  'src/collision/ray_cast.ts',
  'src/collision/shape_cast.ts',
  'src/dynamics/contact_solver.ts',
  'src/dynamics/contact.ts',
  'src/dynamics/island.ts',
  'src/dynamics/body.ts',
  'src/dynamics/shape.ts',
  'src/collision/manifold.ts',
  'src/collision/dynamic_tree.ts',
  'src/collision/broad_phase.ts',
  'src/character/mover.ts',
  'src/joints/joint_solver.ts',
];

describe('the contract entry', () => {
  it('bundles without the step, the narrow phase, the tree, the mover or rollback', async () => {
    const result = await build({
      absWorkingDir: new URL('..', import.meta.url).pathname,
      stdin: { contents: "export * from './src/contract.ts';", resolveDir: '.', loader: 'ts' },
      bundle: true,
      minify: true,
      format: 'esm',
      // a solver kind is a dynamic import: its own chunk, loaded only when a description asks
      splitting: true,
      outdir: 'contract-probe',
      write: false,
      metafile: true,
      logLevel: 'silent',
      tsconfigRaw: { compilerOptions: { useDefineForClassFields: false } },
    });
    const shipped = [...staticInputs(result.metafile, 'contract-probe/stdin.js')];
    expect(shipped).toContain('src/dynamics/body_checks.ts'); // the probe sees modules at all
    expect(shipped.filter((path) => HEAVY.includes(path))).toEqual([]);
  });

  it('exports what the main entry exports, the same objects', () => {
    const everything = new Map(Object.entries(main));
    for (const [name, value] of Object.entries(contract)) expect(everything.get(name), name).toBe(value);
  });
});
