import { type SolverDescription, World } from '@impulse/core';
import { pgsSolver } from '@impulse/core/solvers';
import { createInlinePhysics } from '@impulse/worker';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type BodyApi, type PhysicsApi, Physics, useBody } from '../src/index.js';
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

describe('dragging under an alternative solver', () => {
  it.each([{ kind: 'xpbd' }, { kind: 'baumgarte' }] as const)(
    'grabs the body with a mouse joint under $kind, as under the soft step, and removes it on release',
    async (solver) => {
      const client = createInlinePhysics({ stepping: 'manual', world: { gravity: { x: 0, y: 0 } } });
      let card: BodyApi | null = null;
      let physics: PhysicsApi | null = null;
      function Card() {
        const [ref, api] = useBody<HTMLDivElement>({ shapes: [{ type: 'box', width: 1, height: 0.5 }] });
        card = api;
        return <div ref={ref} data-testid="card" />;
      }
      const view = render(
        <Physics client={client} scale={100} draggable solver={solver}>
          <Card />
          <Grab onApi={(a) => (physics = a)} />
        </Physics>,
      );
      await act(() => physics!.ready());
      await waitFor(() => expect(client.getSolver()).toEqual(solver));
      const bodies = (await client.getCounters()).bodyCount;
      expect(physics!.ownBodyCount()).toBe(0);
      fireEvent.pointerDown(view.getByTestId('card'), { pointerId: 5, clientX: 0, clientY: 0, button: 0 });
      const held = await client.getCounters();
      expect(held.jointCount).toBe(1);
      // the runtime's ground body (made at the first drag) anchors the mouse joint; no hand
      expect(held.bodyCount).toBe(bodies + 1);
      expect(physics!.ownBodyCount(), 'the ground is ours').toBe(1);
      fireEvent.pointerMove(document, { pointerId: 5, clientX: 100, clientY: 0 });
      for (let i = 0; i < 60; i++) await act(() => physics!.step(1));
      expect(card!.getPosition().x).toBeCloseTo(1, 2);
      fireEvent.pointerUp(document, { pointerId: 5, clientX: 100, clientY: 0 });
      const after = await client.getCounters();
      expect(after.jointCount).toBe(0);
      expect(after.bodyCount).toBe(bodies + 1);
      expect(physics!.ownBodyCount()).toBe(1);
      client.dispose();
    },
  );
});
