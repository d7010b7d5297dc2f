/**
 * The world's optional features load on the first call that needs them (rollback, the
 * mover, snapshots, the queries: the worker starts without their code,
 * docs/worker-design.md "What the worker loads when"), and the calls made meanwhile wait
 * for that call, in order (host/call_order.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import { inCallOrder } from '../src/host/call_order';
import { createInlinePhysics } from '../src/inline';
import { makeCapsule } from '@impulse/core';
import { buildColumn, disposeAfterEach } from './support';

/**
 * In this file the host kit's features start unloaded and its load ends when the test
 * says (`gate.open()`): outside a bundle the core's main entry installs every feature as it
 * is evaluated (public_world.ts), so a Node worker never takes the load path.
 */
const gate = vi.hoisted(() => {
  let open = (): void => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { loaded: new Set<string>(), loads: [] as string[], opened, open: () => open() };
});

vi.mock('@impulse/core/host-kit', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@impulse/core/host-kit')>();
  return {
    ...actual,
    isWorldFeatureLoaded: (name: string) => gate.loaded.has(name),
    loadWorldFeature: async (name: 'rollback' | 'mover' | 'snapshot' | 'queries') => {
      gate.loads.push(name);
      await gate.opened;
      await actual.loadWorldFeature(name);
      gate.loaded.add(name);
    },
  };
});

const keep = disposeAfterEach();

describe('feature loading', () => {
  it('the first saveState loads rollback and answers before the step and read sent after it', async () => {
    const physics = keep(createInlinePhysics({ stepping: 'manual' }));
    buildColumn(physics, 3);
    await physics.step(5);
    const hashAt5 = await physics.stateHash();
    // not awaited: the step and the hash are sent while rollback's code loads
    const saving = physics.saveState();
    const stepping = physics.step(20);
    const hashing = physics.stateHash();
    await Promise.resolve();
    expect(gate.loads).toEqual(['rollback']);
    expect(physics.getStats().stepCount).toBe(5); // the step waits for the save
    gate.open();
    const [state, , hash] = await Promise.all([saving, stepping, hashing]);
    expect(hash).not.toBe(hashAt5);
    expect(physics.getStats().stepCount).toBe(25);
    await physics.loadState(state);
    expect(physics.getStats().stepCount).toBe(5); // saved before the step
    expect(await physics.stateHash()).toBe(hashAt5);
    await physics.step(20);
    expect(await physics.stateHash()).toBe(hash);
    expect(gate.loads).toEqual(['rollback']);
  });

  it('the first character loads the mover, and the step sent after it moves the character', async () => {
    const physics = keep(createInlinePhysics({ stepping: 'manual' }));
    buildColumn(physics, 1);
    const character = physics.createCharacter({
      capsule: makeCapsule(0, -0.5, 0, 0.5, 0.3),
      position: { x: 5, y: 6 },
    });
    await physics.step(10);
    expect(gate.loads).toEqual(['rollback', 'mover']);
    expect(physics.getStats().stepCount).toBe(10);
    // it fell in those steps: the character was added before them
    expect(physics.readCharacter(character).position.y).toBeLessThan(6);
  });

  it('the first query loads the queries, and the step sent after it waits for the answer', async () => {
    const physics = keep(createInlinePhysics({ stepping: 'manual' }));
    buildColumn(physics, 2);
    await physics.step(3);
    const asking = physics.castRayClosest({ x: 0, y: 10 }, { x: 0, y: -10 });
    const stepping = physics.step(30);
    const hit = await asking;
    expect(gate.loads).toContain('queries');
    // asked before the step: the top box where it stood at step 3, not fallen further
    expect(hit?.point.y).toBeCloseTo(3.55, 1);
    await stepping;
    expect(physics.getStats().stepCount).toBe(33);
    expect(await physics.overlapPoint({ x: 0, y: 0.5 })).toHaveLength(1); // loaded: straight
  });

  it('a world with automatic snapshots loads their code before it starts, and restarts from one', async () => {
    const physics = keep(createInlinePhysics({ stepping: 'manual', snapshotEvery: 10 }));
    buildColumn(physics, 3);
    await physics.step(10);
    expect(gate.loads).toContain('snapshot');
    const hashAt10 = await physics.stateHash();
    await physics.step(5);
    await physics.restart(); // from the snapshot of step 10
    expect(await physics.stateHash()).toBe(hashAt10);
  });

  it('calls go straight to the host, synchronous answers included, until one starts a load', async () => {
    const order: string[] = [];
    let finish = (): void => undefined;
    const host = {
      loading: null as Promise<void> | null,
      now(name: string): string {
        order.push(name);
        return name;
      },
      load(): Promise<string> {
        const loaded = new Promise<void>((resolve) => {
          finish = resolve;
        });
        this.loading = loaded;
        return loaded.then(() => {
          this.loading = null;
          order.push('load');
          return 'load';
        });
      },
    };
    const port = inCallOrder(host);
    expect(port.now('a')).toBe('a'); // not a promise: nothing waits
    const loaded = port.load();
    const later = port.now('b') as unknown as Promise<string>;
    expect(later).toBeInstanceOf(Promise);
    expect(order).toEqual(['a']);
    finish();
    expect(await later).toBe('b');
    expect(await loaded).toBe('load');
    expect(order).toEqual(['a', 'load', 'b']);
    expect(port.now('c')).toBe('c'); // straight again once nothing waits
  });
});
