/**
 * The client's structure-only mirror (src/client/mirror.ts) answers as a `World` that is
 * never stepped: seeded random sequences of commands (valid and invalid) go to both, and
 * after each one the result or the error message, and every read the client serves from
 * the mirror, for every id ever handed out, must be equal.
 */
import {
  BodyType,
  type BodyId,
  type ChainId,
  type JointId,
  makeBox,
  makeCapsule,
  makeCircle,
  makeSegment,
  type ShapeId,
  World,
} from '@impulse/core';
import { describe, expect, it } from 'vitest';
import { createMirror, type Mirror } from '../src/client/mirror';

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Target = Mirror | World;
type Outcome = { value: unknown } | { error: string };

function outcome(f: () => unknown): Outcome {
  try {
    return { value: f() };
  } catch (error) {
    return { error: `${(error as Error).constructor.name}: ${(error as Error).message}` };
  }
}

/** What the client reads from its mirror, for every id handed out so far. */
function readout(t: Target, ids: { bodies: number[]; shapes: number[]; joints: number[]; chains: number[] }) {
  const out: Record<string, Outcome> = {};
  const read = (name: string, f: () => unknown) => {
    out[name] = outcome(f);
  };
  read('gravity', () => t.getGravity());
  read('settings', () => {
    const { frictionMixer: _f, restitutionMixer: _r, ...rest } = t.getSettings();
    return rest;
  });
  read('slotCount', () => t.getBodySlotCount());
  for (const b of ids.bodies as BodyId[]) {
    read(`valid ${b}`, () => t.isValidBody(b));
    const reads = {
      slot: () => t.getBodySlot(b),
      type: () => t.getBodyType(b),
      position: () => t.getBodyPosition(b),
      rotation: () => t.getBodyRotation(b),
      center: () => t.getBodyWorldCenter(b),
      local: () => t.getBodyLocalCenter(b),
      velocity: () => t.getBodyLinearVelocity(b),
      spin: () => t.getBodyAngularVelocity(b),
      awake: () => t.isBodyAwake(b),
      mass: () => t.getBodyMassData(b),
      massOnly: () => t.getBodyMass(b),
      inertia: () => t.getBodyRotationalInertia(b),
      damping: () => [t.getBodyLinearDamping(b), t.getBodyAngularDamping(b)],
      gravityScale: () => t.getBodyGravityScale(b),
      flags: () => [t.isBodyFixedRotation(b), t.isBodyBullet(b), t.isBodySleepEnabled(b)],
      threshold: () => t.getBodySleepThreshold(b),
      user: () => t.getBodyUserData(b),
      shapes: () => t.getBodyShapes(b),
      joints: () => t.getBodyJoints(b),
      worldPoint: () => t.getBodyWorldPoint(b, { x: 0.3, y: -0.2 }),
      localPoint: () => t.getBodyLocalPoint(b, { x: 1, y: 2 }),
    };
    for (const [name, f] of Object.entries(reads)) read(`body ${b} ${name}`, f);
  }
  for (const s of ids.shapes as ShapeId[]) {
    const reads = {
      valid: () => t.isValidShape(s),
      body: () => t.getShapeBody(s),
      type: () => t.getShapeType(s),
      geometry: () => JSON.stringify(t.getShapeGeometry(s)),
      material: () => [t.getShapeDensity(s), t.getShapeFriction(s), t.getShapeRestitution(s)],
      filter: () => t.getShapeFilter(s),
      events: () => t.areShapeContactEventsEnabled(s),
      sensor: () => t.isShapeSensor(s),
      box: () => t.getShapeAABB(s),
      user: () => t.getShapeUserData(s),
    };
    for (const [name, f] of Object.entries(reads)) read(`shape ${s} ${name}`, f);
  }
  for (const c of ids.chains as ChainId[]) {
    read(`chain ${c} valid`, () => t.isValidChain(c));
    read(`chain ${c} segments`, () => t.getChainSegments(c));
  }
  for (const j of ids.joints as JointId[]) {
    const reads = {
      valid: () => t.isValidJoint(j),
      type: () => t.getJointType(j),
      bodies: () => [t.getJointBodyA(j), t.getJointBodyB(j)],
      anchors: () => t.getJointLocalAnchors(j),
      breaks: () => [t.getJointBreakForce(j), t.getJointBreakTorque(j)],
      params: () => t.getJointParams(j),
      user: () => t.getJointUserData(j),
      check: () => {
        t.getJointConstraintTorque(j); // an id check only: the mirror never steps
        return 'live';
      },
    };
    for (const [name, f] of Object.entries(reads)) read(`joint ${j} ${name}`, f);
  }
  return out;
}

/** One random command (sometimes an invalid one) for both targets, as a function of a target. */
function command(
  r: () => number,
  ids: { bodies: number[]; shapes: number[]; joints: number[]; chains: number[] },
): [string, (t: Target) => unknown] {
  const pick = <T>(list: readonly T[], fallback: T): T =>
    list.length === 0 || r() < 0.05 ? fallback : list[Math.floor(r() * list.length)]!;
  const body = () => pick(ids.bodies, 12345) as BodyId;
  const shape = () => pick(ids.shapes, 777) as ShapeId;
  const joint = () => pick(ids.joints, 999) as JointId;
  const num = (scale: number) => (r() < 0.03 ? Number.NaN : (r() - 0.5) * 2 * scale);
  const vec = (scale: number) => ({ x: num(scale), y: num(scale) });
  const bool = () => r() < 0.5;
  const type = () => pick([BodyType.Static, BodyType.Kinematic, BodyType.Dynamic], 7 as BodyType);
  const choices: [string, (t: Target) => unknown][] = [
    [
      'createBody',
      (t) =>
        t.createBody({
          type: type(),
          position: vec(5),
          angle: num(3),
          linearVelocity: vec(2),
          angularVelocity: num(1),
          isAwake: bool(),
          enableSleep: r() < 0.8,
          fixedRotation: r() < 0.2,
          userData: Math.floor(r() * 100),
        }),
    ],
    ['createBody {}', (t) => t.createBody()],
    ['destroyBody', (t) => t.destroyBody(body())],
    ['setBodyType', (t) => t.setBodyType(body(), type())],
    ['box', (t) => t.createPolygonShape(body(), makeBox(0.1 + r(), 0.1 + r()), { density: r() * 3 })],
    [
      'circle',
      (t) => t.createCircleShape(body(), makeCircle(num(1), num(1), 0.05 + r()), { isSensor: r() < 0.2 }),
    ],
    ['capsule', (t) => t.createCapsuleShape(body(), makeCapsule(0, 0, r(), r(), 0.1 + r() * 0.3))],
    ['segment', (t) => t.createSegmentShape(body(), makeSegment(0, 0, 1 + r(), r()))],
    [
      'chain',
      (t) =>
        t.createChain(body(), {
          points: [
            { x: 0, y: 0 },
            { x: 1, y: r() },
            { x: 2, y: 0 },
            { x: 3, y: r() },
          ],
          loop: bool(),
          userData: 'c',
        }),
    ],
    ['destroyChain', (t) => t.destroyChain(pick(ids.chains, 4242) as ChainId)],
    ['destroyShape', (t) => t.destroyShape(shape(), bool())],
    ['setShapeDensity', (t) => t.setShapeDensity(shape(), r() < 0.05 ? -1 : r() * 4, bool())],
    ['setShapeFriction', (t) => t.setShapeFriction(shape(), num(1))],
    ['setShapeRestitution', (t) => t.setShapeRestitution(shape(), r())],
    ['setShapeFilter', (t) => t.setShapeFilter(shape(), { groupIndex: -Math.floor(r() * 3) })],
    ['enableShapeContactEvents', (t) => t.enableShapeContactEvents(shape(), bool())],
    ['setShapeUserData', (t) => t.setShapeUserData(shape(), r())],
    ['setBodyUserData', (t) => t.setBodyUserData(body(), r())],
    ['setBodyLinearVelocity', (t) => t.setBodyLinearVelocity(body(), r() < 0.2 ? { x: 0, y: 0 } : vec(3))],
    ['setBodyAngularVelocity', (t) => t.setBodyAngularVelocity(body(), r() < 0.2 ? 0 : num(3))],
    ['setBodyTransform', (t) => t.setBodyTransform(body(), vec(5), num(3))],
    ['applyBodyForce', (t) => t.applyBodyForce(body(), vec(10), vec(3), bool())],
    ['applyBodyForceToCenter', (t) => t.applyBodyForceToCenter(body(), vec(10), bool())],
    ['applyBodyTorque', (t) => t.applyBodyTorque(body(), num(10), bool())],
    ['applyBodyLinearImpulse', (t) => t.applyBodyLinearImpulse(body(), vec(2), vec(3), bool())],
    ['applyBodyLinearImpulseToCenter', (t) => t.applyBodyLinearImpulseToCenter(body(), vec(2), bool())],
    ['applyBodyAngularImpulse', (t) => t.applyBodyAngularImpulse(body(), num(2), bool())],
    ['setBodyAwake', (t) => t.setBodyAwake(body(), bool())],
    ['enableBodySleep', (t) => t.enableBodySleep(body(), bool())],
    [
      'setBodyMassData',
      (t) => t.setBodyMassData(body(), { mass: 0.5 + r(), center: vec(0.3), rotationalInertia: r() }),
    ],
    ['resetBodyMassData', (t) => t.resetBodyMassData(body())],
    ['setBodyFixedRotation', (t) => t.setBodyFixedRotation(body(), bool())],
    ['setBodyBullet', (t) => t.setBodyBullet(body(), bool())],
    ['setBodyLinearDamping', (t) => t.setBodyLinearDamping(body(), num(1))],
    ['setBodyAngularDamping', (t) => t.setBodyAngularDamping(body(), r())],
    ['setBodyGravityScale', (t) => t.setBodyGravityScale(body(), num(2))],
    ['setBodySleepThreshold', (t) => t.setBodySleepThreshold(body(), r())],
    ['setGravity', (t) => t.setGravity(vec(20))],
    ['setSettings', (t) => t.setSettings({ enableSleep: bool(), subSteps: 1 + Math.floor(r() * 8) })],
    [
      'revolute',
      (t) =>
        t.createRevoluteJoint({
          bodyA: body(),
          bodyB: body(),
          anchor: vec(3),
          enableLimit: bool(),
          lowerAngle: -r(),
          upperAngle: r(),
          userData: 'j',
        }),
    ],
    [
      'distance',
      (t) => t.createDistanceJoint({ bodyA: body(), bodyB: body(), anchorA: vec(2), anchorB: vec(2) }),
    ],
    ['weld', (t) => t.createWeldJoint({ bodyA: body(), bodyB: body(), linearHertz: r() * 5 })],
    ['mouse', (t) => t.createMouseJoint({ bodyA: body(), bodyB: body(), maxForce: 100 * r() })],
    [
      'wheel',
      (t) => t.createWheelJoint({ bodyA: body(), bodyB: body(), anchor: vec(2), axis: { x: 0, y: 1 } }),
    ],
    ['prismatic', (t) => t.createPrismaticJoint({ bodyA: body(), bodyB: body(), axis: { x: 1, y: r() } })],
    ['motor', (t) => t.createMotorJoint({ bodyA: body(), bodyB: body(), maxForce: r() * 10 })],
    ['filter', (t) => t.createFilterJoint({ bodyA: body(), bodyB: body() })],
    ['destroyJoint', (t) => t.destroyJoint(joint())],
    [
      'setJointParams',
      (t) => t.setJointParams(joint(), r() < 0.5 ? { enableMotor: bool() } : { maxForce: num(5) }),
    ],
    ['setJointBreakForce', (t) => t.setJointBreakForce(joint(), r() < 0.3 ? Infinity : num(100))],
    ['setJointBreakTorque', (t) => t.setJointBreakTorque(joint(), r() * 50)],
    ['setJointUserData', (t) => t.setJointUserData(joint(), r())],
    [
      'createMover',
      (t) => {
        // the checks only: a World makes a mover, the mirror nothing
        t.createMover({ capsule: makeCapsule(0, 0, 0, 1, 0.3), position: vec(2), ignoreBody: body() });
        return 'checked';
      },
    ],
  ];
  return pick(choices, choices[0]!);
}

/** The commands that hand out an id, and the kind of id. */
const MAKES: Record<string, 'bodies' | 'shapes' | 'chains' | 'joints'> = {
  createBody: 'bodies',
  'createBody {}': 'bodies',
  box: 'shapes',
  circle: 'shapes',
  capsule: 'shapes',
  segment: 'shapes',
  chain: 'chains',
  revolute: 'joints',
  distance: 'joints',
  weld: 'joints',
  mouse: 'joints',
  wheel: 'joints',
  prismatic: 'joints',
  motor: 'joints',
  filter: 'joints',
};

describe('the client mirror', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`answers as a World that never steps, over 400 random commands (seed ${seed})`, () => {
      const r = random(seed);
      const def = { gravity: { x: 0, y: -10 }, enableSleep: seed % 2 === 0 };
      const world = new World(def);
      const mirror = createMirror(def);
      const ids = {
        bodies: [] as number[],
        shapes: [] as number[],
        joints: [] as number[],
        chains: [] as number[],
      };
      for (let i = 0; i < 400; i++) {
        const state = r();
        const [name, run] = command(random(Math.floor(state * 2 ** 32)), ids);
        // both calls draw the same arguments: the same generator state for each
        const fromWorld = outcome(() => run(world));
        const [, again] = command(random(Math.floor(state * 2 ** 32)), ids);
        const fromMirror = outcome(() => again(mirror));
        expect(fromMirror, `command ${i}: ${name}`).toEqual(fromWorld);
        const made = MAKES[name];
        if (made !== undefined && 'value' in fromWorld) ids[made].push(fromWorld.value as number);
        if (i % 10 === 9)
          expect(readout(mirror, ids), `after command ${i}: ${name}`).toEqual(readout(world, ids));
      }
      expect(readout(mirror, ids)).toEqual(readout(world, ids));
      // the sequence did build a world (most calls are valid)
      expect(ids.bodies.length).toBeGreaterThan(10);
      expect(ids.shapes.length).toBeGreaterThan(15);
      expect(ids.joints.length).toBeGreaterThan(5);
      expect(ids.chains.length).toBeGreaterThan(0);
    });
  }
});
