/** Solver helpers as Node worker threads (createNodePhysicsWorker's physics thread starts them). */
import { Worker } from 'node:worker_threads';
import { scriptBesideOrBuilt } from '../script_url.js';
import type { FromHelper } from './messages.js';
import type { HelperHandle, HelperSpawner } from './pool.js';

/** The built helper script (from the sources, in this repository's tests: the build's). */
export function nodeHelperScript(): URL {
  return scriptBesideOrBuilt('./helper_node.js', '../../dist/parallel/helper_node.js', import.meta.url);
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
