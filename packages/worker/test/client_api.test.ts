import { Worker } from 'node:worker_threads';
import { BodyType, makeBox, makeCircle, World } from '@impulse/core';
import { describe, expect, it } from 'vitest';
import type { PhysicsClient } from '../src/index';
import { createNodePhysicsWorker, nodeWorkerScript } from '../src/node';
import {
  buildColumn,
  buildPyramid,
  countedWorker,
  createTestWorker,
  disposeAfterEach,
  DT,
  records,
  stepBoth,
} from './support';

const keep = disposeAfterEach();

/**
 * A pyramid stepped 60 steps is saved with `save`, stepped 90 more, loaded back with `load`
 * and stepped the same 90 again: the bodies and the state hash equal the straight run's.
 */
async function resumesBitForBit<S>(
  save: (physics: PhysicsClient) => Promise<S>,
  load: (physics: PhysicsClient, saved: S) => Promise<void>,
): Promise<void> {
  const physics = keep(createTestWorker({ stepping: 'manual' }));
  buildPyramid(physics, 10);
  await physics.step(60);
  const saved = await save(physics);
  await physics.step(90);
  const straight = records(physics);
  const hash = await physics.stateHash();
  await load(physics, saved);
  await physics.step(90);
  expect(records(physics)).toEqual(straight);
  expect(await physics.stateHash()).toBe(hash);
}

function countedManual() {
  const counted = countedWorker({ stepping: 'manual' });
  keep(counted.physics);
  return counted;
}

/** Resolves once `done()` holds, polling between tasks: waits on steps, never on a duration. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((r) => setTimeout(r, 5));
}

describe('commands', () => {
  it('creates 10,000 bodies with shapes in one message and its reply', async () => {
    const { physics, counts } = countedManual();
    await physics.ready;
    const before = { ...counts };
    const ids = [];
    for (let i = 0; i < 10_000; i++) {
      const b = physics.createBody({
        type: BodyType.Dynamic,
        position: { x: (i % 100) * 1.5, y: 2 + Math.floor(i / 100) * 1.5 },
      });
      physics.createCircleShape(b, makeCircle(0, 0, 0.5));
      ids.push(b);
    }
    expect(new Set(ids).size).toBe(10_000); // ids at once, all distinct
    await physics.flush();
    expect(counts.toWorker - before.toWorker).toBeLessThanOrEqual(3); // the batch and flush's barrier
    expect(counts.fromWorker - before.fromWorker).toBeLessThanOrEqual(3);
    await physics.step(1);
    expect(physics.getStats().bodyCount).toBe(10_000);
  });

  it('sends no message at all while a world steps in realtime with nothing to say', async () => {
    const { physics, counts } = countedWorker();
    keep(physics);
    buildPyramid(physics, 10);
    await physics.flush();
    const frame = physics.getFrameNumber();
    const before = { ...counts };
    // it steps on its own: wait for 10 published frames (read from shared memory, no message)
    await until(() => physics.getFrameNumber() > frame + 10);
    expect(counts).toEqual(before);
  });

  it('throws bad input at the call site with the core message, sends nothing and leaves the world as it was', async () => {
    const physics = keep(createTestWorker({ stepping: 'manual' }));
    const [box] = buildColumn(physics, 3);
    await physics.step(5);
    const hash = await physics.stateHash();
    const inline = new World();
    expect(() => inline.createBody({ position: { x: Number.NaN, y: 0 } })).toThrow(/position\.x/);
    expect(() => physics.createBody({ position: { x: Number.NaN, y: 0 } })).toThrow(
      'createBody: position.x must be finite, got NaN',
    );
    expect(() => physics.createPolygonShape(box!, makeBox(-1, 1))).toThrow(/createPolygonShape|makeBox/);
    expect(() => physics.setBodyLinearVelocity(box!, { x: Number.POSITIVE_INFINITY, y: 0 })).toThrow(
      /^setBodyLinearVelocity: velocity\.x/,
    );
    physics.destroyBody(box!);
    expect(() => physics.applyBodyForceToCenter(box!, { x: 1, y: 0 })).toThrow(/^applyBodyForceToCenter: /);
    await physics.flush();
    // Only the destroy went through.
    const world = new World();
    const [b2] = buildColumn(world, 3);
    for (let i = 0; i < 5; i++) world.step(DT);
    world.destroyBody(b2!);
    expect(await physics.stateHash()).toBe(world.stateHash());
    expect(hash).not.toBe(world.stateHash());
  });
});

describe('snapshots and failures', () => {
  it('continues bit for bit after snapshot, more steps, and restore', async () => {
    await resumesBitForBit(
      (physics) => physics.snapshot(),
      (physics, bytes) => physics.restore(bytes),
    );
  });

  it('restores a snapshot into a fresh worker that then continues as the first one does', async () => {
    const first = keep(createTestWorker({ stepping: 'manual' }));
    buildPyramid(first, 10);
    await first.step(60);
    const bytes = await first.snapshot();
    const second = keep(createTestWorker({ stepping: 'manual' }));
    await second.restore(bytes);
    await Promise.all([first.step(90), second.step(90)]);
    expect(records(second)).toEqual(records(first));
    // Ids agree too: a body created on both now gets the same id.
    expect(second.createBody()).toBe(first.createBody());
  });

  it('reports a worker that died and rejects what was waiting on it', async () => {
    let thread: Worker | null = null;
    const physics = keep(
      createNodePhysicsWorker({
        stepping: 'manual',
        worker: () => {
          thread = new Worker(nodeWorkerScript(), { execArgv: [] });
          return thread;
        },
      }),
    );
    const errors: string[] = [];
    physics.onError((e) => errors.push(e.message));
    buildColumn(physics, 2);
    await physics.step(1);
    const pending = physics.step(1_000_000);
    await thread!.terminate();
    await expect(pending).rejects.toThrow(/worker exited/);
    await expect(physics.stateHash()).rejects.toThrow(/worker exited/);
    expect(errors).toEqual([expect.stringMatching(/worker exited/)]);
  });
});

describe('rollback states', () => {
  it('save, step on, load and step again equals the straight run, bit for bit', async () => {
    await resumesBitForBit(
      async (physics) => {
        const state = await physics.saveState();
        expect(state.byteLength).toBeGreaterThan(0);
        return state;
      },
      async (physics, state) => {
        await physics.loadState(state);
        expect(physics.getStats().stepCount).toBe(60);
      },
    );
  });

  it('rejects a state of another structure with the core message and leaves the world as it was', async () => {
    const physics = keep(createTestWorker({ stepping: 'manual' }));
    buildColumn(physics, 3);
    await physics.step(5);
    const state = await physics.saveState();
    physics.createBody();
    const hash = await physics.stateHash();
    await expect(physics.loadState(state)).rejects.toThrow(
      /loadState: state must come from a world of the same structure/,
    );
    expect(await physics.stateHash()).toBe(hash);
  });
});

describe('restart', () => {
  it('brings a killed worker back from its automatic snapshot and continues as if never killed', async () => {
    let thread: Worker | null = null;
    const physics = keep(
      createNodePhysicsWorker({
        stepping: 'manual',
        snapshotEvery: 60,
        worker: () => {
          thread = new Worker(nodeWorkerScript(), { execArgv: [] });
          return thread;
        },
      }),
    );
    const errors: string[] = [];
    physics.onError((e) => errors.push(e.message));
    const ids = buildPyramid(physics, 10);
    await physics.step(100); // snapshot taken at step 60
    const killed = thread!;
    await killed.terminate();
    await expect(physics.stateHash()).rejects.toThrow(/worker exited/);
    await physics.restart();
    expect(thread).not.toBe(killed);
    expect(physics.getStats().stepCount).toBe(60);
    await physics.step(40);
    const world = new World();
    expect(buildPyramid(world, 10)).toEqual(ids);
    for (let i = 0; i < 100; i++) world.step(DT);
    expect(records(physics)).toEqual(records(world));
    expect(await physics.stateHash()).toBe(world.stateHash());
    expect(errors).toHaveLength(1);
    // New bodies get the ids the uninterrupted world hands out.
    expect(physics.createBody()).toBe(world.createBody());
  });

  it('restarts into an empty world when there is no snapshot', async () => {
    const physics = keep(createTestWorker({ stepping: 'manual' }));
    buildPyramid(physics, 5);
    await physics.step(10);
    await physics.restart();
    await physics.step(1);
    expect(physics.getStats().bodyCount).toBe(0);
    expect(physics.getBodySlotCount()).toBe(0);
  });
});

describe('events', () => {
  it('delivers every contact begin and end in the core order, once', async () => {
    const physics = keep(createTestWorker({ stepping: 'manual' }));
    const world = new World();
    const seen: number[] = [];
    physics.onContactEvents((e) => {
      for (let i = 0; i < e.beginCount; i++) seen.push(1, e.beginShapeA[i]!, e.beginShapeB[i]!);
      for (let i = 0; i < e.endCount; i++) seen.push(-1, e.endShapeA[i]!, e.endShapeB[i]!);
    });
    const expected: number[] = [];
    const top = buildColumn(physics, 6).at(-1)!;
    expect(buildColumn(world, 6).at(-1)).toBe(top);
    await stepBoth(physics, world, 1); // events listened to from the first step on
    {
      const e = world.getContactEvents();
      for (let i = 0; i < e.beginCount; i++) expected.push(1, e.beginShapeA[i]!, e.beginShapeB[i]!);
      for (let i = 0; i < e.endCount; i++) expected.push(-1, e.endShapeA[i]!, e.endShapeB[i]!);
    }
    for (let s = 0; s < 120; s++) {
      if (s === 60) {
        physics.applyBodyLinearImpulseToCenter(top, { x: 0, y: 30 });
      }
      await physics.step(1);
    }
    for (let s = 0; s < 120; s++) {
      if (s === 60) world.applyBodyLinearImpulseToCenter(top, { x: 0, y: 30 });
      world.step(DT);
      const e = world.getContactEvents();
      for (let i = 0; i < e.beginCount; i++) expected.push(1, e.beginShapeA[i]!, e.beginShapeB[i]!);
      for (let i = 0; i < e.endCount; i++) expected.push(-1, e.endShapeA[i]!, e.endShapeB[i]!);
    }
    expect(expected.filter((v) => v === -1).length).toBeGreaterThan(0);
    expect(seen).toEqual(expected);
  });
});

describe('stats', () => {
  it('publishes counts, the step time and, when the world profiles, the core stage timings', async () => {
    const physics = keep(createTestWorker({ stepping: 'manual', world: { enableProfile: true } }));
    buildPyramid(physics, 10);
    await physics.step(5);
    const s = physics.getStats();
    expect(s).toMatchObject({
      stepCount: 5,
      bodyCount: 56,
      awakeBodyCount: 55,
      jointCount: 0,
      paused: false,
    });
    expect(s.touchingContactCount).toBeGreaterThan(50);
    expect(s.stepMs).toBeGreaterThan(0);
    expect(s.profile.solve).toBeGreaterThan(0);
    expect(s.profile.collide).toBeGreaterThan(0);
  });
});

describe('realtime stepping', () => {
  it('steps on its own clock, stops while paused and resumes', async () => {
    const physics = keep(createTestWorker());
    buildColumn(physics, 3);
    await physics.ready;
    await until(() => physics.getStats().stepCount > 5);
    physics.setPaused(true);
    await physics.flush();
    const paused = physics.getStats().stepCount;
    // a slow machine steps less in this time, never more: this wait cannot fail for want of speed
    await new Promise((r) => setTimeout(r, 300));
    expect(physics.getStats().stepCount).toBe(paused);
    physics.setPaused(false);
    await until(() => physics.getStats().stepCount > paused + 5);
    const alpha = physics.getInterpolationAlpha();
    expect(alpha).toBeGreaterThanOrEqual(0);
    expect(alpha).toBeLessThanOrEqual(1);
  });
});
