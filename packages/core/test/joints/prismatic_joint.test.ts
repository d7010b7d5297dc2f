/**
 * Prismatic joints: limits, motor, axis keeping, spring frequency, a light slider.
 */

import { describe, expect, it } from 'vitest';
import { type BodyId, BodyType, type JointId, makeBox, World } from '../../src/index';
import { DT } from '../support';
import { addBlock } from './helpers';

type RailDef = Omit<Parameters<World['createPrismaticJoint']>[0], 'bodyA' | 'bodyB'>;

/**
 * A world under 10 m/s² of gravity and a 10 kg block of half-sizes (hx, 0.25) at (x, y),
 * on a prismatic joint `def` from a static ground at the origin.
 */
function blockOnRail(
  x: number,
  y: number,
  hx: number,
  def: RailDef,
): { world: World; block: BodyId; j: JointId } {
  const world = new World({ gravity: { x: 0, y: -10 } });
  const ground = world.createBody();
  const block = addBlock(world, x, y, hx, 0.25, 10);
  const j = world.createPrismaticJoint({ bodyA: ground, bodyB: block, ...def });
  return { world, block, j };
}

function translationOf(world: World, j: JointId): number {
  return world.getJointState(j).translation!;
}

describe('prismatic joint', () => {
  it('the lower limit holds a 10 kg block under gravity, and the upper limit stops a motor', () => {
    // vertical axis, block dropped 1 m onto the lower limit
    const { world, block, j } = blockOnRail(0, 2, 0.25, {
      localAnchorA: { x: 0, y: 2 },
      localAxisA: { x: 0, y: 1 },
      enableLimit: true,
      lowerTranslation: -1,
      upperTranslation: 1,
    });
    expect(world.getBodyMass(block)).toBeCloseTo(10, 12);
    for (let i = 0; i < 60; i++) world.step(DT); // falls for ~0.45 s, lands
    let worst = 0;
    for (let i = 0; i < 180; i++) {
      world.step(DT);
      worst = Math.max(worst, Math.abs(translationOf(world, j) + 1));
    }
    expect(worst).toBeLessThan(0.005);
    // the limit carries the weight: 100 N up on the block
    expect(world.getJointConstraintForce(j).y).toBeCloseTo(100, 1);

    // horizontal slider driven by a motor into its upper limit
    const { world: w2, j: s } = blockOnRail(0, 0, 0.25, {
      localAxisA: { x: 1, y: 0 },
      enableLimit: true,
      lowerTranslation: -0.5,
      upperTranslation: 1,
      enableMotor: true,
      motorSpeed: 2,
      maxMotorForce: 200,
    });
    for (let i = 0; i < 60; i++) w2.step(DT); // reaches the limit after ~0.55 s
    let worstUpper = 0;
    for (let i = 0; i < 120; i++) {
      w2.step(DT);
      worstUpper = Math.max(worstUpper, Math.abs(translationOf(w2, s) - 1));
    }
    expect(worstUpper).toBeLessThan(0.005);
    expect(Math.abs(w2.getJointState(s).speed!)).toBeLessThan(1e-3);
  });

  it('the motor reaches its target speed and never pushes harder than maxMotorForce', () => {
    // lifts a 10 kg block at 1 m/s against gravity with at most 150 N
    const maxForce = 150;
    const { world, block, j } = blockOnRail(0, 0, 0.25, {
      localAxisA: { x: 0, y: 1 },
      enableMotor: true,
      motorSpeed: 1,
      maxMotorForce: maxForce,
    });
    let largest = 0;
    for (let i = 0; i < 90; i++) {
      world.step(DT);
      const f = world.getJointConstraintForce(j);
      const axial = f.y; // axis (0, 1), body A static: projection on the axis
      largest = Math.max(largest, Math.abs(axial));
    }
    // saturated while accelerating (net 50 N for 0.2 s), never above the cap
    expect(largest).toBeLessThanOrEqual(maxForce * (1 + 1e-12));
    expect(largest).toBeGreaterThan(0.999 * maxForce);
    const speed = world.getJointState(j).speed!;
    expect(Math.abs(speed - 1)).toBeLessThan(0.01);
    expect(world.getBodyLinearVelocity(block).y).toBeCloseTo(1, 2);
    // at cruise the motor only carries the weight
    expect(world.getJointConstraintForce(j).y).toBeCloseTo(100, 0);
  });

  it('keeps the body on the axis and its angle fixed under a sideways push', () => {
    const { world, block, j } = blockOnRail(0, 0, 0.5, {
      localAxisA: { x: 3, y: 3 }, // any length: stored normalised
    });
    const axis = (world.getJointParams(j) as { localAxisA: { x: number; y: number } }).localAxisA;
    expect(axis.x).toBeCloseTo(Math.SQRT1_2, 15);
    expect(axis.y).toBeCloseTo(Math.SQRT1_2, 15);
    // 400 N perpendicular to the axis, applied 0.4 m off the center: force and torque
    const nx = -Math.SQRT1_2;
    const ny = Math.SQRT1_2;
    let worstDrift = 0;
    let worstAngle = 0;
    for (let i = 0; i < 120; i++) {
      const c = world.getBodyWorldPoint(block, { x: 0.4, y: 0 });
      world.applyBodyForce(block, { x: 400 * nx, y: 400 * ny }, c);
      world.step(DT);
      const p = world.getBodyPosition(block);
      worstDrift = Math.max(worstDrift, Math.abs(p.x * nx + p.y * ny));
      worstAngle = Math.max(worstAngle, Math.abs(world.getBodyAngle(block)));
    }
    // it did slide (gravity along the axis), yet stayed on it
    expect(translationOf(world, j)).toBeLessThan(-5);
    expect(worstDrift).toBeLessThan(0.005);
    expect(worstAngle).toBeLessThan(0.01);
  });

  it('an undamped axial spring oscillates at its frequency', () => {
    const hertz = 2;
    const { world, j } = blockOnRail(0.3, 0, 0.25, {
      localAxisA: { x: 1, y: 0 },
      enableSpring: true,
      hertz,
      dampingRatio: 0,
    });
    expect(translationOf(world, j)).toBeCloseTo(0.3, 12);
    const crossings: number[] = [];
    let prev = translationOf(world, j);
    for (let i = 1; i <= 180; i++) {
      world.step(DT);
      const t = translationOf(world, j);
      if (prev > 0 && t <= 0) crossings.push((i - 1 + prev / (prev - t)) * DT);
      prev = t;
    }
    expect(crossings.length).toBeGreaterThanOrEqual(5);
    const period = (crossings[crossings.length - 1]! - crossings[0]!) / (crossings.length - 1);
    expect(Math.abs(period * hertz - 1)).toBeLessThan(0.05);
  });
});

describe('prismatic joint on a light body', () => {
  it('a slider whose carrier is yanked by a pin 1 m open stays on its rail at a bounded speed', () => {
    // Three 2 g boxes made in one place: a carrier pinned to the world by a pin that starts
    // 1 m open, a slider locked to the carrier by a prismatic joint with its limits pinned
    // together, and a free box that the contacts push out. Solved with the start-of-step
    // mass along the rail (the arms change as the carrier is yanked), the slider reached
    // 95 km/s in the first step.
    const world = new World({ gravity: { x: 0, y: -10 } });
    const ground = world.createBody();
    const boxes = [0, 1, 2].map(() => {
      const id = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 1 } });
      world.createPolygonShape(id, makeBox(0.1, 0.05), { density: 0.1 });
      return id;
    });
    const [slider, , carrier] = boxes as [BodyId, BodyId, BodyId];
    world.createPrismaticJoint({
      bodyA: carrier,
      bodyB: slider,
      localAxisA: { x: 1, y: 0 },
      enableLimit: true,
      lowerTranslation: 0,
      upperTranslation: 0,
    });
    world.createRevoluteJoint({ bodyA: ground, bodyB: carrier });
    let fastest = 0;
    let offRail = 0;
    for (let i = 0; i < 120; i++) {
      world.step(1 / 60);
      for (const id of boxes) {
        const v = world.getBodyLinearVelocity(id);
        fastest = Math.max(fastest, Math.hypot(v.x, v.y));
      }
      if (i >= 60) {
        const c = world.getBodyPosition(carrier);
        const s = world.getBodyPosition(slider);
        offRail = Math.max(offRail, Math.hypot(s.x - c.x, s.y - c.y));
      }
    }
    // closing a 1 m gap at the joint stiffness (about 70 / s) on 2 g bodies
    expect(fastest).toBeLessThan(80);
    // the slider sits on its carrier once the pin has closed
    expect(offRail).toBeLessThan(0.05);
  });
});
