/**
 * A client's lifetime: after dispose() every method throws "the physics world was
 * disposed"; `using` and `await using` dispose; a Node script that forgets dispose() still
 * exits; createPhysicsWorker in Node names the Node entry.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { BodyType, makeBox } from '@impulse/core';
import { describe, expect, it } from 'vitest';
import { disposalSymbols } from '../src/client/disposal';
import { createInlinePhysics, createPhysicsWorker, type PhysicsClient } from '../src/index';
import { createTestWorker } from './support';

/** Every method a live client has (its prototype chain's functions, but Object's). */
function methodsOf(client: PhysicsClient): PropertyKey[] {
  const keys = new Set<PropertyKey>();
  for (let p = Object.getPrototypeOf(client); p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    for (const key of Reflect.ownKeys(p)) {
      if (key !== 'constructor' && typeof (p as Record<PropertyKey, unknown>)[key] === 'function')
        keys.add(key);
    }
  }
  return [...keys];
}

const STILL_ALLOWED = new Set<PropertyKey>([
  'dispose',
  'isDisposed',
  disposalSymbols().asyncDispose,
  disposalSymbols().dispose,
]);

function expectEveryMethodDisposed(client: PhysicsClient): number {
  const methods = methodsOf(client);
  client.dispose();
  let checked = 0;
  for (const key of methods) {
    if (STILL_ALLOWED.has(key)) continue;
    const name = typeof key === 'symbol' ? key.description : key;
    const call = () => (client as unknown as Record<PropertyKey, () => unknown>)[key]!();
    expect(call, String(name)).toThrow(`${String(name)}: the physics world was disposed`);
    checked++;
  }
  expect(client.isDisposed()).toBe(true);
  expect(() => client.dispose()).not.toThrow(); // twice is fine
  return checked;
}

/** Runs `node script args` to its end; resolves with its exit code and output. */
function runNode(script: string, args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    // no inherited --conditions source: the child runs the built package, as a user's script does
    const child = spawn(process.execPath, [script, ...args], {
      cwd: join(import.meta.dirname, '..'),
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

describe('dispose', () => {
  it('makes every method of an inline client throw, naming itself', () => {
    const physics = createInlinePhysics({ stepping: 'manual' });
    const body = physics.createBody();
    expect(physics.getBodyPosition(body)).toEqual({ x: 0, y: 0 });
    const checked = expectEveryMethodDisposed(physics);
    expect(checked).toBeGreaterThan(100); // the commands, reads and queries, not a handful
  });

  it('makes every method of a worker client throw the same, stateHash included', async () => {
    const physics = createTestWorker({ stepping: 'manual' });
    await physics.step(1);
    expect(expectEveryMethodDisposed(physics)).toBeGreaterThan(100);
    expect(() => physics.stateHash()).toThrow('stateHash: the physics world was disposed');
  });

  it('happens at the end of an `await using` or a `using` scope', async () => {
    let kept: PhysicsClient | null = null;
    {
      await using physics = createInlinePhysics({ stepping: 'manual' });
      kept = physics;
      physics.createBody({ type: BodyType.Dynamic });
      expect(physics.isDisposed()).toBe(false);
    }
    expect(kept.isDisposed()).toBe(true);
    {
      using physics = createInlinePhysics({ stepping: 'manual' });
      kept = physics;
    }
    expect(kept.isDisposed()).toBe(true);
  });

  it('is found under the registered symbols where the runtime has no disposal symbols', () => {
    expect(disposalSymbols({})).toEqual({
      asyncDispose: Symbol.for('Symbol.asyncDispose'),
      dispose: Symbol.for('Symbol.dispose'),
    });
    expect(disposalSymbols()).toEqual({ asyncDispose: Symbol.asyncDispose, dispose: Symbol.dispose });
  });
});

describe('a Node script', () => {
  const script = join(import.meta.dirname, 'fixtures', 'forgets_dispose.mjs');

  it.each(['manual', 'realtime'])(
    'exits without dispose() (%s stepping), after its awaited replies',
    async (stepping) => {
      const { code, out, err } = await runNode(script, [stepping]);
      expect(err).toBe('');
      expect(code).toBe(0);
      const printed = JSON.parse(out) as { stepping: string; y: number };
      expect(printed.stepping).toBe(stepping);
      if (stepping === 'manual') expect(printed.y).toBeLessThan(4); // the 30 steps landed before the exit
    },
  );

  it('is told where the Node backend is when it calls createPhysicsWorker', () => {
    expect(typeof (globalThis as { Worker?: unknown }).Worker).toBe('undefined');
    expect(() => createPhysicsWorker()).toThrow(
      "createPhysicsWorker: this runtime has no Web Worker; in Node import { createNodePhysicsWorker } from '@impulse/worker/node'",
    );
  });
});

describe('a Node worker client', () => {
  it('takes keepAlive as a boolean only', async () => {
    const { createNodePhysicsWorker } = await import('../src/node');
    expect(() => createNodePhysicsWorker({ keepAlive: 'yes' as never })).toThrow(
      'createNodePhysicsWorker: keepAlive must be a boolean or undefined, got yes',
    );
    const physics = createTestWorker({ stepping: 'manual', world: { gravity: { x: 0, y: -10 } } });
    const b = physics.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 2 } });
    physics.createPolygonShape(b, makeBox(0.5, 0.5));
    await physics.step(2);
    expect(physics.getBodyPosition(b).y).toBeLessThan(2);
    physics.dispose();
  });
});
