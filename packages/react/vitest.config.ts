import { defineProject } from 'vitest/config';
import { sourceResolve } from '../../vitest.shared';

export default defineProject({
  ...sourceResolve,
  test: {
    name: 'react',
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
  },
});
