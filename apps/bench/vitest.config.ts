import { defineProject } from 'vitest/config';
import { sourceResolve } from '../../vitest.shared';

export default defineProject({
  ...sourceResolve,
  test: {
    name: 'bench',
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
