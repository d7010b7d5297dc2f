import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import projects from './vitest.workspace';

export default defineConfig({
  test: {
    projects,
    // One test file per core. Vitest's default leaves a core to its own process (cores - 1),
    // which on the 2-core CI machine ran every file of core, worker, react and bench one
    // after another; the main process only collects results and sits idle meanwhile.
    maxWorkers: availableParallelism(),
  },
});
