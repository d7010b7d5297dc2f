import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const probe = fileURLToPath(new URL('./fixtures/allocation_probe.ts', import.meta.url));

/** Bytes the core allocated over 1,000 steady-state steps, measured in a plain Node process. */
function coreAllocatedBytes(scene: string, steps: number): { bytes: number; sites: string[] } {
  // run from the package so tsx compiles the core with its tsconfig
  // (useDefineForClassFields: false; see docs/core-design.md)
  const out = execFileSync(process.execPath, ['--import', 'tsx', probe, scene, String(steps)], {
    encoding: 'utf8',
    cwd: fileURLToPath(new URL('..', import.meta.url)),
  });
  return JSON.parse(out) as { bytes: number; sites: string[] };
}

/**
 * The smallest of three measurements, each in a fresh process. When V8 deoptimises a hot
 * function and has not yet re-optimised it, the interpreter boxes every double it touches;
 * how long that lasts depends on the machine's load. A real per-step allocation shows in
 * every attempt, so the minimum is the engine's own figure.
 */
function leastAllocatedBytes(scene: string, steps: number): { bytes: number; sites: string[] } {
  let best = coreAllocatedBytes(scene, steps);
  for (let attempt = 1; attempt < 3 && best.bytes / steps >= 256; attempt++) {
    const next = coreAllocatedBytes(scene, steps);
    if (next.bytes < best.bytes) best = next;
  }
  return best;
}

describe('allocation', () => {
  // The probe counts every sampled allocation (garbage included) made by the core's code
  // and the engine builtins it calls, over 1,000 steady-state steps. The smallest heap
  // object is 16 bytes.
  const steps = 1000;

  it('a steady-state step of a box pyramid allocates less than 512 bytes', () => {
    // Measured 280 bytes a step: the profile timers box six doubles (performance.now), and
    // polygon clipping boxes a few. Before the box-box fast path handed its separations
    // through an object, it boxed two doubles per contact: 19 KB a step on this pyramid.
    const { bytes, sites } = leastAllocatedBytes('pyramid', steps);
    expect(bytes / steps, sites.join('\n')).toBeLessThan(512);
  });

  it('a steady-state step of a pile of mixed shapes stays under its measured allocation', () => {
    // KNOWN GAP (issue 2 stays open for it): narrow-phase helpers that take or return
    // doubles through calls V8 does not inline box them. Measured 8 KB a step for 150 mixed
    // bodies (12-14 KB before segment distance and the round-shape kernels took their
    // inputs through object fields). This bound keeps it from growing while the remaining
    // sites (polygon-circle, capsule and chain kernels, clipping) are rewritten.
    const { bytes, sites } = leastAllocatedBytes('pile', steps);
    expect(bytes / steps, sites.join('\n')).toBeLessThan(16 * 1024);
  });
});
