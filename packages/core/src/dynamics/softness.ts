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

/**
 * makeSoft for the step's hot paths: hertz, damping ratio and time step read from io[0],
 * io[1] and io[2] of a caller-owned scratch. No double crosses the call, so nothing is
 * boxed whether or not V8 inlines it (see the angle kernels in base/math.ts); a joint's
 * prepare calls it on a path V8 may never inline into (a spring in a net of plain hinges).
 */
export function makeSoftIo(io: Float64Array, out: Softness): void {
  const hertz = io[0]!;
  const dampingRatio = io[1]!;
  const h = io[2]!;
  if (hertz === 0) {
    out.biasRate = 0;
    out.massScale = 1;
    out.impulseScale = 0;
    return;
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
    return;
  }
  const a2 = h * omega * a1;
  const a3 = 1 / (1 + a2);
  out.biasRate = omega / a1;
  out.massScale = a2 * a3;
  out.impulseScale = a3;
}

/** Scratch of makeSoft's inputs: never used across a call. */
const softIo = new Float64Array(3);

/** The softness of a spring of `hertz` and `dampingRatio` over a step `h`, into `out`. */
export function makeSoft(hertz: number, dampingRatio: number, h: number, out: Softness): Softness {
  const io = softIo;
  io[0] = hertz;
  io[1] = dampingRatio;
  io[2] = h;
  makeSoftIo(io, out);
  return out;
}
