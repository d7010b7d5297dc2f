/**
 * A world's step handed to a `WorldStepExecutor` (loaded on demand by helper_source.ts, so
 * that a physics worker stepping alone does not load the executor's code).
 */
import type { World } from '@impulse/core';
import { setStepExecutor } from '@impulse/core/parallel';
import { type WorldExecutorOptions, WorldStepExecutor } from './world_executor.js';

/** Sets a new executor over `options.helpers` helpers as `world`'s step executor. */
export function attachHelpers(world: World, options: WorldExecutorOptions): WorldStepExecutor {
  const executor = new WorldStepExecutor(world, options);
  setStepExecutor(world, executor);
  return executor;
}
