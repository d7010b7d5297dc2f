/**
 * A solver helper as a browser module worker (the physics worker starts it) that imports
 * its kernel module by the URL the pool names: the probe job's check
 * (scripts/pool_browser_check.mjs). A world's helpers are world_helper_browser.ts.
 */
import { browserHelperEndpoint } from './helper_endpoint_browser.js';
import { runHelper } from './helper_loop.js';

runHelper(browserHelperEndpoint());
