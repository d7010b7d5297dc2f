import { createInlinePhysics, type PhysicsClient } from '@impulse/worker';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Body, Physics, type Raycast, useRaycast } from '../src/index.js';

let client: PhysicsClient | null = null;
afterEach(() => {
  cleanup();
  client?.dispose();
});

describe('useRaycast', () => {
  it('finds the bodies along a ray, closest first, with their user data', async () => {
    client = createInlinePhysics({ stepping: 'manual' });
    let cast: Raycast | null = null;
    function Caster() {
      cast = useRaycast();
      return null;
    }
    render(
      <Physics client={client}>
        <Body
          as={null}
          type="static"
          userData="near"
          position={{ x: 2, y: 0 }}
          shapes={[{ type: 'circle', radius: 0.5 }]}
        />
        <Body
          as={null}
          type="static"
          userData="far"
          position={{ x: 5, y: 0 }}
          shapes={[{ type: 'circle', radius: 0.5 }]}
        />
        <Caster />
      </Physics>,
    );
    const [closest] = await cast!({ x: 0, y: 0 }, { x: 10, y: 0 });
    expect(closest?.userData).toBe('near');
    expect(closest?.point.x).toBeCloseTo(1.5);
    const all = await cast!({ x: 0, y: 0 }, { x: 10, y: 0 }, { mode: 'all' });
    expect(all.map((h) => h.userData)).toEqual(['near', 'far']);
    expect(await cast!({ x: 0, y: 3 }, { x: 10, y: 3 })).toEqual([]);
  });
});
