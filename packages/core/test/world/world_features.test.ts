/**
 * The world's optional features (world_features.ts): the host kit's World starts without
 * rollback's coding, the mover, snapshots and the queries, and says so by name; once
 * loaded, its saves, loads, moves, snapshots and queries are the public World's, byte for byte. One test: the public entry installs every
 * feature when it is first evaluated, so the host kit is used alone until its end.
 */
import { describe, expect, it } from 'vitest';
import { makeBox, makeCapsule } from '../../src/geometry/geometry';
import { isWorldFeatureLoaded, loadWorldFeature, World } from '../../src/host_kit';
import { BodyType } from '../../src/types/body_def';

function pile(world: World): void {
  const ground = world.createBody();
  world.createPolygonShape(ground, makeBox(20, 1));
  for (let i = 0; i < 5; i++) {
    const box = world.createBody({ type: BodyType.Dynamic, position: { x: 0.1 * i, y: 2 + 1.1 * i } });
    world.createPolygonShape(box, makeBox(0.5, 0.5));
  }
  for (let i = 0; i < 30; i++) world.step(1 / 60);
}

const capsule = makeCapsule(0, -0.5, 0, 0.5, 0.3);
const moverDef = { capsule, position: { x: 3, y: 3 } };

describe('world features', () => {
  it('the host kit world needs rollback and the mover loaded, then acts as the public World does', async () => {
    const world = new World();
    pile(world);
    const hash = world.stateHash();
    expect(isWorldFeatureLoaded('rollback')).toBe(false);
    expect(isWorldFeatureLoaded('mover')).toBe(false);
    expect(() => world.saveState()).toThrow(
      "saveState: the world's rollback code is not loaded (await loadWorldFeature('rollback') first)",
    );
    expect(() => world.createMover(moverDef)).toThrow(
      "createMover: the world's mover code is not loaded (await loadWorldFeature('mover') first)",
    );
    expect(() => world.moveCharacter(capsule, { x: 3, y: 3 }, { x: 0, y: -1 })).toThrow(
      "moveCharacter: the world's mover code is not loaded (await loadWorldFeature('mover') first)",
    );
    expect(() => world.snapshot()).toThrow(
      "snapshot: the world's snapshot code is not loaded (await loadWorldFeature('snapshot') first)",
    );
    expect(() => world.restore(new Uint8Array(8))).toThrow(
      "restore: the world's snapshot code is not loaded (await loadWorldFeature('snapshot') first)",
    );
    expect(() => world.castRayClosest({ x: 0, y: 9 }, { x: 0, y: -9 })).toThrow(
      "castRayClosest: the world's queries code is not loaded (await loadWorldFeature('queries') first)",
    );
    expect(() => world.overlapAABB({ minX: -1, minY: -1, maxX: 1, maxY: 1 })).toThrow(
      "overlapAABB: the world's queries code is not loaded (await loadWorldFeature('queries') first)",
    );
    expect(world.stateHash()).toBe(hash); // the hash is no feature: a host answers it at once
    await expect(loadWorldFeature('teleport' as 'rollback')).rejects.toThrow(
      'loadWorldFeature: name must be one of rollback, mover, snapshot, queries, got teleport',
    );
    await loadWorldFeature('snapshot');
    await loadWorldFeature('queries');
    const bytes = world.snapshot();
    const rayHit = world.castRayClosest({ x: 0, y: 9 }, { x: 0, y: -9 });
    const overlaps = world.overlapAABB({ minX: -1, minY: -1, maxX: 1, maxY: 1 });
    await loadWorldFeature('rollback');
    expect(isWorldFeatureLoaded('rollback')).toBe(true);
    expect(isWorldFeatureLoaded('mover')).toBe(false);
    const saved = world.saveState();
    await loadWorldFeature('mover');
    const moved = world.createMover(moverDef).move({ x: 0, y: -5 }, 1 / 60);

    const { World: PublicWorld } = await import('../../src/index');
    expect(PublicWorld).toBe(World); // one class: the public entry installs, it does not wrap
    const twin = new PublicWorld();
    pile(twin);
    const twinState = twin.saveState();
    expect([...twinState.b.subarray(0, twinState.bCount)]).toEqual([...saved.b.subarray(0, saved.bCount)]);
    expect([...twinState.f.subarray(0, twinState.fCount)]).toEqual([...saved.f.subarray(0, saved.fCount)]);
    const straight = twin.createMover(moverDef).move({ x: 0, y: -5 }, 1 / 60);
    expect(moved.position).toEqual(straight.position);
    expect(moved.grounded).toBe(straight.grounded);
    expect([...twin.snapshot()]).toEqual([...bytes]);
    expect(twin.castRayClosest({ x: 0, y: 9 }, { x: 0, y: -9 })).toEqual(rayHit);
    expect(rayHit).not.toBeNull();
    expect(twin.overlapAABB({ minX: -1, minY: -1, maxX: 1, maxY: 1 })).toEqual(overlaps);

    for (let i = 0; i < 10; i++) world.step(1 / 60);
    world.loadState(saved);
    for (let i = 0; i < 10; i++) world.step(1 / 60);
    for (let i = 0; i < 10; i++) twin.step(1 / 60);
    expect(world.stateHash()).toBe(twin.stateHash());
    world.restore(bytes);
    twin.restore(bytes);
    for (let i = 0; i < 10; i++) world.step(1 / 60);
    for (let i = 0; i < 10; i++) twin.step(1 / 60);
    expect(world.stateHash()).toBe(twin.stateHash());
  });
});
