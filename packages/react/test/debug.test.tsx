import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type PhysicsApi, Physics, useBody, useJoint } from '../src/index.js';
import { Grab } from './helpers.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/**
 * Waits for the overlay's drawing, a module the first overlay loads when it mounts (its
 * canvas is there from the first render; frames before the module arrives draw nothing).
 */
const overlayLoaded = () => act(async () => void (await import('../src/debug_draw.js')));

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
    await overlayLoaded();
    await act(() => physics!.step(1));
    expect(calls.filter((c) => c.startsWith('lineTo')).length).toBeGreaterThanOrEqual(4); // box edges, spoke, segment
    expect(calls).toContain('arc(5)');
    // One path per colour (awake, asleep), the joint path, the contact path: not one per
    // shape, in each draw (a frame may be drawn before the step's while the host loads)
    const draws = calls.filter((c) => c === 'clearRect(4)').length;
    expect(draws).toBeGreaterThanOrEqual(1);
    expect(calls.filter((c) => c === 'stroke(0)').length).toBe(4 * draws);
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
    await overlayLoaded();
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

  it('draws over an SVG scene where its shapes are, with no line from the origin, in four strokes (issue 27)', async () => {
    const transforms: number[][] = [];
    const jointLines: number[][] = [];
    let strokes = 0;
    let style = '';
    const ctx = new Proxy(
      {},
      {
        get:
          (_t, name: string) =>
          (...args: unknown[]) => {
            if (name === 'setTransform') transforms.push(args as number[]);
            if (name === 'stroke') strokes++;
            if ((name === 'lineTo' || name === 'moveTo') && style === '#d29922')
              jointLines.push(args as number[]);
          },
        set: (_t, name: string, value: unknown) => {
          if (name === 'strokeStyle') style = String(value);
          return true;
        },
      },
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as never);
    // The <svg> sits 70 px below the top of the viewport, its viewBox at half scale.
    Object.defineProperty(window.SVGElement.prototype, 'getScreenCTM', {
      configurable: true,
      value: () => ({ a: 0.5, b: 0, c: 0, d: 0.5, e: 10, f: 70 }),
    });
    let physics: PhysicsApi | null = null;
    function Disc({ x }: { x: number }) {
      const [ref, api] = useBody<SVGCircleElement>({
        position: { x, y: -1 },
        shapes: [{ type: 'circle', radius: 0.2 }],
      });
      useJoint('mouse', null, api, { target: { x, y: 0 }, maxForce: 10 });
      return <circle ref={ref} r={20} />;
    }
    render(
      <Physics backend="inline" stepping="manual" scale={100} debug>
        <svg viewBox="0 0 2000 1000">
          <title>scene</title>
          {Array.from({ length: 16 }, (_, i) => (
            <Disc key={i} x={i} />
          ))}
        </svg>
        <Grab onApi={(a) => (physics = a)} />
      </Physics>,
    );
    await overlayLoaded();
    await act(() => physics!.step(1));
    // World → user units (100 per m, y down), then the SVG's screen matrix.
    expect(transforms[transforms.length - 1]).toEqual([50, 0, -0, -50, 10, 70]);
    expect(jointLines).toEqual([]); // mouse joints have no anchor on the ground: nothing drawn
    strokes = 0;
    await act(() => physics!.step(1));
    expect(strokes).toBe(4); // 16 bodies, 16 joints: still two body paths, the joints, the contacts
    delete (window.SVGElement.prototype as { getScreenCTM?: unknown }).getScreenCTM;
  });
});
