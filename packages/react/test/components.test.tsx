import { act, cleanup, render } from '@testing-library/react';
import { StrictMode, useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  Body,
  type BodyApi,
  Bounds,
  Joint,
  type PhysicsApi,
  Physics,
  Shape,
  SoftConstraint,
} from '../src/index.js';
import { counts, disposeManualClients, Grab, manualClient, translation } from './helpers.js';

afterEach(() => {
  cleanup();
  disposeManualClients();
});

describe('declarative components', () => {
  it('<Body> with <Shape> children makes one body with those shapes and moves its element', async () => {
    const client = manualClient();
    let physics: PhysicsApi | null = null;
    const view = render(
      <StrictMode>
        <Physics client={client} scale={50}>
          <Body position={{ x: 0, y: 2 }} className="crate" data-testid="crate">
            <Shape type="box" width={0.5} height={0.5} />
            <Shape type="circle" radius={0.2} offset={{ x: 0, y: 0.4 }} />
            crate
          </Body>
          <Grab onApi={(a) => (physics = a)} />
        </Physics>
      </StrictMode>,
    );
    expect(await counts(client)).toMatchObject({ bodies: 1, shapes: 2 });
    const el = view.getByTestId('crate');
    expect(el.className).toBe('crate');
    expect(el.textContent).toBe('crate');
    const y0 = translation(el).y;
    await act(() => physics!.step(20));
    expect(translation(el).y).toBeGreaterThan(y0);
  });

  it('re-rendering a <Body> neither re-measures nor re-attaches its element', () => {
    const client = manualClient();
    const measure = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    const scene = (className: string) => (
      <Physics client={client}>
        <Body className={className} shapes={[{ type: 'circle', radius: 0.2 }]} />
      </Physics>
    );
    const view = render(scene('a'));
    const calls = measure.mock.calls.length;
    view.rerender(scene('b'));
    view.rerender(scene('c'));
    expect(measure.mock.calls.length).toBe(calls);
    measure.mockRestore();
  });

  it('recreates the body when a <Shape> child changes', async () => {
    const client = manualClient();
    let setRadius: (r: number) => void = () => {};
    const body = { current: null as BodyApi | null };
    function Ball() {
      const [radius, set] = useState(0.2);
      setRadius = set;
      return (
        <Body ref={body} as={null}>
          <Shape type="circle" radius={radius} />
        </Body>
      );
    }
    render(
      <Physics client={client}>
        <Ball />
      </Physics>,
    );
    const radiusOf = () =>
      (client.getShapeGeometry(client.getBodyShapes(body.current!.id!)[0]!) as { radius: number }).radius;
    const first = body.current!.id;
    expect(radiusOf()).toBe(0.2);
    act(() => setRadius(0.3));
    expect(body.current!.id).not.toBe(first);
    expect(radiusOf()).toBe(0.3);
    expect(await counts(client)).toMatchObject({ bodies: 1, shapes: 1 });
  });

  it('<Joint> and <SoftConstraint> take <Body> refs', async () => {
    const client = manualClient();
    let physics: PhysicsApi | null = null;
    let a: BodyApi | null = null;
    let b: BodyApi | null = null;
    function Scene() {
      const pivot = useRef<BodyApi>(null);
      const bob = useRef<BodyApi>(null);
      const free = useRef<BodyApi>(null);
      return (
        <>
          <Joint kind="distance" bodyA={pivot} bodyB={bob} length={2} />
          <Body
            ref={pivot}
            as={null}
            type="static"
            position={{ x: 0, y: 5 }}
            shapes={[{ type: 'circle', radius: 0.1 }]}
          />
          <Body ref={bob} as={null} position={{ x: 2, y: 5 }} shapes={[{ type: 'circle', radius: 0.1 }]} />
          <Body
            ref={free}
            as={null}
            position={{ x: 5, y: 0 }}
            gravityScale={0}
            shapes={[{ type: 'circle', radius: 0.1 }]}
          />
          <SoftConstraint body={free} to={{ x: 5, y: 1 }} hertz={2} dampingRatio={1} />
          <Grab
            onApi={(api) => {
              physics = api;
              a = pivot.current;
              b = bob.current;
            }}
          />
        </>
      );
    }
    render(
      <StrictMode>
        <Physics client={client}>
          <Scene />
        </Physics>
      </StrictMode>,
    );
    expect((await counts(client)).joints).toBe(2);
    await act(() => physics!.step(60));
    const p = a!.getPosition();
    const q = b!.getPosition();
    expect(Math.hypot(p.x - q.x, p.y - q.y)).toBeCloseTo(2, 1);
  });

  it('<Bounds> walls in the viewport: a body comes to rest on its bottom edge', async () => {
    const client = manualClient();
    let physics: PhysicsApi | null = null;
    let ball: BodyApi | null = null;
    function Ball() {
      const ref = useRef<BodyApi>(null);
      return (
        <>
          <Body ref={ref} as={null} position={{ x: 3, y: -2 }} shapes={[{ type: 'circle', radius: 0.25 }]} />
          <Grab
            onApi={(api) => {
              physics = api;
              ball = ref.current;
            }}
          />
        </>
      );
    }
    render(
      <Physics client={client} scale={100}>
        <Bounds />
        <Ball />
      </Physics>,
    );
    // jsdom's viewport is 1024 × 768 px: the floor is at world y = -7.68.
    await act(() => physics!.step(240));
    expect(ball!.getPosition().y).toBeCloseTo(-7.68 + 0.25, 1);
    expect((await counts(client)).bodies).toBe(2); // one body holds the four walls
  });

  it('<Bounds> keeps its bodies inside when the window shrinks (issue 27: they fell through the floor)', async () => {
    const size = (w: number, h: number) => {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: w });
      Object.defineProperty(window, 'innerHeight', { configurable: true, value: h });
    };
    const initial = { w: window.innerWidth, h: window.innerHeight };
    size(1200, 760);
    const client = manualClient();
    let physics: PhysicsApi | null = null;
    const cards: BodyApi[] = [];
    function Card({ i }: { i: number }) {
      const ref = useRef<BodyApi>(null);
      return (
        <>
          <Body
            ref={ref}
            as={null}
            position={{ x: 1 + i * 1.4, y: -3 }}
            shapes={[{ type: 'box', width: 0.8, height: 0.5 }]}
          />
          <Grab onApi={() => (cards[i] = ref.current!)} />
        </>
      );
    }
    render(
      <Physics client={client} scale={100}>
        <Bounds />
        {[0, 1, 2, 3, 4, 5, 6, 7].map((i) => (
          <Card key={i} i={i} />
        ))}
        <Grab onApi={(api) => (physics = api)} />
      </Physics>,
    );
    await act(() => physics!.step(180));
    for (const card of cards) expect(card.getPosition().y).toBeCloseTo(-7.6 + 0.25, 1);
    // 1200 × 760 → 700 × 520: the floor moves 2.4 m up, the right wall 5 m in.
    size(700, 520);
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    await act(() => physics!.step(240));
    for (const card of cards) {
      const p = card.getPosition();
      expect(p.x).toBeGreaterThan(0);
      expect(p.x).toBeLessThan(7);
      expect(p.y).toBeGreaterThan(-5.2);
      expect(p.y).toBeLessThan(0);
    }
    size(initial.w, initial.h);
  });
});

// Type-level checks of the JSX: compiled by `tsc` (typecheck), never run.
export function jsxTypeChecks(a: BodyApi) {
  return (
    <>
      <Joint kind="revolute" bodyA={a} bodyB={null} enableMotor motorSpeed={1} />
      <Joint kind="prismatic" bodyA={a} bodyB={null} localAxisA={{ x: 1, y: 0 }} />
      {/* @ts-expect-error a revolute joint has no length */}
      <Joint kind="revolute" bodyA={a} bodyB={null} length={1} />
      <SoftConstraint body={a} to={{ x: 0, y: 0 }} responseFrames={12} bounce="some" />
      {/* @ts-expect-error bounce is 'free', 'some' or 'none' */}
      <SoftConstraint body={a} to={{ x: 0, y: 0 }} responseFrames={12} bounce="lots" />
    </>
  );
}
