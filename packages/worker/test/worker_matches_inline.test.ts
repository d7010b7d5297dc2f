import { World } from '@impulse/core';
import { describe, expect, it } from 'vitest';
import { buildPyramid, disposeAfterEach, records, stepBoth, TRANSPORTS } from './support';

const keep = disposeAfterEach();

describe.each(TRANSPORTS)('%s', (_name, create) => {
  it('publishes the same transforms as an inline World, bit for bit, over 600 steps of a pyramid', async () => {
    const physics = keep(create());
    const world = new World();
    const ids = buildPyramid(physics);
    expect(buildPyramid(world)).toEqual(ids); // the mirror hands out the worker's ids
    expect(physics.transport).not.toBe('');
    for (let step = 1; step <= 600; step++) {
      await stepBoth(physics, world, 1);
      if (step % 50 === 0 || step <= 3) {
        // Float64Array equality compares every double exactly (NaN aside, which fails too).
        expect(records(physics)).toEqual(records(world));
      }
    }
    expect(await physics.stateHash()).toBe(world.stateHash());
    expect(physics.getStats().stepCount).toBe(600);
  });

  it('reads a body created since the last step where it was created, then where the worker put it', async () => {
    const physics = keep(create());
    const world = new World();
    buildPyramid(physics, 5);
    buildPyramid(world, 5);
    await stepBoth(physics, world, 10);
    const extra = physics.createBody({ type: 2, position: { x: 30, y: 7 } });
    expect(physics.getBodyPosition(extra)).toEqual({ x: 30, y: 7 });
    world.createBody({ type: 2, position: { x: 30, y: 7 } });
    await stepBoth(physics, world, 1);
    expect(physics.getBodyPosition(extra)).toEqual(world.getBodyPosition(extra));
    expect(physics.getBodyLinearVelocity(extra)).toEqual(world.getBodyLinearVelocity(extra));
  });
});
