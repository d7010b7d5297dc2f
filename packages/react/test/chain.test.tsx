import { act, cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type BodyApi, type PhysicsApi, Physics, type ShapeSpec, useBody } from '../src/index.js';
import { counts, disposeManualClients, Grab, manualClient } from './helpers.js';

afterEach(() => {
  cleanup();
  disposeManualClients();
});

// ground walked on from above: the points run right to left (a chain collides on its right)
const HILL: ShapeSpec[] = [
  {
    type: 'chain',
    points: [
      { x: 4, y: 0 },
      { x: 1, y: 0.5 },
      { x: -1, y: 0.5 },
      { x: -4, y: 0 },
    ],
    friction: 0.9,
  },
];

describe("useBody's chain shape", () => {
  it('makes one segment shape per link, which a ball lands on; one body under StrictMode', async () => {
    const client = manualClient();
    let ball: BodyApi | null = null;
    let physics: PhysicsApi | null = null;
    function Scene() {
      useBody({ type: 'static', shapes: HILL });
      [, ball] = useBody({ position: { x: 0, y: 2 }, shapes: [{ type: 'circle', radius: 0.25 }] });
      return <Grab onApi={(a) => (physics = a)} />;
    }
    render(
      <StrictMode>
        <Physics client={client}>
          <Scene />
        </Physics>
      </StrictMode>,
    );
    // the chain's body, its three segments, and the ball
    expect(await counts(client)).toMatchObject({ bodies: 2, shapes: 4 });
    for (let i = 0; i < 120; i++) await act(() => physics!.step(1));
    // resting on the flat top of the hill (0.5 m), not fallen through
    expect(ball!.getPosition().y).toBeCloseTo(0.75, 1);
  });

  it('takes the material a chain has and rejects what it has not, naming the field', () => {
    const client = manualClient();
    const errors: string[] = [];
    function Bad({ spec }: { spec: ShapeSpec }) {
      useBody({ type: 'static', shapes: [spec] });
      return null;
    }
    const attempt = (spec: ShapeSpec) => {
      try {
        render(
          <Physics client={client}>
            <Bad spec={spec} />
          </Physics>,
        );
      } catch (e) {
        errors.push((e as Error).message);
      }
      cleanup();
    };
    attempt({ type: 'chain', points: [{ x: 0, y: 0 }] });
    attempt({
      type: 'chain',
      points: [
        { x: 0, y: 0 },
        { x: 1, y: 0 },
      ],
      density: 2,
    } as unknown as ShapeSpec);
    attempt({
      type: 'chain',
      points: [
        { x: 0, y: 0 },
        { x: 1, y: 0 },
      ],
      friction: -1,
    });
    expect(errors[0]).toMatch(/createChain: points\.length must be at least 2/);
    expect(errors[1]).toMatch(/useBody: shapes\[0\]: a chain takes no 'density'/);
    expect(errors[2]).toMatch(/createChain: friction/);
    // nothing was made by the failed attempts
    expect(client.getStats().bodyCount).toBe(0);
  });

  it("gives a chain the body's friction unless its own is set", () => {
    const client = manualClient();
    const grounds: BodyApi[] = [];
    function Ground({ own }: { own: boolean }) {
      const [, api] = useBody({
        type: 'static',
        friction: 0.2,
        shapes: [
          {
            type: 'chain',
            points: [
              { x: 1, y: 0 },
              { x: -1, y: 0 },
            ],
            ...(own ? { friction: 0.7 } : {}),
          },
        ],
      });
      grounds.push(api);
      return null;
    }
    render(
      <Physics client={client}>
        <Ground own={false} />
        <Ground own />
      </Physics>,
    );
    const friction = (api: BodyApi) => client.getBodyShapes(api.id!).map((s) => client.getShapeFriction(s));
    expect(friction(grounds[0]!)).toEqual([0.2]);
    expect(friction(grounds[1]!)).toEqual([0.7]);
  });
});
