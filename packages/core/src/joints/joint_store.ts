/**
 * The joints' data: one column per field, indexed by joint slot (the operations are in joint.ts).
 */

import { type Column, columnList, growStore, snapshotColumns } from '../base/columns.js';
import { HandleKind, SlotPool } from '../base/id.js';
import { JointColours } from './joint_colours.js';

/** Per-type joint data implements this: parameters plus solver temporaries. */
export interface JointData {
  /** Zeroes the accumulated impulses (warm starting off, or after a break). */
  resetImpulses(): void;
}

export class JointStore {
  readonly pool = new SlotPool(HandleKind.Joint);
  capacity = 0;

  type = new Uint8Array(0);
  bodyA = new Int32Array(0);
  bodyB = new Int32Array(0);
  /** Anchors in each body's frame, relative to the body origin. */
  localAx = new Float64Array(0);
  localAy = new Float64Array(0);
  localBx = new Float64Array(0);
  localBy = new Float64Array(0);
  collideConnected = new Uint8Array(0);
  /** Largest constraint force / torque before the joint breaks (Infinity = never). */
  breakForce = new Float64Array(0);
  breakTorque = new Float64Array(0);
  /** 0 once broken: a broken joint stays in the world, inert, until destroyed. */
  enabled = new Uint8Array(0);
  /** Constraint force and torque applied last step, on body B. */
  forceX = new Float64Array(0);
  forceY = new Float64Array(0);
  torque = new Float64Array(0);
  /** Body joint lists: edge 2j belongs to body A, 2j + 1 to body B. */
  edgePrev = new Int32Array(0);
  edgeNext = new Int32Array(0);
  data: (JointData | null)[] = [];
  userData: unknown[] = [];
  /**
   * Solver rows of the step's active joints, by position in the active list (see
   * revolute_joint.ts): hot per-step values in one typed array instead of object fields.
   */
  rows = new Float64Array(0);
  /**
   * The joints' axial records, by the same place as their rows: each kind's own layout
   * (revolute_rows.ts Axial, Weld, Distance, Wheel, Prismatic, Motor, Mouse); a plain
   * revolute joint's is not written.
   */
  axialRows = new Float64Array(0);
  /**
   * By position in the active list: 1 when the joint is solved from its rows alone (every
   * kind but the filter joint, which solves nothing: joint_rows.ts), so that solver helpers
   * may solve it.
   */
  rowOnly = new Uint8Array(0);
  /**
   * The active joints' positions in the order the joint colours lay them out
   * (joint_graph.ts): what the joint stages' items index, on any thread.
   */
  solveOrder = new Int32Array(0);
  /** This step's joint colours, laid out in `solveOrder` (calling thread only). */
  readonly colours = new JointColours();
  /**
   * Largest squared constraint force and largest |torque| over the step's sub-steps so far,
   * by position in the active list: what breaking is judged on (joint_solver.ts).
   */
  peakForceSq = new Float64Array(0);
  peakTorque = new Float64Array(0);

  ensureCapacity(n: number): void {
    this.capacity = growStore(this, JOINT_COLUMNS, this.capacity, n, 16);
  }
}

/**
 * Every typed-array field of `JointStore`: growth and snapshots both walk this list (see
 * base/array.ts ColumnSpec). Snapshot order is this order, strided fields last.
 */
const JOINT_COLUMNS = columnList<JointStore>(
  ['u8', ['type']],
  ['i32', ['bodyA', 'bodyB']],
  ['f64', ['localAx', 'localAy', 'localBx', 'localBy']],
  ['u8', ['collideConnected']],
  ['f64', ['breakForce', 'breakTorque']],
  ['u8', ['enabled']],
  ['f64', ['forceX', 'forceY', 'torque']],
  ['i32', ['edgePrev', 'edgeNext'], { fill: -1, perSlot: 2 }],
);

/** The snapshot's view of a JointStore (world/snapshot.ts). */
export function jointStoreColumns(store: JointStore): [Column, number][] {
  return snapshotColumns(store, JOINT_COLUMNS);
}
