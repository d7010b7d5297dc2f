import { describe, expect, it } from 'vitest';
import { BodyRecord, BodyType, makeBox, World } from '../../src/index';
import { DT } from '../support';

function twoBoxes() {
  const world = new World();
  const ground = world.createBody();
  world.createPolygonShape(ground, makeBox(10, 1));
  const a = world.createBody({ type: BodyType.Dynamic, position: { x: -1, y: 3 }, angle: 0.3 });
  world.createPolygonShape(a, makeBox(0.5, 0.5));
  const b = world.createBody({ type: BodyType.Dynamic, position: { x: 2, y: 5 } });
  world.createPolygonShape(b, makeBox(0.5, 0.5));
  return { world, ground, a, b };
}

describe('readBodyTransforms', () => {
  it('writes each body at its slot with the values the per-body getters return', () => {
    const { world, ground, a, b } = twoBoxes();
    world.setBodyAngularVelocity(a, 1.5);
    for (let i = 0; i < 20; i++) world.step(DT);
    const out = new Float64Array(world.getBodySlotCount() * BodyRecord.Size);
    expect(world.readBodyTransforms(out)).toBe(3);
    for (const id of [ground, a, b]) {
      const o = world.getBodySlot(id) * BodyRecord.Size;
      const p = world.getBodyPosition(id);
      const q = world.getBodyRotation(id);
      const v = world.getBodyLinearVelocity(id);
      expect(out[o + BodyRecord.Id]).toBe(id);
      expect(out[o + BodyRecord.Awake]).toBe(world.isBodyAwake(id) ? 1 : 0);
      expect([out[o + BodyRecord.X], out[o + BodyRecord.Y]]).toEqual([p.x, p.y]);
      expect([out[o + BodyRecord.C], out[o + BodyRecord.S]]).toEqual([q.c, q.s]);
      expect([out[o + BodyRecord.VX], out[o + BodyRecord.VY]]).toEqual([v.x, v.y]);
      expect(out[o + BodyRecord.W]).toBe(world.getBodyAngularVelocity(id));
    }
    expect(out[world.getBodySlot(ground) * BodyRecord.Size + BodyRecord.Awake]).toBe(0);
  });

  it('marks a destroyed body slot free with id 0 and honours stride and offset', () => {
    const { world, a, b } = twoBoxes();
    world.destroyBody(a);
    const stride = 12;
    const out = new Float64Array(3 + 3 * stride).fill(7);
    world.readBodyTransforms(out, stride, 3);
    const freed = 3 + world.getBodySlot(b) * stride - stride; // a was created just before b
    expect(out[freed + BodyRecord.Id]).toBe(0);
    expect(out[freed + BodyRecord.X]).toBe(0);
    expect(out[3 + world.getBodySlot(b) * stride + BodyRecord.Id]).toBe(b);
    expect(out[3 + world.getBodySlot(b) * stride + BodyRecord.Size]).toBe(7); // caller's field kept
    expect(out[0]).toBe(7);
  });

  it('rejects an array too short for every slot, naming the length it needs', () => {
    const { world } = twoBoxes();
    expect(() => world.readBodyTransforms(new Float64Array(10))).toThrow(
      'readBodyTransforms: out.length must be at least 27',
    );
    expect(() => world.readBodyTransforms(new Float64Array(27), 4)).toThrow(/stride/);
  });

  it('counts joints', () => {
    const { world, a, b } = twoBoxes();
    expect(world.getCounters().jointCount).toBe(0);
    world.createDistanceJoint({ bodyA: a, bodyB: b });
    expect(world.getCounters().jointCount).toBe(1);
  });
});
