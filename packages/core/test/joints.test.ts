import { describe, expect, it } from 'vitest';
import { BodyType, makeBox, makeCircle, World } from '../src/index';
import { cosSin, CosSin } from '../src/base/math';

const DT = 1 / 60;

describe('revolute joint', () => {
  it('a pendulum released at 10 degrees swings with the large-amplitude period within 1%', () => {
    const world = new World({ gravity: { x: 0, y: -10 } });
    const pivot = world.createBody();
    const L = 1;
    const r = 0.05;
    const theta0 = (10 * Math.PI) / 180;
    const cs = cosSin(theta0, new CosSin());
    const bob = world.createBody({ type: BodyType.Dynamic, position: { x: L * cs.s, y: -L * cs.c } });
    world.createCircleShape(bob, makeCircle(0, 0, r), { density: 1 });
    world.createRevoluteJoint({
      bodyA: pivot,
      bodyB: bob,
      localAnchorA: { x: 0, y: 0 },
      localAnchorB: { x: -L * cs.s, y: L * cs.c },
    });
    // period of the physical pendulum: small bob inertia m r^2 / 2 about its center
    const g = 10;
    const expected = 2 * Math.PI * Math.sqrt((L * L + (r * r) / 2) / (g * L)) * (1 + (theta0 * theta0) / 16);
    // time the zero crossings of x (moving in the same direction) by linear interpolation
    const crossings: number[] = [];
    let prevX = world.getPosition(bob).x;
    for (let i = 1; i <= 60 * 12; i++) {
      world.step(DT);
      const x = world.getPosition(bob).x;
      if (prevX > 0 && x <= 0) crossings.push((i - 1 + prevX / (prevX - x)) * DT);
      prevX = x;
    }
    expect(crossings.length).toBeGreaterThan(4);
    const period = (crossings[crossings.length - 1]! - crossings[0]!) / (crossings.length - 1);
    expect(Math.abs(period - expected) / expected).toBeLessThan(0.01);
  });
});

describe('joints of mixed types', () => {
  it('a chain whose links alternate revolute, weld and distance joints hangs together', () => {
    // the solver dispatches each joint by type in one shared order (joint_solver.ts): runs
    // of one, two and three hinges between the other types, all holding one chain
    const kinds = ['revolute', 'weld', 'revolute', 'revolute', 'distance', 'weld', 'revolute', 'revolute'];
    kinds.push('revolute', 'weld', 'revolute', 'distance');
    const world = new World({ gravity: { x: 0, y: -10 } });
    const anchor = world.createBody({ position: { x: 0, y: 10 } });
    // each joint with how far it is from holding: anchor gap, or a rod's length error
    const error: (() => number)[] = [];
    let prev = anchor;
    for (let i = 0; i < kinds.length; i++) {
      const link = world.createBody({ type: BodyType.Dynamic, position: { x: 0.5 + i, y: 10 } });
      world.createCircleShape(link, makeCircle(0, 0, 0.2), { density: 1 });
      const a = prev;
      const pinA = i === 0 ? { x: 0, y: 0 } : { x: 0.5, y: 0 };
      const pinB = { x: -0.5, y: 0 };
      const def = { bodyA: a, bodyB: link, localAnchorA: pinA, localAnchorB: pinB };
      if (kinds[i] === 'distance') {
        // a rod between the centers (the anchor's own point for the first link)
        const length = i === 0 ? 0.5 : 1;
        const center = { x: 0, y: 0 };
        world.createDistanceJoint({
          bodyA: a,
          bodyB: link,
          localAnchorA: center,
          localAnchorB: center,
          length,
        });
        error.push(() => {
          const pa = world.getPosition(a);
          const pb = world.getPosition(link);
          return Math.abs(Math.hypot(pb.x - pa.x, pb.y - pa.y) - length);
        });
      } else {
        if (kinds[i] === 'weld') world.createWeldJoint(def);
        // one hinge with joint friction, so a run also holds a joint with an axial row
        else world.createRevoluteJoint({ ...def, enableMotor: i === 3, maxMotorTorque: 0.05 });
        error.push(() => {
          const pa = world.getWorldPoint(a, pinA);
          const pb = world.getWorldPoint(link, pinB);
          return Math.hypot(pb.x - pa.x, pb.y - pa.y);
        });
      }
      prev = link;
    }
    let largest = 0;
    let lowest = 10;
    for (let step = 0; step < 180; step++) {
      world.step(DT);
      lowest = Math.min(lowest, world.getPosition(prev).y);
      for (const e of error) largest = Math.max(largest, e());
    }
    // the chain swung down: its last link passed far below the anchor
    expect(lowest).toBeLessThan(0);
    // soft joints stretch by load / (effective mass * (2 pi 60 Hz)^2): millimetres here
    expect(largest).toBeLessThan(0.03);
  });
});

describe('joints in snapshots', () => {
  it('a restored chain of revolute joints continues bit for bit, warm-start impulses included', () => {
    const build = (): World => {
      const world = new World();
      const anchor = world.createBody();
      let prev = anchor;
      for (let i = 0; i < 12; i++) {
        const link = world.createBody({ type: BodyType.Dynamic, position: { x: 0.5 + i, y: 10 } });
        world.createCircleShape(link, makeCircle(0, 0, 0.2));
        world.createRevoluteJoint({
          bodyA: prev,
          bodyB: link,
          localAnchorA: i === 0 ? { x: 0, y: 10 } : { x: 0.5, y: 0 },
          localAnchorB: { x: -0.5, y: 0 },
          enableLimit: i % 3 === 1,
          lowerAngle: -0.5,
          upperAngle: 0.5,
        });
        prev = link;
      }
      return world;
    };
    const original = build();
    for (let i = 0; i < 50; i++) original.step(DT);
    const copy = new World();
    copy.restore(original.snapshot());
    expect(copy.snapshot()).toEqual(original.snapshot());
    for (let i = 0; i < 100; i++) {
      original.step(DT);
      copy.step(DT);
      expect(copy.stateHash()).toBe(original.stateHash());
    }
  });
});

describe('every joint type in a snapshot', () => {
  it('a world with one joint of each type restores and continues bit for bit', () => {
    const build = (): World => {
      const world = new World();
      const ground = world.createBody();
      world.createPolygonShape(ground, makeBox(20, 0.5));
      const dyn = (x: number, y: number) => {
        const b = world.createBody({ type: BodyType.Dynamic, position: { x, y } });
        world.createPolygonShape(b, makeBox(0.3, 0.3));
        return b;
      };
      const a = dyn(-6, 4);
      world.createRevoluteJoint({
        bodyA: ground,
        bodyB: a,
        localAnchorA: { x: -6, y: 6 },
        localAnchorB: { x: 0, y: 2 },
      });
      const b = dyn(-4, 4);
      world.createDistanceJoint({
        bodyA: ground,
        bodyB: b,
        localAnchorA: { x: -4, y: 7 },
        length: 3,
        enableSpring: true,
        hertz: 2,
        dampingRatio: 0.1,
      });
      const c = dyn(-2, 3);
      world.createPrismaticJoint({
        bodyA: ground,
        bodyB: c,
        localAnchorA: { x: -2, y: 3 },
        localAxisA: { x: 0, y: 1 },
        enableSpring: true,
        hertz: 1,
        dampingRatio: 0.2,
      });
      const d = dyn(0, 3);
      const e = dyn(0.6, 3);
      world.createWeldJoint({
        bodyA: d,
        bodyB: e,
        localAnchorA: { x: 0.3, y: 0 },
        localAnchorB: { x: -0.3, y: 0 },
        angularHertz: 3,
        angularDampingRatio: 0.5,
      });
      const f = dyn(3, 2);
      world.createWheelJoint({
        bodyA: ground,
        bodyB: f,
        localAnchorA: { x: 3, y: 2 },
        enableMotor: true,
        maxMotorTorque: 5,
        motorSpeed: 2,
      });
      const g = dyn(5, 3);
      world.createMouseJoint({
        bodyA: ground,
        bodyB: g,
        target: { x: 6, y: 5 },
        hertz: 3,
        dampingRatio: 0.7,
        maxForce: 100,
      });
      const h = dyn(8, 3);
      world.createMotorJoint({
        bodyA: ground,
        bodyB: h,
        linearOffset: { x: 8, y: 4 },
        angularOffset: 0.5,
        maxForce: 50,
        maxTorque: 5,
      });
      const i = dyn(8, 1);
      world.createFilterJoint({ bodyA: h, bodyB: i });
      return world;
    };
    const original = build();
    for (let s = 0; s < 40; s++) original.step(DT);
    const copy = new World();
    copy.restore(original.snapshot());
    expect(copy.snapshot()).toEqual(original.snapshot());
    for (let s = 0; s < 120; s++) {
      original.step(DT);
      copy.step(DT);
      expect(copy.stateHash()).toBe(original.stateHash());
    }
  });
});
