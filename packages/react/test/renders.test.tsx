import { act, cleanup, render } from '@testing-library/react';
import { Profiler, StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type PhysicsApi, Physics, useBody, usePhysicsFrame } from '../src/index.js';
import { Grab, translation } from './helpers.js';

afterEach(cleanup);

describe('renders per frame', () => {
  it('renders React 0 times per animation frame in steady state while bodies move', async () => {
    let renders = 0;
    let physics: PhysicsApi | null = null;
    function Crate({ i }: { i: number }) {
      const [ref] = useBody<HTMLDivElement>({
        position: { x: i, y: 3 + i },
        shapes: [{ type: 'box', width: 0.4, height: 0.4 }],
      });
      return <div ref={ref} data-testid={`c${i}`} />;
    }
    function Renderer() {
      usePhysicsFrame(() => {});
      return null;
    }
    const view = render(
      <StrictMode>
        <Profiler id="scene" onRender={() => renders++}>
          <Physics backend="inline" stepping="manual">
            {Array.from({ length: 20 }, (_, i) => (
              <Crate key={i} i={i} />
            ))}
            <Renderer />
            <Grab onApi={(a) => (physics = a)} />
          </Physics>
        </Profiler>
      </StrictMode>,
    );
    const afterMount = renders;
    const y0 = translation(view.getByTestId('c5')).y;
    for (let frame = 0; frame < 60; frame++) await act(() => physics!.step(1));
    expect(translation(view.getByTestId('c5')).y).toBeGreaterThan(y0);
    expect(renders - afterMount).toBe(0);
  });
});
