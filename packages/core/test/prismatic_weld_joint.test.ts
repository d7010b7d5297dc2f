/**
 * Prismatic and weld joints: limits, motor, axis keeping, spring frequency, rigid and
 * soft welds, and rejection of bad parameters.
 */

import { describe, expect, it } from 'vitest';
import { type BodyId, BodyType, type JointId, makeBox, World } from '../src/index';

const DT = 1 / 60;

/** A dynamic box of the given mass (kg) with half extents hx, hy. */
function addBlock(world: World, x: number, y: number, hx: number, hy: number, mass: number): BodyId {
  const b = world.createBody({ type: BodyType.Dynamic, position: { x, y } });
  world.createPolygonShape(b, makeBox(hx, hy), { density: mass / (4 * hx * hy) });
  return b;
}

function translationOf(world: World, j: JointId): number {
  return world.getJointState(j).translation!;
}

describe('prismatic joint', () => {
  it('the lower limit holds a 10 kg block under gravity, and the upper limit stops a motor', () => {
    // vertical axis, block dropped 1 m onto the lower limit
    const world = new World({ gravity: { x: 0, y: -10 } });
    const ground = world.createBody();
    const block = addBlock(world, 0, 2, 0.25, 0.25, 10);
    expect(world.getMass(block)).toBeCloseTo(10, 12);
    const j = world.createPrismaticJoint({
      bodyA: ground,
      bodyB: block,
      localAnchorA: { x: 0, y: 2 },
      localAxisA: { x: 0, y: 1 },
      enableLimit: true,
      lowerTranslation: -1,
      upperTranslation: 1,
    });
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
    const w2 = new World({ gravity: { x: 0, y: -10 } });
    const g2 = w2.createBody();
    const slider = addBlock(w2, 0, 0, 0.25, 0.25, 10);
    const s = w2.createPrismaticJoint({
      bodyA: g2,
      bodyB: slider,
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
    const world = new World({ gravity: { x: 0, y: -10 } });
    const ground = world.createBody();
    const block = addBlock(world, 0, 0, 0.25, 0.25, 10);
    const maxForce = 150;
    const j = world.createPrismaticJoint({
      bodyA: ground,
      bodyB: block,
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
    expect(world.getLinearVelocity(block).y).toBeCloseTo(1, 2);
    // at cruise the motor only carries the weight
    expect(world.getJointConstraintForce(j).y).toBeCloseTo(100, 0);
  });

  it('keeps the body on the axis and its angle fixed under a sideways push', () => {
    const world = new World({ gravity: { x: 0, y: -10 } });
    const ground = world.createBody();
    const block = addBlock(world, 0, 0, 0.5, 0.25, 10);
    const j = world.createPrismaticJoint({
      bodyA: ground,
      bodyB: block,
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
      const c = world.getWorldPoint(block, { x: 0.4, y: 0 });
      world.applyForce(block, { x: 400 * nx, y: 400 * ny }, c);
      world.step(DT);
      const p = world.getPosition(block);
      worstDrift = Math.max(worstDrift, Math.abs(p.x * nx + p.y * ny));
      worstAngle = Math.max(worstAngle, Math.abs(world.getAngle(block)));
    }
    // it did slide (gravity along the axis), yet stayed on it
    expect(translationOf(world, j)).toBeLessThan(-5);
    expect(worstDrift).toBeLessThan(0.005);
    expect(worstAngle).toBeLessThan(0.01);
  });

  it('an undamped axial spring oscillates at its frequency', () => {
    const world = new World({ gravity: { x: 0, y: -10 } });
    const ground = world.createBody();
    const block = addBlock(world, 0.3, 0, 0.25, 0.25, 10);
    const hertz = 2;
    const j = world.createPrismaticJoint({
      bodyA: ground,
      bodyB: block,
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
    world.setLinearVelocity(a, { x: 2, y: 0 });
    world.setAngularVelocity(a, spin);
    world.setLinearVelocity(b, { x: 2, y: spin * 0.8 });
    world.setAngularVelocity(b, spin);
    let worstDrift = 0;
    let worstAngle = 0;
    let turned = 0;
    for (let i = 0; i < 180; i++) {
      world.step(DT);
      const pa = world.getWorldPoint(a, { x: 0.5, y: 0 });
      const pb = world.getWorldPoint(b, { x: -0.3, y: 0 });
      worstDrift = Math.max(worstDrift, Math.hypot(pb.x - pa.x, pb.y - pa.y));
      const ra = world.getRotation(a);
      const rb = world.getRotation(b);
      // sine of the relative angle
      worstAngle = Math.max(worstAngle, Math.abs(rb.s * ra.c - rb.c * ra.s));
      turned = Math.max(turned, Math.abs(world.getAngle(a)));
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
    expect(world.getMass(boxes[0]!)).toBeCloseTo(mass, 12);
    for (let i = 0; i < 300; i++) world.step(DT);
    const tip = world.getWorldPoint(boxes[n - 1]!, { x: 0.5 * L, y: 0 });
    const measured = -tip.y;
    expect(measured).toBeLessThan(1.05 * sag);
    expect(measured).toBeGreaterThan(0.95 * sag);
    let fastest = 0;
    for (const b of boxes) {
      const v = world.getLinearVelocity(b);
      fastest = Math.max(fastest, Math.hypot(v.x, v.y));
    }
    expect(fastest).toBeLessThan(1e-3);
  });
});

describe('prismatic and weld snapshot', () => {
  it('a restored world with prismatic and weld joints continues bit for bit', () => {
    const world = new World({ gravity: { x: 0, y: -10 } });
    const ground = world.createBody();
    world.createPolygonShape(ground, makeBox(10, 0.5));
    const slider = addBlock(world, 0, 2, 0.25, 0.25, 10);
    world.createPrismaticJoint({
      bodyA: ground,
      bodyB: slider,
      localAnchorA: { x: 0, y: 2 },
      localAxisA: { x: 1, y: 0.2 },
      enableSpring: true,
      hertz: 1,
      dampingRatio: 0.1,
      enableLimit: true,
      lowerTranslation: -0.5,
      upperTranslation: 0.4,
      enableMotor: true,
      motorSpeed: 1,
      maxMotorForce: 30,
    });
    const a = addBlock(world, 3, 3, 0.5, 0.1, 2);
    const b = addBlock(world, 4, 3, 0.5, 0.1, 2);
    world.createWeldJoint({
      bodyA: ground,
      bodyB: a,
      localAnchorA: { x: 2.5, y: 3 },
      localAnchorB: { x: -0.5, y: 0 },
    });
    world.createWeldJoint({
      bodyA: a,
      bodyB: b,
      localAnchorA: { x: 0.5, y: 0 },
      localAnchorB: { x: -0.5, y: 0 },
      linearHertz: 10,
      linearDampingRatio: 0.5,
      angularHertz: 3,
      angularDampingRatio: 0.2,
    });
    for (let i = 0; i < 30; i++) world.step(DT);
    const copy = new World();
    copy.restore(world.snapshot());
    expect(copy.stateHash()).toBe(world.stateHash());
    for (let i = 0; i < 60; i++) {
      world.step(DT);
      copy.step(DT);
      expect(copy.stateHash()).toBe(world.stateHash());
    }
    expect(copy.snapshot()).toEqual(world.snapshot());
  });
});

describe('prismatic and weld bad input', () => {
  function makeCtx(): { world: World; ground: BodyId; body: BodyId; p: JointId; w: JointId } {
    const world = new World();
    const ground = world.createBody();
    world.createPolygonShape(ground, makeBox(10, 0.5));
    const body = addBlock(world, 0, 2, 0.5, 0.5, 1);
    const other = addBlock(world, 3, 2, 0.5, 0.5, 1);
    const p = world.createPrismaticJoint({ bodyA: ground, bodyB: body, localAxisA: { x: 0, y: 1 } });
    const w = world.createWeldJoint({ bodyA: ground, bodyB: other });
    for (let i = 0; i < 5; i++) world.step(DT);
    return { world, ground, body, p, w };
  }

  const createCases: [string, Record<string, unknown>, RegExp][] = [
    [
      'prismatic',
      { localAxisA: { x: 0, y: 0 } },
      /^createPrismaticJoint: localAxisA must .*non-zero.*got \(0, 0\)/,
    ],
    [
      'prismatic',
      { localAxisA: { x: Number.NaN, y: 1 } },
      /^createPrismaticJoint: localAxisA\.x must be finite, got NaN/,
    ],
    [
      'prismatic',
      { enableLimit: true, lowerTranslation: 2, upperTranslation: 1 },
      /^createPrismaticJoint: lowerTranslation must be <= upperTranslation \(1\), got 2/,
    ],
    ['prismatic', { hertz: -1 }, /^createPrismaticJoint: hertz must be finite and >= 0, got -1/],
    [
      'prismatic',
      { dampingRatio: -0.5 },
      /^createPrismaticJoint: dampingRatio must be finite and >= 0, got -0.5/,
    ],
    [
      'prismatic',
      { maxMotorForce: -1 },
      /^createPrismaticJoint: maxMotorForce must be finite and >= 0, got -1/,
    ],
    [
      'prismatic',
      { referenceAngle: Number.POSITIVE_INFINITY },
      /^createPrismaticJoint: referenceAngle must be finite, got Infinity/,
    ],
    ['weld', { referenceAngle: Number.NaN }, /^createWeldJoint: referenceAngle must be finite, got NaN/],
    ['weld', { linearHertz: -2 }, /^createWeldJoint: linearHertz must be finite and >= 0, got -2/],
    [
      'weld',
      { linearDampingRatio: -1 },
      /^createWeldJoint: linearDampingRatio must be finite and >= 0, got -1/,
    ],
    ['weld', { angularHertz: -5 }, /^createWeldJoint: angularHertz must be finite and >= 0, got -5/],
    [
      'weld',
      { angularDampingRatio: -0.7 },
      /^createWeldJoint: angularDampingRatio must be finite and >= 0, got -0.7/,
    ],
  ];

  for (const [kind, extra, message] of createCases) {
    it(`create${kind === 'weld' ? 'Weld' : 'Prismatic'}Joint rejects ${JSON.stringify(extra)} and changes nothing`, () => {
      const { world, ground, body } = makeCtx();
      const bytes = world.snapshot();
      const hash = world.stateHash();
      const def = { bodyA: ground, bodyB: body, ...extra };
      const create = () =>
        kind === 'weld'
          ? world.createWeldJoint(def as Parameters<World['createWeldJoint']>[0])
          : world.createPrismaticJoint(def as Parameters<World['createPrismaticJoint']>[0]);
      expect(create).toThrow(RangeError);
      expect(create).toThrow(message);
      expect(world.snapshot()).toEqual(bytes);
      expect(world.stateHash()).toBe(hash);
    });
  }

  it('setJointParams rejects bad prismatic and weld parameters and changes nothing', () => {
    const { world, p, w } = makeCtx();
    const bytes = world.snapshot();
    const hash = world.stateHash();
    const pBefore = world.getJointParams(p);
    const wBefore = world.getJointParams(w);
    expect(() => world.setJointParams(p, { localAxisA: { x: 0, y: 0 } })).toThrow(
      /^setJointParams: localAxisA must .*non-zero/,
    );
    expect(() => world.setJointParams(p, { lowerTranslation: 1 })).toThrow(
      /^setJointParams: lowerTranslation must be <= upperTranslation \(0\), got 1/,
    );
    expect(() => world.setJointParams(p, { hertz: -1 })).toThrow(
      /^setJointParams: hertz must be finite and >= 0/,
    );
    expect(() => world.setJointParams(w, { angularHertz: Number.NaN })).toThrow(
      /^setJointParams: angularHertz must be finite and >= 0, got NaN/,
    );
    expect(() => world.setJointParams(w, { referenceAngle: Number.NaN })).toThrow(
      /^setJointParams: referenceAngle must be finite, got NaN/,
    );
    expect(world.getJointParams(p)).toEqual(pBefore);
    expect(world.getJointParams(w)).toEqual(wBefore);
    expect(world.snapshot()).toEqual(bytes);
    expect(world.stateHash()).toBe(hash);
    // and a good change goes through
    world.setJointParams(w, { angularHertz: 3 });
    expect((world.getJointParams(w) as { angularHertz: number }).angularHertz).toBe(3);
    expect(world.getJointState(w)).toEqual({});
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
        const v = world.getLinearVelocity(id);
        fastest = Math.max(fastest, Math.hypot(v.x, v.y));
      }
      if (i >= 60) {
        const c = world.getPosition(carrier);
        const s = world.getPosition(slider);
        offRail = Math.max(offRail, Math.hypot(s.x - c.x, s.y - c.y));
      }
    }
    // closing a 1 m gap at the joint stiffness (about 70 / s) on 2 g bodies
    expect(fastest).toBeLessThan(80);
    // the slider sits on its carrier once the pin has closed
    expect(offRail).toBeLessThan(0.05);
  });
});
