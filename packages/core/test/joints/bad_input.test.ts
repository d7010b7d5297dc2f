/**
 * Bad joint input: every rejected joint definition or parameter names the field and value and leaves the world byte-identical.
 */

import { describe, expect, it } from 'vitest';
import {
  type BodyId,
  BodyType,
  type JointId,
  type JointType,
  makeBox,
  makeCircle,
  responseFromSpring,
  type SpringDamping,
  springFromResponse,
  World,
} from '../../src/index';
import { carScene, chainScene, maxJointGap } from '../../src/scenes/index';
import { DT, expectRejected, expectThrowsUnchanged } from '../support';
import { addBlock, box } from './helpers';

describe('distance and wheel joint bad input', () => {
  it('rejects bad parameters naming the field and leaves the world unchanged', () => {
    const world = new World();
    const car = carScene(world);
    const ball = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 5 } });
    world.createCircleShape(ball, makeCircle(0, 0, 0.1));
    const rope = world.createDistanceJoint({ bodyA: car.chassis, bodyB: ball, length: 2 });
    for (let i = 0; i < 10; i++) world.step(DT);
    const ropeParams = world.getJointParams(rope);
    const wheelParams = world.getJointParams(car.joints[0]!);
    const a = car.chassis;
    const b = ball;
    const w = car.wheels[0]!;

    const cases: [() => unknown, RegExp][] = [
      [
        () => world.createWheelJoint({ bodyA: a, bodyB: w, localAxisA: { x: 0, y: 0 } }),
        /createWheelJoint: localAxisA/,
      ],
      [() => world.createWheelJoint({ bodyA: a, bodyB: w, hertz: -1 }), /createWheelJoint: hertz .*-1/],
      [
        () => world.createWheelJoint({ bodyA: a, bodyB: w, lowerTranslation: 1, upperTranslation: 0 }),
        /createWheelJoint: lowerTranslation/,
      ],
      [() => world.createDistanceJoint({ bodyA: a, bodyB: b, hertz: -2 }), /createDistanceJoint: hertz .*-2/],
      [() => world.createDistanceJoint({ bodyA: a, bodyB: b, dampingRatio: -1 }), /dampingRatio/],
      [
        () => world.createDistanceJoint({ bodyA: a, bodyB: b, minLength: 3, maxLength: 2 }),
        /createDistanceJoint: minLength .*3/,
      ],
      [
        () => world.createDistanceJoint({ bodyA: a, bodyB: b, length: 0 }),
        /createDistanceJoint: length .*got 0/,
      ],
      [
        () => world.createDistanceJoint({ bodyA: a, bodyB: b, length: -1 }),
        /createDistanceJoint: length .*-1/,
      ],
      [() => world.createDistanceJoint({ bodyA: a, bodyB: b, length: Number.NaN }), /length .*NaN/],
      [() => world.setJointParams(rope, { length: 0 }), /setJointParams: length/],
      [() => world.setJointParams(rope, { minLength: 5, maxLength: 4 }), /setJointParams: minLength/],
      [
        () => world.setJointParams(car.joints[0]!, { localAxisA: { x: 0, y: 0 } }),
        /setJointParams: localAxisA/,
      ],
      [() => world.setJointParams(car.joints[0]!, { hertz: -3 }), /setJointParams: hertz/],
    ];
    for (const [call, message] of cases) expectThrowsUnchanged(world, call, message);
    expect(world.getJointParams(rope)).toEqual(ropeParams);
    expect(world.getJointParams(car.joints[0]!)).toEqual(wheelParams);
  });

  it('normalises the wheel axis and reads parameters back', () => {
    const world = new World();
    const a = world.createBody({ type: BodyType.Dynamic });
    world.createCircleShape(a, makeCircle(0, 0, 0.5));
    const b = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: -1 } });
    world.createCircleShape(b, makeCircle(0, 0, 0.5));
    const j: JointId = world.createWheelJoint({ bodyA: a, bodyB: b, localAxisA: { x: 3, y: 4 } });
    expect(world.getJointParams(j)).toMatchObject({
      localAxisA: { x: 0.6, y: 0.8 },
      hertz: 1,
      dampingRatio: 0.7,
    });
    world.setJointParams(j, { localAxisA: { x: -2, y: 0 }, hertz: 3 });
    expect(world.getJointParams(j)).toMatchObject({ localAxisA: { x: -1, y: 0 }, hertz: 3 });
  });
});

describe('prismatic and weld bad input', () => {
  function makeCtx(): { world: World; ground: BodyId; body: BodyId; p: JointId; w: JointId } {
    const world = new World();
    const ground = world.createBody();
    world.createPolygonShape(ground, makeBox(10, 0.5));
    const body = addBlock(world, 0, 2, 0.5, 0.5, 1);
    const other = addBlock(world, 3, 2, 0.5, 0.5, 1);
    const p = world.createPrismaticJoint({ bodyA: ground, bodyB: body, localAxisA: { x: 0, y: 1 } });
    const w = world.createWeldJoint({ bodyA: ground, bodyB: other });
    for (let i = 0; i < 5; i++) world.step(DT);
    return { world, ground, body, p, w };
  }

  const createCases: [string, Record<string, unknown>, RegExp][] = [
    [
      'prismatic',
      { localAxisA: { x: 0, y: 0 } },
      /^createPrismaticJoint: localAxisA must .*non-zero.*got \(0, 0\)/,
    ],
    [
      'prismatic',
      { localAxisA: { x: Number.NaN, y: 1 } },
      /^createPrismaticJoint: localAxisA\.x must be finite, got NaN/,
    ],
    [
      'prismatic',
      { enableLimit: true, lowerTranslation: 2, upperTranslation: 1 },
      /^createPrismaticJoint: lowerTranslation must be <= upperTranslation \(1\), got 2/,
    ],
    ['prismatic', { hertz: -1 }, /^createPrismaticJoint: hertz must be finite and >= 0, got -1/],
    [
      'prismatic',
      { dampingRatio: -0.5 },
      /^createPrismaticJoint: dampingRatio must be finite and >= 0, got -0.5/,
    ],
    [
      'prismatic',
      { maxMotorForce: -1 },
      /^createPrismaticJoint: maxMotorForce must be finite and >= 0, got -1/,
    ],
    [
      'prismatic',
      { referenceAngle: Number.POSITIVE_INFINITY },
      /^createPrismaticJoint: referenceAngle must be finite, got Infinity/,
    ],
    ['weld', { referenceAngle: Number.NaN }, /^createWeldJoint: referenceAngle must be finite, got NaN/],
    ['weld', { linearHertz: -2 }, /^createWeldJoint: linearHertz must be finite and >= 0, got -2/],
    [
      'weld',
      { linearDampingRatio: -1 },
      /^createWeldJoint: linearDampingRatio must be finite and >= 0, got -1/,
    ],
    ['weld', { angularHertz: -5 }, /^createWeldJoint: angularHertz must be finite and >= 0, got -5/],
    [
      'weld',
      { angularDampingRatio: -0.7 },
      /^createWeldJoint: angularDampingRatio must be finite and >= 0, got -0.7/,
    ],
  ];

  for (const [kind, extra, message] of createCases) {
    it(`create${kind === 'weld' ? 'Weld' : 'Prismatic'}Joint rejects ${JSON.stringify(extra)} and changes nothing`, () => {
      const { world, ground, body } = makeCtx();
      const def = { bodyA: ground, bodyB: body, ...extra };
      const create = () =>
        kind === 'weld'
          ? world.createWeldJoint(def as Parameters<World['createWeldJoint']>[0])
          : world.createPrismaticJoint(def as Parameters<World['createPrismaticJoint']>[0]);
      expect(create).toThrow(RangeError);
      expectThrowsUnchanged(world, create, message);
    });
  }

  it('setJointParams rejects bad prismatic and weld parameters and changes nothing', () => {
    const { world, p, w } = makeCtx();
    const pBefore = world.getJointParams(p);
    const wBefore = world.getJointParams(w);
    expectThrowsUnchanged(
      world,
      () => world.setJointParams(p, { localAxisA: { x: 0, y: 0 } }),
      /^setJointParams: localAxisA must .*non-zero/,
    );
    expectThrowsUnchanged(
      world,
      () => world.setJointParams(p, { lowerTranslation: 1 }),
      /^setJointParams: lowerTranslation must be <= upperTranslation \(0\), got 1/,
    );
    expectThrowsUnchanged(
      world,
      () => world.setJointParams(p, { hertz: -1 }),
      /^setJointParams: hertz must be finite and >= 0/,
    );
    expectThrowsUnchanged(
      world,
      () => world.setJointParams(w, { angularHertz: Number.NaN }),
      /^setJointParams: angularHertz must be finite and >= 0, got NaN/,
    );
    expectThrowsUnchanged(
      world,
      () => world.setJointParams(w, { referenceAngle: Number.NaN }),
      /^setJointParams: referenceAngle must be finite, got NaN/,
    );
    expect(world.getJointParams(p)).toEqual(pBefore);
    expect(world.getJointParams(w)).toEqual(wBefore);
    // and a good change goes through
    world.setJointParams(w, { angularHertz: 3 });
    expect((world.getJointParams(w) as { angularHertz: number }).angularHertz).toBe(3);
    expect(world.getJointState(w)).toEqual({});
  });
});

describe('mouse, motor and filter joints reject bad input', () => {
  it('names the field and leaves the world unchanged', () => {
    const world = new World();
    const ground = world.createBody();
    const b = box(world, 0, 2);
    const c = box(world, 3, 2);
    const mouse = world.createMouseJoint({ bodyA: ground, bodyB: b, target: { x: 1, y: 2 }, maxForce: 100 });
    const motor = world.createMotorJoint({ bodyA: ground, bodyB: c, maxForce: 10 });
    world.step(DT);
    const mouseParams = world.getJointParams(mouse);
    const motorParams = world.getJointParams(motor);
    const ab = { bodyA: ground, bodyB: b };

    expectRejected(
      world,
      () => world.createMouseJoint({ ...ab, maxForce: -1 }),
      'createMouseJoint',
      'maxForce',
      '-1',
    );
    expectRejected(
      world,
      () => world.createMouseJoint({ ...ab, hertz: -2 }),
      'createMouseJoint',
      'hertz',
      '-2',
    );
    expectRejected(
      world,
      () => world.createMouseJoint({ ...ab, dampingRatio: Number.NaN }),
      'createMouseJoint',
      'dampingRatio',
      'NaN',
    );
    expectRejected(
      world,
      () => world.createMouseJoint({ ...ab, target: { x: Number.NaN, y: 0 } }),
      'createMouseJoint',
      'target.x',
      'NaN',
    );
    expectRejected(
      world,
      () => world.setJointParams(mouse, { target: { x: 0, y: Number.POSITIVE_INFINITY } }),
      'setJointParams',
      'target.y',
      'Infinity',
    );
    expectRejected(world, () => world.setJointParams(mouse, { hertz: -1 }), 'setJointParams', 'hertz', '-1');
    expectRejected(
      world,
      () => world.setJointParams(mouse, { maxForce: -5 }),
      'setJointParams',
      'maxForce',
      '-5',
    );

    const ac = { bodyA: ground, bodyB: c };
    expectRejected(
      world,
      () => world.createMotorJoint({ ...ac, maxForce: -1 }),
      'createMotorJoint',
      'maxForce',
      '-1',
    );
    expectRejected(
      world,
      () => world.createMotorJoint({ ...ac, maxTorque: -1 }),
      'createMotorJoint',
      'maxTorque',
      '-1',
    );
    expectRejected(
      world,
      () => world.createMotorJoint({ ...ac, correctionFactor: 1.5 }),
      'createMotorJoint',
      'correctionFactor',
      '1.5',
    );
    expectRejected(
      world,
      () => world.createMotorJoint({ ...ac, correctionFactor: -0.1 }),
      'createMotorJoint',
      'correctionFactor',
      '-0.1',
    );
    expectRejected(
      world,
      () => world.createMotorJoint({ ...ac, linearOffset: { x: 0, y: Number.NaN } }),
      'createMotorJoint',
      'linearOffset.y',
      'NaN',
    );
    expectRejected(
      world,
      () => world.setJointParams(motor, { correctionFactor: 2 }),
      'setJointParams',
      'correctionFactor',
      '2',
    );
    expectRejected(
      world,
      () => world.setJointParams(motor, { maxTorque: -3 }),
      'setJointParams',
      'maxTorque',
      '-3',
    );
    expectRejected(
      world,
      () => world.createFilterJoint({ bodyA: b, bodyB: c, collideConnected: true }),
      'createFilterJoint',
      'collideConnected',
      'true',
    );
    expectRejected(
      world,
      () => world.createFilterJoint({ bodyA: b, bodyB: b }),
      'createFilterJoint',
      'bodyB',
      String(b),
    );

    // rejected updates left the parameters as they were
    expect(world.getJointParams(mouse)).toEqual(mouseParams);
    expect(world.getJointParams(motor)).toEqual(motorParams);

    // the tuning helpers
    const bad = (call: () => unknown, field: string, value: string, fn: string) =>
      expectRejected(world, call, fn, field, value);
    bad(
      () => springFromResponse({ frames: 0, stepRate: 60, damping: 'none' }),
      'frames',
      '0',
      'springFromResponse',
    );
    bad(
      () => springFromResponse({ frames: 10, stepRate: -60, damping: 'none' }),
      'stepRate',
      '-60',
      'springFromResponse',
    );
    bad(
      () => springFromResponse({ frames: 10, stepRate: 60, damping: 'lots' as SpringDamping }),
      'damping',
      '"lots"',
      'springFromResponse',
    );
    bad(
      () => responseFromSpring({ hertz: -1, dampingRatio: 0.5, stepRate: 60 }),
      'hertz',
      '-1',
      'responseFromSpring',
    );
    bad(
      () => responseFromSpring({ hertz: 1, dampingRatio: 1.5, stepRate: 60 }),
      'dampingRatio',
      '1.5',
      'responseFromSpring',
    );
  });
});

describe('bad joint input', () => {
  it('rejects bad revolute joints naming the field and value, leaving the world byte-identical', () => {
    const world = new World();
    const { links, joints } = chainScene(world, { links: 3 });
    for (let i = 0; i < 10; i++) world.step(DT);
    const a = links[0]!;
    const b = links[1]!;
    const dead = world.createBody({ type: BodyType.Dynamic });
    world.destroyBody(dead);
    const fn = 'createRevoluteJoint';
    const make = (def: object) => () =>
      world.createRevoluteJoint({ bodyA: a, bodyB: b, ...def } as Parameters<
        World['createRevoluteJoint']
      >[0]);
    expectRejected(world, make({ bodyB: a }), fn, 'bodyB', String(a));
    expectRejected(world, make({ localAnchorA: { x: Number.NaN, y: 0 } }), fn, 'localAnchorA.x', 'NaN');
    expectRejected(world, make({ localAnchorB: { x: 0, y: Infinity } }), fn, 'localAnchorB.y', 'Infinity');
    expectRejected(world, make({ enableLimit: true, lowerAngle: 1, upperAngle: 0.5 }), fn, 'lowerAngle', '1');
    expectRejected(world, make({ hertz: -1 }), fn, 'hertz', '-1');
    expectRejected(world, make({ dampingRatio: -0.5 }), fn, 'dampingRatio', '-0.5');
    expectRejected(world, make({ maxMotorTorque: -2 }), fn, 'maxMotorTorque', '-2');
    expectRejected(world, make({ bodyA: dead }), fn, 'bodyA', String(dead));
    expectRejected(world, make({ bodyB: dead }), fn, 'bodyB', String(dead));
    expectRejected(world, make({ breakForce: 0 }), fn, 'breakForce', '0');
    expectRejected(world, make({ breakForce: -5 }), fn, 'breakForce', '-5');
    expectRejected(world, make({ breakTorque: 0 }), fn, 'breakTorque', '0');
    // changing an existing joint is checked the same way
    const id = joints[1]!.id;
    expectRejected(world, () => world.setJointParams(id, { hertz: -3 }), 'setJointParams', 'hertz', '-3');
    expectRejected(
      world,
      () => world.setJointParams(id, { lowerAngle: 2, upperAngle: 1 }),
      'setJointParams',
      'lowerAngle',
      '2',
    );
    // and the world still steps normally
    world.step(DT);
    expect(maxJointGap(world, joints)).toBeLessThan(0.05);
  });
});

describe('joint parameters outside their valid range are rejected, at creation and by setJointParams', () => {
  type Kind = 'Revolute' | 'Distance' | 'Prismatic' | 'Wheel' | 'Weld' | 'Mouse' | 'Motor';
  /** [joint kind, field, value out of range, the message after "fn: "]. */
  type ParamCase = [Kind, string, unknown, string];

  const HZ = 'must be in [0, 1000000] Hz';
  const ZETA = 'must be in [0, 1000000]';
  const paramCases: ParamCase[] = [
    ['Revolute', 'referenceAngle', 1e7, 'referenceAngle must be in [-1000000, 1000000] rad, got 10000000'],
    ['Revolute', 'hertz', 1e300, `hertz ${HZ}, got 1e+300`],
    ['Revolute', 'dampingRatio', 1e308, `dampingRatio ${ZETA}, got 1e+308`],
    ['Revolute', 'motorSpeed', 1e6, 'motorSpeed must be in [-100000, 100000] rad/s, got 1000000'],
    [
      'Revolute',
      'maxMotorTorque',
      1e13,
      'maxMotorTorque must be in [0, 1000000000000] N m, got 10000000000000',
    ],
    ['Revolute', 'lowerAngle', -4, 'lowerAngle must be in [-π, π] rad, got -4'],
    ['Revolute', 'upperAngle', 4, 'upperAngle must be in [-π, π] rad, got 4'],
    ['Distance', 'length', 5e6, 'length must be in (0, 4000000] m, got 5000000'],
    ['Distance', 'minLength', 5e6, 'minLength must be in [0, 4000000] m, got 5000000'],
    ['Distance', 'maxLength', 1e12, 'maxLength must be in [0, 100000000000] m, got 1000000000000'],
    ['Distance', 'hertz', 1e7, `hertz ${HZ}, got 10000000`],
    ['Distance', 'dampingRatio', 1e7, `dampingRatio ${ZETA}, got 10000000`],
    ['Distance', 'maxMotorForce', 1e13, 'maxMotorForce must be in [0, 1000000000000] N, got 10000000000000'],
    ['Distance', 'motorSpeed', -1e6, 'motorSpeed must be in [-100000, 100000] m/s, got -1000000'],
    [
      'Prismatic',
      'localAxisA',
      { x: 1e300, y: 0 },
      'localAxisA.x must be in [-4000000, 4000000], got 1e+300',
    ],
    ['Prismatic', 'referenceAngle', -1e7, 'referenceAngle must be in [-1000000, 1000000] rad, got -10000000'],
    ['Prismatic', 'hertz', 1e300, `hertz ${HZ}, got 1e+300`],
    ['Prismatic', 'dampingRatio', 1e308, `dampingRatio ${ZETA}, got 1e+308`],
    [
      'Prismatic',
      'lowerTranslation',
      -5e6,
      'lowerTranslation must be in [-4000000, 4000000] m, got -5000000',
    ],
    ['Prismatic', 'upperTranslation', 5e6, 'upperTranslation must be in [-4000000, 4000000] m, got 5000000'],
    ['Prismatic', 'maxMotorForce', 1e13, 'maxMotorForce must be in [0, 1000000000000] N, got 10000000000000'],
    ['Prismatic', 'motorSpeed', 1e6, 'motorSpeed must be in [-100000, 100000] m/s, got 1000000'],
    // (0, 1e200) used to pass as "non-zero" and normalise to (0, 0): its squared length overflowed
    ['Wheel', 'localAxisA', { x: 0, y: 1e200 }, 'localAxisA.y must be in [-4000000, 4000000], got 1e+200'],
    ['Wheel', 'hertz', 1e300, `hertz ${HZ}, got 1e+300`],
    ['Wheel', 'dampingRatio', 1e308, `dampingRatio ${ZETA}, got 1e+308`],
    ['Wheel', 'lowerTranslation', -5e6, 'lowerTranslation must be in [-4000000, 4000000] m, got -5000000'],
    ['Wheel', 'upperTranslation', 5e6, 'upperTranslation must be in [-4000000, 4000000] m, got 5000000'],
    ['Wheel', 'maxMotorTorque', 1e13, 'maxMotorTorque must be in [0, 1000000000000] N m, got 10000000000000'],
    ['Wheel', 'motorSpeed', 1e6, 'motorSpeed must be in [-100000, 100000] rad/s, got 1000000'],
    ['Weld', 'referenceAngle', 1e7, 'referenceAngle must be in [-1000000, 1000000] rad, got 10000000'],
    ['Weld', 'linearHertz', 1e300, `linearHertz ${HZ}, got 1e+300`],
    ['Weld', 'linearDampingRatio', 1e308, `linearDampingRatio ${ZETA}, got 1e+308`],
    ['Weld', 'angularHertz', 1e300, `angularHertz ${HZ}, got 1e+300`],
    ['Weld', 'angularDampingRatio', 1e308, `angularDampingRatio ${ZETA}, got 1e+308`],
    ['Mouse', 'target', { x: 2e6, y: 0 }, 'target.x must be in [-1000000, 1000000] m, got 2000000'],
    ['Mouse', 'hertz', 1e300, `hertz ${HZ}, got 1e+300`],
    ['Mouse', 'dampingRatio', 1e308, `dampingRatio ${ZETA}, got 1e+308`],
    ['Mouse', 'maxForce', 1e13, 'maxForce must be in [0, 1000000000000] N, got 10000000000000'],
    [
      'Motor',
      'linearOffset',
      { x: 0, y: 2e6 },
      'linearOffset.y must be in [-1000000, 1000000] m, got 2000000',
    ],
    ['Motor', 'angularOffset', 1e7, 'angularOffset must be in [-1000000, 1000000] rad, got 10000000'],
    ['Motor', 'maxForce', 1e13, 'maxForce must be in [0, 1000000000000] N, got 10000000000000'],
    ['Motor', 'maxTorque', 1e13, 'maxTorque must be in [0, 1000000000000] N m, got 10000000000000'],
  ];

  /** A world with one joint of each kind between a static ground and a dynamic box. */
  function makeCtx() {
    const world = new World();
    const ground = world.createBody();
    world.createPolygonShape(ground, makeBox(10, 0.5));
    const body = box(world, 0, 2);
    const create = (kind: Kind, extra: Record<string, unknown> = {}): JointId => {
      const def = { bodyA: ground, bodyB: body, ...extra };
      return (world as unknown as Record<string, (d: object) => JointId>)[`create${kind}Joint`]!(def);
    };
    const kinds: Kind[] = ['Revolute', 'Distance', 'Prismatic', 'Wheel', 'Weld', 'Mouse', 'Motor'];
    const joints = new Map(kinds.map((k) => [k, create(k)] as const));
    world.step(DT);
    return { world, ground, body, create, joints };
  }

  const exact = (fn: string, tail: string) =>
    new RegExp(`^${`${fn}: ${tail}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

  it.each(paramCases)('create%sJoint rejects %s = %j, naming the range', (kind, field, value, tail) => {
    const { world, create } = makeCtx();
    expectThrowsUnchanged(world, () => create(kind, { [field]: value }), exact(`create${kind}Joint`, tail));
  });

  it.each(paramCases)(
    'setJointParams on a %s joint rejects %s = %j and keeps its parameters',
    (kind, field, value, tail) => {
      const { world, joints } = makeCtx();
      const joint = joints.get(kind)!;
      const before = world.getJointParams(joint);
      expectThrowsUnchanged(
        world,
        () => world.setJointParams(joint, { [field]: value }),
        exact('setJointParams', tail),
      );
      expect(world.getJointParams(joint)).toEqual(before);
    },
  );

  const commonCases: [string, Record<string, unknown>, string][] = [
    [
      'breakForce 1e13',
      { breakForce: 1e13 },
      'breakForce must be in (0, 1000000000000] N or Infinity (never breaks), got 10000000000000',
    ],
    [
      'breakTorque 1e13',
      { breakTorque: 1e13 },
      'breakTorque must be in (0, 1000000000000] N m or Infinity (never breaks), got 10000000000000',
    ],
    [
      'breakForce NaN',
      { breakForce: Number.NaN },
      'breakForce must be in (0, 1000000000000] N or Infinity (never breaks), got NaN',
    ],
    ['anchor 2e6', { anchor: { x: 2e6, y: 0 } }, 'anchor.x must be in [-1000000, 1000000] m, got 2000000'],
    [
      'anchorA 1e300',
      { anchorA: { x: 0, y: 1e300 } },
      'anchorA.y must be in [-1000000, 1000000] m, got 1e+300',
    ],
    [
      'anchorB -2e6',
      { anchorB: { x: -2e6, y: 0 } },
      'anchorB.x must be in [-1000000, 1000000] m, got -2000000',
    ],
  ];

  it.each(commonCases)('createRevoluteJoint rejects %s in the common fields', (_label, extra, tail) => {
    const { world, create } = makeCtx();
    expectThrowsUnchanged(world, () => create('Revolute', extra), exact('createRevoluteJoint', tail));
  });

  it('createPrismaticJoint rejects a world axis out of range', () => {
    const { world, create } = makeCtx();
    expectThrowsUnchanged(
      world,
      () => create('Prismatic', { axis: { x: 1e300, y: 1 } }),
      exact('createPrismaticJoint', 'axis.x must be in [-4000000, 4000000], got 1e+300'),
    );
  });

  it('lower limits above upper limits are still rejected within range', () => {
    const { world, joints } = makeCtx();
    expectThrowsUnchanged(
      world,
      () => world.setJointParams(joints.get('Revolute')!, { lowerAngle: 3, upperAngle: -3 }),
      exact('setJointParams', 'lowerAngle must be <= upperAngle (-3), got 3'),
    );
    expectThrowsUnchanged(
      world,
      () => world.setJointParams(joints.get('Wheel')!, { lowerTranslation: 4e6, upperTranslation: -4e6 }),
      exact('setJointParams', 'lowerTranslation must be <= upperTranslation (-4000000), got 4000000'),
    );
  });

  it('the limits of each range are accepted, and the world steps on finite', () => {
    const { world, create, joints } = makeCtx();
    const stiff = { hertz: 1e6, dampingRatio: 1e6 };
    create('Revolute', {
      ...stiff,
      enableSpring: true,
      enableLimit: true,
      lowerAngle: -Math.PI,
      upperAngle: Math.PI,
      motorSpeed: 1e5,
      maxMotorTorque: 1e12,
      breakForce: 1e12,
      breakTorque: Number.POSITIVE_INFINITY,
    });
    create('Distance', { ...stiff, length: 4e6, minLength: 4e6, maxLength: 1e11, maxMotorForce: 1e12 });
    create('Prismatic', {
      axis: { x: 4e6, y: -4e6 },
      lowerTranslation: -4e6,
      upperTranslation: 4e6,
      motorSpeed: -1e5,
    });
    create('Weld', {
      linearHertz: 1e6,
      linearDampingRatio: 1e6,
      angularHertz: 1e6,
      angularDampingRatio: 1e6,
    });
    create('Mouse', { target: { x: 1e6, y: -1e6 }, maxForce: 1e12 });
    create('Motor', { linearOffset: { x: -1e6, y: 1e6 }, angularOffset: 1e6, maxTorque: 1e12 });
    world.setJointParams(joints.get('Wheel')!, { ...stiff, motorSpeed: -1e5, maxMotorTorque: 1e12 });
    for (let i = 0; i < 5; i++) world.step(DT);
    const hash = world.stateHash();
    expect(Number.isFinite(hash)).toBe(true);
    for (const joint of joints.values()) {
      const bodyB = world.getJointBodyB(joint);
      const p = world.getBodyPosition(bodyB);
      expect(Number.isFinite(p.x) && Number.isFinite(p.y)).toBe(true);
    }
  });

  it('an axis of any non-zero length in range is stored normalised, even one whose square underflows', () => {
    const { create, world } = makeCtx();
    const wheel = create('Wheel', { localAxisA: { x: 1e-300, y: 0 } }) as JointId<typeof JointType.Wheel>;
    const slider = create('Prismatic', { localAxisA: { x: 0, y: -1e-300 } }) as JointId<
      typeof JointType.Prismatic
    >;
    expect(world.getJointParams(wheel).localAxisA).toEqual({ x: 1, y: 0 });
    expect(world.getJointParams(slider).localAxisA).toEqual({ x: 0, y: -1 });
  });
});
