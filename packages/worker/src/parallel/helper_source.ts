/**
 * Where a physics worker gets its solver helpers: a spawner for its kind of thread and the
 * URL of the core's block functions the helpers import (@impulse/core/parallel, built).
 * The worker entries pass one to their host; inline there is none (the caller's thread
 * may not wait), and the host steps on its own thread.
 */
import type { HelperSpawner } from './pool.js';

export interface HelperSource {
  readonly spawn: HelperSpawner;
  /** The URL of @impulse/core's built `parallel.js`. */
  readonly kernelUrl: string;
}
