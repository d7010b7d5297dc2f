/**
 * Revolute joints: the pendulum period, a stiff angular spring, limits and motors.
 */

import { describe, expect, it } from 'vitest';
import { cosSin, CosSin } from '../../src/base/math';
import { BodyType, makeBox, makeCircle, type RevoluteJointParams, World } from '../../src/index';
import { addRevoluteJoint, jointGap } from '../../src/scenes/index';
import { DT } from '../support';
import { G, JOINT_OMEGA, allFinite } from './helpers';

/** A 2 m x 0.2 m bar hinged at its left end to a static pivot at the origin, horizontal. */
function hingedBar(world: World, params: Partial<RevoluteJointParams>, density = 1) {
  const pivot = world.createBody();
  const bar = world.createBody({ type: BodyType.Dynamic, position: { x: 1, y: 0 } });
  world.createPolygonShape(bar, makeBox(1, 0.1), { density });
  const joint = addRevoluteJoint(world, pivot, bar, { x: 0, y: 0 }, { x: -1, y: 0 }, params);
  return { pivot, bar, joint };
}

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
      localAnchorB: { x: -L * cs.s, y: L * cs.c },
    });
    // period of the physical pendulum: small bob inertia m r^2 / 2 about its center
    const g = 10;
    const expected = 2 * Math.PI * Math.sqrt((L * L + (r * r) / 2) / (g * L)) * (1 + (theta0 * theta0) / 16);
    // time the zero crossings of x (moving in the same direction) by linear interpolation
    const crossings: number[] = [];
    let prevX = world.getBodyPosition(bob).x;
    for (let i = 1; i <= 60 * 12; i++) {
      world.step(DT);
      const x = world.getBodyPosition(bob).x;
      if (prevX > 0 && x <= 0) crossings.push((i - 1 + prevX / (prevX - x)) * DT);
      prevX = x;
    }
    expect(crossings.length).toBeGreaterThan(4);
    const period = (crossings[crossings.length - 1]! - crossings[0]!) / (crossings.length - 1);
    expect(Math.abs(period - expected) / expected).toBeLessThan(0.01);
  });
});

describe('revolute spring', () => {
  it('a 1000 Hz angular spring stepped at 60 Hz is stable and holds a bar as rigidly as a locked limit', () => {
    const results: string[] = [];
    const deflection: number[] = [];
    for (const [label, params] of [
      ['spring 1000 Hz, damping 0', { enableSpring: true, hertz: 1000, dampingRatio: 0 }],
      ['spring 1000 Hz, damping 1', { enableSpring: true, hertz: 1000, dampingRatio: 1 }],
      ['limit locked at 0', { enableLimit: true, lowerAngle: 0, upperAngle: 0 }],
    ] as const) {
      const world = new World({ enableSleep: false });
      const { bar, joint } = hingedBar(world, params);
      let maxAngle = 0;
      let maxSpeed = 0;
      for (let i = 0; i < 300; i++) {
        world.step(DT);
        maxAngle = Math.max(maxAngle, Math.abs(world.getBodyAngle(bar)));
        if (i >= 30) maxSpeed = Math.max(maxSpeed, Math.abs(world.getBodyAngularVelocity(bar)));
      }
      expect(allFinite(world, [bar])).toBe(true);
      // the gravity torque m g L/2 = 4 N m about the pivot bends the bar by milliradians at most
      expect(maxAngle).toBeLessThan(2e-3);
      // and it does not ring or creep once loaded (no growing oscillation)
      expect(maxSpeed).toBeLessThan(1e-3);
      expect(jointGap(world, joint)).toBeLessThan(1e-3);
      deflection.push(maxAngle);
      results.push(`${label}: max angle ${maxAngle.toExponential(2)} rad`);
    }
    // the stiff spring is no softer than the rigid (limit) axis allows
    expect(deflection[0]!).toBeLessThan(2 * deflection[2]! + 1e-6);
    console.log(`[1000 Hz spring] ${results.join('; ')}`);
  });
});

describe('revolute limit and motor', () => {
  it('a heavy arm falling onto its lower limit holds it: penetration within the soft-limit model', () => {
    const world = new World({ enableSleep: false });
    const lower = -0.25;
    const { bar, joint } = hingedBar(world, { enableLimit: true, lowerAngle: lower, upperAngle: 0.25 }, 100);
    // a heavy tip load: a circle of 50 times the bar's density at its far end
    world.createCircleShape(bar, makeCircle(0.9, 0, 0.1), { density: 5000 });
    let worst = 0;
    for (let i = 0; i < 180; i++) {
      world.step(DT);
      const angle = world.getJointState(joint.id).angle!;
      worst = Math.max(worst, lower - angle);
    }
    const angle = world.getJointState(joint.id).angle!;
    // at rest the limit torque balances the gravity torque about the pivot, and the soft
    // limit yields by torque / (I omega^2), I the bar's inertia about its center of mass
    const m = world.getBodyMass(bar);
    const c = world.getBodyWorldCenter(bar);
    const gravityTorque = m * G * c.x;
    const limitTorque = world.getJointConstraintTorque(joint.id);
    expect(limitTorque).toBeGreaterThan(0);
    const predicted = limitTorque / (world.getBodyRotationalInertia(bar) * JOINT_OMEGA * JOINT_OMEGA);
    const resting = lower - angle;
    expect(resting).toBeGreaterThan(0.8 * predicted);
    expect(resting).toBeLessThan(1.2 * predicted);
    expect(worst).toBeLessThan(0.02);
    console.log(
      `[heavy arm] mass ${m.toFixed(0)} kg, gravity torque ${gravityTorque.toFixed(0)} N m, limit torque ` +
        `${limitTorque.toFixed(0)} N m, resting penetration ${resting.toExponential(2)} rad ` +
        `(model ${predicted.toExponential(2)}), worst ${worst.toExponential(2)} rad`,
    );
  });

  it('a motor accelerates a wheel at maxMotorTorque / I, reaches its target speed and never exceeds its torque', () => {
    const world = new World({ enableSleep: false });
    const pivot = world.createBody();
    const wheel = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 0 } });
    world.createCircleShape(wheel, makeCircle(0, 0, 1), { density: 5 });
    const maxTorque = 10;
    const target = 5;
    const joint = world.createRevoluteJoint({
      bodyA: pivot,
      bodyB: wheel,
      enableMotor: true,
      motorSpeed: target,
      maxMotorTorque: maxTorque,
    });
    const inertia = world.getBodyRotationalInertia(wheel);
    const reachTime = (target * inertia) / maxTorque;
    let maxSeen = 0;
    let speedAt1s = 0;
    for (let i = 1; i <= Math.ceil((reachTime + 1) * 60); i++) {
      world.step(DT);
      maxSeen = Math.max(maxSeen, Math.abs(world.getJointConstraintTorque(joint)));
      if (i === 60) speedAt1s = world.getBodyAngularVelocity(wheel);
    }
    expect(maxSeen).toBeLessThanOrEqual(maxTorque * (1 + 1e-12));
    expect(speedAt1s).toBeCloseTo((maxTorque / inertia) * 1, 6);
    expect(Math.abs(world.getJointState(joint).speed! - target)).toBeLessThan(1e-9);
    // once there it holds the speed with (almost) no torque
    expect(Math.abs(world.getJointConstraintTorque(joint))).toBeLessThan(1e-6);
    console.log(
      `[motor] I ${inertia.toFixed(3)} kg m^2, reached ${target} rad/s after ${reachTime.toFixed(2)} s, ` +
        `max torque seen ${maxSeen.toFixed(6)} N m (limit ${maxTorque})`,
    );
  });
});
