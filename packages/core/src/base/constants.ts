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

/**
 * Default contact damping ratio (non-dimensional). Box2D v3 uses 10 with its 30 Hz. The
 * damping ratio does not change how far a loaded contact sags (that is load / (m_eff
 * omega^2), the hertz alone), but it sets how fast an overlap is pushed out: the bias rate
 * omega / (2 zeta + h omega) is 11.9/s at 40 Hz with 10, enough to push every contact of
 * a column of boxes created a quarter overlapping at nearly the 3 m/s cap, and the single
 * relax pass per sub-step cannot take all of that back: the top box of four left at
 * 4.6 m/s and rose 0.48 m past its rest height. At 15 the rate is 8.1/s (Box2D's 30 Hz
 * gives 9.1/s): that box rises 0 mm past rest, five boxes 0.23 m (0.32 m at 30 Hz/10),
 * and the 5,050-box pyramid sags as before (0.414 m, asleep after 8.5 s instead of 7.3 s).
 * At 20 the column of six is still but the 100-body mixed pile takes 16 s to sleep.
 */
export const DEFAULT_CONTACT_DAMPING_RATIO = 15;

/** Default stiffness of rigid joint axes (Hz); clamped to a quarter of the sub-step rate. */
export const DEFAULT_JOINT_HERTZ = 60;

/** Default damping ratio of rigid joint axes. */
export const DEFAULT_JOINT_DAMPING_RATIO = 2;

/** Default cap on the speed at which overlap is pushed out (m/s). */
export const DEFAULT_MAX_CONTACT_PUSH_SPEED = 3;

/**
 * A contact whose relax pass (the bias-free sweep that takes back the push-out velocity)
 * changed its two bodies' relative speed by more than this (m/s) is relaxed a second time
 * in the same sub-step. One Gauss-Seidel sweep moves a correction one contact along a
 * chain, so push-out velocity summed up a column, or an impact's warm-started impulse
 * passed down a stack of thin cards, survived the single pass: a column of four boxes
 * created a quarter overlapping launched its top box 0.48 m past rest, and Box2D's house
 * of cards fell at 4 sub-steps. Resting piles change by less and are not touched (0 of a
 * settled 820-box pyramid's contacts; 11% of the tumbler's).
 */
export const RELAX_AGAIN_SPEED = 0.05;

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

// ---------------------------------------------------------------------------------------
// Valid ranges of the public API. A value outside its range is rejected with a RangeError
// that names the field and the range, and the world is left unchanged. The README lists
// them ("Valid ranges"). Box2D v3 calls 100 km "huge" (B2_HUGE): the engine is tuned for
// 0.1 m-10 m objects, and float64 keeps sub-micrometre precision out to 100 km.

/**
 * Largest size (m): radii, half-widths, a polygon's rounding. 100 km, Box2D's huge; beyond
 * it products of lengths (areas, inertia, squared distances in the narrow phase) lose the
 * precision the solver's slop relies on, and a circle of radius 1e155 overflowed its area
 * and turned its neighbours into NaN.
 */
export const MAX_LENGTH = 100_000;

/**
 * Largest |coordinate| (m): positions, anchors, points, shape vertices and centers. Ten
 * times Box2D's huge: a pyramid 100 km out settles like one at the origin (stress test,
 * 1.6e-10 m apart), and at 1000 km a double still resolves 1.2e-10 m, far below the slop.
 */
export const MAX_COORDINATE = 1_000_000;

/**
 * Largest shape density (kg/m^2). With MAX_LENGTH shapes the mass stays below 1e16 kg and
 * inertia below 1e26 kg m^2, far from overflow; a density of 1e308 overflowed the mass.
 */
export const MAX_DENSITY = 1e6;

/**
 * Largest |angle| (rad) of a body or transform. Rotations are stored as cosine and sine;
 * past 1e6 rad the angle's float64 spacing (1e-10 rad) starts to show in the core's own
 * sine and cosine, whose range reduction assumes moderate arguments.
 */
export const MAX_ANGLE = 1e6;

/**
 * Largest |component| of a linear velocity (m/s) a caller may set. The world's speed limit
 * (`maxLinearSpeed`, default 400 m/s, at most this) then clamps it; 1e5 m/s keeps the
 * squared speed far from overflow (1e155 overflowed it and clamped to 0 instead).
 */
export const MAX_SPEED = 100_000;

/** Largest |angular velocity| (rad/s) a caller may set; the step clamps it further. */
export const MAX_ANGULAR_SPEED = 100_000;

/**
 * Largest |component| of a force (N), torque (N m), linear impulse (N s) or angular
 * impulse (N m s) a caller may apply. 1e12 moves a 1 g body at the speed limit within
 * a step yet keeps every product with MAX_LENGTH lever arms finite.
 */
export const MAX_FORCE = 1e12;

/**
 * Largest time step (s) of `World.step`. The solver is tuned for steps around 1/60 s; at
 * 30 s (what a naive loop feeds after a browser tab slept in the background) a settling box
 * fell 140 m through the ground, because gravity carries it past the speculative contact
 * distance in one sub-step. A quarter second still covers a 4 fps hitch; a longer pause
 * must be stepped in pieces (or dropped) by the caller's accumulator.
 */
export const MAX_TIME_STEP = 0.25;

/**
 * Largest body mass (kg) `setBodyMassData` takes: 100 * MAX_DENSITY * MAX_LENGTH^2 = 1e18.
 * Every shape up to MAX_LENGTH in size at MAX_DENSITY weighs less (measured: a 100 km box
 * 4e16 kg, the same box rounded by 100 km 1.5e17 kg), so a body built of such a shape can
 * have its own mass data set back; the momentum at MAX_SPEED (1e23 N s) stays far from
 * overflow. The lower end stays "> 0".
 */
export const MAX_MASS = 100 * MAX_DENSITY * MAX_LENGTH * MAX_LENGTH;

/**
 * Smallest positive body mass (kg) and rotational inertia (kg m^2). `setBodyMassData` takes
 * 0 inertia (no rotation) or at least this; a body whose shapes weigh less (a density of
 * 1e-310) gets this much. The reason is the inverse: below about 5.6e-309 1/x is Infinity,
 * and the body's first contact turns it into NaN (measured: mass, density or inertia 5e-324
 * and 1e-310 gave a NaN pose, 1e-300 did not); at 1e-30 the inverse and the impulses it
 * scales stay far from overflow. No shape a user makes weighs this little: a 1 mm circle
 * at a density of 1e-6 kg/m^2 weighs 3e-12 kg.
 */
export const MIN_MASS = 1e-30;
export const MIN_ROTATIONAL_INERTIA = 1e-30;

/**
 * Largest rotational inertia (kg m^2) `setBodyMassData` takes: MAX_MASS * MAX_LENGTH^2 =
 * 1e28, the largest mass at the largest size (the rounded 100 km box above: 3.7e27).
 */
export const MAX_ROTATIONAL_INERTIA = MAX_MASS * MAX_LENGTH * MAX_LENGTH;

/**
 * Largest |gravity| (m/s^2), about 100 g. At 60 Hz with the default 4 sub-steps, gravity
 * alone moves a body g h^2 = 1.7 cm per sub-step at this bound, inside the speculative
 * distance (2 cm), so a contact is made before a body can pass it. Measured on a column of
 * five boxes on the ground: at 1000 a 0.1 m box sinks 1.3 cm, at 1e4 it sinks 13 cm (more
 * than its size), and at 1e5 every box falls through the ground.
 */
export const MAX_GRAVITY = 1000;

/**
 * Largest |gravityScale| of a body: with Earth's gravity the body then feels at most
 * 980 m/s^2, inside MAX_GRAVITY. Measured: at 1e6 a box on the ground fell through it at the
 * speed limit.
 */
export const MAX_GRAVITY_SCALE = 100;

/**
 * Longest distance (m): the translation of a ray or shape cast, a joint's length and its
 * translation limits. Two valid points are at most 2 sqrt(2) MAX_COORDINATE = 2.83e6 m
 * apart; rounded up to 4e6 m, and a fraction along it still resolves 1e-9 m.
 */
export const MAX_DISTANCE = 4 * MAX_COORDINATE;

/**
 * Largest stiffness (Hz) of a spring or soft constraint (joint springs, the world's
 * contact and joint hertz). A million per second is far above any sub-step rate a world
 * runs at (60 Hz times 1000 sub-steps is 60 kHz), where a spring already acts rigid; the
 * bound keeps h omega (2 zeta + h omega) finite in softness.ts (a hertz of 1e300 made it
 * Infinity and the mass scale Infinity * 0 = NaN).
 */
export const MAX_HERTZ = 1e6;

/**
 * Largest damping ratio (non-dimensional). A ratio of 10 is already heavily overdamped;
 * large ratios with a small hertz make a plain damper, so the bound is generous. Like
 * MAX_HERTZ it keeps the softness coefficients finite (1e308 made 2 zeta Infinity).
 */
export const MAX_DAMPING_RATIO = 1e6;

/**
 * Largest |component| of one character move's translation (m): a velocity in the speed
 * range for the longest time step, MAX_SPEED * MAX_TIME_STEP = 25 km. Farther is not a
 * move but a teleport (`CharacterMover.setPosition`).
 */
export const MAX_MOVE_TRANSLATION = MAX_SPEED * MAX_TIME_STEP;
