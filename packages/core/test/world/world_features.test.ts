/**
 * The world's optional features (world/world_features.ts): the host kit's World starts
 * without rollback's coding and says so by name; once loaded, its saves and loads are the
 * public World's, byte for byte. This file imports the host kit before anything installs
 * the features (the public entry installs them when its World is first evaluated).
 */
import { describe, expect, it } from 'vitest';
import { isWorldFeatureLoaded, loadWorldFeature, World } from '../../src/host_kit';
import { BodyType } from '../../src/types/body_def';
import { makeBox } from '../../src/geometry/geometry';

function pile(world: World): void {
  const ground = world.createBody();
  world.createPolygonShape(ground, makeBox(20, 1));
  for (let i = 0; i < 5; i++) {
    const box = world.createBody({ type: BodyType.Dynamic, position: { x: 0.1 * i, y: 2 + 1.1 * i } });
    world.createPolygonShape(box, makeBox(0.5, 0.5));
  }
  for (let i = 0; i < 30; i++) world.step(1 / 60);
}

describe('world features', () => {
  it('the host kit world needs rollback loaded, then saves and loads as the public World does', async () => {
    const world = new World();
    pile(world);
    const hash = world.stateHash();
    expect(isWorldFeatureLoaded('rollback')).toBe(false);
    expect(() => world.saveState()).toThrow(
      "saveState: the world's rollback code is not loaded (await loadWorldFeature('rollback') first)",
    );
    expect(world.stateHash()).toBe(hash);
    await expect(loadWorldFeature('mover' as 'rollback')).rejects.toThrow(
      'loadWorldFeature: name must be one of rollback, got mover',
    );
    await loadWorldFeature('rollback');
    expect(isWorldFeatureLoaded('rollback')).toBe(true);
    const saved = world.saveState();

    const { World: PublicWorld } = await import('../../src/index');
    expect(PublicWorld).toBe(World); // one class: the public entry installs, it does not wrap
    const twin = new PublicWorld();
    pile(twin);
    const twinState = twin.saveState();
    expect([...twinState.b.subarray(0, twinState.bCount)]).toEqual([...saved.b.subarray(0, saved.bCount)]);
    expect([...twinState.f.subarray(0, twinState.fCount)]).toEqual([...saved.f.subarray(0, saved.fCount)]);

    for (let i = 0; i < 10; i++) world.step(1 / 60);
    world.loadState(saved);
    for (let i = 0; i < 10; i++) world.step(1 / 60);
    for (let i = 0; i < 10; i++) twin.step(1 / 60);
    expect(world.stateHash()).toBe(twin.stateHash());
  });
});
