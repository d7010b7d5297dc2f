/**
 * The capability rows of the alternative solvers (docs/solvers.md prints them as a table),
 * and the descriptor every alternative solver factory returns.
 *
 * Every alternative solves contacts with friction and restitution, and every joint type
 * with its springs, motors and limits, as the scalar rows of joint_rows.ts. What none of
 * them does is break joints: breaking is judged on the constraint force the soft step
 * reads out of each joint per sub-step, and the alternatives do not report joint forces.
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
  breakableJoints: false,
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
