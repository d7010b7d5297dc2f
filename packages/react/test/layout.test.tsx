/**
 * HTML elements in normal flow follow their bodies after the layout moves them (issue 27):
 * a card removed or added before others, or a list reordered, moves the others' layout
 * boxes; the elements must still be drawn at their bodies, with no layout read per frame.
 */
import { act, cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type BodyApi, type PhysicsApi, Physics, useBody } from '../src/index.js';
import { disposeManualClients, Grab, manualClient, translation } from './helpers.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  disposeManualClients();
});

/** A column layout: each card is 100 × 40 px, one `pitch` below the one before it. */
function columnLayout(pitch: { value: number }) {
  return vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    const index = this.parentElement ? Array.prototype.indexOf.call(this.parentElement.children, this) : 0;
    const top = index * pitch.value;
    return {
      left: 0,
      top,
      width: 100,
      height: 40,
      right: 100,
      bottom: top + 40,
      x: 0,
      y: top,
      toJSON: () => ({}),
    };
  });
}

const apis = new Map<number, BodyApi>();

function Card({ id }: { id: number }) {
  const [ref, api] = useBody<HTMLDivElement>({
    type: 'static',
    position: { x: id, y: -id },
    shapes: [{ type: 'box', width: 1, height: 0.4 }],
  });
  apis.set(id, api);
  return <div ref={ref} data-testid={`card-${id}`} />;
}

/** Where the card is drawn (its layout box center plus its transform) minus where its body is, in px. */
function drawnOffset(view: ReturnType<typeof render>, id: number, physics: PhysicsApi): number {
  const el = view.getByTestId(`card-${id}`);
  const t = translation(el);
  const style = el.style.transform;
  el.style.transform = '';
  const r = el.getBoundingClientRect();
  el.style.transform = style;
  const body = physics.worldToScreen(apis.get(id)!.getPosition());
  return Math.hypot(r.left + r.width / 2 + t.x - body.x, r.top + r.height / 2 + t.y - body.y);
}

describe('elements in normal flow', () => {
  it('are drawn at their bodies after cards before them are removed, added or reordered', async () => {
    const pitch = { value: 50 };
    const measure = columnLayout(pitch);
    const client = manualClient({ x: 0, y: 0 });
    let physics: PhysicsApi | null = null;
    const scene = (ids: number[]) => (
      <StrictMode>
        <Physics client={client} scale={100}>
          <div>
            {ids.map((id) => (
              <Card key={id} id={id} />
            ))}
          </div>
          <Grab onApi={(a) => (physics = a)} />
        </Physics>
      </StrictMode>
    );
    const view = render(scene([0, 1, 2, 3]));
    await act(() => physics!.step(1));
    for (const id of [0, 1, 2, 3]) expect(drawnOffset(view, id, physics!)).toBeLessThan(0.01);

    for (const ids of [
      [1, 2, 3],
      [4, 1, 2, 3],
      [3, 2, 4, 1],
    ]) {
      view.rerender(scene(ids));
      await act(async () => {}); // the MutationObserver's notice
      await act(() => physics!.step(1));
      for (const id of ids)
        expect(drawnOffset(view, id, physics!), `card ${id} of ${ids}`).toBeLessThan(0.01);
    }

    // A still page reads no layout, frame after frame.
    const reads = measure.mock.calls.length;
    for (let i = 0; i < 5; i++) await act(() => physics!.step(1));
    expect(measure.mock.calls.length).toBe(reads);
  });

  it('are measured again on usePhysics().remeasure() after a change nothing observes', async () => {
    const pitch = { value: 50 };
    columnLayout(pitch);
    const client = manualClient({ x: 0, y: 0 });
    let physics: PhysicsApi | null = null;
    const view = render(
      <Physics client={client} scale={100}>
        <div>
          <Card id={0} />
          <Card id={1} />
        </div>
        <Grab onApi={(a) => (physics = a)} />
      </Physics>,
    );
    await act(() => physics!.step(1));
    pitch.value = 80; // a stylesheet change: no DOM mutation, no resize
    await act(() => physics!.step(1));
    expect(drawnOffset(view, 1, physics!)).toBeCloseTo(30, 5);
    physics!.remeasure();
    await act(() => physics!.step(1));
    expect(drawnOffset(view, 1, physics!)).toBeLessThan(0.01);
  });
});
