import { Softness } from './softness.js';

/**
 * Values every solver stage reads during one step, derived from the time step, the
 * sub-step count and the settings, and recomputed only when one of those changed. The
 * stages take this object rather than the sub-step as an argument: V8 boxes a double handed
 * to a function it does not inline (and makeSoft is not always inlined), and the step
 * allocates nothing.
 */
export class StepContext {
  /** The inputs the values below were derived from; `settingsVersion` -1 forces a refresh. */
  dt = 0;
  subSteps = 0;
  settingsVersion = -1;
  /** Sub-step (s). */
  h = 0;
  invH = 0;
  /** Cap on the speed at which contacts push overlapping shapes apart (m/s). */
  maxPushSpeed = 0;
  /** Largest linear speed (m/s) and angular speed (rad/s) of a body entering a sub-step. */
  maxLinearSpeed = 0.5;
  maxAngularSpeed = 0.5;
  /** Largest angular speed (rad/s) a body keeps after a solve (the safety net). */
  maxSolvedAngularSpeed = 0.5;
  enableWarmStarting = true;
  /**
   * Contact solve order of the two points of a manifold this sub-step: 0 first point first,
   * 1 second point first. Gauss-Seidel favours the point it solves last, and with one fixed
   * order every box of a pyramid leans the same way (the apex of a 5,050-box pyramid
   * drifted 0.4 m sideways; with the order flipped every second sub-step, 0.05 m). The
   * order flips every second sub-step (solver.ts), not every one: flipping every sub-step
   * lets a crate pushed against a steep ramp ratchet up it by friction, and every step
   * starts on the same order, or velocities alternate between two solutions from one step
   * to the next and piles stop falling asleep.
   */
  secondPointFirst = 0;
  /**
   * True from the second sub-step on: the previous relax pass stored each contact point's
   * separation, and no body has moved since (solveContacts reads them back).
   */
  separationsStored = false;
  /**
   * A contact whose relax pass changed its bodies' relative speed by more than this (m/s)
   * is relaxed once more (RELAX_AGAIN_SPEED).
   */
  relaxAgainSpeed = 0;
  /** Softness of rigid joint axes (point, weld, limits): stiff but stable. */
  readonly jointSoftness = new Softness();
  /** Softness of contacts between two moving bodies. */
  readonly contactSoftness = new Softness();
  /** Softness of contacts against a body that does not move (twice as stiff). */
  readonly staticSoftness = new Softness();
}
