/**
 * The table of World's methods (world/world_methods.ts) is the one place that says what each
 * method does: it must name every method of World, and nothing else. The writes it names
 * renew the rollback stamp through one wrapper installed from it (rollback_fast_path.test.ts
 * calls each of them for real).
 */

import { describe, expect, it } from 'vitest';
import { WORLD_METHODS, World, WRITING_KINDS, worldMethodsOf } from '../../src/index';
import { worldStateOf } from '../../src/world';

const proto = World.prototype as unknown as Record<string, unknown>;
const tabled = Object.keys(WORLD_METHODS);

/** The functions on World's prototype, by name, the deprecated aliases apart (each is another name's function). */
function prototypeMethods(): string[] {
  const names = Object.getOwnPropertyNames(World.prototype).filter(
    (n) => n !== 'constructor' && typeof proto[n] === 'function',
  );
  const known = new Set(tabled);
  return names.filter(
    (n) => known.has(n) || !names.some((m) => m !== n && known.has(m) && proto[m] === proto[n]),
  );
}

describe('WORLD_METHODS', () => {
  it('names every method of World once, and no other', () => {
    expect([...prototypeMethods()].sort()).toEqual([...tabled].sort());
  });

  it('a method World gains fails the listing until the table classifies it', () => {
    const added = 'setBodyColor';
    proto[added] = function setBodyColor() {};
    try {
      expect(prototypeMethods()).toContain(added);
      expect(tabled).not.toContain(added);
    } finally {
      delete proto[added];
    }
  });

  it('every writing method renews the stamp, even when its checks throw', () => {
    const world = new World();
    const rollback = worldStateOf(world).rollback;
    const writes = worldMethodsOf(...WRITING_KINDS);
    expect(writes.length).toBeGreaterThan(40);
    for (const name of writes) {
      const stamp = rollback.stamp;
      // no arguments: every write but createBody throws at its checks, and the world stays as it was
      try {
        (proto[name] as (this: World) => unknown).call(world);
      } catch {}
      expect(rollback.stamp, name).not.toBe(stamp);
    }
  });

  it('no read, query or user-data method renews the stamp', () => {
    const world = new World();
    const body = world.createBody();
    const rollback = worldStateOf(world).rollback;
    const stamp = rollback.stamp;
    for (const name of worldMethodsOf('config', 'frame', 'query', 'events', 'userData')) {
      try {
        (proto[name] as (this: World, id: unknown) => unknown).call(world, body);
      } catch {}
      expect(rollback.stamp, name).toBe(stamp);
    }
  });
});
