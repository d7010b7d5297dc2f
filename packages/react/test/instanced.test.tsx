import { act, cleanup, render } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type BodyApi,
  type ContactEvent,
  InstancedBodies,
  type PhysicsApi,
  Physics,
  useBodies,
  useBody,
} from '../src/index.js';
import { counts, disposeManualClients, Grab, manualClient, translation } from './helpers.js';

afterEach(() => {
  cleanup();
  disposeManualClients();
});

const ball = (i: number) => ({
  position: { x: i * 2, y: 1 + i },
  shapes: [{ type: 'circle' as const, radius: 0.25 }],
});

describe('many bodies from one component', () => {
  it('useBodies makes exactly N bodies under StrictMode, keeps them as N grows and trims as it shrinks', async () => {
    const client = manualClient();
    let setCount: (n: number) => void = () => {};
    let apis: BodyApi[] = [];
    function Balls() {
      const [count, set] = useState(5);
      setCount = set;
      apis = useBodies(count, ball).apis;
      return null;
    }
    render(
      <StrictMode>
        <Physics client={client}>
          <Balls />
        </Physics>
      </StrictMode>,
    );
    expect((await counts(client)).bodies).toBe(5);
    const first = apis[0]!.id;
    act(() => setCount(8));
    expect((await counts(client)).bodies).toBe(8);
    expect(apis[0]!.id).toBe(first);
    act(() => setCount(2));
    expect((await counts(client)).bodies).toBe(2);
    expect(apis.length).toBe(2);
    cleanup();
    expect((await counts(client)).bodies).toBe(0);
  });

  it('reports the instance index in contact events', async () => {
    const client = manualClient();
    const begin = vi.fn<(e: ContactEvent) => void>();
    let physics: PhysicsApi | null = null;
    function Floor() {
      useBody({
        type: 'static',
        position: { x: 0, y: -0.5 },
        shapes: [{ type: 'box', width: 20, height: 1 }],
      });
      return null;
    }
    function Balls() {
      useBodies(3, (i) => ({ ...ball(i), onContactBegin: begin }));
      return null;
    }
    render(
      <Physics client={client}>
        <Floor />
        <Balls />
        <Grab onApi={(a) => (physics = a)} />
      </Physics>,
    );
    for (let i = 0; i < 90; i++) await act(() => physics!.step(1));
    const indices = begin.mock.calls.map(([e]) => e.index).sort();
    expect(indices).toEqual([0, 1, 2]);
    expect(begin.mock.calls.every(([e]) => e.otherIndex === undefined)).toBe(true);
  });

  it('<InstancedBodies> renders and moves one element per body', async () => {
    let physics: PhysicsApi | null = null;
    const view = render(
      <StrictMode>
        <Physics backend="inline" stepping="manual">
          <InstancedBodies count={4} body={ball}>
            {(i, ref) => <div ref={ref} data-testid={`ball-${i}`} />}
          </InstancedBodies>
          <Grab onApi={(a) => (physics = a)} />
        </Physics>
      </StrictMode>,
    );
    const y0 = translation(view.getByTestId('ball-3')).y;
    expect(y0).toBeCloseTo(-400);
    await act(() => physics!.step(10));
    expect(translation(view.getByTestId('ball-3')).y).toBeGreaterThan(y0);
    expect((await counts(physics!.client)).bodies).toBe(4);
  });
});
