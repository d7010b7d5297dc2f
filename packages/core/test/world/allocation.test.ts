import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runProbe } from './fixtures/run_probe';

/**
 * The smallest of up to `attempts` measurements, each in a fresh process. A path that first
 * runs after warm-up deoptimises the function it is in, and until V8 re-optimises it the
 * interpreter boxes every double it touches; when that happens, and for how long, depends
 * on the process's timing (the probe compiles in line, so no longer on the machine's load:
 * fixtures/run_probe.ts). A real per-step allocation shows in every attempt, so
 * the minimum is the engine's own figure. Stops early once an attempt is under 16 bytes a
 * step.
 *
 * Three attempts by default, two for the every-shape-pair and jointed scenes; five before,
 * because `collide` ran deoptimised (450 bytes a step) in about one process in ten on the
 * every-shape-pair scene. With the step's loops free of paths first taken late (see
 * world/solver.ts collide) and of arrays V8 took for constants (base/array.ts
 * replaceArraysOnce), fresh processes over the bound: every-shape-pair 0 of 40 (4 of 40
 * before), jointed scenes 0 of 20 from the sources and 0 of 10 from dist/, tumbler 0 of 20,
 * pyramid, pile and sensors 0 of 10 each.
 */
/** Bytes of the smallest heap object: an average a step below it is no allocation at all. */
const SMALLEST_OBJECT = 16;

/**
 * The probe counts every sampled allocation (garbage included) under its tick, over STEPS
 * steady-state steps: the core's code, the engine builtins it calls and the JIT's code
 * installed meanwhile, wherever V8 attributes them (fixtures/allocation_probe.ts).
 */
const STEPS = 1000;

/** Asserts that a steady-state step of `scene` allocates nothing; returns its awake bodies. */
function expectNoAllocation(scene: string, attempts = 3, build: 'src' | 'dist' = 'src'): number {
  const { bytes, sites, awake } = leastAllocatedBytes(scene, STEPS, attempts, build);
  expect(bytes / STEPS, sites.join('\n')).toBeLessThan(SMALLEST_OBJECT);
  return awake;
}

function leastAllocatedBytes(
  scene: string,
  steps: number,
  attempts = 3,
  build: 'src' | 'dist' = 'src',
): { bytes: number; sites: string[]; awake: number } {
  let best = runProbe(scene, steps, build);
  for (let attempt = 1; attempt < attempts && best.bytes / steps >= SMALLEST_OBJECT; attempt++) {
    const next = runProbe(scene, steps, build);
    if (next.bytes < best.bytes) best = next;
  }
  return best;
}

const builtPackage = existsSync(fileURLToPath(new URL('../../dist/index.js', import.meta.url)));

describe('allocation', () => {
  it('a steady-state step of a box pyramid allocates nothing', () => {
    // Measured 0 bytes. Before: 280 bytes a step (the profile clock, polygon clipping), and
    // now and then 150 KB a step while the contact solver ran deoptimised after its first
    // speculative point; 19 KB a step before the box-box path stopped boxing separations.
    expectNoAllocation('pyramid');
  });

  it('a steady-state step of a pile of mixed shapes allocates nothing', () => {
    // Measured 0 bytes (8 KB a step before the round-shape kernels, clipping and segment
    // distance handed their doubles through object fields).
    expectNoAllocation('pile');
  });

  it('a steady-state step with every narrow-phase shape pair allocates nothing', () => {
    // The probe's chain scene: circles, capsules, boxes, rounded boxes and pentagons on a
    // one-sided chain and a segment, so every collide function runs. Measured 0 bytes;
    // 17 KB a step before. The first ended contact, fast body, upward-growing proxy, static
    // pair or pentagon pair (steps 20-90) used to deoptimise collide, finalizeBodies,
    // findPairs, enlargeProxy or solveContinuous in every process, and the awake contacts
    // outgrowing their first array (step 58) threw collide's code away: collide then
    // allocated 450 bytes a step in 4 of 40 processes. Now none deoptimises, and 0 of 40
    // allocate. Two attempts.
    expectNoAllocation('chain', 2);
  });

  it('a steady-state step of the tumbler allocates nothing while contacts come and go', () => {
    // 400 boxes in a turning kinematic box: about 170 contacts created and as many destroyed
    // a step, 200 fast bodies swept. Measured 0 bytes. Before: 61 KB a step (the pair Map's
    // inserts and deletes and its heap-number keys, the pair search's callback query, the
    // continuous sweep's query box, the tree rebuild's bin frame), then 340 bytes a step in
    // reportHitEvents (a running maximum seeded from a tagged argument boxed every new best).
    expectNoAllocation('tumbler');
  });

  it('a steady-state step of jointed scenes allocates nothing', () => {
    // The probe's joint scene: a hanging net, a bridge, ragdolls knocked over, a driving car
    // and rigs of every other joint type, all moving. Measured 0 bytes. Before: 23 KB a
    // step in every process: the angle rows of limited, motorised and sprung joints called
    // atan2, unwindAngle and makeSoft on paths V8 never inlines into (rare ones in a net of
    // plain hinges), boxing their doubles. The previous scene's ragdolls stood still, with
    // rotations of exactly (1, 0), which V8 passes as small integers: only the sub-step
    // handed to makeSoft showed, 580 bytes a step in 1 process of 10. Then, with a thousand
    // bodies, 1.7 KB a step in 1 of 3: the body integration loop compiled during its first
    // call, before the code around it had run (world/solver.ts integrateVelocities).
    // Earlier: 2.1 KB a step (capsule boxes in finalizeBodies, the pair search's query box,
    // the tree rebuild's bin frame), then up to 750 bytes a step while the per-joint work of
    // prepareJoints and finishJoints was the body of a loop run once a step.
    expectNoAllocation('joints', 2);
  });

  it.skipIf(!builtPackage && !process.env.CI)(
    'the built package steps jointed scenes allocating nothing',
    () => {
      // The same scene from dist/ (tsc's output, what consumers install; needs `pnpm build`).
      // tsc keeps each `Row.X` enum member a property load where esbuild writes the number,
      // so V8 spent prepareJoints' inlining budget before reaching makeSoft: the previous
      // scene allocated 580 bytes a step (one boxed sub-step per limited ragdoll joint) in
      // every process from dist/, and this one 23 KB. Measured 0 bytes.
      expectNoAllocation('joints', 2, 'dist');
    },
  );

  it('a steady-state step with sensors allocates nothing while overlaps come and go', () => {
    // The probe's sensor scene: static zones, a kinematic sensor bar sweeping through a
    // mixed pile and dynamic bodies carrying sensors; the end-of-step sensor pass keeps its
    // overlap sets in typed arrays grown by doubling.
    expectNoAllocation('sensors');
  });

  it('saving into a ring of 10 reused rollback states and loading one allocates nothing', () => {
    // The probe's `+rollback` mode: after every step a saveState into the next of 10 reused
    // RollbackStates, and every 7th step a loadState of the one 5 frames older. Measured 0
    // bytes on the mixed pile (circles and boxes), and 0 for save and load on the tumbler and
    // the sensor scene too (the tumbler's step itself then sometimes allocates, in
    // destroyContact and reportHitEvents, so it is not pinned here).
    expectNoAllocation('pile+rollback');
  });

  it('saving and loading rollback states of a world at rest allocates nothing (the fast path)', () => {
    // The probe's resting scene: a pyramid of 210 boxes, with sleep on, asleep by the end
    // of the warm-up, so every save patches the step counter into its state and every load
    // sets it only. Measured 0 bytes.
    expect(expectNoAllocation('resting+rollback')).toBe(0);
  });

  it('saving and loading rollback states of jointed scenes allocates nothing', () => {
    // The joint scene (net, bridge, ragdolls, car) in `+rollback` mode. Measured 0 bytes in
    // most processes. Before: 640 KB a step, the joint data saved and loaded by keyed field
    // access (every double boxed). Then, with a function per joint type: 460 B a load until
    // V8 optimised the wheel's load (2 wheels: about 1,000 calls, see the probe's warm-up);
    // 580 B a step in prepareJoint, deoptimised by loads that turned fields holding only 0
    // into double fields (loads now write only fields whose bits differ); 50 B a load from
    // the first loop iterations of the joints' load, run in baseline code before V8 entered
    // its optimised loop (the per-joint work is now a function called once per joint).
    expectNoAllocation('joints+rollback');
  });
});
