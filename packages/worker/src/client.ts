/**
 * The main thread's client: the core `World`'s API over a world that lives elsewhere.
 *
 * - Commands (see commands.ts) are first called on a mirror `World` in this thread. The
 *   mirror checks the arguments with the core's own validation (bad input throws here,
 *   with the core's message, and nothing is sent) and returns the ids, which are the
 *   worker's ids too: both worlds receive the same calls in the same order and allocate
 *   ids deterministically, and the step never creates or frees a body, shape or joint (a
 *   broken joint stays, disabled). The mirror is never stepped.
 * - Calls made in one task are queued and sent as one message when the microtask queue
 *   drains: creating 10,000 bodies is one message.
 * - Poses and velocities are read from the frame buffer the host publishes after each
 *   step (shared memory, or the last transferred frame), with no message. A body the
 *   host has not stepped yet reads as the mirror has it (where it was created or put).
 * - What only the host knows (hashes, snapshots, queries, profile) returns a promise.
 *
 * The same client drives a worker (createPhysicsWorker, createNodePhysicsWorker) or a
 * host in this thread (createInlinePhysics): one code path, one behaviour.
 */
import {
  AABB,
  atan2,
  computeShapeAABB,
  BodyRecord,
  BodyType,
  type BodyPose,
  constants,
  ContactPointRecord,
  JointType,
  localizeJointDef,
  checkAABBQuery,
  checkPointQuery,
  checkRayQuery,
  checkShapeQuery,
  RollbackState,
  Transform,
  RENAMED_WORLD_METHODS,
  type BodyEvents,
  type BodyId,
  type ContactEvents,
  type Geometry,
  type JointEvents,
  type JointId,
  type QueryAABB,
  type QueryFilter,
  type QueryGeometry,
  type QueryTransform,
  type RayHit,
  type ShapeCastHit,
  type ShapeId,
  type StepProfile,
  type Vec2,
  World,
  type WorldCounters,
} from '@impulse/core';
import { COMMAND_NAMES, type CommandName, INPUT_COMMANDS, type WorldCommands } from './commands.js';
import { Op, RingWriter, ringJointParam } from './command_ring.js';
import type { EventInterest, StepEvents } from './events.js';
import {
  CharacterState,
  Header,
  MAX_CHARACTERS,
  MAX_PERSISTENT_RAYS,
  RayResult,
  Record,
  wallClock,
} from './frame_layout.js';
import type { CharacterDef } from './characters.js';
import { FrameReader } from './frame_reader.js';
import type { HostInit, HostSink, HostUpdate, WorldHost } from './host.js';
import type { ResolvedOptions } from './options.js';
import { SlotIds } from './slot_ids.js';
import { encodeCommand, encodeGeometry, type WireCommand } from './wire.js';

/** The host as the client sees it: its methods, answered now (inline) or later (a worker). */
export type HostPort = {
  [K in keyof WorldHost]: WorldHost[K] extends (...args: infer A) => infer R
    ? (...args: A) => R | Promise<R>
    : never;
};

/** How transforms reach the main thread. */
export type Transport = 'shared' | 'transfer' | 'inline';

/** The newest result of a persistent ray (see `createPersistentRay`). */
export interface PersistentRayHit {
  hit: boolean;
  /** It began hitting / stopped hitting since this ray's previous read. */
  began: boolean;
  ended: boolean;
  point: { x: number; y: number };
  normal: { x: number; y: number };
  fraction: number;
  shapeId: ShapeId;
  bodyId: BodyId;
}

function newRayHit(): PersistentRayHit {
  return {
    hit: false,
    began: false,
    ended: false,
    point: { x: 0, y: 0 },
    normal: { x: 0, y: 0 },
    fraction: 1,
    shapeId: 0 as ShapeId,
    bodyId: 0 as BodyId,
  };
}

/** A character after a step (see `readCharacter`). */
export interface CharacterStateView {
  position: { x: number; y: number };
  velocity: { x: number; y: number };
  grounded: boolean;
  groundNormal: { x: number; y: number };
  /** The body it stands on (0 when airborne): moving platforms. */
  groundBodyId: BodyId;
  /** It stepped up a ledge in this step. */
  stepped: boolean;
}

/**
 * Checks a vector the client takes itself (the characters' inputs, which the mirror world
 * does not see) against a core range, with the core's message: `fn: field.x must be in
 * [-limit, limit] unit, got value`.
 */
function checkVectorWithin(fn: string, field: string, v: unknown, limit: number, unit: string): void {
  if (typeof v !== 'object' || v === null) {
    throw new RangeError(`${fn}: ${field} must be an object {x, y}, got ${String(v)}`);
  }
  const o = v as { x?: unknown; y?: unknown };
  for (const axis of ['x', 'y'] as const) {
    const n = o[axis];
    if (typeof n !== 'number' || !(n >= -limit && n <= limit)) {
      throw new RangeError(
        `${fn}: ${field}.${axis} must be in [-${limit}, ${limit}] ${unit}, got ${String(n)}`,
      );
    }
  }
}

function newCharacterState(): CharacterStateView {
  return {
    position: { x: 0, y: 0 },
    velocity: { x: 0, y: 0 },
    grounded: false,
    groundNormal: { x: 0, y: 0 },
    groundBodyId: 0 as BodyId,
    stepped: false,
  };
}

/** World statistics of the newest published step (read from the frame, no message). */
export interface PhysicsStats {
  frame: number;
  stepCount: number;
  simTime: number;
  /** Wall time the host's last step took (ms). */
  stepMs: number;
  bodyCount: number;
  awakeBodyCount: number;
  contactCount: number;
  touchingContactCount: number;
  jointCount: number;
  /** Bodies whose pose changed in the newest step. */
  movedCount: number;
  paused: boolean;
  /** The core's stage timings of the newest step (ms); zero unless the world has `enableProfile`. */
  profile: {
    pairs: number;
    collide: number;
    solve: number;
    continuous: number;
    sleep: number;
    sensors: number;
  };
}

/** Methods answered by the mirror: what only commands change (never the step). */
const MIRROR_READS = [
  'isValidBody',
  'isValidShape',
  'isValidJoint',
  'isValidChain',
  'getBodyType',
  'getBodyShapes',
  'getBodyJoints',
  'getBodySlot',
  'getBodySlotCount',
  'getShapeBody',
  'getShapeType',
  'getShapeGeometry',
  'getShapeDensity',
  'getShapeFriction',
  'getShapeRestitution',
  'getShapeFilter',
  'areShapeContactEventsEnabled',
  'isShapeSensor',
  'getChainSegments',
  'getJointType',
  'getJointBodyA',
  'getJointBodyB',
  'getJointLocalAnchors',
  'getJointParams',
  'getBodyMass',
  'getBodyRotationalInertia',
  'getBodyMassData',
  'getBodyLocalCenter',
  'getBodyLinearDamping',
  'getBodyAngularDamping',
  'getBodyGravityScale',
  'isBodyFixedRotation',
  'isBodyBullet',
  'isBodySleepEnabled',
  'getBodySleepThreshold',
  'getGravity',
  'getSettings',
  'getBodyUserData',
  'setBodyUserData',
  'getShapeUserData',
  'setShapeUserData',
  'getJointUserData',
  'setJointUserData',
  'getJointBreakForce',
  'getJointBreakTorque',
] as const satisfies readonly (keyof World)[];

type MirrorReads = Pick<World, (typeof MIRROR_READS)[number]>;

type Listener<T> = (value: T) => void;

class PhysicsClientBase {
  /** The transport in use: shared memory, transferred frames, or the same thread. */
  readonly transport: Transport;
  /** Resolves once the host has its world (commands made before are queued, not lost). */
  ready: Promise<void>;

  /** @internal The mirror world (never stepped). */
  protected mirror: World;
  private port: HostPort;
  private reader = new FrameReader();
  private readonly record = new Float64Array(Record.Size);
  private readonly headerCopy = new Float64Array(Header.Size);
  private readonly scratchTransform = new Transform();
  private readonly scratchAABB = new AABB();
  private readonly rayRecord = new Float64Array(RayResult.Size);
  /** Each persistent ray slot's live id (0: free), and the generation its next id takes. */
  private readonly rays = new SlotIds(MAX_PERSISTENT_RAYS, 'persistent ray', 'rayId');
  /** Began/ended counts each ray had at its previous read. */
  private readonly raySeen = new Float64Array(MAX_PERSISTENT_RAYS * 2);
  private readonly characterRecord = new Float64Array(CharacterState.Size);
  private readonly characters = new SlotIds(MAX_CHARACTERS, 'character', 'characterId');
  /** Each live character's definition as sent (a restarted host gets it again). */
  private readonly characterDefs: (object | null)[] = new Array(MAX_CHARACTERS).fill(null);
  /** Each live ray's origin and translation, and filter (a restarted host gets them again). */
  private readonly rayGeometry = new Float64Array(MAX_PERSISTENT_RAYS * 4);
  private readonly rayFilters: (Partial<QueryFilter> | null)[] = new Array(MAX_PERSISTENT_RAYS).fill(null);
  private readonly options: ResolvedOptions;
  private queue: WireCommand[] = [];
  /** Messages of commands sent to the current host: input ring entries are numbered by it. */
  private messagesSent = 0;
  private ring: RingWriter | null = null;
  private flushScheduled = false;
  private paused: boolean;
  private disposed = false;
  private backend: Backend;
  private readonly makeBackend: BackendFactory;
  /** Counts backends: a lost host of an earlier one is no longer this client's concern. */
  private connection = 0;
  private timeScale: number;
  private debugContacts = false;
  /** The newest snapshot the host sent on its own (option `snapshotEvery`), for `restart()`. */
  private lastSnapshot: Uint8Array | null = null;
  /** Rejects when the host is lost (the worker crashed or exited), failing every pending read. */
  private lost!: Promise<never>;
  private markLost!: (error: Error) => void;
  private lostError: Error | null = null;
  private readonly listeners = {
    contact: new Set<Listener<ContactEvents>>(),
    body: new Set<Listener<BodyEvents>>(),
    joint: new Set<Listener<JointEvents>>(),
    error: new Set<Listener<Error>>(),
  };

  constructor(makeBackend: BackendFactory, options: ResolvedOptions) {
    this.options = options;
    this.makeBackend = makeBackend;
    this.paused = options.paused;
    this.timeScale = options.timeScale;
    this.mirror = new World(options.world);
    const backend = this.spawn();
    this.transport = backend.transport;
    this.backend = backend;
    this.port = backend.port;
    this.ready = this.connect(backend);
  }

  /** A new backend whose loss is reported only while it is the current one. */
  private spawn(): Backend {
    const connection = ++this.connection;
    return this.makeBackend((error) => {
      if (connection === this.connection) this.hostLost(error);
    });
  }

  /** Starts the host of `backend` with this client's options; resolves when it is ready. */
  private connect(backend: Backend): Promise<void> {
    this.backend = backend;
    this.port = backend.port;
    this.reader = new FrameReader();
    this.ring = backend.ring ? new RingWriter(backend.ring) : null;
    this.messagesSent = 0;
    this.lostError = null;
    this.lost = new Promise<never>((_, reject) => {
      this.markLost = reject;
    });
    this.lost.catch(() => undefined);
    if (backend.frames) this.reader.attachShared(backend.frames.buffer);
    const o = this.options;
    const init: HostInit = {
      world: o.world,
      frames: backend.frames,
      ring: backend.ring,
      stepping: o.stepping,
      timeStep: o.timeStep,
      maxStepsPerTick: o.maxStepsPerTick,
      paused: this.paused,
      timeScale: this.timeScale,
      snapshotEvery: o.snapshotEvery,
    };
    const sink = backend.proxySink({ update: (u) => this.receive(u) });
    const ready = this.ask(this.port.init(init, sink)).then(() => undefined);
    ready.catch((error: unknown) => {
      if (!this.disposed) this.report(error);
    });
    if (this.listeners.contact.size + this.listeners.body.size + this.listeners.joint.size > 0) {
      this.sendInterest();
    }
    for (let slot = 0; slot < MAX_PERSISTENT_RAYS; slot++) {
      if (this.rays.idAt(slot) !== 0) this.sendRay(slot);
    }
    if (this.debugContacts) void this.port.setDebugContacts(true);
    for (let slot = 0; slot < MAX_CHARACTERS; slot++) {
      const def = this.characterDefs[slot];
      if (def) void this.port.addCharacter(slot, this.characters.idAt(slot), def as never);
    }
    return ready;
  }

  /**
   * Replaces a crashed (or any) host with a new one, restored from `snapshot` or, by
   * default, from the newest automatic snapshot (option `snapshotEvery`); with neither,
   * the world starts empty. Commands made since that snapshot belong to the lost world
   * and are dropped; ids, transforms and listeners carry on from the snapshot.
   */
  async restart(snapshot: Uint8Array | null = this.lastSnapshot): Promise<void> {
    if (this.disposed) throw new Error('restart: the physics world was disposed');
    if (snapshot !== null)
      this.mirror.restore(snapshot); // checks the bytes before anything stops
    else this.mirror = new World(this.options.world);
    this.queue = [];
    const old = this.backend;
    const next = this.spawn();
    try {
      old.dispose();
    } catch {
      // already gone
    }
    this.ready = this.connect(next);
    await this.ready;
    if (snapshot !== null) this.receive(await this.ask(this.port.restore(snapshot)));
  }

  // ------------------------------------------------------------------ commands

  /** @internal Called by every command after the mirror accepted it. */
  protected enqueue(name: CommandName, args: readonly unknown[]): void {
    this.queue.push(encodeCommand(name, args));
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      queueMicrotask(this.flushNow);
    }
  }

  private readonly flushNow = (): void => {
    this.flushScheduled = false;
    if (this.queue.length === 0 || this.disposed) return;
    const batch = this.queue;
    this.queue = [];
    this.messagesSent++;
    Promise.resolve(this.port.apply(batch)).then(
      (error) => {
        if (error) this.report(new Error(`@impulse/worker: the worker rejected a command: ${error}`));
      },
      (error: unknown) => this.report(error),
    );
  };

  /** Sends the queued commands now and resolves once the host has applied them. */
  async flush(): Promise<void> {
    this.flushNow();
    await this.ask(this.port.stateHash());
  }

  /** A host reply, or the loss of the host, whichever comes first. */
  private ask<T>(reply: T | Promise<T>): Promise<T> {
    if (this.lostError) return Promise.reject(this.lostError);
    return Promise.race([Promise.resolve(reply), this.lost]);
  }

  /**
   * @internal The backend lost its host (the worker crashed or exited): pending and later
   * reads reject with `error`, and error listeners hear of it once.
   */
  hostLost(error: Error): void {
    if (this.lostError || this.disposed) return;
    this.lostError = error;
    this.markLost(error);
    this.report(error);
  }

  // ------------------------------------------------------------------ per-frame inputs
  //
  // Checked by the mirror like every command, then written to the shared input ring: no
  // message, no allocation. Without a ring (the transfer transport, the inline backend),
  // when the ring is full, or after a command that needs a message in the same task (so
  // that order is kept), they join the message queue instead.

  setBodyLinearVelocity(bodyId: BodyId, v: Vec2): void {
    this.mirror.setBodyLinearVelocity(bodyId, v);
    if (!this.input(Op.SetLinearVelocity, bodyId, v.x, v.y))
      this.enqueue('setBodyLinearVelocity', [bodyId, v]);
  }

  setBodyAngularVelocity(bodyId: BodyId, omega: number): void {
    this.mirror.setBodyAngularVelocity(bodyId, omega);
    if (!this.input(Op.SetAngularVelocity, bodyId, omega))
      this.enqueue('setBodyAngularVelocity', [bodyId, omega]);
  }

  setBodyTransform(bodyId: BodyId, position: Vec2, angle: number): void {
    this.mirror.setBodyTransform(bodyId, position, angle);
    if (!this.input(Op.SetTransform, bodyId, position.x, position.y, angle)) {
      this.enqueue('setBodyTransform', [bodyId, position, angle]);
    }
  }

  applyBodyForce(bodyId: BodyId, force: Vec2, point: Vec2, wake = true): void {
    this.mirror.applyBodyForce(bodyId, force, point, wake);
    if (!this.input(Op.ApplyForce, bodyId, force.x, force.y, point.x, point.y, wake ? 1 : 0)) {
      this.enqueue('applyBodyForce', [bodyId, force, point, wake]);
    }
  }

  applyBodyForceToCenter(bodyId: BodyId, force: Vec2, wake = true): void {
    this.mirror.applyBodyForceToCenter(bodyId, force, wake);
    if (!this.input(Op.ApplyForceToCenter, bodyId, force.x, force.y, wake ? 1 : 0)) {
      this.enqueue('applyBodyForceToCenter', [bodyId, force, wake]);
    }
  }

  applyBodyTorque(bodyId: BodyId, torque: number, wake = true): void {
    this.mirror.applyBodyTorque(bodyId, torque, wake);
    if (!this.input(Op.ApplyTorque, bodyId, torque, wake ? 1 : 0))
      this.enqueue('applyBodyTorque', [bodyId, torque, wake]);
  }

  applyBodyLinearImpulse(bodyId: BodyId, impulse: Vec2, point: Vec2, wake = true): void {
    this.mirror.applyBodyLinearImpulse(bodyId, impulse, point, wake);
    if (!this.input(Op.ApplyLinearImpulse, bodyId, impulse.x, impulse.y, point.x, point.y, wake ? 1 : 0)) {
      this.enqueue('applyBodyLinearImpulse', [bodyId, impulse, point, wake]);
    }
  }

  applyBodyLinearImpulseToCenter(bodyId: BodyId, impulse: Vec2, wake = true): void {
    this.mirror.applyBodyLinearImpulseToCenter(bodyId, impulse, wake);
    if (!this.input(Op.ApplyLinearImpulseToCenter, bodyId, impulse.x, impulse.y, wake ? 1 : 0)) {
      this.enqueue('applyBodyLinearImpulseToCenter', [bodyId, impulse, wake]);
    }
  }

  applyBodyAngularImpulse(bodyId: BodyId, impulse: number, wake = true): void {
    this.mirror.applyBodyAngularImpulse(bodyId, impulse, wake);
    if (!this.input(Op.ApplyAngularImpulse, bodyId, impulse, wake ? 1 : 0)) {
      this.enqueue('applyBodyAngularImpulse', [bodyId, impulse, wake]);
    }
  }

  setBodyAwake(bodyId: BodyId, awake: boolean): void {
    this.mirror.setBodyAwake(bodyId, awake);
    if (!this.input(Op.SetAwake, bodyId, awake ? 1 : 0)) this.enqueue('setBodyAwake', [bodyId, awake]);
  }

  /** Joint parameters; a lone `target` (mouse joint) or `motorSpeed` goes through the input ring. */
  setJointParams(jointId: JointId, params: Parameters<World['setJointParams']>[1]): void {
    this.mirror.setJointParams(jointId, params);
    const key = ringJointParam(params);
    if (key === 'target') {
      const t = (params as { target: Vec2 }).target;
      if (this.input(Op.SetJointTarget, jointId, t.x, t.y)) return;
    } else if (key === 'motorSpeed') {
      if (this.input(Op.SetJointMotorSpeed, jointId, (params as { motorSpeed: number }).motorSpeed)) return;
    }
    this.enqueue('setJointParams', [jointId, params]);
  }

  /** Writes an input to the ring when order allows; false when it must join the message queue. */
  private input(op: Op, id: number, a = 0, b = 0, c = 0, d = 0, e = 0): boolean {
    if (this.disposed) throw new Error('the physics world was disposed');
    if (this.ring === null || this.queue.length > 0) return false;
    return this.ring.push(this.messagesSent, op, id, a, b, c, d, e);
  }

  // ------------------------------------------------------------------ persistent rays

  /**
   * Registers a ray cast the host repeats after every step (up to 64 at once); read its
   * newest result with `readPersistentRay`, move it every frame with `setPersistentRay`.
   * Arguments are checked as `castRayClosest` checks them.
   */
  createPersistentRay(origin: Vec2, translation: Vec2, filter?: Partial<QueryFilter>): number {
    this.mirror.castRayClosest(origin, translation, filter); // the core's checks (and messages)
    const { slot, id } = this.rays.acquire('createPersistentRay');
    this.raySeen[slot * 2] = 0;
    this.raySeen[slot * 2 + 1] = 0;
    this.rayFilters[slot] = filter ? { ...filter } : null;
    this.keepRay(slot, origin, translation);
    this.sendRay(slot);
    return id;
  }

  /** Moves a persistent ray (through the input ring: no message per frame). */
  setPersistentRay(rayId: number, origin: Vec2, translation: Vec2): void {
    const slot = this.rays.slotOf('setPersistentRay', rayId);
    this.mirror.castRayClosest(origin, translation);
    this.keepRay(slot, origin, translation);
    if (this.input(Op.MoveRay, slot, origin.x, origin.y, translation.x, translation.y)) return;
    this.flushNow();
    void this.port.moveRay(slot, { x: origin.x, y: origin.y }, { x: translation.x, y: translation.y });
  }

  destroyPersistentRay(rayId: number): void {
    const slot = this.rays.slotOf('destroyPersistentRay', rayId);
    this.rays.release(slot);
    this.flushNow();
    void this.port.removeRay(slot);
  }

  /**
   * The newest result of a persistent ray (before its first step: no hit). `began` and
   * `ended` say whether it began or stopped hitting since the previous read of this ray.
   * Fills and returns `out` when given (no allocation).
   */
  readPersistentRay(rayId: number, out?: PersistentRayHit): PersistentRayHit {
    const slot = this.rays.slotOf('readPersistentRay', rayId);
    const r = out ?? newRayHit();
    const v = this.rayRecord;
    const fresh = this.reader.readRay(slot, v) && v[RayResult.Id] === rayId;
    if (!fresh) v.fill(0);
    r.hit = v[RayResult.Hit] === 1;
    r.point.x = v[RayResult.PointX]!;
    r.point.y = v[RayResult.PointY]!;
    r.normal.x = v[RayResult.NormalX]!;
    r.normal.y = v[RayResult.NormalY]!;
    r.fraction = fresh ? v[RayResult.Fraction]! : 1;
    r.shapeId = v[RayResult.Shape]! as ShapeId;
    r.bodyId = v[RayResult.Body]! as BodyId;
    const began = v[RayResult.BeganCount]!;
    const ended = v[RayResult.EndedCount]!;
    r.began = began > this.raySeen[slot * 2]!;
    r.ended = ended > this.raySeen[slot * 2 + 1]!;
    this.raySeen[slot * 2] = began;
    this.raySeen[slot * 2 + 1] = ended;
    return r;
  }

  /** Remembers a ray's geometry, to register it again in a restarted host. */
  private keepRay(slot: number, origin: Vec2, translation: Vec2): void {
    const g = this.rayGeometry;
    g[slot * 4] = origin.x;
    g[slot * 4 + 1] = origin.y;
    g[slot * 4 + 2] = translation.x;
    g[slot * 4 + 3] = translation.y;
  }

  private sendRay(slot: number): void {
    const g = this.rayGeometry;
    this.flushNow(); // after the commands queued before it
    void this.port.setRay(
      slot,
      this.rays.idAt(slot),
      { x: g[slot * 4]!, y: g[slot * 4 + 1]! },
      { x: g[slot * 4 + 2]!, y: g[slot * 4 + 3]! },
      this.rayFilters[slot] ?? null,
    );
  }

  // ------------------------------------------------------------------ characters

  /**
   * Adds a character: the core's mover (`def` as for `World.createMover`, plus
   * `gravityScale` and an optional kinematic `body` that follows it), run by the host
   * every step. Steer it with `setCharacterVelocity`; read it with `readCharacter`. Up to
   * 16 at once.
   */
  createCharacter(def: CharacterDef): number {
    this.mirror.createMover(def); // the core's checks (and messages)
    const fn = 'createCharacter';
    const gravityScale = def.gravityScale ?? 1;
    if (typeof gravityScale !== 'number' || !Number.isFinite(gravityScale)) {
      throw new RangeError(`${fn}: def.gravityScale must be finite, got ${String(gravityScale)}`);
    }
    const body = def.body ?? null;
    if (body !== null && this.mirror.getBodyType(body) !== BodyType.Kinematic) {
      throw new RangeError(`${fn}: def.body must be a kinematic body, got ${String(body)}`);
    }
    const { slot, id } = this.characters.acquire(fn);
    const wire = { ...def, capsule: encodeGeometry(def.capsule) };
    this.characterDefs[slot] = wire;
    this.flushNow(); // after the commands queued before it (its body, say)
    void this.port.addCharacter(slot, id, wire as never);
    return id;
  }

  /**
   * The velocity the character moves with from the next step (gravity then acts on it):
   * each component in [-1e5, 1e5] m/s, the core's velocity range (`constants.MAX_SPEED`).
   */
  setCharacterVelocity(characterId: number, velocity: Vec2): void {
    const slot = this.characters.slotOf('setCharacterVelocity', characterId);
    checkVectorWithin('setCharacterVelocity', 'velocity', velocity, constants.MAX_SPEED, 'm/s');
    if (this.input(Op.SetCharacterVelocity, slot, velocity.x, velocity.y)) return;
    this.flushNow();
    void this.port.setCharacterVelocity(slot, { x: velocity.x, y: velocity.y });
  }

  /**
   * Teleports the character (the next move pushes it out of any overlap); each component
   * in [-1e6, 1e6] m, the core's coordinate range (`constants.MAX_COORDINATE`).
   */
  setCharacterPosition(characterId: number, position: Vec2): void {
    const slot = this.characters.slotOf('setCharacterPosition', characterId);
    checkVectorWithin('setCharacterPosition', 'position', position, constants.MAX_COORDINATE, 'm');
    this.flushNow();
    void this.port.setCharacterPosition(slot, { x: position.x, y: position.y });
  }

  destroyCharacter(characterId: number): void {
    const slot = this.characters.slotOf('destroyCharacter', characterId);
    this.characters.release(slot);
    this.characterDefs[slot] = null;
    this.flushNow();
    void this.port.removeCharacter(slot);
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
    const slot = this.characters.slotOf('readCharacter', characterId);
    const r = out ?? newCharacterState();
    const v = this.characterRecord;
    if (!this.reader.readCharacter(slot, v) || v[CharacterState.Id] !== characterId) {
      const p = (this.characterDefs[slot] as { position: Vec2 }).position;
      v.fill(0);
      v[CharacterState.X] = v[CharacterState.X0] = p.x;
      v[CharacterState.Y] = v[CharacterState.Y0] = p.y;
    }
    const a = alpha < 0 ? 0 : alpha > 1 ? 1 : alpha;
    r.position.x = v[CharacterState.X0]! + (v[CharacterState.X]! - v[CharacterState.X0]!) * a;
    r.position.y = v[CharacterState.Y0]! + (v[CharacterState.Y]! - v[CharacterState.Y0]!) * a;
    r.velocity.x = v[CharacterState.VX]!;
    r.velocity.y = v[CharacterState.VY]!;
    r.grounded = v[CharacterState.Grounded] === 1;
    r.groundNormal.x = v[CharacterState.GroundNormalX]!;
    r.groundNormal.y = v[CharacterState.GroundNormalY]!;
    r.groundBodyId = v[CharacterState.GroundBody]! as BodyId;
    r.stepped = v[CharacterState.Stepped] === 1;
    return r;
  }

  // ------------------------------------------------------------------ stepping

  /** Manual stepping: takes `count` fixed steps; resolves once their transforms are readable. */
  async step(count = 1): Promise<void> {
    if (!Number.isInteger(count) || count < 0) {
      throw new RangeError(`step: count must be a whole number >= 0, got ${String(count)}`);
    }
    if (this.options.stepping !== 'manual') {
      throw new Error("step: the world steps in realtime; create it with stepping: 'manual' to step by hand");
    }
    this.flushNow();
    this.receive(await this.ask(this.port.step(count)));
  }

  /** Pauses or resumes realtime stepping. */
  setPaused(paused: boolean): void {
    this.paused = paused;
    this.flushNow();
    void this.port.setPaused(paused);
  }

  isPaused(): boolean {
    return this.paused;
  }

  /** Simulated seconds per real second (realtime stepping), in [0, 100]. */
  setTimeScale(scale: number): void {
    if (!(scale >= 0 && scale <= 100))
      throw new RangeError(`setTimeScale: scale must be in [0, 100], got ${scale}`);
    void this.port.setTimeScale(scale);
  }

  // ------------------------------------------------------------------ reads from the frame

  /** World position of the body origin at the newest published step. */
  getBodyPosition(bodyId: BodyId): Vec2 {
    const created = this.mirror.getBodyPosition(bodyId); // checks the id, with the core's message
    if (!this.readBody(bodyId)) return created;
    return { x: this.record[BodyRecord.X]!, y: this.record[BodyRecord.Y]! };
  }

  getBodyRotation(bodyId: BodyId): { c: number; s: number } {
    const q = this.mirror.getBodyRotation(bodyId);
    if (this.readBody(bodyId)) {
      q.c = this.record[BodyRecord.C]!;
      q.s = this.record[BodyRecord.S]!;
    }
    return q;
  }

  /** Body angle in (-pi, pi]. */
  getBodyAngle(bodyId: BodyId): number {
    const q = this.getBodyRotation(bodyId);
    return atan2(q.s, q.c);
  }

  /**
   * The shape's bounding box at the newest published step, from its geometry and the
   * body's published pose (the core computes its boxes the same way after a step).
   */
  getShapeAABB(shapeId: ShapeId): QueryAABB {
    const created = this.mirror.getShapeAABB(shapeId); // the core's checks; the box where it was made
    const body = this.mirror.getShapeBody(shapeId);
    if (!this.readBody(body)) return created;
    const r = this.record;
    const xf = this.scratchTransform.set(
      r[BodyRecord.X]!,
      r[BodyRecord.Y]!,
      r[BodyRecord.C]!,
      r[BodyRecord.S]!,
    );
    const box = computeShapeAABB(
      this.mirror.getShapeType(shapeId),
      this.mirror.getShapeGeometry(shapeId),
      xf,
      this.scratchAABB,
    );
    return { minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY };
  }

  /** World center of mass at the newest published step (from its pose and local center). */
  getBodyWorldCenter(bodyId: BodyId): Vec2 {
    const lc = this.mirror.getBodyLocalCenter(bodyId);
    return this.toWorld(bodyId, lc.x, lc.y, this.mirror.getBodyWorldCenter(bodyId));
  }

  /** A point of the body's frame in world coordinates, at the newest published step. */
  getBodyWorldPoint(bodyId: BodyId, localPoint: Vec2): Vec2 {
    const created = this.mirror.getBodyWorldPoint(bodyId, localPoint); // the core's checks
    return this.toWorld(bodyId, localPoint.x, localPoint.y, created);
  }

  /** A world point in the body's frame, at the newest published step. */
  getBodyLocalPoint(bodyId: BodyId, worldPoint: Vec2): Vec2 {
    const created = this.mirror.getBodyLocalPoint(bodyId, worldPoint);
    if (!this.readBody(bodyId)) return created;
    const r = this.record;
    const dx = worldPoint.x - r[BodyRecord.X]!;
    const dy = worldPoint.y - r[BodyRecord.Y]!;
    const c = r[BodyRecord.C]!;
    const s = r[BodyRecord.S]!;
    return { x: c * dx + s * dy, y: -s * dx + c * dy };
  }

  /** `(lx, ly)` of the body's frame in world coordinates; `unpublished` before its first step. */
  private toWorld(bodyId: BodyId, lx: number, ly: number, unpublished: Vec2): Vec2 {
    if (!this.readBody(bodyId)) return unpublished;
    const r = this.record;
    const c = r[BodyRecord.C]!;
    const s = r[BodyRecord.S]!;
    return { x: r[BodyRecord.X]! + c * lx - s * ly, y: r[BodyRecord.Y]! + s * lx + c * ly };
  }

  getBodyLinearVelocity(bodyId: BodyId): Vec2 {
    const created = this.mirror.getBodyLinearVelocity(bodyId);
    if (!this.readBody(bodyId)) return created;
    return { x: this.record[BodyRecord.VX]!, y: this.record[BodyRecord.VY]! };
  }

  getBodyAngularVelocity(bodyId: BodyId): number {
    const w = this.mirror.getBodyAngularVelocity(bodyId);
    return this.readBody(bodyId) ? this.record[BodyRecord.W]! : w;
  }

  isBodyAwake(bodyId: BodyId): boolean {
    const awake = this.mirror.isBodyAwake(bodyId);
    return this.readBody(bodyId) ? this.record[BodyRecord.Awake] === 1 : awake;
  }

  /**
   * Copies every body slot of the newest published step into `out`, as
   * `World.readBodyTransforms` does (BodyRecord fields, `stride` apart from `offset`).
   * Returns the slot count (0 before the first step is published). Allocates nothing.
   */
  readBodyTransforms(out: Float64Array, stride: number = BodyRecord.Size, offset = 0): number {
    return this.reader.readBodies(out, stride, offset, 1);
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
    return this.reader.readBodies(out, stride, offset, alpha);
  }

  /**
   * Debug drawing: from the next step on, every published frame carries the touching
   * contact points (off by default; it costs a copy per point per step).
   */
  setDebugContacts(on: boolean): void {
    this.debugContacts = on;
    this.flushNow();
    void this.port.setDebugContacts(on);
  }

  /**
   * The touching contact points of the newest published step, as `World.readContactPoints`
   * writes them (`ContactPointRecord`), once `setDebugContacts(true)`; returns how many
   * there are (0 while debug contacts are off). Allocates nothing.
   */
  readContactPoints(out: Float64Array, stride: number = ContactPointRecord.Size): number {
    if (!(out instanceof Float64Array)) {
      throw new TypeError(`readContactPoints: out must be a Float64Array, got ${String(out)}`);
    }
    if (!Number.isInteger(stride) || stride < ContactPointRecord.Size) {
      throw new RangeError(
        `readContactPoints: stride must be an integer >= ${ContactPointRecord.Size}, got ${stride}`,
      );
    }
    return this.reader.readContactPoints(out, stride);
  }

  /** How far real time has moved past the newest step, in steps, clamped to [0, 1]. */
  getInterpolationAlpha(): number {
    if (this.options.stepping === 'manual') return 1;
    const h = this.headerCopy;
    this.reader.readHeader(h);
    const published = h[Header.PublishTime]!;
    if (published === 0) return 1;
    const scale = h[Header.TimeScale]!;
    const stepMs = (this.options.timeStep * 1000) / (scale > 0 ? scale : 1);
    const alpha = (wallClock() - published) / stepMs;
    return alpha < 0 ? 0 : alpha > 1 ? 1 : alpha;
  }

  /** Number of the newest published frame (0 before the first): it changes when a step lands. */
  getFrameNumber(): number {
    return this.reader.header(Header.Frame);
  }

  /** Statistics of the newest published step; fills and returns `out` when given. */
  getStats(out?: PhysicsStats): PhysicsStats {
    const h = this.headerCopy;
    this.reader.readHeader(h); // one copy: every field from the same step
    const s = out ?? ({} as PhysicsStats);
    s.frame = h[Header.Frame]!;
    s.stepCount = h[Header.StepCount]!;
    s.simTime = h[Header.SimTime]!;
    s.stepMs = h[Header.StepMs]!;
    s.bodyCount = h[Header.BodyCount]!;
    s.awakeBodyCount = h[Header.AwakeBodyCount]!;
    s.contactCount = h[Header.ContactCount]!;
    s.touchingContactCount = h[Header.TouchingContactCount]!;
    s.jointCount = h[Header.JointCount]!;
    s.movedCount = h[Header.MovedCount]!;
    s.paused = this.paused;
    const p = s.profile ?? { pairs: 0, collide: 0, solve: 0, continuous: 0, sleep: 0, sensors: 0 };
    p.pairs = h[Header.ProfilePairs]!;
    p.collide = h[Header.ProfileCollide]!;
    p.solve = h[Header.ProfileSolve]!;
    p.continuous = h[Header.ProfileContinuous]!;
    p.sleep = h[Header.ProfileSleep]!;
    p.sensors = h[Header.ProfileSensors]!;
    s.profile = p;
    return s;
  }

  /**
   * A joint definition with its world points turned into local forms from the poses this
   * thread sees (the newest published step), so the mirror and the worker store the same
   * joint: the worker, stepping on, would otherwise resolve them from later poses.
   */
  protected localizeJoint(type: JointType, def: unknown): unknown {
    if (typeof def !== 'object' || def === null) return def;
    const d = def as { bodyA?: unknown; bodyB?: unknown };
    const a = d.bodyA as BodyId;
    const b = d.bodyB as BodyId;
    if (!this.mirror.isValidBody(a) || !this.mirror.isValidBody(b)) return def; // the mirror says why
    return localizeJointDef(type, def, this.poseOf(a), this.poseOf(b));
  }

  private poseOf(bodyId: BodyId): BodyPose {
    if (this.readBody(bodyId)) {
      const r = this.record;
      return { x: r[BodyRecord.X]!, y: r[BodyRecord.Y]!, c: r[BodyRecord.C]!, s: r[BodyRecord.S]! };
    }
    const p = this.mirror.getBodyPosition(bodyId);
    const q = this.mirror.getBodyRotation(bodyId);
    return { x: p.x, y: p.y, c: q.c, s: q.s };
  }

  private readBody(bodyId: BodyId): boolean {
    return this.reader.readRecord(this.mirror.getBodySlot(bodyId), bodyId, this.record);
  }

  // ------------------------------------------------------------------ reads that ask the host

  async stateHash(): Promise<number> {
    this.flushNow();
    return this.ask(this.port.stateHash());
  }

  /** The whole world as bytes (the core's snapshot), taken after the queued commands. */
  async snapshot(): Promise<Uint8Array> {
    this.flushNow();
    return this.ask(this.port.snapshot());
  }

  /**
   * Replaces the world with a snapshot. Checked here first (a bad snapshot throws and
   * changes nothing); resolves once the restored poses are readable.
   */
  async restore(snapshot: Uint8Array): Promise<void> {
    this.mirror.restore(snapshot);
    this.flushNow();
    this.receive(await this.ask(this.port.restore(snapshot)));
  }

  /** Joint coordinates (angle, translation, length, speed) after the newest step. */
  async getJointState(jointId: JointId): Promise<ReturnType<World['getJointState']>> {
    this.mirror.getJointState(jointId); // the core's checks
    this.flushNow();
    return this.ask(this.port.getJointState(jointId));
  }

  /** The joint's constraint force (N) in the newest step. */
  async getJointConstraintForce(jointId: JointId): Promise<Vec2> {
    this.mirror.getJointConstraintForce(jointId);
    this.flushNow();
    return this.ask(this.port.getJointConstraintForce(jointId));
  }

  /** The joint's constraint torque (N m) in the newest step. */
  async getJointConstraintTorque(jointId: JointId): Promise<number> {
    this.mirror.getJointConstraintTorque(jointId);
    this.flushNow();
    return this.ask(this.port.getJointConstraintTorque(jointId));
  }

  /** False once the joint broke (onJointEvents says when). */
  async isJointEnabled(jointId: JointId): Promise<boolean> {
    this.mirror.isJointEnabled(jointId);
    this.flushNow();
    return this.ask(this.port.isJointEnabled(jointId));
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
    this.flushNow();
    const wire = await this.ask(this.port.saveState());
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
    this.flushNow();
    const wire = { f: state.f.slice(0, state.fCount), b: state.b.slice(0, state.bCount) };
    this.receive(
      await this.ask(this.port.loadState(this.backend.transfer(wire, [wire.f.buffer, wire.b.buffer]))),
    );
  }

  async getProfile(): Promise<StepProfile> {
    this.flushNow();
    return this.ask(this.port.getProfile());
  }

  async getCounters(): Promise<WorldCounters> {
    this.flushNow();
    return this.ask(this.port.getCounters());
  }

  castRayClosest(origin: Vec2, translation: Vec2, filter?: Partial<QueryFilter>): Promise<RayHit | null> {
    checkRayQuery('castRayClosest', origin, translation, filter);
    this.flushNow();
    return this.ask(this.port.castRayClosest(origin, translation, filter));
  }

  castRayAll(origin: Vec2, translation: Vec2, filter?: Partial<QueryFilter>): Promise<RayHit[]> {
    checkRayQuery('castRayAll', origin, translation, filter);
    this.flushNow();
    return this.ask(this.port.castRayAll(origin, translation, filter));
  }

  castRayAny(origin: Vec2, translation: Vec2, filter?: Partial<QueryFilter>): Promise<RayHit | null> {
    checkRayQuery('castRayAny', origin, translation, filter);
    this.flushNow();
    return this.ask(this.port.castRayAny(origin, translation, filter));
  }

  castShape(
    geometry: QueryGeometry,
    transform: QueryTransform,
    translation: Vec2,
    filter?: Partial<QueryFilter>,
  ): Promise<ShapeCastHit | null> {
    checkShapeQuery('castShape', geometry, transform, translation, filter);
    this.flushNow();
    return this.ask(
      this.port.castShape(encodeGeometry(geometry as Geometry), transform, translation, filter),
    );
  }

  overlapAABB(aabb: QueryAABB, filter?: Partial<QueryFilter>): Promise<ShapeId[]> {
    checkAABBQuery(aabb, filter);
    this.flushNow();
    return this.ask(this.port.overlapAABB(aabb, filter));
  }

  overlapPoint(point: Vec2, filter?: Partial<QueryFilter>): Promise<ShapeId[]> {
    checkPointQuery(point, filter);
    this.flushNow();
    return this.ask(this.port.overlapPoint(point, filter));
  }

  overlapShape(
    geometry: QueryGeometry,
    transform: QueryTransform,
    filter?: Partial<QueryFilter>,
  ): Promise<ShapeId[]> {
    checkShapeQuery('overlapShape', geometry, transform, undefined, filter);
    this.flushNow();
    return this.ask(this.port.overlapShape(encodeGeometry(geometry as Geometry), transform, filter));
  }

  // ------------------------------------------------------------------ events

  /** Contact events (begin, end, hit, sensor) of every step, in step order. Returns the unsubscribe. */
  onContactEvents(listener: Listener<ContactEvents>): () => void {
    return this.listen('contact', listener);
  }

  /** Sleep and wake events of every step. (Moved bodies are in the frame: `Record.Moved`.) */
  onBodyEvents(listener: Listener<BodyEvents>): () => void {
    return this.listen('body', listener);
  }

  /** Joints that broke, and joints removed with their bodies. */
  onJointEvents(listener: Listener<JointEvents>): () => void {
    return this.listen('joint', listener);
  }

  /** Errors only the host could detect (a crashed worker, a command it refused). */
  onError(listener: Listener<Error>): () => void {
    const set = this.listeners.error;
    set.add(listener);
    return () => set.delete(listener);
  }

  private listen<K extends keyof EventInterest>(kind: K, listener: Listener<never>): () => void {
    const set = this.listeners[kind] as Set<Listener<never>>;
    const before = set.size;
    set.add(listener);
    if (before === 0) this.sendInterest();
    return () => {
      if (set.delete(listener) && set.size === 0) this.sendInterest();
    };
  }

  private sendInterest(): void {
    if (this.disposed) return;
    void this.port.setEventInterest({
      contact: this.listeners.contact.size > 0,
      body: this.listeners.body.size > 0,
      joint: this.listeners.joint.size > 0,
    });
  }

  private receive(update: HostUpdate): void {
    if (this.disposed) return;
    if (update.grown) this.reader.attachShared(update.grown);
    if (update.frame) {
      const old = this.reader.receive(update.frame);
      if (old) void this.port.recycle(this.backend.transfer(old, [old]));
    }
    if (update.snapshot) this.lastSnapshot = update.snapshot;
    if (update.events) for (const e of update.events) this.deliver(e);
    if (update.error) this.report(new Error(update.error));
  }

  private deliver(e: StepEvents): void {
    if (e.contact) for (const l of this.listeners.contact) l(e.contact);
    if (e.body) for (const l of this.listeners.body) l(e.body);
    if (e.joint) for (const l of this.listeners.joint) l(e.joint);
  }

  /** @internal */
  protected report(error: unknown): void {
    const err = error instanceof Error ? error : new Error(String(error));
    if (this.listeners.error.size === 0) console.error(err);
    for (const l of this.listeners.error) l(err);
  }

  // ------------------------------------------------------------------ lifetime

  /** Stops the world and releases the worker. Further calls throw. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.queue = [];
    // Replies still awaited (`ready`, a step, a read) will never come from a stopped host:
    // they reject instead of hanging (StrictMode disposes a world its first mount asked to step).
    if (this.lostError === null) {
      this.lostError = new Error('@impulse/worker: the physics world was disposed');
      this.markLost(this.lostError);
    }
    void Promise.resolve(this.port.dispose()).catch(() => undefined);
    this.backend.dispose();
  }

  isDisposed(): boolean {
    return this.disposed;
  }
}

/** The client: the core `World`'s commands and structural reads, plus the methods above. */
type ClientMethods = PhysicsClientBase & Omit<WorldCommands, (typeof INPUT_COMMANDS)[number]> & MirrorReads;

/** The core's deprecated names (before its naming rule), kept here too: code moves between the two. */
type DeprecatedAliases = {
  /** @deprecated Use the name that says its object (see RENAMED_WORLD_METHODS in @impulse/core). */
  [Old in keyof typeof RENAMED_WORLD_METHODS]: ClientMethods[(typeof RENAMED_WORLD_METHODS)[Old]];
};

export type PhysicsClient = ClientMethods & DeprecatedAliases;

const inputCommands: ReadonlySet<string> = new Set(INPUT_COMMANDS);

/** The joint type each create method makes (world points are resolved before sending). */
const JOINT_CREATORS: Partial<Record<CommandName, JointType>> = {
  createRevoluteJoint: JointType.Revolute,
  createDistanceJoint: JointType.Distance,
  createWheelJoint: JointType.Wheel,
  createMouseJoint: JointType.Mouse,
  createMotorJoint: JointType.Motor,
  createFilterJoint: JointType.Filter,
  createPrismaticJoint: JointType.Prismatic,
  createWeldJoint: JointType.Weld,
};

for (const name of COMMAND_NAMES) {
  if (inputCommands.has(name)) continue; // methods of the class: see "per-frame inputs"
  const jointType = JOINT_CREATORS[name];
  Object.defineProperty(PhysicsClientBase.prototype, name, {
    value: function (this: PhysicsClientBase, ...args: unknown[]): unknown {
      const self = this as unknown as {
        mirror: World;
        enqueue(n: CommandName, a: unknown[]): void;
        localizeJoint(type: JointType, def: unknown): unknown;
      };
      if ((this as unknown as { isDisposed(): boolean }).isDisposed()) {
        throw new Error(`${name}: the physics world was disposed`);
      }
      if (jointType !== undefined) args[0] = self.localizeJoint(jointType, args[0]);
      const method = self.mirror[name] as (...a: unknown[]) => unknown;
      const result = method.apply(self.mirror, args);
      self.enqueue(name, args);
      return result;
    },
  });
}

for (const name of MIRROR_READS) {
  Object.defineProperty(PhysicsClientBase.prototype, name, {
    value: function (this: PhysicsClientBase, ...args: unknown[]): unknown {
      const mirror = (this as unknown as { mirror: World }).mirror;
      return (mirror[name] as (...a: unknown[]) => unknown).apply(mirror, args);
    },
  });
}

/** @internal What a backend gives the client: the host and how to reach it. */
export interface Backend {
  port: HostPort;
  transport: Transport;
  /** The first frame buffer (shared or in-thread), or null when frames are transferred. */
  frames: HostInit['frames'];
  /** Wraps the client's update sink so the host can call it (a Comlink proxy across threads). */
  proxySink(sink: HostSink): HostSink;
  /** Marks buffers to move rather than copy when `value` is sent (Comlink.transfer). */
  transfer<T>(value: T, buffers: ArrayBuffer[]): T;
  /** Releases the host (terminates the worker). */
  dispose(): void;
  /** The shared input ring (shared transport), or null (inputs then travel in messages). */
  ring: SharedArrayBuffer | null;
}

/** Makes a backend; `lost` is to be called if its host dies (a worker's error or exit). */
export type BackendFactory = (lost: (error: Error) => void) => Backend;

for (const [old, name] of Object.entries(RENAMED_WORLD_METHODS)) {
  const method = Object.getOwnPropertyDescriptor(PhysicsClientBase.prototype, name)?.value;
  if (typeof method !== 'function') throw new Error(`@impulse/worker: the client lacks ${name}`);
  Object.defineProperty(PhysicsClientBase.prototype, old, {
    value: method,
    writable: true,
    configurable: true,
  });
}

/** @internal Builds a client over a backend (the backends call this). */
export function createClient(makeBackend: BackendFactory, options: ResolvedOptions): PhysicsClient {
  return new PhysicsClientBase(makeBackend, options) as PhysicsClient;
}
