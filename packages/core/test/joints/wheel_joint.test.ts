/**
 * Wheel joints: suspension sag and the wheel motor.
 */

import { describe, expect, it } from 'vitest';
import { World } from '../../src/index';
import { carScene } from '../../src/scenes/index';
import { DT } from '../support';
import { TWO_PI } from './helpers';

describe('wheel joint', () => {
  it('a car settles at the static sag of its suspension within 5%', () => {
    const g = 10;
    const hertz = 4;
    const chassisMass = 4;
    const world = new World({ gravity: { x: 0, y: 0 } });
    const car = carScene(world, { chassisMass, hertz, dampingRatio: 0.7 });
    expect(world.getBodyMass(car.chassis)).toBeCloseTo(chassisMass, 9);
    for (let i = 0; i < 30; i++) world.step(DT);
    const unloaded = car.joints.map((j) => world.getJointState(j).translation!);
    world.setGravity({ x: 0, y: -g });
    for (let i = 0; i < 60 * 4; i++) world.step(DT);
    const loaded = car.joints.map((j) => world.getJointState(j).translation!);

    // The spring's stiffness is k = mEff (2 pi f)^2 with mEff the joint's own axial
    // effective mass (softness.ts): chassis and wheel masses plus the chassis' pitch
    // about its center (lever arm: the wheel's horizontal offset).
    const mC = world.getBodyMass(car.chassis);
    const iC = world.getBodyRotationalInertia(car.chassis);
    const mW = world.getBodyMass(car.wheels[0]!);
    const arm = world.getBodyPosition(car.wheels[1]!).x - world.getBodyWorldCenter(car.chassis).x;
    const mEff = 1 / (1 / mC + 1 / mW + (arm * arm) / iC);
    const k = mEff * (TWO_PI * hertz) ** 2;
    const perWheel = mC / 2;
    const expected = (perWheel * g) / k;
    for (let i = 0; i < 2; i++) {
      const sag = loaded[i]! - unloaded[i]!;
      expect(Math.abs(sag - expected) / expected).toBeLessThan(0.05);
    }
  });

  it('a wheel motor reaches its target speed and never exceeds its torque limit', () => {
    const world = new World();
    const maxMotorTorque = 5;
    const motorSpeed = -8;
    const car = carScene(world, { enableMotor: true, motorSpeed, maxMotorTorque });
    let peak = 0;
    for (let i = 0; i < 60 * 3; i++) {
      world.step(DT);
      for (const j of car.joints) {
        const t = Math.abs(world.getJointConstraintTorque(j));
        expect(t).toBeLessThanOrEqual(maxMotorTorque * (1 + 1e-9));
        peak = Math.max(peak, t);
      }
    }
    // the limit was reached while accelerating the car
    expect(peak).toBeGreaterThan(0.999 * maxMotorTorque);
    for (const j of car.joints) {
      const speed = world.getJointState(j).speed!;
      expect(Math.abs(speed - motorSpeed) / -motorSpeed).toBeLessThan(0.01);
    }
    // and the car rolls forward (+x) at about wheel speed times radius
    expect(world.getBodyLinearVelocity(car.chassis).x).toBeGreaterThan(0.95 * 8 * 0.4);
  });
});
