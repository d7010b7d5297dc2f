/**
 * One running scene: a physics client (worker or inline), the draw list of what the scene
 * created, a canvas renderer fed from the shared transform buffer once per animation
 * frame, and pointer dragging through a mouse joint.
 *
 * Per frame the renderer makes one `readInterpolatedBodyTransforms` call into one
 * preallocated Float64Array and draws straight from it: no allocation in the steady
 * state, no message to the worker, no React render.
 */
import {
  type BodyDef,
  type BodyId,
  BodyRecord,
  BodyType,
  type JointId,
  type ShapeId,
  type Vec2,
  type World,
  type WorldDef,
} from '@impulse/core';
import { createInlinePhysics, createPhysicsWorker, type PhysicsClient } from '@impulse/worker';
import { type BodyDraw, type DrawShape, newBodyDraw, shapeContains, toDrawShape } from './draw_list';
import { type Backend, countFrameInterval, type Perf, type SceneHandle } from './scene_handle';

export type { Backend, Perf } from './scene_handle';

/** The part of the world a scene wants in view (metres); the stage keeps it all visible. */
export interface ViewBox {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

export interface SimOptions {
  backend: Backend;
  world?: Partial<WorldDef>;
  view: ViewBox;
}

/** The client as scene code uses it, plus the two point conversions core scene builders call. */
export type SceneWorld = PhysicsClient & Pick<World, 'getBodyLocalPoint' | 'getBodyWorldPoint'>;

type FrameHook = (dtSeconds: number) => void;
type DrawHook = (ctx: CanvasRenderingContext2D, sim: Sim) => void;

// Colours: static and sleeping bodies recede, awake bodies carry the palette.
const BACKGROUND = '#0d121b';
const GRID = 'rgba(148, 163, 184, 0.06)';
const STATIC_FILL = '#1f2937';
const STATIC_STROKE = '#475569';
// sleeping: each body's own colour, dimmed toward slate (the pile stays readable as bodies)
const SLEEP_FILLS = ['#695b40', '#336a68', '#405d83', '#5a5484', '#6b6447', '#316a73'];
const SLEEP_STROKES = ['#95763f', '#3e8e7f', '#5279aa', '#7d6aab', '#98854a', '#3b8e90'];
export const AWAKE_FILLS = ['#f59e0b', '#34d399', '#60a5fa', '#c084fc', '#fbbf24', '#2dd4bf'];
const AWAKE_STROKES = ['#fcd34d', '#a7f3d0', '#bfdbfe', '#e9d5ff', '#fef3c7', '#99f6e4'];
export { HIGHLIGHT } from '../ui/palette';
export const STATE_COLORS = { awake: AWAKE_FILLS[0]!, sleeping: SLEEP_FILLS[0]!, static: STATIC_FILL };

/** Style of a slot this frame: 0 skip, 1 static, 2 sleeping, 3 + i awake palette i, 255 custom colour. */
const OCTAGON_C = Float64Array.from({ length: 8 }, (_, i) => Math.cos((i * Math.PI) / 4));
const OCTAGON_S = Float64Array.from({ length: 8 }, (_, i) => Math.sin((i * Math.PI) / 4));

const STYLE_SKIP = 0;
const STYLE_STATIC = 1;
const STYLE_AWAKE = 3; // 3 + tint
const STYLE_SLEEP = 10; // 10 + tint
const STYLE_CUSTOM = 255;
const STYLE_SENSOR = 254;
const STYLE_CUSTOM_ASLEEP = 253;

export class Sim implements SceneHandle {
  readonly client: PhysicsClient;
  readonly world: SceneWorld;
  readonly backend: Backend;
  /** A static body with no shapes: body A of every drag joint. */
  readonly anchor: BodyId;
  readonly hiddenBodies = 1;
  readonly perf: Perf = { workMs: 0, readMs: 0, frameMs: 16.7, fps: 60, frames: 0 };
  view: ViewBox;
  testBody: BodyId | null = null;
  /** A short line drawn at the stage's top right (counts a scene keeps: broken joints, blow-ups). */
  note = '';

  private canvas: HTMLCanvasElement | null = null;
  private ctx: CanvasRenderingContext2D | null = null;
  private readonly draws: (BodyDraw | undefined)[] = [];
  private records = new Float64Array(BodyRecord.Size * 256);
  private styles = new Uint8Array(256);
  private slotCount = 0;
  private nextTint = 0;
  private raf = 0;
  private lastTime = 0;
  private cssWidth = 1;
  private cssHeight = 1;
  private dpr = 1;
  // world -> CSS pixels: sx = ox + k x, sy = oy - k y
  private k = 20;
  private ox = 0;
  private oy = 0;
  private readonly frameHooks = new Set<FrameHook>();
  private readonly drawHooks = new Set<DrawHook>();
  private readonly backHooks = new Set<DrawHook>();
  private resize: ResizeObserver | null = null;
  private drag: {
    pointer: number;
    joint: JointId;
    body: BodyId;
    localX: number;
    localY: number;
    target: Vec2;
  } | null = null;
  private disposed = false;

  constructor(options: SimOptions) {
    this.backend = options.backend;
    this.view = options.view;
    const physics = { world: options.world ?? {} };
    this.client = options.backend === 'inline' ? createInlinePhysics(physics) : createPhysicsWorker(physics);
    this.world = this.makeSceneWorld();
    this.anchor = this.client.createBody({ position: { x: 0, y: 0 } });
  }

  /** The scene world typed as a core World, for the shared scene builders of @impulse/core/scenes. */
  asWorld(): World {
    return this.world as unknown as World;
  }

  // ------------------------------------------------------------------ draw list

  private makeSceneWorld(): SceneWorld {
    const client = this.client;
    const sim = this;
    const shapeMaker =
      (name: 'createPolygonShape' | 'createCircleShape' | 'createCapsuleShape' | 'createSegmentShape') =>
      (body: BodyId, geometry: never, def?: { isSensor?: boolean }): ShapeId => {
        const shape = (client[name] as (b: BodyId, g: never, d?: object) => ShapeId)(body, geometry, def);
        sim.trackShape(body, shape, def?.isSensor ?? false);
        return shape;
      };
    const overrides: Record<string, unknown> = {
      createBody(def?: Partial<BodyDef>): BodyId {
        const id = client.createBody(def);
        sim.trackBody(id, def?.type ?? BodyType.Static);
        return id;
      },
      createPolygonShape: shapeMaker('createPolygonShape'),
      createCircleShape: shapeMaker('createCircleShape'),
      createCapsuleShape: shapeMaker('createCapsuleShape'),
      createSegmentShape: shapeMaker('createSegmentShape'),
      createChain(body: BodyId, def: Parameters<PhysicsClient['createChain']>[1]) {
        const chain = client.createChain(body, def);
        for (const shape of client.getChainSegments(chain)) sim.trackShape(body, shape, false);
        return chain;
      },
      destroyBody(body: BodyId): void {
        const slot = client.getBodySlot(body);
        client.destroyBody(body);
        if (sim.draws[slot]?.id === body) sim.draws[slot] = undefined;
      },
      setBodyType(body: BodyId, type: BodyType): void {
        client.setBodyType(body, type);
        const draw = sim.draws[client.getBodySlot(body)];
        if (draw) draw.type = type;
      },
      getLocalPoint(body: BodyId, p: Vec2): Vec2 {
        const o = client.getBodyPosition(body);
        const q = client.getBodyRotation(body);
        const dx = p.x - o.x;
        const dy = p.y - o.y;
        return { x: q.c * dx + q.s * dy, y: -q.s * dx + q.c * dy };
      },
      getWorldPoint(body: BodyId, p: Vec2): Vec2 {
        const o = client.getBodyPosition(body);
        const q = client.getBodyRotation(body);
        return { x: o.x + q.c * p.x - q.s * p.y, y: o.y + q.s * p.x + q.c * p.y };
      },
    };
    return new Proxy(client, {
      get(target, prop, receiver) {
        if (typeof prop === 'string' && prop in overrides) return overrides[prop];
        const value = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as SceneWorld;
  }

  private trackBody(id: BodyId, type: BodyType): void {
    const slot = this.client.getBodySlot(id);
    this.draws[slot] = newBodyDraw(id, type, this.nextTint++ % AWAKE_FILLS.length);
  }

  private trackShape(body: BodyId, shape: ShapeId, sensor: boolean): void {
    const draw = this.draws[this.client.getBodySlot(body)];
    if (!draw || draw.id !== body) return;
    draw.shapes.push(toDrawShape(this.client.getShapeGeometry(shape)));
    if (sensor) draw.sensor = true;
  }

  /**
   * Gives a body a fixed colour while awake (scene highlights: the car, the heavy box), or
   * always (`always`: a player character, which should never look asleep).
   */
  setBodyColor(body: BodyId, color: string | null, always = false): void {
    const draw = this.draws[this.client.getBodySlot(body)];
    if (draw && draw.id === body) {
      draw.color = color;
      draw.colorAlways = always;
    }
  }

  // ------------------------------------------------------------------ hooks

  /** Runs `hook(dt)` every animation frame before drawing (keyboard input, scripted forces). */
  onFrame(hook: FrameHook): () => void {
    this.frameHooks.add(hook);
    return () => this.frameHooks.delete(hook);
  }

  /** Draws extra things (springs, labels) after the bodies, or before them (`behind`: scenery), in CSS pixels. */
  onDraw(hook: DrawHook, behind = false): () => void {
    const set = behind ? this.backHooks : this.drawHooks;
    set.add(hook);
    return () => set.delete(hook);
  }

  // ------------------------------------------------------------------ stage

  attach(canvas: HTMLCanvasElement): () => void {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d', { alpha: false });
    const fit = (): void => {
      const rect = canvas.getBoundingClientRect();
      this.cssWidth = Math.max(1, rect.width);
      this.cssHeight = Math.max(1, rect.height);
      this.dpr = Math.min(2, window.devicePixelRatio || 1);
      canvas.width = Math.round(this.cssWidth * this.dpr);
      canvas.height = Math.round(this.cssHeight * this.dpr);
      this.fitView();
    };
    fit();
    this.resize = new ResizeObserver(fit);
    this.resize.observe(canvas);
    canvas.addEventListener('pointerdown', this.onPointerDown);
    canvas.addEventListener('pointermove', this.onPointerMove);
    canvas.addEventListener('pointerup', this.onPointerUp);
    canvas.addEventListener('pointercancel', this.onPointerUp);
    this.lastTime = performance.now();
    this.raf = requestAnimationFrame(this.frame);
    return () => {
      cancelAnimationFrame(this.raf);
      this.resize?.disconnect();
      canvas.removeEventListener('pointerdown', this.onPointerDown);
      canvas.removeEventListener('pointermove', this.onPointerMove);
      canvas.removeEventListener('pointerup', this.onPointerUp);
      canvas.removeEventListener('pointercancel', this.onPointerUp);
      this.canvas = null;
      this.ctx = null;
    };
  }

  setView(view: ViewBox): void {
    this.view = view;
    this.fitView();
  }

  /**
   * Fits the view box: the whole box visible below the stats strip, its bottom on the
   * canvas bottom, centred across.
   */
  private fitView(): void {
    const v = this.view;
    const pad = 8;
    const top = this.cssWidth < 560 ? 84 : 64;
    const w = this.cssWidth - 2 * pad;
    const h = this.cssHeight - pad - top;
    this.k = Math.max(1, Math.min(w / (v.x1 - v.x0), h / (v.y1 - v.y0)));
    this.ox = this.cssWidth / 2 - this.k * 0.5 * (v.x0 + v.x1);
    this.oy = this.cssHeight - pad + this.k * v.y0;
  }

  /** Stage width in CSS pixels. */
  get width(): number {
    return this.cssWidth;
  }

  /** Pixels per metre. */
  get scale(): number {
    return this.k;
  }

  toScreenX(x: number): number {
    return this.ox + this.k * x;
  }

  toScreenY(y: number): number {
    return this.oy - this.k * y;
  }

  toWorld(sx: number, sy: number): Vec2 {
    return { x: (sx - this.ox) / this.k, y: (this.oy - sy) / this.k };
  }

  /** A body's position on the page (CSS pixels), for tests. */
  bodyPagePoint(body: BodyId): Vec2 | null {
    if (!this.canvas) return null;
    const p = this.client.getBodyPosition(body);
    const rect = this.canvas.getBoundingClientRect();
    return { x: rect.left + this.toScreenX(p.x), y: rect.top + this.toScreenY(p.y) };
  }

  /** A page point (CSS pixels) in world coordinates, for tests. */
  pageToWorld(x: number, y: number): Vec2 | null {
    if (!this.canvas) return null;
    const rect = this.canvas.getBoundingClientRect();
    return this.toWorld(x - rect.left, y - rect.top);
  }

  /** Ids of the dynamic bodies the scene made, in creation order. */
  dynamicBodies(): BodyId[] {
    const out: BodyId[] = [];
    for (const d of this.draws) if (d && d.type === BodyType.Dynamic && d.shapes.length > 0) out.push(d.id);
    return out;
  }

  // ------------------------------------------------------------------ frame

  private readonly frame = (now: number): void => {
    this.raf = requestAnimationFrame(this.frame);
    const dt = Math.min(0.1, (now - this.lastTime) / 1000);
    if (this.perf.frames > 0) {
      countFrameInterval(this.perf, now - this.lastTime);
    }
    this.lastTime = now;
    const t0 = performance.now();
    for (const hook of this.frameHooks) hook(dt);
    this.render();
    const work = performance.now() - t0;
    this.perf.workMs += 0.1 * (work - this.perf.workMs);
    this.perf.frames++;
  };

  private readTransforms(): number {
    const slots = this.client.getBodySlotCount();
    if (slots * BodyRecord.Size > this.records.length) {
      let n = this.records.length / BodyRecord.Size;
      while (n < slots) n *= 2;
      this.records = new Float64Array(n * BodyRecord.Size);
      this.styles = new Uint8Array(n);
    }
    return this.client.readInterpolatedBodyTransforms(this.records);
  }

  private render(): void {
    const ctx = this.ctx;
    if (!ctx || this.disposed) return;
    const t0 = performance.now();
    const n = this.readTransforms();
    this.perf.readMs += 0.1 * (performance.now() - t0 - this.perf.readMs);
    this.slotCount = n;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.fillStyle = BACKGROUND;
    ctx.fillRect(0, 0, this.cssWidth, this.cssHeight);
    this.drawGrid(ctx);
    for (const hook of this.backHooks) hook(ctx, this);

    // classify slots once, then draw each style as one path (one fill, one stroke)
    const r = this.records;
    const styles = this.styles;
    for (let slot = 0; slot < n; slot++) {
      const d = this.draws[slot];
      const o = slot * BodyRecord.Size;
      if (!d || d.shapes.length === 0 || r[o + BodyRecord.Id] !== d.id) {
        styles[slot] = STYLE_SKIP;
      } else if (d.sensor) {
        styles[slot] = STYLE_SENSOR;
      } else if (d.type === BodyType.Static) {
        styles[slot] = STYLE_STATIC;
      } else if (d.color && d.colorAlways) {
        styles[slot] = STYLE_CUSTOM;
      } else if (r[o + BodyRecord.Awake] !== 1) {
        styles[slot] = d.color ? STYLE_CUSTOM_ASLEEP : STYLE_SLEEP + d.tint;
      } else {
        styles[slot] = d.color ? STYLE_CUSTOM : STYLE_AWAKE + d.tint;
      }
    }
    ctx.lineJoin = 'miter';
    ctx.lineWidth = 1.25;
    this.drawStyle(ctx, n, STYLE_STATIC, STATIC_FILL, STATIC_STROKE);
    ctx.setLineDash([6, 4]);
    this.drawStyle(ctx, n, STYLE_SENSOR, 'rgba(52, 211, 153, 0.12)', '#34d399');
    ctx.setLineDash([]);
    for (let i = 0; i < SLEEP_FILLS.length; i++) {
      this.drawStyle(ctx, n, STYLE_SLEEP + i, SLEEP_FILLS[i]!, SLEEP_STROKES[i]!);
    }
    for (let i = 0; i < AWAKE_FILLS.length; i++) {
      this.drawStyle(ctx, n, STYLE_AWAKE + i, AWAKE_FILLS[i]!, AWAKE_STROKES[i]!);
    }
    // bodies with their own colour: one path each (few of them)
    // (asleep: the same colour, dimmed like the palette's sleeping colours)
    for (let slot = 0; slot < n; slot++) {
      const style = styles[slot];
      if (style !== STYLE_CUSTOM && style !== STYLE_CUSTOM_ASLEEP) continue;
      const color = this.draws[slot]!.color!;
      ctx.globalAlpha = style === STYLE_CUSTOM ? 1 : 0.45;
      ctx.beginPath();
      this.pathBody(ctx, slot);
      ctx.fillStyle = color;
      ctx.fill();
      ctx.strokeStyle = 'rgba(255,255,255,0.7)';
      ctx.stroke();
    }
    ctx.globalAlpha = 1;
    for (const hook of this.drawHooks) hook(ctx, this);
    if (this.note) {
      ctx.font = '600 13px system-ui, sans-serif';
      ctx.textAlign = 'right';
      ctx.fillStyle = '#cbd5e1';
      // a narrow stage wraps the stats strip onto three rows: the note goes below it
      ctx.fillText(this.note, this.cssWidth - 14, this.cssWidth < 560 ? 100 : 26);
      ctx.textAlign = 'start';
    }
    this.drawDrag(ctx);
  }

  private drawGrid(ctx: CanvasRenderingContext2D): void {
    const step = this.k >= 18 ? 1 : this.k >= 4 ? 5 : 20;
    const px = step * this.k;
    ctx.beginPath();
    let x = this.ox % px;
    if (x < 0) x += px;
    for (; x < this.cssWidth; x += px) {
      ctx.moveTo(Math.round(x) + 0.5, 0);
      ctx.lineTo(Math.round(x) + 0.5, this.cssHeight);
    }
    let y = this.oy % px;
    if (y < 0) y += px;
    for (; y < this.cssHeight; y += px) {
      ctx.moveTo(0, Math.round(y) + 0.5);
      ctx.lineTo(this.cssWidth, Math.round(y) + 0.5);
    }
    ctx.strokeStyle = GRID;
    ctx.lineWidth = 1;
    ctx.stroke();
  }

  private drawStyle(
    ctx: CanvasRenderingContext2D,
    n: number,
    style: number,
    fill: string,
    stroke: string,
  ): void {
    const styles = this.styles;
    let any = false;
    let lines = false;
    ctx.beginPath();
    for (let slot = 0; slot < n; slot++) {
      if (styles[slot] !== style) continue;
      any = true;
      if (this.pathBody(ctx, slot)) lines = true;
    }
    if (!any) return;
    ctx.fillStyle = fill;
    ctx.fill();
    // outlines read well on bodies of some size; on a crowd of tiny ones they only cost
    // raster time (a 0.5 m box at 15 px/m), so they are left out there
    if (lines || this.k >= 24 || style === STYLE_STATIC || style === STYLE_SENSOR) {
      ctx.strokeStyle = stroke;
      ctx.lineWidth = lines ? 2 : 1.25;
      ctx.stroke();
    }
  }

  /** Adds the body's shapes to the current path. Returns true if it had line segments. */
  private pathBody(ctx: CanvasRenderingContext2D, slot: number): boolean {
    const d = this.draws[slot]!;
    const r = this.records;
    const o = slot * BodyRecord.Size;
    const x = r[o + BodyRecord.X]!;
    const y = r[o + BodyRecord.Y]!;
    const c = r[o + BodyRecord.C]!;
    const s = r[o + BodyRecord.S]!;
    const k = this.k;
    const bx = this.ox + k * x;
    const by = this.oy - k * y;
    // local (lx, ly) -> screen: (bx + k (c lx - s ly), by - k (s lx + c ly))
    let lines = false;
    for (const shape of d.shapes) {
      switch (shape.kind) {
        case 'poly': {
          for (let i = 0; i < shape.count; i++) {
            const lx = shape.xs[i]!;
            const ly = shape.ys[i]!;
            const sx = bx + k * (c * lx - s * ly);
            const sy = by - k * (s * lx + c * ly);
            if (i === 0) ctx.moveTo(sx, sy);
            else ctx.lineTo(sx, sy);
          }
          ctx.closePath();
          break;
        }
        case 'circle': {
          const cx = bx + k * (c * shape.cx - s * shape.cy);
          const cy = by - k * (s * shape.cx + c * shape.cy);
          const rad = k * shape.r;
          if (rad < 6) {
            // a few pixels across: an octagon looks the same and rasterises faster than an arc
            ctx.moveTo(cx + rad, cy);
            for (let i = 1; i < 8; i++) ctx.lineTo(cx + rad * OCTAGON_C[i]!, cy + rad * OCTAGON_S[i]!);
            ctx.closePath();
            break;
          }
          ctx.moveTo(cx + rad, cy);
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
          ctx.closePath();
          break;
        }
        case 'segment': {
          ctx.moveTo(bx + k * (c * shape.x1 - s * shape.y1), by - k * (s * shape.x1 + c * shape.y1));
          ctx.lineTo(bx + k * (c * shape.x2 - s * shape.y2), by - k * (s * shape.x2 + c * shape.y2));
          lines = true;
          break;
        }
      }
    }
    return lines;
  }

  private drawDrag(ctx: CanvasRenderingContext2D): void {
    const drag = this.drag;
    if (!drag) return;
    const slot = this.client.getBodySlot(drag.body);
    if (slot >= this.slotCount) return;
    const o = slot * BodyRecord.Size;
    const r = this.records;
    const x = r[o + BodyRecord.X]!;
    const y = r[o + BodyRecord.Y]!;
    const c = r[o + BodyRecord.C]!;
    const s = r[o + BodyRecord.S]!;
    const ax = this.toScreenX(x + c * drag.localX - s * drag.localY);
    const ay = this.toScreenY(y + s * drag.localX + c * drag.localY);
    const tx = this.toScreenX(drag.target.x);
    const ty = this.toScreenY(drag.target.y);
    ctx.strokeStyle = 'rgba(255,255,255,0.85)';
    ctx.lineWidth = 1.5;
    ctx.setLineDash([4, 4]);
    ctx.beginPath();
    ctx.moveTo(ax, ay);
    ctx.lineTo(tx, ty);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = '#ffffff';
    ctx.beginPath();
    ctx.arc(ax, ay, 3.5, 0, 2 * Math.PI);
    ctx.moveTo(tx + 6, ty);
    ctx.arc(tx, ty, 6, 0, 2 * Math.PI);
    ctx.stroke();
    ctx.fill();
  }

  // ------------------------------------------------------------------ dragging

  /** The dynamic body under a world point in the last drawn frame (topmost first), or null. */
  pick(p: Vec2, slop: number): { body: BodyId; localX: number; localY: number } | null {
    const r = this.records;
    for (let slot = this.slotCount - 1; slot >= 0; slot--) {
      const d = this.draws[slot];
      const o = slot * BodyRecord.Size;
      if (!d || d.type !== BodyType.Dynamic || d.sensor || r[o + BodyRecord.Id] !== d.id) continue;
      const dx = p.x - r[o + BodyRecord.X]!;
      const dy = p.y - r[o + BodyRecord.Y]!;
      const c = r[o + BodyRecord.C]!;
      const s = r[o + BodyRecord.S]!;
      const lx = c * dx + s * dy;
      const ly = -s * dx + c * dy;
      for (const shape of d.shapes as DrawShape[]) {
        if (shapeContains(shape, lx, ly, slop)) return { body: d.id, localX: lx, localY: ly };
      }
    }
    return null;
  }

  private readonly onPointerDown = (e: PointerEvent): void => {
    if (this.drag || !this.canvas) return;
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    const p = this.toWorld(e.offsetX, e.offsetY);
    // a finger is less precise than a mouse: grab within 12 px of a body
    const slopPx = e.pointerType === 'touch' ? 12 : 3;
    const hit = this.pick(p, slopPx / this.k);
    if (!hit) return;
    e.preventDefault();
    this.canvas.setPointerCapture(e.pointerId);
    const mass = this.client.getBodyMass(hit.body);
    const g = this.client.getGravity();
    const weight = mass * Math.max(10, Math.hypot(g.x, g.y));
    const joint = this.client.createMouseJoint({
      bodyA: this.anchor,
      bodyB: hit.body,
      localAnchorB: { x: hit.localX, y: hit.localY },
      target: p,
      hertz: 5,
      dampingRatio: 0.7,
      maxForce: 1000 * weight,
    });
    this.drag = {
      pointer: e.pointerId,
      joint,
      body: hit.body,
      localX: hit.localX,
      localY: hit.localY,
      target: p,
    };
  };

  private readonly onPointerMove = (e: PointerEvent): void => {
    const drag = this.drag;
    if (!drag || e.pointerId !== drag.pointer) return;
    drag.target = this.toWorld(e.offsetX, e.offsetY);
    if (this.client.isValidJoint(drag.joint)) this.client.setJointParams(drag.joint, { target: drag.target });
  };

  private readonly onPointerUp = (e: PointerEvent): void => {
    const drag = this.drag;
    if (!drag || e.pointerId !== drag.pointer) return;
    this.drag = null;
    if (this.client.isValidJoint(drag.joint)) this.client.destroyJoint(drag.joint);
  };

  /** Wakes every dynamic body (after a settings change, so sleeping stacks show it). */
  wakeAll(): void {
    for (const id of this.dynamicBodies()) this.client.setBodyAwake(id, true);
  }

  /** True while a pointer holds a body. */
  isDragging(): boolean {
    return this.drag !== null;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    cancelAnimationFrame(this.raf);
    this.client.dispose();
  }
}
