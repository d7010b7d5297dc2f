/**
 * The public types of an alternative constraint solver (world/solver_interface.ts says
 * how the step uses one; solvers/ holds the solvers). Here, at the bottom, because the
 * world def names a solver.
 */

import type { JointType } from './joint_type.js';

/** What a solver can solve beyond plain contacts: the capability table's row. */
export interface SolverCapabilities {
  /** Joint types it solves; every other type is rejected. */
  readonly jointTypes: readonly JointType[];
  /** Joint springs (enableSpring) on the types it solves. */
  readonly springs: boolean;
  /** Joint motors (enableMotor). */
  readonly motors: boolean;
  /** Joint limits (enableLimit). */
  readonly limits: boolean;
  /** Joints with a finite break force or torque. */
  readonly breakableJoints: boolean;
  /** Restitution (bouncing). */
  readonly restitution: boolean;
}

/**
 * One world's use of a solver: its scratch, sized to the scene as it grows. `solve` takes
 * the world's internal state, which this public layer does not name (`never`: no caller
 * outside the step can pass one); world/solver_interface.ts declares the step's view.
 */
export interface SolverInstance {
  /** Solves one step of dt seconds (the contract is in world/solver_interface.ts). */
  solve(w: never, dt: number): void;
}

/**
 * An alternative solver with its settings: a value the user creates with the solver's
 * factory (e.g. `baumgarteSolver({ iterations: 8 })`), which validates the settings.
 * Immutable; one may serve several worlds, each with its own instance.
 */
export interface Solver<Settings extends object = object> {
  /** Short name, used in error messages and the results table ('baumgarte', 'xpbd'...). */
  readonly name: string;
  /** The settings, every field filled in (defaults for the ones left out). */
  readonly settings: Readonly<Settings>;
  readonly capabilities: SolverCapabilities;
  /** A new instance for one world. */
  create(): SolverInstance;
}

/** A world's current alternative solver. */
export interface ActiveSolver {
  readonly solver: Solver;
  readonly instance: SolverInstance;
}
