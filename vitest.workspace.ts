// The test projects: every package or app with a vitest.config.ts. Vitest 4 no longer
// reads this file by itself: vitest.config.ts imports it as `test.projects`.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = import.meta.dirname;

export default ['packages', 'apps'].flatMap((group) =>
  readdirSync(join(root, group))
    .map((name) => `${group}/${name}`)
    .filter((dir) => existsSync(join(root, dir, 'vitest.config.ts'))),
);
