import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const probe = fileURLToPath(new URL('./fixtures/allocation_probe.ts', import.meta.url));

/** Bytes the core allocated over 1,000 steady-state steps, measured in a plain Node process. */
function coreAllocatedBytes(scene: string, steps: number): { bytes: number; sites: string[] } {
  const out = execFileSync(process.execPath, ['--import', 'tsx', probe, scene, String(steps)], {
    encoding: 'utf8',
  });
  return JSON.parse(out) as { bytes: number; sites: string[] };
}

describe('allocation', () => {
  // The smallest heap object is 16 bytes, so a step that allocates anything averages at
  // least 16 bytes per step. What remains below that over 5,000 steps is one-off JIT
  // churn (feedback, re-optimisation), measured here at 2 to 6 bytes per step.
  const steps = 5000;
  it('a steady-state step of an awake pyramid allocates nothing', () => {
    const { bytes, sites } = coreAllocatedBytes('pyramid', steps);
    expect(bytes / steps, sites.join('\n')).toBeLessThan(8);
  });

  it('a steady-state step of a pile of mixed shapes allocates nothing', () => {
    const { bytes, sites } = coreAllocatedBytes('pile', steps);
    expect(bytes / steps, sites.join('\n')).toBeLessThan(8);
  });
});
