import { BodyRecord } from '@impulse/core';
import { createInlinePhysics } from '@impulse/worker';
import { describe, expect, it } from 'vitest';
import { FrameLoop } from '../src/frame_loop.js';
import { createMapping } from '../src/screen.js';

describe('FrameLoop', () => {
  it('does no work while no step is published, and none for a step in which nothing moved', async () => {
    const client = createInlinePhysics({ stepping: 'manual', world: { gravity: { x: 0, y: 0 } } });
    const loop = new FrameLoop(createMapping());
    loop.setSource(client);
    const body = client.createBody({ type: 2, position: { x: 0, y: 1 } });
    let calls = 0;
    loop.addCallback(() => calls++);
    await client.step(1);
    expect(loop.tick()).toBe(true);
    expect(loop.tick()).toBe(false); // same frame: nothing to do
    await client.step(1); // no gravity, no velocity: nothing moved
    expect(loop.tick()).toBe(false);
    client.setBodyLinearVelocity(body, { x: 1, y: 0 });
    await client.step(1);
    expect(loop.tick()).toBe(true);
    expect(calls).toBe(2);
    client.dispose();
  });

  it('grows its record buffer as the world grows, allocating nothing per frame otherwise', async () => {
    const client = createInlinePhysics({ stepping: 'manual' });
    const loop = new FrameLoop(createMapping());
    loop.setSource(client);
    let records: Float64Array | null = null;
    loop.addCallback((f) => {
      records = f.records;
    });
    for (let i = 0; i < 200; i++) client.createBody({ type: 2, position: { x: i, y: 0 } });
    await client.step(1);
    loop.tick();
    const first = records!;
    expect(first.length).toBeGreaterThanOrEqual(200 * BodyRecord.Size);
    await client.step(1);
    loop.tick();
    expect(records).toBe(first);
    client.dispose();
  });

  it('hands callbacks a frame number and the records of that same step, when a step lands mid-read (issue 27)', () => {
    // A source whose worker publishes step 2 between the loop's read of the frame number and its copy.
    let frame = 1;
    const source = {
      getFrameNumber: () => frame,
      getInterpolationAlpha: () => 1,
      getBodySlotCount: () => 1,
      getStats: (out: object) => Object.assign(out, { movedCount: 1 }),
      readBodyTransforms(out: Float64Array) {
        if (frame === 1) frame = 2; // step 2 lands after the loop read the frame number, before this copy
        out[BodyRecord.Id] = 1;
        out[BodyRecord.X] = frame; // the body is at x = its step number
        out[BodyRecord.C] = 1;
        return 1;
      },
      readInterpolatedBodyTransforms: () => 0,
      getPosition: () => ({ x: 0, y: 0 }),
      getAngle: () => 0,
      isValidBody: () => true,
    };
    const loop = new FrameLoop(createMapping());
    loop.setSource(source as never);
    const seen: [number, number][] = [];
    loop.addCallback((f) => seen.push([f.frame, f.records[BodyRecord.X]!]));
    loop.tick();
    expect(seen).toEqual([[2, 2]]);
  });
});
