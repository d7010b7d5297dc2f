/**
 * The order the rollback state saves live contacts in (world/rollback.ts): the one
 * that rebuilds every body's contact list when loading links them in turn.
 */

import { growI32 } from '../base/array.js';
import type { WorldState } from './world_state.js';

/** The live contacts, oldest first as far as the body contact lists tell (see orderContacts). */
export let order = new Int32Array(64);
/** Per contact while ordering: how many of its two list neighbours that are older are not yet ordered. */
let waiting = new Int32Array(64);

/**
 * Orders the live contacts so that linking them in that order (each at the head of both
 * bodies' lists, as createContact does) rebuilds every body's contact list exactly: a
 * list holds its contacts newest first, so each contact must come after the one that
 * follows it in either list. Kahn's algorithm over those (at most two) constraints per
 * contact. This replaces saving the lists' links (two per contact, one head per body).
 * Returns the number ordered (the live contact count).
 */
export function orderContacts(w: WorldState): number {
  const contacts = w.contacts;
  const nc = contacts.pool.next;
  if (waiting.length < nc) {
    waiting = growI32(waiting, nc);
    order = growI32(order, waiting.length);
  }
  const alive = contacts.pool.alive;
  const next = contacts.edgeNext;
  const prevEdge = contacts.edgePrev;
  let tail = 0;
  for (let c = 0; c < nc; c++) {
    if (alive[c] !== 1) continue;
    const n = (next[2 * c] !== -1 ? 1 : 0) + (next[2 * c + 1] !== -1 ? 1 : 0);
    waiting[c] = n;
    if (n === 0) order[tail++] = c;
  }
  for (let head = 0; head < tail; head++) {
    const c = order[head]!;
    for (let side = 0; side < 2; side++) {
      const newer = prevEdge[2 * c + side]!;
      if (newer === -1) continue;
      const e = newer >> 1;
      waiting[e] = waiting[e]! - 1;
      if (waiting[e] === 0) order[tail++] = e;
    }
  }
  return tail;
}
