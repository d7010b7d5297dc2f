/** Solver helpers as browser module workers, started by the physics worker. */
import type { HelperHandle, HelperSpawner } from './pool.js';

/** A handle on one module worker running a helper. */
export function browserHelperHandle(worker: Worker): HelperHandle {
  return {
    post: (message) => worker.postMessage(message),
    onMessage: (handler) => worker.addEventListener('message', (event) => handler(event.data)),
    onError: (handler) => worker.addEventListener('error', (event) => handler(event.message)),
    terminate: () => worker.terminate(),
  };
}

/** Spawns helpers from this package's `helper_browser.js`, which bundlers resolve beside this module. */
export function browserHelperSpawner(): HelperSpawner {
  return (index) =>
    browserHelperHandle(
      new Worker(new URL('./helper_browser.js', import.meta.url), {
        type: 'module',
        name: `impulse-solver-helper-${index}`,
      }),
    );
}
