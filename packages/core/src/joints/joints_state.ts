/**
 * What the joint layer reads and writes of a world: the dynamics layer's state
 * (dynamics/dynamics_state.ts) and the joints. The world's state (world/world_state.ts)
 * implements it; declared here so that no joint module names a type of the world layer.
 */

import type { DynamicsState } from '../dynamics/dynamics_state.js';
import type { JointStore } from './joint_store.js';

export interface JointsState extends DynamicsState {
  readonly joints: JointStore;
  /** Joints solved this step, in slot order. */
  activeJoints: Int32Array;
  activeJointCount: number;
  /** Active joints this step with a finite break force or torque (joint_solver.ts). */
  breakableJointCount: number;
  /** Joint events since the last step began: handles, and 1 = broken / 0 = removed. */
  jointEventIds: number[];
  jointEventBroken: number[];
}
