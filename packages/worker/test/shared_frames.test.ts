import { BodyRecord, BodyType, makeBox, World } from '@impulse/core';
import { describe, expect, it } from 'vitest';
import { createTestWorker, disposeAfterEach, records } from './support';

const keep = disposeAfterEach();

/**
 * Bodies that never touch (no mask bits), all starting at x = 0 with the same velocity
 * and no gravity: in any one step they all share one x. A frame mixing two steps shows
 * two different x values.
 */
function driftingBodies(target: Pick<World, 'createBody' | 'createPolygonShape'>, count: number): void {
  for (let i = 0; i < count; i++) {
    const b = target.createBody({
      type: BodyType.Dynamic,
      position: { x: 0, y: i },
      linearVelocity: { x: 1, y: 0 },
      enableSleep: false,
    });
    target.createPolygonShape(b, makeBox(0.1, 0.1), {
      filter: { categoryBits: 1, maskBits: 0, groupIndex: 0 },
    });
  }
}

describe('the shared frame buffer', () => {
  it('never shows a frame that mixes two steps while the worker steps as fast as it can', async () => {
    const count = 2000;
    const physics = createTestWorker({
      world: { gravity: { x: 0, y: 0 } },
      timeScale: 100,
      maxStepsPerTick: 120,
    });
    driftingBodies(physics, count);
    await physics.ready;
    const out = new Float64Array(count * BodyRecord.Size);
    let reads = 0;
    let lastFrame = 0;
    let framesSeen = 0;
    // Read until the worker has published 100 new frames under the reader (and at least 200
    // reads were made): counted in frames, never in time, so a slow machine only takes longer.
    while (framesSeen <= 100 || reads <= 200) {
      const frame = physics.getFrameNumber();
      const slots = physics.readBodyTransforms(out);
      if (slots < count) {
        await new Promise((r) => setTimeout(r, 1)); // bodies not yet published
        continue;
      }
      const x = out[BodyRecord.X]!;
      for (let b = 1; b < count; b++) {
        if (out[b * BodyRecord.Size + BodyRecord.X] !== x) {
          throw new Error(
            `torn frame: body ${b} at x = ${out[b * BodyRecord.Size + BodyRecord.X]}, body 0 at ${x}`,
          );
        }
      }
      reads++;
      if (frame !== lastFrame) framesSeen++;
      lastFrame = frame;
      // Let the event loop breathe now and then, as a renderer between frames does.
      if (reads % 200 === 0) await new Promise((r) => setTimeout(r, 0));
    }
    expect(reads).toBeGreaterThan(200);
    expect(framesSeen).toBeGreaterThan(100); // the worker really was writing meanwhile
  });

  it('keeps reading correct transforms while the buffer grows from 64 slots to thousands', async () => {
    const physics = keep(createTestWorker({ stepping: 'manual' }));
    const world = new World();
    for (const target of [physics, world]) {
      const ground = target.createBody();
      target.createPolygonShape(ground, makeBox(50, 1));
    }
    for (let wave = 0; wave < 5; wave++) {
      for (const target of [physics, world]) {
        for (let i = 0; i < 10 * 4 ** wave; i++) {
          const b = target.createBody({
            type: BodyType.Dynamic,
            position: { x: (i % 40) - 20, y: 3 + wave * 30 + i / 40 },
          });
          target.createPolygonShape(b, makeBox(0.2, 0.2));
        }
      }
      await physics.step(5);
      for (let i = 0; i < 5; i++) world.step(1 / 60);
      expect(records(physics)).toEqual(records(world));
    }
    expect(physics.getStats().bodyCount).toBe(world.getCounters().bodyCount);
    expect(world.getCounters().bodyCount).toBeGreaterThan(3000);
  });
});
