/**
 * The mirror's store: a world's structure as the core's `World` keeps it, without what the
 * step needs (contacts, proxies, islands, solver state). Columns are named as the core's
 * body, shape and joint stores name theirs, so the core's own mass rule
 * (`updateBodyMass`, `applyMass`, `updateMaxExtent`) and solver capability check
 * (`checkJointsUnderSolver`) run on it unchanged, and ids come from the core's `SlotPool`:
 * the same calls in the same order give the same ids, slots and values as a `World`.
 *
 * A world that is never stepped has no contacts, so waking follows joints only, and a
 * shape's box is its body's pose applied to its geometry (computed when read).
 */
import {
  type ChainId,
  HandleKind,
  handleGeneration,
  handleKind,
  handleSlot,
  MassData,
  makeHandle,
  SlotPool,
  STATE_STRIDE,
  VX,
  VY,
  W,
  type Geometry,
  type ShapeType,
  type WorldState,
  WorldSettings,
  BodyType,
  type Solver,
  type FrictionMixer,
  type RestitutionMixer,
  prepareToActWith,
  releaseChainSlot,
  unlinkJoint,
  unlinkShape,
} from '@impulse/core/mirror-kit';

type Column = number[];

/** The body columns the core's mass rule reads and writes, and what the mirror reads. */
export class MirrorBodies {
  readonly pool = new SlotPool(HandleKind.Body);
  type: Column = [];
  px: Column = [];
  py: Column = [];
  c: Column = [];
  s: Column = [];
  cx: Column = [];
  cy: Column = [];
  lcx: Column = [];
  lcy: Column = [];
  /** Velocity at VX, VY, W, STATE_STRIDE apart (the core's layout: its mass rule writes it). */
  state: Column = [];
  mass: Column = [];
  invMass: Column = [];
  inertia: Column = [];
  invInertia: Column = [];
  linearDamping: Column = [];
  angularDamping: Column = [];
  gravityScale: Column = [];
  sleepThreshold: Column = [];
  maxExtent: Column = [];
  minExtent: Column = [];
  fixedRotation: Column = [];
  bullet: Column = [];
  awake: Column = [];
  enableSleep: Column = [];
  massOverridden: Column = [];
  /** Head of the body's shape list (newest first, -1 = none), as the core links it. */
  shapeHead: Column = [];
  /** Head of the body's joint edge list (edge = 2 * joint + side, -1 = none). */
  jointHead: Column = [];
  userData: unknown[] = [];
}

export class MirrorShapes {
  readonly pool = new SlotPool(HandleKind.Shape);
  body: Column = [];
  type: Column = [];
  geometry: Geometry[] = [];
  density: Column = [];
  friction: Column = [];
  restitution: Column = [];
  categoryBits: Column = [];
  maskBits: Column = [];
  groupIndex: Column = [];
  enableContactEvents: Column = [];
  isSensor: Column = [];
  next: Column = [];
  chain: Column = [];
  userData: unknown[] = [];

  typeOf(slot: number): ShapeType {
    return this.type[slot] as ShapeType;
  }
}

export class MirrorJoints {
  readonly pool = new SlotPool(HandleKind.Joint);
  type: Column = [];
  bodyA: Column = [];
  bodyB: Column = [];
  localAx: Column = [];
  localAy: Column = [];
  localBx: Column = [];
  localBy: Column = [];
  breakForce: Column = [];
  breakTorque: Column = [];
  enabled: Column = [];
  /** The joint type's data object (the core's registry makes and fills it). */
  data: (object | null)[] = [];
  edgeNext: Column = [];
  edgePrev: Column = [];
  userData: unknown[] = [];
}

/** The whole structure; as a `WorldState` it offers only what the core functions it meets read. */
export class MirrorState {
  readonly bodies = new MirrorBodies();
  readonly shapes = new MirrorShapes();
  readonly joints = new MirrorJoints();
  readonly massData = new MassData();
  readonly settings = new WorldSettings();
  frictionMixer!: FrictionMixer;
  restitutionMixer!: RestitutionMixer;
  solver: Solver | null = null;
  chains: ({ body: number; shapes: number[] } | null)[] = [];
  chainGeneration: number[] = [];
  chainFree: number[] = [];

  /** This store where a core function takes a world's state (it reads only columns named here). */
  get asWorldState(): WorldState {
    return this as unknown as WorldState;
  }

  /** The slot of a live chain id, or -1 (as World resolves chain ids). */
  resolveChain(id: unknown): number {
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return -1;
    if (handleKind(id) !== HandleKind.Chain) return -1;
    const slot = handleSlot(id);
    if (slot >= this.chains.length || this.chains[slot] === null) return -1;
    return this.chainGeneration[slot] === handleGeneration(id) ? slot : -1;
  }

  chainHandle(slot: number): ChainId {
    return makeHandle(slot, this.chainGeneration[slot]!, HandleKind.Chain) as ChainId;
  }
}

// ------------------------------------------------------------------------- awake state

export function markAwake(w: MirrorState, b: number): void {
  w.bodies.awake[b] = 1;
}

/** Wakes a body and, through enabled joints, every sleeping non-static body jointed to it. */
export function wakeBody(w: MirrorState, b: number): void {
  const bodies = w.bodies;
  const joints = w.joints;
  if (bodies.type[b] === BodyType.Static || bodies.awake[b] === 1) return;
  const stack = [b];
  markAwake(w, b);
  while (stack.length > 0) {
    const body = stack.pop()!;
    for (let edge = bodies.jointHead[body]!; edge !== -1; edge = joints.edgeNext[edge]!) {
      const j = edge >> 1;
      if (joints.enabled[j] !== 1) continue;
      const other = (edge & 1) === 0 ? joints.bodyB[j]! : joints.bodyA[j]!;
      if (bodies.type[other] === BodyType.Static || bodies.awake[other] === 1) continue;
      markAwake(w, other);
      stack.push(other);
    }
  }
}

/** Puts one body to sleep (its velocity goes to zero). */
export function sleepBody(w: MirrorState, b: number): void {
  const bodies = w.bodies;
  bodies.awake[b] = 0;
  const o = b * STATE_STRIDE;
  bodies.state[o + VX] = 0;
  bodies.state[o + VY] = 0;
  bodies.state[o + W] = 0;
}

/** Only dynamic bodies respond to forces; a sleeping body does only when woken (with its jointed bodies). */
export function prepareToAct(w: MirrorState, b: number, wake: boolean): boolean {
  return prepareToActWith(w, wakeBody, b, wake);
}

// ------------------------------------------------------------------------- links

/** Unlinks and frees a joint; its bodies wake. */
export function freeJoint(w: MirrorState, j: number): void {
  const joints = w.joints;
  const a = joints.bodyA[j]!;
  const b = joints.bodyB[j]!;
  unlinkJoint(w, j);
  joints.data[j] = null;
  joints.userData[j] = undefined;
  joints.enabled[j] = 0;
  joints.pool.release(j);
  wakeBody(w, a);
  wakeBody(w, b);
}

/** Frees a chain's segments and its slot (a new generation makes its id stale). */
export function destroyChain(w: MirrorState, slot: number): void {
  for (const s of w.chains[slot]!.shapes) unlinkShape(w, s);
  releaseChainSlot(w, slot);
}
