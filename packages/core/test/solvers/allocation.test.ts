import { describe, expect, it } from 'vitest';
import { type ProbeResult, runProbe } from '../world/fixtures/run_probe';

/**
 * Bytes the core allocated over `steps` steady-state steps of the probe's solver scene (a
 * pyramid, a net, a bridge, a distance chain and a joint of every type with springs,
 * motors and limits, all moving) under `solver`, in a plain Node process, and of them the
 * bytes the solver's own modules (src/solvers/) allocated; the least of up to three
 * processes (see test/world/allocation.test.ts: a function V8 first optimises late can box
 * doubles for a while in one process, while a real per-step allocation shows in all). The
 * probe compiles in line (run_probe.ts): with V8's background compiler, CI's load once
 * kept XPBD's sub-step (startSubStep, integratePositions) in the interpreter through every
 * window of all three processes, 1.3 KB a step, as in no run on a quiet machine.
 */
function leastAllocatedBytes(solver: string, steps: number): ProbeResult {
  const run = (): ProbeResult => runProbe('solver', steps, 'src', solver);
  let best = run();
  for (let attempt = 1; attempt < 3 && best.solverBytes / steps >= 16; attempt++) {
    const next = run();
    if (next.solverBytes < best.solverBytes) best = next;
  }
  return best;
}

describe('allocation under the alternative solvers', () => {
  const steps = 500;
  it.each(['baumgarte', 'block', 'ngs', 'softOde', 'pgs', 'jacobi', 'xpbd'])(
    'a steady-state step under %s allocates nothing',
    (solver) => {
      const { solverBytes, sites } = leastAllocatedBytes(solver, steps);
      // The solver's own code; the smallest heap object is 16 bytes. Measured 0 under
      // baumgarte; the whole step allocated 5 B a step there, 82 under Jacobi, in the shared
      // continuous collision (centroidPathCrosses, rayCastPolygon: the pyramid Jacobi cannot
      // hold falls, and its fast boxes take paths the other scenes' steady state does not).
      // NGS measured 28 B a step (its bound was 64) while the probe kept the window with the
      // fewer bytes in all: that was one 13 KB block, the code V8 installed for the world's
      // continuous sweep (optimised again after a late deopt) counted against whichever
      // solver function it interrupted, not an allocation of the solver; with the window of
      // fewer solver bytes kept, 0 to 3.5 B a step in 6 processes run side by side.
      expect(solverBytes / steps, sites.join('\n')).toBeLessThan(16);
    },
  );
});
