/**
 * The main thread's client: the core `World`'s API over a world that lives elsewhere. The
 * class is the public façade; each concern lives in its own module beside it:
 *
 * - commands, per-frame inputs, mirror reads and host reads follow from the table of World
 *   methods (protocol/world_methods.ts; installed by world_methods.ts): a command is first
 *   called on a mirror of the world's structure in this thread (mirror.ts), which checks
 *   it with the core's validation (bad input throws here, with the core's message, and
 *   nothing is sent) and returns the ids, which are the host's ids too: both receive the
 *   same calls in the same order and allocate ids with the core's pools, and the step
 *   never creates or frees a body, shape or joint (a broken joint stays, disabled). The
 *   mirror is never stepped, and the main thread ships no solver: only a restored snapshot
 *   loads the whole core (a `World` then serves as the mirror).
 * - host_link.ts: the backend, one message per task for the calls made in it, the input
 *   ring, replies raced against the loss of the host;
 * - frame_reads.ts, stats.ts: poses, velocities and statistics from the frame the host
 *   publishes after each step (shared memory, or the last transferred frame), no message;
 * - persistent_rays.ts, characters.ts, events.ts: the host-run rays and characters, and
 *   the listeners.
 *
 * The same client drives a worker (createPhysicsWorker, createNodePhysicsWorker) or a
 * host in this thread (createInlinePhysics): one code path, one behaviour.
 */
import type { World } from '@impulse/core';
import {
  BodyRecord,
  type BodyEvents,
  type BodyId,
  type ContactEvents,
  ContactPointRecord,
  type JointEvents,
  type QueryAABB,
  type QueryFilter,
  RollbackState,
  type ShapeId,
  type SolverDescription,
  type Vec2,
} from '@impulse/core/contract';
import type { CharacterDef, HostUpdate, SolverThreads } from '../protocol/host_messages.js';
import type { InputMethod } from '../protocol/inputs.js';
import type { MethodsRouted } from '../protocol/world_methods.js';
import type { BackendFactory, Transport } from './backend.js';
import { ClientCharacters, type CharacterStateView } from './characters.js';
import type { ClientContext } from './context.js';
import { disposalSymbols } from './disposal.js';
import { ClientEvents, type Listener, newListeners } from './events.js';
import { FrameReads } from './frame_reads.js';
import { HostLink } from './host_link.js';
import { createMirror, restoredMirror } from './mirror.js';
import type { ResolvedOptions } from './options.js';
import { ClientRays, type PersistentRayHit } from './persistent_rays.js';
import { ClientSolver } from './solver.js';
import { FrameStats, type PhysicsStats } from './stats.js';
import { type ClientInternals, type HostAsks, installWorldMethods } from './world_methods.js';

export type { Transport } from './backend.js';
export type { CharacterStateView } from './characters.js';
export type { PersistentRayHit } from './persistent_rays.js';
export type { PhysicsStats } from './stats.js';

const disposal = disposalSymbols();

class PhysicsClientBase {
  /** The transport in use: shared memory, frames sent by message, or the same thread. */
  readonly transport: Transport;
  /** Resolves once the host has its world (commands made before are queued, not lost). */
  ready: Promise<void>;

  private readonly ctx: ClientContext;
  private readonly reads: FrameReads;
  private readonly stats: FrameStats;
  private readonly rays: ClientRays;
  private readonly characters: ClientCharacters;
  private readonly events: ClientEvents;
  private readonly solver: ClientSolver;
  /** Kept here (the events module works on them) so a test can see what is subscribed. */
  private readonly listeners = newListeners();
  private paused: boolean;
  private timeScale: number;
  private debugContacts = false;
  /** The newest snapshot the host sent on its own (option `snapshotEvery`), for `restart()`. */
  private lastSnapshot: Uint8Array | null = null;

  constructor(makeBackend: BackendFactory, options: ResolvedOptions) {
    this.paused = options.paused;
    this.timeScale = options.timeScale;
    this.events = new ClientEvents(this.listeners, () => this.ctx.link);
    const link = new HostLink(
      makeBackend,
      (error) => this.events.report(error),
      (update) => this.receive(update),
    );
    this.ctx = { mirror: createMirror(options.world), link, options };
    this.transport = link.transport;
    this.reads = new FrameReads(this.ctx);
    this.stats = new FrameStats(this.ctx);
    this.rays = new ClientRays(this.ctx);
    this.characters = new ClientCharacters(this.ctx);
    this.solver = new ClientSolver(this.ctx, (error) => this.events.report(error));
    this.ready = this.connect(false);
  }

  /** Starts the host (a new one when `replace`) and gives it what this client set up. */
  private connect(replace: boolean): Promise<void> {
    const o = this.ctx.options;
    const start = this.solver.start({ ...o, paused: this.paused, timeScale: this.timeScale });
    const ready = this.ctx.link.connect(start, replace);
    this.events.resend();
    this.rays.resend();
    if (this.debugContacts) void this.ctx.link.port.setDebugContacts(true);
    this.characters.resend();
    return ready;
  }

  private receive(update: HostUpdate): void {
    if (update.snapshot) this.lastSnapshot = update.snapshot;
    if (update.events) for (const e of update.events) this.events.deliver(e);
    if (update.error) this.events.report(new Error(update.error));
  }

  /**
   * Replaces a crashed (or any) host with a new one, restored from `snapshot` or, by
   * default, from the newest automatic snapshot (option `snapshotEvery`); with neither,
   * the world starts empty. Commands made since that snapshot belong to the lost world
   * and are dropped; ids, transforms and listeners carry on from the snapshot.
   */
  async restart(snapshot: Uint8Array | null = this.lastSnapshot): Promise<void> {
    this.ctx.mirror =
      snapshot !== null
        ? await restoredMirror(this.ctx.mirror, snapshot) // checks the bytes before anything stops
        : createMirror(this.ctx.options.world);
    this.ready = this.connect(true);
    await this.ready;
    if (snapshot !== null)
      this.ctx.link.receive(await this.ctx.link.request((port) => port.restore(snapshot)));
  }

  /** Sends the queued commands now and resolves once the host has applied them. */
  async flush(): Promise<void> {
    await this.ctx.link.request((port) => port.stateHash());
  }

  // ------------------------------------------------------------------ solver

  /**
   * Switches the constraint solver between steps: a description such as `{ kind: 'xpbd',
   * subSteps: 8 }` (docs/solvers.md), or null for the soft step. A bad shape throws here;
   * the kind's module is then loaded (in the worker and here), and the promise rejects,
   * changing nothing, on a setting the kind's factory rejects or a joint the solver cannot
   * solve. Resolves once the world steps with the new solver; commands made before this
   * call are applied under the old one.
   */
  setSolver(solver: SolverDescription | null): Promise<void> {
    return this.solver.set(solver);
  }

  /** The solver set (by the option `solver` or `setSolver`), as its description; null: the soft step. */
  getSolver(): SolverDescription | null {
    return this.solver.current;
  }

  // ------------------------------------------------------------------ stepping

  /** Manual stepping: takes `count` fixed steps; resolves once their transforms are readable. */
  async step(count = 1): Promise<void> {
    if (!Number.isInteger(count) || count < 0) {
      throw new RangeError(`step: count must be a whole number >= 0, got ${String(count)}`);
    }
    if (this.ctx.options.stepping !== 'manual') {
      throw new Error("step: the world steps in realtime; create it with stepping: 'manual' to step by hand");
    }
    const link = this.ctx.link;
    link.receive(await link.request((port) => port.step(count)));
  }

  /** Pauses or resumes realtime stepping. */
  setPaused(paused: boolean): void {
    this.paused = paused;
    this.ctx.link.post((port) => port.setPaused(paused));
  }

  isPaused(): boolean {
    return this.paused;
  }

  /** Simulated seconds per real second (realtime stepping), in [0, 100]. */
  setTimeScale(scale: number): void {
    if (!(scale >= 0 && scale <= 100))
      throw new RangeError(`setTimeScale: scale must be in [0, 100], got ${scale}`);
    this.timeScale = scale;
    void this.ctx.link.port.setTimeScale(scale);
  }

  // ------------------------------------------------------------------ reads from the frame

  /** World position of the body origin at the newest published step. */
  getBodyPosition(bodyId: BodyId): Vec2 {
    return this.reads.getBodyPosition(bodyId);
  }

  getBodyRotation(bodyId: BodyId): { c: number; s: number } {
    return this.reads.getBodyRotation(bodyId);
  }

  /** Body angle in (-pi, pi]. */
  getBodyAngle(bodyId: BodyId): number {
    return this.reads.getBodyAngle(bodyId);
  }

  /**
   * The shape's bounding box at the newest published step, from its geometry and the
   * body's published pose (the core computes its boxes the same way after a step).
   */
  getShapeAABB(shapeId: ShapeId): QueryAABB {
    return this.reads.getShapeAABB(shapeId);
  }

  /** World center of mass at the newest published step (from its pose and local center). */
  getBodyWorldCenter(bodyId: BodyId): Vec2 {
    return this.reads.getBodyWorldCenter(bodyId);
  }

  /** A point of the body's frame in world coordinates, at the newest published step. */
  getBodyWorldPoint(bodyId: BodyId, localPoint: Vec2): Vec2 {
    return this.reads.getBodyWorldPoint(bodyId, localPoint);
  }

  /** A world point in the body's frame, at the newest published step. */
  getBodyLocalPoint(bodyId: BodyId, worldPoint: Vec2): Vec2 {
    return this.reads.getBodyLocalPoint(bodyId, worldPoint);
  }

  getBodyLinearVelocity(bodyId: BodyId): Vec2 {
    return this.reads.getBodyLinearVelocity(bodyId);
  }

  getBodyAngularVelocity(bodyId: BodyId): number {
    return this.reads.getBodyAngularVelocity(bodyId);
  }

  isBodyAwake(bodyId: BodyId): boolean {
    return this.reads.isBodyAwake(bodyId);
  }

  /**
   * Copies every body slot of the newest published step into `out`, as
   * `World.readBodyTransforms` does (BodyRecord fields, `stride` apart from `offset`).
   * Returns the slot count (0 before the first step is published). Allocates nothing.
   */
  readBodyTransforms(out: Float64Array, stride: number = BodyRecord.Size, offset = 0): number {
    return this.reads.readBodyTransforms(out, stride, offset, 1);
  }

  /**
   * Like `readBodyTransforms`, with each pose blended between the two newest steps:
   * `alpha` 0 is the previous step, 1 the newest. By default the alpha that shows the
   * world one step behind real time, smoothly (see `getInterpolationAlpha`).
   */
  readInterpolatedBodyTransforms(
    out: Float64Array,
    alpha: number = this.getInterpolationAlpha(),
    stride: number = BodyRecord.Size,
    offset = 0,
  ): number {
    return this.reads.readBodyTransforms(out, stride, offset, alpha);
  }

  /**
   * Debug drawing: from the next step on, every published frame carries the touching
   * contact points (off by default; it costs a copy per point per step).
   */
  setDebugContacts(on: boolean): void {
    this.debugContacts = on;
    this.ctx.link.post((port) => port.setDebugContacts(on));
  }

  /**
   * The touching contact points of the newest published step, as `World.readContactPoints`
   * writes them (`ContactPointRecord`), once `setDebugContacts(true)`; returns how many
   * there are (0 while debug contacts are off). Allocates nothing.
   */
  readContactPoints(out: Float64Array, stride: number = ContactPointRecord.Size): number {
    return this.reads.readContactPoints(out, stride);
  }

  /** How far real time has moved past the newest step, in steps, clamped to [0, 1]. */
  getInterpolationAlpha(): number {
    return this.stats.getInterpolationAlpha();
  }

  /** Number of the newest published frame (0 before the first): it changes when a step lands. */
  getFrameNumber(): number {
    return this.stats.getFrameNumber();
  }

  /** Statistics of the newest published step; fills and returns `out` when given. */
  getStats(out?: PhysicsStats): PhysicsStats {
    return this.stats.getStats(this.paused, out);
  }

  /**
   * Who steps the world: the threads (the physics worker and its solver helpers, option
   * `solverWorkers`), the helpers running, and the stages shared out so far. Asked of the
   * host, after the queued commands, and answered once the helpers' code has loaded and
   * they are attached (until then the world steps on one thread, to the same bits): await
   * it before stepping to measure the threads asked for.
   */
  async getSolverThreads(): Promise<SolverThreads> {
    return this.ctx.link.request((port) => port.solverThreads());
  }

  // ------------------------------------------------------------------ reads that ask the host
  // (stateHash, getProfile, getCounters, joint forces and states, queries: world_methods.ts)

  /** The whole world as bytes (the core's snapshot), taken after the queued commands. */
  async snapshot(): Promise<Uint8Array> {
    return this.ctx.link.request((port) => port.snapshot());
  }

  /**
   * Replaces the world with a snapshot. Checked here first (a bad snapshot throws and
   * changes nothing); resolves once the restored poses are readable.
   */
  async restore(snapshot: Uint8Array): Promise<void> {
    this.ctx.mirror = await restoredMirror(this.ctx.mirror, snapshot);
    const link = this.ctx.link;
    link.receive(await link.request((port) => port.restore(snapshot)));
  }

  /**
   * The compact rollback state of the world after the queued commands (the core's
   * `saveState`: what stepping changes, ~200 B a body), for rollback netcode. Fills `into`
   * when given.
   */
  async saveState(into?: RollbackState): Promise<RollbackState> {
    if (into !== undefined && !(into instanceof RollbackState)) {
      throw new TypeError(`saveState: into must be a RollbackState or undefined, got ${String(into)}`);
    }
    const wire = await this.ctx.link.request((port) => port.saveState());
    const out = into ?? new RollbackState();
    out.f = wire.f;
    out.b = wire.b;
    out.fCount = wire.f.length;
    out.bCount = wire.b.length;
    return out;
  }

  /**
   * Puts a state saved from this world back (the core's `loadState`); resolves once the
   * loaded poses are readable. A state of another structure rejects with the core's message.
   */
  async loadState(state: RollbackState): Promise<void> {
    if (!(state instanceof RollbackState)) {
      throw new TypeError(`loadState: state must be a RollbackState, got ${String(state)}`);
    }
    const link = this.ctx.link;
    // sent as a copy (postMessage clones it), not transferred: a transfer detaches, and one
    // detached ArrayBuffer slows every typed-array access V8 compiles afterwards on this
    // thread (docs/worker-design.md, "Nothing is transferred out of the worker")
    const wire = { f: state.f.slice(0, state.fCount), b: state.b.slice(0, state.bCount) };
    link.receive(await link.request((port) => port.loadState(wire)));
  }

  // ------------------------------------------------------------------ persistent rays

  /**
   * Registers a ray cast the host repeats after every step (up to 64 at once); read its
   * newest result with `readPersistentRay`, move it every frame with `setPersistentRay`.
   * Arguments are checked as `castRayClosest` checks them.
   */
  createPersistentRay(origin: Vec2, translation: Vec2, filter?: Partial<QueryFilter>): number {
    return this.rays.create(origin, translation, filter);
  }

  /** Moves a persistent ray (through the input ring: no message per frame). */
  setPersistentRay(rayId: number, origin: Vec2, translation: Vec2): void {
    this.rays.move(rayId, origin, translation);
  }

  destroyPersistentRay(rayId: number): void {
    this.rays.destroy(rayId);
  }

  /**
   * The newest result of a persistent ray (before its first step: no hit). `began` and
   * `ended` say whether it began or stopped hitting since the previous read of this ray.
   * Fills and returns `out` when given (no allocation).
   */
  readPersistentRay(rayId: number, out?: PersistentRayHit): PersistentRayHit {
    return this.rays.read(rayId, out);
  }

  // ------------------------------------------------------------------ characters

  /**
   * Adds a character: the core's mover (`def` as for `World.createMover`, plus
   * `gravityScale` and an optional kinematic `body` that follows it), run by the host
   * every step. Steer it with `setCharacterVelocity`; read it with `readCharacter`. Up to
   * 16 at once.
   */
  createCharacter(def: CharacterDef): number {
    return this.characters.create(def);
  }

  /**
   * The velocity the character moves with from the next step (gravity then acts on it):
   * each component in [-1e5, 1e5] m/s, the core's velocity range (`constants.MAX_SPEED`).
   */
  setCharacterVelocity(characterId: number, velocity: Vec2): void {
    this.characters.setVelocity(characterId, velocity);
  }

  /**
   * Teleports the character (the next move pushes it out of any overlap); each component
   * in [-1e6, 1e6] m, the core's coordinate range (`constants.MAX_COORDINATE`).
   */
  setCharacterPosition(characterId: number, position: Vec2): void {
    this.characters.setPosition(characterId, position);
  }

  destroyCharacter(characterId: number): void {
    this.characters.destroy(characterId);
  }

  /**
   * The character after the newest step (before its first step: where it was created, at
   * rest). The position is blended between the two newest steps by `alpha` (default: the
   * interpolation alpha, as for bodies). Fills and returns `out` when given.
   */
  readCharacter(
    characterId: number,
    out?: CharacterStateView,
    alpha = this.getInterpolationAlpha(),
  ): CharacterStateView {
    return this.characters.read(characterId, out, alpha);
  }

  // ------------------------------------------------------------------ events

  /** Contact events (begin, end, hit, sensor) of every step, in step order. Returns the unsubscribe. */
  onContactEvents(listener: Listener<ContactEvents>): () => void {
    return this.events.listen('contact', listener);
  }

  /** Sleep and wake events of every step. (Moved bodies are in the frame: `Record.Moved`.) */
  onBodyEvents(listener: Listener<BodyEvents>): () => void {
    return this.events.listen('body', listener);
  }

  /** Joints that broke, and joints removed with their bodies. */
  onJointEvents(listener: Listener<JointEvents>): () => void {
    return this.events.listen('joint', listener);
  }

  /** Errors only the host could detect (a crashed worker, a command it refused). */
  onError(listener: Listener<Error>): () => void {
    return this.events.onError(listener);
  }

  // ------------------------------------------------------------------ lifetime

  /**
   * Stops the world and releases the worker. Idempotent; every other method then throws
   * "the physics world was disposed". `using` / `await using` call it too.
   */
  dispose(): void {
    this.ctx.link.dispose();
    Object.setPrototypeOf(this, DISPOSED);
  }

  isDisposed(): boolean {
    return false;
  }

  /** `await using physics = createPhysicsWorker()`: disposes when the scope ends (installed below). */
  declare [Symbol.asyncDispose]: () => Promise<void>;
  /** `using physics = createInlinePhysics()`: disposes when the scope ends (installed below). */
  declare [Symbol.dispose]: () => void;
}

const internals = (client: object): ClientInternals => client as unknown as ClientInternals;
installWorldMethods(PhysicsClientBase.prototype, internals);

Object.defineProperty(PhysicsClientBase.prototype, disposal.asyncDispose, {
  value(this: PhysicsClientBase): Promise<void> {
    this.dispose();
    return Promise.resolve();
  },
  configurable: true,
});
Object.defineProperty(PhysicsClientBase.prototype, disposal.dispose, {
  value(this: PhysicsClientBase): void {
    this.dispose();
  },
  configurable: true,
});

type ClientMethods = PhysicsClientBase &
  Pick<World, MethodsRouted<'command' | 'mirror'> | InputMethod> &
  HostAsks;

/**
 * A disposed client's prototype: every method of a live client throws, naming itself, so
 * no method (present or future) can reach a released host; disposing again does nothing.
 */
const DISPOSED: object = (() => {
  const live = PhysicsClientBase.prototype as unknown as Record<PropertyKey, unknown>;
  const disposed = Object.create(live) as object;
  // defineProperty, not assignment: the live methods are not writable through a child
  const define = (key: PropertyKey, value: unknown) =>
    Object.defineProperty(disposed, key, { value, configurable: true });
  for (const key of Reflect.ownKeys(live)) {
    if (key === 'constructor' || typeof live[key] !== 'function') continue;
    const name = typeof key === 'symbol' ? String(key.description) : key;
    define(key, () => {
      throw new Error(`${name}: the physics world was disposed`);
    });
  }
  define('dispose', () => undefined);
  define('isDisposed', () => true);
  define(disposal.asyncDispose, () => Promise.resolve());
  define(disposal.dispose, () => undefined);
  return disposed;
})();

/** The client: the core `World`'s commands, inputs and structural reads, plus the methods above. */
export type PhysicsClient = ClientMethods;

/** @internal Builds a client over a backend (the backends call this). */
export function createClient(makeBackend: BackendFactory, options: ResolvedOptions): PhysicsClient {
  return new PhysicsClientBase(makeBackend, options) as PhysicsClient;
}
