import { describe, expect, it } from 'vitest';
import {
  BodyType,
  CRITICAL_SETTLING_OMEGA_T,
  type JointId,
  JointType,
  makeBox,
  responseFromSpring,
  SPRING_DAMPING_RATIO,
  type SpringDamping,
  springFromResponse,
  World,
} from '../src/index';

const DT = 1 / 60;
const LOG = process.env.JOINT_LOG === '1';

/** A dynamic 1 m x 1 m box of density 1 (1 kg). */
function box(world: World, x: number, y: number, vx = 0, vy = 0) {
  const b = world.createBody({
    type: BodyType.Dynamic,
    position: { x, y },
    linearVelocity: { x: vx, y: vy },
  });
  world.createPolygonShape(b, makeBox(0.5, 0.5), { density: 1, friction: 0.6 });
  return b;
}

function forceLength(world: World, j: JointId): number {
  const f = world.getJointConstraintForce(j);
  return Math.sqrt(f.x * f.x + f.y * f.y);
}

function distance(a: { x: number; y: number }, x: number, y: number): number {
  return Math.sqrt((a.x - x) * (a.x - x) + (a.y - y) * (a.y - y));
}

describe('mouse joint', () => {
  it('pulls a 1 kg box 3 m to the target with at most maxForce, holds it within 1 cm, and follows a moved target', () => {
    const world = new World({ gravity: { x: 0, y: -10 } });
    const ground = world.createBody();
    const b = box(world, 0, 5);
    const maxForce = 100;
    const j = world.createMouseJoint({
      bodyA: ground,
      bodyB: b,
      target: { x: 3, y: 5 },
      hertz: 10,
      dampingRatio: 0.7,
      maxForce,
    });
    expect(world.getJointType(j)).toBe(JointType.Mouse);
    let peakForce = 0;
    let worstHold = 0;
    for (let i = 1; i <= 240; i++) {
      world.step(DT);
      const f = forceLength(world, j);
      expect(f).toBeLessThanOrEqual(maxForce * (1 + 1e-9));
      peakForce = Math.max(peakForce, f);
      if (i >= 90) worstHold = Math.max(worstHold, distance(world.getPosition(b), 3, 5));
    }
    // the clamp was reached while pulling (3 m away the spring alone would ask ~3,000 N)
    expect(peakForce).toBeGreaterThan(0.999 * maxForce);
    // held from 1.5 s on; the spring sags by g / omega^2 = 2.5 mm under gravity
    expect(worstHold).toBeLessThan(0.01);
    // at rest the joint carries exactly the weight
    const hold = world.getJointConstraintForce(j);
    expect(Math.abs(hold.x)).toBeLessThan(1e-6);
    expect(hold.y).toBeCloseTo(10, 6);
    expect(Math.abs(world.getAngle(b))).toBeLessThan(1e-9);

    // move the target 2 m up: the box follows and holds again
    world.setJointParams(j, { target: { x: 3, y: 7 } });
    expect(world.getJointParams(j)).toMatchObject({ target: { x: 3, y: 7 } });
    for (let i = 1; i <= 120; i++) {
      world.step(DT);
      expect(forceLength(world, j)).toBeLessThanOrEqual(maxForce * (1 + 1e-9));
    }
    const p = world.getPosition(b);
    if (LOG) console.log('mouse', { peakForce, worstHold, hold, moved: p });
    expect(distance(p, 3, 7)).toBeLessThan(0.01);
  });

  it('wakes a sleeping body when the target moves', () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const ground = world.createBody();
    const b = box(world, 0, 0);
    const j = world.createMouseJoint({ bodyA: ground, bodyB: b, hertz: 5, dampingRatio: 1, maxForce: 1000 });
    // without a target the joint starts at the anchor: nothing moves, the body sleeps
    expect(world.getJointParams(j)).toMatchObject({ target: { x: 0, y: 0 } });
    for (let i = 0; i < 120; i++) world.step(DT);
    expect(world.isAwake(b)).toBe(false);
    world.setJointParams(j, { target: { x: 1, y: 0 } });
    expect(world.isAwake(b)).toBe(true);
    for (let i = 0; i < 120; i++) world.step(DT);
    expect(distance(world.getPosition(b), 1, 0)).toBeLessThan(0.01);
  });

  it('a 1,000 Hz spring stepped at 60 Hz stays stable and is as rigid as the solver allows', () => {
    const world = new World({ gravity: { x: 0, y: -10 } });
    const ground = world.createBody();
    const b = box(world, 0, 5);
    const maxForce = 1000 * 10; // 1000 times the weight
    const j = world.createMouseJoint({
      bodyA: ground,
      bodyB: b,
      target: { x: 3, y: 5 },
      hertz: 1000,
      dampingRatio: 0.7,
      maxForce,
    });
    let maxSpeed = 0;
    let reachedAt = -1;
    let worstLate = 0;
    let lateSpeed = 0;
    for (let i = 1; i <= 120; i++) {
      world.step(DT);
      const p = world.getPosition(b);
      const v = world.getLinearVelocity(b);
      expect(
        Number.isFinite(p.x) && Number.isFinite(p.y) && Number.isFinite(v.x) && Number.isFinite(v.y),
      ).toBe(true);
      const speed = Math.sqrt(v.x * v.x + v.y * v.y);
      maxSpeed = Math.max(maxSpeed, speed);
      expect(forceLength(world, j)).toBeLessThanOrEqual(maxForce * (1 + 1e-9));
      const e = distance(p, 3, 5);
      if (reachedAt < 0 && e < 0.01) reachedAt = i;
      if (i > 30) {
        worstLate = Math.max(worstLate, e);
        lateSpeed = Math.max(lateSpeed, speed);
      }
    }
    if (LOG) console.log('stiff mouse', { maxSpeed, reachedAt, worstLate, lateSpeed });
    // no faster than covering the 3 m in a single step
    expect(maxSpeed).toBeLessThan(3 / DT);
    // there within a few steps, then still: rigid up to the force limit
    expect(reachedAt).toBeGreaterThan(0);
    expect(reachedAt).toBeLessThanOrEqual(5);
    expect(worstLate).toBeLessThan(1e-5);
    expect(lateSpeed).toBeLessThan(1e-3);
  });
});

describe('motor joint', () => {
  it('drives a body to a linear and angular offset in A frame within 1 cm / 0.01 rad, within maxForce and maxTorque', () => {
    const world = new World({ gravity: { x: 0, y: -10 } });
    // A is static and turned by 0.5 rad: the offset is in A's frame
    const angleA = 0.5;
    const a = world.createBody({ position: { x: 1, y: 2 }, angle: angleA });
    const b = box(world, 1, 2);
    const maxForce = 50;
    const maxTorque = 5;
    const j = world.createMotorJoint({
      bodyA: a,
      bodyB: b,
      linearOffset: { x: 2, y: 1 },
      angularOffset: 0.7,
      maxForce,
      maxTorque,
      correctionFactor: 0.3,
    });
    expect(world.getJointType(j)).toBe(JointType.Motor);
    const cA = Math.cos(angleA);
    const sA = Math.sin(angleA);
    const tx = 1 + cA * 2 - sA * 1;
    const ty = 2 + sA * 2 + cA * 1;
    let peakForce = 0;
    let peakTorque = 0;
    for (let i = 1; i <= 180; i++) {
      world.step(DT);
      const f = forceLength(world, j);
      const t = Math.abs(world.getJointConstraintTorque(j));
      expect(f).toBeLessThanOrEqual(maxForce * (1 + 1e-9));
      expect(t).toBeLessThanOrEqual(maxTorque * (1 + 1e-9));
      peakForce = Math.max(peakForce, f);
      peakTorque = Math.max(peakTorque, t);
    }
    const p = world.getPosition(b);
    const angleErr = world.getAngle(b) - (angleA + 0.7);
    if (LOG) console.log('motor', { peakForce, peakTorque, p, tx, ty, angleErr });
    // the limits were what bounded the move
    expect(peakForce).toBeGreaterThan(0.999 * maxForce);
    expect(peakTorque).toBeGreaterThan(0.999 * maxTorque);
    expect(distance(p, tx, ty)).toBeLessThan(0.01);
    expect(Math.abs(angleErr)).toBeLessThan(0.01);
    // holding against gravity takes the weight, no more
    expect(world.getJointConstraintForce(j).y).toBeCloseTo(10, 3);
  });
});

describe('filter joint', () => {
  it('lets two overlapping boxes pass through each other until it is destroyed', () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const ground = world.createBody();
    const left = box(world, -0.2, 0, 2, 0);
    const right = box(world, 0.2, 0, -2, 0);
    // the pair touches before the joint exists: creating it removes the contact
    world.step(DT);
    const j = world.createFilterJoint({ bodyA: left, bodyB: right });
    expect(world.getJointType(j)).toBe(JointType.Filter);
    expect(world.getJointParams(j)).toEqual({});
    world.setLinearVelocity(left, { x: 2, y: 0 });
    world.setLinearVelocity(right, { x: -2, y: 0 });
    for (let i = 0; i < 30; i++) {
      world.step(DT);
      expect(world.getLinearVelocity(left)).toEqual({ x: 2, y: 0 });
      expect(world.getLinearVelocity(right)).toEqual({ x: -2, y: 0 });
      expect(world.getJointConstraintForce(j)).toEqual({ x: 0, y: 0 });
    }
    // passed through: left is now right of right
    expect(world.getPosition(left).x - world.getPosition(right).x).toBeGreaterThan(1.5);

    // send them back at each other without the joint: they collide
    world.destroyJoint(j);
    world.setLinearVelocity(left, { x: -2, y: 0 });
    world.setLinearVelocity(right, { x: 2, y: 0 });
    for (let i = 0; i < 60; i++) world.step(DT);
    const vl = world.getLinearVelocity(left).x;
    const vr = world.getLinearVelocity(right).x;
    if (LOG)
      console.log('filter after destroy', {
        vl,
        vr,
        gap: world.getPosition(left).x - world.getPosition(right).x,
      });
    expect(vl).toBeGreaterThan(-1.9);
    expect(vr).toBeLessThan(1.9);
    expect(world.getPosition(left).x - world.getPosition(right).x).toBeGreaterThan(0.9);
    expect(world.isValidBody(ground)).toBe(true);
  });
});

describe('spring tuning', () => {
  const choices: SpringDamping[] = ['free', 'some', 'none'];

  it('round-trips frames -> (hertz, dampingRatio) -> frames to 1e-12', () => {
    let worst = 0;
    for (const damping of choices) {
      for (const stepRate of [30, 60, 144, 240]) {
        for (const frames of [0.75, 1, 7.5, 30, 121]) {
          const s = springFromResponse({ frames, stepRate, damping });
          expect(s.dampingRatio).toBe(SPRING_DAMPING_RATIO[damping]);
          const back = responseFromSpring({ ...s, stepRate });
          worst = Math.max(worst, Math.abs(back - frames) / frames);
        }
      }
    }
    expect(worst).toBeLessThan(1e-12);
  });

  it('matches the definitions: half a period, first peak, 2% settling', () => {
    // free: 30 frames at 60 Hz = 0.5 s = half a period of a 1 Hz spring
    expect(springFromResponse({ frames: 30, stepRate: 60, damping: 'free' }).hertz).toBeCloseTo(1, 14);
    // some (zeta 0.5): first peak at pi / omega_d, omega_d = omega sqrt(3) / 2
    const some = springFromResponse({ frames: 30, stepRate: 60, damping: 'some' });
    expect(some.dampingRatio).toBe(0.5);
    expect(Math.PI / (2 * Math.PI * some.hertz * Math.sqrt(0.75))).toBeCloseTo(0.5, 14);
    // none: U is the root of (1 + U) e^-U = 0.02
    const U = CRITICAL_SETTLING_OMEGA_T;
    expect(Math.abs((1 + U) * Math.exp(-U) - 0.02)).toBeLessThan(1e-15);
    const none = springFromResponse({ frames: 30, stepRate: 60, damping: 'none' });
    expect(none.dampingRatio).toBe(1);
    expect(U / (2 * Math.PI * none.hertz)).toBeCloseTo(0.5, 14);
    // any zeta in [0, 1) reads back as its first-peak time
    expect(responseFromSpring({ hertz: 2, dampingRatio: 0.8, stepRate: 100 })).toBeCloseTo(
      (100 * Math.PI) / (2 * Math.PI * 2 * 0.6),
      12,
    );
  });

  it("a mouse joint tuned 'none' reaches the target without overshoot (< 2% of the distance)", () => {
    const tuning = springFromResponse({ frames: 30, stepRate: 60, damping: 'none' });
    const world = new World({ gravity: { x: 0, y: 0 } });
    const ground = world.createBody();
    const b = box(world, 0, 0);
    world.createMouseJoint({ bodyA: ground, bodyB: b, target: { x: 3, y: 0 }, ...tuning, maxForce: 1e6 });
    let maxX = Number.NEGATIVE_INFINITY;
    let within2 = -1;
    for (let i = 1; i <= 180; i++) {
      world.step(DT);
      const x = world.getPosition(b).x;
      maxX = Math.max(maxX, x);
      if (within2 < 0 && Math.abs(x - 3) < 0.02 * 3) within2 = i;
    }
    if (LOG) console.log('tuned none', { tuning, maxX, within2 });
    expect(maxX - 3).toBeLessThan(0.02 * 3);
    // settled to 2% about when the definition says (30 frames; implicit Euler damps a bit more)
    expect(within2).toBeGreaterThanOrEqual(27);
    expect(within2).toBeLessThanOrEqual(36);
    expect(Math.abs(world.getPosition(b).x - 3)).toBeLessThan(0.01);
  });
});

describe('mouse, motor and filter joints reject bad input', () => {
  function expectRejected(world: World, call: () => unknown, fn: string, field: string, value: string): void {
    const bytesBefore = world.snapshot();
    const hashBefore = world.stateHash();
    let error: unknown = null;
    try {
      call();
    } catch (e) {
      error = e;
    }
    expect(error, `${fn} should have thrown`).toBeInstanceOf(RangeError);
    const message = (error as Error).message;
    expect(message.startsWith(`${fn}: `), message).toBe(true);
    expect(message, message).toContain(field);
    expect(message, message).toContain(`got ${value}`);
    expect(world.stateHash()).toBe(hashBefore);
    expect(Buffer.compare(world.snapshot(), bytesBefore)).toBe(0);
  }

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
