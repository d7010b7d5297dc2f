/**
 * The awake-contact list (the contacts the narrow phase updates) and the contact flags.
 * Below both contact.ts and island.ts, which add and remove contacts as bodies wake and
 * sleep, so neither imports the other for it.
 *
 * Beside the list, by awake index, each awake contact's two shapes and two bodies
 * (`awakeContactPairs`, AWAKE_PAIR_STRIDE int32 an entry: shapeA, shapeB, bodyA, bodyB).
 * The narrow phase visits the contacts in awake order, a permutation of their slots: read
 * from the contact columns, those four fields cost four cache lines a contact, read from
 * here one sixteenth of a line, in the order the loop goes (issue 25). They never change
 * while a contact lives, so the copy is written where a contact enters the list and moved
 * with it; a list replaced whole (snapshot restore, rollback) is followed by
 * `rebuildAwakeContactPairs`.
 */

import { growI32 } from '../base/array.js';
import type { DynamicsState } from './dynamics_state.js';

/** Contact flag bits (a rollback state keeps two: see CONTACT_FLAG_BITS). */
export const CONTACT_TOUCHING = 1;
export const CONTACT_ENABLE_EVENTS = 2;
/** Every contact flag bit: a rollback state saves these (world/rollback_state.ts, two bits). */
export const CONTACT_FLAG_BITS = CONTACT_TOUCHING | CONTACT_ENABLE_EVENTS;

/** Int32 per awake contact in `awakeContactPairs`: shapeA, shapeB, bodyA, bodyB. */
export const AWAKE_PAIR_STRIDE = 4;

/** Copies contact c's shapes and bodies into awake entry i. */
function writeAwakePair(w: DynamicsState, i: number, c: number): void {
  const contacts = w.contacts;
  const p = w.awakeContactPairs;
  const r = i * AWAKE_PAIR_STRIDE;
  p[r] = contacts.shapeA[c]!;
  p[r + 1] = contacts.shapeB[c]!;
  p[r + 2] = contacts.bodyA[c]!;
  p[r + 3] = contacts.bodyB[c]!;
}

export function addAwakeContact(w: DynamicsState, c: number): void {
  const contacts = w.contacts;
  if (contacts.awakeIndex[c]! !== -1) return;
  if (w.awakeContactCount === w.awakeContacts.length) {
    w.awakeContacts = growI32(w.awakeContacts, w.awakeContactCount * 2);
  }
  const i = w.awakeContactCount++;
  if (w.awakeContactPairs.length < w.awakeContactCount * AWAKE_PAIR_STRIDE) {
    w.awakeContactPairs = growI32(w.awakeContactPairs, w.awakeContacts.length * AWAKE_PAIR_STRIDE);
  }
  contacts.awakeIndex[c] = i;
  w.awakeContacts[i] = c;
  writeAwakePair(w, i, c);
}

export function removeAwakeContact(w: DynamicsState, c: number): void {
  const contacts = w.contacts;
  const i = contacts.awakeIndex[c]!;
  if (i === -1) return;
  const n = --w.awakeContactCount;
  const last = w.awakeContacts[n]!;
  w.awakeContacts[i] = last;
  const p = w.awakeContactPairs;
  const to = i * AWAKE_PAIR_STRIDE;
  const from = n * AWAKE_PAIR_STRIDE;
  p[to] = p[from]!;
  p[to + 1] = p[from + 1]!;
  p[to + 2] = p[from + 2]!;
  p[to + 3] = p[from + 3]!;
  contacts.awakeIndex[last] = i;
  contacts.awakeIndex[c] = -1;
}

/** Rewrites `awakeContactPairs` from the contact columns, after the awake list was replaced whole. */
export function rebuildAwakeContactPairs(w: DynamicsState): void {
  const n = w.awakeContactCount;
  if (w.awakeContactPairs.length < w.awakeContacts.length * AWAKE_PAIR_STRIDE) {
    w.awakeContactPairs = growI32(w.awakeContactPairs, w.awakeContacts.length * AWAKE_PAIR_STRIDE);
  }
  for (let i = 0; i < n; i++) writeAwakePair(w, i, w.awakeContacts[i]!);
}
