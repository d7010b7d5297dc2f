/**
 * A world's step handed to a `WorldStepExecutor` (loaded on demand by helper_source.ts, so
 * that a physics worker stepping alone does not load the executor's code).
 */
import type { World } from '@impulse/core';
import { setStepExecutor } from '@impulse/core/parallel';
import type { SolverThreads } from '../protocol/host_messages.js';
import type { HelperLease, HelperOptions } from './helper_source.js';
import type { HelperSpawner } from './pool.js';
import { WorldStepExecutor } from './world_executor.js';

/** Sets a new executor over `helpers` helpers as `world`'s step executor. */
export function attachHelpers(
  world: World,
  helpers: number,
  spawn: HelperSpawner,
  kernelUrl: string,
  options: HelperOptions,
): HelperLease {
  const executor = new WorldStepExecutor(world, {
    helpers,
    spawn,
    kernelUrl,
    ...(options.solverBlockItems === undefined ? {} : { minBlockItems: options.solverBlockItems }),
    ...(options.solverWorkerUse === undefined ? {} : { useHelpers: options.solverWorkerUse }),
  });
  setStepExecutor(world, executor);
  return {
    solverThreads: (): Omit<SolverThreads, 'contactKernel'> => ({
      threads: helpers + 1,
      readyHelpers: executor.readyHelpers,
      sharedStages: executor.dispatches,
      threadsInUse: executor.threadsInUse,
      measuredSpeedUp: executor.measuredSpeedUp,
    }),
    dispose: () => executor.dispose(),
  };
}
