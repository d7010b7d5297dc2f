/**
 * Distance joints: spring frequency and damping, ropes and rods.
 */

import { describe, expect, it } from 'vitest';
import { type BodyId, BodyType, makeCircle, World } from '../../src/index';
import { DT } from '../support';
import { TWO_PI } from './helpers';

/** A static anchor at the origin and a ball at (x, y), free of gravity unless asked. */
function springWorld(opts: { x: number; y?: number; density?: number; gravity?: number }): {
  world: World;
  anchor: BodyId;
  ball: BodyId;
} {
  const world = new World({ gravity: { x: 0, y: opts.gravity ?? 0 } });
  const anchor = world.createBody();
  const ball = world.createBody({ type: BodyType.Dynamic, position: { x: opts.x, y: opts.y ?? 0 } });
  world.createCircleShape(ball, makeCircle(0, 0, 0.1), { density: opts.density ?? 1 });
  return { world, anchor, ball };
}

/**
 * Frequency (Hz) of x(t) - rest from its zero crossings (both directions, linearly
 * interpolated): half periods between the first and the last crossing.
 */
function measureFrequency(world: World, body: BodyId, rest: number, steps: number): number {
  const crossings: number[] = [];
  let prev = world.getBodyPosition(body).x - rest;
  for (let i = 1; i <= steps; i++) {
    world.step(DT);
    const x = world.getBodyPosition(body).x - rest;
    if ((prev > 0 && x <= 0) || (prev < 0 && x >= 0)) crossings.push((i - 1 + prev / (prev - x)) * DT);
    prev = x;
  }
  expect(crossings.length).toBeGreaterThan(6);
  const halfPeriod = (crossings[crossings.length - 1]! - crossings[0]!) / (crossings.length - 1);
  return 1 / (2 * halfPeriod);
}

describe('distance joint spring', () => {
  const f = 2;

  /** A ball on a spring of rest length 1, released at x from the anchor. */
  function oscillator(density: number, dampingRatio = 0, x = 1.25): { world: World; ball: BodyId } {
    const { world, anchor, ball } = springWorld({ x, density });
    world.createDistanceJoint({
      bodyA: anchor,
      bodyB: ball,
      length: 1,
      enableSpring: true,
      hertz: f,
      dampingRatio,
    });
    return { world, ball };
  }

  it('an undamped mass oscillates at the spring frequency within 5%', () => {
    const { world, ball } = oscillator(1);
    const measured = measureFrequency(world, ball, 1, 60 * 4);
    expect(Math.abs(measured - f) / f).toBeLessThan(0.05);
  });

  it('keeps its frequency with a 10x heavier mass (hertz is mass independent)', () => {
    const light = oscillator(1);
    const heavy = oscillator(10);
    expect(heavy.world.getBodyMass(heavy.ball)).toBeCloseTo(10 * light.world.getBodyMass(light.ball), 9);
    const fLight = measureFrequency(light.world, light.ball, 1, 60 * 4);
    const fHeavy = measureFrequency(heavy.world, heavy.ball, 1, 60 * 4);
    expect(Math.abs(fHeavy - f) / f).toBeLessThan(0.05);
    expect(Math.abs(fHeavy - fLight) / fLight).toBeLessThan(0.05);
  });

  it('critically damped (ratio 1) it settles without overshooting 2% of the displacement', () => {
    const x0 = 0.25;
    const { world, ball } = oscillator(1, 1, 1 + x0);
    let minDisp = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 60 * 3; i++) {
      world.step(DT);
      minDisp = Math.min(minDisp, world.getBodyPosition(ball).x - 1);
    }
    expect(minDisp).toBeGreaterThan(-0.02 * x0);
    // and it did come back to rest
    expect(Math.abs(world.getBodyPosition(ball).x - 1)).toBeLessThan(0.01 * x0);
  });

  it('one sub-step is the implicit-Euler oscillator update on the constraint coordinate (1e-9)', () => {
    const cases = [
      { dt: 1 / 60, hertz: 2, zeta: 0 },
      { dt: 1 / 60, hertz: 5, zeta: 0.7 },
      { dt: 1 / 30, hertz: 12, zeta: 0.2 },
      { dt: 1 / 240, hertz: 0.5, zeta: 2 },
      { dt: 1 / 120, hertz: 30, zeta: 1 },
    ];
    for (const c of cases) {
      const { world, anchor, ball } = springWorld({ x: 1.3, y: 0.2 });
      // anchor off the center of B so the effective mass has an angular part
      const lbx = 0.1;
      const lby = 0.05;
      world.createDistanceJoint({
        bodyA: anchor,
        bodyB: ball,
        localAnchorB: { x: lbx, y: lby },
        length: 1,
        enableSpring: true,
        hertz: c.hertz,
        dampingRatio: c.zeta,
      });
      const v0 = { x: 0.3, y: -0.2 };
      const w0 = 0.5;
      world.setBodyLinearVelocity(ball, v0);
      world.setBodyAngularVelocity(ball, w0);

      // prepared quantities, from the state before the step (angle 0, center at origin of B)
      const m = world.getBodyMass(ball);
      const I = world.getBodyRotationalInertia(ball);
      const p = world.getBodyPosition(ball);
      const sepX = p.x + lbx;
      const sepY = p.y + lby;
      const len = Math.hypot(sepX, sepY);
      const ux = sepX / len;
      const uy = sepY / len;
      const crB = lbx * uy - lby * ux;
      const mEff = 1 / (1 / m + (crB * crB) / I);
      const C1 = len - 1;
      const cdot1 = ux * (v0.x - w0 * lby) + uy * (v0.y + w0 * lbx);
      // implicit Euler: v2 - v1 = -h w^2 x2 - 2 zeta w h v2, x2 = x1 + h v2
      const h = c.dt;
      const omega = TWO_PI * c.hertz;
      const cdot2 = (cdot1 - h * omega * omega * C1) / (1 + 2 * c.zeta * omega * h + h * h * omega * omega);
      const impulse = mEff * (cdot2 - cdot1);

      world.step(c.dt, 1);
      const v = world.getBodyLinearVelocity(ball);
      const w = world.getBodyAngularVelocity(ball);
      expect(Math.abs(v.x - (v0.x + (impulse * ux) / m))).toBeLessThan(1e-9);
      expect(Math.abs(v.y - (v0.y + (impulse * uy) / m))).toBeLessThan(1e-9);
      expect(Math.abs(w - (w0 + (impulse * crB) / I))).toBeLessThan(1e-9);
      // the update is not trivial
      expect(Math.abs(impulse)).toBeGreaterThan(1e-4);
    }
  });
});

describe('distance joint rope and rod', () => {
  it('a rope holds a hanging mass at max length within 1 cm and lets it move closer freely', () => {
    const g = 10;
    const world = new World({ gravity: { x: 0, y: -g } });
    const anchor = world.createBody({ position: { x: 0, y: 5 } });
    const ball = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 4 } });
    world.createCircleShape(ball, makeCircle(0, 0, 0.1), { density: 1 });
    const maxLength = 2;
    const rope = world.createDistanceJoint({
      bodyA: anchor,
      bodyB: ball,
      length: maxLength,
      enableSpring: true,
      hertz: 0,
      enableLimit: true,
      minLength: 0,
      maxLength,
    });
    // starts 1 m from the anchor: free fall until the rope is taut
    let step = 0;
    for (;;) {
      world.step(DT);
      step++;
      // the speculative limit may act in the step that reaches the rope length
      if (world.getJointState(rope).length! > maxLength - 0.1) break;
      expect(Math.abs(world.getBodyLinearVelocity(ball).y + g * step * DT)).toBeLessThan(1e-9);
      expect(Math.abs(world.getJointConstraintForce(rope).y)).toBe(0);
    }
    expect(step).toBeGreaterThan(10);
    // caught, then hangs at max length
    let worst = 0;
    for (let i = 0; i < 60 * 2; i++) {
      world.step(DT);
      worst = Math.max(worst, Math.abs(world.getJointState(rope).length! - maxLength));
    }
    expect(worst).toBeLessThan(0.01);
    // the rope carries the weight
    const weight = world.getBodyMass(ball) * g;
    expect(Math.abs(world.getJointConstraintForce(rope).y - weight) / weight).toBeLessThan(0.01);

    // thrown upward it moves closer freely: ballistic, no rope force
    world.setBodyLinearVelocity(ball, { x: 0, y: 3 });
    for (let i = 1; i <= 12; i++) {
      world.step(DT);
      expect(Math.abs(world.getBodyLinearVelocity(ball).y - (3 - g * i * DT))).toBeLessThan(1e-9);
      expect(Math.abs(world.getJointConstraintForce(rope).y)).toBe(0);
    }
    expect(world.getJointState(rope).length!).toBeLessThan(maxLength - 0.2);
  });

  it('a rigid rod pendulum keeps its length within 5 mm', () => {
    const world = new World({ gravity: { x: 0, y: -10 } });
    const anchor = world.createBody({ position: { x: 0, y: 5 } });
    const L = 2;
    const bob = world.createBody({ type: BodyType.Dynamic, position: { x: L, y: 5 } });
    world.createCircleShape(bob, makeCircle(0, 0, 0.1), { density: 1 });
    const rod = world.createDistanceJoint({ bodyA: anchor, bodyB: bob, length: L });
    let worst = 0;
    let lowest = 5;
    for (let i = 0; i < 60 * 5; i++) {
      world.step(DT);
      worst = Math.max(worst, Math.abs(world.getJointState(rod).length! - L));
      lowest = Math.min(lowest, world.getBodyPosition(bob).y);
    }
    expect(worst).toBeLessThan(0.005);
    // it did swing through the bottom
    expect(lowest).toBeLessThan(5 - L + 0.01);
  });

  it('a rod 1 cm long between the ends of two hanging links holds without gaining energy', () => {
    // The anchors start together, so the rod's axis is set by noise and turns far within a
    // step. Solved with the start-of-step mass along it, this pendulum reached 170 km/s.
    const world = new World({ gravity: { x: 0, y: -10 } });
    const anchor = world.createBody({ position: { x: 0, y: 10 } });
    const a = world.createBody({ type: BodyType.Dynamic, position: { x: 0.5, y: 10 } });
    world.createCircleShape(a, makeCircle(0, 0, 0.2), { density: 1 });
    const pinA = { x: -0.5, y: 0 };
    world.createRevoluteJoint({ bodyA: anchor, bodyB: a, localAnchorA: { x: 0, y: 0 }, localAnchorB: pinA });
    const b = world.createBody({ type: BodyType.Dynamic, position: { x: 1.5, y: 10 } });
    world.createCircleShape(b, makeCircle(0, 0, 0.2), { density: 1 });
    const endA = { x: 0.5, y: 0 };
    const endB = { x: -0.5, y: 0 };
    world.createDistanceJoint({ bodyA: a, bodyB: b, localAnchorA: endA, localAnchorB: endB, length: 0.01 });
    let worst = 0;
    let fastest = 0;
    for (let i = 0; i < 60 * 5; i++) {
      world.step(DT);
      const pa = world.getBodyWorldPoint(a, endA);
      const pb = world.getBodyWorldPoint(b, endB);
      worst = Math.max(worst, Math.abs(Math.hypot(pb.x - pa.x, pb.y - pa.y) - 0.01));
      const v = world.getBodyLinearVelocity(b);
      fastest = Math.max(fastest, Math.hypot(v.x, v.y));
    }
    // the soft rod (the world's joint softness) swings between folded and stretched links
    expect(worst).toBeLessThan(0.02);
    // falling from rest through at most 2.4 m: sqrt(2 g h) < 7 m/s
    expect(fastest).toBeLessThan(7);
  });
});

describe('a distance joint given hertz', () => {
  it('a distance joint given hertz > 0 is a spring, not silently a rigid rod', () => {
    // a ball 1 m from the anchor on a 1 m joint, pulled out 0.2 m: a 2 Hz spring lets it
    // oscillate; a rod would hold the length
    const { world, anchor, ball } = springWorld({ x: 1.2 });
    const j = world.createDistanceJoint({ bodyA: anchor, bodyB: ball, length: 1, hertz: 2, dampingRatio: 0 });
    expect(world.getJointParams(j).enableSpring).toBe(true);
    const f = measureFrequency(world, ball, 1, 240);
    expect(f).toBeGreaterThan(1.9);
    expect(f).toBeLessThan(2.1);
  });

  it('an explicit enableSpring: false keeps the rod, with its spring settings for later', () => {
    const { world, anchor, ball } = springWorld({ x: 1.2 });
    const j = world.createDistanceJoint({
      bodyA: anchor,
      bodyB: ball,
      length: 1,
      hertz: 2,
      enableSpring: false,
    });
    expect(world.getJointParams(j).enableSpring).toBe(false);
    expect(world.getJointParams(j).hertz).toBe(2);
  });
});
