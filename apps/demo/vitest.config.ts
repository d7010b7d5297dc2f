import { defineProject } from 'vitest/config';

// Real-browser tests: the test builds the demo, serves it with `vite preview` on loopback
// and drives Debian's Chromium, Firefox and WebKit (see test/browser.test.ts).
export default defineProject({
  test: {
    name: 'demo',
    include: ['test/browser.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One file. It starts first (vitest.sequencer.ts) and the other projects' files run beside
    // it on the second worker: its time is mostly the browsers' pages stepping in real time
    // (step counts at 60 Hz), not CPU. Before, `fileParallelism: false` put the demo's files
    // in a group Vitest runs after every other project's, so the suite ran last with a core
    // idle (docs/demo.md, "The browser suite's time").
    // Two engines at a time (two cores): four at once on a machine already loaded past its
    // cores starved each other into their tests' timeouts (webkit's scenes past 300 s).
    maxConcurrency: 2,
  },
});
