/**
 * The animation-frame loop, free of React: once per display frame it reads the newest
 * (interpolated) body transforms from the client into one reused Float64Array, writes
 * the registered elements' transforms and calls the frame callbacks
 * (`usePhysicsFrame`). React never renders for it.
 *
 * Render on demand: a frame does nothing when no new step was published and the last
 * frame already showed the newest poses, nor when the one new step moved no body (a
 * sleeping or paused world costs a few header reads per frame).
 */
import { type BodyId, BodyRecord } from '@impulse/core/contract';
import type { PhysicsClient, PhysicsStats } from '@impulse/worker';
import { type ElementTarget, ElementTargets, writePose } from './element_targets.js';
import type { ScreenMapping } from './screen.js';

/** What the loop reads from a client (a subset, so tests can fake it). */
export type FrameSource = Pick<
  PhysicsClient,
  | 'getFrameNumber'
  | 'getInterpolationAlpha'
  | 'readBodyTransforms'
  | 'readInterpolatedBodyTransforms'
  | 'getBodySlotCount'
  | 'getStats'
  | 'getBodyPosition'
  | 'getBodyAngle'
  | 'isValidBody'
>;

/** The transforms of one rendered frame, handed to `usePhysicsFrame` callbacks. Reused: do not keep it. */
export interface PhysicsFrame {
  /** One BodyRecord per body slot (`records[slot * BodyRecord.Size + BodyRecord.X]`, ...). */
  readonly records: Float64Array;
  /** Slots filled in `records`. */
  readonly slotCount: number;
  /** Interpolation between the two newest steps (1: the newest step). */
  readonly alpha: number;
  /**
   * Number of the published frame `records` hold: a position and this number are read
   * together (a step that lands while the records are copied makes the loop copy again).
   */
  readonly frame: number;
  /** The world → screen mapping of this `<Physics>`. */
  readonly mapping: Readonly<ScreenMapping>;
}

export type FrameCallback = (frame: PhysicsFrame) => void;

/** Requests and cancels display frames; `requestAnimationFrame` by default. */
export interface FrameScheduler {
  request(callback: () => void): number;
  cancel(handle: number): void;
}

/** The browser's scheduler, looked up when the loop starts (never at module scope: SSR). */
export function animationFrameScheduler(): FrameScheduler | null {
  const g = globalThis as {
    requestAnimationFrame?: (cb: () => void) => number;
    cancelAnimationFrame?: (h: number) => void;
  };
  if (typeof g.requestAnimationFrame !== 'function' || typeof g.cancelAnimationFrame !== 'function')
    return null;
  const request = g.requestAnimationFrame.bind(globalThis);
  const cancel = g.cancelAnimationFrame.bind(globalThis);
  return { request: (cb) => request(cb), cancel: (h) => cancel(h) };
}

const now: () => number = typeof performance !== 'undefined' ? () => performance.now() : () => Date.now();

export class FrameLoop {
  readonly targets = new ElementTargets();
  /** Interpolate between steps (smooth at any display rate) or show the newest step. */
  interpolate = true;
  /** Called after each frame that did work (the stats store hangs here). */
  onAfterFrame: ((stats: PhysicsStats) => void) | null = null;

  private source: FrameSource | null = null;
  private readonly mapping: ScreenMapping;
  private records = new Float64Array(64 * BodyRecord.Size);
  private readonly callbacks: FrameCallback[] = [];
  private readonly stats = {} as PhysicsStats;
  private readonly frameState: { -readonly [K in keyof PhysicsFrame]: PhysicsFrame[K] };
  private scheduler: FrameScheduler | null = null;
  private handle = 0;
  private running = false;
  private lastFrame = -1;
  private lastAlpha = 0;
  /** The last frame showed its step's exact poses (alpha 1, or nothing moved in it). */
  private lastExact = false;
  private dirty = true;
  /** Things that move without moving a body (characters): no "nothing moved" skip while held. */
  private holds = 0;
  /** Frames that did work, and frames skipped: for tests and the stats panel. */
  workFrames = 0;
  idleFrames = 0;
  /** Milliseconds the last working frame spent reading the transforms (a renderer's stats panel shows it). */
  readMs = 0;

  constructor(mapping: ScreenMapping) {
    this.mapping = mapping;
    this.frameState = { records: this.records, slotCount: 0, alpha: 1, frame: 0, mapping };
    this.targets.onStale = () => this.invalidate();
  }

  /** Reads from `source` from now on (a new world after a remount), or from nothing. */
  setSource(source: FrameSource | null): void {
    this.source = source;
    this.lastFrame = -1;
    this.invalidate();
  }

  /** Keeps every new step's frame from being skipped; returns the release. */
  hold(): () => void {
    this.holds++;
    this.invalidate();
    let held = true;
    return () => {
      if (held) this.holds--;
      held = false;
    };
  }

  /** The next frame does its work even if no step was published (registrations changed). */
  invalidate(): void {
    this.dirty = true;
  }

  addCallback(callback: FrameCallback): () => void {
    this.callbacks.push(callback);
    this.invalidate();
    return () => {
      const i = this.callbacks.indexOf(callback);
      if (i >= 0) this.callbacks.splice(i, 1);
    };
  }

  get callbackCount(): number {
    return this.callbacks.length;
  }

  /** Starts ticking on display frames. Without a scheduler (SSR, Node) it only ticks when asked. */
  start(scheduler: FrameScheduler | null = animationFrameScheduler()): void {
    if (this.running) return;
    this.running = true;
    this.scheduler = scheduler;
    if (scheduler) this.handle = scheduler.request(this.onFrame);
  }

  stop(): void {
    this.running = false;
    if (this.scheduler) this.scheduler.cancel(this.handle);
    this.scheduler = null;
  }

  get isRunning(): boolean {
    return this.running;
  }

  private readonly onFrame = (): void => {
    if (!this.running) return;
    try {
      this.tick();
    } finally {
      if (this.running && this.scheduler) this.handle = this.scheduler.request(this.onFrame);
    }
  };

  /** One frame's work, now. Returns whether anything was read and written. */
  tick(): boolean {
    const source = this.source;
    if (source === null) return false;
    const frame = source.getFrameNumber();
    const alpha = this.interpolate ? source.getInterpolationAlpha() : 1;
    if (!this.dirty && frame === this.lastFrame && (this.lastExact || alpha === this.lastAlpha)) {
      this.idleFrames++;
      return false;
    }
    const stats = source.getStats(this.stats);
    if (
      !this.dirty &&
      this.holds === 0 &&
      frame === this.lastFrame + 1 &&
      stats.movedCount === 0 &&
      this.lastExact
    ) {
      // One new step and nothing moved in it: the screen already shows it.
      this.lastFrame = frame;
      this.idleFrames++;
      this.onAfterFrame?.(stats);
      return false;
    }
    // cleared before the callbacks, so one that invalidates (a camera still moving) gets the next frame
    this.dirty = false;
    const t0 = now();
    let slotCount = this.read(source, alpha);
    // A step published while the records were copied: read again, so `frame` is the
    // step the records hold (a callback reads a position and its frame number together).
    let shown = frame;
    for (let tries = 0; tries < 4; tries++) {
      const latest = source.getFrameNumber();
      if (latest === shown) break;
      shown = latest;
      slotCount = this.read(source, alpha);
    }
    this.readMs = now() - t0;
    this.targets.apply(this.records, slotCount, this.mapping, this.unpublished);
    const state = this.frameState;
    state.records = this.records;
    state.slotCount = slotCount;
    state.alpha = alpha;
    state.frame = shown;
    const callbacks = this.callbacks;
    for (let i = 0; i < callbacks.length; i++) callbacks[i]!(state);
    this.lastFrame = shown;
    this.lastAlpha = alpha;
    this.lastExact = alpha >= 1 || stats.movedCount === 0;
    this.workFrames++;
    this.onAfterFrame?.(stats);
    return true;
  }

  /** A body created since the newest step: shown where it was created (a rare, allocating read). */
  private readonly unpublished = (t: ElementTarget): void => {
    const source = this.source;
    const id = t.bodyId as BodyId;
    if (source === null || !source.isValidBody(id)) return;
    const p = source.getBodyPosition(id);
    writePose(t, p.x, p.y, source.getBodyAngle(id), this.mapping);
  };

  private read(source: FrameSource, alpha: number): number {
    const needed = source.getBodySlotCount() * BodyRecord.Size;
    if (this.records.length < needed) this.grow(needed);
    for (;;) {
      try {
        return alpha >= 1
          ? source.readBodyTransforms(this.records)
          : source.readInterpolatedBodyTransforms(this.records, alpha);
      } catch (error) {
        // The published frame can hold more slots than the mirror counted (a restore): grow and retry.
        if (!(error instanceof RangeError) || this.records.length > 1 << 28) throw error;
        this.grow(this.records.length * 2);
      }
    }
  }

  private grow(needed: number): void {
    let n = this.records.length;
    while (n < needed) n *= 2;
    this.records = new Float64Array(n);
  }
}
