/**
 * A solver helper of a world's step as a browser module worker, started by the browser
 * physics worker (worldHelperSpawner). Its kernel, the core's block functions
 * (@impulse/core/parallel), is imported here by name rather than loaded by URL: an app's
 * bundler (Vite, webpack, esbuild) then bundles it into this worker's own file (a chunk of
 * it), beside the physics worker's, and neither the page nor the physics worker carries it.
 * The pool's kernel URL (WORLD_KERNEL) only names it in errors.
 */
import { browserHelperEndpoint } from './helper_endpoint_browser.js';
import { runHelper } from './helper_loop.js';

runHelper(browserHelperEndpoint(), () => import('@impulse/core/parallel'));
