/**
 * The solver-threads benchmark's run (bench/solver_threads.ts): the tumbler (2,025 boxes,
 * the bench's scene that never rests) in a fresh manual physics worker, once its helpers are
 * attached (getSolverThreads waits for them), `warmup` steps one at a time, then `steps`
 * steps in one call, timed. The same function runs in a browser's worker (through the test hook) and in
 * Node's (createNodePhysicsWorker), so the two curves measure the same thing.
 */
import type { World } from '@impulse/core';
import { tumblerScene } from '@impulse/core/scenes';
import type { PhysicsClient, SolverThreads } from '@impulse/worker';

export interface SolverTiming {
  /** Wall time of the timed call over its steps. */
  msPerStep: number;
  /** Who stepped the world: threads, helpers holding the stores, stages shared. */
  solver: SolverThreads;
  /** The world's state hash at the end: the same for every thread count. */
  stateHash: number;
}

/** Times the tumbler on `client`'s world (made with the thread count to measure). */
export async function timeSolverThreads(
  client: PhysicsClient,
  warmup: number,
  steps: number,
): Promise<SolverTiming> {
  tumblerScene(client as unknown as World, 45);
  await client.getSolverThreads();
  for (let i = 0; i < warmup; i++) await client.step(1);
  const t0 = performance.now();
  await client.step(steps);
  const msPerStep = (performance.now() - t0) / steps;
  return { msPerStep, solver: await client.getSolverThreads(), stateHash: await client.stateHash() };
}
