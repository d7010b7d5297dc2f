/**
 * A soft constraint row in the ODE form (constraint force mixing and error reduction), from
 * a frequency and a damping ratio: what the soft ODE solver uses for every row and every
 * other solver for joint springs (soft_ode.ts explains the formulas).
 */

import { PI } from '../base/math.js';

/**
 * The three numbers of a soft row over step h, from the ODE parameters: reads [hertz,
 * dampingRatio, h] from io at o and writes over them [biasRate = beta / h, massScale =
 * m_soft / m, impulseScale = gamma m_soft]. A frequency of 0 is a rigid row. In and out
 * through the array: a call V8 does not inline boxes its double arguments.
 */
export function softRow(io: Float64Array, o: number): void {
  const hertz = io[o]!;
  const dampingRatio = io[o + 1]!;
  const h = io[o + 2]!;
  const out = io;
  if (hertz === 0) {
    out[o] = 0;
    out[o + 1] = 1;
    out[o + 2] = 0;
    return;
  }
  const omega = 2 * PI * hertz;
  // per unit effective mass (m = 1): k = w^2, c = 2 zeta w
  const k = omega * omega;
  const c = 2 * dampingRatio * omega;
  const gamma = 1 / (h * (c + h * k)); // CFM / h
  const beta = (h * k) / (c + h * k); // ERP
  // (K + gamma)^-1 with K = 1: the soft mass over the rigid one
  const softMass = 1 / (1 + gamma);
  out[o] = beta / h;
  out[o + 1] = softMass;
  out[o + 2] = gamma * softMass;
}
