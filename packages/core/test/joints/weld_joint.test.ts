/**
 * Weld joints: rigid and soft welds.
 */

import { describe, expect, it } from 'vitest';
import { type BodyId, BodyType, makeBox, World } from '../../src/index';
import { DT } from '../support';

describe('weld joint', () => {
  it('two rigidly welded boxes stay together while tumbling', () => {
    const world = new World({ gravity: { x: 0, y: -10 } });
    const ground = world.createBody();
    world.createPolygonShape(ground, makeBox(20, 0.5));
    const a = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 3 } });
    world.createPolygonShape(a, makeBox(0.5, 0.25), { density: 1 });
    const b = world.createBody({ type: BodyType.Dynamic, position: { x: 0.8, y: 3 } });
    world.createPolygonShape(b, makeBox(0.3, 0.3), { density: 5 });
    world.createWeldJoint({
      bodyA: a,
      bodyB: b,
      localAnchorA: { x: 0.5, y: 0 },
      localAnchorB: { x: -0.3, y: 0 },
    });
    // spin the pair as one rigid body, drop it (lands at ~6 m/s), let it tumble on the ground
    const spin = 8;
    world.setBodyLinearVelocity(a, { x: 2, y: 0 });
    world.setBodyAngularVelocity(a, spin);
    world.setBodyLinearVelocity(b, { x: 2, y: spin * 0.8 });
    world.setBodyAngularVelocity(b, spin);
    let worstDrift = 0;
    let worstAngle = 0;
    let turned = 0;
    for (let i = 0; i < 180; i++) {
      world.step(DT);
      const pa = world.getBodyWorldPoint(a, { x: 0.5, y: 0 });
      const pb = world.getBodyWorldPoint(b, { x: -0.3, y: 0 });
      worstDrift = Math.max(worstDrift, Math.hypot(pb.x - pa.x, pb.y - pa.y));
      const ra = world.getBodyRotation(a);
      const rb = world.getBodyRotation(b);
      // sine of the relative angle
      worstAngle = Math.max(worstAngle, Math.abs(rb.s * ra.c - rb.c * ra.s));
      turned = Math.max(turned, Math.abs(world.getBodyAngle(a)));
    }
    expect(turned).toBeGreaterThan(2); // it really tumbled
    expect(worstDrift).toBeLessThan(0.005);
    expect(worstAngle).toBeLessThan(0.01);
  });

  it('a soft-welded cantilever of 10 boxes sags by the series-spring deflection and rests', () => {
    /*
     * Analytic bound (small angles). makeSoft uses the angular row's effective mass, so
     * joint i is a torsional spring of stiffness k_i = omega^2 / (1/I_{i-1} + 1/I_i)
     * (I_{-1} = infinity for the wall), omega = 2 pi angularHertz. With n_i boxes of
     * length L and mass m outboard of joint i, the gravity moment is
     * M_i = m g L n_i^2 / 2; joint i turns by theta_i = M_i / k_i and lowers the tip by
     * theta_i * L * n_i. Mass cancels; with L = 0.5, H = 0.1, f = 5 Hz the tip sag is
     * about 29.5 m per m/s^2 of gravity, so at g = 10 the root alone would turn 11.7 rad:
     * such a chain just hangs. The lowest mode of the chain also has a period of about
     * 30 s (damped at only zeta * f_mode / f ~ 0.5%), far longer than 5 s. We therefore
     * use g = 0.01 m/s^2 (tip sag ~0.3 m, total bend < 0.08 rad: small-angle error
     * < 0.3%) and start the chain at the analytic pose: if the joint stiffness differed
     * from k_i, the chain would sag toward another pose and swing slowly, failing both
     * the sag band and the at-rest check below.
     * Bound: measured sag < 1.05 * analytic (margin for the 0.3% geometry error and the
     * soft point constraints); it must also exceed 0.95 * analytic (the weld is soft).
     */
    const g = 0.01;
    const n = 10;
    const L = 0.5;
    const hy = 0.05;
    const hertz = 5;
    const world = new World({ gravity: { x: 0, y: -g }, enableSleep: false });
    const wall = world.createBody();
    const omega2 = (2 * Math.PI * hertz) ** 2;
    const mass = 1;
    const inertia = (mass * (L * L + 4 * hy * hy)) / 12;
    const theta: number[] = [];
    let sag = 0;
    for (let i = 0; i < n; i++) {
      const k = i === 0 ? omega2 * inertia : omega2 / (2 / inertia);
      const outboard = n - i;
      const moment = (mass * g * L * outboard * outboard) / 2;
      theta.push(moment / k);
      sag += (moment / k) * L * outboard;
    }
    // place the boxes along the bent line
    const boxes: BodyId[] = [];
    let prev = wall;
    let jx = 0;
    let jy = 0;
    let phi = 0;
    for (let i = 0; i < n; i++) {
      phi -= theta[i]!;
      const c = Math.cos(phi);
      const s = Math.sin(phi);
      const b = world.createBody({
        type: BodyType.Dynamic,
        position: { x: jx + 0.5 * L * c, y: jy + 0.5 * L * s },
        angle: phi,
      });
      world.createPolygonShape(b, makeBox(0.5 * L, hy), { density: mass / (L * 2 * hy) });
      world.createWeldJoint({
        bodyA: prev,
        bodyB: b,
        localAnchorA: { x: i === 0 ? 0 : 0.5 * L, y: 0 },
        localAnchorB: { x: -0.5 * L, y: 0 },
        // the weld holds the relative angle it was created with unless told otherwise
        referenceAngle: 0,
        angularHertz: hertz,
        angularDampingRatio: 0.7,
      });
      boxes.push(b);
      prev = b;
      jx += L * c;
      jy += L * s;
    }
    expect(world.getBodyMass(boxes[0]!)).toBeCloseTo(mass, 12);
    for (let i = 0; i < 300; i++) world.step(DT);
    const tip = world.getBodyWorldPoint(boxes[n - 1]!, { x: 0.5 * L, y: 0 });
    const measured = -tip.y;
    expect(measured).toBeLessThan(1.05 * sag);
    expect(measured).toBeGreaterThan(0.95 * sag);
    let fastest = 0;
    for (const b of boxes) {
      const v = world.getBodyLinearVelocity(b);
      fastest = Math.max(fastest, Math.hypot(v.x, v.y));
    }
    expect(fastest).toBeLessThan(1e-3);
  });
});
