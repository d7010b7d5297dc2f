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
import { BodyType } from './body.js';
import { TIME_TO_SLEEP } from '../base/constants.js';
import { CONTACT_TOUCHING } from './contact.js';
import type { WorldState } from '../world/world_state.js';

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
export function updateSleep(w: WorldState, _dt: number): void {
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
    if (minSleep[find(b)]! >= TIME_TO_SLEEP) w.sleepBody(b);
  }
}
