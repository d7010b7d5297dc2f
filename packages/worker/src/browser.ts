/** The browser backend: the world in a Web Worker, reached through Comlink. */
import { createClient, type PhysicsClient } from './client/client.js';
import { comlinkBackend } from './client/comlink_backend.js';
import { type PhysicsOptions, resolveOptions } from './client/options.js';
import { chooseTransport, sharedMemoryAvailable, type TransportOption } from './client/transport.js';

export interface WorkerOptions extends PhysicsOptions {
  /** `auto` (default): shared memory where available, else frames sent by message (with one warning). */
  transport?: TransportOption;
  /**
   * Creates the worker. The default loads this package's `worker.js` as a module worker,
   * which bundlers (Vite, webpack 5, esbuild) resolve; pass your own where they do not:
   * `worker: () => new Worker(new URL('@impulse/worker/worker', import.meta.url), { type: 'module' })`.
   */
  worker?: () => Worker;
}

function defaultWorker(): Worker {
  return new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'impulse-physics' });
}

/** Starts a physics world in a Web Worker and returns its client. */
export function createPhysicsWorker(options: WorkerOptions = {}): PhysicsClient {
  const resolved = resolveOptions(options, true, undefined, sharedMemoryAvailable());
  const transport = chooseTransport(options.transport);
  if (options.worker === undefined && typeof Worker === 'undefined') {
    throw new Error(
      "createPhysicsWorker: this runtime has no Web Worker; in Node import { createNodePhysicsWorker } from '@impulse/worker/node' (or use createInlinePhysics)",
    );
  }
  const makeWorker = options.worker ?? defaultWorker;
  return createClient((lost) => {
    const worker = makeWorker();
    worker.addEventListener('error', (event) => {
      lost(new Error(`@impulse/worker: the physics worker failed: ${event.message}`));
    });
    return comlinkBackend(worker, transport, () => worker.terminate());
  }, resolved);
}
