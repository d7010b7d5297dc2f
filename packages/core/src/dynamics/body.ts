/**
 * Body storage: structure of arrays indexed by body slot.
 *
 * Hot solver state (velocity and the position/rotation change within a step) is
 * interleaved in `state` with a stride of 8 doubles (64 bytes, one cache line), because
 * the contact solver touches all of it for both bodies of every constraint. Everything
 * else is one typed array per field.
 */

import { type Column, columnList, growColumns, snapshotColumns } from '../base/array.js';
import { HandleKind, SlotPool } from '../base/id.js';
import { CosSin, cosSin, type Vec2 } from '../base/math.js';
import {
  createShapeProxy,
  destroyBodyChains,
  destroyShapeProxy,
  freeShape,
  moveBodyProxies,
} from './shape.js';
import { destroyShapeContacts } from './contact.js';
import type { WorldState } from '../world/world_state.js';
import { markAwake, removeAwakeBody, resetIslandImpulses, wakeBody } from './island.js';

// The interleaved solver state's layout is defined in body_state_layout.ts.
import { DPX, DPY, DQC, DQS, STATE_STRIDE, VX, VY, W } from './body_state_layout.js';
import { type BodyDef, BodyType } from '../types/body_def.js';
import { applyMass, updateBodyMass } from './body_mass.js';
export { DPX, DPY, DQC, DQS, STATE_STRIDE, VX, VY, W };

export class BodyStore {
  readonly pool = new SlotPool(HandleKind.Body);
  capacity = 0;

  type = new Uint8Array(0);
  /** Origin of the body frame (world). */
  px = new Float64Array(0);
  py = new Float64Array(0);
  /** Rotation as cosine and sine. */
  c = new Float64Array(0);
  s = new Float64Array(0);
  /** Center of mass (world) and in body coordinates. */
  cx = new Float64Array(0);
  cy = new Float64Array(0);
  lcx = new Float64Array(0);
  lcy = new Float64Array(0);
  /** Interleaved velocity and in-step deltas, stride STATE_STRIDE. */
  state = new Float64Array(0);
  fx = new Float64Array(0);
  fy = new Float64Array(0);
  torque = new Float64Array(0);
  mass = new Float64Array(0);
  invMass = new Float64Array(0);
  inertia = new Float64Array(0);
  invInertia = new Float64Array(0);
  linearDamping = new Float64Array(0);
  angularDamping = new Float64Array(0);
  gravityScale = new Float64Array(0);
  sleepTime = new Float64Array(0);
  sleepThreshold = new Float64Array(0);
  /** Largest distance from the center of mass to a shape's surface (for sleep tests). */
  maxExtent = new Float64Array(0);
  /** Smallest shape half-thickness: moving farther than half of it in a step may tunnel. */
  minExtent = new Float64Array(0);
  /** Center of mass and rotation at the start of the last step (continuous collision). */
  c0x = new Float64Array(0);
  c0y = new Float64Array(0);
  q0c = new Float64Array(0);
  q0s = new Float64Array(0);
  fixedRotation = new Uint8Array(0);
  bullet = new Uint8Array(0);
  awake = new Uint8Array(0);
  enableSleep = new Uint8Array(0);
  /** 1 when setMassData overrode the mass computed from shapes. */
  massOverridden = new Uint8Array(0);
  /** Head of the body's shape list (shape slot, -1 = none). */
  shapeHead = new Int32Array(0);
  shapeCount = new Int32Array(0);
  /** Head of the body's contact edge list (edge = 2 * contact + side, -1 = none). */
  contactHead = new Int32Array(0);
  /** Head of the body's joint edge list (for islands; -1 = none). */
  jointHead = new Int32Array(0);
  /** Position in the world's awake list, -1 when not awake or static. */
  awakeIndex = new Int32Array(0);
  userData: unknown[] = [];

  ensureCapacity(n: number): void {
    if (n <= this.capacity) return;
    const cap = Math.max(n, this.capacity * 2, 16);
    growColumns(this, BODY_COLUMNS, cap);
    this.capacity = cap;
  }
}

/**
 * Every typed-array field of `BodyStore`: growth and snapshots both walk this list (see
 * base/array.ts ColumnSpec). Snapshot order is this order, strided fields last.
 * Not saved: c0x, c0y, q0c, q0s: written at the start of every step before continuous collision reads them.
 */
const BODY_COLUMNS = columnList<BodyStore>(
  ['u8', ['type']],
  ['f64', ['px', 'py', 'c', 's', 'cx', 'cy', 'lcx', 'lcy']],
  ['f64', ['state'], { perSlot: STATE_STRIDE }],
  ['f64', ['fx', 'fy', 'torque', 'mass', 'invMass', 'inertia', 'invInertia']],
  ['f64', ['linearDamping', 'angularDamping', 'gravityScale', 'sleepTime', 'sleepThreshold']],
  ['f64', ['maxExtent', 'minExtent']],
  ['f64', ['c0x', 'c0y', 'q0c', 'q0s'], { snapshot: false }],
  ['u8', ['fixedRotation', 'bullet', 'awake', 'enableSleep', 'massOverridden']],
  ['i32', ['shapeHead'], { fill: -1 }],
  ['i32', ['shapeCount']],
  ['i32', ['contactHead', 'jointHead', 'awakeIndex'], { fill: -1 }],
);

/** The snapshot's view of a BodyStore (world/snapshot.ts). */
export function bodyStoreColumns(store: BodyStore): [Column, number][] {
  return snapshotColumns(store, BODY_COLUMNS);
}

// ---------------------------------------------------------------------------------------
// Body operations. Callers have validated their arguments (world.ts); these trust them.

/** Only dynamic bodies respond to forces; a sleeping body does only when woken. */
export function prepareToAct(w: WorldState, b: number, wake: boolean): boolean {
  if (w.bodies.type[b] !== BodyType.Dynamic) return false;
  if (w.bodies.awake[b] !== 1) {
    if (!wake) return false;
    wakeBody(w, b);
  }
  return true;
}

/** Applies an impulse (N s) at a world point: changes the velocity at once. */
export function applyLinearImpulse(
  w: WorldState,
  b: number,
  impulse: Vec2,
  point: Vec2,
  wake: boolean,
): void {
  if (!prepareToAct(w, b, wake)) return;
  const bodies = w.bodies;
  const o = b * STATE_STRIDE;
  const m = bodies.invMass[b]!;
  bodies.state[o + VX] = bodies.state[o + VX]! + m * impulse.x;
  bodies.state[o + VY] = bodies.state[o + VY]! + m * impulse.y;
  bodies.state[o + W] =
    bodies.state[o + W]! +
    bodies.invInertia[b]! * ((point.x - bodies.cx[b]!) * impulse.y - (point.y - bodies.cy[b]!) * impulse.x);
}

// ---------------------------------------------------------------------------------------
// Operations on one world (moved from WorldState; callers have validated their input).

export function resetSolverState(w: WorldState, b: number): void {
  const o = b * STATE_STRIDE;
  const state = w.bodies.state;
  state[o + DPX] = 0;
  state[o + DPY] = 0;
  state[o + DQC] = 1;
  state[o + DQS] = 0;
}

/** Scratch of createBody (written and read within the call). */
const scratchCosSin = new CosSin();

/** Adds a body as `d` describes (validated by the caller); returns its slot. */
export function createBody(w: WorldState, d: BodyDef): number {
  const bodies = w.bodies;
  const b = bodies.pool.allocate();
  bodies.ensureCapacity(b + 1);
  const cs = cosSin(d.angle, scratchCosSin);
  bodies.type[b] = d.type;
  bodies.px[b] = d.position.x;
  bodies.py[b] = d.position.y;
  bodies.c[b] = cs.c;
  bodies.s[b] = cs.s;
  bodies.cx[b] = d.position.x;
  bodies.cy[b] = d.position.y;
  bodies.lcx[b] = 0;
  bodies.lcy[b] = 0;
  const o = b * STATE_STRIDE;
  const moving = d.type !== BodyType.Static;
  bodies.state[o + VX] = moving ? d.linearVelocity.x : 0;
  bodies.state[o + VY] = moving ? d.linearVelocity.y : 0;
  bodies.state[o + W] = moving ? d.angularVelocity : 0;
  bodies.state[o + 3] = 0;
  resetSolverState(w, b);
  bodies.fx[b] = 0;
  bodies.fy[b] = 0;
  bodies.torque[b] = 0;
  bodies.linearDamping[b] = d.linearDamping;
  bodies.angularDamping[b] = d.angularDamping;
  bodies.gravityScale[b] = d.gravityScale;
  bodies.sleepTime[b] = 0;
  bodies.sleepThreshold[b] = d.sleepThreshold;
  bodies.maxExtent[b] = 0;
  bodies.fixedRotation[b] = d.fixedRotation ? 1 : 0;
  bodies.bullet[b] = d.isBullet ? 1 : 0;
  bodies.enableSleep[b] = d.enableSleep ? 1 : 0;
  bodies.massOverridden[b] = 0;
  bodies.shapeHead[b] = -1;
  bodies.shapeCount[b] = 0;
  bodies.contactHead[b] = -1;
  bodies.jointHead[b] = -1;
  bodies.awakeIndex[b] = -1;
  bodies.awake[b] = 0;
  bodies.userData[b] = d.userData;
  updateBodyMass(w, b);
  // a body that cannot sleep is always awake; static bodies are never "awake"
  if (moving && (d.isAwake || !d.enableSleep || !w.settings.enableSleep)) markAwake(w, b);
  return b;
}

/** Destroys a body with its shapes, chains and joints; bodies that touched it wake up. */
export function destroyBody(w: WorldState, b: number): void {
  resetIslandImpulses(w, b);
  destroyBodyChains(w, b);
  const shapes = w.shapes;
  let s = w.bodies.shapeHead[b]!;
  while (s !== -1) {
    const next = shapes.next[s]!;
    freeShape(w, s, true);
    s = next;
  }
  // the joint layer's hook: reports and frees every joint of the body
  if (w.bodies.jointHead[b] !== -1) w.destroyBodyJoints!(b);
  removeAwakeBody(w, b);
  const bodies = w.bodies;
  bodies.awake[b] = 0;
  bodies.shapeHead[b] = -1;
  bodies.userData[b] = undefined;
  bodies.pool.release(b);
}

/** Changes a body's type: contacts and proxies are rebuilt and the mass recomputed. */
export function setBodyType(w: WorldState, b: number, type: BodyType): void {
  const bodies = w.bodies;
  if (bodies.type[b] === type) return;
  const shapes = w.shapes;
  // contacts and proxies depend on the type: rebuild them
  for (let s = bodies.shapeHead[b]!; s !== -1; s = shapes.next[s]!) {
    destroyShapeContacts(w, s, true);
    destroyShapeProxy(w, s);
  }
  wakeBody(w, b);
  removeAwakeBody(w, b);
  bodies.awake[b] = 0;
  bodies.type[b] = type;
  const o = b * STATE_STRIDE;
  if (type === BodyType.Static) {
    bodies.state[o + VX] = 0;
    bodies.state[o + VY] = 0;
    bodies.state[o + W] = 0;
  }
  for (let s = bodies.shapeHead[b]!; s !== -1; s = shapes.next[s]!) createShapeProxy(w, s, true);
  updateBodyMass(w, b);
  if (type !== BodyType.Static) markAwake(w, b);
}

/**
 * The one rule that places a body's origin: its center of mass (cx, cy) less the local
 * center turned by the rotation (qc, qs). The center and the rotation are read at `b` from
 * the columns given (the current pose's, or the start-of-step pose's `c0x`, `c0y`, `q0c`,
 * `q0s`); the origin goes to outX[o], outY[o]. The step places every moved body with it
 * (world/solver.ts finalizeBodies), and rollback derives saved origins with it
 * (world/rollback_derive.ts), so the two cannot drift apart.
 */
export function originFromCenter(
  bodies: BodyStore,
  b: number,
  cx: Float64Array,
  cy: Float64Array,
  qc: Float64Array,
  qs: Float64Array,
  outX: Float64Array,
  outY: Float64Array,
  o: number,
): void {
  const c = qc[b]!;
  const s = qs[b]!;
  const lcx = bodies.lcx[b]!;
  const lcy = bodies.lcy[b]!;
  outX[o] = cx[b]! - (c * lcx - s * lcy);
  outY[o] = cy[b]! - (s * lcx + c * lcy);
}

/** Moves a body to a pose at once; its proxies follow and it wakes. */
export function setTransform(w: WorldState, b: number, position: Vec2, angle: number): void {
  const bodies = w.bodies;
  const cs = cosSin(angle, scratchCosSin);
  bodies.px[b] = position.x;
  bodies.py[b] = position.y;
  bodies.c[b] = cs.c;
  bodies.s[b] = cs.s;
  const lcx = bodies.lcx[b]!;
  const lcy = bodies.lcy[b]!;
  bodies.cx[b] = position.x + cs.c * lcx - cs.s * lcy;
  bodies.cy[b] = position.y + cs.s * lcx + cs.c * lcy;
  moveBodyProxies(w, b);
  wakeBody(w, b);
}

/** Locks or frees a body's rotation; its inertia is recomputed. */
export function setFixedRotation(w: WorldState, b: number, flag: boolean): void {
  const bodies = w.bodies;
  if ((bodies.fixedRotation[b] === 1) === flag) return;
  bodies.fixedRotation[b] = flag ? 1 : 0;
  bodies.state[b * STATE_STRIDE + W] = 0;
  if (bodies.massOverridden[b] === 1) {
    applyMass(w, b, bodies.mass[b]!, bodies.inertia[b]!, bodies.lcx[b]!, bodies.lcy[b]!);
  } else {
    updateBodyMass(w, b);
  }
}

/** Sets the velocity of the center of mass; a moving body wakes. */
export function setLinearVelocity(w: WorldState, b: number, v: Vec2): void {
  if (w.bodies.type[b] === BodyType.Static) return;
  if (v.x !== 0 || v.y !== 0) wakeBody(w, b);
  const o = b * STATE_STRIDE;
  w.bodies.state[o + VX] = v.x;
  w.bodies.state[o + VY] = v.y;
}

/** Applies a force (N) at a world point until the end of the next step. */
export function applyForce(w: WorldState, b: number, force: Vec2, point: Vec2, wake: boolean): void {
  if (!prepareToAct(w, b, wake)) return;
  const bodies = w.bodies;
  bodies.fx[b] = bodies.fx[b]! + force.x;
  bodies.fy[b] = bodies.fy[b]! + force.y;
  bodies.torque[b] =
    bodies.torque[b]! + (point.x - bodies.cx[b]!) * force.y - (point.y - bodies.cy[b]!) * force.x;
}

/** Applies a force (N) at the center of mass. */
export function applyForceToCenter(w: WorldState, b: number, force: Vec2, wake: boolean): void {
  if (!prepareToAct(w, b, wake)) return;
  const bodies = w.bodies;
  bodies.fx[b] = bodies.fx[b]! + force.x;
  bodies.fy[b] = bodies.fy[b]! + force.y;
}

/** Applies a torque (N m). */
export function applyTorque(w: WorldState, b: number, torque: number, wake: boolean): void {
  if (!prepareToAct(w, b, wake)) return;
  w.bodies.torque[b] = w.bodies.torque[b]! + torque;
}

/** Applies an impulse (N s) at the center of mass. */
export function applyLinearImpulseToCenter(w: WorldState, b: number, impulse: Vec2, wake: boolean): void {
  if (!prepareToAct(w, b, wake)) return;
  const bodies = w.bodies;
  const o = b * STATE_STRIDE;
  bodies.state[o + VX] = bodies.state[o + VX]! + bodies.invMass[b]! * impulse.x;
  bodies.state[o + VY] = bodies.state[o + VY]! + bodies.invMass[b]! * impulse.y;
}

/** Applies an angular impulse (N m s). */
export function applyAngularImpulse(w: WorldState, b: number, impulse: number, wake: boolean): void {
  if (!prepareToAct(w, b, wake)) return;
  const bodies = w.bodies;
  const o = b * STATE_STRIDE;
  bodies.state[o + W] = bodies.state[o + W]! + bodies.invInertia[b]! * impulse;
}
