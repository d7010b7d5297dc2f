// The worker options <Physics> passes on (solverWorkers, contactKernel): each checked where it
// is written (the field and the value named), and handed to createPhysicsWorker (or
// createInlinePhysics) as is; a change makes a new world. jsdom has no Web Worker, so
// createPhysicsWorker is replaced by one that records its options and makes the world inline,
// with the kernel asked for.
import * as WorkerPackage from '@impulse/worker';
import { cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type PhysicsApi, Physics, type PhysicsProps } from '../src/index.js';
import { Grab } from './helpers.js';

vi.mock('@impulse/worker', async (original) => {
  const actual = await original<typeof WorkerPackage>();
  return {
    ...actual,
    createPhysicsWorker: vi.fn((options: WorkerPackage.WorkerOptions) =>
      actual.createInlinePhysics({
        stepping: options.stepping ?? 'manual',
        ...(options.contactKernel === undefined ? {} : { contactKernel: options.contactKernel }),
      }),
    ),
  };
});

const created = vi.mocked(WorkerPackage.createPhysicsWorker);
const makeWorker = () => ({}) as Worker;

afterEach(() => {
  cleanup();
  created.mockClear();
  vi.restoreAllMocks();
});

function scene(props: PhysicsProps, onApi: (api: PhysicsApi) => void = () => {}) {
  return (
    <StrictMode>
      <Physics stepping="manual" worker={makeWorker} {...props}>
        <Grab onApi={onApi} />
      </Physics>
    </StrictMode>
  );
}

/** The error a render throws (React reports it on the console too: silenced). */
function renderError(props: PhysicsProps): string {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    render(scene(props));
  } catch (e) {
    return String(e);
  }
  return 'no error';
}

describe('<Physics solverWorkers>', () => {
  it('passes the count to createPhysicsWorker, and leaves the default to it when unset', () => {
    render(scene({ solverWorkers: 3 }));
    expect(created).toHaveBeenCalled();
    for (const [options] of created.mock.calls) expect(options?.solverWorkers).toBe(3);
    cleanup();
    created.mockClear();
    render(scene({}));
    expect(created).toHaveBeenCalled();
    for (const [options] of created.mock.calls) expect(options).not.toHaveProperty('solverWorkers');
  });

  it('makes a new world when the count changes', () => {
    const seen = new Set<WorkerPackage.PhysicsClient>();
    const view = render(scene({ solverWorkers: 1 }, (api) => seen.add(api.client)));
    const first = [...seen];
    view.rerender(scene({ solverWorkers: 2 }, (api) => seen.add(api.client)));
    expect(seen.size).toBeGreaterThan(first.length);
    expect(created.mock.calls.at(-1)?.[0]?.solverWorkers).toBe(2);
    expect(first.every((client) => client.isDisposed())).toBe(true);
  });

  it('rejects a bad count at the render, naming the prop and the value', () => {
    for (const bad of [0, 65, 2.5, Number.NaN, '2'] as unknown[]) {
      expect(renderError({ solverWorkers: bad as number })).toBe(
        `RangeError: <Physics>: solverWorkers must be an integer in [1, 64], got ${String(bad)}`,
      );
      cleanup();
    }
    expect(created).not.toHaveBeenCalled();
  });

  it('must be 1 inline and with a client passed in', () => {
    expect(renderError({ backend: 'inline', solverWorkers: 2 })).toBe(
      "RangeError: <Physics>: solverWorkers must be 1 with backend 'inline' (the page's thread cannot wait for helpers), got 2",
    );
    cleanup();
    const client = WorkerPackage.createInlinePhysics({ stepping: 'manual' });
    expect(renderError({ client, solverWorkers: 4 })).toBe(
      'Error: <Physics>: solverWorkers cannot apply to a client passed in (give it to createPhysicsWorker), got 4',
    );
    cleanup();
    let api: PhysicsApi | null = null;
    render(scene({ backend: 'inline', solverWorkers: 1 }, (a) => (api = a)));
    expect(api!.client.transport).toBe('inline');
    client.dispose();
  });
});

describe('<Physics contactKernel>', () => {
  it('passes the kernel to createPhysicsWorker, and leaves the default to it when unset', async () => {
    let api: PhysicsApi | null = null;
    render(scene({ contactKernel: 'wasm' }, (a) => (api = a)));
    expect(created).toHaveBeenCalled();
    for (const [options] of created.mock.calls) expect(options?.contactKernel).toBe('wasm');
    expect((await api!.client.getSolverThreads()).contactKernel).toBe('wasm-simd');
    cleanup();
    created.mockClear();
    render(scene({}, (a) => (api = a)));
    expect(created).toHaveBeenCalled();
    for (const [options] of created.mock.calls) expect(options).not.toHaveProperty('contactKernel');
    // the worker package's default, 'auto': the kernel, the world stepping on one thread
    expect((await api!.client.getSolverThreads()).contactKernel).toBe('wasm-simd');
  });

  it('passes it to the inline backend', async () => {
    let api: PhysicsApi | null = null;
    render(scene({ backend: 'inline', contactKernel: 'wasm' }, (a) => (api = a)));
    expect(created).not.toHaveBeenCalled();
    expect(api!.client.transport).toBe('inline');
    expect((await api!.client.getSolverThreads()).contactKernel).toBe('wasm-simd');
  });

  it('makes a new world when the kernel changes', () => {
    const seen = new Set<WorkerPackage.PhysicsClient>();
    const view = render(scene({ contactKernel: 'js' }, (api) => seen.add(api.client)));
    const first = [...seen];
    view.rerender(scene({ contactKernel: 'wasm' }, (api) => seen.add(api.client)));
    expect(seen.size).toBeGreaterThan(first.length);
    expect(created.mock.calls.at(-1)?.[0]?.contactKernel).toBe('wasm');
    expect(first.every((client) => client.isDisposed())).toBe(true);
  });

  it('rejects a bad value at the render, naming the prop and the value, and a client passed in', () => {
    for (const bad of ['simd', 'WASM', 1] as unknown[]) {
      expect(renderError({ contactKernel: bad as 'wasm' })).toBe(
        `RangeError: <Physics>: contactKernel must be 'auto', 'wasm' or 'js', got ${String(bad)}`,
      );
      cleanup();
    }
    expect(created).not.toHaveBeenCalled();
    const client = WorkerPackage.createInlinePhysics({ stepping: 'manual' });
    for (const kernel of ['wasm', 'js'] as const) {
      expect(renderError({ client, contactKernel: kernel })).toBe(
        `Error: <Physics>: contactKernel cannot apply to a client passed in (give it to createPhysicsWorker), got ${kernel}`,
      );
      cleanup();
    }
    // the default says nothing about the client's world
    expect(renderError({ client, contactKernel: 'auto' })).toBe('no error');
    client.dispose();
  });
});
