import { BodyType, makeCapsule, World } from '@impulse/core';
import { describe, expect, it } from 'vitest';
import type { PhysicsClient } from '../src/index';
import { BACKENDS, boxOnGround, disposeAfterEach, DT } from './support';

const keep = disposeAfterEach();

const capsule = makeCapsule(0, -0.5, 0, 0.5, 0.3);

function level(t: World | PhysicsClient) {
  const { ground, box } = boxOnGround(t, { x: 4, y: 1.5 }, { density: 0.5 });
  return { ground, crate: box };
}

describe.each(BACKENDS)('characters in %s', (_name, create) => {
  it('fall, land and walk exactly as the core mover driven by hand', async () => {
    const physics = keep(create());
    level(physics);
    const character = physics.createCharacter({ capsule, position: { x: -3, y: 4 } });
    // The same by hand on an inline World: gravity, move, keep the clipped velocity, step.
    const world = new World();
    level(world);
    const mover = world.createMover({ capsule, position: { x: -3, y: 4 } });
    let v = { x: 0, y: 0 };
    const state = physics.readCharacter(character);
    expect(state.position).toEqual({ x: -3, y: 4 });
    for (let i = 0; i < 90; i++) {
      const walk = i >= 60 ? 2 : 0;
      if (i === 60)
        physics.setCharacterVelocity(character, { x: walk, y: physics.readCharacter(character).velocity.y });
      if (i === 60) v = { x: walk, y: v.y };
      await physics.step(1);
      v = { x: v.x, y: v.y - 10 * DT };
      mover.move({ x: v.x * DT, y: v.y * DT }, DT);
      v = mover.clipVelocity(v);
      world.step(DT);
      physics.readCharacter(character, state, 1);
      expect(state.position).toEqual(mover.getPosition());
      expect(state.velocity).toEqual(v);
      expect(state.grounded).toBe(mover.grounded);
    }
    expect(state.grounded).toBe(true);
    expect(state.position.y).toBeCloseTo(1 + 0.8, 2); // capsule bottom on the ground's top
    expect(state.position.x).toBeGreaterThan(-3 + 0.9); // walked for half a second at 2 m/s
  });

  it('drives a kinematic body with it, so dynamic bodies are pushed', async () => {
    const physics = keep(create());
    const { crate } = level(physics);
    const avatar = physics.createBody({ type: BodyType.Kinematic, position: { x: 2, y: 1.8 } });
    physics.createCapsuleShape(avatar, capsule);
    const character = physics.createCharacter({
      capsule,
      position: { x: 2, y: 1.8 },
      body: avatar,
      maxPushForce: 500,
    });
    await physics.step(30);
    const before = physics.getBodyPosition(crate).x;
    physics.setCharacterVelocity(character, { x: 3, y: 0 });
    await physics.step(60);
    const s = physics.readCharacter(character, undefined, 1);
    expect(physics.getBodyPosition(avatar).x).toBeCloseTo(s.position.x, 6);
    expect(physics.getBodyPosition(crate).x).toBeGreaterThan(before + 0.5);
  });

  it('rejects bad definitions at the call site with the core message', () => {
    const physics = keep(create());
    expect(() => physics.createCharacter({ capsule, position: { x: Number.NaN, y: 0 } })).toThrow(
      /createMover: def\.position\.x/,
    );
    const dynamic = physics.createBody({ type: BodyType.Dynamic });
    expect(() => physics.createCharacter({ capsule, position: { x: 0, y: 0 }, body: dynamic })).toThrow(
      'createCharacter: def.body must be a kinematic body',
    );
    const id = physics.createCharacter({ capsule, position: { x: 0, y: 0 } });
    physics.destroyCharacter(id);
    expect(() => physics.setCharacterVelocity(id, { x: 1, y: 0 })).toThrow(/live character/);
  });

  it('rejects a velocity or position outside the core ranges at the call site', () => {
    const physics = keep(create());
    const id = physics.createCharacter({ capsule, position: { x: 0, y: 0 } });
    expect(() => physics.setCharacterVelocity(id, { x: 1e300, y: 0 })).toThrow(
      /^setCharacterVelocity: velocity\.x must be in \[-100000, 100000\] m\/s, got 1e\+300$/,
    );
    // the core's vector check, as World.setBodyLinearVelocity runs it
    expect(() => physics.setCharacterVelocity(id, { x: 0, y: Number.NaN })).toThrow(
      /^setCharacterVelocity: velocity\.y must be finite, got NaN$/,
    );
    expect(() => physics.setCharacterVelocity(id, [1, 2] as never)).toThrow(
      /^setCharacterVelocity: velocity must be an object \{ x, y \}, got an array \[1, 2\]$/,
    );
    expect(() => physics.setCharacterPosition(id, [0, 3] as never)).toThrow(
      /^setCharacterPosition: position must be an object \{ x, y \}, got an array \[0, 3\]$/,
    );
    expect(() => physics.setCharacterPosition(id, { x: 0, y: -2e6 })).toThrow(
      /^setCharacterPosition: position\.y must be in \[-1000000, 1000000\] m, got -2000000$/,
    );
    physics.setCharacterVelocity(id, { x: -1e5, y: 1e5 });
    physics.setCharacterPosition(id, { x: 1e6, y: -1e6 });
  });

  it('a fall at the edge of the velocity range goes on at that speed instead of stopping the host', async () => {
    const physics = keep(create());
    physics.setGravity({ x: 0, y: -1000 });
    const id = physics.createCharacter({ capsule, position: { x: 0, y: 0 } });
    physics.setCharacterVelocity(id, { x: 0, y: -1e5 });
    await physics.step(3);
    const s = physics.readCharacter(id, undefined, 1);
    expect(s.velocity.y).toBe(-1e5);
    expect(s.position.y).toBeCloseTo((-3 * 1e5) / 60, 6);
    expect(Number.isFinite(await physics.stateHash())).toBe(true);
  });
});
