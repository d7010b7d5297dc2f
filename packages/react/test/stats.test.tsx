import { act, cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type BodyApi,
  type PhysicsApi,
  Physics,
  useBody,
  useJoint,
  usePhysicsStats,
  useSoftConstraint,
} from '../src/index.js';
import { Grab, translation } from './helpers.js';

afterEach(cleanup);

function Crate({ i }: { i: number }) {
  const [ref] = useBody<HTMLDivElement>({
    position: { x: i, y: 2 },
    shapes: [{ type: 'box', width: 0.5, height: 0.5 }],
  });
  return <div ref={ref} data-testid={`c${i}`} />;
}

describe('usePhysicsStats', () => {
  it('shows the world statistics and re-renders only for the selected value', async () => {
    let physics: PhysicsApi | null = null;
    let bodyRenders = 0;
    let pausedRenders = 0;
    function BodyCount() {
      const n = usePhysicsStats((s) => s.bodyCount);
      bodyRenders++;
      return <output data-testid="bodies">{n}</output>;
    }
    function Paused() {
      const paused = usePhysicsStats((s) => s.paused);
      pausedRenders++;
      return <output data-testid="paused">{String(paused)}</output>;
    }
    const view = render(
      <StrictMode>
        <Physics backend="inline" stepping="manual">
          <Crate i={0} />
          <Crate i={1} />
          <BodyCount />
          <Paused />
          <Grab onApi={(a) => (physics = a)} />
        </Physics>
      </StrictMode>,
    );
    const pausedBefore = pausedRenders;
    await act(() => physics!.step(1));
    expect(view.getByTestId('bodies').textContent).toBe('2');
    const bodyBefore = bodyRenders;
    for (let i = 0; i < 10; i++) await act(() => physics!.step(1));
    expect(bodyRenders).toBe(bodyBefore); // the count did not change
    expect(pausedRenders).toBe(pausedBefore);
    act(() => physics!.setPaused(true));
    expect(view.getByTestId('paused').textContent).toBe('true');
  });

  it("tells the bodies <Physics> made for itself (the ground, a point spring's anchor) from the app's", async () => {
    let physics: PhysicsApi | null = null;
    type Tie = 'none' | 'pin' | 'spring';
    function Pin({ body }: { body: BodyApi }) {
      useJoint('revolute', null, body, {});
      return null;
    }
    function Spring({ body }: { body: BodyApi }) {
      useSoftConstraint(body, { x: 0, y: 5 }, { hertz: 2 });
      return null;
    }
    function Tied({ tie }: { tie: Tie }) {
      const [ref, api] = useBody<HTMLDivElement>({ shapes: [{ type: 'box', width: 0.5, height: 0.5 }] });
      return (
        <div ref={ref}>
          {tie === 'pin' && <Pin body={api} />}
          {tie === 'spring' && <Spring body={api} />}
        </div>
      );
    }
    const scene = (tie: Tie) => (
      <StrictMode>
        <Physics backend="inline" stepping="manual">
          <Tied tie={tie} />
          <Grab onApi={(a) => (physics = a)} />
        </Physics>
      </StrictMode>
    );
    const counts = async (tie: Tie) => {
      view.rerender(scene(tie));
      await act(() => physics!.step(1));
      return { bodies: physics!.client.getStats().bodyCount, own: physics!.ownBodyCount() };
    };
    const view = render(scene('none'));
    // no ground yet: every body is the app's
    expect(await counts('none')).toEqual({ bodies: 1, own: 0 });
    // a joint to the world makes the ground, which stays
    expect(await counts('pin')).toEqual({ bodies: 2, own: 1 });
    // a point spring adds its anchor, and takes it away with it
    expect(await counts('spring')).toEqual({ bodies: 3, own: 2 });
    expect(await counts('none')).toEqual({ bodies: 2, own: 1 });
  });

  it('follows the paused prop', () => {
    function Paused() {
      return <output data-testid="paused">{String(usePhysicsStats((s) => s.paused))}</output>;
    }
    const scene = (paused: boolean) => (
      <Physics backend="inline" paused={paused}>
        <Paused />
      </Physics>
    );
    const view = render(scene(false));
    expect(view.getByTestId('paused').textContent).toBe('false');
    view.rerender(scene(true));
    expect(view.getByTestId('paused').textContent).toBe('true');
  });
});

describe('realtime stepping', () => {
  it('moves elements on animation frames by itself, with no React render', async () => {
    if (typeof requestAnimationFrame !== 'function') return;
    let renders = 0;
    function Counted() {
      renders++;
      return <Crate i={0} />;
    }
    const view = render(
      <Physics backend="inline">
        <Counted />
      </Physics>,
    );
    const before = translation(view.getByTestId('c0')).y;
    const rendersBefore = renders;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(translation(view.getByTestId('c0')).y).toBeGreaterThan(before);
    expect(renders).toBe(rendersBefore);
  });
});
