/** Field offsets of one contact point record written by `World.readContactPoints`. */
export const ContactPointRecord = {
  X: 0,
  Y: 1,
  /** The contact normal, pointing from shape A to shape B. */
  NX: 2,
  NY: 3,
  /** Normal impulse of the last sub-step (N s): the warm-start value; times the sub-step count for a step. */
  NormalImpulse: 4,
  /** Negative when the shapes overlap (m). */
  Separation: 5,
  Size: 6,
} as const;
