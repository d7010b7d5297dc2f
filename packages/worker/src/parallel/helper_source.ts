/**
 * Where a physics worker gets its solver helpers. The worker entries pass one to their
 * host; inline there is none (the caller's thread may not wait), and the host steps on its
 * own thread.
 *
 * The executor's code (the pool, the core's `@impulse/core/parallel`) is loaded by a
 * dynamic import when a world first asks for helpers: a physics worker that steps alone
 * never loads it, and its bundle does not carry it (apps/size's worker budget). The world
 * steps on the calling thread until the executor is attached; the step's bits do not
 * depend on the thread count, so when it is attached changes nothing but speed.
 */
import type { World } from '@impulse/core';
import type { HostInit, SolverThreads } from '../protocol/host_messages.js';
import type { HelperSpawner } from './pool.js';

/** A world's helpers: what they did (PhysicsClient.getSolverThreads), and their end (the host disposes it with the world). */
export interface HelperLease {
  solverThreads(): Omit<SolverThreads, 'contactKernel'>;
  dispose(): void;
}

/** The host's options the helpers read (PhysicsOptions.solverBlockItems, solverWorkerUse). */
export type HelperOptions = Partial<Pick<HostInit, 'solverBlockItems' | 'solverWorkerUse'>>;

export interface HelperSource {
  /**
   * Makes `world` (made with `sharedMemory: true`) step with `helpers` solver helpers
   * besides the calling thread, in blocks of at least `options.solverBlockItems` items
   * (default DEFAULT_MIN_BLOCK_ITEMS), used as `options.solverWorkerUse` says (default
   * 'auto'); resolves once its step executor is set (between steps).
   */
  attach(world: World, helpers: number, options: HelperOptions): Promise<HelperLease>;
}

/**
 * A helper source over a spawner and the URL of @impulse/core's built `parallel.js`, both
 * asked for only when a world first attaches helpers.
 */
export function helperSource(spawner: () => HelperSpawner, kernelUrl: () => string): HelperSource {
  return {
    async attach(world, helpers, options) {
      const { attachHelpers } = await import('./attach.js');
      return attachHelpers(world, helpers, spawner(), kernelUrl(), options);
    },
  };
}
