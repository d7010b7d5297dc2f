import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const probe = fileURLToPath(new URL('../world/fixtures/allocation_probe.ts', import.meta.url));

/**
 * Bytes the core allocated over `steps` steady-state steps of the probe's solver scene (a
 * pyramid, a mixed pile, a net, a bridge and a distance chain, all moving) under `solver`,
 * in a plain Node process; the smaller of two processes (see test/world/allocation.test.ts:
 * a function V8 first optimises late can box doubles for a while in one process, while a
 * real per-step allocation shows in both).
 */
function leastAllocatedBytes(solver: string, steps: number): { bytes: number; sites: string[] } {
  const run = (): { bytes: number; sites: string[] } =>
    JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', probe, 'solver', String(steps), 'src', solver], {
        encoding: 'utf8',
        cwd: fileURLToPath(new URL('../..', import.meta.url)),
      }),
    ) as { bytes: number; sites: string[] };
  const first = run();
  if (first.bytes / steps < 16) return first;
  const second = run();
  return second.bytes < first.bytes ? second : first;
}

describe('allocation under the alternative solvers', () => {
  const steps = 500;
  it.each(['baumgarte', 'block', 'ngs', 'softOde', 'pgs', 'jacobi', 'xpbd'])(
    'a steady-state step under %s allocates nothing',
    (solver) => {
      const { bytes, sites } = leastAllocatedBytes(solver, steps);
      // the smallest heap object is 16 bytes
      expect(bytes / steps, sites.join('\n')).toBeLessThan(16);
    },
  );
});
