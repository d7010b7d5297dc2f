/**
 * WorldDef.sharedMemory: the hot stores on SharedArrayBuffers give the same bits as plain
 * memory, stay shared as they grow (counting a new generation) and after a restore, and
 * the option is checked like every other setting.
 */

import { describe, expect, it } from 'vitest';
import { BodyType, makeBox, World } from '../../src/index';
import { jointGridScene, mixedPileScene, pyramidScene } from '../../src/scenes/index';
import { sharedMemoryGeneration, sharedStores } from '../../src/world/shared_memory';
import { worldStateOf } from '../../src/world';
import { DT, expectRejected, stepWorld } from '../support';

type Scene = (world: World) => void;

const SCENES: [string, Scene][] = [
  ['pyramid', (w) => pyramidScene(w, 12)],
  ['mixed pile', (w) => mixedPileScene(w, 60)],
  ['joint grid', (w) => jointGridScene(w, { rows: 8, columns: 8 })],
];

function isSharedArray(a: ArrayBufferView): boolean {
  return a.buffer instanceof SharedArrayBuffer;
}

describe('WorldDef.sharedMemory', () => {
  it.each(SCENES)('%s: the same state hash every step and the same snapshot bytes', (_name, scene) => {
    const run = (sharedMemory: boolean): { hashes: number[]; bytes: Uint8Array; shared: boolean } => {
      const world = new World({ sharedMemory });
      scene(world);
      const hashes: number[] = [];
      for (let i = 0; i < 120; i++) {
        world.step(DT);
        hashes.push(world.stateHash());
      }
      return { hashes, bytes: world.snapshot(), shared: isSharedArray(worldStateOf(world).bodies.state) };
    };
    const plain = run(false);
    const shared = run(true);
    expect([plain.shared, shared.shared]).toEqual([false, true]);
    expect(shared.hashes).toEqual(plain.hashes);
    expect(Buffer.compare(shared.bytes, plain.bytes)).toBe(0);
  });

  it('keeps the stores shared as they grow, counting a new generation', () => {
    const world = new World({ sharedMemory: true });
    pyramidScene(world, 4);
    stepWorld(world, 5);
    const w = worldStateOf(world);
    const before = sharedMemoryGeneration();
    const capacity = w.bodies.capacity;
    for (let i = 0; i < 2 * capacity; i++) {
      const b = world.createBody({
        type: BodyType.Dynamic,
        position: { x: 30 + (i % 10), y: 1 + Math.floor(i / 10) },
      });
      world.createPolygonShape(b, makeBox(0.4, 0.4));
    }
    stepWorld(world, 5);
    expect(w.bodies.capacity).toBeGreaterThan(capacity);
    expect(sharedMemoryGeneration()).toBeGreaterThan(before);
    const stores = sharedStores(w);
    for (const name of [
      'bodies.state',
      'contacts.data',
      'constraints.data',
      'constraints.meta',
      'joints.rows',
    ]) {
      expect(stores[name], name).toBeDefined();
    }
    for (const [name, a] of Object.entries(stores)) expect(isSharedArray(a), name).toBe(true);
    expect(stores['bodies.state']).toBe(w.bodies.state);
  });

  it('keeps the quad cache shared as it grows past its first 64 shapes', () => {
    const world = new World({ sharedMemory: true });
    const w = worldStateOf(world);
    const first = w.quadCache.data;
    expect(isSharedArray(first)).toBe(true);
    const shapes = w.quadCache.owner.length;
    for (let i = 0; i <= shapes; i++) {
      const b = world.createBody({ type: BodyType.Dynamic, position: { x: i, y: 1 } });
      world.createPolygonShape(b, makeBox(0.4, 0.4));
    }
    stepWorld(world, 2);
    expect(w.quadCache.data).not.toBe(first);
    expect(w.quadCache.data.length).toBeGreaterThan(first.length);
    const quads = sharedStores(w)['quads.data'];
    expect(quads).toBe(w.quadCache.data);
    expect(isSharedArray(w.quadCache.data)).toBe(true);
  });

  it('stays shared after a restore, and steps on to the same bits', () => {
    const source = new World();
    mixedPileScene(source, 40);
    stepWorld(source, 30);
    const bytes = source.snapshot();
    const world = new World({ sharedMemory: true });
    world.restore(bytes);
    const w = worldStateOf(world);
    expect(isSharedArray(w.bodies.state)).toBe(true);
    expect(isSharedArray(w.awakeBodies)).toBe(true);
    stepWorld(source, 30);
    stepWorld(world, 30);
    expect(world.stateHash()).toBe(source.stateHash());
  });

  it('is checked, and fixed once the world is made', () => {
    expect(() => new World({ sharedMemory: 'yes' as never })).toThrow(/World: sharedMemory .*yes/);
    const world = new World();
    pyramidScene(world, 3);
    stepWorld(world, 2);
    expectRejected(
      world,
      () => world.setSettings({ sharedMemory: true }),
      'setSettings',
      'sharedMemory',
      'true',
    );
    world.setSettings({ sharedMemory: false, subSteps: 4 });
  });
});
