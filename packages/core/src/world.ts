/**
 * The public world: every entry point validates its arguments first, then makes one call
 * into the module that owns the concept (dynamics/body.ts, dynamics/shape.ts,
 * joints/joint.ts, ...), which changes the world's state (world/world_state.ts) in one go,
 * so a rejected call changes nothing. Methods that take an id name their object
 * (getBodyPosition, setShapeFriction); the older names are deprecated aliases (end of file).
 *
 * Every method that writes the world, once its checks passed, gives the world's rollback
 * content a new stamp (markRollbackChanged; world/rollback_state.ts, "The fast path"),
 * except the user-data setters: no step, save or load reads user data. A test lists every
 * method of this class as a read or a write and drives each write (rollback_fast_path.test.ts).
 */

import {
  applyAngularImpulse,
  applyForce,
  applyForceToCenter,
  applyLinearImpulse,
  applyLinearImpulseToCenter,
  applyTorque,
  BodyType,
  setFixedRotation,
  setLinearVelocity,
  setTransform,
  STATE_STRIDE,
  VX,
  VY,
  W,
} from './dynamics/body.js';
import {
  DEFAULT_DENSITY,
  DEFAULT_FRICTION,
  MAX_ANGLE,
  MAX_ANGULAR_SPEED,
  MAX_DAMPING_RATIO,
  MAX_DENSITY,
  MAX_FORCE,
  MAX_COORDINATE,
  MAX_GRAVITY,
  MAX_HERTZ,
  MAX_GRAVITY_SCALE,
  MAX_MASS,
  MAX_ROTATIONAL_INERTIA,
  MIN_MASS,
  MIN_ROTATIONAL_INERTIA,
  MAX_SPEED,
  MAX_TIME_STEP,
  SLEEP_LINEAR_THRESHOLD,
} from './base/constants.js';
import { CONTACT_TOUCHING } from './dynamics/contact.js';
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
import { restoreWorldInto, snapshotWorld, stateHash } from './world/snapshot.js';
import {
  checkJointsUnderSolver,
  checkNewJointUnderSolver,
  checkSolver,
  type Solver,
} from './world/solver_interface.js';
import { ContactPointRecord, readContactPoints } from './world/contact_points.js';
import { loadRollbackState, RollbackState, saveRollbackState } from './world/rollback_state.js';
import { checkCapsule, checkCircle, checkPolygon, checkSegment } from './geometry/geometry_checks.js';
import { JointType } from './joints/joint.js';
import type { DistanceJointParams } from './joints/distance_joint.js';
import type { FilterJointParams } from './joints/filter_joint.js';
import type { MotorJointParams } from './joints/motor_joint.js';
import type { MouseJointParams } from './joints/mouse_joint.js';
import type { PrismaticJointParams } from './joints/prismatic_joint.js';
import { type JointState, jointTypes } from './joints/registry.js';
import {
  type BodyPose,
  checkJointDefFields,
  localizeJointDef as localizeWithEntry,
  resolveJointDef,
} from './joints/joint_def.js';
import type { RevoluteJointParams } from './joints/revolute_joint.js';
import type { WeldJointParams } from './joints/weld_joint.js';
import type { WheelJointParams } from './joints/wheel_joint.js';
import * as query from './world/query.js';
import * as mover from './character/mover.js';
import { step } from './world/solver.js';
import {
  checkBits,
  checkBoolean,
  checkFinite,
  checkFunction,
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
import {
  type FrictionMixer,
  mixFrictionDefault,
  mixRestitutionDefault,
  markRollbackChanged,
  registerWorldStateAccessor,
  type RestitutionMixer,
  WorldSettings,
  WorldState,
} from './world/world_state.js';
import {
  applyMass,
  createBody,
  destroyBody,
  setBodyType,
  updateBodyMass as updateMassFromShapes,
  updateMaxExtent,
} from './dynamics/body.js';
import { remixContacts } from './dynamics/contact.js';
import { resetIslandImpulses, sleepBody, wakeBody } from './dynamics/island.js';
import { createChain, createShape, destroyChain, freeShape, setFilter } from './dynamics/shape.js';
import { createJoint, freeJoint } from './joints/joint.js';

/** Handle of a body. Stale handles are detected and rejected. */
export type BodyId = number & { readonly __brand: 'BodyId' };
/** Handle of a shape. */
export type ShapeId = number & { readonly __brand: 'ShapeId' };
/** Handle of a chain (a one-sided chain of segment shapes). */
export type ChainId = number & { readonly __brand: 'ChainId' };
/**
 * Handle of a joint. `K` is its type when known: the create methods return
 * `JointId<typeof JointType.Revolute>` and so on, so `getJointParams`, `setJointParams`
 * and `getJointState` take and return that type's own fields without a cast. A plain
 * `JointId` (any type) gives the union of all types' fields.
 */
export type JointId<K extends JointType = JointType> = number & {
  readonly __brand: 'JointId';
  /** Type-level only (never set): the joint's type. */
  readonly __jointType?: K;
};

/** Fields every joint definition has. */
export interface JointDef {
  bodyA: BodyId;
  bodyB: BodyId;
  /** Anchor on body A, in A's frame (relative to its origin). Default (0, 0). */
  localAnchorA: Vec2;
  /** Anchor on body B, in B's frame. Default (0, 0). */
  localAnchorB: Vec2;
  /**
   * One world point (m) that becomes the anchor of both bodies, from their poses at
   * creation (instead of localAnchorA and localAnchorB). A definition placed with world
   * points (anchor, anchorA, anchorB, axis) also takes its referenceAngle (revolute,
   * weld, prismatic) and its length (distance) from the current poses, unless given.
   */
  anchor?: Vec2;
  /** Anchor on body A as a world point (m), instead of localAnchorA. */
  anchorA?: Vec2;
  /** Anchor on body B as a world point (m), instead of localAnchorB. */
  anchorB?: Vec2;
  /** Let the two bodies' shapes collide with each other. Default false. */
  collideConnected: boolean;
  /** Constraint force (N) above which the joint breaks, in (0, 1e12] or Infinity. Default Infinity (never). */
  breakForce: number;
  /** Constraint torque (N m) above which the joint breaks, in (0, 1e12] or Infinity. Default Infinity (never). */
  breakTorque: number;
  userData: unknown;
}

/** What a joint definition needs at least: the two bodies. */
export type JointDefInput<P> = Partial<JointDef & P> & { bodyA: BodyId; bodyB: BodyId };

/** A revolute joint: common fields plus revolute parameters. */
export type RevoluteJointDef = JointDef & RevoluteJointParams;

/** A distance joint: common fields plus distance parameters. */
export type DistanceJointDef = JointDef & DistanceJointParams;

/** A wheel joint: common fields plus wheel parameters. */
export type WheelJointDef = JointDef & WheelJointParams & WorldAxisDef;

/** A mouse joint: common fields plus mouse parameters. */
export type MouseJointDef = JointDef & MouseJointParams;

/** A motor joint: common fields plus motor parameters. */
export type MotorJointDef = JointDef & MotorJointParams;

/** A filter joint: the common fields only. */
export type FilterJointDef = JointDef;

/** The axis of a prismatic or wheel joint as a world direction, instead of localAxisA. */
export interface WorldAxisDef {
  /** Direction in world coordinates, turned into A's frame at creation. */
  axis?: Vec2;
}

/** A prismatic joint: common fields plus prismatic parameters. */
export type PrismaticJointDef = JointDef & PrismaticJointParams & WorldAxisDef;

/** A weld joint: common fields plus weld parameters. */
export type WeldJointDef = JointDef & WeldJointParams;

/** Type-specific joint parameters, as returned by getJointParams (narrow by joint type). */
export type JointParams =
  | RevoluteJointParams
  | DistanceJointParams
  | WheelJointParams
  | PrismaticJointParams
  | WeldJointParams
  | MouseJointParams
  | MotorJointParams
  | FilterJointParams
  | Record<string, never>;

/** Every type-specific parameter any joint has, for setJointParams (checked per type). */
export type JointParamsUnion =
  | RevoluteJointParams
  | DistanceJointParams
  | WheelJointParams
  | PrismaticJointParams
  | WeldJointParams
  | MouseJointParams
  | MotorJointParams;

export type { JointState };

/** Each joint type's parameters, by `JointType`. */
export interface JointParamsByType {
  [JointType.Distance]: DistanceJointParams;
  [JointType.Revolute]: RevoluteJointParams;
  [JointType.Prismatic]: PrismaticJointParams;
  [JointType.Weld]: WeldJointParams;
  [JointType.Wheel]: WheelJointParams;
  [JointType.Mouse]: MouseJointParams;
  [JointType.Motor]: MotorJointParams;
  [JointType.Filter]: FilterJointParams;
}

/**
 * The parameters of joints of type K (see getJointParams); for a joint of unknown type
 * (a plain JointId), `JointParams`, the union of every type's parameters.
 */
export type JointParamsOf<K extends JointType> = JointType extends K ? JointParams : JointParamsByType[K];

/** Each joint type's coordinates, by `JointType` (see getJointState). */
export interface JointStateByType {
  /** Distance between the anchors (m) and its rate of change (m/s). */
  [JointType.Distance]: { length: number; speed: number };
  /** Relative angle (rad, from referenceAngle) and relative angular speed (rad/s). */
  [JointType.Revolute]: { angle: number; speed: number };
  /** Translation along the axis (m) and its rate (m/s). */
  [JointType.Prismatic]: { translation: number; speed: number };
  [JointType.Weld]: Record<string, never>;
  /** Translation along the axis (m) and its rate (m/s). */
  [JointType.Wheel]: { translation: number; speed: number };
  [JointType.Mouse]: Record<string, never>;
  [JointType.Motor]: Record<string, never>;
  [JointType.Filter]: Record<string, never>;
}

/**
 * The coordinates of joints of type K (see getJointState); for a joint of unknown type
 * (a plain JointId), `JointState`, every coordinate optional.
 */
export type JointStateOf<K extends JointType> = JointType extends K ? JointState : JointStateByType[K];

/**
 * A Float64Array of ids of one kind (the event arrays): an element reads as that id type,
 * so `world.getShapeBody(events.beginShapeA[i])` needs no cast. At run time it is a plain
 * Float64Array (ids are safe integers, exact in a double).
 */
export interface IdArray<Id extends number> extends Float64Array<ArrayBuffer> {
  [index: number]: Id;
  slice(start?: number, end?: number): IdArray<Id>;
  subarray(begin?: number, end?: number): IdArray<Id>;
}

/** Contact events of the last step (see World.getContactEvents). Arrays hold shape ids. */
export interface ContactEvents {
  readonly beginCount: number;
  readonly beginShapeA: IdArray<ShapeId>;
  readonly beginShapeB: IdArray<ShapeId>;
  readonly endCount: number;
  readonly endShapeA: IdArray<ShapeId>;
  readonly endShapeB: IdArray<ShapeId>;
  readonly hitCount: number;
  readonly hitShapeA: IdArray<ShapeId>;
  readonly hitShapeB: IdArray<ShapeId>;
  readonly hitPointX: Float64Array;
  readonly hitPointY: Float64Array;
  readonly hitNormalX: Float64Array;
  readonly hitNormalY: Float64Array;
  readonly hitSpeed: Float64Array;
  readonly sensorBeginCount: number;
  readonly sensorBeginSensor: IdArray<ShapeId>;
  readonly sensorBeginVisitor: IdArray<ShapeId>;
  readonly sensorEndCount: number;
  readonly sensorEndSensor: IdArray<ShapeId>;
  readonly sensorEndVisitor: IdArray<ShapeId>;
}

/** Body events of the last step (see World.getBodyEvents). Arrays hold body ids. */
export interface BodyEvents {
  readonly bodyCount: number;
  readonly body: IdArray<BodyId>;
  readonly bodyAwake: Uint8Array;
  readonly moveCount: number;
  /**
   * Body ids too, typed as plain numbers for now: the worker builds an empty one with
   * `new Float64Array(0)`, which an `IdArray<BodyId>` would reject (cast each element).
   */
  readonly moveBody: Float64Array;
}

/** Joint events since the last step began. */
export interface JointEvents {
  /** Joints that broke (force or torque over their limit); they stay, disabled. */
  broken: JointId[];
  /** Joints removed because one of their bodies was destroyed. */
  removed: JointId[];
}

export { BodyType };

/** World settings. Every field has a default: see `defaultWorldDef()`. */
export interface WorldDef {
  /** Gravity (m/s^2). Default (0, -10). */
  gravity: Vec2;
  /** Solver sub-steps per step. Default 4. */
  subSteps: number;
  /** Contact stiffness (Hz). Default 40; static contacts twice that, both capped at a quarter of the sub-step rate. */
  contactHertz: number;
  /** Contact damping ratio: how fast an overlap is pushed out (not how far a load sags). Default 15. */
  contactDampingRatio: number;
  /** Cap on the speed at which overlapping shapes are pushed apart (m/s). Default 3. */
  maxContactPushSpeed: number;
  /** Approach speed below which restitution is ignored (m/s). Default 1. */
  restitutionThreshold: number;
  /** Speed limit of a dynamic body (m/s), entering each sub-step and again after its solve. Default 400. */
  maxLinearSpeed: number;
  /** Let resting islands fall asleep. Default true. */
  enableSleep: boolean;
  /** Carry contact impulses from step to step. Default true. */
  enableWarmStarting: boolean;
  /** Stiffness of rigid joint axes (Hz), capped at a quarter of the sub-step rate. Default 60. */
  jointHertz: number;
  /** Damping ratio of rigid joint axes. Default 2. */
  jointDampingRatio: number;
  /** Approach speed (m/s) above which touching contacts report hit events. Default 1. */
  hitEventThreshold: number;
  /** Sweep fast bodies so they cannot tunnel through static geometry. Default true. */
  enableContinuous: boolean;
  /** Bodies slower than this (m/s) are never swept, whatever their size. Default 0. */
  continuousMinSpeed: number;
  /**
   * Time each stage of the step for `getProfile()`. Default false: reading the clock
   * allocates a number per reading, and the step otherwise allocates nothing. Not part of
   * snapshots (it changes nothing simulated).
   */
  enableProfile: boolean;
  /** How two shapes' frictions combine. Default: geometric mean. */
  frictionMixer: FrictionMixer;
  /** How two shapes' restitutions combine. Default: the larger. */
  restitutionMixer: RestitutionMixer;
  /**
   * The constraint solver: null or left out, the soft step; else an alternative made by a
   * solver factory (`baumgarteSolver()`, ...: docs/solvers.md). See `setSolver`.
   */
  solver?: Solver | null;
}

/** Body definition. Every field has a default: see `defaultBodyDef()`. */
export interface BodyDef {
  type: BodyType;
  /** World position of the body origin (m). */
  position: Vec2;
  /** Angle (rad). */
  angle: number;
  linearVelocity: Vec2;
  angularVelocity: number;
  linearDamping: number;
  angularDamping: number;
  gravityScale: number;
  /** Speed below which the body counts as resting (m/s). Default 0.05. */
  sleepThreshold: number;
  fixedRotation: boolean;
  /** Continuous collision against dynamic bodies too (see the continuous stage). */
  isBullet: boolean;
  isAwake: boolean;
  enableSleep: boolean;
  userData: unknown;
}

/** Collision filter: two shapes collide when each one's category is in the other's mask,
 * unless they share a non-zero group (positive: always collide, negative: never). */
export interface Filter {
  categoryBits: number;
  maskBits: number;
  groupIndex: number;
}

/** Shape definition. Every field has a default: see `defaultShapeDef()`. */
export interface ShapeDef {
  /** kg/m^2. Default 1. */
  density: number;
  /** Coulomb friction coefficient. Default 0.6. */
  friction: number;
  /** Coefficient of restitution (0 = no bounce). Default 0. */
  restitution: number;
  /** Material id passed to the friction and restitution mixers. Default 0. */
  material: number;
  filter: Filter;
  /** Report contact begin/end for this shape. Default true. */
  enableContactEvents: boolean;
  /** A sensor detects overlaps (sensor events) and never pushes anything. Default false. */
  isSensor: boolean;
  /** Recompute the body's mass now. Default true. */
  updateBodyMass: boolean;
  userData: unknown;
}

/**
 * A shape definition as passed to create*Shape: every field optional (taken from
 * `defaultShapeDef()`), the filter field by field too (`{ filter: { groupIndex: -1 } }`).
 */
export type ShapeDefInput = Partial<Omit<ShapeDef, 'filter'>> & { filter?: Partial<Filter> };

/** Chain definition: a one-sided chain of segments (see ChainSegment for the side). */
export interface ChainDef {
  /** At least 2 points (3 for a loop). */
  points: readonly Vec2[];
  /** Close the chain back to the first point. */
  loop: boolean;
  friction: number;
  restitution: number;
  material: number;
  filter: Filter;
  enableContactEvents: boolean;
  userData: unknown;
}

/** A chain definition as passed to createChain: like ShapeDefInput, over `defaultChainDef()`. */
export type ChainDefInput = Partial<Omit<ChainDef, 'filter'>> & { filter?: Partial<Filter> };

/** Per-stage timings of the last step (ms). */
export interface StepProfile {
  readonly step: number;
  readonly pairs: number;
  readonly collide: number;
  readonly solve: number;
  readonly continuous: number;
  readonly sleep: number;
  /** The end-of-step sensor pass. */
  readonly sensors: number;
  /** Bodies swept by continuous collision. */
  readonly sweptBodies: number;
  /** Time-of-impact computations (zero when nothing moved fast). */
  readonly toiCalls: number;
}

/** Sizes of the world after the last step. */
export interface WorldCounters {
  bodyCount: number;
  awakeBodyCount: number;
  shapeCount: number;
  jointCount: number;
  contactCount: number;
  touchingContactCount: number;
  awakeContactCount: number;
  /** Proxies in the broad phase. */
  proxyCount: number;
  stepCount: number;
}

/** A body's rotation as cosine and sine of its angle. */
export interface BodyRotation {
  c: number;
  s: number;
}

/** A joint's anchors in each body's frame (see World.getJointLocalAnchors). */
export interface JointLocalAnchors {
  localAnchorA: Vec2;
  localAnchorB: Vec2;
}

/** Mass properties of a body. */
export interface BodyMassData {
  mass: number;
  /** Center of mass in body coordinates. */
  center: Vec2;
  /** Rotational inertia about the center of mass. */
  rotationalInertia: number;
}

export function defaultWorldDef(): WorldDef {
  return settingsToDef(new WorldSettings(), mixFrictionDefault, mixRestitutionDefault);
}

/** A world definition holding the given settings (the defaults live in WorldSettings). */
function settingsToDef(
  s: WorldSettings,
  frictionMixer: FrictionMixer,
  restitutionMixer: RestitutionMixer,
): WorldDef {
  return {
    gravity: { x: s.gravityX, y: s.gravityY },
    subSteps: s.subSteps,
    contactHertz: s.contactHertz,
    contactDampingRatio: s.contactDampingRatio,
    maxContactPushSpeed: s.maxContactPushSpeed,
    restitutionThreshold: s.restitutionThreshold,
    maxLinearSpeed: s.maxLinearSpeed,
    enableSleep: s.enableSleep,
    enableWarmStarting: s.enableWarmStarting,
    jointHertz: s.jointHertz,
    jointDampingRatio: s.jointDampingRatio,
    hitEventThreshold: s.hitEventThreshold,
    enableContinuous: s.enableContinuous,
    continuousMinSpeed: s.continuousMinSpeed,
    enableProfile: s.enableProfile,
    frictionMixer,
    restitutionMixer,
  };
}

export function defaultBodyDef(): BodyDef {
  return {
    type: BodyType.Static,
    position: { x: 0, y: 0 },
    angle: 0,
    linearVelocity: { x: 0, y: 0 },
    angularVelocity: 0,
    linearDamping: 0,
    angularDamping: 0,
    gravityScale: 1,
    sleepThreshold: SLEEP_LINEAR_THRESHOLD,
    fixedRotation: false,
    isBullet: false,
    isAwake: true,
    enableSleep: true,
    userData: undefined,
  };
}

export function defaultFilter(): Filter {
  return { categoryBits: 1, maskBits: 0xffffffff, groupIndex: 0 };
}

export function defaultShapeDef(): ShapeDef {
  return {
    density: DEFAULT_DENSITY,
    friction: DEFAULT_FRICTION,
    restitution: 0,
    material: 0,
    filter: defaultFilter(),
    enableContactEvents: true,
    isSensor: false,
    updateBodyMass: true,
    userData: undefined,
  };
}

export function defaultChainDef(): ChainDef {
  return {
    points: [],
    loop: false,
    friction: DEFAULT_FRICTION,
    restitution: 0,
    material: 0,
    filter: defaultFilter(),
    enableContactEvents: true,
    userData: undefined,
  };
}

// The fields each definition takes: the keys of its defaults, so one list serves both.
const BODY_DEF_KEYS: readonly string[] = Object.keys(defaultBodyDef());
const SHAPE_DEF_KEYS: readonly string[] = Object.keys(defaultShapeDef());
const CHAIN_DEF_KEYS: readonly string[] = Object.keys(defaultChainDef());

function isBodyType(v: unknown): v is BodyType {
  return v === BodyType.Static || v === BodyType.Kinematic || v === BodyType.Dynamic;
}

/**
 * A definition's filter with the fields left out taken from `defaultFilter()`, so
 * `{ groupIndex: -1 }` means "the default category and mask, group -1". Anything but an
 * object is passed on for checkFilter to reject.
 */
function withDefaultFilter(v: unknown): unknown {
  if (v === undefined) return defaultFilter();
  if (typeof v !== 'object' || v === null) return v;
  return { ...defaultFilter(), ...(v as Partial<Filter>) };
}

function checkFilter(fn: string, field: string, v: unknown): Filter {
  if (typeof v !== 'object' || v === null)
    fail(fn, field, 'an object {categoryBits, maskBits, groupIndex}', v);
  const f = v as Partial<Filter>;
  checkBits(fn, `${field}.categoryBits`, f.categoryBits);
  checkBits(fn, `${field}.maskBits`, f.maskBits);
  checkInteger(fn, `${field}.groupIndex`, f.groupIndex, -0x80000000, 0x7fffffff);
  return v as Filter;
}

/**
 * A joint's break force or torque: in (0, MAX_FORCE], or Infinity (the default: never
 * breaks). A finite value above the force range could never be reached by a force the
 * solver applies within it, so it is an error rather than a silent "never".
 */
function checkBreakLimit(fn: string, field: string, v: unknown, unit: string): number {
  if (v === undefined || v === Number.POSITIVE_INFINITY) return Number.POSITIVE_INFINITY;
  if (typeof v !== 'number' || !(v > 0 && v <= MAX_FORCE)) {
    fail(fn, field, `in (0, ${MAX_FORCE}] ${unit} or Infinity (never breaks)`, v);
  }
  return v;
}

/**
 * Field offsets of one body record written by `World.readBodyTransforms`. Awake is 1 or 0
 * (static bodies are never awake); Id is 0 for a free slot.
 */
export const BodyRecord = {
  Id: 0,
  Awake: 1,
  X: 2,
  Y: 3,
  C: 4,
  S: 5,
  VX: 6,
  VY: 7,
  W: 8,
  Size: 9,
} as const;

/**
 * A copy of a joint definition of `type` with its world points (`anchor`, `anchorA`,
 * `anchorB`, `axis`) turned into local forms from the given body poses, and what they
 * determine (`referenceAngle`, `length`) filled in, as `create*Joint` does from the bodies'
 * current poses. For clients of a world in another thread: they resolve with the poses
 * they last saw, so both sides store the same joint. A definition without world points
 * comes back as it is.
 */
export function localizeJointDef<D extends object>(
  type: JointType,
  def: D,
  poseA: BodyPose,
  poseB: BodyPose,
): D {
  const entry = jointTypes[type];
  if (entry === undefined) fail('localizeJointDef', 'type', 'a JointType', type);
  return localizeWithEntry(
    `create${entry.name[0]!.toUpperCase()}${entry.name.slice(1)}Joint`,
    entry,
    def,
    poseA,
    poseB,
  );
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
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the merged interface (end of file) types the deprecated aliases, which are defined on World.prototype
export class World {
  /**
   * The state the solver works on. An ES private field: nothing outside this class reaches
   * it, except internal modules through `worldStateOf` (world/world_state.ts), which the
   * index does not export. `restore` fills it in place, so it is the same object for the
   * world's whole life.
   */
  readonly #state: WorldState;

  static {
    registerWorldStateAccessor((world) => (world as World).#state);
  }

  constructor(def: Partial<WorldDef> = {}) {
    const d = { ...defaultWorldDef(), ...def };
    this.validateSettings('World', d);
    const solver = checkSolver('World', 'solver', d.solver ?? null);
    this.#state = new WorldState();
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
    markRollbackChanged(w);
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
    markRollbackChanged(this.#state);
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
    this.validateSettings('setSettings', d);
    if (settings.solver !== undefined) this.setSolver(settings.solver);
    this.applySettings(d);
  }

  private validateSettings(fn: string, d: WorldDef): void {
    checkVec2Length(fn, 'gravity', d.gravity, MAX_GRAVITY, 'm/s^2');
    checkInteger(fn, 'subSteps', d.subSteps, 1, 1000);
    checkNonNegativeAtMost(fn, 'contactHertz', d.contactHertz, MAX_HERTZ, 'Hz');
    checkNonNegativeAtMost(fn, 'contactDampingRatio', d.contactDampingRatio, MAX_DAMPING_RATIO, '');
    checkNonNegativeAtMost(fn, 'maxContactPushSpeed', d.maxContactPushSpeed, MAX_SPEED, 'm/s');
    checkNonNegativeAtMost(fn, 'restitutionThreshold', d.restitutionThreshold, MAX_SPEED, 'm/s');
    checkPositiveAtMost(fn, 'maxLinearSpeed', d.maxLinearSpeed, MAX_SPEED, 'm/s');
    checkBoolean(fn, 'enableSleep', d.enableSleep);
    checkBoolean(fn, 'enableWarmStarting', d.enableWarmStarting);
    checkNonNegativeAtMost(fn, 'jointHertz', d.jointHertz, MAX_HERTZ, 'Hz');
    checkNonNegativeAtMost(fn, 'jointDampingRatio', d.jointDampingRatio, MAX_DAMPING_RATIO, '');
    checkNonNegativeAtMost(fn, 'hitEventThreshold', d.hitEventThreshold, MAX_SPEED, 'm/s');
    checkBoolean(fn, 'enableContinuous', d.enableContinuous);
    checkNonNegativeAtMost(fn, 'continuousMinSpeed', d.continuousMinSpeed, MAX_SPEED, 'm/s');
    checkBoolean(fn, 'enableProfile', d.enableProfile);
    checkFunction(fn, 'frictionMixer', d.frictionMixer);
    checkFunction(fn, 'restitutionMixer', d.restitutionMixer);
  }

  private applySettings(d: WorldDef): void {
    markRollbackChanged(this.#state);
    const s = this.#state.settings;
    s.gravityX = d.gravity.x;
    s.gravityY = d.gravity.y;
    s.subSteps = d.subSteps;
    s.contactHertz = d.contactHertz;
    s.contactDampingRatio = d.contactDampingRatio;
    s.maxContactPushSpeed = d.maxContactPushSpeed;
    s.restitutionThreshold = d.restitutionThreshold;
    s.maxLinearSpeed = d.maxLinearSpeed;
    s.enableWarmStarting = d.enableWarmStarting;
    s.jointHertz = d.jointHertz;
    s.jointDampingRatio = d.jointDampingRatio;
    s.hitEventThreshold = d.hitEventThreshold;
    s.enableContinuous = d.enableContinuous;
    s.continuousMinSpeed = d.continuousMinSpeed;
    s.enableProfile = d.enableProfile;
    s.version++;
    this.#state.frictionMixer = d.frictionMixer;
    this.#state.restitutionMixer = d.restitutionMixer;
    if (s.enableSleep && !d.enableSleep) {
      const bodies = this.#state.bodies;
      for (let b = 0; b < bodies.pool.next; b++) {
        if (bodies.pool.alive[b] === 1) wakeBody(this.#state, b);
      }
    }
    s.enableSleep = d.enableSleep;
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
    return snapshotWorld(this.#state);
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
    restoreWorldInto(this.#state, snapshot);
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
    saveRollbackState(this.#state, out);
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
    loadRollbackState(this.#state, state);
  }

  // ------------------------------------------------------------------ bodies

  /** Creates a body. Fields left out take the values of `defaultBodyDef()`. */
  createBody(def: Partial<BodyDef> = {}): BodyId {
    const fn = 'createBody';
    if (typeof def !== 'object' || def === null) fail(fn, 'def', 'an object', def);
    checkKnownFields(fn, def, BODY_DEF_KEYS, 'bodies');
    const d = { ...defaultBodyDef(), ...def };
    if (!isBodyType(d.type)) fail(fn, 'type', 'BodyType.Static (0), Kinematic (1) or Dynamic (2)', d.type);
    checkVec2Within(fn, 'position', d.position, MAX_COORDINATE, 'm');
    checkWithin(fn, 'angle', d.angle, MAX_ANGLE, 'rad');
    checkVec2Within(fn, 'linearVelocity', d.linearVelocity, MAX_SPEED, 'm/s');
    checkWithin(fn, 'angularVelocity', d.angularVelocity, MAX_ANGULAR_SPEED, 'rad/s');
    checkNonNegative(fn, 'linearDamping', d.linearDamping);
    checkNonNegative(fn, 'angularDamping', d.angularDamping);
    checkWithin(fn, 'gravityScale', d.gravityScale, MAX_GRAVITY_SCALE, '');
    checkNonNegative(fn, 'sleepThreshold', d.sleepThreshold);
    checkBoolean(fn, 'fixedRotation', d.fixedRotation);
    checkBoolean(fn, 'isBullet', d.isBullet);
    checkBoolean(fn, 'isAwake', d.isAwake);
    checkBoolean(fn, 'enableSleep', d.enableSleep);
    const w = this.#state;
    if (w.bodies.pool.count >= MAX_SLOTS)
      throw new RangeError(`${fn}: the world is full (${MAX_SLOTS} bodies)`);

    markRollbackChanged(w);
    return w.bodies.pool.handle(createBody(w, d)) as BodyId;
  }

  /** Destroys a body with its shapes; bodies that touched it wake up. */
  destroyBody(bodyId: BodyId): void {
    const b = this.body('destroyBody', bodyId);
    markRollbackChanged(this.#state);
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
    if (!isBodyType(type))
      fail('setBodyType', 'type', 'BodyType.Static (0), Kinematic (1) or Dynamic (2)', type);
    markRollbackChanged(this.#state);
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
    markRollbackChanged(this.#state);
    setLinearVelocity(this.#state, b, v);
  }

  setBodyAngularVelocity(bodyId: BodyId, omega: number): void {
    const b = this.body('setBodyAngularVelocity', bodyId);
    checkWithin('setBodyAngularVelocity', 'angularVelocity', omega, MAX_ANGULAR_SPEED, 'rad/s');
    const w = this.#state;
    markRollbackChanged(w);
    if (w.bodies.type[b] === BodyType.Static || w.bodies.fixedRotation[b] === 1) return;
    if (omega !== 0) wakeBody(w, b);
    w.bodies.state[b * STATE_STRIDE + W] = omega;
  }

  /** Teleports the body origin to `position` at `angle`, and wakes it. */
  setBodyTransform(bodyId: BodyId, position: Vec2, angle: number): void {
    const b = this.body('setBodyTransform', bodyId);
    checkVec2Within('setBodyTransform', 'position', position, MAX_COORDINATE, 'm');
    checkWithin('setBodyTransform', 'angle', angle, MAX_ANGLE, 'rad');
    markRollbackChanged(this.#state);
    setTransform(this.#state, b, position, angle);
  }

  /** Applies a force (N) at a world point; wakes the body unless `wake` is false. */
  applyBodyForce(bodyId: BodyId, force: Vec2, point: Vec2, wake = true): void {
    const b = this.body('applyBodyForce', bodyId);
    checkVec2Within('applyBodyForce', 'force', force, MAX_FORCE, 'N');
    checkVec2Within('applyBodyForce', 'point', point, MAX_COORDINATE, 'm');
    checkBoolean('applyBodyForce', 'wake', wake);
    markRollbackChanged(this.#state);
    applyForce(this.#state, b, force, point, wake);
  }

  /** Applies a force (N) at the center of mass. */
  applyBodyForceToCenter(bodyId: BodyId, force: Vec2, wake = true): void {
    const b = this.body('applyBodyForceToCenter', bodyId);
    checkVec2Within('applyBodyForceToCenter', 'force', force, MAX_FORCE, 'N');
    checkBoolean('applyBodyForceToCenter', 'wake', wake);
    markRollbackChanged(this.#state);
    applyForceToCenter(this.#state, b, force, wake);
  }

  /** Applies a torque (N m). */
  applyBodyTorque(bodyId: BodyId, torque: number, wake = true): void {
    const b = this.body('applyBodyTorque', bodyId);
    checkWithin('applyBodyTorque', 'torque', torque, MAX_FORCE, 'N m');
    checkBoolean('applyBodyTorque', 'wake', wake);
    markRollbackChanged(this.#state);
    applyTorque(this.#state, b, torque, wake);
  }

  /** Applies an impulse (N s) at a world point: changes the velocity at once. */
  applyBodyLinearImpulse(bodyId: BodyId, impulse: Vec2, point: Vec2, wake = true): void {
    const b = this.body('applyBodyLinearImpulse', bodyId);
    checkVec2Within('applyBodyLinearImpulse', 'impulse', impulse, MAX_FORCE, 'N s');
    checkVec2Within('applyBodyLinearImpulse', 'point', point, MAX_COORDINATE, 'm');
    checkBoolean('applyBodyLinearImpulse', 'wake', wake);
    markRollbackChanged(this.#state);
    applyLinearImpulse(this.#state, b, impulse, point, wake);
  }

  /** Applies an impulse (N s) at the center of mass. */
  applyBodyLinearImpulseToCenter(bodyId: BodyId, impulse: Vec2, wake = true): void {
    const b = this.body('applyBodyLinearImpulseToCenter', bodyId);
    checkVec2Within('applyBodyLinearImpulseToCenter', 'impulse', impulse, MAX_FORCE, 'N s');
    checkBoolean('applyBodyLinearImpulseToCenter', 'wake', wake);
    markRollbackChanged(this.#state);
    applyLinearImpulseToCenter(this.#state, b, impulse, wake);
  }

  /** Applies an angular impulse (N m s). */
  applyBodyAngularImpulse(bodyId: BodyId, impulse: number, wake = true): void {
    const b = this.body('applyBodyAngularImpulse', bodyId);
    checkWithin('applyBodyAngularImpulse', 'impulse', impulse, MAX_FORCE, 'N m s');
    checkBoolean('applyBodyAngularImpulse', 'wake', wake);
    markRollbackChanged(this.#state);
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
    if (typeof data !== 'object' || data === null) fail(fn, 'data', 'an object', data);
    checkFinite(fn, 'data.mass', data.mass);
    if (!(data.mass >= MIN_MASS && data.mass <= MAX_MASS)) {
      fail(fn, 'data.mass', `in [${MIN_MASS}, ${MAX_MASS}] kg`, data.mass);
    }
    checkVec2Within(fn, 'data.center', data.center, MAX_COORDINATE, 'm');
    checkNonNegativeAtMost(
      fn,
      'data.rotationalInertia',
      data.rotationalInertia,
      MAX_ROTATIONAL_INERTIA,
      'kg m^2',
    );
    if (data.rotationalInertia > 0 && data.rotationalInertia < MIN_ROTATIONAL_INERTIA) {
      fail(
        fn,
        'data.rotationalInertia',
        `0 or in [${MIN_ROTATIONAL_INERTIA}, ${MAX_ROTATIONAL_INERTIA}] kg m^2`,
        data.rotationalInertia,
      );
    }
    const w = this.#state;
    markRollbackChanged(w);
    if (w.bodies.type[b] !== BodyType.Dynamic) return;
    applyMass(w, b, data.mass, data.rotationalInertia, data.center.x, data.center.y);
    w.bodies.massOverridden[b] = 1;
  }

  /** Recomputes the mass from the shapes, dropping any override. */
  resetBodyMassData(bodyId: BodyId): void {
    const b = this.body('resetBodyMassData', bodyId);
    markRollbackChanged(this.#state);
    updateMassFromShapes(this.#state, b);
  }

  getBodyLinearDamping(bodyId: BodyId): number {
    return this.#state.bodies.linearDamping[this.body('getBodyLinearDamping', bodyId)]!;
  }

  setBodyLinearDamping(bodyId: BodyId, damping: number): void {
    const b = this.body('setBodyLinearDamping', bodyId);
    const value = checkNonNegative('setBodyLinearDamping', 'damping', damping);
    markRollbackChanged(this.#state);
    this.#state.bodies.linearDamping[b] = value;
  }

  getBodyAngularDamping(bodyId: BodyId): number {
    return this.#state.bodies.angularDamping[this.body('getBodyAngularDamping', bodyId)]!;
  }

  setBodyAngularDamping(bodyId: BodyId, damping: number): void {
    const b = this.body('setBodyAngularDamping', bodyId);
    const value = checkNonNegative('setBodyAngularDamping', 'damping', damping);
    markRollbackChanged(this.#state);
    this.#state.bodies.angularDamping[b] = value;
  }

  getBodyGravityScale(bodyId: BodyId): number {
    return this.#state.bodies.gravityScale[this.body('getBodyGravityScale', bodyId)]!;
  }

  /** Scales the world's gravity for this body, in [-100, 100] (`constants.MAX_GRAVITY_SCALE`). */
  setBodyGravityScale(bodyId: BodyId, scale: number): void {
    const b = this.body('setBodyGravityScale', bodyId);
    const value = checkWithin('setBodyGravityScale', 'scale', scale, MAX_GRAVITY_SCALE, '');
    markRollbackChanged(this.#state);
    this.#state.bodies.gravityScale[b] = value;
  }

  isBodyFixedRotation(bodyId: BodyId): boolean {
    return this.#state.bodies.fixedRotation[this.body('isBodyFixedRotation', bodyId)] === 1;
  }

  /** Prevents rotation (infinite inertia). */
  setBodyFixedRotation(bodyId: BodyId, flag: boolean): void {
    const b = this.body('setBodyFixedRotation', bodyId);
    checkBoolean('setBodyFixedRotation', 'flag', flag);
    markRollbackChanged(this.#state);
    setFixedRotation(this.#state, b, flag);
  }

  isBodyBullet(bodyId: BodyId): boolean {
    return this.#state.bodies.bullet[this.body('isBodyBullet', bodyId)] === 1;
  }

  /** Marks a fast body for continuous collision against other dynamic bodies too. */
  setBodyBullet(bodyId: BodyId, flag: boolean): void {
    const b = this.body('setBodyBullet', bodyId);
    checkBoolean('setBodyBullet', 'flag', flag);
    markRollbackChanged(this.#state);
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
    markRollbackChanged(w);
    if (awake) wakeBody(w, b);
    else if (w.bodies.awake[b] === 1 && w.bodies.enableSleep[b] === 1 && w.settings.enableSleep)
      sleepBody(w, b);
  }

  isBodySleepEnabled(bodyId: BodyId): boolean {
    return this.#state.bodies.enableSleep[this.body('isBodySleepEnabled', bodyId)] === 1;
  }

  /** Allows or forbids this body to sleep; forbidding wakes it. */
  enableBodySleep(bodyId: BodyId, flag: boolean): void {
    const b = this.body('enableBodySleep', bodyId);
    checkBoolean('enableBodySleep', 'flag', flag);
    markRollbackChanged(this.#state);
    this.#state.bodies.enableSleep[b] = flag ? 1 : 0;
    if (!flag) wakeBody(this.#state, b);
  }

  getBodySleepThreshold(bodyId: BodyId): number {
    return this.#state.bodies.sleepThreshold[this.body('getBodySleepThreshold', bodyId)]!;
  }

  setBodySleepThreshold(bodyId: BodyId, speed: number): void {
    const b = this.body('setBodySleepThreshold', bodyId);
    const value = checkNonNegative('setBodySleepThreshold', 'speed', speed);
    markRollbackChanged(this.#state);
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
    if (typeof def !== 'object' || def === null) fail(fn, 'def', 'an object', def);
    checkKnownFields(fn, def, CHAIN_DEF_KEYS, 'chains');
    const d = { ...defaultChainDef(), ...def, filter: withDefaultFilter(def.filter) as Filter };
    checkBoolean(fn, 'loop', d.loop);
    if (!Array.isArray(d.points)) fail(fn, 'points', 'an array of {x, y}', d.points);
    const n = d.points.length;
    const minPoints = d.loop ? 3 : 2;
    if (n < minPoints) fail(fn, 'points.length', `at least ${minPoints}`, n);
    for (let i = 0; i < n; i++) checkVec2Within(fn, `points[${i}]`, d.points[i], MAX_COORDINATE, 'm');
    const segmentCount = d.loop ? n : n - 1;
    for (let i = 0; i < segmentCount; i++) {
      const p = d.points[i]!;
      const q = d.points[(i + 1) % n]!;
      const dx = q.x - p.x;
      const dy = q.y - p.y;
      if (dx * dx + dy * dy <= 1e-12) {
        fail(fn, `points[${(i + 1) % n}]`, `distinct from points[${i}]`, `(${q.x}, ${q.y})`);
      }
    }
    checkNonNegative(fn, 'friction', d.friction);
    checkNonNegative(fn, 'restitution', d.restitution);
    checkInteger(fn, 'material', d.material, -0x80000000, 0x7fffffff);
    checkFilter(fn, 'filter', d.filter);
    checkBoolean(fn, 'enableContactEvents', d.enableContactEvents);

    const w = this.#state;
    markRollbackChanged(w);
    const slot = createChain(w, b, d);
    return makeHandle(slot, w.chainGeneration[slot]!, HandleKind.Chain) as ChainId;
  }

  /** Destroys a chain and its segments. */
  destroyChain(chainId: ChainId): void {
    const slot = this.chain('destroyChain', chainId);
    markRollbackChanged(this.#state);
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
    markRollbackChanged(w);
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
    markRollbackChanged(w);
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
    markRollbackChanged(this.#state);
    this.#state.shapes.friction[s] = friction;
    remixContacts(this.#state, s);
  }

  getShapeRestitution(shapeId: ShapeId): number {
    return this.#state.shapes.restitution[this.shape('getShapeRestitution', shapeId)]!;
  }

  setShapeRestitution(shapeId: ShapeId, restitution: number): void {
    const s = this.shape('setShapeRestitution', shapeId);
    checkNonNegative('setShapeRestitution', 'restitution', restitution);
    markRollbackChanged(this.#state);
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
    markRollbackChanged(this.#state);
    setFilter(this.#state, s, f);
  }

  areShapeContactEventsEnabled(shapeId: ShapeId): boolean {
    return this.#state.shapes.enableContactEvents[this.shape('areShapeContactEventsEnabled', shapeId)] === 1;
  }

  /** Turns contact begin/end reporting for this shape on or off. */
  enableShapeContactEvents(shapeId: ShapeId, flag: boolean): void {
    const s = this.shape('enableShapeContactEvents', shapeId);
    checkBoolean('enableShapeContactEvents', 'flag', flag);
    markRollbackChanged(this.#state);
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
    const shapes = this.#state.shapes;
    return { minX: shapes.minX[s]!, minY: shapes.minY[s]!, maxX: shapes.maxX[s]!, maxY: shapes.maxY[s]! };
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
    markRollbackChanged(this.#state);
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
    if (solver !== undefined)
      checkNewJointUnderSolver(
        'setJointBreakForce',
        solver,
        joints.type[j]!,
        joints.data[j]!,
        limit,
        joints.breakTorque[j]!,
      );
    markRollbackChanged(this.#state);
    this.#state.joints.breakForce[j] = limit;
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
    if (solver !== undefined)
      checkNewJointUnderSolver(
        'setJointBreakTorque',
        solver,
        joints.type[j]!,
        joints.data[j]!,
        joints.breakForce[j]!,
        limit,
      );
    markRollbackChanged(this.#state);
    this.#state.joints.breakTorque[j] = limit;
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
    markRollbackChanged(w);
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

    markRollbackChanged(w);
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
    return query.castRayClosest(this.#state, origin, translation, filter);
  }

  /** Every shape hit by the ray, each once (where it enters), sorted by fraction then shape id. */
  castRayAll(origin: Vec2, translation: Vec2, filter?: Partial<query.QueryFilter>): query.RayHit[] {
    return query.castRayAll(this.#state, origin, translation, filter);
  }

  /** The first hit found (not necessarily the closest; cheapest), or null. */
  castRayAny(origin: Vec2, translation: Vec2, filter?: Partial<query.QueryFilter>): query.RayHit | null {
    return query.castRayAny(this.#state, origin, translation, filter);
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
    return query.castShape(this.#state, geometry, transform, translation, filter);
  }

  /** Shapes whose tight bounding box overlaps `aabb` (touching counts), sorted by id. */
  overlapAABB(aabb: query.QueryAABB, filter?: Partial<query.QueryFilter>): ShapeId[] {
    return query.overlapAABB(this.#state, aabb, filter);
  }

  /** Shapes whose solid contains `point` (boundary included; segments never), sorted by id. */
  overlapPoint(point: Vec2, filter?: Partial<query.QueryFilter>): ShapeId[] {
    return query.overlapPoint(this.#state, point, filter);
  }

  /** Shapes overlapping or touching `geometry` placed by `transform` (exact), sorted by id. */
  overlapShape(
    geometry: query.QueryGeometry,
    transform: query.QueryTransform,
    filter?: Partial<query.QueryFilter>,
  ): ShapeId[] {
    return query.overlapShape(this.#state, geometry, transform, filter);
  }

  // ---- character mover (see mover.ts for the method and its guarantees)

  /**
   * Creates a kinematic character mover: a capsule moved by collide-and-slide, with
   * ground detection (`maxSlope`), stepping onto ledges (`stepHeight`) and bounded pushing
   * of dynamic bodies (`maxPushForce`). The mover is not a body; call `mover.move` each
   * frame. Options default as in `defaultMoverOptions()`.
   */
  createMover(def: mover.MoverDef): mover.CharacterMover {
    return new mover.CharacterMover(this, def);
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
    return mover.moveCharacter(this.#state, capsule, position, translation, options);
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
    markRollbackChanged(w);
    return w.shapes.pool.handle(createShape(w, b, type, geometry, d)) as ShapeId;
  }

  private shapeDef(fn: string, def: ShapeDefInput): ShapeDef {
    if (typeof def !== 'object' || def === null) fail(fn, 'def', 'an object', def);
    checkKnownFields(fn, def, SHAPE_DEF_KEYS, 'shapes');
    const d = { ...defaultShapeDef(), ...def, filter: withDefaultFilter(def.filter) as Filter };
    checkNonNegativeAtMost(fn, 'density', d.density, MAX_DENSITY, 'kg/m^2');
    checkNonNegative(fn, 'friction', d.friction);
    checkNonNegative(fn, 'restitution', d.restitution);
    checkInteger(fn, 'material', d.material, -0x80000000, 0x7fffffff);
    checkFilter(fn, 'filter', d.filter);
    checkBoolean(fn, 'enableContactEvents', d.enableContactEvents);
    checkBoolean(fn, 'isSensor', d.isSensor);
    checkBoolean(fn, 'updateBodyMass', d.updateBodyMass);
    if (this.#state.shapes.pool.count >= MAX_SLOTS)
      throw new RangeError(`${fn}: the world is full (${MAX_SLOTS} shapes)`);
    return d;
  }
}

/**
 * The names from before the naming rule (a method that takes an id names its object:
 * getBodyPosition, setShapeFriction, isBodyAwake), kept as deprecated aliases so existing
 * callers keep working. Each is the same function as its new name. Exported so that APIs
 * mirroring World (the worker client) keep the same aliases.
 */
export const RENAMED_WORLD_METHODS = {
  getPosition: 'getBodyPosition',
  getAngle: 'getBodyAngle',
  getRotation: 'getBodyRotation',
  getWorldCenter: 'getBodyWorldCenter',
  getLocalCenter: 'getBodyLocalCenter',
  getLinearVelocity: 'getBodyLinearVelocity',
  getAngularVelocity: 'getBodyAngularVelocity',
  getMass: 'getBodyMass',
  getRotationalInertia: 'getBodyRotationalInertia',
  getMassData: 'getBodyMassData',
  getLinearDamping: 'getBodyLinearDamping',
  getAngularDamping: 'getBodyAngularDamping',
  getGravityScale: 'getBodyGravityScale',
  getSleepThreshold: 'getBodySleepThreshold',
  getUserData: 'getBodyUserData',
  getLocalPoint: 'getBodyLocalPoint',
  getWorldPoint: 'getBodyWorldPoint',
  setLinearVelocity: 'setBodyLinearVelocity',
  setAngularVelocity: 'setBodyAngularVelocity',
  setTransform: 'setBodyTransform',
  setMassData: 'setBodyMassData',
  setLinearDamping: 'setBodyLinearDamping',
  setAngularDamping: 'setBodyAngularDamping',
  setGravityScale: 'setBodyGravityScale',
  setFixedRotation: 'setBodyFixedRotation',
  setBullet: 'setBodyBullet',
  setAwake: 'setBodyAwake',
  setSleepThreshold: 'setBodySleepThreshold',
  setUserData: 'setBodyUserData',
  resetMassData: 'resetBodyMassData',
  applyForce: 'applyBodyForce',
  applyForceToCenter: 'applyBodyForceToCenter',
  applyTorque: 'applyBodyTorque',
  applyLinearImpulse: 'applyBodyLinearImpulse',
  applyLinearImpulseToCenter: 'applyBodyLinearImpulseToCenter',
  applyAngularImpulse: 'applyBodyAngularImpulse',
  isFixedRotation: 'isBodyFixedRotation',
  isBullet: 'isBodyBullet',
  isAwake: 'isBodyAwake',
  isSleepEnabled: 'isBodySleepEnabled',
  enableSleep: 'enableBodySleep',
  getDensity: 'getShapeDensity',
  setDensity: 'setShapeDensity',
  getFriction: 'getShapeFriction',
  setFriction: 'setShapeFriction',
  getRestitution: 'getShapeRestitution',
  setRestitution: 'setShapeRestitution',
  getFilter: 'getShapeFilter',
  setFilter: 'setShapeFilter',
  areContactEventsEnabled: 'areShapeContactEventsEnabled',
  enableContactEvents: 'enableShapeContactEvents',
  isSensor: 'isShapeSensor',
} as const satisfies Record<string, keyof World>;

for (const [old, name] of Object.entries(RENAMED_WORLD_METHODS)) {
  Object.defineProperty(World.prototype, old, {
    value: World.prototype[name],
    writable: true,
    configurable: true,
  });
}

// Declaration merging gives the aliases their types; the loop above defines every one of
// them on the prototype, so none is left uninitialised.
export interface World {
  /** @deprecated Use `getBodyPosition` (methods that take an id name their object). */
  getPosition: World['getBodyPosition'];
  /** @deprecated Use `getBodyAngle` (methods that take an id name their object). */
  getAngle: World['getBodyAngle'];
  /** @deprecated Use `getBodyRotation` (methods that take an id name their object). */
  getRotation: World['getBodyRotation'];
  /** @deprecated Use `getBodyWorldCenter` (methods that take an id name their object). */
  getWorldCenter: World['getBodyWorldCenter'];
  /** @deprecated Use `getBodyLocalCenter` (methods that take an id name their object). */
  getLocalCenter: World['getBodyLocalCenter'];
  /** @deprecated Use `getBodyLinearVelocity` (methods that take an id name their object). */
  getLinearVelocity: World['getBodyLinearVelocity'];
  /** @deprecated Use `getBodyAngularVelocity` (methods that take an id name their object). */
  getAngularVelocity: World['getBodyAngularVelocity'];
  /** @deprecated Use `getBodyMass` (methods that take an id name their object). */
  getMass: World['getBodyMass'];
  /** @deprecated Use `getBodyRotationalInertia` (methods that take an id name their object). */
  getRotationalInertia: World['getBodyRotationalInertia'];
  /** @deprecated Use `getBodyMassData` (methods that take an id name their object). */
  getMassData: World['getBodyMassData'];
  /** @deprecated Use `getBodyLinearDamping` (methods that take an id name their object). */
  getLinearDamping: World['getBodyLinearDamping'];
  /** @deprecated Use `getBodyAngularDamping` (methods that take an id name their object). */
  getAngularDamping: World['getBodyAngularDamping'];
  /** @deprecated Use `getBodyGravityScale` (methods that take an id name their object). */
  getGravityScale: World['getBodyGravityScale'];
  /** @deprecated Use `getBodySleepThreshold` (methods that take an id name their object). */
  getSleepThreshold: World['getBodySleepThreshold'];
  /** @deprecated Use `getBodyUserData` (methods that take an id name their object). */
  getUserData: World['getBodyUserData'];
  /** @deprecated Use `getBodyLocalPoint` (methods that take an id name their object). */
  getLocalPoint: World['getBodyLocalPoint'];
  /** @deprecated Use `getBodyWorldPoint` (methods that take an id name their object). */
  getWorldPoint: World['getBodyWorldPoint'];
  /** @deprecated Use `setBodyLinearVelocity` (methods that take an id name their object). */
  setLinearVelocity: World['setBodyLinearVelocity'];
  /** @deprecated Use `setBodyAngularVelocity` (methods that take an id name their object). */
  setAngularVelocity: World['setBodyAngularVelocity'];
  /** @deprecated Use `setBodyTransform` (methods that take an id name their object). */
  setTransform: World['setBodyTransform'];
  /** @deprecated Use `setBodyMassData` (methods that take an id name their object). */
  setMassData: World['setBodyMassData'];
  /** @deprecated Use `setBodyLinearDamping` (methods that take an id name their object). */
  setLinearDamping: World['setBodyLinearDamping'];
  /** @deprecated Use `setBodyAngularDamping` (methods that take an id name their object). */
  setAngularDamping: World['setBodyAngularDamping'];
  /** @deprecated Use `setBodyGravityScale` (methods that take an id name their object). */
  setGravityScale: World['setBodyGravityScale'];
  /** @deprecated Use `setBodyFixedRotation` (methods that take an id name their object). */
  setFixedRotation: World['setBodyFixedRotation'];
  /** @deprecated Use `setBodyBullet` (methods that take an id name their object). */
  setBullet: World['setBodyBullet'];
  /** @deprecated Use `setBodyAwake` (methods that take an id name their object). */
  setAwake: World['setBodyAwake'];
  /** @deprecated Use `setBodySleepThreshold` (methods that take an id name their object). */
  setSleepThreshold: World['setBodySleepThreshold'];
  /** @deprecated Use `setBodyUserData` (methods that take an id name their object). */
  setUserData: World['setBodyUserData'];
  /** @deprecated Use `resetBodyMassData` (methods that take an id name their object). */
  resetMassData: World['resetBodyMassData'];
  /** @deprecated Use `applyBodyForce` (methods that take an id name their object). */
  applyForce: World['applyBodyForce'];
  /** @deprecated Use `applyBodyForceToCenter` (methods that take an id name their object). */
  applyForceToCenter: World['applyBodyForceToCenter'];
  /** @deprecated Use `applyBodyTorque` (methods that take an id name their object). */
  applyTorque: World['applyBodyTorque'];
  /** @deprecated Use `applyBodyLinearImpulse` (methods that take an id name their object). */
  applyLinearImpulse: World['applyBodyLinearImpulse'];
  /** @deprecated Use `applyBodyLinearImpulseToCenter` (methods that take an id name their object). */
  applyLinearImpulseToCenter: World['applyBodyLinearImpulseToCenter'];
  /** @deprecated Use `applyBodyAngularImpulse` (methods that take an id name their object). */
  applyAngularImpulse: World['applyBodyAngularImpulse'];
  /** @deprecated Use `isBodyFixedRotation` (methods that take an id name their object). */
  isFixedRotation: World['isBodyFixedRotation'];
  /** @deprecated Use `isBodyBullet` (methods that take an id name their object). */
  isBullet: World['isBodyBullet'];
  /** @deprecated Use `isBodyAwake` (methods that take an id name their object). */
  isAwake: World['isBodyAwake'];
  /** @deprecated Use `isBodySleepEnabled` (methods that take an id name their object). */
  isSleepEnabled: World['isBodySleepEnabled'];
  /** @deprecated Use `enableBodySleep` (methods that take an id name their object). */
  enableSleep: World['enableBodySleep'];
  /** @deprecated Use `getShapeDensity` (methods that take an id name their object). */
  getDensity: World['getShapeDensity'];
  /** @deprecated Use `setShapeDensity` (methods that take an id name their object). */
  setDensity: World['setShapeDensity'];
  /** @deprecated Use `getShapeFriction` (methods that take an id name their object). */
  getFriction: World['getShapeFriction'];
  /** @deprecated Use `setShapeFriction` (methods that take an id name their object). */
  setFriction: World['setShapeFriction'];
  /** @deprecated Use `getShapeRestitution` (methods that take an id name their object). */
  getRestitution: World['getShapeRestitution'];
  /** @deprecated Use `setShapeRestitution` (methods that take an id name their object). */
  setRestitution: World['setShapeRestitution'];
  /** @deprecated Use `getShapeFilter` (methods that take an id name their object). */
  getFilter: World['getShapeFilter'];
  /** @deprecated Use `setShapeFilter` (methods that take an id name their object). */
  setFilter: World['setShapeFilter'];
  /** @deprecated Use `areShapeContactEventsEnabled` (methods that take an id name their object). */
  areContactEventsEnabled: World['areShapeContactEventsEnabled'];
  /** @deprecated Use `enableShapeContactEvents` (methods that take an id name their object). */
  enableContactEvents: World['enableShapeContactEvents'];
  /** @deprecated Use `isShapeSensor` (methods that take an id name their object). */
  isSensor: World['isShapeSensor'];
}
