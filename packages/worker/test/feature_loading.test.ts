/**
 * The world's optional features load on the first call that needs them (rollback: the
 * worker starts without its code, docs/worker-design.md "What loads when"), and the calls
 * made meanwhile wait for that call, in order (host/call_order.ts).
 */
import { describe, expect, it } from 'vitest';
import { inCallOrder } from '../src/host/call_order';
import { buildColumn, createTestWorker, disposeAfterEach } from './support';

const keep = disposeAfterEach();

describe('feature loading', () => {
  it("a worker's first saveState loads rollback and answers before the step and read sent after it", async () => {
    const physics = keep(createTestWorker({ stepping: 'manual' }));
    buildColumn(physics, 3);
    await physics.step(5);
    // not awaited: the step and the hash go out while rollback's code loads in the worker
    const saving = physics.saveState();
    const stepping = physics.step(20);
    const hashing = physics.stateHash();
    const [state, , hash] = await Promise.all([saving, stepping, hashing]);
    expect(physics.getStats().stepCount).toBe(25);
    await physics.loadState(state);
    expect(physics.getStats().stepCount).toBe(5); // saved before the step
    await physics.step(20);
    expect(await physics.stateHash()).toBe(hash);
  });

  it("a worker's first loadState loads rollback and rejects a bad state with the core's message, in order", async () => {
    const physics = keep(createTestWorker({ stepping: 'manual' }));
    buildColumn(physics, 3);
    await physics.step(5);
    const other = keep(createTestWorker({ stepping: 'manual' }));
    buildColumn(other, 2);
    const foreign = await other.saveState();
    const hash = await physics.stateHash();
    const loading = physics.loadState(foreign);
    const hashing = physics.stateHash();
    await expect(loading).rejects.toThrow(/loadState: state must come from a world of the same structure/);
    expect(await hashing).toBe(hash);
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
