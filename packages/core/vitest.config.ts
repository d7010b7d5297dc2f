import { defineProject } from 'vitest/config';
import { allocationTests } from './vitest.alloc.config';

export default defineProject({
  test: {
    name: 'core',
    include: ['test/**/*.test.ts'],
    // the allocation probes run after the other projects, alone (vitest.alloc.config.ts)
    exclude: allocationTests,
    testTimeout: 120_000,
  },
});
