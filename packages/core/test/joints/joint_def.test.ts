/**
 * Joint definitions a newcomer does not trip on: world points (anchor, anchorA/anchorB,
 * axis) with the rest configuration measured from the bodies' poses, and unknown fields
 * rejected instead of ignored.
 */

import { describe, expect, it } from 'vitest';
import { BodyType, makeBox, makeCircle, World } from '../../src/index';
import { DT, expectRejected, expectThrowsUnchanged, stepWorld } from '../support';

/** A static body and a dynamic box, both created at an angle, free of gravity. */
function tiltedPair(angleA: number, angleB: number) {
  const world = new World({ gravity: { x: 0, y: 0 } });
  const a = world.createBody({ position: { x: 1, y: 2 }, angle: angleA });
  world.createPolygonShape(a, makeBox(0.5, 0.5));
  const b = world.createBody({ type: BodyType.Dynamic, position: { x: 3, y: 2.5 }, angle: angleB });
  world.createPolygonShape(b, makeBox(1, 0.2), { density: 1 });
  return { world, a, b };
}

function near(p: { x: number; y: number }, q: { x: number; y: number }, eps = 1e-12): void {
  expect(Math.abs(p.x - q.x)).toBeLessThan(eps);
  expect(Math.abs(p.y - q.y)).toBeLessThan(eps);
}

describe('joints from world points', () => {
  it('a revolute joint between bodies created at an angle, with limits, built from a world anchor, keeps its limits where the user meant', () => {
    // B sits 0.5 rad turned from A; the user allows +-0.1 rad of play around that pose
    const { world, a, b } = tiltedPair(0.3, 0.8);
    const anchor = { x: 2, y: 2.5 };
    const j = world.createRevoluteJoint({
      bodyA: a,
      bodyB: b,
      anchor,
      enableLimit: true,
      lowerAngle: -0.1,
      upperAngle: 0.1,
    });
    expect(world.getJointParams(j).referenceAngle).toBeCloseTo(0.5, 12);
    expect(world.getJointState(j).angle).toBeCloseTo(0, 12);
    near(world.getBodyWorldPoint(a, world.getJointLocalAnchors(j).localAnchorA), anchor);
    near(world.getBodyWorldPoint(b, world.getJointLocalAnchors(j).localAnchorB), anchor);
    // at rest inside its limits: nothing moves (with referenceAngle 0 it snapped 0.4 rad)
    stepWorld(world, 60);
    expect(world.getBodyAngle(b)).toBeCloseTo(0.8, 6);
    // and the limits stop it 0.1 rad from where it was built
    world.setBodyAngularVelocity(b, 5);
    let highest = 0;
    for (let i = 0; i < 30; i++) {
      world.step(DT);
      highest = Math.max(highest, world.getBodyAngle(b));
    }
    expect(highest).toBeGreaterThan(0.89);
    expect(highest).toBeLessThan(0.91);
  });

  it('anchorA and anchorB are world points on each body', () => {
    const { world, a, b } = tiltedPair(0.3, -0.4);
    const pA = { x: 1.2, y: 2.1 };
    const pB = { x: 3.5, y: 2.4 };
    const j = world.createWeldJoint({ bodyA: a, bodyB: b, anchorA: pA, anchorB: pB });
    const { localAnchorA, localAnchorB } = world.getJointLocalAnchors(j);
    near(world.getBodyWorldPoint(a, localAnchorA), pA);
    near(world.getBodyWorldPoint(b, localAnchorB), pB);
    expect(world.getJointParams(j).referenceAngle).toBeCloseTo(-0.7, 12);
  });

  it('a distance joint from two world anchors takes its length from them, unless given', () => {
    const { world, a, b } = tiltedPair(0.2, 0.1);
    const pA = { x: 1, y: 2 };
    const pB = { x: 4, y: 6 };
    const j = world.createDistanceJoint({ bodyA: a, bodyB: b, anchorA: pA, anchorB: pB });
    expect(world.getJointParams(j).length).toBeCloseTo(5, 12);
    const k = world.createDistanceJoint({ bodyA: a, bodyB: b, anchorA: pA, anchorB: pB, length: 2 });
    expect(world.getJointParams(k).length).toBe(2);
    // one world point for both ends has no length to measure
    expectRejected(
      world,
      () => world.createDistanceJoint({ bodyA: a, bodyB: b, anchor: pA }),
      'createDistanceJoint',
      'length',
      '0',
    );
  });

  it('a prismatic or wheel axis given in world coordinates is turned into body A’s frame', () => {
    const { world, a, b } = tiltedPair(Math.PI / 2, Math.PI / 2);
    const p = world.createPrismaticJoint({
      bodyA: a,
      bodyB: b,
      anchor: { x: 2, y: 2 },
      axis: { x: 1, y: 0 },
    });
    const axis = world.getJointParams(p).localAxisA;
    near(axis, { x: 0, y: -1 }, 1e-12);
    expect(world.getJointParams(p).referenceAngle).toBeCloseTo(0, 12);
    const w = world.createWheelJoint({ bodyA: a, bodyB: b, anchorB: { x: 3, y: 2.5 }, axis: { x: 0, y: 2 } });
    near(world.getJointParams(w).localAxisA, { x: 1, y: 0 }, 1e-12);
  });

  it('a mouse joint placed with a world anchor starts with its target there', () => {
    const { world, a, b } = tiltedPair(0, 0.5);
    const j = world.createMouseJoint({ bodyA: a, bodyB: b, anchor: { x: 3.2, y: 2.6 }, maxForce: 100 });
    near(world.getJointParams(j).target, { x: 3.2, y: 2.6 });
  });

  it('a definition with local anchors only keeps referenceAngle 0 and length 1 (as before)', () => {
    const { world, a, b } = tiltedPair(0.3, 0.8);
    const r = world.createRevoluteJoint({ bodyA: a, bodyB: b, localAnchorA: { x: 0.5, y: 0 } });
    expect(world.getJointParams(r).referenceAngle).toBe(0);
    const d = world.createDistanceJoint({ bodyA: a, bodyB: b });
    expect(world.getJointParams(d).length).toBe(1);
  });

  it('giving a world and a local form of the same thing is an error naming both fields', () => {
    const { world, a, b } = tiltedPair(0, 0);
    const p = { x: 2, y: 2 };
    const cases: [() => unknown, string, string, string][] = [
      () => world.createRevoluteJoint({ bodyA: a, bodyB: b, anchor: p, localAnchorA: p }),
      () => world.createRevoluteJoint({ bodyA: a, bodyB: b, anchor: p, anchorB: p }),
      () => world.createWeldJoint({ bodyA: a, bodyB: b, anchorA: p, localAnchorA: p }),
      () => world.createDistanceJoint({ bodyA: a, bodyB: b, anchorB: p, localAnchorB: p }),
      () => world.createWheelJoint({ bodyA: a, bodyB: b, axis: p, localAxisA: p }),
    ].map((call, i) => [
      call,
      [
        'createRevoluteJoint',
        'createRevoluteJoint',
        'createWeldJoint',
        'createDistanceJoint',
        'createWheelJoint',
      ][i]!,
      ['anchor', 'anchor', 'anchorA', 'anchorB', 'axis'][i]!,
      ['localAnchorA', 'anchorB', 'localAnchorA', 'localAnchorB', 'localAxisA'][i]!,
    ]);
    for (const [call, fn, world_, local] of cases) {
      expectRejected(world, call, fn, world_, 'an object', RangeError);
      expect(call).toThrow(local);
    }
    expect(world.getCounters().jointCount).toBe(0);
  });

  it('world points are checked like every other field', () => {
    const { world, a, b } = tiltedPair(0, 0);
    expectRejected(
      world,
      () => world.createRevoluteJoint({ bodyA: a, bodyB: b, anchor: { x: Number.NaN, y: 0 } }),
      'createRevoluteJoint',
      'anchor.x',
      'NaN',
      RangeError,
    );
    expectRejected(
      world,
      () => world.createPrismaticJoint({ bodyA: a, bodyB: b, axis: { x: 0, y: 0 } }),
      'createPrismaticJoint',
      'axis',
      '(0, 0)',
      RangeError,
    );
  });
});

describe('unknown fields in joint definitions', () => {
  it('a prismatic option on a revolute joint is an error that lists what revolute joints take', () => {
    const { world, a, b } = tiltedPair(0, 0);
    expectThrowsUnchanged(
      world,
      () => world.createRevoluteJoint({ bodyA: a, bodyB: b, axis: { x: 1, y: 0 } } as never),
      /^createRevoluteJoint: unknown field 'axis' \(revolute joints take: bodyA, bodyB, anchor, .*lowerAngle, upperAngle\)$/,
    );
  });

  it('a typo is an error, not a default', () => {
    const { world, a, b } = tiltedPair(0, 0);
    for (const create of [
      () => world.createDistanceJoint({ bodyA: a, bodyB: b, hertz: 2, dampingRaito: 0.5 } as never),
      () => world.createWeldJoint({ bodyA: a, bodyB: b, linearHertz: 2, dampingRaito: 0.5 } as never),
      () => world.createFilterJoint({ bodyA: a, bodyB: b, dampingRaito: 0.5 } as never),
    ]) {
      let error: unknown = null;
      try {
        create();
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(RangeError);
      expect((error as Error).message).toContain("unknown field 'dampingRaito'");
    }
    expect(world.getCounters().jointCount).toBe(0);
  });

  it('every joint type accepts every field of its own defaults and the common fields', () => {
    const { world, a, b } = tiltedPair(0, 0);
    const c = world.createBody({ type: BodyType.Dynamic, position: { x: 5, y: 5 } });
    world.createCircleShape(c, makeCircle(0, 0, 0.3));
    const common = { collideConnected: false, breakForce: 1e9, breakTorque: 1e9, userData: 'x' };
    world.createRevoluteJoint({
      bodyA: a,
      bodyB: b,
      ...common,
      ...world.getJointParams(world.createRevoluteJoint({ bodyA: a, bodyB: c })),
    });
    world.createDistanceJoint({
      bodyA: a,
      bodyB: b,
      ...common,
      ...world.getJointParams(world.createDistanceJoint({ bodyA: a, bodyB: c })),
    });
    world.createPrismaticJoint({
      bodyA: a,
      bodyB: b,
      ...common,
      ...world.getJointParams(world.createPrismaticJoint({ bodyA: a, bodyB: c })),
    });
    world.createWheelJoint({
      bodyA: a,
      bodyB: b,
      ...common,
      ...world.getJointParams(world.createWheelJoint({ bodyA: a, bodyB: c })),
    });
    world.createWeldJoint({
      bodyA: a,
      bodyB: b,
      ...common,
      ...world.getJointParams(world.createWeldJoint({ bodyA: a, bodyB: c })),
    });
    world.createMotorJoint({
      bodyA: a,
      bodyB: b,
      ...common,
      ...world.getJointParams(world.createMotorJoint({ bodyA: a, bodyB: c })),
    });
    world.createMouseJoint({
      bodyA: a,
      bodyB: b,
      ...common,
      ...world.getJointParams(world.createMouseJoint({ bodyA: a, bodyB: c })),
    });
    world.createFilterJoint({ bodyA: a, bodyB: b, localAnchorA: { x: 0, y: 0 }, userData: 1 });
    stepWorld(world, 2, DT);
    expect(world.getCounters().jointCount).toBe(15);
  });
});

describe('unknown fields in setJointParams', () => {
  it('setJointParams rejects a field the joint type does not have, and changes nothing', () => {
    const { world, a, b } = tiltedPair(0, 0);
    const j = world.createRevoluteJoint({ bodyA: a, bodyB: b, anchor: { x: 2, y: 2 } });
    expectThrowsUnchanged(
      world,
      () => world.setJointParams(j, { localAxisA: { x: 1, y: 0 }, motorSpeed: 2 }),
      /^setJointParams: unknown field 'localAxisA' \(revolute joints take: referenceAngle, .*\)$/,
    );
    expect(world.getJointParams(j).motorSpeed).toBe(0);
  });
});

describe('the README example', () => {
  it('a door built turned, hinged from a world point, rests at joint angle 0 inside its limits', () => {
    const world = new World();
    const frame = world.createBody({ position: { x: 0, y: 2 } });
    const door = world.createBody({ type: BodyType.Dynamic, position: { x: 1, y: 2 }, angle: 0.5 });
    world.createPolygonShape(door, makeBox(1, 0.05));
    const hinge = world.createRevoluteJoint({
      bodyA: frame,
      bodyB: door,
      anchor: world.getBodyWorldPoint(door, { x: -1, y: 0 }),
      enableLimit: true,
      lowerAngle: -0.5,
      upperAngle: 1,
    });
    expect(world.getJointState(hinge).angle).toBeCloseTo(0, 12);
    const spring = world.createDistanceJoint({
      bodyA: frame,
      bodyB: door,
      anchorA: { x: 0, y: 4 },
      anchorB: { x: 0, y: 2 },
      hertz: 2,
      dampingRatio: 0.5,
    });
    expect(world.getJointParams(spring)).toMatchObject({ length: 2, enableSpring: true });
    stepWorld(world, 120);
    const angle = world.getJointState(hinge).angle;
    expect(angle).toBeGreaterThanOrEqual(-0.51);
    expect(angle).toBeLessThanOrEqual(1.01);
  });
});
