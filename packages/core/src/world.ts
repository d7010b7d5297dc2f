/**
 * The public world: every entry point validates its arguments first, then makes one call
 * into the module that owns the concept (dynamics/body.ts, dynamics/shape.ts,
 * joints/joint.ts, ...), which changes the world's state (world/world_state.ts) in one go,
 * so a rejected call changes nothing. Methods that take an id name their object
 * (getBodyPosition, setShapeFriction).
 *
 * Every method is classified in one table (world/world_methods.ts): the methods it names as
 * writes give the world's rollback content a new stamp (world/rollback.ts, "The fast
 * path"), through a wrapper installed once on this prototype, not a call in each method.
 * A method missing from the table fails the typecheck below and world_methods.test.ts.
 */

import {
  applyAngularImpulse,
  applyForce,
  applyForceToCenter,
  applyLinearImpulse,
  applyLinearImpulseToCenter,
  applyTorque,
  createBody,
  destroyBody,
  setAngularVelocity,
  setBodyType,
  setLinearVelocity,
  setTransform,
  STATE_STRIDE,
  VX,
  VY,
  W,
} from './dynamics/body.js';
import { checkBodyDef, checkBodyMassData, checkBodyType } from './dynamics/body_checks.js';
import { checkChainDef, checkFilter, checkShapeDef, withDefaultFilter } from './dynamics/shape_checks.js';
import {
  MAX_ANGLE,
  MAX_ANGULAR_SPEED,
  MAX_FORCE,
  MAX_COORDINATE,
  MAX_DENSITY,
  MAX_GRAVITY,
  MAX_GRAVITY_SCALE,
  MAX_SPEED,
  MAX_TIME_STEP,
} from './base/constants.js';
import { CONTACT_TOUCHING } from './dynamics/awake_contacts.js';
import { applyMass, updateBodyMass as updateMassFromShapes, updateMaxExtent } from './dynamics/body_mass.js';
import {
  type Capsule,
  type Circle,
  cloneGeometry,
  type Geometry,
  type Polygon,
  type Segment,
  ShapeType,
} from './geometry/geometry.js';
import { HandleKind, handleGeneration, handleKind, handleSlot, MAX_SLOTS, makeHandle } from './base/id.js';
import { atan2, type Vec2 } from './base/math.js';
import { stateHash } from './world/state_hash.js';
import { readContactPoints } from './world/contact_points.js';
import { ContactPointRecord } from './types/contact_point_record.js';
import { worldFeature } from './world_features.js';
import { RollbackState } from './world/rollback_state.js';
import { checkCapsule, checkCircle, checkPolygon, checkSegment } from './geometry/geometry_checks.js';
import { jointTypes } from './joints/registry.js';
// public from the registry now; World's module keeps exporting it
export { localizeJointDef } from './joints/localize.js';
import { checkBreakLimit } from './joints/joint_checks.js';
import { checkJointDefFields, resolveJointDef } from './joints/joint_def.js';
import type * as query from './world/query.js';
import type * as mover from './character/mover.js';
import { KERNEL_CORE, step } from './world/solver.js';
import type { AttachableContactKernel } from './world/contact_kernel_hook.js';
import {
  checkBoolean,
  checkInteger,
  checkKnownFields,
  checkNonNegative,
  checkNonNegativeAtMost,
  checkPositiveAtMost,
  checkVec2Length,
  checkVec2Within,
  checkWithin,
  describe,
  fail,
} from './base/validate.js';
import { WorldState } from './world/world_state.js';
import { setWorldStateReader, worldStateOf as stateOf } from './world/world_access.js';
import { checkWorldDef, defToSettings, settingsToDef } from './world/world_settings.js';
import { shareWorldMemory } from './world/shared_memory.js';
import {
  checkJointsUnderSolver,
  checkNewJointUnderSolver,
  checkSolver,
  type Solver,
} from './world/solver_interface.js';
import type { WORLD_METHODS, WorldMethodsOf } from './world/world_methods.js';
import { installWriteMarks, type MAX_WRITE_ARGUMENTS } from './world/write_marks.js';
import { remixContacts } from './dynamics/contact.js';
import { resetIslandImpulses, sleepBody, wakeBody } from './dynamics/island.js';
import { setAwakeWith, setFixedRotation } from './dynamics/body_structure.js';
import { createChain, createShape, destroyChain, freeShape, setFilter } from './dynamics/shape.js';
import { createJoint, freeJoint } from './joints/joint.js';
import { type BodyMassData, type BodyRotation, BodyType } from './types/body_def.js';
import { BodyRecord } from './types/body_record.js';
import type { BodyEvents, ContactEvents, JointEvents } from './types/events.js';
import type { BodyId, ChainId, JointId, ShapeId } from './types/ids.js';
import type {
  DistanceJointParams,
  FilterJointParams,
  JointDefInput,
  JointLocalAnchors,
  JointParamsOf,
  JointParamsUnion,
  JointStateOf,
  MotorJointParams,
  MouseJointParams,
  PrismaticJointParams,
  RevoluteJointParams,
  WeldJointParams,
  WheelJointParams,
  WorldAxisDef,
} from './types/joint_defs.js';
import { JointType } from './types/joint_type.js';
import type { ChainDefInput, Filter, ShapeDef, ShapeDefInput } from './types/shape_def.js';
import { defaultWorldDef, type WorldDef } from './types/world_def.js';
import type { StepProfile, WorldCounters } from './types/world_stats.js';
import type { BodyDef } from './types/body_def.js';

/**
 * The state of a world, for the package's own tests (white-box checks of the stores). Not
 * exported by the index: a user of the package cannot reach it.
 */
export function worldStateOf(world: World): WorldState {
  return stateOf(world);
}

/**
 * A 2D physics world: bodies, their shapes, and the soft-step solver that moves them.
 *
 * ```ts
 * const world = new World();
 * const ground = world.createBody();
 * world.createPolygonShape(ground, makeBox(50, 1));
 * const box = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 4 } });
 * world.createPolygonShape(box, makeBox(0.5, 0.5));
 * for (let i = 0; i < 60; i++) world.step(1 / 60);
 * ```
 */
export class World {
  /**
   * The state the solver works on. An ES private field: nothing outside this class reaches
   * it, except the package's tests through `worldStateOf` below, which the index does not
   * export. Internal modules are handed the state itself (the mover by `createMover`).
   * `restore` fills it in place, so it is the same object for the world's whole life.
   */
  readonly #state: WorldState;

  static {
    setWorldStateReader((world) => (world as World).#state);
  }

  static {
    // every method WORLD_METHODS classifies as a write renews the rollback stamp
    installWriteMarks(World.prototype, (world) => (world as World).#state);
  }

  constructor(def: Partial<WorldDef> = {}) {
    const d = { ...defaultWorldDef(), ...def };
    checkWorldDef('World', d);
    const solver = checkSolver('World', 'solver', d.solver ?? null);
    this.#state = new WorldState();
    if (d.sharedMemory === true) {
      this.#state.sharedMemory = true;
      shareWorldMemory(this.#state);
    }
    const kernel = d.contactKernel ?? 'js';
    if (kernel !== 'js') {
      if (typeof kernel !== 'object' || kernel === null || kernel.kind !== 'contact-kernel') {
        fail('World', 'contactKernel', "'js' or wasmContactKernel of '@impulse/core/wasm'", kernel);
      }
      // on shared memory the kernel's memory is a shared one, which the solver helpers view
      this.#state.contactKernel = (kernel as AttachableContactKernel).attach(
        this.#state,
        KERNEL_CORE,
        this,
        d.sharedMemory === true,
      );
    }
    this.applySettings(d);
    if (solver !== null) this.#state.solver = { solver, instance: solver.create() };
  }

  /** The alternative solver this world steps with, or null for the soft step. */
  getSolver(): Solver | null {
    return this.#state.solver?.solver ?? null;
  }

  /**
   * Switches the constraint solver between steps: a solver made by a solver factory, or
   * null for the soft step. Throws, leaving the solver as it was, when the world has a joint
   * the solver cannot solve (docs/solvers.md, the capability table). Contacts keep their
   * accumulated impulses as warm start. The solver is an input like the mixers: snapshots
   * and rollback states do not hold it, and `restore` and `loadState` keep it as set.
   */
  setSolver(solver: Solver | null): void {
    const s = checkSolver('setSolver', 'solver', solver);
    const w = this.#state;
    if (w.locked) throw new Error('setSolver: the world is stepping');
    if (s !== null) checkJointsUnderSolver('setSolver', w, s);
    w.solver = s === null ? null : { solver: s, instance: s.create() };
  }

  // ------------------------------------------------------------------ world

  /**
   * Advances the world by `dt` seconds. `subSteps` overrides the world's sub-step count
   * for this step. Use a fixed dt (e.g. 1/60) for reproducible results.
   */
  step(dt: number, subSteps: number = this.#state.settings.subSteps): void {
    checkPositiveAtMost('step', 'dt', dt, MAX_TIME_STEP, 's (split longer pauses into steps)');
    checkInteger('step', 'subSteps', subSteps, 1, 1000);
    if (this.#state.locked) throw new Error('step: the world is already stepping');
    const solver = this.#state.solver;
    if (solver !== null) checkJointsUnderSolver('step', this.#state, solver.solver);
    this.#state.locked = true;
    try {
      step(this.#state, dt, subSteps);
    } finally {
      this.#state.locked = false;
    }
  }

  /** Gravity (m/s^2). */
  getGravity(): Vec2 {
    return { x: this.#state.settings.gravityX, y: this.#state.settings.gravityY };
  }

  /** Changes gravity (m/s^2); its length must be at most `constants.MAX_GRAVITY` (1000). */
  setGravity(gravity: Vec2): void {
    checkVec2Length('setGravity', 'gravity', gravity, MAX_GRAVITY, 'm/s^2');
    this.#state.settings.gravityX = gravity.x;
    this.#state.settings.gravityY = gravity.y;
  }

  /** The current settings (a copy). */
  getSettings(): WorldDef {
    return settingsToDef(this.#state.settings, this.#state.frictionMixer, this.#state.restitutionMixer);
  }

  /** Changes some settings; the others keep their value. Turning sleep off wakes everything. */
  setSettings(settings: Partial<WorldDef>): void {
    const d = { ...this.getSettings(), ...settings };
    checkWorldDef('setSettings', d);
    if (settings.sharedMemory !== undefined && settings.sharedMemory !== this.#state.sharedMemory) {
      throw new Error(
        `setSettings: sharedMemory is fixed when the world is made (it is ${this.#state.sharedMemory}), got ${settings.sharedMemory}`,
      );
    }
    if (settings.contactKernel !== undefined) {
      throw new Error('setSettings: contactKernel is fixed when the world is made');
    }
    if (settings.solver !== undefined) this.setSolver(settings.solver);
    this.applySettings(d);
  }

  private applySettings(d: WorldDef): void {
    const wasSleepEnabled = this.#state.settings.enableSleep;
    defToSettings(this.#state.settings, d);
    this.#state.frictionMixer = d.frictionMixer;
    this.#state.restitutionMixer = d.restitutionMixer;
    // with sleep off, an island asleep now would stay frozen until something touched it
    if (wasSleepEnabled && !d.enableSleep) {
      const bodies = this.#state.bodies;
      for (let b = 0; b < bodies.pool.next; b++) {
        if (bodies.pool.alive[b] === 1) wakeBody(this.#state, b);
      }
    }
  }

  /** Timings of the last step, per stage (ms; zero unless `enableProfile`), and continuous-collision counts. */
  getProfile(): StepProfile {
    return { ...this.#state.profile };
  }

  /**
   * Copies the touching contact points (see `ContactPointRecord`: position, normal, normal
   * impulse, separation), `stride` apart, into `out`; returns how many there are, which
   * may exceed what fit (grow `out` and read again). For debug drawing.
   */
  readContactPoints(out: Float64Array, stride: number = ContactPointRecord.Size): number {
    const fn = 'readContactPoints';
    if (!(out instanceof Float64Array)) fail(fn, 'out', 'a Float64Array', out);
    checkInteger(fn, 'stride', stride, ContactPointRecord.Size, 1 << 20);
    return readContactPoints(this.#state, out, stride);
  }

  getCounters(): WorldCounters {
    const w = this.#state;
    let touching = 0;
    const contacts = w.contacts;
    for (let c = 0; c < contacts.pool.next; c++) {
      if (contacts.pool.alive[c] === 1 && (contacts.flags[c]! & CONTACT_TOUCHING) !== 0) touching++;
    }
    return {
      bodyCount: w.bodies.pool.count,
      awakeBodyCount: w.awakeBodyCount,
      shapeCount: w.shapes.pool.count,
      jointCount: w.joints.pool.count,
      contactCount: contacts.pool.count,
      touchingContactCount: touching,
      awakeContactCount: w.awakeContactCount,
      proxyCount: w.broadPhase.proxyCount,
      stepCount: w.stepCount,
    };
  }

  /** A 32-bit hash of every body's transform and velocity, for determinism checks. */
  stateHash(): number {
    return stateHash(this.#state);
  }

  /**
   * The whole world as one binary buffer: bodies, shapes, contacts with their warm-start
   * impulses, the broad phase and the settings. User data and mixer functions are not
   * included. `restore` continues bit for bit as if never interrupted.
   */
  snapshot(): Uint8Array {
    return worldFeature('snapshot', 'snapshot').snapshot(this.#state);
  }

  /**
   * Replaces this world's content with a snapshot. Mixers are kept as set, and so is the
   * user data of every body, shape, chain and joint whose id is live before and after.
   */
  restore(snapshot: Uint8Array): void {
    if (!(snapshot instanceof Uint8Array)) fail('restore', 'snapshot', 'a Uint8Array', snapshot);
    if (this.#state.locked) throw new Error('restore: the world is stepping');
    // the rollback stamp changes as the content is taken over (WorldState.adopt)
    const solver = this.#state.solver;
    worldFeature('restore', 'snapshot').restore(this.#state, snapshot);
    // the solver is an input, kept as set (setSolver); a fresh instance: no stale scratch
    this.#state.solver = solver === null ? null : { solver: solver.solver, instance: solver.solver.create() };
  }

  /**
   * Saves what stepping changes (poses, velocities, sleep state, contacts with their
   * warm-start impulses, joint impulses, the step counter) into `into`, or into a new
   * `RollbackState`, and returns it. For rollback netcode: keep a ring of states, pass the
   * same ones again (saving into a state allocates nothing once it has its size), and
   * `loadState` one to re-simulate. `snapshot()` stays the format for save games.
   */
  saveState(into?: RollbackState): RollbackState {
    if (into !== undefined && !(into instanceof RollbackState)) {
      throw new TypeError(`saveState: into must be a RollbackState or undefined, got ${describe(into)}`);
    }
    if (this.#state.locked) throw new Error('saveState: the world is stepping');
    const out = into ?? new RollbackState();
    worldFeature('saveState', 'rollback').save(this.#state, out);
    return out;
  }

  /**
   * Puts the world back into a state saved by `saveState`: stepping on is bit-identical to
   * having continued from there. The world must have the same structure as when the state
   * was saved (same bodies, shapes, chains and joints, with the same ids); otherwise this
   * throws and leaves the world unchanged. Settings, mixers, materials and user data are
   * inputs, not state: they stay as they are now.
   */
  loadState(state: RollbackState): void {
    if (!(state instanceof RollbackState)) {
      throw new TypeError(`loadState: state must be a RollbackState, got ${describe(state)}`);
    }
    if (this.#state.locked) throw new Error('loadState: the world is stepping');
    worldFeature('loadState', 'rollback').load(this.#state, state);
  }

  // ------------------------------------------------------------------ bodies

  /** Creates a body. Fields left out take the values of `defaultBodyDef()`. */
  createBody(def: Partial<BodyDef> = {}): BodyId {
    const fn = 'createBody';
    const d = checkBodyDef(fn, def);
    const w = this.#state;
    if (w.bodies.pool.count >= MAX_SLOTS)
      throw new RangeError(`${fn}: the world is full (${MAX_SLOTS} bodies)`);

    return w.bodies.pool.handle(createBody(w, d)) as BodyId;
  }

  /** Destroys a body with its shapes; bodies that touched it wake up. */
  destroyBody(bodyId: BodyId): void {
    const b = this.body('destroyBody', bodyId);
    destroyBody(this.#state, b);
  }

  /** True when the id names a live body. */
  isValidBody(bodyId: BodyId): boolean {
    return this.#state.bodies.pool.resolve(bodyId) !== -1;
  }

  /**
   * The slot of a live body: `readBodyTransforms` writes it at `slot * stride`. A slot is
   * reused by a later body once this one is destroyed (the id's generation tells them apart).
   */
  getBodySlot(bodyId: BodyId): number {
    return this.body('getBodySlot', bodyId);
  }

  /** One past the highest body slot ever used: how many records `readBodyTransforms` writes. */
  getBodySlotCount(): number {
    return this.#state.bodies.pool.next;
  }

  /**
   * Copies every body slot into `out` as one record per slot, fields at the offsets of
   * `BodyRecord` (id, awake, x, y, cos, sin, vx, vy, angular velocity), record `slot` at
   * `offset + slot * stride`. A free slot gets id 0 and zeros. `stride` (at least
   * `BodyRecord.Size`) leaves room for fields of the caller's own. Returns the number of
   * slots written. Allocates nothing: renderers and the worker call it every step.
   */
  readBodyTransforms(out: Float64Array, stride: number = BodyRecord.Size, offset = 0): number {
    const fn = 'readBodyTransforms';
    if (!(out instanceof Float64Array)) fail(fn, 'out', 'a Float64Array', out);
    checkInteger(fn, 'stride', stride, BodyRecord.Size, 1 << 20);
    checkInteger(fn, 'offset', offset, 0, out.length);
    const bodies = this.#state.bodies;
    const pool = bodies.pool;
    const count = pool.next;
    if (offset + count * stride > out.length) {
      throw new RangeError(
        `${fn}: out.length must be at least ${offset + count * stride} (offset + ${count} slots * stride ${stride}), got ${out.length}`,
      );
    }
    const state = bodies.state;
    for (let b = 0; b < count; b++) {
      const o = offset + b * stride;
      if (pool.alive[b] !== 1) {
        for (let k = 0; k < BodyRecord.Size; k++) out[o + k] = 0;
        continue;
      }
      const so = b * STATE_STRIDE;
      out[o + BodyRecord.Id] = pool.handle(b);
      out[o + BodyRecord.Awake] = bodies.awake[b]!;
      out[o + BodyRecord.X] = bodies.px[b]!;
      out[o + BodyRecord.Y] = bodies.py[b]!;
      out[o + BodyRecord.C] = bodies.c[b]!;
      out[o + BodyRecord.S] = bodies.s[b]!;
      out[o + BodyRecord.VX] = state[so + VX]!;
      out[o + BodyRecord.VY] = state[so + VY]!;
      out[o + BodyRecord.W] = state[so + W]!;
    }
    return count;
  }

  getBodyType(bodyId: BodyId): BodyType {
    return this.#state.bodies.type[this.body('getBodyType', bodyId)] as BodyType;
  }

  /** Changes the body type at run time: contacts are rebuilt and the mass recomputed. */
  setBodyType(bodyId: BodyId, type: BodyType): void {
    const b = this.body('setBodyType', bodyId);
    checkBodyType('setBodyType', 'type', type);
    setBodyType(this.#state, b, type);
  }

  /** World position of the body origin. */
  getBodyPosition(bodyId: BodyId): Vec2 {
    const b = this.body('getBodyPosition', bodyId);
    return { x: this.#state.bodies.px[b]!, y: this.#state.bodies.py[b]! };
  }

  /** Body angle in (-pi, pi]. */
  getBodyAngle(bodyId: BodyId): number {
    const b = this.body('getBodyAngle', bodyId);
    return atan2(this.#state.bodies.s[b]!, this.#state.bodies.c[b]!);
  }

  /** Body rotation as cosine and sine. */
  getBodyRotation(bodyId: BodyId): BodyRotation {
    const b = this.body('getBodyRotation', bodyId);
    return { c: this.#state.bodies.c[b]!, s: this.#state.bodies.s[b]! };
  }

  /** World center of mass. */
  getBodyWorldCenter(bodyId: BodyId): Vec2 {
    const b = this.body('getBodyWorldCenter', bodyId);
    return { x: this.#state.bodies.cx[b]!, y: this.#state.bodies.cy[b]! };
  }

  /** Center of mass in body coordinates. */
  getBodyLocalCenter(bodyId: BodyId): Vec2 {
    const b = this.body('getBodyLocalCenter', bodyId);
    return { x: this.#state.bodies.lcx[b]!, y: this.#state.bodies.lcy[b]! };
  }

  /** Linear velocity of the center of mass. */
  getBodyLinearVelocity(bodyId: BodyId): Vec2 {
    const o = this.body('getBodyLinearVelocity', bodyId) * STATE_STRIDE;
    return { x: this.#state.bodies.state[o + VX]!, y: this.#state.bodies.state[o + VY]! };
  }

  getBodyAngularVelocity(bodyId: BodyId): number {
    const o = this.body('getBodyAngularVelocity', bodyId) * STATE_STRIDE;
    return this.#state.bodies.state[o + W]!;
  }

  /** Sets the linear velocity of the center of mass; a non-zero velocity wakes the body. */
  setBodyLinearVelocity(bodyId: BodyId, v: Vec2): void {
    const b = this.body('setBodyLinearVelocity', bodyId);
    checkVec2Within('setBodyLinearVelocity', 'velocity', v, MAX_SPEED, 'm/s');
    setLinearVelocity(this.#state, b, v);
  }

  setBodyAngularVelocity(bodyId: BodyId, omega: number): void {
    const b = this.body('setBodyAngularVelocity', bodyId);
    checkWithin('setBodyAngularVelocity', 'angularVelocity', omega, MAX_ANGULAR_SPEED, 'rad/s');
    setAngularVelocity(this.#state, b, omega);
  }

  /** Teleports the body origin to `position` at `angle`, and wakes it. */
  setBodyTransform(bodyId: BodyId, position: Vec2, angle: number): void {
    const b = this.body('setBodyTransform', bodyId);
    checkVec2Within('setBodyTransform', 'position', position, MAX_COORDINATE, 'm');
    checkWithin('setBodyTransform', 'angle', angle, MAX_ANGLE, 'rad');
    setTransform(this.#state, b, position, angle);
  }

  /** Applies a force (N) at a world point; wakes the body unless `wake` is false. */
  applyBodyForce(bodyId: BodyId, force: Vec2, point: Vec2, wake = true): void {
    const b = this.body('applyBodyForce', bodyId);
    checkVec2Within('applyBodyForce', 'force', force, MAX_FORCE, 'N');
    checkVec2Within('applyBodyForce', 'point', point, MAX_COORDINATE, 'm');
    checkBoolean('applyBodyForce', 'wake', wake);
    applyForce(this.#state, b, force, point, wake);
  }

  /** Applies a force (N) at the center of mass. */
  applyBodyForceToCenter(bodyId: BodyId, force: Vec2, wake = true): void {
    const b = this.body('applyBodyForceToCenter', bodyId);
    checkVec2Within('applyBodyForceToCenter', 'force', force, MAX_FORCE, 'N');
    checkBoolean('applyBodyForceToCenter', 'wake', wake);
    applyForceToCenter(this.#state, b, force, wake);
  }

  /** Applies a torque (N m). */
  applyBodyTorque(bodyId: BodyId, torque: number, wake = true): void {
    const b = this.body('applyBodyTorque', bodyId);
    checkWithin('applyBodyTorque', 'torque', torque, MAX_FORCE, 'N m');
    checkBoolean('applyBodyTorque', 'wake', wake);
    applyTorque(this.#state, b, torque, wake);
  }

  /** Applies an impulse (N s) at a world point: changes the velocity at once. */
  applyBodyLinearImpulse(bodyId: BodyId, impulse: Vec2, point: Vec2, wake = true): void {
    const b = this.body('applyBodyLinearImpulse', bodyId);
    checkVec2Within('applyBodyLinearImpulse', 'impulse', impulse, MAX_FORCE, 'N s');
    checkVec2Within('applyBodyLinearImpulse', 'point', point, MAX_COORDINATE, 'm');
    checkBoolean('applyBodyLinearImpulse', 'wake', wake);
    applyLinearImpulse(this.#state, b, impulse, point, wake);
  }

  /** Applies an impulse (N s) at the center of mass. */
  applyBodyLinearImpulseToCenter(bodyId: BodyId, impulse: Vec2, wake = true): void {
    const b = this.body('applyBodyLinearImpulseToCenter', bodyId);
    checkVec2Within('applyBodyLinearImpulseToCenter', 'impulse', impulse, MAX_FORCE, 'N s');
    checkBoolean('applyBodyLinearImpulseToCenter', 'wake', wake);
    applyLinearImpulseToCenter(this.#state, b, impulse, wake);
  }

  /** Applies an angular impulse (N m s). */
  applyBodyAngularImpulse(bodyId: BodyId, impulse: number, wake = true): void {
    const b = this.body('applyBodyAngularImpulse', bodyId);
    checkWithin('applyBodyAngularImpulse', 'impulse', impulse, MAX_FORCE, 'N m s');
    checkBoolean('applyBodyAngularImpulse', 'wake', wake);
    applyAngularImpulse(this.#state, b, impulse, wake);
  }

  getBodyMass(bodyId: BodyId): number {
    return this.#state.bodies.mass[this.body('getBodyMass', bodyId)]!;
  }

  /** Rotational inertia about the center of mass. */
  getBodyRotationalInertia(bodyId: BodyId): number {
    return this.#state.bodies.inertia[this.body('getBodyRotationalInertia', bodyId)]!;
  }

  getBodyMassData(bodyId: BodyId): BodyMassData {
    const b = this.body('getBodyMassData', bodyId);
    const bodies = this.#state.bodies;
    return {
      mass: bodies.mass[b]!,
      center: { x: bodies.lcx[b]!, y: bodies.lcy[b]! },
      rotationalInertia: bodies.inertia[b]!,
    };
  }

  /**
   * Overrides the mass computed from the shapes (dynamic bodies only). Mass in [1e-30, 1e18]
   * kg, inertia 0 or in [1e-30, 1e28] kg m^2 (`constants.MIN_MASS`, `MAX_MASS`,
   * `MIN_ROTATIONAL_INERTIA`, `MAX_ROTATIONAL_INERTIA`).
   */
  setBodyMassData(bodyId: BodyId, data: BodyMassData): void {
    const fn = 'setBodyMassData';
    const b = this.body(fn, bodyId);
    checkBodyMassData(fn, data);
    const w = this.#state;
    if (w.bodies.type[b] !== BodyType.Dynamic) return;
    applyMass(w, b, data.mass, data.rotationalInertia, data.center.x, data.center.y);
    w.bodies.massOverridden[b] = 1;
  }

  /** Recomputes the mass from the shapes, dropping any override. */
  resetBodyMassData(bodyId: BodyId): void {
    const b = this.body('resetBodyMassData', bodyId);
    updateMassFromShapes(this.#state, b);
  }

  getBodyLinearDamping(bodyId: BodyId): number {
    return this.#state.bodies.linearDamping[this.body('getBodyLinearDamping', bodyId)]!;
  }

  setBodyLinearDamping(bodyId: BodyId, damping: number): void {
    const b = this.body('setBodyLinearDamping', bodyId);
    const value = checkNonNegative('setBodyLinearDamping', 'damping', damping);
    this.#state.bodies.linearDamping[b] = value;
  }

  getBodyAngularDamping(bodyId: BodyId): number {
    return this.#state.bodies.angularDamping[this.body('getBodyAngularDamping', bodyId)]!;
  }

  setBodyAngularDamping(bodyId: BodyId, damping: number): void {
    const b = this.body('setBodyAngularDamping', bodyId);
    const value = checkNonNegative('setBodyAngularDamping', 'damping', damping);
    this.#state.bodies.angularDamping[b] = value;
  }

  getBodyGravityScale(bodyId: BodyId): number {
    return this.#state.bodies.gravityScale[this.body('getBodyGravityScale', bodyId)]!;
  }

  /** Scales the world's gravity for this body, in [-100, 100] (`constants.MAX_GRAVITY_SCALE`). */
  setBodyGravityScale(bodyId: BodyId, scale: number): void {
    const b = this.body('setBodyGravityScale', bodyId);
    const value = checkWithin('setBodyGravityScale', 'scale', scale, MAX_GRAVITY_SCALE, '');
    this.#state.bodies.gravityScale[b] = value;
  }

  isBodyFixedRotation(bodyId: BodyId): boolean {
    return this.#state.bodies.fixedRotation[this.body('isBodyFixedRotation', bodyId)] === 1;
  }

  /** Prevents rotation (infinite inertia). */
  setBodyFixedRotation(bodyId: BodyId, flag: boolean): void {
    const b = this.body('setBodyFixedRotation', bodyId);
    checkBoolean('setBodyFixedRotation', 'flag', flag);
    setFixedRotation(this.#state, b, flag);
  }

  isBodyBullet(bodyId: BodyId): boolean {
    return this.#state.bodies.bullet[this.body('isBodyBullet', bodyId)] === 1;
  }

  /** Marks a fast body for continuous collision against other dynamic bodies too. */
  setBodyBullet(bodyId: BodyId, flag: boolean): void {
    const b = this.body('setBodyBullet', bodyId);
    checkBoolean('setBodyBullet', 'flag', flag);
    this.#state.bodies.bullet[b] = flag ? 1 : 0;
  }

  isBodyAwake(bodyId: BodyId): boolean {
    return this.#state.bodies.awake[this.body('isBodyAwake', bodyId)] === 1;
  }

  /** Wakes the body's island, or puts the body to sleep at once. */
  setBodyAwake(bodyId: BodyId, awake: boolean): void {
    const b = this.body('setBodyAwake', bodyId);
    checkBoolean('setBodyAwake', 'awake', awake);
    const w = this.#state;
    setAwakeWith(w, wakeBody, sleepBody, w.settings.enableSleep, b, awake);
  }

  isBodySleepEnabled(bodyId: BodyId): boolean {
    return this.#state.bodies.enableSleep[this.body('isBodySleepEnabled', bodyId)] === 1;
  }

  /** Allows or forbids this body to sleep; forbidding wakes it. */
  enableBodySleep(bodyId: BodyId, flag: boolean): void {
    const b = this.body('enableBodySleep', bodyId);
    checkBoolean('enableBodySleep', 'flag', flag);
    this.#state.bodies.enableSleep[b] = flag ? 1 : 0;
    if (!flag) wakeBody(this.#state, b);
  }

  getBodySleepThreshold(bodyId: BodyId): number {
    return this.#state.bodies.sleepThreshold[this.body('getBodySleepThreshold', bodyId)]!;
  }

  setBodySleepThreshold(bodyId: BodyId, speed: number): void {
    const b = this.body('setBodySleepThreshold', bodyId);
    const value = checkNonNegative('setBodySleepThreshold', 'speed', speed);
    this.#state.bodies.sleepThreshold[b] = value;
  }

  getBodyUserData(bodyId: BodyId): unknown {
    return this.#state.bodies.userData[this.body('getBodyUserData', bodyId)];
  }

  setBodyUserData(bodyId: BodyId, data: unknown): void {
    // keeps the rollback stamp, as the other user-data setters: no step, save or load reads it
    this.#state.bodies.userData[this.body('setBodyUserData', bodyId)] = data;
  }

  /** The shapes attached to a body, newest first. */
  getBodyShapes(bodyId: BodyId): ShapeId[] {
    const b = this.body('getBodyShapes', bodyId);
    const out: ShapeId[] = [];
    const shapes = this.#state.shapes;
    for (let s = this.#state.bodies.shapeHead[b]!; s !== -1; s = shapes.next[s]!) {
      out.push(shapes.pool.handle(s) as ShapeId);
    }
    return out;
  }

  /** The joints attached to the body (each once), most recently created first. */
  getBodyJoints(bodyId: BodyId): JointId[] {
    const b = this.body('getBodyJoints', bodyId);
    const out: JointId[] = [];
    const joints = this.#state.joints;
    // Edge = 2 * joint + side: a joint between this body and itself appears once per side.
    for (let edge = this.#state.bodies.jointHead[b]!; edge !== -1; edge = joints.edgeNext[edge]!) {
      const id = joints.pool.handle(edge >> 1) as JointId;
      if (!out.includes(id)) out.push(id);
    }
    return out;
  }

  // ------------------------------------------------------------------ shapes

  /** Attaches a circle. The geometry is copied. */
  createCircleShape(bodyId: BodyId, circle: Circle, def: ShapeDefInput = {}): ShapeId {
    const fn = 'createCircleShape';
    const b = this.body(fn, bodyId);
    checkCircle(fn, 'circle', circle);
    const d = this.shapeDef(fn, def);
    return this.newShape(b, ShapeType.Circle, cloneGeometry(circle), d);
  }

  /** Attaches a capsule. The geometry is copied. */
  createCapsuleShape(bodyId: BodyId, capsule: Capsule, def: ShapeDefInput = {}): ShapeId {
    const fn = 'createCapsuleShape';
    const b = this.body(fn, bodyId);
    checkCapsule(fn, 'capsule', capsule);
    const d = this.shapeDef(fn, def);
    return this.newShape(b, ShapeType.Capsule, cloneGeometry(capsule), d);
  }

  /** Attaches a convex polygon (see makeBox, makePolygon). The geometry is copied. */
  createPolygonShape(bodyId: BodyId, polygon: Polygon, def: ShapeDefInput = {}): ShapeId {
    const fn = 'createPolygonShape';
    const b = this.body(fn, bodyId);
    checkPolygon(fn, 'polygon', polygon);
    const d = this.shapeDef(fn, def);
    return this.newShape(b, ShapeType.Polygon, cloneGeometry(polygon), d);
  }

  /** Attaches a two-sided segment (no mass). The geometry is copied. */
  createSegmentShape(bodyId: BodyId, segment: Segment, def: ShapeDefInput = {}): ShapeId {
    const fn = 'createSegmentShape';
    const b = this.body(fn, bodyId);
    checkSegment(fn, 'segment', segment);
    const d = this.shapeDef(fn, def);
    return this.newShape(b, ShapeType.Segment, cloneGeometry(segment), d);
  }

  /**
   * Attaches a one-sided chain of segments, for terrain. Bodies slide across the joints
   * between segments without catching. Collision is on the right side of each segment's
   * direction: a counter-clockwise loop collides from outside, and ground meant to be
   * walked on from above is listed from right to left. An open chain of n points makes
   * n - 1 segments whose end neighbours extend the end segments straight on.
   */
  createChain(bodyId: BodyId, def: ChainDefInput): ChainId {
    const fn = 'createChain';
    const b = this.body(fn, bodyId);
    const d = checkChainDef(fn, def);

    const w = this.#state;
    const slot = createChain(w, b, d);
    return makeHandle(slot, w.chainGeneration[slot]!, HandleKind.Chain) as ChainId;
  }

  /** Destroys a chain and its segments. */
  destroyChain(chainId: ChainId): void {
    const slot = this.chain('destroyChain', chainId);
    destroyChain(this.#state, slot);
  }

  /** The segment shapes of a chain, in order. */
  getChainSegments(chainId: ChainId): ShapeId[] {
    const slot = this.chain('getChainSegments', chainId);
    const shapes = this.#state.shapes;
    return this.#state.chains[slot]!.shapes.map((s) => shapes.pool.handle(s) as ShapeId);
  }

  isValidChain(chainId: ChainId): boolean {
    return this.resolveChain(chainId) !== -1;
  }

  /** Destroys a shape; by default the body's mass is recomputed. Chain segments go with
   * their chain (destroyChain). */
  destroyShape(shapeId: ShapeId, updateBodyMass = true): void {
    const s = this.shape('destroyShape', shapeId);
    checkBoolean('destroyShape', 'updateBodyMass', updateBodyMass);
    const w = this.#state;
    if (w.shapes.chain[s] !== -1)
      fail('destroyShape', 'shapeId', 'not part of a chain (use destroyChain)', shapeId);
    const b = w.shapes.body[s]!;
    resetIslandImpulses(w, b);
    freeShape(w, s, true);
    if (updateBodyMass && w.bodies.massOverridden[b] !== 1) updateMassFromShapes(w, b);
    else updateMaxExtent(w, b);
  }

  isValidShape(shapeId: ShapeId): boolean {
    return this.#state.shapes.pool.resolve(shapeId) !== -1;
  }

  getShapeBody(shapeId: ShapeId): BodyId {
    const s = this.shape('getShapeBody', shapeId);
    const b = this.#state.shapes.body[s]!;
    return this.#state.bodies.pool.handle(b) as BodyId;
  }

  getShapeType(shapeId: ShapeId): ShapeType {
    return this.#state.shapes.typeOf(this.shape('getShapeType', shapeId));
  }

  /** A copy of the shape's geometry in body coordinates. */
  getShapeGeometry(shapeId: ShapeId): Geometry {
    const s = this.shape('getShapeGeometry', shapeId);
    return cloneGeometry(this.#state.shapes.geometry[s]!);
  }

  getShapeDensity(shapeId: ShapeId): number {
    return this.#state.shapes.density[this.shape('getShapeDensity', shapeId)]!;
  }

  /** Changes the density; the body's mass is recomputed unless `updateBodyMass` is false. */
  setShapeDensity(shapeId: ShapeId, density: number, updateBodyMass = true): void {
    const s = this.shape('setShapeDensity', shapeId);
    checkNonNegativeAtMost('setShapeDensity', 'density', density, MAX_DENSITY, 'kg/m^2');
    checkBoolean('setShapeDensity', 'updateBodyMass', updateBodyMass);
    const w = this.#state;
    w.shapes.density[s] = density;
    const b = w.shapes.body[s]!;
    if (updateBodyMass && w.bodies.massOverridden[b] !== 1) updateMassFromShapes(w, b);
  }

  getShapeFriction(shapeId: ShapeId): number {
    return this.#state.shapes.friction[this.shape('getShapeFriction', shapeId)]!;
  }

  setShapeFriction(shapeId: ShapeId, friction: number): void {
    const s = this.shape('setShapeFriction', shapeId);
    checkNonNegative('setShapeFriction', 'friction', friction);
    this.#state.shapes.friction[s] = friction;
    remixContacts(this.#state, s);
  }

  getShapeRestitution(shapeId: ShapeId): number {
    return this.#state.shapes.restitution[this.shape('getShapeRestitution', shapeId)]!;
  }

  setShapeRestitution(shapeId: ShapeId, restitution: number): void {
    const s = this.shape('setShapeRestitution', shapeId);
    checkNonNegative('setShapeRestitution', 'restitution', restitution);
    this.#state.shapes.restitution[s] = restitution;
    remixContacts(this.#state, s);
  }

  getShapeFilter(shapeId: ShapeId): Filter {
    const s = this.shape('getShapeFilter', shapeId);
    const shapes = this.#state.shapes;
    return {
      categoryBits: shapes.categoryBits[s]!,
      maskBits: shapes.maskBits[s]!,
      groupIndex: shapes.groupIndex[s]!,
    };
  }

  /**
   * Changes the collision filter: the shape's contacts are rebuilt on the next step. As in
   * a shape definition, fields left out take the defaults (`defaultFilter()`), not the
   * shape's current values: `{ groupIndex: -1 }` is the default category and mask in group -1.
   */
  setShapeFilter(shapeId: ShapeId, filter: Partial<Filter>): void {
    const s = this.shape('setShapeFilter', shapeId);
    const f = checkFilter('setShapeFilter', 'filter', withDefaultFilter(filter));
    setFilter(this.#state, s, f);
  }

  areShapeContactEventsEnabled(shapeId: ShapeId): boolean {
    return this.#state.shapes.enableContactEvents[this.shape('areShapeContactEventsEnabled', shapeId)] === 1;
  }

  /** Turns contact begin/end reporting for this shape on or off. */
  enableShapeContactEvents(shapeId: ShapeId, flag: boolean): void {
    const s = this.shape('enableShapeContactEvents', shapeId);
    checkBoolean('enableShapeContactEvents', 'flag', flag);
    this.#state.shapes.enableContactEvents[s] = flag ? 1 : 0;
  }

  getShapeUserData(shapeId: ShapeId): unknown {
    return this.#state.shapes.userData[this.shape('getShapeUserData', shapeId)];
  }

  setShapeUserData(shapeId: ShapeId, data: unknown): void {
    // keeps the rollback stamp (see setBodyUserData)
    this.#state.shapes.userData[this.shape('setShapeUserData', shapeId)] = data;
  }

  /** The shape's current world bounding box. */
  getShapeAABB(shapeId: ShapeId): query.QueryAABB {
    const s = this.shape('getShapeAABB', shapeId);
    const box = this.#state.shapes.box;
    return { minX: box[4 * s]!, minY: box[4 * s + 1]!, maxX: box[4 * s + 2]!, maxY: box[4 * s + 3]! };
  }

  // ------------------------------------------------------------------ joints

  /** Creates a revolute joint (a hinge at the anchors). */
  createRevoluteJoint(def: JointDefInput<RevoluteJointParams>): JointId<typeof JointType.Revolute> {
    return this.newJoint('createRevoluteJoint', JointType.Revolute, def);
  }

  /**
   * Creates a distance joint: a rigid rod between the anchors, or (enableSpring) a spring
   * with optional length limits (a rope) and motor.
   */
  createDistanceJoint(def: JointDefInput<DistanceJointParams>): JointId<typeof JointType.Distance> {
    return this.newJoint('createDistanceJoint', JointType.Distance, def);
  }

  /**
   * Creates a wheel joint: body B slides on a suspension spring along an axis fixed in
   * body A and turns freely, optionally driven by a motor.
   */
  createWheelJoint(def: JointDefInput<WheelJointParams & WorldAxisDef>): JointId<typeof JointType.Wheel> {
    return this.newJoint('createWheelJoint', JointType.Wheel, def);
  }

  /**
   * Creates a mouse (target) joint: body B's anchor (localAnchorB) is pulled by a soft
   * spring toward the world point `target`, with at most maxForce; body A takes no force
   * (use a static ground body). Without `target` it starts at the anchor's position.
   */
  createMouseJoint(def: JointDefInput<MouseJointParams>): JointId<typeof JointType.Mouse> {
    // without a target the joint starts at body B's anchor (known once the anchors are)
    return this.newJoint('createMouseJoint', JointType.Mouse, def, (p, bodyB, localB) => {
      if (def.target === undefined) p.target = this.getBodyWorldPoint(bodyB, localB);
    });
  }

  /**
   * Creates a motor joint: drives B to linearOffset (in A's frame) and angularOffset
   * relative to A, with at most maxForce and maxTorque.
   */
  createMotorJoint(def: JointDefInput<MotorJointParams>): JointId<typeof JointType.Motor> {
    return this.newJoint('createMotorJoint', JointType.Motor, def);
  }

  /**
   * Creates a filter joint: no constraint, it only stops the two bodies colliding with
   * each other (collideConnected must be false or absent). Destroy it to let them collide.
   */
  createFilterJoint(def: JointDefInput<FilterJointParams>): JointId<typeof JointType.Filter> {
    return this.newJoint('createFilterJoint', JointType.Filter, def);
  }

  /** Creates a prismatic joint (B slides along an axis fixed in A, without turning). */
  createPrismaticJoint(
    def: JointDefInput<PrismaticJointParams & WorldAxisDef>,
  ): JointId<typeof JointType.Prismatic> {
    return this.newJoint('createPrismaticJoint', JointType.Prismatic, def);
  }

  /** Creates a weld joint (B glued to A, rigid or springy). */
  createWeldJoint(def: JointDefInput<WeldJointParams>): JointId<typeof JointType.Weld> {
    return this.newJoint('createWeldJoint', JointType.Weld, def);
  }

  /** Destroys a joint and wakes its bodies. */
  destroyJoint(jointId: JointId): void {
    const j = this.joint('destroyJoint', jointId);
    freeJoint(this.#state, j);
  }

  isValidJoint(jointId: JointId): boolean {
    return this.#state.joints.pool.resolve(jointId) !== -1;
  }

  getJointType(jointId: JointId): JointType {
    return this.#state.joints.type[this.joint('getJointType', jointId)] as JointType;
  }

  getJointBodyA(jointId: JointId): BodyId {
    const j = this.joint('getJointBodyA', jointId);
    return this.#state.bodies.pool.handle(this.#state.joints.bodyA[j]!) as BodyId;
  }

  getJointBodyB(jointId: JointId): BodyId {
    const j = this.joint('getJointBodyB', jointId);
    return this.#state.bodies.pool.handle(this.#state.joints.bodyB[j]!) as BodyId;
  }

  /** The joint's anchors in each body's frame, as created. */
  getJointLocalAnchors(jointId: JointId): JointLocalAnchors {
    const j = this.joint('getJointLocalAnchors', jointId);
    const joints = this.#state.joints;
    return {
      localAnchorA: { x: joints.localAx[j]!, y: joints.localAy[j]! },
      localAnchorB: { x: joints.localBx[j]!, y: joints.localBy[j]! },
    };
  }

  /** The constraint force (N) the joint applied on body B during the last step. */
  getJointConstraintForce(jointId: JointId): Vec2 {
    const j = this.joint('getJointConstraintForce', jointId);
    return { x: this.#state.joints.forceX[j]!, y: this.#state.joints.forceY[j]! };
  }

  /** The constraint torque (N m) the joint applied on body B during the last step. */
  getJointConstraintTorque(jointId: JointId): number {
    return this.#state.joints.torque[this.joint('getJointConstraintTorque', jointId)]!;
  }

  /** False once the joint broke; a broken joint no longer acts. */
  isJointEnabled(jointId: JointId): boolean {
    return this.#state.joints.enabled[this.joint('isJointEnabled', jointId)] === 1;
  }

  /** The force (N) above which the joint breaks; Infinity when it never does. */
  getJointBreakForce(jointId: JointId): number {
    return this.#state.joints.breakForce[this.joint('getJointBreakForce', jointId)]!;
  }

  /**
   * Sets the force (N) above which the joint breaks: in (0, MAX_FORCE], or Infinity for
   * never. The joint keeps its warm-start and spring state (re-creating it would not); a
   * broken joint stays broken.
   */
  setJointBreakForce(jointId: JointId, force: number): void {
    const j = this.joint('setJointBreakForce', jointId);
    const limit = checkBreakLimit('setJointBreakForce', 'force', force, 'N');
    const joints = this.#state.joints;
    const solver = this.#state.solver?.solver;
    if (solver !== undefined) {
      checkNewJointUnderSolver(
        'setJointBreakForce',
        solver,
        joints.type[j]!,
        joints.data[j]!,
        limit,
        joints.breakTorque[j]!,
      );
    }
    joints.breakForce[j] = limit;
  }

  /** The torque (N m) above which the joint breaks; Infinity when it never does. */
  getJointBreakTorque(jointId: JointId): number {
    return this.#state.joints.breakTorque[this.joint('getJointBreakTorque', jointId)]!;
  }

  /** Sets the torque (N m) above which the joint breaks (see setJointBreakForce). */
  setJointBreakTorque(jointId: JointId, torque: number): void {
    const j = this.joint('setJointBreakTorque', jointId);
    const limit = checkBreakLimit('setJointBreakTorque', 'torque', torque, 'N m');
    const joints = this.#state.joints;
    const solver = this.#state.solver?.solver;
    if (solver !== undefined) {
      checkNewJointUnderSolver(
        'setJointBreakTorque',
        solver,
        joints.type[j]!,
        joints.data[j]!,
        joints.breakForce[j]!,
        limit,
      );
    }
    joints.breakTorque[j] = limit;
  }

  /** Joints that broke in the last step, and joints removed with a body since it began. */
  getJointEvents(): JointEvents {
    const w = this.#state;
    const broken: JointId[] = [];
    const removed: JointId[] = [];
    for (let i = 0; i < w.jointEventIds.length; i++) {
      (w.jointEventBroken[i] === 1 ? broken : removed).push(w.jointEventIds[i] as JointId);
    }
    return { broken, removed };
  }

  getJointUserData(jointId: JointId): unknown {
    return this.#state.joints.userData[this.joint('getJointUserData', jointId)];
  }

  setJointUserData(jointId: JointId, data: unknown): void {
    // keeps the rollback stamp (see setBodyUserData)
    this.#state.joints.userData[this.joint('setJointUserData', jointId)] = data;
  }

  /**
   * The type-specific parameters of a joint (a copy), typed by the id's joint type: the
   * id a create method returned gives that type's fields (for a plain `JointId`, narrow
   * with getJointType).
   */
  getJointParams<K extends JointType>(jointId: JointId<K>): JointParamsOf<K> {
    const j = this.joint('getJointParams', jointId);
    const joints = this.#state.joints;
    const ops = jointTypes[joints.type[j]!]!.params;
    return (ops === null ? {} : ops.read(joints.data[j]!)) as JointParamsOf<K>;
  }

  /**
   * Changes some type-specific parameters of a joint and wakes its bodies. A field the
   * joint's type does not have is an error (`setJointParams: unknown field ...`).
   */
  setJointParams(jointId: JointId, params: Partial<JointParamsUnion>): void {
    const fn = 'setJointParams';
    const j = this.joint(fn, jointId);
    if (typeof params !== 'object' || params === null) fail(fn, 'params', 'an object', params);
    const w = this.#state;
    const joints = w.joints;
    const entry = jointTypes[joints.type[j]!]!;
    checkKnownFields(fn, params, entry.paramKeys, `${entry.name} joints`);
    const ops = entry.params;
    if (ops !== null) {
      const data = joints.data[j]!;
      const merged = { ...ops.read(data), ...params };
      ops.check(fn, merged);
      const solver = w.solver?.solver;
      if (solver !== undefined) {
        checkNewJointUnderSolver(
          fn,
          solver,
          joints.type[j]!,
          merged,
          joints.breakForce[j]!,
          joints.breakTorque[j]!,
        );
      }
      ops.apply(data, merged);
    }
    wakeBody(w, joints.bodyA[j]!);
    wakeBody(w, joints.bodyB[j]!);
  }

  /**
   * Joint coordinates: revolute {angle, speed} (rad, rad/s); prismatic and wheel
   * {translation, speed} along the axis; distance {length, speed}; others {}.
   */
  getJointState<K extends JointType>(jointId: JointId<K>): JointStateOf<K> {
    const j = this.joint('getJointState', jointId);
    const joints = this.#state.joints;
    return jointTypes[joints.type[j]!]!.state(this.#state, j, joints.data[j]!) as JointStateOf<K>;
  }

  /** A world point expressed in the body's frame (for joint anchors). */
  getBodyLocalPoint(bodyId: BodyId, worldPoint: Vec2): Vec2 {
    const b = this.body('getBodyLocalPoint', bodyId);
    checkVec2Within('getBodyLocalPoint', 'worldPoint', worldPoint, MAX_COORDINATE, 'm');
    const bodies = this.#state.bodies;
    const dx = worldPoint.x - bodies.px[b]!;
    const dy = worldPoint.y - bodies.py[b]!;
    const c = bodies.c[b]!;
    const s = bodies.s[b]!;
    return { x: c * dx + s * dy, y: -s * dx + c * dy };
  }

  /** A point of the body's frame expressed in world coordinates. */
  getBodyWorldPoint(bodyId: BodyId, localPoint: Vec2): Vec2 {
    const b = this.body('getBodyWorldPoint', bodyId);
    checkVec2Within('getBodyWorldPoint', 'localPoint', localPoint, MAX_COORDINATE, 'm');
    const bodies = this.#state.bodies;
    const c = bodies.c[b]!;
    const s = bodies.s[b]!;
    return {
      x: bodies.px[b]! + c * localPoint.x - s * localPoint.y,
      y: bodies.py[b]! + s * localPoint.x + c * localPoint.y,
    };
  }

  /**
   * Creates a joint of a registered type (joints/registry.ts). Checked in this order: the
   * field names (unknown fields, a world and a local form of the same thing), the bodies,
   * the world points (turned into local anchors and axis, joints/joint_def.ts), the type's
   * parameters, the common fields; then the joint is made. `finish` may complete the
   * parameters once the anchors are known. Nothing is written before every check passed.
   */
  private newJoint<K extends JointType>(
    fn: string,
    type: K,
    def: JointDefInput<object>,
    finish?: (params: Record<string, unknown>, bodyB: BodyId, localB: Vec2) => void,
  ): JointId<K> {
    if (typeof def !== 'object' || def === null) fail(fn, 'def', 'an object', def);
    const entry = jointTypes[type]!;
    checkJointDefFields(fn, entry, def);
    const a = this.bodyField(fn, 'bodyA', def.bodyA);
    const b = this.bodyField(fn, 'bodyB', def.bodyB);
    if (a === b) fail(fn, 'bodyB', 'a different body from bodyA', def.bodyB);
    const w = this.#state;
    const { localA, localB, derived } = resolveJointDef(w, fn, entry, def, a, b);
    checkVec2Within(fn, 'localAnchorA', localA, MAX_COORDINATE, 'm');
    checkVec2Within(fn, 'localAnchorB', localB, MAX_COORDINATE, 'm');
    const params = entry.params;
    const d: Record<string, unknown> = { ...params?.defaults(), ...def, ...derived };
    finish?.(d, def.bodyB, localB);
    if (params === null) entry.checkDef(fn, def);
    else params.check(fn, d);
    const collideConnected = def.collideConnected ?? false;
    checkBoolean(fn, 'collideConnected', collideConnected);
    const breakForce = checkBreakLimit(fn, 'breakForce', def.breakForce, 'N');
    const breakTorque = checkBreakLimit(fn, 'breakTorque', def.breakTorque, 'N m');
    if (w.solver !== null) checkNewJointUnderSolver(fn, w.solver.solver, type, d, breakForce, breakTorque);

    const data = entry.create();
    params?.apply(data, d);
    const j = createJoint(
      w,
      type,
      a,
      b,
      localA,
      localB,
      collideConnected,
      breakForce,
      breakTorque,
      data,
      def.userData,
    );
    return w.joints.pool.handle(j) as JointId<K>;
  }

  private joint(fn: string, id: unknown): number {
    const j = this.#state.joints.pool.resolve(id);
    if (j === -1) {
      throw new RangeError(
        `${fn}: jointId must be a live joint, got ${describe(id)} (never created, destroyed or stale)`,
      );
    }
    return j;
  }

  private bodyField(fn: string, field: string, id: unknown): number {
    const b = this.#state.bodies.pool.resolve(id);
    if (b === -1) fail(fn, field, 'a live body id', id);
    return b;
  }

  // ---- queries
  // Read-only: every query validates first and never changes the world. Rules (filters,
  // rays starting inside, one-sided chains, sorting) are documented in query.ts.

  /**
   * The closest shape hit by the ray origin + t * translation, t in [0, 1], or null.
   * Equal fractions go to the lower shape id. A ray starting strictly inside a solid
   * shape does not hit it.
   */
  castRayClosest(origin: Vec2, translation: Vec2, filter?: Partial<query.QueryFilter>): query.RayHit | null {
    return worldFeature('castRayClosest', 'queries').castRayClosest(this.#state, origin, translation, filter);
  }

  /** Every shape hit by the ray, each once (where it enters), sorted by fraction then shape id. */
  castRayAll(origin: Vec2, translation: Vec2, filter?: Partial<query.QueryFilter>): query.RayHit[] {
    return worldFeature('castRayAll', 'queries').castRayAll(this.#state, origin, translation, filter);
  }

  /** The first hit found (not necessarily the closest; cheapest), or null. */
  castRayAny(origin: Vec2, translation: Vec2, filter?: Partial<query.QueryFilter>): query.RayHit | null {
    return worldFeature('castRayAny', 'queries').castRayAny(this.#state, origin, translation, filter);
  }

  /**
   * Sweeps `geometry` placed by `transform` along `translation` and returns the first
   * contact (time of impact as a fraction of the translation), or null. A shape already
   * touching or overlapping at the start is reported at fraction 0.
   */
  castShape(
    geometry: query.QueryGeometry,
    transform: query.QueryTransform,
    translation: Vec2,
    filter?: Partial<query.QueryFilter>,
  ): query.ShapeCastHit | null {
    return worldFeature('castShape', 'queries').castShape(
      this.#state,
      geometry,
      transform,
      translation,
      filter,
    );
  }

  /** Shapes whose tight bounding box overlaps `aabb` (touching counts), sorted by id. */
  overlapAABB(aabb: query.QueryAABB, filter?: Partial<query.QueryFilter>): ShapeId[] {
    return worldFeature('overlapAABB', 'queries').overlapAABB(this.#state, aabb, filter);
  }

  /** Shapes whose solid contains `point` (boundary included; segments never), sorted by id. */
  overlapPoint(point: Vec2, filter?: Partial<query.QueryFilter>): ShapeId[] {
    return worldFeature('overlapPoint', 'queries').overlapPoint(this.#state, point, filter);
  }

  /** Shapes overlapping or touching `geometry` placed by `transform` (exact), sorted by id. */
  overlapShape(
    geometry: query.QueryGeometry,
    transform: query.QueryTransform,
    filter?: Partial<query.QueryFilter>,
  ): ShapeId[] {
    return worldFeature('overlapShape', 'queries').overlapShape(this.#state, geometry, transform, filter);
  }

  // ---- character mover (see mover.ts for the method and its guarantees)

  /**
   * Creates a kinematic character mover: a capsule moved by collide-and-slide, with
   * ground detection (`maxSlope`), stepping onto ledges (`stepHeight`) and bounded pushing
   * of dynamic bodies (`maxPushForce`). The mover is not a body; call `mover.move` each
   * frame. Options default as in `defaultMoverOptions()`.
   */
  createMover(def: mover.MoverDef): mover.CharacterMover {
    return worldFeature('createMover', 'mover').createMover(this.#state, this, def);
  }

  /**
   * One collide-and-slide move of `capsule` (in its own frame) placed at `position`, by
   * `translation`, without keeping state: returns a new result (position, actual and
   * clipped translation, contacts, grounded, ground normal). May push dynamic bodies
   * when `options.maxPushForce` > 0. Prefer `createMover` for a per-frame avatar (it
   * allocates nothing per move).
   */
  moveCharacter(
    capsule: Capsule,
    position: Vec2,
    translation: Vec2,
    options?: Partial<mover.MoverOptions>,
  ): mover.MoveResult {
    return worldFeature('moveCharacter', 'mover').moveCharacter(
      this.#state,
      this,
      capsule,
      position,
      translation,
      options,
    );
  }

  // ------------------------------------------------------------------ events

  /**
   * Contact, hit and sensor events of the last step, as typed arrays of shape ids with
   * counts. The object and its arrays are reused: read them before the next step (copy
   * what you keep). Begin/end fire once per touch, never per sub-step.
   */
  getContactEvents(): Readonly<ContactEvents> {
    // the buffers hold shape handles written by the step (dynamics/events.ts)
    return this.#state.events as unknown as Readonly<ContactEvents>;
  }

  /**
   * Body events of the last step: `bodyCount` sleep/wake changes (`body`, `bodyAwake`) and
   * `moveCount` bodies whose transform changed (`moveBody`), for transform buffers.
   */
  getBodyEvents(): Readonly<BodyEvents> {
    // the buffers hold body handles written by the step (dynamics/events.ts)
    return this.#state.events as unknown as Readonly<BodyEvents>;
  }

  isShapeSensor(shapeId: ShapeId): boolean {
    return this.#state.shapes.isSensor[this.shape('isShapeSensor', shapeId)] === 1;
  }

  // ------------------------------------------------------------------ internals

  private body(fn: string, id: unknown): number {
    const b = this.#state.bodies.pool.resolve(id);
    if (b === -1) {
      throw new RangeError(
        `${fn}: bodyId must be a live body, got ${describe(id)} (never created, destroyed or stale)`,
      );
    }
    return b;
  }

  private shape(fn: string, id: unknown): number {
    const s = this.#state.shapes.pool.resolve(id);
    if (s === -1) {
      throw new RangeError(
        `${fn}: shapeId must be a live shape, got ${describe(id)} (never created, destroyed or stale)`,
      );
    }
    return s;
  }

  private resolveChain(id: unknown): number {
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return -1;
    if (handleKind(id) !== HandleKind.Chain) return -1;
    const slot = handleSlot(id);
    const w = this.#state;
    if (slot >= w.chains.length || w.chains[slot] === null) return -1;
    return w.chainGeneration[slot] === handleGeneration(id) ? slot : -1;
  }

  private chain(fn: string, id: unknown): number {
    const slot = this.resolveChain(id);
    if (slot === -1) {
      throw new RangeError(
        `${fn}: chainId must be a live chain, got ${describe(id)} (never created, destroyed or stale)`,
      );
    }
    return slot;
  }

  private newShape(b: number, type: ShapeType, geometry: Geometry, d: ShapeDef): ShapeId {
    const w = this.#state;
    return w.shapes.pool.handle(createShape(w, b, type, geometry, d)) as ShapeId;
  }

  private shapeDef(fn: string, def: ShapeDefInput): ShapeDef {
    const d = checkShapeDef(fn, def);
    if (this.#state.shapes.pool.count >= MAX_SLOTS)
      throw new RangeError(`${fn}: the world is full (${MAX_SLOTS} shapes)`);
    return d;
  }
}

// The table of methods (world/world_methods.ts) names every public method,
// and no writing method takes more arguments than its wrapper passes on: each fails to
// compile here otherwise.
type UnclassifiedWorldMethod = Exclude<keyof World, keyof typeof WORLD_METHODS>;
type WideWriteMethod = {
  [N in WorldMethodsOf<'input' | 'command' | 'structure' | 'restore'>]: Parameters<World[N]>['length'] extends
    | 0
    | 1
    | 2
    | 3
    | typeof MAX_WRITE_ARGUMENTS
    ? never
    : N;
}[WorldMethodsOf<'input' | 'command' | 'structure' | 'restore'>];
const everyWorldMethodClassified: [UnclassifiedWorldMethod, WideWriteMethod] extends [never, never]
  ? true
  : false = true;
void everyWorldMethodClassified;
