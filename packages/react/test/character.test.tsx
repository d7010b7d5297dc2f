import { createInlinePhysics, type PhysicsClient } from '@impulse/worker';
import { act, cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CharacterApi, type PhysicsApi, Physics, useBody, useCharacter } from '../src/index.js';
import { counts, Grab, translation } from './helpers.js';

let client: PhysicsClient | null = null;
afterEach(() => {
  cleanup();
  client?.dispose();
  client = null;
});

function Floor() {
  useBody({ type: 'static', position: { x: 0, y: -0.5 }, shapes: [{ type: 'box', width: 40, height: 1 }] });
  return null;
}

describe('useCharacter', () => {
  it('falls, lands, walks when steered, and its element follows it; one character under StrictMode', async () => {
    client = createInlinePhysics({ stepping: 'manual' });
    const create = vi.spyOn(client, 'createCharacter');
    const destroy = vi.spyOn(client, 'destroyCharacter');
    let hero: CharacterApi | null = null;
    let physics: PhysicsApi | null = null;
    function Hero() {
      const [ref, api] = useCharacter<HTMLDivElement>({ position: { x: 0, y: 3 } });
      hero = api;
      return <div ref={ref} data-testid="hero" />;
    }
    const view = render(
      <StrictMode>
        <Physics client={client} scale={100}>
          <Floor />
          <Hero />
          <Grab onApi={(a) => (physics = a)} />
        </Physics>
      </StrictMode>,
    );
    expect(create.mock.calls.length - destroy.mock.calls.length).toBe(1);
    expect((await counts(client)).bodies).toBe(2); // the floor and the character's solid body
    const el = view.getByTestId('hero');
    expect(translation(el).y).toBeCloseTo(-300);
    for (let i = 0; i < 120 && !hero!.isGrounded(); i++) await act(() => physics!.step(1));
    expect(hero!.isGrounded()).toBe(true);
    expect(hero!.read().position.y).toBeCloseTo(0.9, 1); // standing: the capsule's center 0.9 m up
    act(() => hero!.setVelocity({ x: 2, y: 0 }));
    for (let i = 0; i < 30; i++) await act(() => physics!.step(1));
    expect(hero!.read().position.x).toBeCloseTo(1, 1);
    expect(translation(el).x).toBeCloseTo(100 * hero!.read().position.x, 0);
    view.unmount();
    expect(create.mock.calls.length - destroy.mock.calls.length).toBe(0);
    expect((await counts(client)).bodies).toBe(0);
  });
});
