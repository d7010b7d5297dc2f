/**
 * The capability rows of the alternative solvers (docs/solvers.md prints them as a table),
 * and the descriptor every alternative solver factory returns.
 *
 * Every alternative solves contacts with friction and restitution, and every joint type
 * with its springs, motors and limits, as the scalar rows of joint_rows.ts, and reads each
 * joint's force and torque out of its rows' impulses, so breakable joints break under them
 * as under the soft step.
 */

import { JointType } from '../types/joint_type.js';
import type { Solver, SolverCapabilities, SolverInstance } from '../world/solver_interface.js';

export const ALTERNATIVE_CAPABILITIES: SolverCapabilities = Object.freeze({
  jointTypes: Object.freeze(
    (Object.values(JointType) as JointType[]).slice().sort((a, b) => a - b),
  ) as readonly JointType[],
  springs: true,
  motors: true,
  limits: true,
  breakableJoints: true,
  restitution: true,
});

/** The frozen descriptor of an alternative solver. */
export function alternativeSolver<S extends object>(
  name: string,
  settings: S,
  create: () => SolverInstance,
): Solver<S> {
  return Object.freeze({ name, settings, capabilities: ALTERNATIVE_CAPABILITIES, create });
}
