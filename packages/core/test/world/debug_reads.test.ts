import { describe, expect, it } from 'vitest';
import { BodyType, ContactPointRecord, makeBox, World } from '../../src/index';
import { boxOnGround } from '../support';

describe('readContactPoints', () => {
  it('gives the two points of a resting box on the ground, its normal and the impulse that holds its weight', () => {
    const world = new World();
    boxOnGround(world, { groundHalfWidth: 5, x: 1, y: 1.2, shape: { density: 2 } });
    for (let i = 0; i < 120; i++) world.step(1 / 60);
    const out = new Float64Array(4 * ContactPointRecord.Size);
    expect(world.readContactPoints(out)).toBe(2);
    let impulse = 0;
    for (let k = 0; k < 2; k++) {
      const o = k * ContactPointRecord.Size;
      expect(out[o + ContactPointRecord.Y]).toBeCloseTo(0.5, 2); // the ground's top
      expect(Math.abs(out[o + ContactPointRecord.X]! - 1)).toBeCloseTo(0.5, 2); // the box's corners
      expect(Math.abs(out[o + ContactPointRecord.NY]!)).toBeCloseTo(1, 6);
      expect(out[o + ContactPointRecord.Separation]).toBeLessThan(0.01);
      impulse += out[o + ContactPointRecord.NormalImpulse]!;
    }
    expect(impulse).toBeCloseTo((2 * 10) / 60 / 4, 3); // m g h: one of the 4 sub-steps, m = 2 kg
  });

  it('says how many points there are when the array is too short, and writes what fits', () => {
    const world = new World();
    const ground = world.createBody();
    world.createPolygonShape(ground, makeBox(5, 0.5));
    for (let i = 0; i < 3; i++) {
      const b = world.createBody({ type: BodyType.Dynamic, position: { x: -3 + 3 * i, y: 1.1 } });
      world.createPolygonShape(b, makeBox(0.5, 0.5));
    }
    for (let i = 0; i < 30; i++) world.step(1 / 60);
    const small = new Float64Array(ContactPointRecord.Size).fill(Number.NaN);
    expect(world.readContactPoints(small)).toBe(6);
    expect(Number.isFinite(small[ContactPointRecord.X])).toBe(true);
    expect(() => world.readContactPoints(small, 2)).toThrow(/readContactPoints: stride/);
  });
});

describe('getBodyJoints', () => {
  it('lists the joints on a body, newest first, and forgets a destroyed one', () => {
    const world = new World();
    const a = world.createBody({ type: BodyType.Dynamic });
    const b = world.createBody({ type: BodyType.Dynamic, position: { x: 1, y: 0 } });
    const c = world.createBody({ type: BodyType.Dynamic, position: { x: 2, y: 0 } });
    const ab = world.createRevoluteJoint({ bodyA: a, bodyB: b });
    const bc = world.createDistanceJoint({ bodyA: b, bodyB: c });
    expect(world.getBodyJoints(b)).toEqual([bc, ab]);
    expect(world.getBodyJoints(a)).toEqual([ab]);
    world.destroyJoint(ab);
    expect(world.getBodyJoints(b)).toEqual([bc]);
    expect(world.getBodyJoints(a)).toEqual([]);
  });
});
