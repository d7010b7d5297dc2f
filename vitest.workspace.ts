// The test projects: every package's or app's vitest.config.ts, and beside it any
// vitest.<part>.config.ts (a project of its own: core's allocation probes, the demo's
// outside-the-app tests, which run in a later group). Vitest 4 no longer reads this file
// by itself: vitest.config.ts imports it as `test.projects`.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = import.meta.dirname;

export default ['packages', 'apps'].flatMap((group) =>
  readdirSync(join(root, group))
    .map((name) => `${group}/${name}`)
    .filter((dir) => existsSync(join(root, dir, 'vitest.config.ts')))
    .flatMap((dir) =>
      readdirSync(join(root, dir))
        .filter((file) => /^vitest(\.[a-z-]+)?\.config\.ts$/.test(file))
        .sort()
        .map((file) => `${dir}/${file}`),
    ),
);
