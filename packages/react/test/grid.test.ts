import { describe, expect, it } from 'vitest';
import { StyleTable } from '../src/canvas/body_style.js';
import { CanvasCamera } from '../src/canvas/camera.js';
import { Canvas2DRenderer } from '../src/canvas/canvas2d_renderer.js';
import { firstGridLine, gridOver, gridSpacingPx, gridStep } from '../src/canvas/grid.js';
import type { RenderFrame } from '../src/canvas/renderer.js';

describe('the canvas grid', () => {
  it('keeps lines at least 18 px apart on round meters: 1 m, else 5 m, else 20 m', () => {
    expect([40, 18, 17.9, 4, 3.9, 1].map(gridStep)).toEqual([1, 1, 5, 5, 20, 20]);
    for (const scale of [1, 3.9, 4, 10, 17.9, 18, 60]) {
      const camera = new CanvasCamera();
      camera.scale = scale;
      expect(gridSpacingPx(camera)).toBeGreaterThanOrEqual(18);
    }
  });

  it('puts the lines through whole multiples of the step, the first at or after 0', () => {
    expect(firstGridLine(230, 40)).toBe(30);
    expect(firstGridLine(-50, 40)).toBe(30);
    expect(firstGridLine(0, 40)).toBe(0);
  });

  it('lays the grid colour over the background for WebGL (a clear does not blend)', () => {
    // slate (148, 163, 184) at 6 % over #0d121b (13, 18, 27)
    const [r, g, b, a] = gridOver('#0d121b');
    expect(r).toBeCloseTo(13 + (148 - 13) * 0.06, 10);
    expect(g).toBeCloseTo(18 + (163 - 18) * 0.06, 10);
    expect(b).toBeCloseTo(27 + (184 - 27) * 0.06, 10);
    expect(a).toBe(1);
  });

  it('Canvas 2D draws it as one path after the background and before any body, only when asked', () => {
    const calls: [string, ...number[]][] = [];
    const record =
      (name: string) =>
      (...args: number[]) =>
        calls.push([name, ...args]);
    const ctx = {
      setTransform: record('setTransform'),
      fillRect: record('fillRect'),
      beginPath: record('beginPath'),
      moveTo: record('moveTo'),
      lineTo: record('lineTo'),
      stroke: record('stroke'),
      fillStyle: '',
      strokeStyle: '',
      lineWidth: 1,
      lineJoin: 'miter',
    } as unknown as CanvasRenderingContext2D;
    const canvas = { getContext: () => ctx, width: 0, height: 0 } as unknown as HTMLCanvasElement;
    const renderer = new Canvas2DRenderer(canvas);
    renderer.resize(400, 300, 1);
    const camera = new CanvasCamera();
    camera.width = 400;
    camera.height = 300;
    camera.scale = 20; // 1 m lines, 20 px apart
    camera.originX = 205;
    camera.originY = 290;
    const frame: RenderFrame = {
      records: new Float64Array(0),
      slotCount: 0,
      entries: [],
      slotStyle: new Int32Array(0),
      slotStatic: new Uint8Array(0),
      styles: new StyleTable(),
      camera,
      background: '#0d121b',
      grid: false,
    };
    renderer.draw(frame);
    expect(calls.map((c) => c[0])).toEqual(['setTransform', 'fillRect']);
    calls.length = 0;
    renderer.draw({ ...frame, grid: true });
    expect(calls.slice(0, 3).map((c) => c[0])).toEqual(['setTransform', 'fillRect', 'beginPath']);
    expect(calls[calls.length - 1]![0]).toBe('stroke');
    const xs = calls.filter((c) => c[0] === 'moveTo' && c[2] === 0).map((c) => c[1]);
    const ys = calls.filter((c) => c[0] === 'moveTo' && c[1] === 0).map((c) => c[2]);
    // x = 205 + 20 n (on pixel centres): 5.5, 25.5, ... 385.5; y = 290 - 20 n: 10.5 ... 290.5
    expect(xs).toEqual(Array.from({ length: 20 }, (_, i) => 5.5 + 20 * i));
    expect(ys).toEqual(Array.from({ length: 15 }, (_, i) => 10.5 + 20 * i));
  });
});
