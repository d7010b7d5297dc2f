import type { PhysicsClient } from '@impulse/worker';
import { act, cleanup, render } from '@testing-library/react';
import { StrictMode, useContext, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  Body,
  type BodyApi,
  BodyRecord,
  type PhysicsApi,
  Physics,
  useBody,
  useJoint,
  usePhysics,
  usePhysicsFrame,
  usePhysicsStats,
  useRaycast,
} from '../src/index.js';
import { PhysicsContext } from '../src/context.js';
import type { PhysicsRuntime } from '../src/runtime.js';
import { Boundary, counts, disposeManualClients, Grab, manualClient, translation } from './helpers.js';

const box = [{ type: 'box', width: 0.5, height: 0.5 }] as const;

function Crate({ x = 0, y = 2 }: { x?: number; y?: number }) {
  const [ref] = useBody<HTMLDivElement>({ position: { x, y }, shapes: box });
  return <div ref={ref} data-testid="crate" />;
}

afterEach(() => {
  cleanup();
  disposeManualClients();
});

describe('<Physics>', () => {
  it('throws a clear error when a hook is used outside <Physics>', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Crate />)).toThrow('useBody: no <Physics> above this component');
    spy.mockRestore();
  });

  it('throws a clear error from every hook and component outside <Physics>', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const cases: [string, () => unknown][] = [
      ['usePhysics', () => usePhysics()],
      ['usePhysicsFrame', () => usePhysicsFrame(() => {})],
      ['usePhysicsStats', () => usePhysicsStats((s) => s.bodyCount)],
      ['useRaycast', () => useRaycast()],
      ['useJoint', () => useJoint('weld', null, null)],
    ];
    for (const [name, hook] of cases) {
      function Probe() {
        hook();
        return null;
      }
      expect(() => render(<Probe />)).toThrow(`${name}: no <Physics> above this component`);
    }
    expect(() => render(<Body />)).toThrow('<Body>: no <Physics> above this component');
    spy.mockRestore();
  });

  it('creates exactly one body per useBody under StrictMode', async () => {
    const client = manualClient();
    render(
      <StrictMode>
        <Physics client={client}>
          {[0, 1, 2, 3, 4].map((i) => (
            <Crate key={i} x={i} />
          ))}
        </Physics>
      </StrictMode>,
    );
    expect(await counts(client)).toMatchObject({ bodies: 5, shapes: 5 });
  });

  it('destroys every body when the scene unmounts', async () => {
    const client = manualClient();
    const view = render(
      <StrictMode>
        <Physics client={client}>
          <Crate />
          <Crate x={1} />
        </Physics>
      </StrictMode>,
    );
    expect((await counts(client)).bodies).toBe(2);
    view.unmount();
    expect(await counts(client)).toMatchObject({ bodies: 0, shapes: 0 });
  });

  it('moves a body element downward under gravity after stepping (inline backend)', async () => {
    let api: PhysicsApi | null = null;
    const view = render(
      <StrictMode>
        <Physics backend="inline" stepping="manual" scale={50}>
          <Crate />
          <Grab onApi={(a) => (api = a)} />
        </Physics>
      </StrictMode>,
    );
    const el = view.getByTestId('crate');
    const before = translation(el);
    expect(before.y).toBeCloseTo(-100); // y = 2 m up is 100 px above the origin
    await act(() => api!.step(30));
    const after = translation(el);
    // Half a second of free fall: 1.25 m, 62.5 px further down the screen.
    expect(after.y - before.y).toBeGreaterThan(55);
    expect(after.y - before.y).toBeLessThan(70);
    expect(after.x).toBeCloseTo(before.x);
    view.unmount();
  });

  it('disposes the world it made when it unmounts, and makes a fresh one on remount', async () => {
    const seen: PhysicsClient[] = [];
    const view = render(
      <StrictMode>
        <Physics backend="inline" stepping="manual">
          <Crate />
          <Grab onApi={(a) => seen.push(a.client)} />
        </Physics>
      </StrictMode>,
    );
    const live = seen[seen.length - 1]!;
    expect(live.isDisposed()).toBe(false);
    // StrictMode's remount disposed the first world; the live one holds exactly one body.
    expect(seen.filter((c) => !c.isDisposed())).toEqual([live]);
    expect((await counts(live)).bodies).toBe(1);
    view.unmount();
    expect(live.isDisposed()).toBe(true);
  });

  it('hands every frame to usePhysicsFrame callbacks with the bodies records', async () => {
    const client = manualClient();
    const ys: number[] = [];
    let slot = -1;
    function Reader() {
      const [, api] = useBody({ position: { x: 0, y: 5 }, shapes: box });
      usePhysicsFrame((frame) => {
        slot = api.slot;
        ys.push(frame.records[slot * 9 + 3]!);
      });
      return null;
    }
    let physics: PhysicsApi | null = null;
    render(
      <Physics client={client}>
        <Reader />
        <Grab onApi={(a) => (physics = a)} />
      </Physics>,
    );
    await act(() => physics!.step(10));
    expect(slot).toBeGreaterThanOrEqual(0);
    expect(ys.length).toBeGreaterThan(0);
    expect(ys[ys.length - 1]!).toBeLessThan(5);
  });

  it('reads a body from the frame with the BodyRecord offsets @impulse/react exports', async () => {
    const client = manualClient();
    let read: { id: number; x: number; y: number; awake: number } | null = null;
    let body: BodyApi | null = null;
    function Reader() {
      const [, api] = useBody({ position: { x: 1.5, y: 5 }, angle: 0.3, shapes: box });
      body = api;
      usePhysicsFrame(({ records }) => {
        const o = api.slot * BodyRecord.Size;
        read = {
          id: records[o + BodyRecord.Id]!,
          x: records[o + BodyRecord.X]!,
          y: records[o + BodyRecord.Y]!,
          awake: records[o + BodyRecord.Awake]!,
        };
      });
      return null;
    }
    let physics: PhysicsApi | null = null;
    render(
      <Physics client={client} interpolate={false}>
        <Reader />
        <Grab onApi={(a) => (physics = a)} />
      </Physics>,
    );
    await act(() => physics!.step(10));
    const p = body!.getPosition();
    expect(read).toEqual({ id: body!.id, x: p.x, y: p.y, awake: 1 });
    expect(p.y).toBeLessThan(5);
  });

  it('rejects a bad body def through the error boundary with the core message, world unchanged', async () => {
    const client = manualClient();
    function BadBody() {
      const [ref] = useBody({ position: { x: Number.NaN, y: 0 }, shapes: box });
      return <div ref={ref} />;
    }
    function BadShape() {
      const [ref] = useBody({ shapes: [{ type: 'box', width: 1, height: 1, density: -1 }] });
      return <div ref={ref} />;
    }
    function Scene({ bad }: { bad: 'body' | 'shape' | null }) {
      return (
        <Physics client={client}>
          <Crate />
          <Boundary key={bad} onError={(e) => errors.push(e)}>
            {bad === 'body' ? <BadBody /> : bad === 'shape' ? <BadShape /> : null}
          </Boundary>
        </Physics>
      );
    }
    const errors: Error[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const view = render(<Scene bad={null} />);
    const hash = await client.stateHash();
    view.rerender(<Scene bad="body" />);
    expect(errors[0]?.message).toBe('createBody: position.x must be finite, got NaN');
    expect(await client.stateHash()).toBe(hash);
    view.rerender(<Scene bad={null} />);
    view.rerender(<Scene bad="shape" />);
    expect(errors[1]?.message).toMatch(/^createPolygonShape: density/);
    expect(await client.stateHash()).toBe(hash);
    expect((await counts(client)).bodies).toBe(1);
    spy.mockRestore();
    view.unmount();
  });

  it("names the prop in a bad shape's message, and rejects half sizes in a box (issue 27)", async () => {
    const client = manualClient();
    const cases: [string, object, RegExp][] = [
      [
        'negative width',
        { type: 'box', width: -1, height: 1 },
        /^useBody: shapes\[1\]\.width must be a positive full width in meters, got -1$/,
      ],
      [
        'half sizes',
        { type: 'box', hx: 0.5, hy: 0.5 },
        /^useBody: shapes\[1\]: a box takes its full width and height \(m\), got 'hx'.*makeBox\(hx, hy\) takes half sizes\)$/,
      ],
      [
        'unknown field',
        { type: 'circle', radius: 1, radious: 2 },
        /^useBody: shapes\[1\]: unknown field 'radious' \(a circle takes: radius, offset, and the material\)$/,
      ],
      [
        'core check',
        { type: 'circle', radius: 0 },
        /^useBody: shapes\[1\]: makeCircle: radius must be positive and finite, got 0$/,
      ],
    ];
    const errors: Error[] = [];
    function Bad({ shape }: { shape: object }) {
      const [ref] = useBody({ shapes: [box[0], shape as never] });
      return <div ref={ref} />;
    }
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const hash = await client.stateHash();
    for (const [name, shape, message] of cases) {
      const view = render(
        <Physics client={client}>
          <Boundary onError={(e) => errors.push(e)}>
            <Bad shape={shape} />
          </Boundary>
        </Physics>,
      );
      expect(errors.pop()?.message, name).toMatch(message);
      view.unmount();
    }
    expect(await client.stateHash()).toBe(hash);
    expect((await counts(client)).bodies).toBe(0);
    spy.mockRestore();
  });

  it('creates and destroys nothing extra over 100 mount/unmount cycles (bodies, joints, targets, listeners)', async () => {
    const client = manualClient();
    let runtime: PhysicsRuntime | null = null;
    function Hit() {
      const [refA, a] = useBody<HTMLDivElement>({ shapes: box, onContactBegin: () => {}, onSleep: () => {} });
      const [refB, b] = useBody<HTMLDivElement>({ position: { x: 1, y: 0 }, shapes: box, draggable: true });
      useJoint('revolute', a, b, { enableMotor: true });
      useJoint('mouse', null, b, { target: { x: 1, y: 1 } });
      usePhysicsFrame(() => {});
      return (
        <>
          <div ref={refA} />
          <div ref={refB} />
        </>
      );
    }
    function Toggle() {
      const [on, set] = useState(true);
      toggle = set;
      runtime = useContext(PhysicsContext);
      return on ? <Hit /> : null;
    }
    let toggle: (v: boolean) => void = () => {};
    const view = render(
      <StrictMode>
        <Physics client={client}>
          <Toggle />
        </Physics>
      </StrictMode>,
    );
    expect(await counts(client)).toMatchObject({ bodies: 3, joints: 2 }); // two bodies and the ground
    for (let i = 0; i < 100; i++) {
      act(() => toggle(false));
      act(() => toggle(true));
    }
    expect(await counts(client)).toMatchObject({ bodies: 3, joints: 2 });
    act(() => toggle(false));
    expect(await counts(client)).toMatchObject({ bodies: 1, joints: 0, shapes: 0 }); // the ground stays
    const listeners = (client as unknown as { listeners: Record<string, Set<unknown>> }).listeners;
    expect(listeners.contact!.size + listeners.body!.size + listeners.joint!.size).toBe(0);
    const r = runtime as unknown as PhysicsRuntime;
    expect(r.loop.targets.size).toBe(0);
    expect(r.loop.callbackCount).toBe(0);
    expect(r.events.subscriptionCount).toBe(0);
    view.unmount();
    expect(await counts(client)).toMatchObject({ bodies: 0, joints: 0 });
  });
});
