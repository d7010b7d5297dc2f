import { ContactPointRecord, World } from '@impulse/core';
import { describe, expect, it } from 'vitest';
import { buildPyramid, disposeAfterEach, DT, TRANSPORTS } from './support';

const keep = disposeAfterEach();

describe.each(TRANSPORTS)('debug contact points in %s', (_name, create) => {
  it('are published only when asked for, equal to the core read of the same step', async () => {
    const physics = keep(create());
    const world = new World();
    buildPyramid(physics, 12);
    buildPyramid(world, 12);
    const out = new Float64Array(1024 * ContactPointRecord.Size);
    await physics.step(5);
    expect(physics.readContactPoints(out)).toBe(0); // off by default
    physics.setDebugContacts(true);
    await physics.step(25);
    for (let i = 0; i < 30; i++) world.step(DT);
    const expected = new Float64Array(1024 * ContactPointRecord.Size);
    const n = world.readContactPoints(expected);
    expect(n).toBeGreaterThan(64); // past the first debug capacity: the buffer grew
    expect(physics.readContactPoints(out)).toBe(n);
    expect(out.subarray(0, n * ContactPointRecord.Size)).toEqual(
      expected.subarray(0, n * ContactPointRecord.Size),
    );
    physics.setDebugContacts(false);
    await physics.step(1);
    expect(physics.readContactPoints(out)).toBe(0);
  });
});
