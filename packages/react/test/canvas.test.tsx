import {
  type BodyId,
  BodyRecord,
  BodyType,
  makeBox,
  makeCapsule,
  makeCircle,
  makeRoundedBox,
  makeSegment,
} from '@impulse/core';
import { act, cleanup, render } from '@testing-library/react';
import { StrictMode, useLayoutEffect, useMemo } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { parseColor, StyleTable } from '../src/canvas/body_style.js';
import { CanvasCamera } from '../src/canvas/camera.js';
import { Canvas2DRenderer } from '../src/canvas/canvas2d_renderer.js';
import { buildEntry, type DrawEntry, shapeContains, THIN_FLOATS, thinLine } from '../src/canvas/draw_list.js';
import type { RenderFrame } from '../src/canvas/renderer.js';
import { tessellate } from '../src/canvas/webgl_renderer.js';
import { type ObjectTarget, type PhysicsApi, Physics, useBody } from '../src/index.js';
import { disposeManualClients, Grab, manualClient } from './helpers.js';

afterEach(() => {
  cleanup();
  disposeManualClients();
});

/** A world with one body of each shape kind, stepped once so the frame holds them. */
async function everyShape() {
  const client = manualClient();
  const ground = client.createBody({ position: { x: 0, y: -1 } });
  client.createPolygonShape(ground, makeBox(5, 0.5));
  client.createSegmentShape(ground, makeSegment(-5, 1, 5, 1));
  const make = (x: number) => client.createBody({ type: BodyType.Dynamic, position: { x, y: 2 } });
  const box = make(-3);
  client.createPolygonShape(box, makeRoundedBox(0.3, 0.3, 0.1));
  const ball = make(-1);
  client.createCircleShape(ball, makeCircle(0, 0, 0.5));
  const pill = make(1);
  client.createCapsuleShape(pill, makeCapsule(-0.4, 0, 0.4, 0, 0.2));
  const sensor = make(3);
  client.createCircleShape(sensor, makeCircle(0, 0, 0.5), { isSensor: true });
  await client.step(1);
  const records = new Float64Array(client.getBodySlotCount() * BodyRecord.Size);
  const slotCount = client.readBodyTransforms(records);
  return { client, records, slotCount, ids: { ground, box, ball, pill, sensor } };
}

describe('<PhysicsCanvas> draw list', () => {
  it('reads every shape kind of a body from the mirror, with its state styles interned once', async () => {
    const { client, ids } = await everyShape();
    const styles = new StyleTable();
    const style = (e: DrawEntry) => {
      [e.awake, e.asleep, e.dragged] = styles.internBody({ fill: '#f59e0b' });
    };
    const ground = buildEntry(client, ids.ground, style);
    expect(ground.shapes.map((s) => s.kind).sort()).toEqual(['poly', 'segment']);
    expect(ground.type).toBe(BodyType.Static);
    expect(buildEntry(client, ids.ball, style).shapes[0]).toMatchObject({ kind: 'circle', r: 0.5 });
    expect(buildEntry(client, ids.pill, style).shapes[0]).toMatchObject({ kind: 'capsule', r: 0.2 });
    const rounded = buildEntry(client, ids.box, style).shapes[0]!;
    expect(rounded).toMatchObject({ kind: 'poly', radius: 0.1, count: 4 });
    expect(buildEntry(client, ids.sensor, style).sensor).toBe(true);
    // four bodies of one style: three style ids (awake, asleep, dragged), not twelve
    expect(styles.styles.length).toBe(3);
    // a body that is gone draws nothing
    client.destroyBody(ids.ball);
    expect(buildEntry(client, ids.ball, style).shapes).toEqual([]);
  });

  it('picks points inside shapes, grown by the slop', () => {
    const circle = { kind: 'circle', cx: 0, cy: 0, r: 1 } as const;
    expect(shapeContains(circle, 0.9, 0, 0)).toBe(true);
    expect(shapeContains(circle, 1.05, 0, 0)).toBe(false);
    expect(shapeContains(circle, 1.05, 0, 0.1)).toBe(true);
    const square = {
      kind: 'poly',
      xs: Float64Array.of(-1, 1, 1, -1),
      ys: Float64Array.of(-1, -1, 1, 1),
      count: 4,
      radius: 0,
    } as const;
    expect(shapeContains(square, 0.5, -0.5, 0)).toBe(true);
    expect(shapeContains(square, 1.5, 0, 0)).toBe(false);
  });

  it('parses the colours it takes and names a bad one', () => {
    expect(parseColor('#f00')).toEqual([255, 0, 0, 1]);
    expect(parseColor('#00ff0080')[3]).toBeCloseTo(128 / 255);
    expect(parseColor('rgba(1, 2, 3, 0.5)')).toEqual([1, 2, 3, 0.5]);
    expect(() => parseColor('tomato')).toThrow(/bodyStyle: colour must be .* got 'tomato'/);
  });

  it('tessellates every shape into a fan whose outline vertices have edge 0 and center 1', async () => {
    const { client, ids } = await everyShape();
    for (const id of [ids.ground, ids.box, ids.ball, ids.pill]) {
      const out: number[] = [];
      for (const s of buildEntry(client, id, () => {}).shapes) tessellate(s, out);
      expect(out.length % 24, 'whole triangles of 8-float vertices').toBe(0);
      const edges = out.filter((_, i) => i % 8 === 6);
      expect(edges.every((e) => e === 0 || e === 1)).toBe(true);
    }
  });

  it("moves a box's outline out along its corners' miters, so an outline can straddle the edge", async () => {
    const { client, ids } = await everyShape();
    const out: number[] = [];
    // the ground's 10 m by 1 m box (its other shape is a segment)
    for (const s of buildEntry(client, ids.ground, () => {}).shapes)
      if (s.kind === 'poly') tessellate(s, out);
    let outline = 0;
    for (let v = 0; v < out.length; v += 8) {
      // a vertex: x, y, line offset x, y, growth x, y, edge, width
      const [x, y, gx, gy, edge] = [out[v]!, out[v + 1]!, out[v + 4]!, out[v + 5]!, out[v + 6]!];
      if (edge === 1) {
        expect([gx, gy], 'the center stays').toEqual([0, 0]);
        continue;
      }
      outline++;
      // a right-angled corner: both edges out by one unit is a move of (±1, ±1), away from the center
      expect(Math.abs(gx)).toBeCloseTo(1, 9);
      expect(Math.abs(gy)).toBeCloseTo(1, 9);
      expect(Math.sign(gx)).toBe(Math.sign(x));
      expect(Math.sign(gy)).toBe(Math.sign(y));
    }
    expect(outline).toBeGreaterThan(0);
  });

  it('Canvas 2D draws one path per style batch, statics first', async () => {
    const { client, records, slotCount } = await everyShape();
    const calls: string[] = [];
    const ctx = new Proxy(
      {},
      {
        get: (_t, name) =>
          typeof name === 'string' && !name.endsWith('Style')
            ? (..._a: unknown[]) => calls.push(name)
            : undefined,
        set: (_t, name, value) => {
          if (name === 'fillStyle') calls.push(`fill=${String(value)}`);
          return true;
        },
      },
    ) as unknown as CanvasRenderingContext2D;
    const canvas = { getContext: () => ctx, width: 0, height: 0 } as unknown as HTMLCanvasElement;
    const renderer = new Canvas2DRenderer(canvas);
    renderer.resize(400, 300, 1);
    const styles = new StyleTable();
    const entries: DrawEntry[] = [];
    const slotStyle = new Int32Array(slotCount);
    const slotStatic = new Uint8Array(slotCount);
    for (let slot = 0; slot < slotCount; slot++) {
      const e = buildEntry(client, records[slot * BodyRecord.Size + BodyRecord.Id] as BodyId, (entry) => {
        const fill = entry.type === BodyType.Static ? '#1f2937' : '#60a5fa';
        [entry.awake, entry.asleep, entry.dragged] = styles.internBody({ fill });
      });
      entries[slot] = e;
      slotStyle[slot] = e.shapes.length > 0 ? e.awake : -1;
      slotStatic[slot] = e.type === BodyType.Static ? 1 : 0;
    }
    const camera = new CanvasCamera();
    camera.width = 400;
    camera.height = 300;
    camera.fit({ x0: -6, x1: 6, y0: -2, y1: 4 }, {});
    const frame: RenderFrame = {
      records,
      slotCount,
      entries,
      slotStyle,
      slotStatic,
      styles,
      camera,
      background: '#000000',
      grid: false,
    };
    renderer.draw(frame);
    // the background, then the static batch, then the dynamic batch
    const fills = calls.filter((c) => c.startsWith('fill='));
    expect(fills).toEqual(['fill=#000000', 'fill=#1f2937', 'fill=#60a5fa']);
    expect(calls.filter((c) => c === 'fill').length).toBe(2);
    expect(calls.filter((c) => c === 'beginPath').length).toBe(2);
  });
});

describe('<PhysicsCanvas> shapes thinner than a pixel', () => {
  /** A 5 mm by 1 m card standing upright at (0, 1), and a 1 m box beside it, both dynamic. */
  async function cardWorld() {
    const client = manualClient();
    const card = client.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 1 }, gravityScale: 0 });
    client.createPolygonShape(card, makeBox(0.0025, 0.5));
    const box = client.createBody({ type: BodyType.Dynamic, position: { x: 2, y: 1 }, gravityScale: 0 });
    client.createPolygonShape(box, makeBox(0.5, 0.5));
    await client.step(1);
    const records = new Float64Array(client.getBodySlotCount() * BodyRecord.Size);
    const slotCount = client.readBodyTransforms(records);
    return { client, records, slotCount, card, box };
  }

  it('knows each shape kind by its thinnest width and the line along its length', () => {
    const out = new Float64Array(THIN_FLOATS);
    const card = {
      kind: 'poly',
      xs: Float64Array.of(-0.0025, 0.0025, 0.0025, -0.0025),
      ys: Float64Array.of(-0.5, -0.5, 0.5, 0.5),
      count: 4,
      radius: 0,
    } as const;
    thinLine(card, out, 0);
    expect(out[0]).toBeCloseTo(0.005, 12);
    // the line runs along the card's length, through its middle
    const [x1, y1, x2, y2] = [out[1]!, out[2]!, out[3]!, out[4]!];
    expect([x1, x2].map((x) => Math.abs(x) < 1e-12)).toEqual([true, true]);
    expect(Math.abs(y2 - y1)).toBeCloseTo(1, 12);
    thinLine({ kind: 'circle', cx: 1, cy: 2, r: 0.1 }, out, 0);
    expect(Array.from(out)).toEqual([0.2, 0.9, 2, 1.1, 2]);
    thinLine({ kind: 'capsule', x1: -1, y1: 0, x2: 1, y2: 0, r: 0.01 }, out, 0);
    expect(Array.from(out)).toEqual([0.02, -1.01, 0, 1.01, 0]);
    thinLine({ kind: 'segment', x1: 0, y1: 0, x2: 1, y2: 0 }, out, 0);
    expect(out[0]).toBe(Number.POSITIVE_INFINITY);
  });

  it('Canvas 2D draws a card under a pixel wide as a line of the outline width, where its fill would fade out', async () => {
    const { client, records, slotCount, card } = await cardWorld();
    // what the context was asked: each call with its arguments, and the style each stroke used
    const calls: { name: string; args: unknown[] }[] = [];
    const state: Record<string, unknown> = {};
    const ctx = new Proxy(state, {
      get: (t, name) =>
        typeof name === 'string' && !(name in t)
          ? (...args: unknown[]) => {
              calls.push({ name, args: name === 'stroke' ? [t.strokeStyle, t.lineWidth, t.lineCap] : args });
            }
          : t[name as string],
      set: (t, name, value) => {
        t[name as string] = value;
        return true;
      },
    }) as unknown as CanvasRenderingContext2D;
    const canvas = { getContext: () => ctx, width: 0, height: 0 } as unknown as HTMLCanvasElement;
    const renderer = new Canvas2DRenderer(canvas);
    renderer.resize(400, 300, 1);
    const styles = new StyleTable();
    const entries: DrawEntry[] = [];
    const slotStyle = new Int32Array(slotCount);
    const slotStatic = new Uint8Array(slotCount);
    for (let slot = 0; slot < slotCount; slot++) {
      const e = buildEntry(client, records[slot * BodyRecord.Size + BodyRecord.Id] as BodyId, (entry) => {
        [entry.awake, entry.asleep, entry.dragged] = styles.internBody({
          fill: '#60a5fa',
          stroke: '#e2e8f0',
        });
      });
      entries[slot] = e;
      slotStyle[slot] = e.awake;
    }
    const camera = new CanvasCamera();
    camera.width = 400;
    camera.height = 300;
    // 10 px per meter: the card is 0.05 px wide, and dynamic bodies get no outline at this zoom
    camera.scale = 10;
    camera.originX = 200;
    camera.originY = 200;
    const frame: RenderFrame = {
      records,
      slotCount,
      entries,
      slotStyle,
      slotStatic,
      styles,
      camera,
      background: '#000000',
      grid: false,
    };
    renderer.draw(frame);
    const strokes = calls.filter((c) => c.name === 'stroke');
    expect(
      strokes.map((c) => c.args),
      'one stroke: the thin card, in the outline colour and width',
    ).toEqual([['#e2e8f0', 1.25, 'square']]);
    // the path stroked: one line, the card's length (1 m = 10 px) upright at its place
    const end = calls.findIndex((c) => c.name === 'stroke');
    const path = calls.slice(calls.map((c) => c.name).lastIndexOf('beginPath', end) + 1, end);
    expect(path.map((c) => c.name)).toEqual(['moveTo', 'lineTo']);
    const [ax, ay, bx, by] = path.flatMap((c) => c.args as number[]);
    expect(ax).toBeCloseTo(200, 9);
    expect(bx).toBeCloseTo(200, 9);
    expect(Math.abs(by! - ay!)).toBeCloseTo(10, 9);
    expect((ay! + by!) / 2).toBeCloseTo(200 - 10 * client.getBodyPosition(card).y, 9);
    // zoomed in to 400 px per meter the card is 2 px wide: filled like any body, no line
    calls.length = 0;
    camera.scale = 400;
    renderer.draw(frame);
    expect(calls.filter((c) => c.name === 'stroke').map((c) => c.args[1])).toEqual([1.25]);
    expect(calls.filter((c) => c.name === 'lineTo').length).toBe(2 * 4);
  });

  it("WebGL meshes carry each shape's width, so the vertex shader can grow a shape under a pixel", async () => {
    const { client, card, box } = await cardWorld();
    for (const [id, width] of [
      [card, 0.005],
      [box, 1],
    ] as const) {
      const out: number[] = [];
      for (const s of buildEntry(client, id, () => {}).shapes) tessellate(s, out);
      const widths = new Set(out.filter((_, i) => i % 8 === 7).map((w) => w.toFixed(9)));
      expect([...widths]).toEqual([width.toFixed(9)]);
    }
  });
});

describe('any object as a transform target', () => {
  function Crate({ target }: { target: ObjectTarget }) {
    const [ref] = useBody<ObjectTarget>({
      position: { x: 1, y: 2 },
      angularVelocity: 1,
      shapes: [{ type: 'box', width: 0.5, height: 0.5 }],
    });
    useLayoutEffect(() => {
      ref(target);
      return () => {
        ref(null);
      };
    }, [ref, target]);
    return null;
  }

  it('writes position and rotation of a Pixi-like object (pixels, y down) with the frame loop', async () => {
    const client = manualClient();
    const sprite = { position: { x: 0, y: 0 }, rotation: 0 };
    let physics: PhysicsApi | null = null;
    render(
      <StrictMode>
        <Physics client={client} scale={50} origin={{ x: 100, y: 300 }}>
          <Crate target={sprite} />
          <Grab onApi={(a) => (physics = a)} />
        </Physics>
      </StrictMode>,
    );
    // placed where the body was created, before any step
    expect(sprite.position).toEqual({ x: 150, y: 200 });
    await act(() => physics!.step(30));
    expect(sprite.position.y).toBeGreaterThan(200); // falling: down the screen
    expect(sprite.rotation).toBeLessThan(0); // counter-clockwise in the world: clockwise on screen
  });

  it('writes a three.js-like object (meters, y up, rotation.z) with scale 1 and flipY false', async () => {
    const client = manualClient();
    const mesh = { position: { x: 0, y: 0, z: 7 }, rotation: { x: 0, y: 0, z: 0 } };
    let physics: PhysicsApi | null = null;
    render(
      <Physics client={client} scale={1} flipY={false}>
        <Crate target={mesh} />
        <Grab onApi={(a) => (physics = a)} />
      </Physics>,
    );
    await act(() => physics!.step(30));
    expect(mesh.position.x).toBeCloseTo(1, 6);
    expect(mesh.position.y).toBeLessThan(2);
    expect(mesh.position.z).toBe(7);
    expect(mesh.rotation.z).toBeGreaterThan(0.3);
  });

  it('says a measured body needs shapes when its ref is an object', () => {
    const client = manualClient();
    const errors: Error[] = [];
    function Bare() {
      const [ref] = useBody<ObjectTarget>({});
      // attached before the body is made, as a renderer's commit attaches its refs
      useMemo(() => ref({ position: { x: 0, y: 0 }, rotation: 0 }), [ref]);
      return null;
    }
    try {
      render(
        <Physics client={client}>
          <Bare />
        </Physics>,
      );
    } catch (e) {
      errors.push(e as Error);
    }
    expect(errors[0]?.message).toMatch(/scene-graph object .* declare shapes/);
  });
});
