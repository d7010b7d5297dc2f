import { createInlinePhysics, type PhysicsClient } from '@impulse/worker';
import { act, cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type BodyApi, type PhysicsApi, Physics, type PhysicsProps, useBody } from '../src/index.js';
import { Grab, translation } from './helpers.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('<Physics> props', () => {
  it('runs the world inline, with one warning, where Web Workers do not exist', async () => {
    expect(typeof Worker).toBe('undefined'); // jsdom
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let physics: PhysicsApi | null = null;
    render(
      <StrictMode>
        <Physics stepping="manual">
          <Grab onApi={(a) => (physics = a)} />
        </Physics>
      </StrictMode>,
    );
    expect(physics!.client.transport).toBe('inline');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/Web Workers are not available here/);
  });

  it('applies gravity, settings, pause and time scale with setters, without a new world', () => {
    const client = createInlinePhysics({ stepping: 'manual' });
    const setGravity = vi.spyOn(client, 'setGravity');
    const setSettings = vi.spyOn(client, 'setSettings');
    const setPaused = vi.spyOn(client, 'setPaused');
    const seen = new Set<PhysicsClient>();
    const scene = (props: PhysicsProps) => (
      <StrictMode>
        <Physics client={client} {...props}>
          <Grab onApi={(a) => seen.add(a.client)} />
        </Physics>
      </StrictMode>
    );
    const view = render(scene({ gravity: { x: 0, y: -10 } }));
    setGravity.mockClear();
    view.rerender(scene({ gravity: { x: 0, y: -10 } }));
    expect(setGravity).not.toHaveBeenCalled();
    view.rerender(scene({ gravity: { x: 1, y: -5 } }));
    expect(setGravity).toHaveBeenCalledTimes(1);
    expect(client.getGravity()).toEqual({ x: 1, y: -5 });
    view.rerender(scene({ gravity: { x: 1, y: -5 }, subSteps: 8, settings: { contactHertz: 20 } }));
    expect(client.getSettings().subSteps).toBe(8);
    expect(client.getSettings().contactHertz).toBe(20);
    expect(setSettings).toHaveBeenCalledTimes(2);
    view.rerender(scene({ gravity: { x: 1, y: -5 }, paused: true }));
    expect(setPaused).toHaveBeenCalledWith(true);
    expect(seen.size).toBe(1);
    client.dispose();
  });

  it('keeps a pause made through usePhysics across renders, and makes no new world for an inline worker factory', () => {
    const client = createInlinePhysics({ stepping: 'manual' });
    let physics: PhysicsApi | null = null;
    const seen = new Set<PhysicsClient>();
    const scene = (n: number) => (
      <Physics client={client} worker={() => ({}) as Worker} timeScale={1} key="same">
        <Grab
          onApi={(a) => {
            physics = a;
            seen.add(a.client);
          }}
        />
        <i>{n}</i>
      </Physics>
    );
    const view = render(scene(0));
    act(() => physics!.setPaused(true));
    view.rerender(scene(1));
    expect(client.isPaused()).toBe(true);
    expect(seen.size).toBe(1);
    client.dispose();
  });

  it('makes a new world for an immutable prop, with every body created again in it', async () => {
    const seen: PhysicsClient[] = [];
    let body: BodyApi | null = null;
    function Crate() {
      const [ref, api] = useBody<HTMLDivElement>({
        position: { x: 0, y: 1 },
        shapes: [{ type: 'circle', radius: 0.2 }],
      });
      body = api;
      return <div ref={ref} data-testid="crate" />;
    }
    let physics: PhysicsApi | null = null;
    const scene = (timeStep: number) => (
      <Physics backend="inline" stepping="manual" timeStep={timeStep}>
        <Crate />
        <Grab
          onApi={(a) => {
            physics = a;
            if (!seen.includes(a.client)) seen.push(a.client);
          }}
        />
      </Physics>
    );
    const view = render(scene(1 / 60));
    view.rerender(scene(1 / 120));
    expect(seen.length).toBe(2);
    expect(seen[0]!.isDisposed()).toBe(true);
    expect((await seen[1]!.getCounters()).bodyCount).toBe(1);
    expect(body!.getPosition()).toEqual({ x: 0, y: 1 });
    await act(() => physics!.step(60)); // half a second at 1/120
    expect(translation(view.getByTestId('crate')).y).toBeGreaterThan(-100 + 100 * 1.1);
  });

  it('moves elements by the mapping: scale, origin and flipY', async () => {
    let physics: PhysicsApi | null = null;
    function Crate() {
      const [ref] = useBody<HTMLDivElement>({
        type: 'static',
        position: { x: 1, y: 2 },
        shapes: [{ type: 'circle', radius: 0.2 }],
      });
      return <div ref={ref} data-testid="crate" />;
    }
    const scene = (props: PhysicsProps) => (
      <Physics backend="inline" stepping="manual" {...props}>
        <Crate />
        <Grab onApi={(a) => (physics = a)} />
      </Physics>
    );
    const view = render(scene({ scale: 10, origin: { x: 100, y: 50 } }));
    expect(translation(view.getByTestId('crate'))).toMatchObject({ x: 110, y: 30 });
    view.rerender(scene({ scale: 10, origin: { x: 100, y: 50 }, flipY: false }));
    await act(() => physics!.step(0)); // the next frame shows it; no step is needed
    expect(translation(view.getByTestId('crate'))).toMatchObject({ x: 110, y: 70 });
  });
});
