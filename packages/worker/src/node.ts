/// <reference path="./comlink-node-adapter.d.ts" />
/**
 * The Node backend: the same worker code under `worker_threads`, for tests, tools and
 * game servers. Import from `@impulse/worker/node`.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { createClient, type PhysicsClient } from './client/client.js';
import { comlinkBackend } from './client/comlink_backend.js';
import { type PhysicsOptions, resolveOptions } from './client/options.js';
import { scriptBesideOrBuilt } from './script_url.js';
import { chooseTransport, sharedMemoryAvailable, type TransportOption } from './client/transport.js';

export interface NodeWorkerOptions extends PhysicsOptions {
  /** `auto` (default) and `shared` use shared memory; `transfer` sends each frame in a message. */
  transport?: TransportOption;
  /** Creates the worker thread; the default runs this package's `node_worker.js`. */
  worker?: () => Worker;
  /**
   * Keep the process alive while the client lives, as a server's world should. Default
   * false: the worker thread holds the process only while a reply is awaited (`step(n)`,
   * `stateHash()`, ...), so a script that ends without `dispose()` still exits.
   */
  keepAlive?: boolean;
}

/** The built worker script. From the sources (in this repository's tests) it is the build's. */
export function nodeWorkerScript(): URL {
  return scriptBesideOrBuilt('./node_worker.js', '../dist/node_worker.js', import.meta.url);
}

/** Starts a physics world in a Node worker thread and returns its client. */
export function createNodePhysicsWorker(options: NodeWorkerOptions = {}): PhysicsClient {
  const resolved = resolveOptions(options, true, availableParallelism(), sharedMemoryAvailable());
  if (options.keepAlive !== undefined && typeof options.keepAlive !== 'boolean') {
    throw new TypeError(
      `createNodePhysicsWorker: keepAlive must be a boolean or undefined, got ${String(options.keepAlive)}`,
    );
  }
  const transport = chooseTransport(options.transport);
  const makeWorker = options.worker ?? (() => new Worker(nodeWorkerScript()));
  return createClient((lost) => {
    const worker = makeWorker();
    let disposed = false;
    worker.on('error', (error) =>
      lost(new Error(`@impulse/worker: the physics worker failed: ${error.message}`)),
    );
    worker.on('exit', (code) => {
      if (!disposed) lost(new Error(`@impulse/worker: the physics worker exited (code ${code})`));
    });
    const keepAlive = options.keepAlive === true;
    if (!keepAlive) worker.unref();
    return comlinkBackend(
      nodeEndpoint(worker as never),
      transport,
      () => {
        disposed = true;
        void worker.terminate();
      },
      keepAlive ? null : worker,
    );
  }, resolved);
}

export type { PhysicsClient } from './client/client.js';
