/**
 * Bodies drawn with Canvas 2D: the slots are sorted by style (a counting sort into one
 * reused Int32Array), then each style is one path, one fill and (where it reads) one
 * stroke. Nothing allocates per frame.
 */
import { BodyRecord } from '@impulse/core/contract';
import { type DrawEntry, THIN_FLOATS } from './draw_list.js';
import { firstGridLine, GRID_RGBA, gridSpacingPx } from './grid.js';
import type { BodyRenderer, RenderFrame } from './renderer.js';

const GRID_CSS = `rgba(${GRID_RGBA.join(', ')})`;

// a circle a few pixels across: an octagon looks the same and rasterises faster than an arc
const OCTAGON_C = Float64Array.from({ length: 8 }, (_, i) => Math.cos((i * Math.PI) / 4));
const OCTAGON_S = Float64Array.from({ length: 8 }, (_, i) => Math.sin((i * Math.PI) / 4));
const SMALL_CIRCLE_PX = 6;
/** Outlines on a crowd of tiny bodies only cost raster time: drawn from this many px per meter. */
const OUTLINE_SCALE = 24;
/** An outline's width (px); a shape thinner than a pixel is drawn as a line this wide. */
const OUTLINE_PX = 1.25;
/** What `pathBody` met: line segments (the batch is stroked wider), shapes under a pixel wide. */
const LINES = 1;
const THIN = 2;

export class Canvas2DRenderer implements BodyRenderer {
  readonly kind = 'canvas2d' as const;
  private readonly ctx: CanvasRenderingContext2D;
  private readonly canvas: HTMLCanvasElement;
  private width = 1;
  private height = 1;
  private dpr = 1;
  private order = new Int32Array(256);
  private counts = new Int32Array(16);

  constructor(canvas: HTMLCanvasElement) {
    const ctx = canvas.getContext('2d', { alpha: false });
    if (!ctx) throw new Error('<PhysicsCanvas>: this canvas has no 2D context');
    this.canvas = canvas;
    this.ctx = ctx;
  }

  resize(width: number, height: number, dpr: number): void {
    this.width = width;
    this.height = height;
    this.dpr = dpr;
    this.canvas.width = Math.round(width * dpr);
    this.canvas.height = Math.round(height * dpr);
  }

  /** The grid: one path of 1 px lines (on pixel centres, so they stay sharp). */
  private drawGrid(f: RenderFrame): void {
    const ctx = this.ctx;
    const width = this.width;
    const height = this.height;
    const px = gridSpacingPx(f.camera);
    ctx.beginPath();
    for (let x = firstGridLine(f.camera.originX, px); x < width; x += px) {
      ctx.moveTo(Math.round(x) + 0.5, 0);
      ctx.lineTo(Math.round(x) + 0.5, height);
    }
    for (let y = firstGridLine(f.camera.originY, px); y < height; y += px) {
      ctx.moveTo(0, Math.round(y) + 0.5);
      ctx.lineTo(width, Math.round(y) + 0.5);
    }
    ctx.strokeStyle = GRID_CSS;
    ctx.lineWidth = 1;
    ctx.stroke();
  }

  /** The 2D context, for drawing extras on the same canvas. */
  get context(): CanvasRenderingContext2D {
    return this.ctx;
  }

  draw(f: RenderFrame): void {
    const ctx = this.ctx;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.fillStyle = f.background;
    ctx.fillRect(0, 0, this.width, this.height);
    if (f.grid) this.drawGrid(f);
    const n = f.slotCount;
    const styleCount = f.styles.styles.length;
    // counting sort by key = style, statics before the rest
    const keys = 2 * styleCount;
    if (this.counts.length < keys + 1) this.counts = new Int32Array(2 * (keys + 1));
    if (this.order.length < n) this.order = new Int32Array(2 * n);
    const counts = this.counts;
    counts.fill(0, 0, keys + 1);
    const style = f.slotStyle;
    const statics = f.slotStatic;
    for (let slot = 0; slot < n; slot++) {
      const s = style[slot]!;
      if (s >= 0) counts[(statics[slot] ? 0 : styleCount) + s + 1]!++;
    }
    for (let k = 1; k <= keys; k++) counts[k]! += counts[k - 1]!;
    const order = this.order;
    const total = counts[keys]!;
    // counts[k] is now where key k starts; fill, then walk key by key
    for (let slot = 0; slot < n; slot++) {
      const s = style[slot]!;
      if (s >= 0) order[counts[(statics[slot] ? 0 : styleCount) + s]!++] = slot;
    }
    ctx.lineJoin = 'miter';
    let i = 0;
    const cam = f.camera;
    while (i < total) {
      const start = i;
      const first = order[i]!;
      const s = style[first]!;
      const st = f.styles.styles[s]!;
      const isStatic = statics[first]!;
      let found = 0;
      ctx.beginPath();
      for (; i < total; i++) {
        const slot = order[i]!;
        if (style[slot] !== s || statics[slot] !== isStatic) break;
        found |= this.pathBody(f, f.entries[slot]!, slot);
      }
      if (st.dashed) ctx.setLineDash([6, 4]);
      ctx.fillStyle = st.fill;
      ctx.fill();
      const lines = (found & LINES) !== 0;
      if (lines || st.dashed || isStatic || cam.scale >= OUTLINE_SCALE) {
        ctx.strokeStyle = st.stroke;
        ctx.lineWidth = lines ? 2 : OUTLINE_PX;
        ctx.stroke();
      }
      if (st.dashed) ctx.setLineDash([]);
      if (found & THIN) this.strokeThin(f, order, start, i, st.stroke);
    }
  }

  /**
   * The batch's shapes thinner than a pixel, which its fill left out: each a line along
   * its length in the stroke colour, as wide as an outline, with square caps so a shape
   * small every way still shows as a dot.
   */
  private strokeThin(f: RenderFrame, order: Int32Array, from: number, to: number, stroke: string): void {
    const ctx = this.ctx;
    const r = f.records;
    const k = f.camera.scale;
    ctx.beginPath();
    for (let i = from; i < to; i++) {
      const slot = order[i]!;
      const thin = f.entries[slot]!.thin;
      const o = slot * BodyRecord.Size;
      const c = r[o + BodyRecord.C]!;
      const s = r[o + BodyRecord.S]!;
      const bx = f.camera.toScreenX(r[o + BodyRecord.X]!);
      const by = f.camera.toScreenY(r[o + BodyRecord.Y]!);
      for (let t = 0; t < thin.length; t += THIN_FLOATS) {
        if (thin[t]! * k >= 1) continue;
        const x1 = thin[t + 1]!;
        const y1 = thin[t + 2]!;
        const x2 = thin[t + 3]!;
        const y2 = thin[t + 4]!;
        ctx.moveTo(bx + k * (c * x1 - s * y1), by - k * (s * x1 + c * y1));
        ctx.lineTo(bx + k * (c * x2 - s * y2), by - k * (s * x2 + c * y2));
      }
    }
    ctx.strokeStyle = stroke;
    ctx.lineWidth = OUTLINE_PX;
    ctx.lineCap = 'square';
    ctx.stroke();
    ctx.lineCap = 'butt';
  }

  /**
   * Adds the body's shapes to the current path, but those thinner than a pixel
   * (`strokeThin` draws them); says which it met: LINES (segments), THIN.
   */
  private pathBody(f: RenderFrame, d: DrawEntry, slot: number): number {
    const ctx = this.ctx;
    const r = f.records;
    const o = slot * BodyRecord.Size;
    const c = r[o + BodyRecord.C]!;
    const s = r[o + BodyRecord.S]!;
    const k = f.camera.scale;
    const bx = f.camera.toScreenX(r[o + BodyRecord.X]!);
    const by = f.camera.toScreenY(r[o + BodyRecord.Y]!);
    // local (lx, ly) -> canvas: (bx + k (c lx - s ly), by - k (s lx + c ly))
    let found = 0;
    const shapes = d.shapes;
    for (let j = 0; j < shapes.length; j++) {
      const shape = shapes[j]!;
      if (d.thin[j * THIN_FLOATS]! * k < 1) {
        found |= THIN;
        continue;
      }
      switch (shape.kind) {
        case 'poly': {
          // back to the first corner with lineTo: closePath costs Chromium's software
          // canvas several times more (a third of a 5,000-body frame in a profile)
          const x0 = bx + k * (c * shape.xs[0]! - s * shape.ys[0]!);
          const y0 = by - k * (s * shape.xs[0]! + c * shape.ys[0]!);
          ctx.moveTo(x0, y0);
          for (let i = 1; i < shape.count; i++) {
            const lx = shape.xs[i]!;
            const ly = shape.ys[i]!;
            ctx.lineTo(bx + k * (c * lx - s * ly), by - k * (s * lx + c * ly));
          }
          ctx.lineTo(x0, y0);
          break;
        }
        case 'circle': {
          const cx = bx + k * (c * shape.cx - s * shape.cy);
          const cy = by - k * (s * shape.cx + c * shape.cy);
          const rad = k * shape.r;
          ctx.moveTo(cx + rad, cy);
          if (rad < SMALL_CIRCLE_PX) {
            for (let i = 1; i < 8; i++) ctx.lineTo(cx + rad * OCTAGON_C[i]!, cy + rad * OCTAGON_S[i]!);
            ctx.lineTo(cx + rad, cy);
            break;
          }
          ctx.arc(cx, cy, rad, 0, 2 * Math.PI);
          // a spoke shows the rotation
          ctx.moveTo(cx, cy);
          ctx.lineTo(cx + rad * c, cy - rad * s);
          break;
        }
        case 'capsule': {
          const x1 = bx + k * (c * shape.x1 - s * shape.y1);
          const y1 = by - k * (s * shape.x1 + c * shape.y1);
          const x2 = bx + k * (c * shape.x2 - s * shape.y2);
          const y2 = by - k * (s * shape.x2 + c * shape.y2);
          const a = Math.atan2(y2 - y1, x2 - x1);
          const rad = k * shape.r;
          ctx.moveTo(x2 + rad * Math.cos(a - Math.PI / 2), y2 + rad * Math.sin(a - Math.PI / 2));
          ctx.arc(x2, y2, rad, a - Math.PI / 2, a + Math.PI / 2);
          ctx.arc(x1, y1, rad, a + Math.PI / 2, a + (3 * Math.PI) / 2);
          ctx.lineTo(x2 + rad * Math.cos(a - Math.PI / 2), y2 + rad * Math.sin(a - Math.PI / 2));
          break;
        }
        case 'segment': {
          ctx.moveTo(bx + k * (c * shape.x1 - s * shape.y1), by - k * (s * shape.x1 + c * shape.y1));
          ctx.lineTo(bx + k * (c * shape.x2 - s * shape.y2), by - k * (s * shape.x2 + c * shape.y2));
          found |= LINES;
          break;
        }
      }
    }
    return found;
  }

  dispose(): void {}
}
