/** Solver helpers as browser module workers, started by the physics worker. */
import type { HelperHandle, HelperSpawner } from './pool.js';

/**
 * The kernel a world helper runs (world_helper_browser.ts bundles it): what the pool names
 * as the helpers' kernel URL, which those helpers do not load.
 */
export const WORLD_KERNEL = '@impulse/core/parallel';

/** A handle on one module worker running a helper. */
export function browserHelperHandle(worker: Worker): HelperHandle {
  return {
    post: (message) => worker.postMessage(message),
    onMessage: (handler) => worker.addEventListener('message', (event) => handler(event.data)),
    onError: (handler) => worker.addEventListener('error', (event) => handler(event.message)),
    terminate: () => worker.terminate(),
  };
}

// `new Worker(new URL('<literal>', import.meta.url), { type: 'module' })` in one expression:
// the form bundlers (Vite in dev and build, webpack 5) recognise and bundle as a worker of
// its own; plain ESM resolves the file beside this module in dist/parallel/. The probe
// check's helpers (spawn_browser_by_url.ts) are in a module of their own, so that an app's
// bundler, which bundles every worker it finds in a module it includes, does not bundle them.

/** Spawns a world's solver helpers (`world_helper_browser.js`, the core's block functions bundled in). */
export function worldHelperSpawner(): HelperSpawner {
  return (index) =>
    browserHelperHandle(
      new Worker(new URL('./world_helper_browser.js', import.meta.url), {
        type: 'module',
        name: `impulse-solver-helper-${index}`,
      }),
    );
}
