import { BodyRecord, BodyType, type BodyId, makeBox, type World } from '@impulse/core';
import { pyramidScene } from '@impulse/core/scenes';
import { Worker } from 'node:worker_threads';
import { afterEach } from 'vitest';
import { createInlinePhysics, type PhysicsClient } from '../src/index';
import { createNodePhysicsWorker, type NodeWorkerOptions, nodeWorkerScript } from '../src/node';

export const DT = 1 / 60;

/**
 * Disposes, after each test of the calling file, every client handed to the returned
 * `keep` (which returns its argument), so no worker thread outlives its test.
 */
export function disposeAfterEach(): <C extends PhysicsClient>(client: C) => C {
  const clients: PhysicsClient[] = [];
  afterEach(() => {
    for (const c of clients.splice(0)) c.dispose();
  });
  return (client) => {
    clients.push(client);
    return client;
  };
}

/**
 * The client's solver threads once its `helpers` helpers hold the stores last published (a
 * condition, not a time). A helper reads new stores between the coordinator's steps, on its
 * own thread: on a loaded machine it may not have yet when a step's answer arrives, so a
 * test that reads `readyHelpers` right after stepping read 0 (3 threads: 0 of 2, once).
 */
export async function helpersReady(physics: PhysicsClient, helpers: number) {
  for (;;) {
    const threads = await physics.getSolverThreads();
    if (threads.readyHelpers >= helpers) return threads;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** Steps the client `n` steps and the inline `world` `n` steps of DT: the same steps on both. */
export async function stepBoth(physics: PhysicsClient, world: World, n: number): Promise<void> {
  await physics.step(n);
  for (let i = 0; i < n; i++) world.step(DT);
}

/** Anything that takes the core's commands: a World, or a client of one. */
export type Commands = Pick<World, 'createBody' | 'createPolygonShape' | 'setBodyLinearVelocity'>;

/** The bench's 20-base pyramid, built through either API (scenes take the World's commands). */
export function buildPyramid(target: World | PhysicsClient, base = 20): BodyId[] {
  return pyramidScene(target as World, base);
}

/** Every body slot's record, as `readBodyTransforms` writes it. */
export function records(source: World | PhysicsClient): Float64Array {
  const out = new Float64Array(source.getBodySlotCount() * BodyRecord.Size);
  source.readBodyTransforms(out);
  return out;
}

/** A dynamic unit box at `position` on a ground 40 m wide, through any API. */
export function boxOnGround(
  target: Commands,
  position: { x: number; y: number },
  shape?: Parameters<World['createPolygonShape']>[2],
): { ground: BodyId; box: BodyId } {
  const ground = target.createBody();
  target.createPolygonShape(ground, makeBox(20, 1));
  const box = target.createBody({ type: BodyType.Dynamic, position });
  target.createPolygonShape(box, makeBox(0.5, 0.5), shape);
  return { ground, box };
}

/** `count` boxes in a column on a ground, through any API. */
export function buildColumn(target: Commands, count: number): BodyId[] {
  const ground = target.createBody();
  target.createPolygonShape(ground, makeBox(20, 1));
  const ids: BodyId[] = [];
  for (let i = 0; i < count; i++) {
    const b = target.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 2 + i * 1.05 } });
    target.createPolygonShape(b, makeBox(0.5, 0.5));
    ids.push(b);
  }
  return ids;
}

/**
 * A worker thread on the built script. Vitest runs tests with `--conditions source`
 * (workspace packages resolve to their TypeScript); a worker thread inherits the flags and
 * Node cannot load .ts, so the thread starts without them.
 */
export function createTestWorker(options: Omit<NodeWorkerOptions, 'worker'> = {}): PhysicsClient {
  return createNodePhysicsWorker({
    ...options,
    worker: () => new Worker(nodeWorkerScript(), { execArgv: [] }),
  });
}

/** The two backends a client test runs on, stepped by hand: `describe.each(BACKENDS)`. */
export const BACKENDS: readonly (readonly [name: string, create: () => PhysicsClient])[] = [
  ['a worker thread', () => createTestWorker({ stepping: 'manual' })],
  ['the inline backend', () => createInlinePhysics({ stepping: 'manual' })],
];

/** BACKENDS with the worker thread on each of its transports. */
export const TRANSPORTS: readonly (readonly [name: string, create: () => PhysicsClient])[] = [
  ['a worker thread over shared memory', () => createTestWorker({ stepping: 'manual', transport: 'shared' })],
  [
    'a worker thread with frames sent by message',
    () => createTestWorker({ stepping: 'manual', transport: 'transfer' }),
  ],
  BACKENDS[1]!,
];

/** A worker thread whose messages in both directions are counted. */
export function countedWorker(options: Omit<NodeWorkerOptions, 'worker'> = {}) {
  const counts = { toWorker: 0, fromWorker: 0 };
  const physics = createNodePhysicsWorker({
    ...options,
    worker: () => {
      const worker = new Worker(nodeWorkerScript(), { execArgv: [] });
      const post = worker.postMessage.bind(worker);
      worker.postMessage = (value: unknown, transfer?: never) => {
        counts.toWorker++;
        post(value, transfer);
      };
      worker.on('message', () => counts.fromWorker++);
      return worker;
    },
  });
  return { physics, counts };
}
