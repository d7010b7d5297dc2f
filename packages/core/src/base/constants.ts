/**
 * Tunables of the core, in one place. Units are meters, kilograms, seconds.
 * The engine is tuned for moving objects between 0.1 m and 10 m; change these only with
 * care, they are woven through collision and the solver.
 */

/** Collision and constraint tolerance (m). Warning: changing it changes stacking quality. */
export const LINEAR_SLOP = 0.005;

/** Contacts are created this far before shapes touch, so the solver sees them coming (m). */
export const SPECULATIVE_DISTANCE = 4 * LINEAR_SLOP;

/**
 * A touching contact keeps its manifold from the last narrow-phase run while no point has
 * drifted farther than this across the other body (m) and the pair has turned less than
 * CONTACT_REUSE_ANGLE (sine of the angle) since; see contact.ts reuseManifold. Depth is
 * tracked exactly either way; these bound how far a point can sit from where a fresh
 * clip would put it.
 */
export const CONTACT_REUSE_DISTANCE = 0.1 * LINEAR_SLOP;
export const CONTACT_REUSE_ANGLE = 0.001;

/** Fat AABB margin: a proxy is re-inserted in the tree only when it leaves its fat box (m). */
export const AABB_MARGIN = 0.1;

/** Maximum number of vertices of a convex polygon. */
export const MAX_POLYGON_VERTICES = 8;

/** Maximum rotation of a body in one sub-step (rad): keeps rotation integration sane. */
export const MAX_ROTATION = 0.25 * Math.PI;
/**
 * Largest rotation (rad) per sub-step after a solve: a net against a diverging solve, looser
 * than MAX_ROTATION because a solve may rightly spin a light body faster than it entered.
 */
export const MAX_SOLVED_ROTATION = 4 * MAX_ROTATION;

/**
 * Bodies slower than this (m/s, and rad/s times the body's extent) may fall asleep: the
 * default of `BodyDef.sleepThreshold`.
 */
export const SLEEP_LINEAR_THRESHOLD = 0.05;

/** A body must stay slow this long (s) before its island falls asleep. */
export const TIME_TO_SLEEP = 0.5;

/** Default gravity (m/s^2). */
export const DEFAULT_GRAVITY_Y = -10;

/** Default number of solver sub-steps per step. */
export const DEFAULT_SUB_STEPS = 4;

/**
 * Default contact stiffness (Hz); clamped to a quarter of the sub-step rate at run time.
 * Box2D v3 uses 30. A soft contact sags by load / (m_eff (2 pi hertz)^2): at 30 Hz the apex
 * of a 100-row pyramid sank 0.72 m, at 40 Hz 0.41 m. Stiffer contacts keep large piles
 * awake longer: that pyramid falls asleep after 7.6 s at 40 Hz, 9.3 s at 45 Hz (0.33 m),
 * and is still awake after 15 s at 50 and 60 Hz.
 */
export const DEFAULT_CONTACT_HERTZ = 40;

/** Default contact damping ratio (non-dimensional). */
export const DEFAULT_CONTACT_DAMPING_RATIO = 10;

/** Default stiffness of rigid joint axes (Hz); clamped to a quarter of the sub-step rate. */
export const DEFAULT_JOINT_HERTZ = 60;

/** Default damping ratio of rigid joint axes. */
export const DEFAULT_JOINT_DAMPING_RATIO = 2;

/** Default cap on the speed at which overlap is pushed out (m/s). */
export const DEFAULT_MAX_CONTACT_PUSH_SPEED = 3;

/** Default approach speed below which restitution is ignored (m/s). */
export const DEFAULT_RESTITUTION_THRESHOLD = 1;

/** Default maximum linear speed (m/s): a safety net against numerical blow-up. */
export const DEFAULT_MAX_LINEAR_SPEED = 400;

/** Default approach speed above which a contact reports a hit event (m/s). */
export const DEFAULT_HIT_EVENT_THRESHOLD = 1;

/** Default shape density (kg/m^2). */
export const DEFAULT_DENSITY = 1;

/** Default friction of shapes and chains (mixed by the geometric mean). */
export const DEFAULT_FRICTION = 0.6;

/** Huge value used as "no limit". */
export const HUGE = 100000 * 1e6;
