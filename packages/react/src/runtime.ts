/**
 * One `<Physics>`'s world and everything that serves it, free of React: the client (a
 * worker, inline, or the caller's), the frame loop, the event router, the stats store and
 * the world → screen mapping. `<Physics>` makes one and hands it down in a context; the
 * hooks only call it.
 *
 * The client is created lazily by whoever needs it first. React runs child effects before
 * parent effects, so a body's effect may ask for the world before `<Physics>`' own effect
 * runs; StrictMode's remount then releases the world (owned clients are disposed) and the
 * next effect creates a fresh one. Handles keep the client they created their objects in,
 * and skip destroying into a client that was disposed already.
 */
import type { BodyId, SolverDescription, Vec2, WorldDef } from '@impulse/core';
import {
  type ContactKernelOption,
  createInlinePhysics,
  createPhysicsWorker,
  type PhysicsClient,
  type Stepping,
} from '@impulse/worker';
import { EventRouter } from './contact_router.js';
import { DEFAULT_DRAG, DragController, type DragOptions, type DragProps } from './drag.js';
import { FrameLoop, type FrameScheduler } from './frame_loop.js';
import { Lifetime } from './lifetime.js';
import { checkMapping, createMapping, type ScreenMapping } from './screen.js';
import { createStatsStore, publishStats, type StatsStore } from './stats_store.js';

export type Backend = 'worker' | 'inline';

/** World settings that setters change on a live world. */
export type SolverSettings = Partial<
  Omit<WorldDef, 'gravity' | 'subSteps' | 'frictionMixer' | 'restitutionMixer' | 'solver' | 'contactKernel'>
>;

/** What a runtime is made from; changing one of these makes a new world. */
export interface RuntimeConfig {
  backend: Backend;
  /** The caller's client: used as is, never disposed. */
  client: PhysicsClient | null;
  stepping: Stepping;
  timeStep: number;
  maxStepsPerTick: number | undefined;
  /** Threads stepping a worker's world (the worker's own default when undefined). */
  solverWorkers?: number | undefined;
  /** Who runs the contact sweeps (`createPhysicsWorker({ contactKernel })`); undefined: the worker's default, 'auto'. */
  contactKernel?: ContactKernelOption | undefined;
  worker: (() => Worker) | undefined;
  /** The world's definition at creation (gravity, sub-steps, settings, mixers inline). */
  world: Partial<WorldDef>;
  paused: boolean;
  timeScale: number;
  /** The constraint solver a new world starts with (then live: `LiveSettings.solver`). */
  solver: SolverDescription | null;
}

/** What `<Physics>` changes on a live world without recreating it. */
export interface LiveSettings {
  gravity: Vec2 | undefined;
  subSteps: number | undefined;
  settings: SolverSettings | undefined;
  /** Undefined: the soft step, or, for the caller's client, whatever solver it has. */
  solver: SolverDescription | null | undefined;
  paused: boolean;
  timeScale: number;
  interpolate: boolean;
  scale: number;
  origin: Vec2;
  flipY: boolean;
  debug: boolean;
  draggable: boolean;
  drag: Partial<DragOptions> | undefined;
}

/** The stats store is refreshed at most this often (ms): a panel needs no more. */
const STATS_INTERVAL_MS = 200;

export class PhysicsRuntime {
  readonly mapping: ScreenMapping = createMapping();
  readonly loop = new FrameLoop(this.mapping);
  readonly events = new EventRouter();
  readonly stats: StatsStore = createStatsStore();
  readonly dragger = new DragController(this);
  /** Bodies can be dragged unless they say otherwise (`<Physics draggable>`). */
  draggable = false;
  /** How a grab feels (`<Physics dragOptions>`). */
  drag: DragOptions = { ...DEFAULT_DRAG };
  readonly config: RuntimeConfig;
  private readonly world: Lifetime<PhysicsClient>;
  private ground: { client: PhysicsClient; id: BodyId } | null = null;
  /** Bodies of ours a hook made (a point spring's anchor): counted by ownBodyCount. */
  private readonly ownBodies = new Set<{ readonly id: BodyId | null }>();
  private lastStats = Number.NEGATIVE_INFINITY;
  private warnedNoWorker = false;
  private applied: { client: PhysicsClient; settings: LiveSettings } | null = null;
  /** The solver prop: what a new world starts with, and what the live one is switched to. */
  private solver: SolverDescription | null;
  /** The solver last asked of a world (at creation or by setSolver): a prop equal to it asks nothing. */
  private solverAsked: { client: PhysicsClient; solver: SolverDescription | null } | null = null;
  /** Between start() and stop(): the `<Physics>` is mounted. */
  private running = false;
  /** stop() ran at least once (an unmount, or StrictMode's, which a start follows at once). */
  private stopped = false;

  constructor(config: RuntimeConfig) {
    this.config = config;
    this.solver = config.solver;
    this.world = new Lifetime(
      () => this.createClient(),
      (client) => {
        if (client !== config.client) client.dispose();
      },
    );
    this.loop.onAfterFrame = (stats) => {
      const now = typeof performance !== 'undefined' ? performance.now() : Date.now();
      if (now - this.lastStats < STATS_INTERVAL_MS) return;
      this.lastStats = now;
      publishStats(this.stats, stats);
    };
  }

  /** The world's client, created if it does not exist yet. */
  get client(): PhysicsClient {
    return this.world.acquire();
  }

  /** The client if the world exists, without creating one. */
  peekClient(): PhysicsClient | undefined {
    return this.world.peek();
  }

  /** Starts serving: creates the world if needed, attaches events and starts the frame loop. */
  start(scheduler?: FrameScheduler | null): void {
    this.running = true;
    const client = this.client;
    this.loop.setSource(client);
    this.events.attach(client);
    this.stats.setState({ paused: client.isPaused() });
    this.loop.start(scheduler === undefined ? undefined : scheduler);
  }

  /** Stops the loop and releases the world (disposing it unless it is the caller's). */
  stop(): void {
    this.running = false;
    this.stopped = true;
    this.dragger.releaseAll();
    this.loop.stop();
    this.loop.setSource(null);
    this.events.detach();
    // A caller's client outlives us: take our ground body out of it (the joints on it go too).
    const g = this.ground;
    if (g && !g.client.isDisposed() && g.client.isValidBody(g.id)) g.client.destroyBody(g.id);
    this.ground = null;
    this.world.release();
  }

  /**
   * Manual stepping: takes `count` steps, then shows them (one frame's work, now).
   *
   * Asked of a world that is disposed before it answers (StrictMode's first mount, whose
   * world the remount replaces), it steps the world that lives on instead: a step asked
   * right after mount is never lost, and never hangs.
   */
  async step(count = 1): Promise<void> {
    const client = await this.onLiveWorld('step', (c) => c.step(count));
    if (client !== this.peekClient()) return;
    this.loop.invalidate();
    this.loop.tick();
    this.lastStats = Number.NEGATIVE_INFINITY;
    publishStats(this.stats, client.getStats());
  }

  /** Resolves once the world that lives on (past StrictMode's remount) is ready to answer. */
  async ready(): Promise<void> {
    await this.onLiveWorld('ready', (c) => c.ready);
  }

  /** Runs `call` on the current world; if that world is disposed meanwhile while this `<Physics>` lives on, on the next. */
  private async onLiveWorld(
    method: string,
    call: (client: PhysicsClient) => Promise<void>,
  ): Promise<PhysicsClient> {
    for (;;) {
      // After an unmount, asking for the client would make a world nobody disposes.
      if (this.stopped && !this.running)
        throw new Error(`usePhysics().${method}: the <Physics> is unmounted`);
      const client = this.client;
      try {
        await call(client);
        return client;
      } catch (error) {
        if (!client.isDisposed() || client === this.config.client) throw error;
        // Its world was released; a remount has made (or will make) the next one.
        if (!this.running) {
          throw new Error(`usePhysics().${method}: the <Physics> was unmounted before it answered`);
        }
      }
    }
  }

  setPaused(paused: boolean): void {
    const client = this.client;
    if (client.isPaused() !== paused) client.setPaused(paused);
    this.stats.setState({ paused });
  }

  /**
   * Applies the live settings (from `<Physics>`' props) that differ from what this world
   * already has: a new world (a remount) gets all of them.
   */
  applyLive(s: LiveSettings): void {
    checkMapping(s.scale, s.origin);
    const m = this.mapping;
    if (m.scale !== s.scale || m.originX !== s.origin.x || m.originY !== s.origin.y || m.flipY !== s.flipY) {
      m.scale = s.scale;
      m.originX = s.origin.x;
      m.originY = s.origin.y;
      m.flipY = s.flipY;
      this.loop.invalidate();
    }
    if (this.loop.interpolate !== s.interpolate) {
      this.loop.interpolate = s.interpolate;
      this.loop.invalidate();
    }
    if (this.draggable !== s.draggable) {
      this.draggable = s.draggable;
      for (const watcher of this.draggableWatchers) watcher();
    }
    this.drag = { ...DEFAULT_DRAG, ...s.drag };
    const solver = s.solver ?? null;
    this.solver = solver; // before the world is made below, which then starts with it
    const client = this.client;
    const asked = this.solverAsked;
    const leave = s.solver === undefined && client === this.config.client;
    if (!leave && !(asked?.client === client && sameSolver(asked.solver, solver))) {
      this.solverAsked = { client, solver };
      // A bad shape throws here; a setting the factory rejects (known once the kind's module
      // is loaded) is logged, and the world keeps its solver.
      client.setSolver(solver).catch((error: unknown) => {
        if (!client.isDisposed()) console.error(error);
      });
    }
    const prev = this.applied?.client === client ? this.applied.settings : null;
    if (s.gravity && !(prev?.gravity && sameVec(prev.gravity, s.gravity))) client.setGravity(s.gravity);
    if (s.subSteps !== undefined && prev?.subSteps !== s.subSteps)
      client.setSettings({ subSteps: s.subSteps });
    if (s.settings && !(prev?.settings && sameSettings(prev.settings, s.settings)))
      client.setSettings(s.settings);
    // Only a change of the prop pauses or resumes: `usePhysics().setPaused` is not undone by a render.
    if ((prev === null || prev.paused !== s.paused) && client.isPaused() !== s.paused)
      client.setPaused(s.paused);
    if (prev ? prev.timeScale !== s.timeScale : s.timeScale !== 1) client.setTimeScale(s.timeScale);
    this.applied = { client, settings: s };
    const state = this.stats.getState();
    const paused = client.isPaused();
    if (state.paused !== paused || state.debug !== s.debug) this.stats.setState({ paused, debug: s.debug });
  }

  private readonly draggableWatchers = new Set<() => void>();

  /** Calls `watcher` when the world-wide draggable default changes. Returns the unwatch. */
  watchDraggable(watcher: () => void): () => void {
    this.draggableWatchers.add(watcher);
    return () => this.draggableWatchers.delete(watcher);
  }

  /** The drag props of a body's component (DragHost). */
  dragProps(body: BodyId): DragProps | undefined {
    return this.events.sink(body)?.dragProps?.();
  }

  /** A static body with no shapes at the world origin: the other end of point anchors and drags. */
  groundBody(): BodyId {
    const client = this.client;
    const g = this.ground;
    if (g && g.client === client && client.isValidBody(g.id)) return g.id;
    const id = client.createBody({ userData: 'impulse:ground' });
    this.ground = { client, id };
    return id;
  }

  /**
   * The world's bodies that are ours, not the app's: the ground (made when a world-anchored
   * joint or a drag first needs it) and each point spring's anchor.
   */
  ownBodyCount(): number {
    const client = this.peekClient();
    if (client === undefined || client.isDisposed()) return 0;
    const g = this.ground;
    let n = g !== null && g.client === client && client.isValidBody(g.id) ? 1 : 0;
    for (const b of this.ownBodies) if (b.id !== null && client.isValidBody(b.id)) n++;
    return n;
  }

  /** Counts `body` among ownBodyCount's until the returned function is called. */
  claimOwnBody(body: { readonly id: BodyId | null }): () => void {
    this.ownBodies.add(body);
    return () => this.ownBodies.delete(body);
  }

  private createClient(): PhysicsClient {
    this.applied = null;
    const c = this.config;
    if (c.client) {
      if (c.client.isDisposed()) throw new Error('<Physics client>: the client passed in was disposed');
      this.solverAsked = { client: c.client, solver: c.client.getSolver() };
      return c.client;
    }
    const client = this.createOwnClient();
    this.solverAsked = { client, solver: this.solver };
    return client;
  }

  private createOwnClient(): PhysicsClient {
    const c = this.config;
    const options = {
      world: c.world,
      stepping: c.stepping,
      timeStep: c.timeStep,
      paused: c.paused,
      timeScale: c.timeScale,
      solver: this.solver,
      ...(c.maxStepsPerTick === undefined ? {} : { maxStepsPerTick: c.maxStepsPerTick }),
      ...(c.contactKernel === undefined ? {} : { contactKernel: c.contactKernel }),
    };
    // inline, the world steps on one thread (<Physics> let only 1 through for 'inline')
    if (c.backend === 'inline') return createInlinePhysics(options);
    if (c.worker === undefined && typeof Worker === 'undefined') {
      // No Web Worker here (a test environment, an old runtime): the same world, inline.
      if (!this.warnedNoWorker) {
        this.warnedNoWorker = true;
        console.warn('@impulse/react: Web Workers are not available here; <Physics> runs the world inline');
      }
      return createInlinePhysics(options);
    }
    return createPhysicsWorker({
      ...options,
      ...(c.worker === undefined ? {} : { worker: c.worker }),
      ...(c.solverWorkers === undefined ? {} : { solverWorkers: c.solverWorkers }),
    });
  }
}

function sameVec(a: Readonly<Vec2>, b: Readonly<Vec2>): boolean {
  return a.x === b.x && a.y === b.y;
}

/** Two descriptions (or null) with the same kind and settings, made inline or not. */
function sameSolver(a: SolverDescription | null, b: SolverDescription | null): boolean {
  if (a === null || b === null) return a === b;
  const keys = Object.keys(a) as (keyof SolverDescription)[];
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

function sameSettings(a: SolverSettings, b: SolverSettings): boolean {
  const keys = Object.keys(a) as (keyof SolverSettings)[];
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => a[k] === b[k]);
}
