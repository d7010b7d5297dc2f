/**
 * Soft constraints as implicit-Euler springs.
 *
 * A rigid constraint C = 0 softened by a spring of stiffness k and damper c, integrated
 * with implicit Euler over a step h, gives the velocity update
 *   lambda = -m_eff * massScale * (Cdot + biasRate * C) - impulseScale * lambda_acc
 * with, writing omega = 2 pi f and zeta the damping ratio, and taking k = m_eff omega^2,
 * c = 2 m_eff zeta omega from the constraint's own effective mass (so the response does
 * not depend on the masses involved):
 *   biasRate     = omega / (2 zeta + h omega)
 *   massScale    = h omega (2 zeta + h omega) / (1 + h omega (2 zeta + h omega))
 *   impulseScale = 1 / (1 + h omega (2 zeta + h omega))
 * A frequency of zero means rigid: no bias, full mass, no impulse feedback.
 * Contacts and every joint axis with a spring use this one function.
 */

import { PI } from './math';

export class Softness {
  biasRate = 0;
  massScale = 1;
  impulseScale = 0;
}

export function makeSoft(hertz: number, dampingRatio: number, h: number, out: Softness): Softness {
  if (hertz === 0) {
    out.biasRate = 0;
    out.massScale = 1;
    out.impulseScale = 0;
    return out;
  }
  const omega = 2 * PI * hertz;
  const a1 = 2 * dampingRatio + h * omega;
  const a2 = h * omega * a1;
  const a3 = 1 / (1 + a2);
  // an undamped frequency so small that h omega underflows leaves a1 = 0 (and massScale 0):
  // no spring force, and a bias rate of 0 rather than omega / 0 (which made 0 * Infinity)
  out.biasRate = a1 > 0 ? omega / a1 : 0;
  out.massScale = a2 * a3;
  out.impulseScale = a3;
  return out;
}
