/**
 * The contract entry (`@impulse/core/contract`, src/contract.ts) stays light: bundled as a
 * page's bundler would (tree-shaken, minified), it holds none of the modules that step,
 * collide, sweep, move characters or save worlds, and what it exports is the main entry's
 * own (one copy of each check when a page imports both).
 */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
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
  'src/dynamics/contact_solver.ts',
  'src/dynamics/contact.ts',
  'src/dynamics/island.ts',
  'src/dynamics/body.ts',
  'src/dynamics/shape.ts',
  'src/collision/manifold.ts',
  'src/collision/dynamic_tree.ts',
  'src/collision/broad_phase.ts',
  'src/joints/joint_solver.ts',
];

/** What the contract adds for mirrors of a world's structure (internal, not in the main entry). */
const MIRROR_KIT = [
  'HandleKind',
  'handleGeneration',
  'handleKind',
  'handleSlot',
  'MAX_SLOTS',
  'makeHandle',
  'SlotPool',
  'checkBoolean',
  'checkKnownFields',
  'checkNonNegative',
  'checkNonNegativeAtMost',
  'checkVec2Length',
  'checkWithin',
  'describe',
  'fail',
  'MAX_GRAVITY_SCALE',
  'withDefaultFilter',
  'cloneGeometry',
  'applyMass',
  'updateBodyMass',
  'updateMaxExtent',
  'STATE_STRIDE',
  'VX',
  'VY',
  'W',
  'defToSettings',
  'settingsToDef',
  'WorldSettings',
  'jointCreateMethod',
  'jointTypes',
  'checkJointDefFields',
  'resolveJointDefAt',
  'checkBreakLimit',
  'checkJointsUnderSolver',
  'checkNewJointUnderSolver',
  'checkSolver',
  'checkMoverDef',
];

describe('the contract entry', () => {
  it('bundles without the step, the narrow phase, the tree, the mover or rollback', async () => {
    const result = await build({
      absWorkingDir: new URL('..', import.meta.url).pathname,
      stdin: { contents: "export * from './src/contract.ts';", resolveDir: '.', loader: 'ts' },
      bundle: true,
      minify: true,
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
      tsconfigRaw: { compilerOptions: { useDefineForClassFields: false } },
    });
    const output = Object.values(result.metafile.outputs)[0]!;
    const shipped = Object.entries(output.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([path]) => path);
    expect(shipped).toContain('src/dynamics/body_checks.ts'); // the probe sees modules at all
    expect(shipped.filter((path) => HEAVY.includes(path))).toEqual([]);
  });

  it('exports what the main entry exports, the same objects (and the mirror kit, internal)', () => {
    const everything = new Map(Object.entries(main));
    for (const [name, value] of Object.entries(contract)) {
      if (everything.has(name)) expect(everything.get(name), name).toBe(value);
      else expect(MIRROR_KIT, name).toContain(name);
    }
  });
});
