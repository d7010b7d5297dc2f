import { type SolverDescription, World, pgsSolver } from '@impulse/core';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type PhysicsApi, Physics, useBody } from '../src/index.js';
import { Boundary, Grab } from './helpers.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Crate({ i }: { i: number }) {
  const [ref] = useBody<HTMLDivElement>({
    position: { x: 0, y: 0.5 + i * 1.05 },
    shapes: [{ type: 'box', width: 1, height: 1 }],
  });
  return <div ref={ref} />;
}

function Ground() {
  const [ref] = useBody<HTMLDivElement>({
    type: 'static',
    shapes: [{ type: 'box', width: 20, height: 1 }],
    position: { x: 0, y: -0.5 },
  });
  return <div ref={ref} />;
}

function scene(solver: SolverDescription | null | undefined, onApi: (a: PhysicsApi) => void) {
  return (
    <StrictMode>
      <Physics backend="inline" stepping="manual" {...(solver === undefined ? {} : { solver })}>
        <Ground />
        <Crate i={0} />
        <Crate i={1} />
        <Grab onApi={onApi} />
      </Physics>
    </StrictMode>
  );
}

describe('<Physics solver>', () => {
  it('starts the world with the solver, and switches the live world when the prop changes', async () => {
    let api: PhysicsApi | null = null;
    const view = render(scene({ kind: 'ngs' }, (a) => (api = a)));
    await act(() => api!.ready());
    const client = api!.client;
    expect(client.getSolver()).toEqual({ kind: 'ngs' });
    const setSolver = vi.spyOn(client, 'setSolver');
    view.rerender(scene({ kind: 'ngs' }, (a) => (api = a))); // equal, made anew: nothing asked
    expect(setSolver).not.toHaveBeenCalled();
    view.rerender(scene({ kind: 'pgs', iterations: 4 }, (a) => (api = a)));
    expect(setSolver).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(client.getSolver()).toEqual({ kind: 'pgs', iterations: 4 }));
    expect(api!.client).toBe(client); // the same world, not a new one
    view.rerender(scene(undefined, (a) => (api = a)));
    await waitFor(() => expect(client.getSolver()).toBe(null));
  });

  it('steps as a World with the same solver', async () => {
    let api: PhysicsApi | null = null;
    render(scene({ kind: 'pgs', iterations: 4 }, (a) => (api = a)));
    await act(() => api!.ready());
    await act(() => api!.step(30));
    const client = api!.client;
    // the world restored into a World with the solver object steps on identically
    const world = new World({ solver: pgsSolver({ iterations: 4 }) });
    const snapshot = await client.snapshot();
    world.restore(snapshot);
    const hashAt30 = world.stateHash();
    expect(await client.stateHash()).toBe(hashAt30);
    await act(() => api!.step(30));
    for (let i = 0; i < 30; i++) world.step(1 / 60);
    expect(await client.stateHash()).toBe(world.stateHash());
  });

  it('throws a bad description at the <Physics>, naming the field and the value', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const errors: Error[] = [];
    render(
      <Boundary onError={(e) => errors.push(e)}>
        {scene({ kind: 'xpbd', subSteps: 'many' } as unknown as SolverDescription, () => {})}
      </Boundary>,
    );
    expect(errors[0]?.message).toBe(
      'createPhysics: solver.subSteps must be a number or a boolean, got "many"',
    );
  });

  it('logs a setting the kind rejects and keeps the solver', async () => {
    const logged: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((e) => logged.push(e));
    let api: PhysicsApi | null = null;
    const view = render(scene({ kind: 'ngs' }, (a) => (api = a)));
    await act(() => api!.ready());
    view.rerender(scene({ kind: 'xpbd', subSteps: 0 }, (a) => (api = a)));
    await waitFor(() => expect(logged.length).toBe(1));
    expect(String(logged[0])).toMatch(
      'setSolver: xpbdSolver: settings.subSteps must be an integer in [1, 1000], got 0',
    );
    expect(api!.client.getSolver()).toEqual({ kind: 'ngs' });
  });
});
