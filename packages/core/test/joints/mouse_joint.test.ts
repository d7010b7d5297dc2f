/**
 * Mouse joints: pulling to a target within maxForce, waking, stiff springs.
 */

import { describe, expect, it } from 'vitest';
import { JointType, World } from '../../src/index';
import { DT } from '../support';
import { LOG, box, distance, forceLength } from './helpers';

/** A 1 kg box at (0, 5) under gravity, pulled by a mouse joint of `hertz` to (3, 5). */
function boxPulledTo3m(hertz: number, maxForce: number) {
  const world = new World({ gravity: { x: 0, y: -10 } });
  const ground = world.createBody();
  const b = box(world, 0, 5);
  const j = world.createMouseJoint({
    bodyA: ground,
    bodyB: b,
    target: { x: 3, y: 5 },
    hertz,
    dampingRatio: 0.7,
    maxForce,
  });
  return { world, b, j };
}

describe('mouse joint', () => {
  it('pulls a 1 kg box 3 m to the target with at most maxForce, holds it within 1 cm, and follows a moved target', () => {
    const maxForce = 100;
    const { world, b, j } = boxPulledTo3m(10, maxForce);
    expect(world.getJointType(j)).toBe(JointType.Mouse);
    let peakForce = 0;
    let worstHold = 0;
    for (let i = 1; i <= 240; i++) {
      world.step(DT);
      const f = forceLength(world, j);
      expect(f).toBeLessThanOrEqual(maxForce * (1 + 1e-9));
      peakForce = Math.max(peakForce, f);
      if (i >= 90) worstHold = Math.max(worstHold, distance(world.getBodyPosition(b), 3, 5));
    }
    // the clamp was reached while pulling (3 m away the spring alone would ask ~3,000 N)
    expect(peakForce).toBeGreaterThan(0.999 * maxForce);
    // held from 1.5 s on; the spring sags by g / omega^2 = 2.5 mm under gravity
    expect(worstHold).toBeLessThan(0.01);
    // at rest the joint carries exactly the weight
    const hold = world.getJointConstraintForce(j);
    expect(Math.abs(hold.x)).toBeLessThan(1e-6);
    expect(hold.y).toBeCloseTo(10, 6);
    expect(Math.abs(world.getBodyAngle(b))).toBeLessThan(1e-9);

    // move the target 2 m up: the box follows and holds again
    world.setJointParams(j, { target: { x: 3, y: 7 } });
    expect(world.getJointParams(j)).toMatchObject({ target: { x: 3, y: 7 } });
    for (let i = 1; i <= 120; i++) {
      world.step(DT);
      expect(forceLength(world, j)).toBeLessThanOrEqual(maxForce * (1 + 1e-9));
    }
    const p = world.getBodyPosition(b);
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
    expect(world.isBodyAwake(b)).toBe(false);
    world.setJointParams(j, { target: { x: 1, y: 0 } });
    expect(world.isBodyAwake(b)).toBe(true);
    for (let i = 0; i < 120; i++) world.step(DT);
    expect(distance(world.getBodyPosition(b), 1, 0)).toBeLessThan(0.01);
  });

  it('a 1,000 Hz spring stepped at 60 Hz stays stable and is as rigid as the solver allows', () => {
    const maxForce = 1000 * 10; // 1000 times the weight
    const { world, b, j } = boxPulledTo3m(1000, maxForce);
    let maxSpeed = 0;
    let reachedAt = -1;
    let worstLate = 0;
    let lateSpeed = 0;
    for (let i = 1; i <= 120; i++) {
      world.step(DT);
      const p = world.getBodyPosition(b);
      const v = world.getBodyLinearVelocity(b);
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
