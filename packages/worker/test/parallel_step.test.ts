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
import { type WorldExecutorOptions, WorldStepExecutor } from '../src/parallel/world_executor';

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

/** Blocks so small that even the small scenes are shared out. */
const SMALL_BLOCKS = { minBlockItems: 2 };

/** Hashes after every step and the final snapshot, on `threads` threads. */
async function trace(
  scene: Scene,
  steps: number,
  threads: number,
  options: Partial<WorldExecutorOptions> = SMALL_BLOCKS,
) {
  const world = new World({ sharedMemory: threads > 1 });
  const drive = scene(world);
  let executor: WorldStepExecutor | null = null;
  if (threads > 1) {
    executor = new WorldStepExecutor(world, {
      helpers: threads - 1,
      spawn: nodeHelperSpawner(),
      kernelUrl: nodeKernelUrl(),
      ...options,
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
  return {
    hashes,
    bytes: world.snapshot(),
    dispatches: executor?.dispatches ?? 0,
    started: executor?.started ?? false,
    inline: executor?.inline ?? true,
  };
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
      }
    },
  );
});

describe('the small-world fallback (the measured dispatch thresholds)', () => {
  const pyramid =
    (base: number): Scene =>
    (world) => {
      pyramidScene(world, base);
      return still;
    };

  it('steps a world below every threshold on the calling thread alone, colour stages in one loop', async () => {
    // 28 boxes, about 70 contacts: no stage has two blocks of 64 items
    const one = await trace(pyramid(7), 120, 1);
    const two = await trace(pyramid(7), 120, 2, {});
    expect(two.hashes).toEqual(one.hashes);
    expect(two.bytes).toEqual(one.bytes);
    expect(two.dispatches, 'stages handed to the helpers').toBe(0);
    expect(two.started, 'the pool was started').toBe(false);
    expect(two.inline, 'the colour stages ran as one loop each').toBe(true);
  });

  it('checks dispatchBlocks, naming the field and the value', () => {
    const world = new World({ sharedMemory: true });
    for (const bad of [1, 2.5, 0, Number.NaN]) {
      expect(
        () =>
          new WorldStepExecutor(world, {
            helpers: 1,
            spawn: nodeHelperSpawner(),
            kernelUrl: nodeKernelUrl(),
            dispatchBlocks: bad,
          }),
      ).toThrow(`WorldStepExecutor: dispatchBlocks must be an integer >= 2, got ${bad}`);
    }
  });

  it('shares a large world out, colour by colour', async () => {
    // 820 boxes, some 2,400 contacts: the narrow phase and the body stages reach theirs
    const two = await trace(pyramid(40), 20, 2, {});
    expect(two.dispatches).toBeGreaterThan(0);
    expect(two.started).toBe(true);
    expect(two.inline).toBe(false);
  });
});
