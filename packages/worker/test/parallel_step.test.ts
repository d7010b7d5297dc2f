/**
 * One world stepped by the calling thread and solver helpers (src/parallel/world_executor.ts)
 * gives the single-threaded bits: the same state hash after every step and the same
 * snapshot bytes, with 1, 2 and 3 threads, on every scene family. The test's thread is the
 * coordinator (Node's main thread may wait); the helpers run the built scripts and the
 * core's built `parallel.js`, as under the physics worker. Blocks are cut small so that
 * even the small scenes are shared out.
 */

import { BodyType, makeBox, makeCapsule, World } from '@impulse/core';
import { setStepExecutor } from '@impulse/core/parallel';
import {
  bridgeScene,
  bulletScene,
  jointGridScene,
  jointMixScene,
  mixedPileScene,
  platformerScene,
  pyramidScene,
  ragdollScene,
  sensorScene,
  stackScene,
} from '@impulse/core/scenes';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeKernelUrl } from '../src/parallel/kernel_url_node';
import { nodeHelperSpawner } from '../src/parallel/spawn_node';
import { WorldStepExecutor } from '../src/parallel/world_executor';

const DT = 1 / 60;
const executors: WorldStepExecutor[] = [];
afterEach(() => {
  for (const e of executors.splice(0)) e.dispose();
});

type Scene = (world: World) => (world: World, step: number) => void;
const still = (): void => {};
/** A scene that only builds: nothing to drive between steps. */
const built =
  (build: (world: World) => void): Scene =>
  (world) => {
    build(world);
    return still;
  };
const capsule = makeCapsule(0, -0.5, 0, 0.5, 0.3);

const scenes: [string, number, Scene][] = [
  [
    'a stack and a pyramid',
    200,
    (world) => {
      stackScene(world, 12);
      pyramidScene(world, 12, { x: 20, y: 0 });
      return still;
    },
  ],
  ['a mixed pile', 200, built((world) => mixedPileScene(world, 150))],
  [
    'joints: a ragdoll on a bridge',
    150,
    (world) => {
      bridgeScene(world);
      ragdollScene(world, { position: { x: 0, y: 6 } });
      return still;
    },
  ],
  ['joints: a joint grid', 120, built((world) => jointGridScene(world, { rows: 12, columns: 12 }))],
  [
    'joints of every kind, a grid, a hub with joints in the overflow',
    150,
    built((world) => jointMixScene(world)),
  ],
  ['sensors', 200, built((world) => sensorScene(world, 4))],
  ['continuous collision: bullets', 120, built((world) => bulletScene(world))],
  [
    'a character pushing a crate',
    200,
    (world) => {
      const level = platformerScene(world);
      const box = world.createBody({ type: BodyType.Dynamic, position: { x: 13, y: level.plateauTop + 2 } });
      world.createPolygonShape(box, makeBox(0.4, 0.4));
      let p = { x: level.spawn.x, y: level.spawn.y };
      return (w, step) => {
        const r = w.moveCharacter(capsule, p, { x: step > 20 ? 4 * DT : 0, y: -0.05 }, { maxPushForce: 50 });
        p = { x: r.position.x, y: r.position.y };
      };
    },
  ],
];

/** Resolves once the executor's helpers hold the stores last published (a condition, not a time). */
async function ready(e: WorldStepExecutor, helpers: number): Promise<void> {
  while (e.readyHelpers < helpers) await new Promise((r) => setTimeout(r, 2));
}

/** Hashes after every step and the final snapshot, on `threads` threads. */
async function trace(scene: Scene, steps: number, threads: number) {
  const world = new World({ sharedMemory: threads > 1 });
  const drive = scene(world);
  let executor: WorldStepExecutor | null = null;
  if (threads > 1) {
    executor = new WorldStepExecutor(world, {
      helpers: threads - 1,
      spawn: nodeHelperSpawner(),
      kernelUrl: nodeKernelUrl(),
      minBlockItems: 2,
    });
    executors.push(executor);
    setStepExecutor(world, executor);
  }
  const hashes: number[] = [];
  let waited = false;
  for (let i = 0; i < steps; i++) {
    drive(world, i);
    world.step(DT);
    hashes.push(world.stateHash());
    // once the first stores are out, let the helpers take them: later steps share blocks
    if (!waited && executor !== null && executor.dispatches > 0) {
      await ready(executor, threads - 1);
      waited = true;
    }
  }
  return { hashes, bytes: world.snapshot(), dispatches: executor?.dispatches ?? 0 };
}

describe('a world stepped by several threads', () => {
  it.each(scenes)(
    '%s: the same hash every step and the same snapshot with 1, 2 and 3 threads',
    async (name, steps, scene) => {
      const one = await trace(scene, steps, 1);
      expect(new Set(one.hashes).size).toBeGreaterThan(30);
      for (const threads of [2, 3]) {
        const many = await trace(scene, steps, threads);
        const first = many.hashes.findIndex((h, i) => h !== one.hashes[i]);
        expect(first, `${threads} threads: first step that differs`).toBe(-1);
        expect(many.bytes).toEqual(one.bytes);
        // the character's world has too few contacts for a block of two: it stays on one thread
        if (!name.startsWith('a character'))
          expect(many.dispatches, 'stages handed to the helpers').toBeGreaterThan(steps / 2);
        // the grid has no contacts: its body stages are 8 dispatches a step (2 a sub-step),
        // its joint colours' warm start, solve and relax at least 3 more a sub-step
        if (name === 'joints: a joint grid')
          expect(many.dispatches, 'joint stages handed to the helpers').toBeGreaterThan(20 * (steps - 5));
      }
    },
  );
});
