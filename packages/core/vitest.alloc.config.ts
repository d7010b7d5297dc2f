import { defineProject } from 'vitest/config';

/** The allocation probes: fresh Node processes that count every byte a steady step allocates. */
export const allocationTests = ['test/world/allocation.test.ts', 'test/solvers/allocation.test.ts'];

// A project of their own in the second group (groupOrder 1), which starts once every file of
// the first has ended: the probes then share the machine with each other only, never with the
// browser suite that the first group runs beside the other projects. Under heavy load (three
// browsers and test workers) the NGS and Jacobi probes once went over their bounds.
// `npx vitest run --project core-alloc` runs them.
export default defineProject({
  test: {
    name: 'core-alloc',
    include: allocationTests,
    testTimeout: 120_000,
    sequence: { groupOrder: 1 },
  },
});
