/**
 * The world's host: the side that owns the real `World`, applies the client's commands in
 * order, steps (on its own fixed-step clock or on request), publishes each step's
 * transforms into the frame buffer and answers the reads that must ask it.
 *
 * It knows nothing of threads: the worker entries expose it through Comlink, and the
 * inline backend calls it directly in the main thread. Everything it returns is plain
 * data (or transferable buffers), so the two paths behave the same.
 */
import {
  type Capsule,
  createSolver,
  loadSolverKind,
  RollbackState,
  type SolverDescription,
  type SolverKind,
  type JointId,
  type QueryAABB,
  type QueryFilter,
  type QueryTransform,
  type RayHit,
  type ShapeCastHit,
  type ShapeId,
  type StepProfile,
  type Vec2,
  type WorldCounters,
} from '@impulse/core';
import { isWorldFeatureLoaded, loadWorldFeature, World, type WorldFeatureName } from '@impulse/core/host-kit';
import type {
  CharacterDef,
  EventInterest,
  HostInit,
  HostSink,
  HostUpdate,
  SolverThreads,
  WireRollbackState,
} from '../protocol/host_messages.js';
import type { HostInputs } from '../protocol/inputs.js';
import type { WireCommand, WireGeometry } from '../protocol/wire.js';
import { isCommandName } from '../protocol/world_methods.js';
import { Characters } from './characters.js';
import { collectStepEvents } from './events.js';
import { FrameWriter } from './frame_writer.js';
import { PersistentRays } from './persistent_rays.js';
import { reviveArgs, reviveGeometry } from './revive.js';
import { RingReader } from './ring_reader.js';
import type { HelperLease, HelperSource } from '../parallel/helper_source.js';

export class WorldHost implements HostInputs {
  private world: World | null = null;
  /** The solver helpers stepping the world with this thread, when solverWorkers > 1. */
  private executor: HelperLease | null = null;
  private ring: RingReader | null = null;
  private readonly rays = new PersistentRays();
  private readonly characters = new Characters();
  /** Command messages applied: input ring entries wait for the messages sent before them. */
  private messagesApplied = 0;
  private writer: FrameWriter | null = null;
  private sink: HostSink | null = null;
  private stepping: HostInit['stepping'] = 'manual';
  private timeStep = 1 / 60;
  private maxStepsPerTick = 4;
  private paused = false;
  private timeScale = 1;
  private snapshotEvery = 0;
  private simTime = 0;
  private stepMs = 0;
  private interest: EventInterest = { contact: false, body: false, joint: false };
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastTick = 0;
  private accumulator = 0;
  /** Steps taken back to back to catch up. */
  private burst = 0;
  private pending: HostUpdate = emptyUpdate();
  /** The helpers' attach under way (settled: resolved either way), or null. */
  private attaching: Promise<void> | null = null;
  /**
   * The load of a world feature's code under way (rollback: `saveState`, `loadState`; the
   * mover: `addCharacter`; snapshots: `snapshot`, `restore`, an init with `snapshotEvery`;
   * the queries: a query, `setRay`), or null. The world starts without that code (its worker does not load it at start); the
   * first call that needs it loads it, and calls that arrive meanwhile wait in order
   * (call_order.ts, which the entries put in front of the host).
   */
  loading: Promise<void> | null = null;
  /** The WebAssembly contact kernel's entry, once a world asked for it (PhysicsOptions.contactKernel). */
  private wasm: typeof import('@impulse/core/wasm') | null = null;

  /** `helpers`: where this thread gets solver helpers (none inline: it may not wait). */
  constructor(private readonly helpers: HelperSource | null = null) {}

  /**
   * Starts the world. With automatic snapshots (`snapshotEvery`), the snapshot code is
   * loaded first: the step takes them and never waits for a load.
   */
  init(init: HostInit, sink: HostSink | null): void | Promise<void> {
    const start = () => this.start(init, sink);
    // the WebAssembly contact kernel's entry is a chunk of its own, loaded only when the
    // world will run it; a failed load fails the init (the client's `ready`) when it was
    // asked for, and leaves the JS sweeps (the same bits) under 'auto'
    const kernel = () =>
      this.after(
        import('@impulse/core/wasm').then(
          (e) => (this.wasm = e),
          (error: unknown) => {
            if (init.contactKernel !== 'auto') throw error;
          },
        ),
        start,
      );
    const run = this.runsKernel(init) ? kernel : start;
    return init.snapshotEvery > 0 ? this.withFeature('snapshot', run) : run();
  }

  /** Threads the world steps on: helpers need a thread that may wait (none inline). */
  private threadsOf(init: HostInit): number {
    return this.helpers === null ? 1 : init.solverWorkers;
  }

  /**
   * Whether the world runs the WebAssembly contact kernel: asked for, or 'auto' where the
   * world's def names no kernel of its own (inline). With solver helpers its memory is a
   * shared one, and the helpers run its blocks on it (docs/parallel-step.md, "The kernel on
   * the helpers").
   */
  private runsKernel(init: HostInit): boolean {
    if (init.contactKernel === 'wasm') return true;
    return init.contactKernel === 'auto' && init.world.contactKernel === undefined;
  }

  private start(init: HostInit, sink: HostSink | null): void {
    const solver = init.solver === null ? null : createSolver(init.solver, 'init');
    const threads = this.threadsOf(init);
    // helpers view the hot stores: they must live on shared memory (the same bits)
    const def = {
      ...init.world,
      ...(solver === null ? {} : { solver }),
      // loaded only when it runs (runsKernel); on shared stores its memory is shared too
      ...(this.wasm && this.runsKernel(init) && { contactKernel: this.wasm.wasmContactKernel }),
      ...(threads > 1 ? { sharedMemory: true } : {}),
    };
    this.releaseHelpers();
    const world = new World(def);
    this.world = world;
    this.attaching = null;
    if (threads > 1 && this.helpers !== null) {
      // the executor's code loads now; until it is attached the world steps on this
      // thread, to the same bits (docs/parallel-step.md)
      this.attaching = this.helpers.attach(world, threads - 1, init).then(
        (lease) => {
          if (this.world === world) this.executor = lease;
          else lease.dispose();
        },
        (error: unknown) => {
          this.pending.error ??= `solverWorkers: ${error instanceof Error ? error.message : String(error)}`;
        },
      );
    }
    this.writer = new FrameWriter(init.frames);
    this.ring = init.ring ? new RingReader(init.ring, this) : null;
    this.sink = sink;
    this.stepping = init.stepping;
    this.timeStep = init.timeStep;
    this.maxStepsPerTick = init.maxStepsPerTick;
    this.timeScale = init.timeScale;
    this.paused = init.paused;
    this.snapshotEvery = init.snapshotEvery;
    this.publish();
    this.flushToSink();
    this.schedule();
  }

  /**
   * Applies a batch of commands in order. The client's mirror already accepted each one,
   * so a failure here means the two worlds disagree: it is reported, the command is
   * skipped (the core leaves the world as it was) and the rest of the batch goes on.
   */
  apply(batch: WireCommand[]): string | null {
    const world = this.requireWorld();
    let firstError = this.drainInputs();
    this.messagesApplied++;
    for (const [name, args] of batch) {
      try {
        if (!isCommandName(name)) throw new TypeError(`apply: unknown command ${String(name)}`);
        const method = world[name] as (...a: unknown[]) => unknown;
        method.apply(world, reviveArgs(name, args as unknown[]));
      } catch (error) {
        firstError ??= error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      }
    }
    return firstError;
  }

  /** Loads a kind of solver's module in this thread (before `init` or `setSolver` names it). */
  loadSolverKind(kind: SolverKind): Promise<void> {
    return loadSolverKind(kind);
  }

  /**
   * Switches the world's solver between steps, in order with the commands (the client's
   * mirror accepted the same switch); the kind's module is loaded (`loadSolverKind`).
   */
  setSolver(solver: SolverDescription | null): void {
    this.requireWorld().setSolver(solver === null ? null : createSolver(solver, 'setSolver'));
  }

  /** Manual stepping: takes `count` steps, publishing each, and returns what the client must learn. */
  step(count: number): HostUpdate {
    for (let i = 0; i < count; i++) this.stepOnce();
    return this.takePending();
  }

  /**
   * Registers (or replaces) persistent ray `slot`; it is cast after every step from now on
   * (the queries' code is loaded first).
   */
  setRay(
    slot: number,
    id: number,
    origin: Vec2,
    translation: Vec2,
    filter: Partial<QueryFilter> | null,
  ): void | Promise<void> {
    return this.withFeature('queries', () =>
      this.rays.set(slot, id, origin.x, origin.y, translation.x, translation.y, filter),
    );
  }

  moveRay(slot: number, origin: Vec2, translation: Vec2): void {
    this.rays.move(slot, origin.x, origin.y, translation.x, translation.y);
  }

  removeRay(slot: number): void {
    this.rays.remove(slot);
  }

  /** Adds character `slot` (its def's capsule as a wire geometry); the mover's code is loaded first. */
  addCharacter(slot: number, id: number, def: CharacterDef & { capsule: unknown }): void | Promise<void> {
    return this.withFeature('mover', () => {
      const capsule = reviveGeometry(def.capsule as WireGeometry);
      this.characters.add(this.requireWorld(), slot, id, { ...def, capsule: capsule as Capsule });
    });
  }

  removeCharacter(slot: number): void {
    this.characters.remove(slot);
  }

  setCharacterVelocity(slot: number, velocity: Vec2): void {
    this.characters.setVelocity(slot, velocity.x, velocity.y);
  }

  setCharacterPosition(slot: number, position: Vec2): void {
    this.characters.setPosition(slot, position.x, position.y);
  }

  setPaused(paused: boolean): void {
    this.paused = paused;
    this.lastTick = performance.now();
    this.accumulator = 0;
    this.schedule();
  }

  setTimeScale(scale: number): void {
    this.timeScale = scale;
  }

  setTimeStep(dt: number): void {
    this.timeStep = dt;
  }

  /** Debug drawing: publish the touching contact points with every frame. */
  setDebugContacts(on: boolean): void {
    if (this.writer) this.writer.debugContacts = on;
  }

  setEventInterest(interest: EventInterest): void {
    this.interest = interest;
  }

  stateHash(): number {
    this.drainInputs();
    return this.requireWorld().stateHash();
  }

  /** Answered once the helpers asked for at init are attached (or failed to be). */
  async solverThreads(): Promise<SolverThreads> {
    await this.attaching;
    return {
      ...(this.executor?.solverThreads() ?? {
        threads: 1,
        readyHelpers: 0,
        sharedStages: 0,
        threadsInUse: 1,
        measuredSpeedUp: 0,
      }),
      contactKernel: this.wasm?.contactKernelOf(this.requireWorld()) ?? 'js',
    };
  }

  /** The world's snapshot (its code loaded first). */
  snapshot(): Uint8Array | Promise<Uint8Array> {
    return this.withFeature('snapshot', () => {
      this.drainInputs();
      return this.requireWorld().snapshot();
    });
  }

  /** Restores a snapshot and publishes the restored poses at once (its code loaded first). */
  restore(bytes: Uint8Array): HostUpdate | Promise<HostUpdate> {
    return this.withFeature('snapshot', () => {
      this.drainInputs();
      this.requireWorld().restore(bytes);
      this.publish();
      return this.takePending();
    });
  }

  /**
   * The compact rollback state (the core's RollbackState), as plain arrays that cross
   * threads; answered once rollback's code is loaded.
   */
  saveState(): WireRollbackState | Promise<WireRollbackState> {
    return this.withFeature('rollback', () => {
      this.drainInputs();
      const state = this.requireWorld().saveState();
      return { f: state.f.slice(0, state.fCount), b: state.b.slice(0, state.bCount) };
    });
  }

  /** Loads a compact state and publishes the loaded poses at once (rollback's code loaded first). */
  loadState(wire: WireRollbackState): HostUpdate | Promise<HostUpdate> {
    return this.withFeature('rollback', () => {
      this.drainInputs();
      const state = new RollbackState();
      state.f = wire.f;
      state.b = wire.b;
      state.fCount = wire.f.length;
      state.bCount = wire.b.length;
      this.requireWorld().loadState(state);
      this.publish();
      return this.takePending();
    });
  }

  getJointState(jointId: JointId): ReturnType<World['getJointState']> {
    return this.requireWorld().getJointState(jointId);
  }

  getJointConstraintForce(jointId: JointId): Vec2 {
    return this.requireWorld().getJointConstraintForce(jointId);
  }

  getJointConstraintTorque(jointId: JointId): number {
    return this.requireWorld().getJointConstraintTorque(jointId);
  }

  isJointEnabled(jointId: JointId): boolean {
    return this.requireWorld().isJointEnabled(jointId);
  }

  getProfile(): StepProfile {
    return this.requireWorld().getProfile();
  }

  getCounters(): WorldCounters {
    return this.requireWorld().getCounters();
  }

  // The queries: their code is loaded on the first one (`withFeature`).

  castRayClosest(
    origin: Vec2,
    translation: Vec2,
    filter?: Partial<QueryFilter>,
  ): RayHit | null | Promise<RayHit | null> {
    return this.withFeature('queries', () => this.requireWorld().castRayClosest(origin, translation, filter));
  }

  castRayAll(origin: Vec2, translation: Vec2, filter?: Partial<QueryFilter>): RayHit[] | Promise<RayHit[]> {
    return this.withFeature('queries', () => this.requireWorld().castRayAll(origin, translation, filter));
  }

  castRayAny(
    origin: Vec2,
    translation: Vec2,
    filter?: Partial<QueryFilter>,
  ): RayHit | null | Promise<RayHit | null> {
    return this.withFeature('queries', () => this.requireWorld().castRayAny(origin, translation, filter));
  }

  castShape(
    geometry: WireGeometry,
    transform: QueryTransform,
    translation: Vec2,
    filter?: Partial<QueryFilter>,
  ): ShapeCastHit | null | Promise<ShapeCastHit | null> {
    return this.withFeature('queries', () =>
      this.requireWorld().castShape(queryGeometry(geometry), transform, translation, filter),
    );
  }

  overlapAABB(aabb: QueryAABB, filter?: Partial<QueryFilter>): ShapeId[] | Promise<ShapeId[]> {
    return this.withFeature('queries', () => this.requireWorld().overlapAABB(aabb, filter));
  }

  overlapPoint(point: Vec2, filter?: Partial<QueryFilter>): ShapeId[] | Promise<ShapeId[]> {
    return this.withFeature('queries', () => this.requireWorld().overlapPoint(point, filter));
  }

  overlapShape(
    geometry: WireGeometry,
    transform: QueryTransform,
    filter?: Partial<QueryFilter>,
  ): ShapeId[] | Promise<ShapeId[]> {
    return this.withFeature('queries', () =>
      this.requireWorld().overlapShape(queryGeometry(geometry), transform, filter),
    );
  }

  dispose(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.releaseHelpers();
    this.world = null;
  }

  /**
   * Runs `run` now when the feature's code is loaded; else loads it (`loading` meanwhile)
   * and runs it then, its result or error the same as if it had been loaded.
   */
  private withFeature<T>(name: WorldFeatureName, run: () => T): T | Promise<T> {
    return isWorldFeatureLoaded(name) ? run() : this.after(loadWorldFeature(name), run);
  }

  /** Runs `run` once `loading` resolved, holding the calls that arrive meanwhile (`loading`). */
  private after<T>(loading: Promise<unknown>, run: () => T): Promise<T> {
    const settled = loading.then(
      () => undefined,
      () => undefined,
    );
    this.loading = settled;
    void settled.then(() => {
      if (this.loading === settled) this.loading = null;
    });
    return loading.then(run);
  }

  private releaseHelpers(): void {
    this.executor?.dispose();
    this.executor = null;
  }

  // ------------------------------------------------------------------ stepping

  /** Applies the input ring's entries that are due (see protocol/command_ring.ts). */
  private drainInputs(): string | null {
    if (this.ring === null || this.world === null) return null;
    return this.ring.drain(this.world, this.messagesApplied);
  }

  private stepOnce(): void {
    const world = this.requireWorld();
    const inputError = this.drainInputs();
    if (inputError) this.pending.error ??= inputError;
    this.characters.move(world, this.timeStep);
    const start = performance.now();
    world.step(this.timeStep);
    this.stepMs = performance.now() - start;
    this.simTime += this.timeStep;
    // Once per step: counting touching contacts walks every contact.
    const counters = world.getCounters();
    if (this.snapshotEvery > 0 && counters.stepCount % this.snapshotEvery === 0) {
      this.pending.snapshot = world.snapshot();
    }
    const events = collectStepEvents(world, this.interest, counters.stepCount);
    if (events) {
      if (this.pending.events) this.pending.events.push(events);
      else this.pending.events = [events];
    }
    this.publish(counters);
  }

  private publish(counters: WorldCounters = this.requireWorld().getCounters()): void {
    const world = this.requireWorld();
    this.rays.evaluate(world);
    const out = this.writer!.publish(
      world,
      {
        counters,
        profile: world.getProfile(),
        simTime: this.simTime,
        timeStep: this.timeStep,
        stepMs: this.stepMs,
        paused: this.paused,
        timeScale: this.timeScale,
      },
      this.rays,
      this.characters,
    );
    if (out.grown) this.pending.grown = out.grown;
    // only the newest frame matters to the reader: it replaces an older one not yet sent
    if (out.frame) this.pending.frame = out.frame;
  }

  /** Realtime stepping: a fixed-step accumulator on the host's own clock. */
  private schedule(): void {
    if (this.stepping !== 'realtime' || this.world === null) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.paused) return;
    this.lastTick = performance.now();
    this.timer = setTimeout(this.tick, 0);
  }

  /**
   * One step per task, so commands that arrived meanwhile are applied before the next
   * step (a burst of catch-up steps in one task would delay them by the whole burst).
   * Behind by more than `maxStepsPerTick` steps in a row, the rest of the lag is dropped
   * rather than letting a slow world spiral.
   */
  private readonly tick = (): void => {
    this.timer = null;
    if (this.world === null || this.paused) return;
    const now = performance.now();
    this.accumulator += ((now - this.lastTick) / 1000) * this.timeScale;
    this.lastTick = now;
    if (this.accumulator >= this.timeStep) {
      this.stepOnce();
      this.accumulator -= this.timeStep;
      this.burst++;
      if (this.burst >= this.maxStepsPerTick && this.accumulator >= this.timeStep) this.accumulator = 0;
      this.flushToSink();
    }
    if (this.accumulator >= this.timeStep) {
      this.timer = setTimeout(this.tick, 0);
      return;
    }
    this.burst = 0;
    const wait = ((this.timeStep - this.accumulator) * 1000) / Math.max(this.timeScale, 1e-6);
    this.timer = setTimeout(this.tick, wait);
  };

  private flushToSink(): void {
    const p = this.pending;
    if (this.sink && (p.frame || p.grown || p.events || p.snapshot || p.error))
      this.sink.update(this.takePending());
  }

  private takePending(): HostUpdate {
    const p = this.pending;
    this.pending = emptyUpdate();
    return p;
  }

  private requireWorld(): World {
    if (this.world === null) throw new Error('The physics world is not initialised or was disposed');
    return this.world;
  }
}

function emptyUpdate(): HostUpdate {
  return { frame: null, grown: null, events: null, snapshot: null, error: null };
}

function queryGeometry(g: WireGeometry) {
  const revived = reviveGeometry(g);
  if (g.kind === 'segment') throw new TypeError('castShape: geometry must be a circle, capsule or polygon');
  return revived as Exclude<ReturnType<typeof reviveGeometry>, import('@impulse/core').Segment>;
}
