import { defineProject } from 'vitest/config';
import { sourceResolve } from '../../vitest.shared';

// The client runs from the sources; the worker thread runs the built script
// (dist/node_worker.js), so `pnpm build` comes before these tests (test:all does it).
export default defineProject({
  ...sourceResolve,
  test: {
    name: 'worker',
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
