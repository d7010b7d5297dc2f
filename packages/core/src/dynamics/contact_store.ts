/**
 * The contacts' data: one column per field, indexed by contact slot (the operations are in contact.ts).
 */

import { type Column, columnList, growStore, snapshotColumns } from '../base/columns.js';
import { HandleKind, SlotPool } from '../base/id.js';
import { CONTACT_STRIDE } from './contact_layout.js';
import { CONTACT_REFERENCE_STRIDE } from './contact_layout.js';

export class ContactStore {
  /** Unversioned: no handle names a contact (the rollback state saves no generations). */
  readonly pool = new SlotPool(HandleKind.Contact, false);
  capacity = 0;

  shapeA = new Int32Array(0);
  shapeB = new Int32Array(0);
  bodyA = new Int32Array(0);
  bodyB = new Int32Array(0);
  pointCount = new Int32Array(0);
  id0 = new Int32Array(0);
  id1 = new Int32Array(0);
  flags = new Uint8Array(0);
  /** Position in the world's awake contact list, -1 when both bodies sleep. */
  awakeIndex = new Int32Array(0);
  /** Body contact lists, two edges per contact. */
  edgePrev = new Int32Array(0);
  edgeNext = new Int32Array(0);
  data = new Float64Array(0);
  /** Pose and manifold of the last narrow-phase run, valid while the contact is touching. */
  reference = new Float64Array(0);

  ensureCapacity(n: number): void {
    this.capacity = growStore(this, CONTACT_COLUMNS, this.capacity, n, 64);
  }
}

/**
 * Every typed-array field of `ContactStore`: growth and snapshots both walk this list (see
 * base/array.ts ColumnSpec). Snapshot order is this order, strided fields last.
 */
const CONTACT_COLUMNS = columnList<ContactStore>(
  ['i32', ['shapeA', 'shapeB', 'bodyA', 'bodyB', 'pointCount', 'id0', 'id1']],
  ['u8', ['flags']],
  ['i32', ['awakeIndex'], { fill: -1 }],
  ['i32', ['edgePrev', 'edgeNext'], { fill: -1, perSlot: 2 }],
  ['f64', ['data'], { perSlot: CONTACT_STRIDE }],
  ['f64', ['reference'], { perSlot: CONTACT_REFERENCE_STRIDE }],
);

/** The snapshot's view of a ContactStore (world/snapshot.ts). */
export function contactStoreColumns(store: ContactStore): [Column, number][] {
  return snapshotColumns(store, CONTACT_COLUMNS);
}
