/**
 * The worker script for browsers: `new Worker(new URL('./worker.js', import.meta.url),
 * { type: 'module' })` loads it (createPhysicsWorker does by default).
 */
import * as Comlink from 'comlink';
import { RemoteWorldHost } from './host/remote_host.js';

Comlink.expose(new RemoteWorldHost());
