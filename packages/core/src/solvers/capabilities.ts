/**
 * The capability rows of the alternative solvers (docs/solvers.md prints them as a table),
 * and the descriptor every alternative solver factory returns.
 * Every alternative solves contacts with friction; the joints are the revolute joint's point
 * constraint and the distance joint's rigid rod. Springs, motors, limits and breaking are
 * the soft step's (they need the soft step's per-row softness and force read-out).
 */

import { JointType } from '../types/joint_type.js';
import type { Solver, SolverCapabilities, SolverInstance } from '../world/solver_interface.js';

export const POINT_AND_ROD_JOINTS: SolverCapabilities = Object.freeze({
  jointTypes: Object.freeze([JointType.Revolute, JointType.Distance]),
  springs: false,
  motors: false,
  limits: false,
  breakableJoints: false,
  restitution: true,
});

/** The frozen descriptor of an alternative solver with these capabilities. */
export function pointAndRodSolver<S extends object>(
  name: string,
  settings: S,
  create: () => SolverInstance,
): Solver<S> {
  return Object.freeze({ name, settings, capabilities: POINT_AND_ROD_JOINTS, create });
}
