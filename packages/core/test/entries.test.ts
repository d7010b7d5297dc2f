/**
 * The published bundle's entries (build_options.mjs, as build.mjs builds them): what each
 * entry loads at once, following its static imports through the shared chunks. A bundler
 * cannot drop a re-export of a prebuilt chunk it must load anyway, so what an entry
 * reaches statically is what every app importing it ships: the main entry must not reach
 * the alternative solvers (their factories are `@impulse/core/solvers`; a description
 * loads its kind's chunk with a dynamic import), and the mirror kit (the worker client's
 * structure-only mirror, on a page's main thread) must not reach the step: a bundler keeps
 * a prebuilt chunk whole, so a chunk the kit shares with the world brings the world's code
 * to the page along with it.
 */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundleOptions, entryPoints } from '../build_options.mjs';
import { staticInputs } from './static_inputs';

/** The step's modules: solvers of bodies, contacts and joints, the narrow and broad phases. */
const STEP =
  /^src\/(world\.ts|world\/(solver|world_state|snapshot|rollback_encode|rollback_decode)\.ts|dynamics\/(contact_solver|contact|island|body|shape|sensor)\.ts|collision\/(manifold|dynamic_tree|broad_phase)\.ts|character\/mover\.ts|joints\/(joint|joint_solver|(distance|revolute|prismatic|weld|wheel|mouse|motor)_joint)\.ts)$/;

async function probe() {
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
  return result.metafile!;
}

describe('the built entries', () => {
  it("the mirror kit loads none of the step's modules, the joints' data without their solvers", async () => {
    const meta = await probe();
    const kit = [...staticInputs(meta, 'entries-probe/mirror_kit.js')];
    expect(kit).toContain('src/joints/registry.ts'); // the probe sees modules at all
    expect(kit).toContain('src/joints/revolute_joint_data.ts');
    expect(kit.filter((path) => STEP.test(path)).sort()).toEqual([]);
    const main = staticInputs(meta, 'entries-probe/index.js');
    expect(main).toContain('src/joints/revolute_joint.ts'); // the pattern names real modules
    expect(main).toContain('src/dynamics/body.ts');
  });

  it('the main entry loads no alternative solver; the solvers entry loads them all; the parallel entry no World', async () => {
    const meta = await probe();
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

  it("the host kit loads World without rollback's coding, the mover, snapshots or the queries, which the main entry loads at once", async () => {
    const meta = await probe();
    const rollback = (inputs: Set<string>) =>
      [...inputs].filter((path) => /^src\/world\/rollback(_(?!state)\w+)?\.ts$/.test(path)).sort();
    const host = staticInputs(meta, 'entries-probe/host_kit.js');
    expect(host).toContain('src/world.ts');
    expect(host).toContain('src/world_features.ts');
    expect(host).not.toContain('src/character/mover.ts');
    expect(host).not.toContain('src/world/snapshot.ts');
    expect(host).not.toContain('src/world/query.ts');
    expect(host).not.toContain('src/collision/shape_cast.ts');
    expect(host).toContain('src/world/state_hash.ts');
    expect(rollback(host)).toEqual([]);
    const main = staticInputs(meta, 'entries-probe/index.js');
    expect(main).toContain('src/world/snapshot.ts');
    expect(main).toContain('src/world/query.ts');
    // the main entry's World has it installed: every rollback module is among its static inputs
    expect(rollback(staticInputs(meta, 'entries-probe/index.js'))).toEqual([
      'src/world/rollback.ts',
      'src/world/rollback_coding.ts',
      'src/world/rollback_decode.ts',
      'src/world/rollback_derive.ts',
      'src/world/rollback_encode.ts',
      'src/world/rollback_format.ts',
      'src/world/rollback_order.ts',
    ]);
  });
});
