import { defineProject } from 'vitest/config';

// The new-user tests outside the app (a fresh project on the packages, `vite dev`): in the
// second group (groupOrder 1), after the browser suite, whose load once made the `vite dev`
// tests miss their waits. `npx vitest run --project demo-outside` runs them.
export default defineProject({
  test: {
    name: 'demo-outside',
    include: ['test/outside_app.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    sequence: { groupOrder: 1 },
  },
});
