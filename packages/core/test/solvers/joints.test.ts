/**
 * Every joint type, with its springs, motors and limits, under every alternative solver
 * (solvers/joint_rows.ts): each feature does what it says within bounds loose enough for
 * the least accurate method, and tight enough to fail if the rows were missing.
 */

import { describe, expect, it } from 'vitest';
import { BodyType, makeBox, makeCircle, World } from '../../src/index';
import { stepWorld } from '../support';
import { bar as makeBar, jointWorld, SOLVERS } from './solver_support';

function box(world: World, x: number, y: number, half = 0.25) {
  const body = world.createBody({ type: BodyType.Dynamic, position: { x, y } });
  world.createPolygonShape(body, makeBox(half, half), { density: 1 });
  return body;
}

describe.each(SOLVERS)('joints under %s', (_name, make) => {
  it('a revolute motor turns a wheel at its speed; its limits stop a swinging bar', () => {
    const { world, ground } = jointWorld(make());
    const wheel = box(world, 0, 5);
    world.createRevoluteJoint({
      bodyA: ground,
      bodyB: wheel,
      localAnchorA: { x: 0, y: 5 },
      localAnchorB: { x: 0, y: 0 },
      enableMotor: true,
      motorSpeed: 2,
      maxMotorTorque: 100,
    });
    // a bar hinged at its end, released horizontally, limited to [-0.5, 0.5] rad
    const bar = makeBar(world, 11, 5);
    world.createRevoluteJoint({
      bodyA: ground,
      bodyB: bar,
      localAnchorA: { x: 10, y: 5 },
      localAnchorB: { x: -1, y: 0 },
      enableLimit: true,
      lowerAngle: -0.5,
      upperAngle: 0.5,
    });
    let lowest = 0;
    for (let i = 0; i < 120; i++) {
      world.step(1 / 60);
      lowest = Math.min(lowest, world.getBodyAngle(bar));
    }
    expect(world.getBodyAngularVelocity(wheel)).toBeCloseTo(2, 1);
    // the bar fell to its lower limit and stays there (it would hang at -pi/2 without)
    expect(lowest).toBeGreaterThan(-0.6);
    expect(world.getBodyAngle(bar)).toBeLessThan(-0.4);
    // the hinge holds: the bar's end stays at the anchor
    const end = world.getBodyWorldPoint(bar, { x: -1, y: 0 });
    expect(Math.hypot(end.x - 10, end.y - 5)).toBeLessThan(0.05);
  });

  it('a revolute spring holds a bar up against gravity, near its rest angle', () => {
    const { world, ground } = jointWorld(make());
    const bar = makeBar(world, 1, 5);
    world.createRevoluteJoint({
      bodyA: ground,
      bodyB: bar,
      localAnchorA: { x: 0, y: 5 },
      localAnchorB: { x: -1, y: 0 },
      enableSpring: true,
      hertz: 4,
      dampingRatio: 0.7,
    });
    stepWorld(world, 240);
    // a 4 Hz spring on a bar of 2 m sags by g / (w^2 L_cm) ~ 10 / (632 * 1) rad, not to -pi/2
    expect(world.getBodyAngle(bar)).toBeLessThan(0);
    expect(world.getBodyAngle(bar)).toBeGreaterThan(-0.1);
  });

  it('a prismatic joint slides along its axis to its limit; its motor drives it back up', () => {
    const { world, ground } = jointWorld(make());
    const slider = box(world, 0, 5);
    const joint = world.createPrismaticJoint({
      bodyA: ground,
      bodyB: slider,
      localAnchorA: { x: 0, y: 5 },
      localAnchorB: { x: 0, y: 0 },
      localAxisA: { x: 0.6, y: 0.8 },
      enableLimit: true,
      lowerTranslation: -2,
      upperTranslation: 1,
    });
    stepWorld(world, 120);
    let p = world.getBodyPosition(slider);
    // at the lower limit: 2 m down the axis, on the axis, not turned
    expect(p.x).toBeCloseTo(-1.2, 1);
    expect(p.y).toBeCloseTo(5 - 1.6, 1);
    expect(Math.abs(world.getBodyAngle(slider))).toBeLessThan(0.02);
    world.setJointParams(joint, { enableMotor: true, motorSpeed: 1, maxMotorForce: 100 });
    stepWorld(world, 60);
    const v = world.getBodyLinearVelocity(slider);
    expect(v.x * 0.6 + v.y * 0.8).toBeCloseTo(1, 1);
    p = world.getBodyPosition(slider);
    expect(Math.abs(-0.8 * p.x + 0.6 * (p.y - 5))).toBeLessThan(0.02);
  });

  it('a wheel joint carries a wheel on its spring; its motor turns it', () => {
    const { world, ground } = jointWorld(make());
    const wheel = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 4 } });
    world.createCircleShape(wheel, makeCircle(0, 0, 0.4), { density: 1 });
    world.createWheelJoint({
      bodyA: ground,
      bodyB: wheel,
      localAnchorA: { x: 0, y: 5 },
      localAnchorB: { x: 0, y: 0 },
      localAxisA: { x: 0, y: 1 },
      enableSpring: true,
      hertz: 3,
      dampingRatio: 0.7,
      enableMotor: true,
      motorSpeed: -3,
      maxMotorTorque: 50,
    });
    stepWorld(world, 180);
    const p = world.getBodyPosition(wheel);
    // hangs from its spring: below the anchor by g / w^2 ~ 0.03 m, not fallen away
    expect(Math.abs(p.x)).toBeLessThan(0.02);
    expect(p.y).toBeGreaterThan(4.9);
    expect(p.y).toBeLessThan(5);
    expect(world.getBodyAngularVelocity(wheel)).toBeCloseTo(-3, 1);
  });

  it('a weld holds a beam out; a distance joint with limits keeps its length within them', () => {
    const { world, ground } = jointWorld(make());
    const beam = makeBar(world, 1, 5);
    world.createWeldJoint({
      bodyA: ground,
      bodyB: beam,
      localAnchorA: { x: 0, y: 5 },
      localAnchorB: { x: -1, y: 0 },
    });
    const bob = box(world, 20, 3);
    world.createDistanceJoint({
      bodyA: ground,
      bodyB: bob,
      localAnchorA: { x: 20, y: 5 },
      localAnchorB: { x: 0, y: 0 },
      length: 2,
      enableSpring: true,
      hertz: 0,
      enableLimit: true,
      minLength: 1,
      maxLength: 3,
    });
    let longest = 0;
    for (let i = 0; i < 180; i++) {
      world.step(1 / 60);
      const p = world.getBodyPosition(bob);
      longest = Math.max(longest, Math.hypot(p.x - 20, p.y - 5));
    }
    expect(Math.abs(world.getBodyAngle(beam))).toBeLessThan(0.05);
    expect(world.getBodyPosition(beam).y).toBeGreaterThan(4.9);
    // free between 1 and 3 m: it fell to the upper limit and hangs there
    expect(longest).toBeGreaterThan(2.9);
    expect(longest).toBeLessThan(3.1);
  });

  it('a mouse joint pulls a body to its target; a motor joint carries one to its offset', () => {
    const { world, ground } = jointWorld(make(), { x: 0, y: 0 });
    const dragged = box(world, 0, 0);
    world.createMouseJoint({
      bodyA: ground,
      bodyB: dragged,
      target: { x: 2, y: 1 },
      hertz: 5,
      dampingRatio: 0.7,
      maxForce: 1000,
    });
    const carried = box(world, 10, 0);
    world.createMotorJoint({
      bodyA: ground,
      bodyB: carried,
      linearOffset: { x: 11, y: 1 },
      angularOffset: 0.5,
      maxForce: 100,
      maxTorque: 100,
    });
    stepWorld(world, 180);
    const p = world.getBodyPosition(dragged);
    expect(Math.hypot(p.x - 2, p.y - 1)).toBeLessThan(0.05);
    const q = world.getBodyPosition(carried);
    expect(Math.hypot(q.x - 11, q.y - 1)).toBeLessThan(0.05);
    expect(world.getBodyAngle(carried)).toBeCloseTo(0.5, 1);
  });

  it('a drag: a mouse joint whose target moves every step carries a body along, at its corner', () => {
    // what a pointer drag does (packages/react drag.ts, its default spring: 5 Hz, damping
    // 0.7, a force bound of 1000 times the body's weight): a box grabbed at a corner,
    // pulled up and across in a circle of 2 m under gravity
    const { world, ground } = jointWorld(make());
    world.createPolygonShape(ground, makeBox(20, 0.5));
    const dragged = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 1 } });
    world.createPolygonShape(dragged, makeBox(0.5, 0.5), { density: 1 });
    const grab = { x: 0.4, y: 0.4 };
    const start = world.getBodyWorldPoint(dragged, grab);
    const joint = world.createMouseJoint({
      bodyA: ground,
      bodyB: dragged,
      localAnchorB: grab,
      target: start,
      hertz: 5,
      dampingRatio: 0.7,
      maxForce: 1000 * world.getBodyMass(dragged) * 10,
    });
    const target = (i: number) => ({
      x: start.x + 2 * Math.sin(i / 60),
      y: start.y + 4 - 2 * Math.cos(i / 60),
    });
    let worst = 0;
    for (let i = 1; i <= 240; i++) {
      const t = target(i);
      world.setJointParams(joint, { target: t });
      world.step(1 / 60);
      const p = world.getBodyWorldPoint(dragged, grab);
      // after the first half second it keeps up with the moving target
      if (i > 30) worst = Math.max(worst, Math.hypot(p.x - t.x, p.y - t.y));
    }
    // a 5 Hz spring lags its moving target, the grabbed corner swinging: measured 0.21 m
    // under every velocity solver (the mouse's row is the same soft row), 0.12 under XPBD,
    // 0.15 under the soft step; without the joint the box would lie on the ground, metres away
    expect(worst).toBeLessThan(0.3);
  });

  it('a filter joint keeps two bodies from colliding and adds no constraint', () => {
    const world = new World({ solver: make() });
    const a = box(world, 0, 1, 0.5);
    const b = box(world, 0, 1.5, 0.5);
    world.createFilterJoint({ bodyA: a, bodyB: b });
    stepWorld(world, 60);
    // they fall through each other onto no ground: free fall, together
    expect(world.getBodyPosition(b).y - world.getBodyPosition(a).y).toBeCloseTo(0.5, 6);
  });
});
