import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type PhysicsApi, Physics, useBody, useJoint } from '../src/index.js';
import { Grab } from './helpers.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('debug overlay', () => {
  it('<Physics debug> outlines every shape on a canvas each frame that changed', async () => {
    const calls: string[] = [];
    const styles: string[] = [];
    const ctx = new Proxy(
      {},
      {
        get:
          (_t, name: string) =>
          (...args: unknown[]) =>
            void calls.push(`${name}(${args.length})`),
        set: (_t, name: string, value: unknown) => {
          if (name === 'strokeStyle') styles.push(String(value));
          return true;
        },
      },
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as never);
    let physics: PhysicsApi | null = null;
    function Scene() {
      useBody({
        position: { x: 0, y: 2 },
        shapes: [
          { type: 'box', width: 1, height: 1 },
          { type: 'circle', radius: 0.3 },
        ],
      });
      useBody({
        type: 'static',
        shapes: [{ type: 'segment', point1: { x: -5, y: 0 }, point2: { x: 5, y: 0 } }],
      });
      return null;
    }
    const view = render(
      <Physics backend="inline" stepping="manual" debug>
        <Scene />
        <Grab onApi={(a) => (physics = a)} />
      </Physics>,
    );
    expect(view.container.querySelector('canvas')).not.toBeNull();
    await act(() => physics!.step(1));
    expect(calls.filter((c) => c.startsWith('lineTo')).length).toBeGreaterThanOrEqual(4); // box edges, spoke, segment
    expect(calls).toContain('arc(5)');
    expect(calls.filter((c) => c === 'stroke(0)').length).toBe(5); // three shapes, the joint path, the contact path
    expect(styles).toContain('#2ea043'); // the awake box
    expect(styles).toContain('#8b949e'); // the static ground
    expect(calls).not.toContain('fillRect(4)'); // nothing touches yet
    // Landed on the segment: the worker's contact points are drawn, a dot each.
    calls.length = 0;
    await act(() => physics!.step(90));
    expect(calls.filter((c) => c === 'fillRect(4)').length).toBeGreaterThanOrEqual(2);
    expect(styles).toContain('#f85149');
  });

  it('draws a joint as a line between its anchors', async () => {
    const lines: string[] = [];
    const styles: string[] = [];
    let style = '';
    const ctx = new Proxy(
      {},
      {
        get:
          (_t, name: string) =>
          (...args: unknown[]) => {
            if (name === 'lineTo' && style === '#d29922')
              lines.push(args.map((v) => Number(v).toFixed(2)).join(','));
          },
        set: (_t, name: string, value: unknown) => {
          if (name === 'strokeStyle') {
            style = String(value);
            styles.push(style);
          }
          return true;
        },
      },
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as never);
    let physics: PhysicsApi | null = null;
    function Pendulum() {
      const [, ground] = useBody({ type: 'static', shapes: [{ type: 'circle', radius: 0.1 }] });
      const [, bob] = useBody({ position: { x: 2, y: 0 }, shapes: [{ type: 'circle', radius: 0.2 }] });
      useJoint('distance', ground, bob, { localAnchorA: { x: 0, y: 0 }, localAnchorB: { x: 0, y: 0 } });
      return null;
    }
    render(
      <Physics backend="inline" stepping="manual" debug>
        <Pendulum />
        <Grab onApi={(a) => (physics = a)} />
      </Physics>,
    );
    await act(() => physics!.step(1));
    await act(() => physics!.step(1));
    expect(styles).toContain('#d29922');
    expect(lines.length).toBeGreaterThanOrEqual(1);
  });

  it('asks the world for contact points only while an overlay is mounted', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
      new Proxy({}, { get: () => () => undefined, set: () => true }) as never,
    );
    let physics: PhysicsApi | null = null;
    const view = render(
      <Physics backend="inline" stepping="manual" debug>
        <Grab onApi={(a) => (physics = a)} />
      </Physics>,
    );
    const client = physics!.client;
    const spy = vi.spyOn(client, 'setDebugContacts');
    view.rerender(
      <Physics backend="inline" stepping="manual">
        <Grab onApi={(a) => (physics = a)} />
      </Physics>,
    );
    expect(spy).toHaveBeenLastCalledWith(false);
  });
});
