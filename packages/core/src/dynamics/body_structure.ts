/**
 * The body operations on a body's structure: the columns both a `World` and a copy of its
 * structure keep (the worker client's mirror, which never steps). Each World body operation
 * (body.ts) is these writes plus what only a stepping world has (proxies, contacts, islands,
 * the solver's state); the mirror calls the same functions, so a rule such as where a body
 * lands or how an impulse changes its velocity is written once.
 *
 * Waking is the one difference: a world wakes a body's island (island.ts), the mirror the
 * bodies jointed to it. An operation that may wake takes the waking function of its caller.
 * Only light modules are imported here: the mirror ships in the main thread's bundle.
 */

import { CosSin, cosSin, type Vec2 } from '../base/math.js';
import type { SlotPool } from '../base/id.js';
import { type BodyDef, BodyType } from '../types/body_def.js';
import { STATE_STRIDE, VX, VY, W } from './body_state_layout.js';
import { applyMass, updateBodyMass } from './body_mass.js';
import type { DynamicsState } from './dynamics_state.js';

/** A column: a typed array in a World, a plain array in the mirror. */
interface Column {
  [slot: number]: number;
}

/** The body columns both a World and the mirror keep (named as BodyStore names them). */
export interface BodyStructure {
  readonly pool: SlotPool;
  type: Column;
  px: Column;
  py: Column;
  c: Column;
  s: Column;
  cx: Column;
  cy: Column;
  lcx: Column;
  lcy: Column;
  /** Velocity at VX, VY, W of each STATE_STRIDE record. */
  state: Column;
  invMass: Column;
  invInertia: Column;
  linearDamping: Column;
  angularDamping: Column;
  gravityScale: Column;
  sleepThreshold: Column;
  maxExtent: Column;
  fixedRotation: Column;
  bullet: Column;
  awake: Column;
  enableSleep: Column;
  massOverridden: Column;
  shapeHead: Column;
  jointHead: Column;
  userData: unknown[];
}

/** A state holding body columns: a world's, or the mirror's. */
export interface HasBodies {
  readonly bodies: BodyStructure;
}

/** How the caller's state wakes a body (and whatever wakes with it). */
export type WakeBody<S> = (w: S, b: number) => void;

/** Scratch of writeNewBody and placeBody (written and read within the call). */
const scratchCosSin = new CosSin();

/**
 * Writes a new body's structure columns at slot `b` as `d` (checked) describes: pose,
 * velocity (none for a static body), damping, flags, empty shape and joint lists, asleep.
 * The mass is the caller's next step (updateBodyMass), then `startsAwake`.
 */
export function writeNewBody(bodies: BodyStructure, b: number, d: BodyDef): void {
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
  bodies.linearDamping[b] = d.linearDamping;
  bodies.angularDamping[b] = d.angularDamping;
  bodies.gravityScale[b] = d.gravityScale;
  bodies.sleepThreshold[b] = d.sleepThreshold;
  bodies.maxExtent[b] = 0;
  bodies.fixedRotation[b] = d.fixedRotation ? 1 : 0;
  bodies.bullet[b] = d.isBullet ? 1 : 0;
  bodies.enableSleep[b] = d.enableSleep ? 1 : 0;
  bodies.massOverridden[b] = 0;
  bodies.shapeHead[b] = -1;
  bodies.jointHead[b] = -1;
  bodies.awake[b] = 0;
  bodies.userData[b] = d.userData;
}

/** A new body that cannot sleep is always awake; static bodies are never "awake". */
export function startsAwake(d: BodyDef, worldSleepEnabled: boolean): boolean {
  return d.type !== BodyType.Static && (d.isAwake || !d.enableSleep || !worldSleepEnabled);
}

/** The last writes of a destroyed body (its shapes and joints are gone): its slot is free. */
export function releaseBody(bodies: BodyStructure, b: number): void {
  bodies.awake[b] = 0;
  bodies.shapeHead[b] = -1;
  bodies.userData[b] = undefined;
  bodies.pool.release(b);
}

/** The type change itself (the caller woke the body before, and recomputes its mass after). */
export function writeBodyType(bodies: BodyStructure, b: number, type: BodyType): void {
  bodies.awake[b] = 0;
  bodies.type[b] = type;
  if (type === BodyType.Static) {
    const o = b * STATE_STRIDE;
    bodies.state[o + VX] = 0;
    bodies.state[o + VY] = 0;
    bodies.state[o + W] = 0;
  }
}

/** Places a body's origin at `position` and its rotation at `angle`; its center of mass follows. */
export function placeBody(bodies: BodyStructure, b: number, position: Vec2, angle: number): void {
  const cs = cosSin(angle, scratchCosSin);
  bodies.px[b] = position.x;
  bodies.py[b] = position.y;
  bodies.c[b] = cs.c;
  bodies.s[b] = cs.s;
  const lcx = bodies.lcx[b]!;
  const lcy = bodies.lcy[b]!;
  bodies.cx[b] = position.x + cs.c * lcx - cs.s * lcy;
  bodies.cy[b] = position.y + cs.s * lcx + cs.c * lcy;
}

/** Only dynamic bodies respond to forces; a sleeping body does only when woken. */
export function prepareToActWith<S extends HasBodies>(
  w: S,
  wakeBody: WakeBody<S>,
  b: number,
  wake: boolean,
): boolean {
  if (w.bodies.type[b] !== BodyType.Dynamic) return false;
  if (w.bodies.awake[b] !== 1) {
    if (!wake) return false;
    wakeBody(w, b);
  }
  return true;
}

/** Sets the velocity of the center of mass; a moving body wakes. */
export function setLinearVelocityWith<S extends HasBodies>(
  w: S,
  wakeBody: WakeBody<S>,
  b: number,
  v: Vec2,
): void {
  if (w.bodies.type[b] === BodyType.Static) return;
  if (v.x !== 0 || v.y !== 0) wakeBody(w, b);
  const o = b * STATE_STRIDE;
  w.bodies.state[o + VX] = v.x;
  w.bodies.state[o + VY] = v.y;
}

/** Sets the angular velocity (none for a static or fixed-rotation body); a turning body wakes. */
export function setAngularVelocityWith<S extends HasBodies>(
  w: S,
  wakeBody: WakeBody<S>,
  b: number,
  omega: number,
): void {
  if (w.bodies.type[b] === BodyType.Static || w.bodies.fixedRotation[b] === 1) return;
  if (omega !== 0) wakeBody(w, b);
  w.bodies.state[b * STATE_STRIDE + W] = omega;
}

/** Adds the velocity change of an impulse (N s) at a world point (the body acts: prepareToActWith). */
export function addLinearImpulse(bodies: BodyStructure, b: number, impulse: Vec2, point: Vec2): void {
  const o = b * STATE_STRIDE;
  const m = bodies.invMass[b]!;
  bodies.state[o + VX] = bodies.state[o + VX]! + m * impulse.x;
  bodies.state[o + VY] = bodies.state[o + VY]! + m * impulse.y;
  bodies.state[o + W] =
    bodies.state[o + W]! +
    bodies.invInertia[b]! * ((point.x - bodies.cx[b]!) * impulse.y - (point.y - bodies.cy[b]!) * impulse.x);
}

/** Adds the velocity change of an impulse (N s) at the center of mass. */
export function addLinearImpulseToCenter(bodies: BodyStructure, b: number, impulse: Vec2): void {
  const o = b * STATE_STRIDE;
  bodies.state[o + VX] = bodies.state[o + VX]! + bodies.invMass[b]! * impulse.x;
  bodies.state[o + VY] = bodies.state[o + VY]! + bodies.invMass[b]! * impulse.y;
}

/** Adds the angular velocity change of an angular impulse (N m s). */
export function addAngularImpulse(bodies: BodyStructure, b: number, impulse: number): void {
  const o = b * STATE_STRIDE;
  bodies.state[o + W] = bodies.state[o + W]! + bodies.invInertia[b]! * impulse;
}

/** Wakes the body's island, or puts the body to sleep at once when it and the world may sleep. */
export function setAwakeWith<S extends HasBodies>(
  w: S,
  wakeBody: WakeBody<S>,
  sleepBody: WakeBody<S>,
  worldSleepEnabled: boolean,
  b: number,
  awake: boolean,
): void {
  if (awake) wakeBody(w, b);
  else if (w.bodies.awake[b] === 1 && w.bodies.enableSleep[b] === 1 && worldSleepEnabled) sleepBody(w, b);
}

/**
 * Locks or frees a body's rotation; its inertia is recomputed (an overridden mass keeps its
 * values). `w` is the mass rule's view of the state (the mirror passes its store as one).
 */
export function setFixedRotation(w: DynamicsState, b: number, flag: boolean): void {
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
