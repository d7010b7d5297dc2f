/**
 * Body operations: create, destroy, type changes, transforms, forces and impulses. The
 * bodies' columns are in body_store.ts; each operation takes the dynamics layer's view of
 * the world (dynamics_state.ts).
 */

import type { Vec2 } from '../base/math.js';
import {
  createShapeProxy,
  destroyBodyChains,
  destroyShapeProxy,
  freeShape,
  moveBodyProxies,
} from './shape.js';
import { destroyShapeContacts } from './contact.js';
import type { DynamicsState } from './dynamics_state.js';
import { markAwake, removeAwakeBody, resetIslandImpulses, wakeBody } from './island.js';

// The interleaved solver state's layout is defined in body_state_layout.ts.
import { DPX, DPY, DQC, DQS, STATE_STRIDE, VX, VY, W } from './body_state_layout.js';
import { type BodyDef, BodyType } from '../types/body_def.js';
import { updateBodyMass } from './body_mass.js';
import type { BodyStore } from './body_store.js';
import {
  addAngularImpulse,
  addLinearImpulse,
  addLinearImpulseToCenter,
  placeBody,
  prepareToActWith,
  releaseBody,
  setAngularVelocityWith,
  setLinearVelocityWith,
  startsAwake,
  writeBodyType,
  writeNewBody,
} from './body_structure.js';
export { DPX, DPY, DQC, DQS, STATE_STRIDE, VX, VY, W };

/** Only dynamic bodies respond to forces; a sleeping body does only when woken (its island). */
export function prepareToAct(w: DynamicsState, b: number, wake: boolean): boolean {
  return prepareToActWith(w, wakeBody, b, wake);
}

/** Applies an impulse (N s) at a world point: changes the velocity at once. */
export function applyLinearImpulse(
  w: DynamicsState,
  b: number,
  impulse: Vec2,
  point: Vec2,
  wake: boolean,
): void {
  if (prepareToAct(w, b, wake)) addLinearImpulse(w.bodies, b, impulse, point);
}

// ---------------------------------------------------------------------------------------
// Operations on one world (moved from DynamicsState; callers have validated their input).

export function resetSolverState(w: DynamicsState, b: number): void {
  const o = b * STATE_STRIDE;
  const state = w.bodies.state;
  state[o + DPX] = 0;
  state[o + DPY] = 0;
  state[o + DQC] = 1;
  state[o + DQS] = 0;
}

/** Adds a body as `d` describes (validated by the caller); returns its slot. */
export function createBody(w: DynamicsState, d: BodyDef): number {
  const bodies = w.bodies;
  const b = bodies.pool.allocate();
  bodies.ensureCapacity(b + 1);
  writeNewBody(bodies, b, d);
  // what only a stepping world keeps: the solver's in-step state, forces, sleep timer, lists
  bodies.state[b * STATE_STRIDE + 3] = 0;
  resetSolverState(w, b);
  bodies.fx[b] = 0;
  bodies.fy[b] = 0;
  bodies.torque[b] = 0;
  bodies.sleepTime[b] = 0;
  bodies.shapeCount[b] = 0;
  bodies.contactHead[b] = -1;
  bodies.awakeIndex[b] = -1;
  updateBodyMass(w, b);
  if (startsAwake(d, w.settings.enableSleep)) markAwake(w, b);
  return b;
}

/** Destroys a body with its shapes, chains and joints; bodies that touched it wake up. */
export function destroyBody(w: DynamicsState, b: number): void {
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
  releaseBody(w.bodies, b);
}

/** Changes a body's type: contacts and proxies are rebuilt and the mass recomputed. */
export function setBodyType(w: DynamicsState, b: number, type: BodyType): void {
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
  writeBodyType(bodies, b, type);
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
export function setTransform(w: DynamicsState, b: number, position: Vec2, angle: number): void {
  placeBody(w.bodies, b, position, angle);
  moveBodyProxies(w, b);
  wakeBody(w, b);
}

/** Sets the velocity of the center of mass; a moving body wakes. */
export function setLinearVelocity(w: DynamicsState, b: number, v: Vec2): void {
  setLinearVelocityWith(w, wakeBody, b, v);
}

/** Sets the angular velocity; a turning body wakes. */
export function setAngularVelocity(w: DynamicsState, b: number, omega: number): void {
  setAngularVelocityWith(w, wakeBody, b, omega);
}

/** Applies a force (N) at a world point until the end of the next step. */
export function applyForce(w: DynamicsState, b: number, force: Vec2, point: Vec2, wake: boolean): void {
  if (!prepareToAct(w, b, wake)) return;
  const bodies = w.bodies;
  bodies.fx[b] = bodies.fx[b]! + force.x;
  bodies.fy[b] = bodies.fy[b]! + force.y;
  bodies.torque[b] =
    bodies.torque[b]! + (point.x - bodies.cx[b]!) * force.y - (point.y - bodies.cy[b]!) * force.x;
}

/** Applies a force (N) at the center of mass. */
export function applyForceToCenter(w: DynamicsState, b: number, force: Vec2, wake: boolean): void {
  if (!prepareToAct(w, b, wake)) return;
  const bodies = w.bodies;
  bodies.fx[b] = bodies.fx[b]! + force.x;
  bodies.fy[b] = bodies.fy[b]! + force.y;
}

/** Applies a torque (N m). */
export function applyTorque(w: DynamicsState, b: number, torque: number, wake: boolean): void {
  if (!prepareToAct(w, b, wake)) return;
  w.bodies.torque[b] = w.bodies.torque[b]! + torque;
}

/** Applies an impulse (N s) at the center of mass. */
export function applyLinearImpulseToCenter(w: DynamicsState, b: number, impulse: Vec2, wake: boolean): void {
  if (prepareToAct(w, b, wake)) addLinearImpulseToCenter(w.bodies, b, impulse);
}

/** Applies an angular impulse (N m s). */
export function applyAngularImpulse(w: DynamicsState, b: number, impulse: number, wake: boolean): void {
  if (prepareToAct(w, b, wake)) addAngularImpulse(w.bodies, b, impulse);
}
