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

import { PI } from '../base/math.js';

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
  if (!(a1 > 0)) {
    // undamped, and so slow that h omega underflowed: no spring force at all (the limit
    // massScale 0, impulseScale 1), and no omega / 0 for a later 0 * Infinity = NaN.
    // A branch of its own: a `? :` mixing the 0 with a double makes V8 box the result.
    out.biasRate = 0;
    out.massScale = 0;
    out.impulseScale = 1;
    return out;
  }
  const a2 = h * omega * a1;
  const a3 = 1 / (1 + a2);
  out.biasRate = omega / a1;
  out.massScale = a2 * a3;
  out.impulseScale = a3;
  return out;
}
