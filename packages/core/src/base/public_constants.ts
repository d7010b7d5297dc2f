/**
 * The constants the public index exports as `constants`: the tunables a user reasons
 * about (slop, margins, sleep, defaults). Solver internals (the manifold-reuse
 * tolerances, the solved-rotation clamp) stay in constants.ts only.
 */

export {
  AABB_MARGIN,
  DEFAULT_CONTACT_DAMPING_RATIO,
  DEFAULT_CONTACT_HERTZ,
  DEFAULT_DENSITY,
  DEFAULT_FRICTION,
  DEFAULT_GRAVITY_Y,
  DEFAULT_HIT_EVENT_THRESHOLD,
  DEFAULT_JOINT_DAMPING_RATIO,
  DEFAULT_JOINT_HERTZ,
  DEFAULT_MAX_CONTACT_PUSH_SPEED,
  DEFAULT_MAX_LINEAR_SPEED,
  DEFAULT_RESTITUTION_THRESHOLD,
  DEFAULT_SUB_STEPS,
  HUGE,
  LINEAR_SLOP,
  MAX_ANGLE,
  MAX_ANGULAR_SPEED,
  MAX_COORDINATE,
  MAX_DENSITY,
  MAX_FORCE,
  MAX_LENGTH,
  MAX_POLYGON_VERTICES,
  MAX_ROTATION,
  MAX_SPEED,
  MAX_TIME_STEP,
  SLEEP_LINEAR_THRESHOLD,
  SPECULATIVE_DISTANCE,
  TIME_TO_SLEEP,
} from './constants.js';
