import { defineProject } from 'vitest/config';

// Real-browser tests: the test builds the demo, serves it with `vite preview` on loopback
// and drives Debian's Chromium through playwright-core (see test/browser.test.ts).
export default defineProject({
  test: {
    name: 'demo',
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // the browser tests, one file at a time after the other projects (their engines run side
    // by side inside the file, timed tests alone: test/browsers/turns.ts)
    fileParallelism: false,
    // Two engines at a time (two cores): four at once on a machine already loaded past its
    // cores starved each other into their tests' timeouts (webkit's scenes past 300 s).
    maxConcurrency: 2,
  },
});
