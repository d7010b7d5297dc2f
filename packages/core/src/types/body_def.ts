/**
 * Bodies: the body types, the body definition and its defaults (Box2D's b2BodyDef and
 * b2DefaultBodyDef), and the mass and rotation records the world reads out. The checks of
 * a definition live in dynamics/body_checks.ts.
 */

import { SLEEP_LINEAR_THRESHOLD } from '../base/constants.js';
import type { Vec2 } from '../base/math.js';

/** Body types. Static bodies never move; kinematic bodies move by velocity only. */
export const BodyType = { Static: 0, Kinematic: 1, Dynamic: 2 } as const;
export type BodyType = (typeof BodyType)[keyof typeof BodyType];

/** Body definition. Every field has a default: see `defaultBodyDef()`. */
export interface BodyDef {
  type: BodyType;
  /** World position of the body origin (m). */
  position: Vec2;
  /** Angle (rad). */
  angle: number;
  linearVelocity: Vec2;
  angularVelocity: number;
  linearDamping: number;
  angularDamping: number;
  gravityScale: number;
  /** Speed below which the body counts as resting (m/s). Default 0.05. */
  sleepThreshold: number;
  fixedRotation: boolean;
  /** Continuous collision against dynamic bodies too (see the continuous stage). */
  isBullet: boolean;
  isAwake: boolean;
  enableSleep: boolean;
  userData: unknown;
}

/** A body's rotation as cosine and sine of its angle. */
export interface BodyRotation {
  c: number;
  s: number;
}

/** Mass properties of a body. */
export interface BodyMassData {
  mass: number;
  /** Center of mass in body coordinates. */
  center: Vec2;
  /** Rotational inertia about the center of mass. */
  rotationalInertia: number;
}

export function defaultBodyDef(): BodyDef {
  return {
    type: BodyType.Static,
    position: { x: 0, y: 0 },
    angle: 0,
    linearVelocity: { x: 0, y: 0 },
    angularVelocity: 0,
    linearDamping: 0,
    angularDamping: 0,
    gravityScale: 1,
    sleepThreshold: SLEEP_LINEAR_THRESHOLD,
    fixedRotation: false,
    isBullet: false,
    isAwake: true,
    enableSleep: true,
    userData: undefined,
  };
}
