/**
 * The narrow interface between the step and an alternative constraint solver (issue 24).
 *
 * The soft step (world/solver.ts) is the default and is not behind this interface: a world
 * without a solver steps exactly as before, and a world with one makes a single call per
 * step, `instance.solve(w, dt)`, in place of the soft step's solve stage. Everything else
 * of the step (pairs, narrow phase, continuous collision, sleep, sensors) is shared.
 *
 * An alternative solver is a module object the user passes in (`new World({ solver:
 * baumgarteSolver({ iterations: 8 }) })`), not a name looked up in a table: a table would
 * import every solver into every bundle, while an object reaches the bundle only when the
 * user imports its factory, so a world that keeps the default ships none of them.
 *
 * The contract of `solve`: on entry the narrow phase has updated the awake contacts (their
 * manifolds, anchors relative to the centers of mass, separations and last step's
 * impulses), and every awake body's solver state (body_state_layout.ts) holds its
 * velocity and a zero position and rotation change. On return the state holds the new
 * velocity and the step's position and rotation change; the step then moves the bodies
 * (finalizeBodies). What the solver carries from one step to the next lives only in the
 * contacts' and the joints' accumulated impulses, which snapshots and rollback states
 * already hold: an instance keeps scratch only, so a snapshot or a rollback state is
 * complete under every solver.
 */

import { JointType } from '../types/joint_type.js';
import type {
  ActiveSolver,
  Solver,
  SolverCapabilities,
  SolverInstance as OpaqueSolverInstance,
} from '../types/solver.js';
import { fail } from '../base/validate.js';
import type { WorldState } from './world_state.js';

export type { ActiveSolver, Solver, SolverCapabilities };

/** The step's view of a solver instance: `solve` takes the world's state. */
export interface SolverInstance extends OpaqueSolverInstance {
  solve(w: WorldState, dt: number): void;
}

/** 'revolute', 'distance', ...: from the joint types themselves, not a second list. */
const JOINT_TYPE_NAMES: readonly string[] = Object.entries(JointType)
  .sort((a, b) => a[1] - b[1])
  .map(([kind]) => kind.toLowerCase());

function jointTypeName(type: number): string {
  return JOINT_TYPE_NAMES[type] ?? `type ${type}`;
}

/** The switches of a joint's parameters the capability table looks at (data object or def). */
interface JointFeatures {
  enableSpring?: unknown;
  enableMotor?: unknown;
  enableLimit?: unknown;
}

/**
 * Why `solver` cannot solve a joint of `type` with these parameters and break limits, or
 * null when it can. The wheel joint's spring is on by default: it counts like any other.
 */
export function jointRejection(
  solver: Solver,
  type: number,
  params: JointFeatures,
  breakForce: number,
  breakTorque: number,
): string | null {
  const caps = solver.capabilities;
  const name = jointTypeName(type);
  if (!caps.jointTypes.includes(type as JointType)) {
    const ok = caps.jointTypes.map(jointTypeName).join(', ') || 'none';
    return `the solver '${solver.name}' cannot solve ${name} joints (it solves: ${ok})`;
  }
  if (params.enableSpring === true && !caps.springs)
    return `the solver '${solver.name}' cannot solve a ${name} joint's spring (enableSpring)`;
  if (params.enableMotor === true && !caps.motors)
    return `the solver '${solver.name}' cannot solve a ${name} joint's motor (enableMotor)`;
  if (params.enableLimit === true && !caps.limits)
    return `the solver '${solver.name}' cannot solve a ${name} joint's limits (enableLimit)`;
  if ((breakForce !== Infinity || breakTorque !== Infinity) && !caps.breakableJoints)
    return `the solver '${solver.name}' cannot break joints (breakForce, breakTorque)`;
  return null;
}

/**
 * Throws, naming `fn`, the solver and the first joint it cannot solve, when the world has
 * one; changes nothing. Called when a solver is set and at the start of every step with an
 * alternative solver (a joint's parameters may have been changed since: a motor switched
 * on), before the step writes anything.
 */
export function checkJointsUnderSolver(fn: string, w: WorldState, solver: Solver): void {
  const joints = w.joints;
  for (let j = 0; j < joints.pool.next; j++) {
    if (joints.pool.alive[j] !== 1) continue;
    const why = jointRejection(
      solver,
      joints.type[j]!,
      joints.data[j] as JointFeatures,
      joints.breakForce[j]!,
      joints.breakTorque[j]!,
    );
    if (why !== null) {
      throw new Error(
        `${fn}: ${why}; joint ${joints.pool.handle(j)} has it. See the capability table in docs/solvers.md, or use the default soft step (solver: null).`,
      );
    }
  }
}

/** Throws, naming `fn`, when a joint about to be created is one `solver` cannot solve. */
export function checkNewJointUnderSolver(
  fn: string,
  solver: Solver,
  type: number,
  params: object,
  breakForce: number,
  breakTorque: number,
): void {
  const why = jointRejection(solver, type, params as JointFeatures, breakForce, breakTorque);
  if (why !== null) {
    throw new Error(
      `${fn}: ${why}. See the capability table in docs/solvers.md, or use the default soft step (solver: null).`,
    );
  }
}

/** `v` as a solver (or null: the default soft step), or a clear error naming `fn` and `field`. */
export function checkSolver(fn: string, field: string, v: unknown): Solver | null {
  if (v === null) return null;
  const s = v as Partial<Solver>;
  if (
    typeof v !== 'object' ||
    typeof s.name !== 'string' ||
    typeof s.create !== 'function' ||
    typeof s.capabilities !== 'object' ||
    typeof s.settings !== 'object'
  ) {
    fail(fn, field, 'a solver made by a solver factory (e.g. baumgarteSolver()) or null (the soft step)', v);
  }
  return v as Solver;
}
