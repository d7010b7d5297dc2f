/**
 * The worker script for browsers: `new Worker(new URL('./worker.js', import.meta.url),
 * { type: 'module' })` loads it (createPhysicsWorker does by default). With solverWorkers
 * above 1 it starts its solver helpers as module workers of its own
 * (parallel/world_helper_browser.js); the page resolved the count to 1 where shared memory
 * is unavailable, and then none start.
 */
import * as Comlink from 'comlink';
import { RemoteWorldHost } from './host/remote_host.js';
import { helperSource } from './parallel/helper_source.js';
import { WORLD_KERNEL, worldHelperSpawner } from './parallel/spawn_browser.js';

Comlink.expose(new RemoteWorldHost(helperSource(worldHelperSpawner, () => WORLD_KERNEL)));
