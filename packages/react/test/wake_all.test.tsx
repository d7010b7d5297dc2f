import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type BodyApi, Physics, type PhysicsApi, useBodies, useBody } from '../src/index.js';
import { disposeManualClients, Grab, manualClient } from './helpers.js';

afterEach(() => {
  cleanup();
  disposeManualClients();
});

const box = [{ type: 'box', width: 1, height: 1 }] as const;

describe('usePhysics().wakeAll', () => {
  it('wakes every sleeping body that can move, and none that is static or already awake', async () => {
    const client = manualClient();
    let physics: PhysicsApi | null = null;
    let boxes: BodyApi[] = [];
    let ground: BodyApi | null = null;
    function Pile() {
      const [, g] = useBody({ type: 'static', shapes: [{ type: 'box', width: 20, height: 1 }] });
      ground = g;
      boxes = useBodies(3, (i) => ({ position: { x: 2 * i - 2, y: 1 }, shapes: box })).apis;
      return null;
    }
    render(
      <Physics client={client} stepping="manual">
        <Pile />
        <Grab onApi={(api) => (physics = api)} />
      </Physics>,
    );
    let steps = 0;
    while (boxes.some((b) => b.isAwake()) && steps < 600) {
      await physics!.step(10);
      steps += 10;
    }
    expect(boxes.map((b) => b.isAwake())).toEqual([false, false, false]);
    // the woken bodies are the three boxes: the ground is static, asleep for good
    expect(physics!.wakeAll()).toBe(3);
    // the wake reaches the world with the next step, and the frame after it shows it
    await physics!.step(1);
    expect(boxes.map((b) => b.isAwake())).toEqual([true, true, true]);
    expect(ground!.isAwake()).toBe(false);
    // nothing is asleep any more: a second call wakes none
    expect(physics!.wakeAll()).toBe(0);
  });
});
