/** A solver helper under Node's worker_threads (the pool's Node spawner loads it). */
import { parentPort } from 'node:worker_threads';
import { runHelper } from './helper_loop.js';
import type { ToHelper } from './messages.js';

const port = parentPort;
if (port === null) throw new Error('@impulse/worker: helper_node.js must run in a worker thread');
runHelper({
  post: (message) => port.postMessage(message),
  listen: (handler) => port.on('message', (message: ToHelper) => handler(message)),
  close: () => port.close(),
});
