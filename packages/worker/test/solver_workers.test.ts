/**
 * PhysicsOptions.solverWorkers: checked at the call site with the field and value named,
 * defaulted from the cores present (capped, one core left to the page), one thread inline
 * and where shared memory is unavailable.
 */

import { describe, expect, it } from 'vitest';
import { DEFAULT_SOLVER_WORKERS_CAP, defaultSolverWorkers, resolveOptions } from '../src/client/options';
import { createInlinePhysics } from '../src/inline';
import { createNodePhysicsWorker } from '../src/node';

describe('solverWorkers', () => {
  it('defaults to the cores less one, capped, and to 1 where it cannot help', () => {
    expect([undefined, 1, 2, 3, 4, 16].map(defaultSolverWorkers)).toEqual([
      1,
      1,
      1,
      2,
      3,
      DEFAULT_SOLVER_WORKERS_CAP,
    ]);
    expect(resolveOptions({}, true, 8, true).solverWorkers).toBe(4);
    expect(resolveOptions({}, true, 8, false).solverWorkers).toBe(1);
    expect(resolveOptions({ solverWorkers: 3 }, true, 8, false).solverWorkers).toBe(1);
    expect(resolveOptions({ solverWorkers: 6 }, true, 2, true).solverWorkers).toBe(6);
    expect(resolveOptions({}, false, 8, true).solverWorkers).toBe(1);
  });

  it('rejects a bad count, naming the field and the value', () => {
    for (const bad of [0, 65, 2.5, Number.NaN, '2'] as unknown[]) {
      expect(() => createNodePhysicsWorker({ solverWorkers: bad as number })).toThrow(
        `createPhysics: solverWorkers must be an integer in [1, 64], got ${String(bad)}`,
      );
    }
    expect(() => createInlinePhysics({ solverWorkers: 2 })).toThrow(
      /createPhysics: solverWorkers must be 1 inline .*got 2/,
    );
  });
});
