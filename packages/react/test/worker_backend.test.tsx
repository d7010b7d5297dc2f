// The worker path: a world in a Node worker thread (running the worker package's sources), driven by
// the same <Physics> as the inline backend. jsdom has no Web Worker, so the client is
// made here and passed in.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PhysicsClient } from '@impulse/worker';
import { createNodePhysicsWorker } from '@impulse/worker/node';
import { act, cleanup, render } from '@testing-library/react';
import { StrictMode, useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type BodyApi, type PhysicsApi, Physics, useBody, useJoint, usePhysics } from '../src/index.js';
import { counts, Grab, translation } from './helpers.js';

const box = [{ type: 'box', width: 0.5, height: 0.5 }] as const;
const shapes = [{ type: 'circle', radius: 0.2 }] as const;

function Crate({ x = 0 }: { x?: number }) {
  const [ref] = useBody<HTMLDivElement>({ position: { x, y: 2 }, shapes: box });
  return <div ref={ref} data-testid={`crate-${x}`} />;
}

// The worker thread runs @impulse/worker's own sources through tsx, like the client in this
// thread does (a built script could lag the sources it talks to). Under the jsdom
// environment Vite rewrites `new URL('./node_worker.js', import.meta.url)` in the worker's
// node.ts to a non-file URL, so the script is passed in by path.
const script = [
  join(process.cwd(), 'packages/worker/src/node_worker.ts'),
  join(process.cwd(), '../worker/src/node_worker.ts'),
].find((p) => existsSync(p));

function nodeWorld(): PhysicsClient {
  if (!script) throw new Error('packages/worker/src/node_worker.ts not found');
  return createNodePhysicsWorker({
    stepping: 'manual',
    // tsx's loader is registered inside the thread first (`--import tsx` does not reach a
    // worker's entry module on Node 20), then the entry is imported.
    worker: () =>
      new Worker(
        `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(pathToFileURL(script).href)}); });`,
        { eval: true, execArgv: ['--conditions', 'source'] },
      ),
  });
}

let client: PhysicsClient | null = null;
afterEach(() => {
  cleanup();
  client?.dispose();
  client = null;
});

describe('worker backend', () => {
  it('creates exactly one body per useBody under StrictMode and none remain after unmount', async () => {
    client = nodeWorld();
    await client.ready;
    const view = render(
      <StrictMode>
        <Physics client={client}>
          <Crate x={0} />
          <Crate x={1} />
          <Crate x={2} />
        </Physics>
      </StrictMode>,
    );
    expect((await counts(client)).bodies).toBe(3);
    view.unmount();
    expect(await counts(client)).toMatchObject({ bodies: 0, shapes: 0 });
  });

  it('moves a body element downward under gravity after stepping', async () => {
    client = nodeWorld();
    await client.ready;
    let physics: PhysicsApi | null = null;
    const view = render(
      <StrictMode>
        <Physics client={client} scale={50}>
          <Crate />
          <Grab onApi={(a) => (physics = a)} />
        </Physics>
      </StrictMode>,
    );
    const el = view.getByTestId('crate-0');
    const before = translation(el);
    await act(() => physics!.step(30));
    const after = translation(el);
    expect(after.y - before.y).toBeGreaterThan(55);
    expect(after.y - before.y).toBeLessThan(70);
  });

  it('runs contact handlers exactly once per begin, and keeps jointed bodies at their distance', async () => {
    client = nodeWorld();
    await client.ready;
    const begin = vi.fn();
    let physics: PhysicsApi | null = null;
    let a: BodyApi | null = null;
    let b: BodyApi | null = null;
    function Scene() {
      useBody({
        type: 'static',
        position: { x: 0, y: -0.5 },
        shapes: [{ type: 'box', width: 20, height: 1 }],
      });
      const [, box] = useBody({ position: { x: 5, y: 1 }, shapes, onContactBegin: begin });
      const [, pivot] = useBody({ type: 'static', position: { x: 0, y: 5 }, shapes });
      const [, bob] = useBody({ position: { x: 2, y: 5 }, shapes });
      useJoint('distance', pivot, bob, { length: 2 });
      a = pivot;
      b = bob;
      void box;
      return null;
    }
    render(
      <StrictMode>
        <Physics client={client}>
          <Scene />
          <Grab onApi={(api) => (physics = api)} />
        </Physics>
      </StrictMode>,
    );
    for (let i = 0; i < 45; i++) await act(() => physics!.step(1)); // the box lands; the bob swings down
    expect(begin).toHaveBeenCalledTimes(1);
    const p = a!.getPosition();
    const q = b!.getPosition();
    expect(Math.hypot(p.x - q.x, p.y - q.y)).toBeCloseTo(2, 1);
    expect(q.y).toBeLessThan(4);
  });
});

/**
 * A Node worker thread dressed as a Web Worker (postMessage, addEventListener, terminate),
 * so `<Physics worker={...}>` owns it as it owns a browser's: StrictMode's remount then
 * disposes the first world and starts a second, as in a page.
 */
function webWorkerOf(thread: Worker): globalThis.Worker {
  const wrapped = new Map<unknown, (value: unknown) => void>();
  const target = {
    postMessage: (message: unknown, transfer?: Transferable[]) =>
      thread.postMessage(message, transfer as never),
    addEventListener(type: string, listener: (event: unknown) => void) {
      const wrap =
        type === 'message'
          ? (data: unknown) => listener({ data })
          : (error: unknown) => listener({ message: (error as Error).message });
      wrapped.set(listener, wrap);
      thread.on(type === 'message' ? 'message' : 'error', wrap);
    },
    removeEventListener(type: string, listener: (event: unknown) => void) {
      const wrap = wrapped.get(listener);
      if (wrap) thread.off(type === 'message' ? 'message' : 'error', wrap);
    },
    terminate: () => void thread.terminate(),
  };
  return target as unknown as globalThis.Worker;
}

function nodeThread(): globalThis.Worker {
  if (!script) throw new Error('packages/worker/src/node_worker.ts not found');
  return webWorkerOf(
    new Worker(
      `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(pathToFileURL(script).href)}); });`,
      { eval: true, execArgv: ['--conditions', 'source'] },
    ),
  );
}

describe('an owned worker world under StrictMode (issue 27)', () => {
  it('steps and gets ready, right after mount, in every one of many mounts', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (let round = 0; round < 6; round++) {
      let physics: PhysicsApi | null = null;
      const onMount: Promise<void>[] = [];
      function StepOnMount() {
        const api = usePhysics();
        useEffect(() => {
          // What a test does first: step right after mount (the first StrictMode mount too).
          onMount.push(api.step(2));
          onMount.push(api.ready());
        }, [api]);
        return null;
      }
      const view = render(
        <StrictMode>
          <Physics stepping="manual" worker={nodeThread}>
            <Crate />
            <StepOnMount />
            <Grab onApi={(a) => (physics = a)} />
          </Physics>
        </StrictMode>,
      );
      await act(() => Promise.all(onMount));
      await act(() => physics!.ready());
      await act(() => physics!.step(3));
      // Both the first mount's and the remount's steps reached the one world that lives on.
      const stats = physics!.client.getStats();
      expect(stats.stepCount).toBe(7);
      expect(stats.bodyCount).toBe(1);
      view.unmount();
    }
    warn.mockRestore();
  });
});
