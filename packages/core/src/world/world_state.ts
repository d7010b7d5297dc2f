/**
 * The internal state of one world and the bookkeeping that keeps it consistent:
 * the awake lists, contact creation and destruction, waking and mass updates.
 *
 * Everything here trusts its input: validation happens once, in world.ts, before any
 * of these functions is called, so a rejected public call never gets this far.
 */

import { growI32 } from '../base/array.js';
import { BodyStore, BodyType, DQC, DQS, DPX, DPY, STATE_STRIDE, VX, VY, W } from '../dynamics/body.js';
import { BroadPhase } from '../collision/broad_phase.js';
import {
  AABB_MARGIN,
  DEFAULT_CONTACT_DAMPING_RATIO,
  DEFAULT_CONTACT_HERTZ,
  DEFAULT_GRAVITY_Y,
  DEFAULT_JOINT_DAMPING_RATIO,
  DEFAULT_JOINT_HERTZ,
  DEFAULT_MAX_CONTACT_PUSH_SPEED,
  DEFAULT_MAX_LINEAR_SPEED,
  DEFAULT_RESTITUTION_THRESHOLD,
  DEFAULT_SUB_STEPS,
  SPECULATIVE_DISTANCE,
} from '../base/constants.js';
import {
  C_FRICTION,
  C_POINT,
  P_NORMAL_IMPULSE,
  P_TANGENT_IMPULSE,
  C_POINT_STRIDE,
  C_RESTITUTION,
  CONTACT_ENABLE_EVENTS,
  CONTACT_SENSOR,
  CONTACT_SENSOR_OVERLAP,
  CONTACT_STRIDE,
  CONTACT_TOUCHING,
  ContactStore,
} from '../dynamics/contact.js';
import { ContactConstraints } from '../dynamics/contact_solver.js';
import { EventBuffers } from '../dynamics/events.js';
import { JointStore, jointsBlockCollision } from '../joints/joint.js';
import { StepContext } from '../dynamics/step_context.js';
import { AABB, computeMass, computeShapeAABB, MassData, ShapeType } from '../geometry/geometry.js';
import type { Capsule, ChainSegment, Circle, Polygon, Segment } from '../geometry/geometry.js';
import { getCollider } from '../collision/manifold.js';
import { length, Transform } from '../base/math.js';
import { PairTable } from '../collision/pair_table.js';
import { pairSearchMask, ShapeStore, shouldShapesCollide } from '../dynamics/shape.js';

/** Scratch fat box handed to the broad phase (an object: double arguments would be boxed). */
const fatBox = new AABB(0.5, 0.5, 0.5, 0.5);

/** Mixes the friction of two shapes; the default is the geometric mean. */
export type FrictionMixer = (
  frictionA: number,
  materialA: number,
  frictionB: number,
  materialB: number,
) => number;
/** Mixes the restitution of two shapes; the default is the larger one. */
export type RestitutionMixer = (
  restitutionA: number,
  materialA: number,
  restitutionB: number,
  materialB: number,
) => number;

export function mixFrictionDefault(a: number, _ma: number, b: number, _mb: number): number {
  return Math.sqrt(a * b);
}

export function mixRestitutionDefault(a: number, _ma: number, b: number, _mb: number): number {
  return a > b ? a : b;
}

/** Solver settings that can change between steps. */
export class WorldSettings {
  gravityX = 0;
  gravityY = DEFAULT_GRAVITY_Y;
  subSteps = DEFAULT_SUB_STEPS;
  contactHertz = DEFAULT_CONTACT_HERTZ;
  contactDampingRatio = DEFAULT_CONTACT_DAMPING_RATIO;
  maxContactPushSpeed = DEFAULT_MAX_CONTACT_PUSH_SPEED;
  restitutionThreshold = DEFAULT_RESTITUTION_THRESHOLD;
  maxLinearSpeed = DEFAULT_MAX_LINEAR_SPEED;
  enableSleep = true;
  enableWarmStarting = true;
  /** Stiffness of rigid joint axes (Hz), clamped to a quarter of the sub-step rate. */
  jointHertz = DEFAULT_JOINT_HERTZ;
  jointDampingRatio = DEFAULT_JOINT_DAMPING_RATIO;
  /** Approach speed above which a contact reports a hit event (m/s). */
  hitEventThreshold = 1;
  /** Sweep fast bodies against static geometry (and bullets against dynamic bodies). */
  enableContinuous = true;
  /** Bodies slower than this are never swept (m/s). */
  continuousMinSpeed = 0;
  /** Time the stages of each step (reading the clock allocates). */
  enableProfile = false;
  /** Bumped by every change of the settings above, so the step refreshes what it derived. */
  version = 0;
}

/** Step timings in milliseconds, overwritten by every step. */
export class Profile {
  step = 0;
  pairs = 0;
  collide = 0;
  solve = 0;
  continuous = 0;
  sleep = 0;
  /** Bodies swept by continuous collision in the last step. */
  sweptBodies = 0;
  /** Time-of-impact computations in the last step. */
  toiCalls = 0;
}

/** A chain: the ordered segment shapes it created, for destroying it as one. */
export interface ChainRecord {
  body: number;
  shapes: number[];
}

let stateAccessor: ((world: object) => WorldState) | null = null;

/** Called once by the public `World` class (world.ts) to hand out its private state. */
export function registerWorldStateAccessor(accessor: (world: object) => WorldState): void {
  stateAccessor = accessor;
}

/**
 * The state of a public `World`, for internal modules that are handed one (the character
 * mover's public constructor, tests). Not exported by the index. Throws a TypeError when
 * `world` is not a `World`.
 */
export function worldStateOf(world: object): WorldState {
  if (stateAccessor === null) throw new Error('worldStateOf: the World class is not loaded');
  return stateAccessor(world);
}

export class WorldState {
  readonly settings = new WorldSettings();
  readonly profile = new Profile();
  readonly bodies = new BodyStore();
  readonly shapes = new ShapeStore();
  readonly contacts = new ContactStore();
  readonly chains: (ChainRecord | null)[] = [];
  readonly chainFree: number[] = [];
  readonly chainGeneration: number[] = [];
  readonly broadPhase: BroadPhase;
  /** Shape pair -> contact slot, for "does this pair already have a contact". */
  readonly pairs = new PairTable();
  frictionMixer: FrictionMixer = mixFrictionDefault;
  restitutionMixer: RestitutionMixer = mixRestitutionDefault;

  /** Non-static bodies that are awake, in a deterministic order. */
  awakeBodies = new Int32Array(64);
  awakeBodyCount = 0;
  /** Contacts with at least one awake body: the ones the narrow phase updates. */
  awakeContacts = new Int32Array(64);
  awakeContactCount = 0;
  readonly constraints = new ContactConstraints();
  readonly events = new EventBuffers();
  readonly joints = new JointStore();
  readonly stepContext = new StepContext();
  /** Joints solved this step, in slot order. */
  activeJoints = new Int32Array(16);
  activeJointCount = 0;
  /** Joint events since the last step began: handles, and 1 = broken / 0 = removed. */
  jointEventIds: number[] = [];
  jointEventBroken: number[] = [];
  stepCount = 0;
  /** Dynamic bodies that moved far enough this step to be swept (continuous collision). */
  fastBodies = new Int32Array(16);
  fastBodyCount = 0;
  /** Set while step() runs: the structure may not change from inside it. */
  locked = false;

  // scratch, preallocated once
  readonly xfA = new Transform();
  readonly xfB = new Transform();
  readonly aabb = new AABB();
  readonly massData = new MassData();
  wakeStack = new Int32Array(64);

  constructor() {
    this.broadPhase = new BroadPhase((a, b) => this.pairFilter(a, b));
    this.bindJointCallbacks();
  }

  /**
   * Takes over the whole content of `other` (a state just filled by a snapshot), keeping
   * this object, so that whoever holds this state sees the restored world. The callbacks
   * that refer to the state are bound to this object again.
   */
  adopt(other: WorldState): void {
    Object.assign(this, other);
    this.broadPhase.setPairFilter((a, b) => this.pairFilter(a, b));
    this.bindJointCallbacks();
  }

  private bindJointCallbacks(): void {
    this.jointFilter = (a, b) =>
      this.bodies.jointHead[a] === -1 || this.bodies.jointHead[b] === -1 || !jointsBlockCollision(this, a, b);
    this.linkJointIslands = (union) => {
      const joints = this.joints;
      const bodies = this.bodies;
      for (let i = 0; i < this.activeJointCount; i++) {
        const j = this.activeJoints[i]!;
        const a = joints.bodyA[j]!;
        const b = joints.bodyB[j]!;
        if (bodies.type[a] === BodyType.Dynamic && bodies.type[b] === BodyType.Dynamic) union(a, b);
      }
    };
    this.wakeJointNeighbours = (body, top) => {
      const joints = this.joints;
      const bodies = this.bodies;
      for (let edge = bodies.jointHead[body]!; edge !== -1; edge = joints.edgeNext[edge]!) {
        const j = edge >> 1;
        if (joints.enabled[j] !== 1) continue;
        const other = (edge & 1) === 0 ? joints.bodyB[j]! : joints.bodyA[j]!;
        if (bodies.type[other] === BodyType.Static || bodies.awake[other] === 1) continue;
        this.markAwake(other);
        this.events.pushBody(bodies.pool.handle(other), true);
        if (top === this.wakeStack.length) this.wakeStack = growI32(this.wakeStack, top * 2);
        this.wakeStack[top++] = other;
      }
      return top;
    };
  }

  /** Records a sensor begin or end event for a sensor contact. */
  pushSensorEvent(c: number, begin: boolean): void {
    const contacts = this.contacts;
    const shapes = this.shapes;
    const a = contacts.shapeA[c]!;
    const b = contacts.shapeB[c]!;
    const sensor = shapes.isSensor[a] === 1 ? a : b;
    const visitor = sensor === a ? b : a;
    const sensorId = shapes.pool.handle(sensor);
    const visitorId = shapes.pool.handle(visitor);
    if (begin) this.events.pushSensorBegin(sensorId, visitorId);
    else this.events.pushSensorEnd(sensorId, visitorId);
  }

  /** Records a joint event (broken in the step, or removed with one of its bodies). */
  reportJointEvent(j: number, broken: boolean): void {
    this.jointEventIds.push(this.joints.pool.handle(j));
    this.jointEventBroken.push(broken ? 1 : 0);
  }

  // ---------------------------------------------------------------- awake lists

  addAwakeBody(b: number): void {
    const bodies = this.bodies;
    if (bodies.awakeIndex[b]! !== -1) return;
    if (this.awakeBodyCount === this.awakeBodies.length) {
      this.awakeBodies = growI32(this.awakeBodies, this.awakeBodyCount * 2);
    }
    bodies.awakeIndex[b] = this.awakeBodyCount;
    this.awakeBodies[this.awakeBodyCount++] = b;
  }

  removeAwakeBody(b: number): void {
    const bodies = this.bodies;
    const i = bodies.awakeIndex[b]!;
    if (i === -1) return;
    const last = this.awakeBodies[--this.awakeBodyCount]!;
    this.awakeBodies[i] = last;
    bodies.awakeIndex[last] = i;
    bodies.awakeIndex[b] = -1;
  }

  addAwakeContact(c: number): void {
    const contacts = this.contacts;
    if (contacts.awakeIndex[c]! !== -1) return;
    if (this.awakeContactCount === this.awakeContacts.length) {
      this.awakeContacts = growI32(this.awakeContacts, this.awakeContactCount * 2);
    }
    contacts.awakeIndex[c] = this.awakeContactCount;
    this.awakeContacts[this.awakeContactCount++] = c;
  }

  removeAwakeContact(c: number): void {
    const contacts = this.contacts;
    const i = contacts.awakeIndex[c]!;
    if (i === -1) return;
    const last = this.awakeContacts[--this.awakeContactCount]!;
    this.awakeContacts[i] = last;
    contacts.awakeIndex[last] = i;
    contacts.awakeIndex[c] = -1;
  }

  // ---------------------------------------------------------------- contacts

  /** Broad-phase filter for a candidate pair of shapes. */
  pairFilter(shapeA: number, shapeB: number): boolean {
    const shapes = this.shapes;
    const bodyA = shapes.body[shapeA]!;
    const bodyB = shapes.body[shapeB]!;
    if (bodyA === bodyB) return false;
    if (shapes.isSensor[shapeA] === 1 && shapes.isSensor[shapeB] === 1) return false;
    const bodies = this.bodies;
    if (bodies.type[bodyA] !== BodyType.Dynamic && bodies.type[bodyB] !== BodyType.Dynamic) return false;
    if (
      !shouldShapesCollide(
        shapes.categoryBits[shapeA]!,
        shapes.maskBits[shapeA]!,
        shapes.groupIndex[shapeA]!,
        shapes.categoryBits[shapeB]!,
        shapes.maskBits[shapeB]!,
        shapes.groupIndex[shapeB]!,
      )
    ) {
      return false;
    }
    if (getCollider(shapes.typeOf(shapeA), shapes.typeOf(shapeB)) === null) {
      if (getCollider(shapes.typeOf(shapeB), shapes.typeOf(shapeA)) === null) return false;
    }
    if (this.jointFilter !== null && !this.jointFilter(bodyA, bodyB)) return false;
    return this.pairs.find(shapeA, shapeB) === -1;
  }

  /** Set by the joint module: false when a joint between the bodies disables collision. */
  jointFilter: ((bodyA: number, bodyB: number) => boolean) | null = null;

  createContact(shape1: number, shape2: number): void {
    const shapes = this.shapes;
    // order the pair so that the collision table has an entry for (A, B)
    let shapeA = shape1;
    let shapeB = shape2;
    if (getCollider(shapes.typeOf(shapeA), shapes.typeOf(shapeB)) === null) {
      shapeA = shape2;
      shapeB = shape1;
    }
    const contacts = this.contacts;
    const c = contacts.pool.allocate();
    contacts.ensureCapacity(c + 1);
    const bodyA = shapes.body[shapeA]!;
    const bodyB = shapes.body[shapeB]!;
    contacts.shapeA[c] = shapeA;
    contacts.shapeB[c] = shapeB;
    contacts.bodyA[c] = bodyA;
    contacts.bodyB[c] = bodyB;
    contacts.pointCount[c] = 0;
    contacts.id0[c] = -1;
    contacts.id1[c] = -1;
    contacts.flags[c] =
      shapes.enableContactEvents[shapeA]! !== 0 || shapes.enableContactEvents[shapeB]! !== 0
        ? CONTACT_ENABLE_EVENTS
        : 0;
    if (shapes.isSensor[shapeA] === 1 || shapes.isSensor[shapeB] === 1) {
      contacts.flags[c] = contacts.flags[c]! | CONTACT_SENSOR;
    }
    contacts.awakeIndex[c] = -1;
    const base = c * CONTACT_STRIDE;
    contacts.data.fill(0, base, base + CONTACT_STRIDE);
    contacts.data[base + C_FRICTION] = this.frictionMixer(
      shapes.friction[shapeA]!,
      shapes.material[shapeA]!,
      shapes.friction[shapeB]!,
      shapes.material[shapeB]!,
    );
    contacts.data[base + C_RESTITUTION] = this.restitutionMixer(
      shapes.restitution[shapeA]!,
      shapes.material[shapeA]!,
      shapes.restitution[shapeB]!,
      shapes.material[shapeB]!,
    );
    this.linkContactEdge(2 * c, bodyA);
    this.linkContactEdge(2 * c + 1, bodyB);
    this.pairs.insert(shapeA, shapeB, c);
    const bodies = this.bodies;
    if (bodies.awake[bodyA] === 1 || bodies.awake[bodyB] === 1) this.addAwakeContact(c);
  }

  /** Destroys a contact; when it was touching, the bodies on both sides are woken. */
  destroyContact(c: number, wakeBodies: boolean): void {
    const contacts = this.contacts;
    const bodyA = contacts.bodyA[c]!;
    const bodyB = contacts.bodyB[c]!;
    this.pairs.remove(contacts.shapeA[c]!, contacts.shapeB[c]!);
    this.unlinkContactEdge(2 * c, bodyA);
    this.unlinkContactEdge(2 * c + 1, bodyB);
    this.removeAwakeContact(c);
    const flags = contacts.flags[c]!;
    const touching = (flags & CONTACT_TOUCHING) !== 0;
    // tested unconditionally: an operation first reached in a rare case (a touching contact
    // destroyed) deoptimises the function (docs/core-design.md)
    const reportEnd = (flags & CONTACT_ENABLE_EVENTS) !== 0;
    if (touching && reportEnd) {
      this.events.pushEnd(
        this.shapes.pool.handle(contacts.shapeA[c]!),
        this.shapes.pool.handle(contacts.shapeB[c]!),
      );
    }
    if ((flags & CONTACT_SENSOR_OVERLAP) !== 0) this.pushSensorEvent(c, false);
    contacts.flags[c] = 0;
    contacts.pointCount[c] = 0;
    contacts.pool.release(c);
    if (touching && wakeBodies) {
      this.wakeBody(bodyA);
      this.wakeBody(bodyB);
    }
  }

  private linkContactEdge(edge: number, body: number): void {
    const contacts = this.contacts;
    const head = this.bodies.contactHead[body]!;
    contacts.edgePrev[edge] = -1;
    contacts.edgeNext[edge] = head;
    if (head !== -1) contacts.edgePrev[head] = edge;
    this.bodies.contactHead[body] = edge;
  }

  private unlinkContactEdge(edge: number, body: number): void {
    const contacts = this.contacts;
    const prev = contacts.edgePrev[edge]!;
    const next = contacts.edgeNext[edge]!;
    if (prev !== -1) contacts.edgeNext[prev] = next;
    else this.bodies.contactHead[body] = next;
    if (next !== -1) contacts.edgePrev[next] = prev;
    contacts.edgePrev[edge] = -1;
    contacts.edgeNext[edge] = -1;
  }

  /** Destroys every contact of a shape (used when the shape or its proxy goes away). */
  destroyShapeContacts(shape: number, wakeBodies: boolean): void {
    const body = this.shapes.body[shape]!;
    const contacts = this.contacts;
    let edge = this.bodies.contactHead[body]!;
    while (edge !== -1) {
      const next = contacts.edgeNext[edge]!;
      const c = edge >> 1;
      if (contacts.shapeA[c] === shape || contacts.shapeB[c] === shape) this.destroyContact(c, wakeBodies);
      edge = next;
    }
  }

  // ---------------------------------------------------------------- sleep and wake

  /**
   * Wakes a body and everything it touches or is jointed to that sleeps: an island
   * sleeps and wakes as a whole.
   */
  wakeBody(b: number): void {
    const bodies = this.bodies;
    if (bodies.type[b] === BodyType.Static || bodies.awake[b] === 1) return;
    let top = 0;
    this.wakeStack[top++] = b;
    this.markAwake(b);
    this.events.pushBody(bodies.pool.handle(b), true);
    const contacts = this.contacts;
    while (top > 0) {
      const body = this.wakeStack[--top]!;
      for (let edge = bodies.contactHead[body]!; edge !== -1; edge = contacts.edgeNext[edge]!) {
        const c = edge >> 1;
        this.addAwakeContact(c);
        if ((contacts.flags[c]! & CONTACT_TOUCHING) === 0) continue;
        const other = (edge & 1) === 0 ? contacts.bodyB[c]! : contacts.bodyA[c]!;
        if (bodies.type[other] === BodyType.Static || bodies.awake[other] === 1) continue;
        this.markAwake(other);
        this.events.pushBody(bodies.pool.handle(other), true);
        if (top === this.wakeStack.length) this.wakeStack = growI32(this.wakeStack, top * 2);
        this.wakeStack[top++] = other;
      }
      if (this.wakeJointNeighbours !== null) top = this.wakeJointNeighbours(body, top);
    }
  }

  /**
   * Forgets the warm-start impulses of every contact in the islands touching `b`.
   *
   * Warm starting assumes the next step looks like the last one. Removing a body breaks
   * that for everything it rested on: the contacts below a removed heavy load still hold
   * impulses sized for the load, and replaying them would launch the stack. Clearing
   * them lets the island re-converge from rest; the relax pass then keeps the recovery
   * of the soft overlap from turning into velocity.
   */
  resetIslandImpulses(b: number): void {
    const bodies = this.bodies;
    const contacts = this.contacts;
    const d = contacts.data;
    const visitStamp = ++this.visitStamp;
    if (this.visited.length < bodies.capacity) this.visited = growI32(this.visited, bodies.capacity);
    let top = 0;
    this.wakeStack[top++] = b;
    this.visited[b] = visitStamp;
    while (top > 0) {
      const body = this.wakeStack[--top]!;
      for (let edge = bodies.contactHead[body]!; edge !== -1; edge = contacts.edgeNext[edge]!) {
        const c = edge >> 1;
        const base = c * CONTACT_STRIDE + C_POINT;
        for (let k = 0; k < 2; k++) {
          d[base + k * C_POINT_STRIDE + P_NORMAL_IMPULSE] = 0;
          d[base + k * C_POINT_STRIDE + P_TANGENT_IMPULSE] = 0;
        }
        if ((contacts.flags[c]! & CONTACT_TOUCHING) === 0) continue;
        const other = (edge & 1) === 0 ? contacts.bodyB[c]! : contacts.bodyA[c]!;
        if (bodies.type[other] !== BodyType.Dynamic || this.visited[other] === visitStamp) continue;
        this.visited[other] = visitStamp;
        if (top === this.wakeStack.length) this.wakeStack = growI32(this.wakeStack, top * 2);
        this.wakeStack[top++] = other;
      }
    }
  }

  visited = new Int32Array(64);
  visitStamp = 0;

  /** Set by the joint module: links jointed bodies into islands. */
  linkJointIslands: ((union: (a: number, b: number) => void) => void) | null = null;

  /** Set by the joint module: pushes the sleeping bodies jointed to `body`. */
  wakeJointNeighbours: ((body: number, top: number) => number) | null = null;

  markAwake(b: number): void {
    const bodies = this.bodies;
    bodies.awake[b] = 1;
    bodies.sleepTime[b] = 0;
    this.addAwakeBody(b);
  }

  /** Puts one body to sleep; its contacts leave the awake list once no side is awake. */
  sleepBody(b: number): void {
    const bodies = this.bodies;
    bodies.awake[b] = 0;
    this.events.pushBody(bodies.pool.handle(b), false);
    bodies.sleepTime[b] = 0;
    const o = b * STATE_STRIDE;
    bodies.state[o + VX] = 0;
    bodies.state[o + VY] = 0;
    bodies.state[o + W] = 0;
    bodies.fx[b] = 0;
    bodies.fy[b] = 0;
    bodies.torque[b] = 0;
    this.removeAwakeBody(b);
    const contacts = this.contacts;
    for (let edge = bodies.contactHead[b]!; edge !== -1; edge = contacts.edgeNext[edge]!) {
      const c = edge >> 1;
      const other = (edge & 1) === 0 ? contacts.bodyB[c]! : contacts.bodyA[c]!;
      if (bodies.awake[other] !== 1) this.removeAwakeContact(c);
    }
  }

  // ---------------------------------------------------------------- bodies and shapes

  resetSolverState(b: number): void {
    const o = b * STATE_STRIDE;
    const state = this.bodies.state;
    state[o + DPX] = 0;
    state[o + DPY] = 0;
    state[o + DQC] = 1;
    state[o + DQS] = 0;
  }

  /** Recomputes mass, inertia and center of mass of a body from its shapes. */
  updateBodyMass(b: number): void {
    const bodies = this.bodies;
    const shapes = this.shapes;
    bodies.massOverridden[b] = 0;
    let mass = 0;
    let inertia = 0;
    let lcx = 0;
    let lcy = 0;
    const md = this.massData;
    if (bodies.type[b] === BodyType.Dynamic) {
      for (let s = bodies.shapeHead[b]!; s !== -1; s = shapes.next[s]!) {
        const density = shapes.density[s]!;
        if (density === 0) continue;
        computeMass(shapes.typeOf(s), shapes.geometry[s]!, density, md);
        mass += md.mass;
        lcx += md.mass * md.centerX;
        lcy += md.mass * md.centerY;
        // inertia about the body origin, by the parallel axis theorem
        inertia += md.rotationalInertia + md.mass * (md.centerX * md.centerX + md.centerY * md.centerY);
      }
      if (mass > 0) {
        lcx /= mass;
        lcy /= mass;
        inertia -= mass * (lcx * lcx + lcy * lcy);
      } else {
        // a dynamic body needs mass to respond to contacts; give it one kilogram
        mass = 1;
        inertia = 0;
      }
    }
    this.applyMass(b, mass, inertia, lcx, lcy);
  }

  /** Sets mass properties (about the center of mass) and moves the center accordingly. */
  applyMass(b: number, mass: number, inertia: number, lcx: number, lcy: number): void {
    const bodies = this.bodies;
    const dynamic = bodies.type[b] === BodyType.Dynamic;
    bodies.mass[b] = dynamic ? mass : 0;
    bodies.invMass[b] = dynamic && mass > 0 ? 1 / mass : 0;
    const fixed = bodies.fixedRotation[b] === 1;
    bodies.inertia[b] = dynamic && !fixed ? inertia : 0;
    bodies.invInertia[b] = dynamic && !fixed && inertia > 0 ? 1 / inertia : 0;
    // keep the velocity of the origin-fixed frame consistent when the center moves
    const oldCx = bodies.cx[b]!;
    const oldCy = bodies.cy[b]!;
    bodies.lcx[b] = lcx;
    bodies.lcy[b] = lcy;
    const c = bodies.c[b]!;
    const s = bodies.s[b]!;
    const cx = bodies.px[b]! + c * lcx - s * lcy;
    const cy = bodies.py[b]! + s * lcx + c * lcy;
    bodies.cx[b] = cx;
    bodies.cy[b] = cy;
    const o = b * STATE_STRIDE;
    const w = bodies.state[o + W]!;
    bodies.state[o + VX] = bodies.state[o + VX]! - w * (cy - oldCy);
    bodies.state[o + VY] = bodies.state[o + VY]! + w * (cx - oldCx);
    this.updateMaxExtent(b);
  }

  /** Largest distance from the center of mass to any shape point, for the sleep test. */
  updateMaxExtent(b: number): void {
    const bodies = this.bodies;
    const shapes = this.shapes;
    const lcx = bodies.lcx[b]!;
    const lcy = bodies.lcy[b]!;
    let extent = 0;
    let minExtent = Number.POSITIVE_INFINITY;
    for (let s = bodies.shapeHead[b]!; s !== -1; s = shapes.next[s]!) {
      const e = shapeExtent(shapes.typeOf(s), shapes.geometry[s]!, lcx, lcy);
      if (e > extent) extent = e;
      const inner = shapeInnerExtent(shapes.typeOf(s), shapes.geometry[s]!);
      if (inner < minExtent) minExtent = inner;
    }
    bodies.maxExtent[b] = extent;
    bodies.minExtent[b] = minExtent;
  }

  /** Computes the shape's tight AABB from its body's transform. */
  computeShapeBox(shape: number): void {
    const shapes = this.shapes;
    const bodies = this.bodies;
    const b = shapes.body[shape]!;
    this.xfA.set(bodies.px[b]!, bodies.py[b]!, bodies.c[b]!, bodies.s[b]!);
    const box = computeShapeAABB(shapes.typeOf(shape), shapes.geometry[shape]!, this.xfA, this.aabb);
    shapes.minX[shape] = box.minX;
    shapes.minY[shape] = box.minY;
    shapes.maxX[shape] = box.maxX;
    shapes.maxY[shape] = box.maxY;
  }

  /** Fat margin: static proxies never move, so they need only the speculative margin. */
  marginFor(body: number): number {
    return this.bodies.type[body] === BodyType.Static ? SPECULATIVE_DISTANCE : AABB_MARGIN;
  }

  createShapeProxy(shape: number, forcePairCreation: boolean): void {
    const shapes = this.shapes;
    const body = shapes.body[shape]!;
    this.computeShapeBox(shape);
    const m = this.marginFor(body);
    shapes.proxyKey[shape] = this.broadPhase.createProxy(
      shapes.minX[shape]! - m,
      shapes.minY[shape]! - m,
      shapes.maxX[shape]! + m,
      shapes.maxY[shape]! + m,
      shapes.categoryBits[shape]!,
      shape,
      this.bodies.type[body]!,
      forcePairCreation,
      pairSearchMask(shapes.maskBits[shape]!, shapes.groupIndex[shape]!),
    );
  }

  destroyShapeProxy(shape: number): void {
    const key = this.shapes.proxyKey[shape]!;
    if (key === -1) return;
    this.broadPhase.destroyProxy(key);
    this.shapes.proxyKey[shape] = -1;
  }

  /** After a teleport: new boxes for every shape of the body, moved in the broad phase. */
  moveBodyProxies(b: number): void {
    const shapes = this.shapes;
    const m = this.marginFor(b);
    for (let s = this.bodies.shapeHead[b]!; s !== -1; s = shapes.next[s]!) {
      this.computeShapeBox(s);
      const key = shapes.proxyKey[s]!;
      if (key === -1) continue;
      fatBox.minX = shapes.minX[s]! - m;
      fatBox.minY = shapes.minY[s]! - m;
      fatBox.maxX = shapes.maxX[s]! + m;
      fatBox.maxY = shapes.maxY[s]! + m;
      this.broadPhase.moveProxy(key, fatBox);
    }
  }

  /** Total normal impulse of a contact's points over the last step (for tests/tools). */
  contactNormalImpulse(c: number): number {
    const base = c * CONTACT_STRIDE;
    const d = this.contacts.data;
    let sum = 0;
    for (let i = 0; i < this.contacts.pointCount[c]!; i++) sum += d[base + C_POINT + i * C_POINT_STRIDE + 5]!;
    return sum;
  }
}

/** Half the thinnest dimension of a shape: how far it may move in a step without skipping
 * over something as thin as a segment. */
function shapeInnerExtent(type: ShapeType, g: unknown): number {
  switch (type) {
    case ShapeType.Circle:
      return (g as Circle).radius;
    case ShapeType.Capsule:
      return (g as Capsule).radius;
    case ShapeType.Polygon: {
      const p = g as Polygon;
      let e = Number.POSITIVE_INFINITY;
      for (let i = 0; i < p.count; i++) {
        const d = p.nx[i]! * (p.vx[i]! - p.centroidX) + p.ny[i]! * (p.vy[i]! - p.centroidY);
        if (d < e) e = d;
      }
      return e + p.radius;
    }
    default:
      return 0;
  }
}

function shapeExtent(type: ShapeType, g: unknown, lcx: number, lcy: number): number {
  switch (type) {
    case ShapeType.Circle: {
      const c = g as Circle;
      return length(c.cx - lcx, c.cy - lcy) + c.radius;
    }
    case ShapeType.Capsule: {
      const c = g as Capsule;
      return Math.max(length(c.c1x - lcx, c.c1y - lcy), length(c.c2x - lcx, c.c2y - lcy)) + c.radius;
    }
    case ShapeType.Polygon: {
      const p = g as Polygon;
      let e = 0;
      for (let i = 0; i < p.count; i++) e = Math.max(e, length(p.vx[i]! - lcx, p.vy[i]! - lcy));
      return e + p.radius;
    }
    case ShapeType.Segment: {
      const s = g as Segment;
      return Math.max(length(s.p1x - lcx, s.p1y - lcy), length(s.p2x - lcx, s.p2y - lcy));
    }
    default: {
      const s = g as ChainSegment;
      return Math.max(length(s.p1x - lcx, s.p1y - lcy), length(s.p2x - lcx, s.p2y - lcy));
    }
  }
}
