/// <reference path="./comlink-node-adapter.d.ts" />
/** The worker script for Node's worker_threads (createNodePhysicsWorker loads it). */
import { parentPort } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { RemoteWorldHost } from './host/remote_host.js';

if (!parentPort) throw new Error('@impulse/worker: node_worker.js must run in a worker thread');
Comlink.expose(new RemoteWorldHost(), nodeEndpoint(parentPort));
