/**
 * Browser helpers that load the kernel module the pool names by URL (`helper_browser.js`):
 * the probe job's check in a browser (scripts/pool_browser_check.mjs). A world's helpers
 * are spawn_browser.ts worldHelperSpawner.
 */
import type { HelperSpawner } from './pool.js';
import { browserHelperHandle } from './spawn_browser.js';

/** Spawns helpers running `helper_browser.js`, resolved beside this module. */
export function browserHelperSpawner(): HelperSpawner {
  return (index) =>
    browserHelperHandle(
      new Worker(new URL('./helper_browser.js', import.meta.url), {
        type: 'module',
        name: `impulse-solver-helper-${index}`,
      }),
    );
}
