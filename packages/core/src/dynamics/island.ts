/**
 * Islands and sleeping.
 *
 * An island is a set of dynamic bodies connected by touching contacts or joints; static
 * and kinematic bodies do not connect islands (a box on the ground is not in the same
 * island as another box on the same ground). An island falls asleep when every body in
 * it has been slow for TIME_TO_SLEEP; a sleeping island costs nothing per step.
 *
 * Islands are not kept between steps: they are found with a union-find over the awake
 * contacts, and only on steps where some body has been slow long enough to be a
 * candidate, so a busy scene pays nothing for this stage. Union-find by index with path
 * halving is deterministic.
 */

import { growF64, growI32 } from '../base/array.js';
import { TIME_TO_SLEEP } from '../base/constants.js';
import {
  C_POINT,
  C_POINT_STRIDE,
  CONTACT_STRIDE,
  P_NORMAL_IMPULSE,
  P_TANGENT_IMPULSE,
} from './contact_layout.js';
import type { DynamicsState } from './dynamics_state.js';
import { BodyType } from '../types/body_def.js';
import { CONTACT_TOUCHING, addAwakeContact, removeAwakeContact } from './awake_contacts.js';
import { STATE_STRIDE, VX, VY, W } from './body_state_layout.js';

let parent = new Int32Array(64);
let minSleep = new Float64Array(64);

function find(x: number): number {
  while (parent[x]! !== x) {
    const p = parent[x]!;
    parent[x] = parent[p]!;
    x = parent[x]!;
  }
  return x;
}

function union(a: number, b: number): void {
  const ra = find(a);
  const rb = find(b);
  if (ra === rb) return;
  // the smaller index becomes the root: deterministic and independent of edge order
  if (ra < rb) parent[rb] = ra;
  else parent[ra] = rb;
}

/** Links two bodies into one island (used by joints). */
export function islandUnion(a: number, b: number): void {
  union(a, b);
}

/** Puts to sleep every island whose bodies have all been slow for long enough. */
export function updateSleep(w: DynamicsState, _dt: number): void {
  const bodies = w.bodies;
  let candidate = false;
  for (let i = 0; i < w.awakeBodyCount; i++) {
    const b = w.awakeBodies[i]!;
    if (bodies.sleepTime[b]! >= TIME_TO_SLEEP) {
      candidate = true;
      break;
    }
  }
  if (!candidate) return;

  const cap = bodies.capacity;
  if (parent.length < cap) {
    parent = growI32(parent, cap);
    minSleep = growF64(minSleep, cap);
  }
  for (let i = 0; i < w.awakeBodyCount; i++) {
    const b = w.awakeBodies[i]!;
    parent[b] = b;
  }

  const contacts = w.contacts;
  for (let i = 0; i < w.awakeContactCount; i++) {
    const c = w.awakeContacts[i]!;
    if ((contacts.flags[c]! & CONTACT_TOUCHING) === 0) continue;
    const a = contacts.bodyA[c]!;
    const b = contacts.bodyB[c]!;
    if (bodies.type[a] !== BodyType.Dynamic || bodies.type[b] !== BodyType.Dynamic) continue;
    if (bodies.awake[a] !== 1 || bodies.awake[b] !== 1) continue;
    union(a, b);
  }
  if (w.linkJointIslands !== null) w.linkJointIslands(union);

  for (let i = 0; i < w.awakeBodyCount; i++) minSleep[w.awakeBodies[i]!] = Number.POSITIVE_INFINITY;
  for (let i = 0; i < w.awakeBodyCount; i++) {
    const b = w.awakeBodies[i]!;
    const r = find(b);
    const t = bodies.sleepTime[b]!;
    if (t < minSleep[r]!) minSleep[r] = t;
  }

  // backwards, because putting a body to sleep swaps the last awake body into its place
  for (let i = w.awakeBodyCount - 1; i >= 0; i--) {
    const b = w.awakeBodies[i]!;
    if (minSleep[find(b)]! >= TIME_TO_SLEEP) sleepBody(w, b);
  }
}

// ---------------------------------------------------------------------------------------
// Operations on one world (moved from DynamicsState; callers have validated their input).

export function addAwakeBody(w: DynamicsState, b: number): void {
  const bodies = w.bodies;
  if (bodies.awakeIndex[b]! !== -1) return;
  if (w.awakeBodyCount === w.awakeBodies.length) {
    w.awakeBodies = growI32(w.awakeBodies, w.awakeBodyCount * 2);
  }
  bodies.awakeIndex[b] = w.awakeBodyCount;
  w.awakeBodies[w.awakeBodyCount++] = b;
}

export function removeAwakeBody(w: DynamicsState, b: number): void {
  const bodies = w.bodies;
  const i = bodies.awakeIndex[b]!;
  if (i === -1) return;
  const last = w.awakeBodies[--w.awakeBodyCount]!;
  w.awakeBodies[i] = last;
  bodies.awakeIndex[last] = i;
  bodies.awakeIndex[b] = -1;
}

/**
 * Wakes a body and everything it touches or is jointed to that sleeps: an island
 * sleeps and wakes as a whole.
 */
export function wakeBody(w: DynamicsState, b: number): void {
  const bodies = w.bodies;
  if (bodies.type[b] === BodyType.Static || bodies.awake[b] === 1) return;
  let top = 0;
  w.wakeStack[top++] = b;
  markAwake(w, b);
  w.events.pushBody(bodies.pool.handle(b), true);
  const contacts = w.contacts;
  while (top > 0) {
    const body = w.wakeStack[--top]!;
    for (let edge = bodies.contactHead[body]!; edge !== -1; edge = contacts.edgeNext[edge]!) {
      const c = edge >> 1;
      addAwakeContact(w, c);
      if ((contacts.flags[c]! & CONTACT_TOUCHING) === 0) continue;
      const other = (edge & 1) === 0 ? contacts.bodyB[c]! : contacts.bodyA[c]!;
      if (bodies.type[other] === BodyType.Static || bodies.awake[other] === 1) continue;
      markAwake(w, other);
      w.events.pushBody(bodies.pool.handle(other), true);
      if (top === w.wakeStack.length) w.wakeStack = growI32(w.wakeStack, top * 2);
      w.wakeStack[top++] = other;
    }
    if (w.wakeJointNeighbours !== null) top = w.wakeJointNeighbours(body, top);
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
export function resetIslandImpulses(w: DynamicsState, b: number): void {
  const bodies = w.bodies;
  const contacts = w.contacts;
  const d = contacts.data;
  const visitStamp = ++w.visitStamp;
  if (w.visited.length < bodies.capacity) w.visited = growI32(w.visited, bodies.capacity);
  let top = 0;
  w.wakeStack[top++] = b;
  w.visited[b] = visitStamp;
  while (top > 0) {
    const body = w.wakeStack[--top]!;
    for (let edge = bodies.contactHead[body]!; edge !== -1; edge = contacts.edgeNext[edge]!) {
      const c = edge >> 1;
      const base = c * CONTACT_STRIDE + C_POINT;
      for (let k = 0; k < 2; k++) {
        d[base + k * C_POINT_STRIDE + P_NORMAL_IMPULSE] = 0;
        d[base + k * C_POINT_STRIDE + P_TANGENT_IMPULSE] = 0;
      }
      if ((contacts.flags[c]! & CONTACT_TOUCHING) === 0) continue;
      const other = (edge & 1) === 0 ? contacts.bodyB[c]! : contacts.bodyA[c]!;
      if (bodies.type[other] !== BodyType.Dynamic || w.visited[other] === visitStamp) continue;
      w.visited[other] = visitStamp;
      if (top === w.wakeStack.length) w.wakeStack = growI32(w.wakeStack, top * 2);
      w.wakeStack[top++] = other;
    }
  }
}

export function markAwake(w: DynamicsState, b: number): void {
  const bodies = w.bodies;
  bodies.awake[b] = 1;
  bodies.sleepTime[b] = 0;
  addAwakeBody(w, b);
}

/** Puts one body to sleep; its contacts leave the awake list once no side is awake. */
export function sleepBody(w: DynamicsState, b: number): void {
  const bodies = w.bodies;
  bodies.awake[b] = 0;
  w.events.pushBody(bodies.pool.handle(b), false);
  bodies.sleepTime[b] = 0;
  const o = b * STATE_STRIDE;
  bodies.state[o + VX] = 0;
  bodies.state[o + VY] = 0;
  bodies.state[o + W] = 0;
  bodies.fx[b] = 0;
  bodies.fy[b] = 0;
  bodies.torque[b] = 0;
  removeAwakeBody(w, b);
  const contacts = w.contacts;
  for (let edge = bodies.contactHead[b]!; edge !== -1; edge = contacts.edgeNext[edge]!) {
    const c = edge >> 1;
    const other = (edge & 1) === 0 ? contacts.bodyB[c]! : contacts.bodyA[c]!;
    if (bodies.awake[other] !== 1) removeAwakeContact(w, c);
  }
}
