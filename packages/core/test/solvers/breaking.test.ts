/**
 * Breakable joints under every alternative solver: each joint's force and torque are read
 * out of its rows' impulses (solvers/joint_rows.ts), and a joint breaks once the load on
 * it passes its limit, not before.
 */

import { describe, expect, it } from 'vitest';
import { BodyType, type JointId, makeBox, type Solver, type World } from '../../src/index';
import { bar, jointWorld, SOLVERS } from './solver_support';

const G = 10;
const DT = 1 / 60;

/**
 * Steps `world` while the load on `joint` grows (`apply(step)` before each step); returns the step the joint broke at and the largest read-out (force or torque,
 * `read`) it reported before.
 */
function loadUntilBroken(
  world: World,
  joint: JointId,
  apply: (step: number) => void,
  read: () => number,
): { broke: number; largestBefore: number } {
  let largestBefore = 0;
  for (let step = 1; step <= 600; step++) {
    apply(step);
    world.step(DT);
    if (!world.isJointEnabled(joint)) return { broke: step, largestBefore };
    largestBefore = Math.max(largestBefore, read());
  }
  return { broke: -1, largestBefore };
}

/** A 1 kg box hanging from a revolute joint at (0, 5), pulled down by a force growing 0.5 N a step. */
function hangingBox(solver: Solver, breakForce: number) {
  const { world, ground } = jointWorld(solver, { x: 0, y: -G });
  const box = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 4 } });
  world.createPolygonShape(box, makeBox(0.5, 0.5), { density: 1 });
  const joint = world.createRevoluteJoint({
    bodyA: ground,
    bodyB: box,
    localAnchorA: { x: 0, y: 5 },
    localAnchorB: { x: 0, y: 1 },
    breakForce,
  });
  const pull = (step: number) => world.applyBodyForceToCenter(box, { x: 0, y: -0.5 * step });
  const read = () =>
    Math.hypot(world.getJointConstraintForce(joint).x, world.getJointConstraintForce(joint).y);
  return { world, joint, pull, read };
}

describe.each(SOLVERS)('breakable joints under %s', (_name, make) => {
  it('a hinge reads the weight it holds, and breaks when the pull on it passes its limit', () => {
    // weight 10 N; the limit 40 N is reached when the pull is 30 N, at step 60
    const { world, joint, pull, read } = hangingBox(make(), 40);
    for (let i = 0; i < 60; i++) world.step(DT);
    // at rest the read-out is the weight, upward on the box
    const f = world.getJointConstraintForce(joint);
    expect(f.x).toBeCloseTo(0, 1);
    expect(f.y).toBeGreaterThan(0.9 * G);
    expect(f.y).toBeLessThan(1.1 * G);
    const { broke, largestBefore } = loadUntilBroken(world, joint, pull, read);
    // reported once, at the step it broke
    expect(world.getJointEvents().broken).toEqual([joint]);
    // it held while the load was under the limit and broke once it passed: the load at the
    // breaking step (10 N + 0.5 N a step) is the limit, within the solver's lag
    expect(broke).toBeGreaterThan(0);
    const loadAtBreak = G + 0.5 * broke;
    expect(loadAtBreak).toBeGreaterThan(0.9 * 40);
    expect(loadAtBreak).toBeLessThan(1.15 * 40);
    expect(largestBefore).toBeLessThanOrEqual(40);
    // a broken joint reads 0 and no longer holds the box
    expect(world.getJointConstraintForce(joint)).toEqual({ x: 0, y: 0 });
    const y = world.getBodyPosition(world.getJointBodyB(joint)).y;
    for (let i = 0; i < 30; i++) world.step(DT);
    expect(world.getBodyPosition(world.getJointBodyB(joint)).y).toBeLessThan(y - 1);
  });

  it('a hinge without a limit, and one whose limit the load never reaches, hold', () => {
    const held = hangingBox(make(), Infinity);
    const under = hangingBox(make(), 1000);
    for (let step = 1; step <= 120; step++) {
      held.pull(step);
      under.pull(step);
      held.world.step(DT);
      under.world.step(DT);
    }
    expect(held.world.isJointEnabled(held.joint)).toBe(true);
    expect(under.world.isJointEnabled(under.joint)).toBe(true);
    // the read-out follows the load: 10 N + 60 N at the last step
    expect(under.read()).toBeGreaterThan(0.9 * 70);
    expect(under.read()).toBeLessThan(1.1 * 70);
  });

  it('a weld breaks when the torque it carries passes its limit', () => {
    const { world, ground } = jointWorld(make(), { x: 0, y: 0 });
    const beam = bar(world, 1, 5);
    const joint = world.createWeldJoint({
      bodyA: ground,
      bodyB: beam,
      localAnchorA: { x: 0, y: 5 },
      localAnchorB: { x: -1, y: 0 },
      breakTorque: 20,
    });
    // a torque on the bar growing 0.25 N m a step: the limit is reached at step 80
    const twist = (step: number) => world.applyBodyTorque(beam, 0.25 * step);
    const read = () => Math.abs(world.getJointConstraintTorque(joint));
    const { broke, largestBefore } = loadUntilBroken(world, joint, twist, read);
    expect(broke).toBeGreaterThan(0);
    expect(0.25 * broke).toBeGreaterThan(0.9 * 20);
    expect(0.25 * broke).toBeLessThan(1.15 * 20);
    expect(largestBefore).toBeLessThanOrEqual(20);
    expect(largestBefore).toBeGreaterThan(0.8 * 20);
  });
});
