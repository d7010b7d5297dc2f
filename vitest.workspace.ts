// The test projects, one per package or app. Vitest 4 no longer reads this file by
// itself: vitest.config.ts imports it as `test.projects`.
export default ['packages/core', 'apps/bench'];
