/**
 * The checks of a body's definition and of the body setters' arguments: each names the
 * function, the field and the range, and runs before anything is written (Box2D opens
 * b2CreateBody with the checks of its def). `World` calls them; so may a client of a world
 * in another thread, to reject bad input at the call site without a world.
 */

import {
  MAX_ANGLE,
  MAX_ANGULAR_SPEED,
  MAX_COORDINATE,
  MAX_GRAVITY_SCALE,
  MAX_MASS,
  MAX_ROTATIONAL_INERTIA,
  MAX_SPEED,
  MIN_MASS,
  MIN_ROTATIONAL_INERTIA,
} from '../base/constants.js';
import {
  checkBooleans,
  checkFinite,
  checkKnownFields,
  checkNonNegative,
  checkNonNegativeAtMost,
  checkVec2Within,
  checkWithin,
  fail,
} from '../base/validate.js';
import { type BodyDef, type BodyMassData, BodyType, defaultBodyDef } from '../types/body_def.js';

/** The fields a body definition takes: the keys of its defaults, so one list serves both. */
const BODY_DEF_KEYS: readonly string[] = Object.keys(defaultBodyDef());

/** A body type: BodyType.Static, Kinematic or Dynamic. */
export function checkBodyType(fn: string, field: string, v: unknown): BodyType {
  if (v !== BodyType.Static && v !== BodyType.Kinematic && v !== BodyType.Dynamic) {
    fail(fn, field, 'BodyType.Static (0), Kinematic (1) or Dynamic (2)', v);
  }
  return v;
}

/** A body definition with the fields left out taken from `defaultBodyDef()`, checked. */
export function checkBodyDef(fn: string, def: unknown): BodyDef {
  if (typeof def !== 'object' || def === null) fail(fn, 'def', 'an object', def);
  checkKnownFields(fn, def, BODY_DEF_KEYS, 'bodies');
  const d: BodyDef = { ...defaultBodyDef(), ...(def as Partial<BodyDef>) };
  checkBodyType(fn, 'type', d.type);
  checkVec2Within(fn, 'position', d.position, MAX_COORDINATE, 'm');
  checkWithin(fn, 'angle', d.angle, MAX_ANGLE, 'rad');
  checkVec2Within(fn, 'linearVelocity', d.linearVelocity, MAX_SPEED, 'm/s');
  checkWithin(fn, 'angularVelocity', d.angularVelocity, MAX_ANGULAR_SPEED, 'rad/s');
  checkNonNegative(fn, 'linearDamping', d.linearDamping);
  checkNonNegative(fn, 'angularDamping', d.angularDamping);
  checkWithin(fn, 'gravityScale', d.gravityScale, MAX_GRAVITY_SCALE, '');
  checkNonNegative(fn, 'sleepThreshold', d.sleepThreshold);
  checkBooleans(fn, d, ['fixedRotation', 'isBullet', 'isAwake', 'enableSleep']);
  return d;
}

/**
 * Mass data that overrides the shapes' (setBodyMassData): mass in [MIN_MASS, MAX_MASS],
 * inertia 0 or in [MIN_ROTATIONAL_INERTIA, MAX_ROTATIONAL_INERTIA].
 */
export function checkBodyMassData(fn: string, data: unknown): BodyMassData {
  if (typeof data !== 'object' || data === null) fail(fn, 'data', 'an object', data);
  const m = data as BodyMassData;
  checkFinite(fn, 'data.mass', m.mass);
  if (!(m.mass >= MIN_MASS && m.mass <= MAX_MASS)) {
    fail(fn, 'data.mass', `in [${MIN_MASS}, ${MAX_MASS}] kg`, m.mass);
  }
  checkVec2Within(fn, 'data.center', m.center, MAX_COORDINATE, 'm');
  checkNonNegativeAtMost(fn, 'data.rotationalInertia', m.rotationalInertia, MAX_ROTATIONAL_INERTIA, 'kg m^2');
  if (m.rotationalInertia > 0 && m.rotationalInertia < MIN_ROTATIONAL_INERTIA) {
    fail(
      fn,
      'data.rotationalInertia',
      `0 or in [${MIN_ROTATIONAL_INERTIA}, ${MAX_ROTATIONAL_INERTIA}] kg m^2`,
      m.rotationalInertia,
    );
  }
  return m;
}
