/**
 * Spring tuning for designers: "respond in N frames, with this much bounce" in place of a
 * frequency (Hz) and a damping ratio.
 *
 * A spring of frequency f (omega = 2 pi f) and damping ratio zeta, released at rest away
 * from its target, is x(t) = target + error(t). Its **response time** T is defined as:
 *
 * - 0 <= zeta < 1 (it overshoots): the time of the first peak, i.e. half a damped period,
 *   T = pi / (omega sqrt(1 - zeta^2)). For zeta = 0 that is half the period, 1 / (2 f):
 *   the time to swing to the far side.
 * - zeta = 1 (critically damped, no overshoot): the 2% settling time, the time after which
 *   the remaining error (1 + omega t) e^(-omega t) stays below 2%: T = U / omega with
 *   U = 5.83392170191739... the root of (1 + U) e^(-U) = 0.02.
 *
 * So T = c(zeta) / omega with c = pi / sqrt(1 - zeta^2) or U, and the two directions are
 * exact inverses (f = c / (2 pi T), T = c / (2 pi f)), up to rounding. The response time is
 * measured in frames of the given step rate (T = frames / stepRate). Note the jump at
 * zeta = 1: the first peak of a nearly critically damped spring comes very late, while the
 * critically damped spring is "done" (within 2%) after U / omega.
 *
 * This describes the continuous spring. The engine integrates springs implicitly, which
 * adds a little damping, noticeably so when the frequency approaches the sub-step rate: a
 * tuned spring overshoots no more, and rather less, than the formulas say.
 *
 * Only + - * / and Math.sqrt are used, so the results are the same on every platform.
 */

import { PI } from '../base/math.js';
import { checkPositive, fail } from '../base/validate.js';

/**
 * How much the spring may bounce:
 * - 'free': no damping (zeta = 0), oscillates for ever around the target;
 * - 'some': zeta = 0.5, one visible overshoot of 16% (e^(-pi / sqrt(3))), and the swing
 *   back is under 3% (16% squared): reads as "a bit of bounce" rather than a wobble.
 *   (zeta = 0.3 would overshoot 37% and keep visibly ringing for three swings.)
 * - 'none': critically damped (zeta = 1), the fastest approach with no overshoot.
 */
export type SpringDamping = 'free' | 'some' | 'none';

/** The damping ratio each SpringDamping choice stands for. */
export const SPRING_DAMPING_RATIO: Readonly<Record<SpringDamping, number>> = Object.freeze({
  free: 0,
  some: 0.5,
  none: 1,
});

/** omega * T for a critically damped spring: the root U of (1 + U) e^(-U) = 0.02. */
export const CRITICAL_SETTLING_OMEGA_T = 5.83392170191739;

/** A response time and bounce, as a designer picks them. */
export interface SpringResponse {
  /** Response time (see the module notes) in frames at stepRate; > 0, may be fractional. */
  frames: number;
  /** Steps per second (Hz), e.g. 60. */
  stepRate: number;
  damping: SpringDamping;
}

/** A spring as the engine takes it (joint hertz and dampingRatio parameters). */
export interface SpringTuning {
  /** Frequency (Hz). */
  hertz: number;
  /** Damping ratio, in [0, 1]. */
  dampingRatio: number;
}

/** c(zeta) = omega * T (see the module notes), for zeta in [0, 1]. */
function responseConstant(zeta: number): number {
  return zeta === 1 ? CRITICAL_SETTLING_OMEGA_T : PI / Math.sqrt(1 - zeta * zeta);
}

/** The spring (hertz, dampingRatio) whose response time is `frames` frames at `stepRate`. */
export function springFromResponse(response: SpringResponse): SpringTuning {
  const fn = 'springFromResponse';
  if (typeof response !== 'object' || response === null) fail(fn, 'response', 'an object', response);
  const frames = checkPositive(fn, 'frames', response.frames);
  const stepRate = checkPositive(fn, 'stepRate', response.stepRate);
  const damping = response.damping;
  if (damping !== 'free' && damping !== 'some' && damping !== 'none') {
    fail(fn, 'damping', "'free', 'some' or 'none'", damping);
  }
  const dampingRatio = SPRING_DAMPING_RATIO[damping];
  const seconds = frames / stepRate;
  return { hertz: responseConstant(dampingRatio) / (2 * PI * seconds), dampingRatio };
}

/** The response time, in frames at `stepRate`, of a spring (hertz > 0, dampingRatio in [0, 1]). */
export function responseFromSpring(spring: SpringTuning & { stepRate: number }): number {
  const fn = 'responseFromSpring';
  if (typeof spring !== 'object' || spring === null) fail(fn, 'spring', 'an object', spring);
  const hertz = checkPositive(fn, 'hertz', spring.hertz);
  const zeta = spring.dampingRatio;
  if (typeof zeta !== 'number' || !(zeta >= 0 && zeta <= 1)) fail(fn, 'dampingRatio', 'in [0, 1]', zeta);
  const stepRate = checkPositive(fn, 'stepRate', spring.stepRate);
  const seconds = responseConstant(zeta) / (2 * PI * hertz);
  return seconds * stepRate;
}
