/**
 * Helpers every test file shares: the fixed time step, and the check that a rejected
 * call throws a clear error and leaves the world exactly as it was (docs/architecture.md:
 * "A rejected call leaves the world exactly as it was").
 */

import { expect } from 'vitest';
import { type BodyId, BodyType, makeBox, type World } from '../src/index';
import { CosSin, cosSin, Transform } from '../src/base/math';

/** The time step of every test that does not say otherwise (s). */
export const DT = 1 / 60;

/** A transform at (x, y) turned by `angle` (rad), as the collision tests place shapes. */
export function xf(x: number, y: number, angle = 0): Transform {
  const cs = cosSin(angle, new CosSin());
  return new Transform().set(x, y, cs.c, cs.s);
}

/** The body's linear speed (m/s). */
export function speed(world: World, id: BodyId): number {
  const v = world.getBodyLinearVelocity(id);
  return Math.hypot(v.x, v.y);
}

/** Every contact point of the world, as `readContactPoints` writes them (6 numbers each). */
export function contactPoints(world: World): Float64Array {
  const out = new Float64Array(world.readContactPoints(new Float64Array(0)) * 6);
  world.readContactPoints(out);
  return out;
}

/** Steps `world` `n` times by `dt`. */
export function stepWorld(world: World, n: number, dt = DT): void {
  for (let i = 0; i < n; i++) world.step(dt);
}

/**
 * The scene many tests start from: a static ground box of half-width `groundHalfWidth` and
 * half-height `groundHalfHeight` centred at the origin, and a dynamic unit box at `(x, y)`.
 */
export function boxOnGround(
  world: World,
  o: {
    groundHalfWidth: number;
    groundHalfHeight?: number;
    x?: number;
    y: number;
    shape?: Parameters<World['createPolygonShape']>[2];
  },
): { ground: BodyId; box: BodyId } {
  const ground = world.createBody();
  world.createPolygonShape(ground, makeBox(o.groundHalfWidth, o.groundHalfHeight ?? 0.5));
  const box = world.createBody({ type: BodyType.Dynamic, position: { x: o.x ?? 0, y: o.y } });
  world.createPolygonShape(box, makeBox(0.5, 0.5), o.shape);
  return { ground, box };
}

/**
 * Runs `call` and asserts that it throws an `errorType` whose message starts with `fn:`,
 * names `field` and ends its "got ..." part with `value`; and that the world's snapshot
 * bytes and state hash are exactly what they were before.
 */
export function expectRejected(
  world: World,
  call: () => unknown,
  fn: string,
  field: string,
  value: string,
  errorType: new (...args: never[]) => Error = Error,
): void {
  expectUnchangedBy(world, () => {
    let error: unknown = null;
    try {
      call();
    } catch (e) {
      error = e;
    }
    expect(error, `${fn} ${field} should have thrown`).toBeInstanceOf(errorType);
    const message = (error as Error).message;
    expect(message.startsWith(`${fn}: `), message).toBe(true);
    expect(message, message).toContain(field);
    expect(message, message).toContain(`got ${value}`);
  });
}

/** Runs `call`, which must throw an error matching `message`, and leaves the world unchanged. */
export function expectThrowsUnchanged(world: World, call: () => unknown, message: RegExp): void {
  expectUnchangedBy(world, () => expect(call).toThrow(message));
}

/** Runs `body` and asserts that the world's state hash and snapshot bytes did not change. */
export function expectUnchangedBy(world: World, body: () => void): void {
  const bytesBefore = world.snapshot();
  const hashBefore = world.stateHash();
  body();
  expect(world.stateHash()).toBe(hashBefore);
  expect(Buffer.compare(world.snapshot(), bytesBefore)).toBe(0);
}

/** Methods renamed by the rule (their old names were removed before any release). */
export const RENAMED_METHODS = [
  'getBodyPosition',
  'getBodyAngle',
  'getBodyRotation',
  'getBodyWorldCenter',
  'getBodyLocalCenter',
  'getBodyLinearVelocity',
  'getBodyAngularVelocity',
  'getBodyMass',
  'getBodyRotationalInertia',
  'getBodyMassData',
  'getBodyLinearDamping',
  'getBodyAngularDamping',
  'getBodyGravityScale',
  'getBodySleepThreshold',
  'getBodyUserData',
  'getBodyLocalPoint',
  'getBodyWorldPoint',
  'setBodyLinearVelocity',
  'setBodyAngularVelocity',
  'setBodyTransform',
  'setBodyMassData',
  'setBodyLinearDamping',
  'setBodyAngularDamping',
  'setBodyGravityScale',
  'setBodyFixedRotation',
  'setBodyBullet',
  'setBodyAwake',
  'setBodySleepThreshold',
  'setBodyUserData',
  'resetBodyMassData',
  'applyBodyForce',
  'applyBodyForceToCenter',
  'applyBodyTorque',
  'applyBodyLinearImpulse',
  'applyBodyLinearImpulseToCenter',
  'applyBodyAngularImpulse',
  'isBodyFixedRotation',
  'isBodyBullet',
  'isBodyAwake',
  'isBodySleepEnabled',
  'enableBodySleep',
  'getShapeDensity',
  'setShapeDensity',
  'getShapeFriction',
  'setShapeFriction',
  'getShapeRestitution',
  'setShapeRestitution',
  'getShapeFilter',
  'setShapeFilter',
  'areShapeContactEventsEnabled',
  'enableShapeContactEvents',
  'isShapeSensor',
] as const satisfies readonly (keyof World)[];
