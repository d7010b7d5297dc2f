/// <reference path="./comlink-node-adapter.d.ts" />
/** The worker script for Node's worker_threads (createNodePhysicsWorker loads it). */
import { parentPort } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { inCallOrder } from './host/call_order.js';
import { RemoteWorldHost } from './host/remote_host.js';
import { helperSource } from './parallel/helper_source.js';
import { nodeKernelUrl } from './parallel/kernel_url_node.js';
import { nodeHelperSpawner } from './parallel/spawn_node.js';

if (!parentPort) throw new Error('@impulse/worker: node_worker.js must run in a worker thread');
// solver helpers are worker threads this thread starts (only when solverWorkers > 1)
const helpers = helperSource(() => nodeHelperSpawner(), nodeKernelUrl);
Comlink.expose(inCallOrder(new RemoteWorldHost(helpers)), nodeEndpoint(parentPort));
