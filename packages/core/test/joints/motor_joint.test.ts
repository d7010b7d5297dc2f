/**
 * Motor joints: driving a body to an offset within maxForce and maxTorque.
 */

import { describe, expect, it } from 'vitest';
import { JointType, World } from '../../src/index';
import { DT } from '../support';
import { LOG, box, distance, forceLength } from './helpers';

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
    const p = world.getBodyPosition(b);
    const angleErr = world.getBodyAngle(b) - (angleA + 0.7);
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
