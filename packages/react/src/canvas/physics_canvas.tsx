/**
 * `<PhysicsCanvas>`: draws the world's bodies on a canvas, for scenes whose bodies have no
 * elements (a game, thousands of bodies). It hangs on `<Physics>`' frame loop: on each
 * frame that shows new transforms it classifies the body slots by style (awake, asleep,
 * dragged) and hands them to a renderer (WebGL2 instanced, or Canvas 2D batched by style),
 * then calls `onDraw` for extras. No React render per frame, no allocation in the steady
 * state; a pointer pressed on the canvas grabs the body under it.
 */
import { type BodyId, BodyRecord, BodyType, type Vec2 } from '@impulse/core/contract';
import {
  type CSSProperties,
  forwardRef,
  type HTMLAttributes,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
} from 'react';
import type { BodyOptions } from '../body_props.js';
import { useRuntime } from '../context.js';
import { DragController, type DragHost } from '../drag.js';
import type { PhysicsFrame } from '../frame_loop.js';
import { createMapping } from '../screen.js';
import { type BodyStyleFn, defaultBodyStyle, StyleTable, typeName } from './body_style.js';
import { CanvasCamera, type CanvasPadding, type CanvasViewBox } from './camera.js';
import { Canvas2DRenderer } from './canvas2d_renderer.js';
import { buildEntry, type DrawEntry } from './draw_list.js';
import type { BodyRenderer, RendererKind, RenderFrame } from './renderer.js';
import { WebGLRenderer } from './webgl_renderer.js';

/** Draws extras over the bodies, in canvas CSS pixels (`camera.toScreenX(x)`...). */
export type CanvasDrawFn = (ctx: CanvasRenderingContext2D, camera: CanvasCamera, frame: PhysicsFrame) => void;

/**
 * A view box worked out on every drawn frame, before the bodies are drawn: a camera that
 * follows a body (read its pose from the frame with `readFramePose`). `camera.width` and
 * `camera.height` are the canvas's CSS size, for a view that suits a phone. The canvas keeps
 * drawing, even when no body moves, until the box it returns stops changing.
 */
export type CanvasViewFn = (frame: PhysicsFrame, camera: CanvasCamera) => CanvasViewBox;

export interface PhysicsCanvasProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /**
   * 'webgl' (WebGL2, instanced), 'canvas2d' (batched paths), or 'auto' (default): WebGL2 on a
   * GPU, Canvas 2D where there is none (WebGL emulated on the CPU runs on the main thread).
   */
  renderer?: RendererKind | 'auto';
  /**
   * The world box to keep in view, or a function that works it out on every drawn frame (a
   * camera following a body); without it the canvas uses `<Physics>`' scale and origin.
   */
  view?: CanvasViewBox | CanvasViewFn | undefined;
  /** Space kept free around the view box (CSS px). Default 8 on each side. */
  padding?: CanvasPadding | undefined;
  /** Canvas colour behind the bodies (#rrggbb). Default '#0d121b'. */
  background?: string;
  /** Faint lines on round meters behind the bodies (1 m, 5 m or 20 m apart, by zoom), for scale. Default false. */
  grid?: boolean;
  /** Each body's look, asked once per body; the default colours statics slate and dynamics by a palette. */
  bodyStyle?: BodyStyleFn | undefined;
  /** Extras over the bodies (springs, labels, a HUD), after the bodies on every drawn frame. */
  onDraw?: CanvasDrawFn | undefined;
  /** A pointer pressed on a body grabs it (bodies with `draggable: false` excepted). Default true. */
  draggable?: boolean;
}

/** What the canvas's ref gives: the camera, the grab, and timings. */
export interface PhysicsCanvasApi {
  readonly camera: CanvasCamera;
  /** The renderer in use. */
  readonly renderer: RendererKind;
  /** The body a pointer holds, or null. */
  draggedBody(): BodyId | null;
  /** Main-thread ms of the last drawn frame: reading the transforms and drawing (smoothed). */
  readonly perf: { readMs: number; drawMs: number; frames: number };
  /** A world point on the page (viewport CSS px), for tests and overlays. */
  toPage(p: Vec2): Vec2 | null;
  /** A page point (viewport CSS px) in the world. */
  fromPage(x: number, y: number): Vec2 | null;
  /** Asks every body's style again (after the style function's inputs changed) and redraws. */
  restyle(): void;
}

const FILL: CSSProperties = {
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  display: 'block',
};
const OVERLAY: CSSProperties = { ...FILL, pointerEvents: 'none' };

function now(): number {
  return performance.now();
}

export const PhysicsCanvas = forwardRef<PhysicsCanvasApi, PhysicsCanvasProps>(function PhysicsCanvas(
  {
    renderer = 'auto',
    view,
    padding,
    background = '#0d121b',
    grid = false,
    bodyStyle,
    onDraw,
    draggable = true,
    style,
    ...rest
  },
  ref,
) {
  const runtime = useRuntime('<PhysicsCanvas>');
  const wrap = useRef<HTMLDivElement>(null);
  const main = useRef<HTMLCanvasElement>(null);
  const overlay = useRef<HTMLCanvasElement>(null);
  const props = useRef({ view, padding, background, grid, bodyStyle, onDraw, draggable });
  props.current = { view, padding, background, grid, bodyStyle, onDraw, draggable };
  const state = useMemo(() => new CanvasState(), []);

  useImperativeHandle(ref, () => state.api, [state]);

  // the view box: refit and redraw when it changes (a view function refits on every frame)
  const v = typeof view === 'function' ? undefined : view;
  useLayoutEffect(() => {
    state.refit(props.current.view, props.current.padding);
    runtime.loop.invalidate();
  }, [
    state,
    runtime,
    typeof view === 'function',
    v?.x0,
    v?.x1,
    v?.y0,
    v?.y1,
    padding?.top,
    padding?.right,
    padding?.bottom,
    padding?.left,
  ]);

  useLayoutEffect(() => {
    state.restyle();
    runtime.loop.invalidate();
  }, [state, runtime, bodyStyle, background, grid]);

  useEffect(() => {
    const canvas = main.current!;
    const over = overlay.current!;
    const box = wrap.current!;
    const chosen: BodyRenderer =
      (renderer !== 'canvas2d' ? WebGLRenderer.create(canvas, renderer === 'auto') : null) ??
      new Canvas2DRenderer(canvas);
    if (renderer === 'webgl' && chosen.kind !== 'webgl') {
      console.warn('<PhysicsCanvas>: WebGL2 is not available here; drawing with Canvas 2D');
    }
    state.renderer = chosen;
    state.rect = () => canvas.getBoundingClientRect();
    const extras = chosen instanceof Canvas2DRenderer ? chosen.context : over.getContext('2d');
    let dpr = 1;
    const fit = () => {
      const rect = box.getBoundingClientRect();
      dpr = Math.min(2, globalThis.devicePixelRatio || 1);
      state.camera.width = Math.max(1, rect.width);
      state.camera.height = Math.max(1, rect.height);
      chosen.resize(state.camera.width, state.camera.height, dpr);
      if (extras !== (chosen as Partial<Canvas2DRenderer>).context) {
        over.width = Math.round(state.camera.width * dpr);
        over.height = Math.round(state.camera.height * dpr);
      }
      state.refit(props.current.view, props.current.padding);
      runtime.loop.invalidate();
    };
    fit();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(box);

    const onFrame = (frame: PhysicsFrame) => {
      const t0 = now();
      const p = props.current;
      const client = runtime.peekClient();
      if (!client) return;
      if (!p.view) state.camera.follow(runtime.mapping);
      else if (typeof p.view === 'function' && state.refit(p.view(frame, state.camera), p.padding)) {
        // the camera moved: draw the next display frame too, so it settles on a sleeping world
        runtime.loop.invalidate();
      }
      const rf = state.classify(frame, client, p.bodyStyle, p.background);
      rf.grid = p.grid;
      chosen.draw(rf);
      if (extras) {
        if (extras !== (chosen as Partial<Canvas2DRenderer>).context) {
          extras.setTransform(1, 0, 0, 1, 0, 0);
          extras.clearRect(0, 0, over.width, over.height);
        }
        extras.setTransform(dpr, 0, 0, dpr, 0, 0);
        p.onDraw?.(extras, state.camera, frame);
        state.drawGrab(extras, frame);
      }
      const perf = state.perf;
      perf.readMs += 0.1 * (runtime.loop.readMs - perf.readMs);
      perf.drawMs += 0.1 * (now() - t0 - perf.drawMs);
      perf.frames++;
    };
    const removeCallback = runtime.loop.addCallback(onFrame);

    // dragging: the runtime's grab, with this canvas's camera as the page mapping
    const host: DragHost = {
      get client() {
        return runtime.client;
      },
      mapping: createMapping(),
      groundBody: () => runtime.groundBody(),
      dragProps: (body) => runtime.dragProps(body),
      get drag() {
        return runtime.drag;
      },
    };
    const dragger = new DragController(host);
    state.dragger = dragger;
    const aim = (e: PointerEvent) => {
      const rect = canvas.getBoundingClientRect();
      const m = host.mapping;
      const view = canvas.ownerDocument.defaultView;
      m.scale = state.camera.scale;
      m.originX = rect.left + (view?.scrollX ?? 0) + state.camera.originX;
      m.originY = rect.top + (view?.scrollY ?? 0) + state.camera.originY;
      state.pointer.x = state.camera.toWorldX(e.clientX - rect.left);
      state.pointer.y = state.camera.toWorldY(e.clientY - rect.top);
      if (state.grabbed !== null) runtime.loop.invalidate();
    };
    const accept = (body: BodyId) => {
      if (!props.current.draggable) return false;
      const handlers = runtime.events.sink(body)?.handlers() as BodyOptions | undefined;
      if (handlers?.draggable === false) return false;
      state.grab(body, runtime.client);
      runtime.loop.invalidate();
      return true;
    };
    canvas.addEventListener('pointerdown', aim, true);
    canvas.ownerDocument.addEventListener('pointermove', aim);
    const detach = dragger.attachSurface(canvas, accept);
    return () => {
      detach();
      dragger.releaseAll();
      state.dragger = null;
      state.grabbed = null;
      canvas.removeEventListener('pointerdown', aim, true);
      canvas.ownerDocument.removeEventListener('pointermove', aim);
      removeCallback();
      observer?.disconnect();
      chosen.dispose();
      state.renderer = null;
      state.rect = null;
      state.entries.length = 0;
    };
  }, [runtime, state, renderer]);

  return (
    <div ref={wrap} style={{ position: 'relative', ...style }} {...rest}>
      {/* a canvas keeps the kind of context it gave first: a new renderer gets a new canvas */}
      <canvas key={renderer} ref={main} style={FILL} />
      <canvas ref={overlay} style={OVERLAY} width={0} height={0} />
    </div>
  );
});

/** The canvas's state between frames, free of React. */
class CanvasState {
  readonly camera = new CanvasCamera();
  readonly styles = new StyleTable();
  readonly entries: (DrawEntry | undefined)[] = [];
  readonly perf = { readMs: 0, drawMs: 0, frames: 0 };
  renderer: BodyRenderer | null = null;
  dragger: DragController | null = null;
  /** The grabbed body and the grabbed point in its frame. */
  grabbed: BodyId | null = null;
  private grabX = 0;
  private grabY = 0;
  /** The pointer in the world (updated on press and move). */
  readonly pointer = { x: 0, y: 0 };
  private slotStyle = new Int32Array(256);
  private slotStatic = new Uint8Array(256);
  private discovered = 0;
  private readonly frame: RenderFrame = {
    records: new Float64Array(0),
    slotCount: 0,
    entries: this.entries,
    slotStyle: this.slotStyle,
    slotStatic: this.slotStatic,
    styles: this.styles,
    camera: this.camera,
    background: '#000000',
    grid: false,
  };

  readonly api: PhysicsCanvasApi;
  /** The canvas's box on the page (set while mounted). */
  rect: (() => DOMRect) | null = null;

  constructor() {
    const state = this;
    this.api = {
      camera: this.camera,
      get renderer() {
        return state.renderer?.kind ?? 'canvas2d';
      },
      draggedBody: () => state.held(),
      perf: this.perf,
      toPage: (p) => {
        const rect = state.rect?.();
        if (!rect) return null;
        return { x: rect.left + state.camera.toScreenX(p.x), y: rect.top + state.camera.toScreenY(p.y) };
      },
      fromPage: (x, y) => {
        const rect = state.rect?.();
        return rect ? state.camera.toWorld(x - rect.left, y - rect.top) : null;
      },
      restyle: () => state.restyle(),
    };
  }

  /** The body a pointer holds now, or null. */
  held(): BodyId | null {
    return this.dragger && this.dragger.activeCount > 0 ? this.grabbed : null;
  }

  /** The box last fitted (a view function's result is kept for a resize between frames). */
  private readonly box = { x0: 0, x1: 0, y0: 0, y1: 0 };
  private hasBox = false;

  /**
   * Fits `view` (a function: the box it gave last). Returns whether the camera moved by a
   * hundredth of a pixel or more, so a smoothed camera counts as settled when it is.
   */
  refit(view: CanvasViewBox | CanvasViewFn | undefined, padding: CanvasPadding | undefined): boolean {
    if (!view) return false;
    if (typeof view === 'function') {
      if (!this.hasBox) return false;
    } else {
      this.box.x0 = view.x0;
      this.box.x1 = view.x1;
      this.box.y0 = view.y0;
      this.box.y1 = view.y1;
      this.hasBox = true;
    }
    const cam = this.camera;
    const { scale, originX, originY } = cam;
    cam.fit(this.box, padding ?? {});
    const moved = Math.max(
      Math.abs(cam.originX - originX),
      Math.abs(cam.originY - originY),
      (Math.abs(cam.scale - scale) * Math.max(cam.width, cam.height)) / Math.max(scale, 1e-9),
    );
    return moved >= 0.01;
  }

  restyle(): void {
    this.entries.length = 0;
    this.discovered = 0;
  }

  grab(
    body: BodyId,
    client: { getBodyPosition(b: BodyId): Vec2; getBodyRotation(b: BodyId): { c: number; s: number } },
  ): void {
    this.grabbed = body;
    const p = client.getBodyPosition(body);
    const q = client.getBodyRotation(body);
    const dx = this.pointer.x - p.x;
    const dy = this.pointer.y - p.y;
    this.grabX = q.c * dx + q.s * dy;
    this.grabY = -q.s * dx + q.c * dy;
  }

  /** Which style each slot is drawn with this frame. */
  classify(
    frame: PhysicsFrame,
    client: Parameters<typeof buildEntry>[0],
    styleFn: BodyStyleFn | undefined,
    background: string,
  ): RenderFrame {
    const n = frame.slotCount;
    if (this.slotStyle.length < n) {
      this.slotStyle = new Int32Array(2 * n);
      this.slotStatic = new Uint8Array(2 * n);
      this.frame.slotStyle = this.slotStyle;
      this.frame.slotStatic = this.slotStatic;
    }
    const r = frame.records;
    const entries = this.entries;
    const styleOut = this.slotStyle;
    const staticOut = this.slotStatic;
    const dragged = this.held();
    for (let slot = 0; slot < n; slot++) {
      const o = slot * BodyRecord.Size;
      const id = r[o + BodyRecord.Id]!;
      let e = entries[slot];
      if (e === undefined || e.id !== id) {
        e =
          id >= 0
            ? buildEntry(client, id as BodyId, (entry, userData) => this.styleEntry(entry, userData, styleFn))
            : undefined;
        entries[slot] = e;
      }
      if (e === undefined || e.awake < 0) {
        styleOut[slot] = -1;
        continue;
      }
      const isStatic = e.type === BodyType.Static;
      staticOut[slot] = isStatic ? 1 : 0;
      styleOut[slot] =
        id === dragged ? e.dragged : isStatic || r[o + BodyRecord.Awake] === 1 ? e.awake : e.asleep;
    }
    const f = this.frame;
    f.records = r;
    f.slotCount = n;
    f.background = background;
    return f;
  }

  private styleEntry(entry: DrawEntry, userData: unknown, styleFn: BodyStyleFn | undefined): void {
    const info = {
      id: entry.id,
      type: typeName(entry.type),
      sensor: entry.sensor,
      userData,
      index: this.discovered++,
    };
    const chosen = styleFn?.(info);
    if (chosen === false) return;
    const [awake, asleep, dragged] = this.styles.internBody(chosen ?? defaultBodyStyle(info));
    entry.awake = awake;
    entry.asleep = asleep;
    entry.dragged = dragged;
  }

  /** The grab: a dashed line from the held point to the pointer. */
  drawGrab(ctx: CanvasRenderingContext2D, frame: PhysicsFrame): void {
    const body = this.held();
    if (body === null) return;
    const r = frame.records;
    let o = -1;
    for (let slot = 0; slot < frame.slotCount; slot++) {
      if (r[slot * BodyRecord.Size + BodyRecord.Id] === body) {
        o = slot * BodyRecord.Size;
        break;
      }
    }
    if (o < 0) return;
    const cam = this.camera;
    const x = r[o + BodyRecord.X]!;
    const y = r[o + BodyRecord.Y]!;
    const c = r[o + BodyRecord.C]!;
    const s = r[o + BodyRecord.S]!;
    const ax = cam.toScreenX(x + c * this.grabX - s * this.grabY);
    const ay = cam.toScreenY(y + s * this.grabX + c * this.grabY);
    const tx = cam.toScreenX(this.pointer.x);
    const ty = cam.toScreenY(this.pointer.y);
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
}
