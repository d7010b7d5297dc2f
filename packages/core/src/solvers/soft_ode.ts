/**
 * Soft constraints in the ODE form (constraint force mixing and error reduction), solved in
 * one step without sub-steps: what the soft step is without its sub-steps and relax pass.
 *
 * A row C = 0 held by a spring of stiffness k and a damper c, integrated with implicit
 * Euler over the step h, is the rigid row with two changes (Catto, "Soft Constraints",
 * GDC 2011; the ODE manual's CFM and ERP):
 *   lambda = -(K + gamma)^-1 (Cdot + (beta / h) C + gamma lambda_acc)
 *   gamma = 1 / (h (c + h k))      the softness: the CFM, divided by h for impulses
 *   beta  = h k / (c + h k)        the error reduction parameter (ERP)
 * Taking k and c from the row's own effective mass m = 1 / K, a frequency f and a damping
 * ratio zeta (k = m w^2, c = 2 m zeta w, w = 2 pi f) makes the response independent of
 * the masses, and with a = h w (2 zeta + h w) the update becomes
 *   lambda = -m a / (1 + a) (Cdot + (beta / h) C) - lambda_acc / (1 + a),  beta / h = w / (2 zeta + h w)
 * which is the soft step's mass scale, impulse scale and bias rate (dynamics/softness.ts).
 * Here they are derived from gamma and beta, the way the ODE form writes them.
 *
 * With one step per frame a contact can only be as stiff as a quarter of the step rate
 * (15 Hz at 60 Hz) before it rings; the soft step reaches 4x that with 4 sub-steps.
 */

import type { Solver, SolverInstance } from '../world/solver_interface.js';
import { alternativeSolver } from './capabilities.js';
import { SequentialImpulseSolver, type SoftRows } from './sequential_impulses.js';
import { softRow } from './soft_rows.js';
import { booleanSetting, checkSettings, intSetting, numberSetting } from './solver_kit.js';

export interface SoftOdeSettings {
  /** Velocity iterations per step. Default 8. */
  iterations: number;
  /** Contact stiffness (Hz), capped at a quarter of the step rate. Default 30. */
  contactHertz: number;
  /** Contact damping ratio. Default 10. */
  contactDampingRatio: number;
  /** Joint stiffness (Hz), capped at a quarter of the step rate. Default 60. */
  jointHertz: number;
  /** Joint damping ratio. Default 2. */
  jointDampingRatio: number;
  /** Cap on the push-out speed of overlapping shapes (m/s). Default 3. */
  maxPushSpeed: number;
  /** Start from last step's impulses. Default true. */
  warmStarting: boolean;
}

/** The settings' checks and defaults, in the order they are checked (solver_kit.ts). */
const SETTINGS = {
  iterations: intSetting(1, 1000, 8),
  contactHertz: numberSetting(0, 1e6, 30),
  contactDampingRatio: numberSetting(0, 1e6, 10),
  jointHertz: numberSetting(0, 1e6, 60),
  jointDampingRatio: numberSetting(0, 1e6, 2),
  maxPushSpeed: numberSetting(0, 1e6, 3),
  warmStarting: booleanSetting(true),
};

/**
 * One world's softOde solver: the sequential-impulse solver with soft rows, whose
 * coefficients are derived again whenever the step's length changes (onStepChange), so a
 * steady step hands no double to a call.
 */
function softOdeInstance(s: SoftOdeSettings): SolverInstance {
  const rows: SoftRows = {
    contactBiasRate: 0,
    contactMassScale: 1,
    contactImpulseScale: 0,
    jointBiasRate: 0,
    jointMassScale: 1,
    jointImpulseScale: 0,
    maxPushSpeed: 0,
  };
  const io = new Float64Array(6);
  return new SequentialImpulseSolver({
    iterations: s.iterations,
    warmStarting: s.warmStarting,
    beta: 0,
    slop: 0,
    block: false,
    positionIterations: 0,
    positionBeta: 0,
    maxCorrection: 0,
    soft: rows,
    onStepChange: (dt) => {
      const cap = 0.25 / dt;
      io[0] = Math.min(s.contactHertz, cap);
      io[1] = s.contactDampingRatio;
      io[2] = dt;
      softRow(io, 0);
      io[3] = Math.min(s.jointHertz, cap);
      io[4] = s.jointDampingRatio;
      io[5] = dt;
      softRow(io, 3);
      rows.contactBiasRate = io[0]!;
      rows.contactMassScale = io[1]!;
      rows.contactImpulseScale = io[2]!;
      rows.jointBiasRate = io[3]!;
      rows.jointMassScale = io[4]!;
      rows.jointImpulseScale = io[5]!;
      rows.maxPushSpeed = s.maxPushSpeed;
    },
  });
}

export function softOdeSolver(settings?: Partial<SoftOdeSettings>): Solver<SoftOdeSettings> {
  const checked = checkSettings<SoftOdeSettings>('softOdeSolver', settings, SETTINGS);
  return alternativeSolver('softOde', checked, () => softOdeInstance(checked));
}
