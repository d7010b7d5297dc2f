import { act, cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CanvasCamera } from '../src/canvas/camera.js';
import {
  type BodyApi,
  type CanvasViewBox,
  type CanvasViewFn,
  type CharacterApi,
  type CharacterStateView,
  type FramePose,
  type PhysicsApi,
  type PhysicsCanvasApi,
  type PhysicsFrame,
  Physics,
  PhysicsCanvas,
  readFramePose,
  useBody,
  useCharacter,
  usePhysicsFrame,
} from '../src/index.js';
import { disposeManualClients, Grab, manualClient } from './helpers.js';

/** A 2D context that takes every call and draws nothing (jsdom has no canvas). */
const silentContext = new Proxy({}, { get: () => () => {}, set: () => true }) as CanvasRenderingContext2D;

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => silentContext as unknown as RenderingContext,
  );
});

afterEach(() => {
  cleanup();
  disposeManualClients();
  vi.restoreAllMocks();
});

function Floor() {
  useBody({ type: 'static', position: { x: 0, y: -0.5 }, shapes: [{ type: 'box', width: 40, height: 1 }] });
  return null;
}

describe('readFramePose', () => {
  it("reads a body's pose from the frame as drawn, and nothing for a body not in it", async () => {
    const client = manualClient();
    let body: BodyApi | null = null;
    let physics: PhysicsApi | null = null;
    const seen: FramePose[] = [];
    const pose: FramePose = { x: Number.NaN, y: Number.NaN, angle: Number.NaN };
    let missing = true;
    function Scene() {
      [, body] = useBody({ position: { x: 1, y: 3 }, angle: 0.5, shapes: [{ type: 'circle', radius: 0.2 }] });
      usePhysicsFrame((frame) => {
        if (readFramePose(frame, body!, pose)) seen.push({ ...pose });
        missing = readFramePose(frame, { slot: -1 }, pose) || readFramePose(frame, { slot: 1e6 }, pose);
      });
      return <Grab onApi={(a) => (physics = a)} />;
    }
    render(
      <Physics client={client} interpolate={false}>
        <Scene />
      </Physics>,
    );
    await act(() => physics!.step(10));
    const last = seen[seen.length - 1]!;
    expect(last.x).toBeCloseTo(body!.getPosition().x, 12);
    expect(last.y).toBeCloseTo(body!.getPosition().y, 12);
    expect(last.y).toBeLessThan(3); // falling
    expect(last.angle).toBeCloseTo(0.5, 12);
    expect(missing).toBe(false);
  });
});

describe('<PhysicsCanvas view={fn}>: a camera worked out each frame', () => {
  it('fits the box the function returns, as a camera that follows a falling body', async () => {
    const client = manualClient();
    let physics: PhysicsApi | null = null;
    let canvas: PhysicsCanvasApi | null = null;
    let ball: BodyApi | null = null;
    const pose: FramePose = { x: 0, y: 0, angle: 0 };
    const box: CanvasViewBox = { x0: -5, x1: 5, y0: -5, y1: 5 };
    const frames: number[] = [];
    const follow: CanvasViewFn = (frame: PhysicsFrame, camera) => {
      frames.push(frame.frame);
      expect(camera).toBeInstanceOf(CanvasCamera);
      if (ball && readFramePose(frame, ball, pose)) {
        box.x0 = pose.x - 5;
        box.x1 = pose.x + 5;
        box.y0 = pose.y - 5;
        box.y1 = pose.y + 5;
      }
      return box;
    };
    function Ball() {
      [, ball] = useBody({ position: { x: 2, y: 10 }, shapes: [{ type: 'circle', radius: 0.5 }] });
      return null;
    }
    render(
      <StrictMode>
        <Physics client={client} interpolate={false}>
          <Floor />
          <Ball />
          <PhysicsCanvas
            renderer="canvas2d"
            view={follow}
            ref={(api) => {
              canvas = api ?? canvas;
            }}
          />
          <Grab onApi={(a) => (physics = a)} />
        </Physics>
      </StrictMode>,
    );
    await act(() => physics!.step(20));
    expect(frames.length).toBeGreaterThan(0);
    const expected = new CanvasCamera();
    expected.width = canvas!.camera.width;
    expected.height = canvas!.camera.height;
    expected.fit(box, {});
    expect(canvas!.camera.originX).toBeCloseTo(expected.originX, 9);
    expect(canvas!.camera.originY).toBeCloseTo(expected.originY, 9);
    // the ball fell, and the camera went with it: the box is centred on it
    expect(box.y0 + 5).toBeLessThan(10);
    expect(box.y0 + 5).toBeCloseTo(ball!.getPosition().y, 9);
  });

  it('keeps drawing while the box changes, then stops on a world where nothing moves', () => {
    // display frames on demand: the loop asks for them, the test hands them out
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    try {
      const client = manualClient();
      let calls = 0;
      // eases 3 times toward its goal, then holds still
      const easing: CanvasViewFn = () => {
        calls++;
        const x = Math.min(calls, 3);
        return { x0: x, x1: x + 10, y0: 0, y1: 10 };
      };
      render(
        <Physics client={client}>
          <Floor />
          <PhysicsCanvas renderer="canvas2d" view={easing} />
        </Physics>,
      );
      // no step is taken: only a moving camera makes a frame draw again
      for (let i = 0; i < 20; i++) act(() => vi.advanceTimersToNextFrame());
      // drawn while the box moved (calls 1 to 3) and once more to see it still; then idle
      expect(calls).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('CharacterApi: slot and read(out)', () => {
  it('has the slot of its solid body, whose frame pose is where the character is; reads into a given object', async () => {
    const client = manualClient();
    let hero: CharacterApi | null = null;
    let physics: PhysicsApi | null = null;
    const pose: FramePose = { x: 0, y: 0, angle: 0 };
    let framed = false;
    function Hero({ solid }: { solid: boolean }) {
      [, hero] = useCharacter({ position: { x: 1, y: 2 }, solid });
      usePhysicsFrame((frame) => {
        framed = readFramePose(frame, hero!, pose);
      });
      return <Grab onApi={(a) => (physics = a)} />;
    }
    const view = render(
      <Physics client={client} interpolate={false}>
        <Floor />
        <Hero solid />
      </Physics>,
    );
    expect(hero!.slot).toBeGreaterThanOrEqual(0);
    const out: CharacterStateView = hero!.read();
    for (let i = 0; i < 60; i++) await act(() => physics!.step(1));
    expect(hero!.read(out)).toBe(out);
    expect(out.grounded).toBe(true);
    expect(framed).toBe(true);
    expect(pose.x).toBeCloseTo(out.position.x, 6);
    expect(pose.y).toBeCloseTo(out.position.y, 6);
    // a character that is not solid has no body: no slot, nothing in the frame
    view.rerender(
      <Physics client={client} interpolate={false}>
        <Floor />
        <Hero solid={false} />
      </Physics>,
    );
    expect(hero!.slot).toBe(-1);
    await act(() => physics!.step(1));
    expect(framed).toBe(false);
    view.unmount();
    expect(hero!.slot).toBe(-1);
  });
});
