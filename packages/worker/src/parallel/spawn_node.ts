/** Solver helpers as Node worker threads (createNodePhysicsWorker's physics thread starts them). */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FromHelper } from './messages.js';
import type { HelperHandle, HelperSpawner } from './pool.js';

/** The built helper script (from the sources, in this repository's tests: the build's). */
export function nodeHelperScript(): URL {
  // names in variables, as in ../node.ts: a bundler must not rewrite them into asset URLs
  const besideName = './helper_node.js';
  const builtName = '../../dist/parallel/helper_node.js';
  const beside = new URL(besideName, import.meta.url);
  if (beside.protocol === 'file:' && existsSync(fileURLToPath(beside))) return beside;
  return new URL(builtName, import.meta.url);
}

/** A handle on one Node worker thread running a helper. */
export function nodeHelperHandle(worker: Worker): HelperHandle {
  // a parked helper must not keep the process alive; dispose terminates it
  worker.unref();
  return {
    post: (message) => worker.postMessage(message),
    onMessage: (handler) => worker.on('message', (message: FromHelper) => handler(message)),
    onError: (handler) => {
      worker.on('error', (error) => handler(error.message));
      worker.on('exit', (code) => {
        if (code !== 0) handler(`its thread exited (code ${code})`);
      });
    },
    terminate: () => void worker.terminate(),
  };
}

/** Spawns helpers from `script` (default: this package's built helper_node.js). */
export function nodeHelperSpawner(script: URL = nodeHelperScript()): HelperSpawner {
  return (index) => nodeHelperHandle(new Worker(script, { name: `impulse-solver-helper-${index}` }));
}
