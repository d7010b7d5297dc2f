/**
 * Body storage: structure of arrays indexed by body slot (the operations are in body.ts).
 *
 * Hot solver state (velocity and the position/rotation change within a step) is
 * interleaved in `state` with a stride of 8 doubles (64 bytes, one cache line), because
 * the contact solver touches all of it for both bodies of every constraint. Everything
 * else is one typed array per field.
 */

import { type Column, columnList, growStore, snapshotColumns } from '../base/columns.js';
import { HandleKind, SlotPool } from '../base/id.js';
import { STATE_STRIDE } from './body_state_layout.js';

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
    this.capacity = growStore(this, BODY_COLUMNS, this.capacity, n, 16);
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
