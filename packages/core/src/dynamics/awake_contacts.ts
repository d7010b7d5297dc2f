/**
 * The awake-contact list (the contacts the narrow phase updates) and the contact flags.
 * Below both contact.ts and island.ts, which add and remove contacts as bodies wake and
 * sleep, so neither imports the other for it.
 */

import { growI32 } from '../base/array.js';
import type { DynamicsState } from './dynamics_state.js';

/** Contact flag bits (a rollback state keeps two: see CONTACT_FLAG_BITS). */
export const CONTACT_TOUCHING = 1;
export const CONTACT_ENABLE_EVENTS = 2;
/** Every contact flag bit: a rollback state saves these (world/rollback_state.ts, two bits). */
export const CONTACT_FLAG_BITS = CONTACT_TOUCHING | CONTACT_ENABLE_EVENTS;

export function addAwakeContact(w: DynamicsState, c: number): void {
  const contacts = w.contacts;
  if (contacts.awakeIndex[c]! !== -1) return;
  if (w.awakeContactCount === w.awakeContacts.length) {
    w.awakeContacts = growI32(w.awakeContacts, w.awakeContactCount * 2);
  }
  contacts.awakeIndex[c] = w.awakeContactCount;
  w.awakeContacts[w.awakeContactCount++] = c;
}

export function removeAwakeContact(w: DynamicsState, c: number): void {
  const contacts = w.contacts;
  const i = contacts.awakeIndex[c]!;
  if (i === -1) return;
  const last = w.awakeContacts[--w.awakeContactCount]!;
  w.awakeContacts[i] = last;
  contacts.awakeIndex[last] = i;
  contacts.awakeIndex[c] = -1;
}
