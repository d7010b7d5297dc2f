import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { StrictMode, useRef, useState } from 'react';
import type { BodyId } from '@impulse/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type BodyApi,
  type BodyDragEvent,
  type DragConstraint,
  type BodyOptions,
  type PhysicsApi,
  Physics,
  useBody,
  useDragSurface,
} from '../src/index.js';
import { counts, disposeManualClients, Grab, manualClient } from './helpers.js';

afterEach(() => {
  cleanup();
  disposeManualClients();
});

function Card({ onApi, ...options }: BodyOptions & { onApi: (api: BodyApi) => void }) {
  const [ref, api] = useBody<HTMLDivElement>({
    shapes: [{ type: 'box', width: 1, height: 0.5 }],
    ...options,
  });
  onApi(api);
  return <div ref={ref} data-testid="card" />;
}

describe('dragging', () => {
  it('grabs a body with a pointer, follows the pointer, and lets go on release', async () => {
    const client = manualClient({ x: 0, y: 0 });
    let card: BodyApi | null = null;
    let physics: PhysicsApi | null = null;
    const view = render(
      <StrictMode>
        <Physics client={client} scale={100} draggable>
          <Card onApi={(a) => (card = a)} />
          <Grab onApi={(a) => (physics = a)} />
        </Physics>
      </StrictMode>,
    );
    const el = view.getByTestId('card');
    // The body is at the world origin, which is page (0, 0): grab it there, move 100 px right.
    fireEvent.pointerDown(el, { pointerId: 7, clientX: 0, clientY: 0, button: 0, isPrimary: true });
    expect((await counts(client)).joints).toBe(1);
    fireEvent.pointerMove(document, { pointerId: 7, clientX: 100, clientY: 0 });
    for (let i = 0; i < 90; i++) await act(() => physics!.step(1));
    expect(card!.getPosition().x).toBeCloseTo(1, 1);
    expect(card!.getPosition().y).toBeCloseTo(0, 1);
    fireEvent.pointerUp(document, { pointerId: 7, clientX: 100, clientY: 0 });
    expect((await counts(client)).joints).toBe(0);
  });

  it('grabs a body too heavy for its pull in body weights: the pull stops at the core force range', async () => {
    const client = manualClient({ x: 0, y: 0 });
    const view = render(
      <Physics client={client} scale={100} draggable>
        {/* 4e8 kg: a pull of 1000 body weights would be 4e12 N, past the 1e12 N range */}
        <Card shapes={[{ type: 'box', width: 20, height: 20, density: 1e6 }]} onApi={() => {}} />
      </Physics>,
    );
    fireEvent.pointerDown(view.getByTestId('card'), { pointerId: 3, clientX: 0, clientY: 0, button: 0 });
    expect((await counts(client)).joints).toBe(1);
    fireEvent.pointerUp(document, { pointerId: 3 });
    expect((await counts(client)).joints).toBe(0);
  });

  it('flings: a body released while moving keeps its velocity', async () => {
    const client = manualClient({ x: 0, y: 0 });
    let card: BodyApi | null = null;
    let physics: PhysicsApi | null = null;
    const view = render(
      <Physics client={client} scale={100}>
        <Card draggable onApi={(a) => (card = a)} />
        <Grab onApi={(a) => (physics = a)} />
      </Physics>,
    );
    const el = view.getByTestId('card');
    fireEvent.pointerDown(el, { pointerId: 1, clientX: 0, clientY: 0, button: 0 });
    for (let i = 1; i <= 10; i++) {
      fireEvent.pointerMove(document, { pointerId: 1, clientX: 20 * i, clientY: 0 });
      await act(() => physics!.step(1));
    }
    fireEvent.pointerUp(document, { pointerId: 1 });
    expect(card!.getLinearVelocity().x).toBeGreaterThan(1);
  });

  it('does not drag a body that is not draggable, nor a static one', async () => {
    const client = manualClient({ x: 0, y: 0 });
    const view = render(
      <Physics client={client}>
        <Card type="static" draggable onApi={() => {}} />
      </Physics>,
    );
    fireEvent.pointerDown(view.getByTestId('card'), { pointerId: 1, clientX: 0, clientY: 0, button: 0 });
    expect((await counts(client)).joints).toBe(0);
    cleanup();
    const view2 = render(
      <Physics client={client}>
        <Card onApi={() => {}} />
      </Physics>,
    );
    const el = view2.getByTestId('card');
    fireEvent.pointerDown(el, { pointerId: 1, clientX: 0, clientY: 0, button: 0 });
    expect((await counts(client)).joints).toBe(0);
  });

  it('drags a body without an element through a drag surface (the world is asked what is under the pointer)', async () => {
    const client = manualClient({ x: 0, y: 0 });
    let card: BodyApi | null = null;
    let physics: PhysicsApi | null = null;
    function Scene() {
      const surface = useRef<HTMLDivElement>(null);
      useDragSurface(surface);
      const [, api] = useBody({
        position: { x: 1, y: -1 },
        shapes: [{ type: 'box', width: 0.5, height: 0.5 }],
      });
      const [, fixed] = useBody({
        position: { x: 3, y: -1 },
        draggable: false,
        shapes: [{ type: 'box', width: 0.5, height: 0.5 }],
      });
      card = api;
      void fixed;
      return <div ref={surface} data-testid="surface" />;
    }
    const view = render(
      <StrictMode>
        <Physics client={client} scale={100}>
          <Scene />
          <Grab onApi={(a) => (physics = a)} />
        </Physics>
      </StrictMode>,
    );
    const surface = view.getByTestId('surface');
    // Page (300, 100) is world (3, -1): the body that is not draggable.
    fireEvent.pointerDown(surface, { pointerId: 2, clientX: 300, clientY: 100, button: 0 });
    await act(() => client.flush());
    expect((await counts(client)).joints).toBe(0);
    fireEvent.pointerUp(document, { pointerId: 2 });
    // Page (100, 100) is world (1, -1): the draggable one.
    fireEvent.pointerDown(surface, { pointerId: 3, clientX: 100, clientY: 100, button: 0 });
    await act(() => client.flush());
    expect((await counts(client)).joints).toBe(1);
    fireEvent.pointerMove(document, { pointerId: 3, clientX: 100, clientY: 200 });
    for (let i = 0; i < 60; i++) await act(() => physics!.step(1));
    expect(card!.getPosition().y).toBeCloseTo(-2, 1);
    fireEvent.pointerUp(document, { pointerId: 3 });
    expect((await counts(client)).joints).toBe(0);
  });

  it('follows a drag surface given as an element that appears after the component mounted', async () => {
    const client = manualClient({ x: 0, y: 0 });
    let show: (on: boolean) => void = () => {};
    function Scene() {
      // a callback ref kept in state: the element arrives with a later render
      const [element, setElement] = useState<HTMLDivElement | null>(null);
      const [shown, setShown] = useState(false);
      show = setShown;
      useDragSurface(element);
      useBody({ position: { x: 1, y: -1 }, shapes: [{ type: 'box', width: 0.5, height: 0.5 }] });
      return shown ? <div ref={setElement} data-testid="late-surface" /> : null;
    }
    const view = render(
      <StrictMode>
        <Physics client={client} scale={100}>
          <Scene />
        </Physics>
      </StrictMode>,
    );
    await act(async () => show(true));
    const surface = view.getByTestId('late-surface');
    fireEvent.pointerDown(surface, { pointerId: 4, clientX: 100, clientY: 100, button: 0 });
    await act(() => client.flush());
    expect((await counts(client)).joints).toBe(1);
    fireEvent.pointerUp(document, { pointerId: 4 });
    expect((await counts(client)).joints).toBe(0);
    // gone again: a press where it was grabs nothing (the listener left with the element)
    await act(async () => show(false));
    fireEvent.pointerDown(surface, { pointerId: 5, clientX: 100, clientY: 100, button: 0 });
    await act(() => client.flush());
    expect((await counts(client)).joints).toBe(0);
  });

  it('removes the drag joint when the body unmounts mid-drag', async () => {
    const client = manualClient({ x: 0, y: 0 });
    const scene = (show: boolean) => (
      <Physics client={client} draggable>
        {show ? <Card onApi={() => {}} /> : null}
      </Physics>
    );
    const view = render(scene(true));
    fireEvent.pointerDown(view.getByTestId('card'), { pointerId: 1, clientX: 0, clientY: 0, button: 0 });
    view.rerender(scene(false));
    fireEvent.pointerMove(document, { pointerId: 1, clientX: 50, clientY: 0 });
    expect(await counts(client)).toMatchObject({ bodies: 1, joints: 0 }); // the ground stays
  });

  it('tells onDragStart, onDrag and onDragEnd where the drag is and how fast the body goes (issue 27)', async () => {
    const client = manualClient({ x: 0, y: 0 });
    let physics: PhysicsApi | null = null;
    const events: { name: string; point: { x: number; y: number }; speed: number }[] = [];
    const log = (name: string) => (e: BodyDragEvent) =>
      events.push({ name, point: e.point, speed: Math.hypot(e.velocity.x, e.velocity.y) });
    const view = render(
      <StrictMode>
        <Physics client={client} scale={100} draggable>
          <Card onApi={() => {}} onDragStart={log('start')} onDrag={log('drag')} onDragEnd={log('end')} />
          <Grab onApi={(a) => (physics = a)} />
        </Physics>
      </StrictMode>,
    );
    fireEvent.pointerDown(view.getByTestId('card'), { pointerId: 4, clientX: 10, clientY: 20, button: 0 });
    expect(events).toEqual([{ name: 'start', point: { x: 0.1, y: -0.2 }, speed: 0 }]);
    fireEvent.pointerMove(document, { pointerId: 4, clientX: 110, clientY: 20 });
    expect(events[1]).toMatchObject({ name: 'drag', point: { x: 1.1, y: -0.2 } });
    for (let i = 0; i < 5; i++) await act(() => physics!.step(1));
    fireEvent.pointerUp(document, { pointerId: 4 });
    expect(events[2]!.name).toBe('end');
    expect(events[2]!.point).toEqual({ x: 1.1, y: -0.2 });
    expect(events[2]!.speed).toBeGreaterThan(0.5); // moving toward the pointer when let go
    expect(events).toHaveLength(3);
  });

  it('limits a drag to a distance from an anchor and to an axis, and lets canDrag refuse a body', async () => {
    const client = manualClient({ x: 0, y: 0 });
    let physics: PhysicsApi | null = null;
    let card: BodyApi | null = null;
    const pulls: { x: number; y: number }[] = [];
    const scene = (constraint: DragConstraint, canDrag: ((b: BodyId) => boolean) | null) => (
      <Physics client={client} scale={100} draggable dragOptions={{ canDrag }}>
        <Card onApi={(a) => (card = a)} dragConstraint={constraint} onDrag={(e) => pulls.push(e.point)} />
        <Grab onApi={(a) => (physics = a)} />
      </Physics>
    );
    // A slingshot band: at most 1 m from (0, 0), wherever the pointer goes.
    const view = render(scene({ anchor: { x: 0, y: 0 }, maxDistance: 1 }, null));
    const el = view.getByTestId('card');
    fireEvent.pointerDown(el, { pointerId: 1, clientX: 0, clientY: 0, button: 0 });
    fireEvent.pointerMove(document, { pointerId: 1, clientX: -300, clientY: 400 }); // world (-3, -4): 5 m away
    expect(pulls[0]!.x).toBeCloseTo(-0.6, 10);
    expect(pulls[0]!.y).toBeCloseTo(-0.8, 10);
    for (let i = 0; i < 120; i++) await act(() => physics!.step(1));
    expect(Math.hypot(card!.getPosition().x, card!.getPosition().y)).toBeLessThan(1.01);
    fireEvent.pointerUp(document, { pointerId: 1 });
    // A rail: along x only, through the grabbed point.
    view.rerender(scene({ axis: { x: 2, y: 0 } }, null));
    const at = physics!.worldToScreen(card!.getPosition());
    fireEvent.pointerDown(el, { pointerId: 2, clientX: at.x, clientY: at.y, button: 0 });
    fireEvent.pointerMove(document, { pointerId: 2, clientX: at.x + 50, clientY: at.y + 300 });
    expect(pulls[1]!.x).toBeCloseTo(card!.getPosition().x + 0.5, 10);
    expect(pulls[1]!.y).toBeCloseTo(card!.getPosition().y, 10);
    fireEvent.pointerUp(document, { pointerId: 2 });
    // canDrag refuses: no grab, no joint, no event.
    view.rerender(scene({}, (b) => b !== card!.id));
    fireEvent.pointerDown(el, { pointerId: 3, clientX: at.x, clientY: at.y, button: 0 });
    expect((await counts(client)).joints).toBe(0);
    fireEvent.pointerMove(document, { pointerId: 3, clientX: 0, clientY: 0 });
    expect(pulls).toHaveLength(2);
    // A bad constraint names the prop.
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => view.rerender(scene({ maxDistance: -1 }, null))).toThrow(
      'useBody: dragConstraint.maxDistance must be a finite distance >= 0 (m), got -1',
    );
    spy.mockRestore();
  });
});
