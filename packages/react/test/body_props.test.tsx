import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BODY_PROPS,
  type BodyApi,
  type BodyOptions,
  type PhysicsApi,
  Physics,
  useBody,
} from '../src/index.js';
import { counts, disposeManualClients, Grab, manualClient, translation } from './helpers.js';

const box = [{ type: 'box', width: 0.5, height: 0.5 }] as const;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  // some tests install a recording ResizeObserver (jsdom has none): remove it even when a test failed
  vi.unstubAllGlobals();
  disposeManualClients();
});

function Thing({ options, onApi }: { options: BodyOptions; onApi?: (api: BodyApi) => void }) {
  const [ref, api] = useBody<HTMLDivElement>(options);
  onApi?.(api);
  return <div ref={ref} data-testid="thing" />;
}

describe('body props', () => {
  it('classifies every prop as setter, recreate, handler or runtime, with a setter for each setter prop', () => {
    for (const [name, entry] of Object.entries(BODY_PROPS)) {
      expect(['setter', 'recreate', 'handler', 'runtime'], name).toContain(entry.kind);
      expect(entry.kind === 'setter', name).toBe(entry.setter !== undefined);
    }
  });

  it('lists every prop in the README table with its kind', () => {
    const text = readFileSync(join(process.cwd(), 'packages/react/README.md'), 'utf8');
    const readme = text.slice(text.indexOf('## Body props')).split('\n');
    const words: Record<string, string> = {
      setter: 'setter',
      recreate: 'recreate',
      handler: 'read when',
      runtime: 'pointer',
    };
    for (const [name, entry] of Object.entries(BODY_PROPS)) {
      const row = readme.find((line) => line.startsWith('|') && line.includes(`\`${name}\``));
      expect(row, name).toBeDefined();
      expect(row!.split('|')[2], name).toContain(words[entry.kind]!);
    }
  });

  it('applies a mutable prop with its setter and does not recreate the body', async () => {
    const client = manualClient();
    const create = vi.spyOn(client, 'createBody');
    const destroy = vi.spyOn(client, 'destroyBody');
    const setGravityScale = vi.spyOn(client, 'setBodyGravityScale');
    const setFriction = vi.spyOn(client, 'setShapeFriction');
    const scene = (g: number, friction: number) => (
      <StrictMode>
        <Physics client={client}>
          <Thing options={{ shapes: box, gravityScale: g, friction, position: { x: 0, y: 1 } }} />
        </Physics>
      </StrictMode>
    );
    const view = render(scene(1, 0.5));
    const created = create.mock.calls.length;
    const destroyed = destroy.mock.calls.length;
    view.rerender(scene(0.25, 0.5));
    view.rerender(scene(0.25, 0.5)); // same values, new objects: no call
    view.rerender(scene(0.25, 0.9));
    expect(setGravityScale).toHaveBeenCalledTimes(1);
    expect(setGravityScale.mock.calls[0]![1]).toBe(0.25);
    expect(setFriction).toHaveBeenCalledTimes(1);
    expect(create.mock.calls.length).toBe(created);
    expect(destroy.mock.calls.length).toBe(destroyed);
    expect((await counts(client)).bodies).toBe(1);
  });

  it('recreates the body when an immutable prop changes, keeping its pose', async () => {
    const client = manualClient();
    let physics: PhysicsApi | null = null;
    let body: BodyApi | null = null;
    const create = vi.spyOn(client, 'createBody');
    const destroy = vi.spyOn(client, 'destroyBody');
    const scene = (sensor: boolean, width: number) => (
      <Physics client={client}>
        <Thing
          options={{
            shapes: [{ type: 'box', width, height: 0.5 }],
            isSensor: sensor,
            position: { x: 0, y: 3 },
          }}
          onApi={(a) => (body = a)}
        />
        <Grab onApi={(a) => (physics = a)} />
      </Physics>
    );
    const view = render(scene(false, 0.5));
    await act(() => physics!.step(20));
    const fallen = body!.getPosition();
    expect(fallen.y).toBeLessThan(3);
    const oldId = body!.id;
    view.rerender(scene(true, 0.5));
    view.rerender(scene(true, 1));
    expect(create).toHaveBeenCalledTimes(3);
    expect(destroy).toHaveBeenCalledTimes(2);
    expect(body!.id).not.toBe(oldId);
    expect(body!.getPosition().y).toBeCloseTo(fallen.y);
    expect(await counts(client)).toMatchObject({ bodies: 1, shapes: 1 });
    const shape = client.getBodyShapes(body!.id!)[0]!;
    expect(client.isShapeSensor(shape)).toBe(true);
  });

  it('teleports the body when the position prop changes', async () => {
    const client = manualClient();
    let body: BodyApi | null = null;
    const scene = (x: number) => (
      <Physics client={client}>
        <Thing options={{ shapes: box, type: 'static', position: { x, y: 0 } }} onApi={(a) => (body = a)} />
      </Physics>
    );
    const view = render(scene(0));
    view.rerender(scene(2));
    expect(body!.getPosition()).toEqual({ x: 2, y: 0 });
  });

  it('sizes an element-measured body from the element and moves the element from its layout place', async () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      left: 100,
      top: 50,
      width: 200,
      height: 100,
      right: 300,
      bottom: 150,
      x: 100,
      y: 50,
      toJSON: () => ({}),
    });
    let physics: PhysicsApi | null = null;
    let body: BodyApi | null = null;
    const view = render(
      <StrictMode>
        <Physics backend="inline" stepping="manual" scale={100}>
          <Thing options={{}} onApi={(a) => (body = a)} />
          <Grab onApi={(a) => (physics = a)} />
        </Physics>
      </StrictMode>,
    );
    const client = physics!.client;
    expect(body!.getPosition()).toEqual({ x: 2, y: -1 });
    const aabb = client.getShapeAABB(client.getBodyShapes(body!.id!)[0]!);
    expect(aabb.maxX - aabb.minX).toBeCloseTo(2, 2);
    expect(aabb.maxY - aabb.minY).toBeCloseTo(1, 2);
    const el = view.getByTestId('thing');
    expect(translation(el)).toEqual({ x: 0, y: 0, angle: 0 });
    await act(() => physics!.step(30));
    const moved = translation(el);
    expect(moved.x).toBeCloseTo(0);
    expect(moved.y).toBeGreaterThan(100);
  });

  it('recreates an element-measured body when its element changes size, keeping its pose', async () => {
    let rect = { left: 0, top: 0, width: 100, height: 50 };
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({
      ...rect,
      right: rect.left + rect.width,
      bottom: rect.top + rect.height,
      x: rect.left,
      y: rect.top,
      toJSON: () => ({}),
    }));
    // The observers of the measured element (the layout watch also observes its parent).
    const observers: (() => void)[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        private readonly cb: () => void;
        constructor(cb: () => void) {
          this.cb = cb;
        }
        observe(element: Element) {
          if (element.getAttribute('data-testid') === 'thing') observers.push(this.cb);
        }
        unobserve() {}
        disconnect() {
          const i = observers.indexOf(this.cb);
          if (i >= 0) observers.splice(i, 1);
        }
      },
    );
    const client = manualClient();
    let body: BodyApi | null = null;
    let physics: PhysicsApi | null = null;
    render(
      <StrictMode>
        <Physics client={client} scale={100}>
          <Thing options={{}} onApi={(a) => (body = a)} />
          <Grab onApi={(a) => (physics = a)} />
        </Physics>
      </StrictMode>,
    );
    expect(observers.length).toBe(1);
    const width = () => {
      const aabb = client.getShapeAABB(client.getBodyShapes(body!.id!)[0]!);
      return aabb.maxX - aabb.minX;
    };
    expect(width()).toBeCloseTo(1, 2);
    await act(() => physics!.step(10));
    const fallen = body!.getPosition();
    act(() => observers[0]!()); // same size: nothing happens
    const id = body!.id;
    expect(body!.id).toBe(id);
    rect = { left: 0, top: 0, width: 200, height: 50 };
    act(() => observers[0]!());
    expect(body!.id).not.toBe(id);
    expect(width()).toBeCloseTo(2, 2);
    expect(body!.getPosition().y).toBeCloseTo(fallen.y);
    expect(observers.length).toBe(1);
    expect((await counts(client)).bodies).toBe(1);
  });

  it('writes an SVG transform attribute in user units', async () => {
    let physics: PhysicsApi | null = null;
    function Disc() {
      const [ref] = useBody<SVGGElement>({
        shapes: [{ type: 'circle', radius: 0.2 }],
        position: { x: 1, y: 2 },
      });
      return <g ref={ref} data-testid="disc" />;
    }
    const view = render(
      <Physics backend="inline" stepping="manual" scale={10} origin={{ x: 5, y: 100 }}>
        <svg>
          <title>scene</title>
          <Disc />
        </svg>
        <Grab onApi={(a) => (physics = a)} />
      </Physics>,
    );
    const g = view.getByTestId('disc');
    expect(g.getAttribute('transform')).toBe('translate(15 80) rotate(0 0 0)');
    await act(() => physics!.step(10));
    const m = /translate\(15 ([\d.]+)\)/.exec(g.getAttribute('transform')!);
    expect(Number(m![1])).toBeGreaterThan(80);
  });

  it('throws a clear error from the api before the body exists', () => {
    const client = manualClient();
    let body: BodyApi | null = null;
    render(
      <Physics client={client}>
        <Thing options={{ shapes: box }} onApi={(a) => (body = a)} />
      </Physics>,
    );
    cleanup();
    expect(body!.id).toBeNull();
    expect(() => body!.applyImpulse({ x: 1, y: 0 })).toThrow(
      'BodyApi.applyImpulse: the body does not exist (its component is not mounted yet, or was unmounted)',
    );
  });
});
