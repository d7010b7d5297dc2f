/**
 * Body storage: structure of arrays indexed by body slot.
 *
 * Hot solver state (velocity and the position/rotation change within a step) is
 * interleaved in `state` with a stride of 8 doubles (64 bytes, one cache line), because
 * the contact solver touches all of it for both bodies of every constraint. Everything
 * else is one typed array per field.
 */

import { growF64, growI32, growU8 } from '../base/array.js';
import { HandleKind, SlotPool } from '../base/id.js';
import type { Vec2 } from '../base/math.js';
import type { WorldState } from '../world/world_state.js';

/** Body types. Static bodies never move; kinematic bodies move by velocity only. */
export const BodyType = { Static: 0, Kinematic: 1, Dynamic: 2 } as const;
export type BodyType = (typeof BodyType)[keyof typeof BodyType];

/** Offsets in the interleaved solver state. */
export const VX = 0;
export const VY = 1;
export const W = 2;
export const DPX = 4;
export const DPY = 5;
export const DQC = 6;
export const DQS = 7;
export const STATE_STRIDE = 8;

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
    this.type = growU8(this.type, cap);
    this.px = growF64(this.px, cap);
    this.py = growF64(this.py, cap);
    this.c = growF64(this.c, cap);
    this.s = growF64(this.s, cap);
    this.cx = growF64(this.cx, cap);
    this.cy = growF64(this.cy, cap);
    this.lcx = growF64(this.lcx, cap);
    this.lcy = growF64(this.lcy, cap);
    this.state = growF64(this.state, cap * STATE_STRIDE);
    this.fx = growF64(this.fx, cap);
    this.fy = growF64(this.fy, cap);
    this.torque = growF64(this.torque, cap);
    this.mass = growF64(this.mass, cap);
    this.invMass = growF64(this.invMass, cap);
    this.inertia = growF64(this.inertia, cap);
    this.invInertia = growF64(this.invInertia, cap);
    this.linearDamping = growF64(this.linearDamping, cap);
    this.angularDamping = growF64(this.angularDamping, cap);
    this.gravityScale = growF64(this.gravityScale, cap);
    this.sleepTime = growF64(this.sleepTime, cap);
    this.sleepThreshold = growF64(this.sleepThreshold, cap);
    this.maxExtent = growF64(this.maxExtent, cap);
    this.minExtent = growF64(this.minExtent, cap);
    this.c0x = growF64(this.c0x, cap);
    this.c0y = growF64(this.c0y, cap);
    this.q0c = growF64(this.q0c, cap);
    this.q0s = growF64(this.q0s, cap);
    this.fixedRotation = growU8(this.fixedRotation, cap);
    this.bullet = growU8(this.bullet, cap);
    this.awake = growU8(this.awake, cap);
    this.enableSleep = growU8(this.enableSleep, cap);
    this.massOverridden = growU8(this.massOverridden, cap);
    this.shapeHead = growI32(this.shapeHead, cap, -1);
    this.shapeCount = growI32(this.shapeCount, cap);
    this.contactHead = growI32(this.contactHead, cap, -1);
    this.jointHead = growI32(this.jointHead, cap, -1);
    this.awakeIndex = growI32(this.awakeIndex, cap, -1);
    this.capacity = cap;
  }
}

// ---------------------------------------------------------------------------------------
// Body operations. Callers have validated their arguments (world.ts); these trust them.

/** Only dynamic bodies respond to forces; a sleeping body does only when woken. */
export function prepareToAct(w: WorldState, b: number, wake: boolean): boolean {
  if (w.bodies.type[b] !== BodyType.Dynamic) return false;
  if (w.bodies.awake[b] !== 1) {
    if (!wake) return false;
    w.wakeBody(b);
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
