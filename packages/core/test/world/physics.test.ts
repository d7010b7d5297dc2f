/**
 * Physical behaviour of the engine: closed forms where the integrator admits one,
 * physical laws (restitution, momentum, Coulomb friction, mass properties) otherwise,
 * and the classic stability scenes (stack, pyramid, mass ratios, sleeping).
 *
 * Scenes that test solver stability run with sleeping disabled: a stack that falls
 * asleep after half a second would pass any "stands for 10 s" check without the solver
 * doing anything after that.
 */

import { describe, expect, it } from 'vitest';
import {
  BodyType,
  type BodyId,
  constants,
  makeBox,
  makeCapsule,
  makeCircle,
  makeOffsetBox,
  World,
} from '../../src/index';
import {
  addGround,
  bouncingBallScene,
  headOnCirclesScene,
  inclineScene,
  massRatioBoxScene,
  massRatioCircleScene,
  pyramidScene,
  stackScene,
} from '../../src/scenes/index';
import { DT } from '../support';

const G = 10;
const SLOP = constants.LINEAR_SLOP;

/** |actual - expected| <= tol * max(|expected|, 1). */
function expectClose(actual: number, expected: number, tol: number, what: string): void {
  const scale = Math.max(Math.abs(expected), 1);
  const err = Math.abs(actual - expected);
  expect(err, `${what}: got ${actual}, expected ${expected} (error ${err})`).toBeLessThanOrEqual(tol * scale);
}

function stepFor(world: World, seconds: number, each?: (stepIndex: number) => void): void {
  const n = Math.round(seconds / DT);
  for (let i = 0; i < n; i++) {
    world.step(DT);
    each?.(i);
  }
}

function awakeTally(world: World, ids: readonly BodyId[]): number {
  let n = 0;
  for (const id of ids) if (world.isBodyAwake(id)) n++;
  return n;
}

describe('integration', () => {
  it('free fall matches the semi-implicit Euler closed form exactly', () => {
    // Per sub-step the solver does v += h g, then y += h v. After n sub-steps from rest:
    //   v_n = -g h n,  y_n = y0 - g h^2 (1 + 2 + ... + n) = y0 - g h^2 n (n + 1) / 2.
    for (const subSteps of [1, 4, 8]) {
      const world = new World({ subSteps });
      const y0 = 100;
      const body = world.createBody({ type: BodyType.Dynamic, position: { x: 3, y: y0 } });
      world.createPolygonShape(body, makeBox(0.5, 0.5));
      const steps = 90;
      for (let i = 0; i < steps; i++) world.step(DT);
      const h = DT / subSteps;
      const n = steps * subSteps;
      const v = world.getBodyLinearVelocity(body);
      const p = world.getBodyPosition(body);
      const expectedV = -G * h * n;
      const expectedDrop = (G * h * h * n * (n + 1)) / 2;
      expect(Math.abs(v.y - expectedV) / Math.abs(expectedV)).toBeLessThanOrEqual(1e-9);
      expect(Math.abs(y0 - p.y - expectedDrop) / expectedDrop).toBeLessThanOrEqual(1e-9);
      expect(v.x).toBe(0);
      expect(p.x).toBe(3);
      expect(world.getBodyAngularVelocity(body)).toBe(0);
    }
  });
});

describe('contact', () => {
  it('a dropped box comes to rest on the ground with penetration under LINEAR_SLOP', () => {
    const world = new World({ enableSleep: false });
    addGround(world, 20);
    const half = 0.5;
    const box = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 3 } });
    world.createPolygonShape(box, makeBox(half, half));
    stepFor(world, 3);
    const p = world.getBodyPosition(box);
    const v = world.getBodyLinearVelocity(box);
    // resting height of the center: the half height above the ground surface y = 0
    expect(p.y).toBeGreaterThanOrEqual(half - SLOP);
    expect(p.y).toBeLessThanOrEqual(half + SLOP);
    expect(Math.hypot(v.x, v.y)).toBeLessThan(1e-3);
    expect(Math.abs(world.getBodyAngularVelocity(box))).toBeLessThan(1e-3);
    expect(Math.abs(world.getBodyAngle(box))).toBeLessThan(1e-3);
  });

  it('Coulomb friction mu = 0.6 holds a box on a 20 degree incline', () => {
    // tan(20 deg) = 0.364 < 0.6: static friction holds.
    const world = new World({ enableSleep: false });
    const angle = (20 * Math.PI) / 180;
    const { box } = inclineScene(world, angle, 0.6);
    const p0 = world.getBodyPosition(box);
    let maxMove = 0;
    stepFor(world, 2, () => {
      const p = world.getBodyPosition(box);
      maxMove = Math.max(maxMove, Math.hypot(p.x - p0.x, p.y - p0.y));
    });
    expect(maxMove).toBeLessThan(0.01);
  });

  it('on a 40 degree incline with mu = 0.6 the box slides at g (sin - mu cos) within 5%', () => {
    const world = new World({ enableSleep: false });
    const angle = (40 * Math.PI) / 180;
    const mu = 0.6;
    const { box } = inclineScene(world, angle, mu);
    const downX = -Math.cos(angle);
    const downY = -Math.sin(angle);
    const speeds: number[] = [];
    stepFor(world, 2, () => {
      const v = world.getBodyLinearVelocity(box);
      speeds.push(v.x * downX + v.y * downY);
    });
    // window [0.5 s, 2 s]: well after the start transient
    const i0 = 29;
    const i1 = 119;
    const measured = (speeds[i1]! - speeds[i0]!) / ((i1 - i0) * DT);
    const expected = G * (Math.sin(angle) - mu * Math.cos(angle));
    expect(expected).toBeGreaterThan(1);
    expect(Math.abs(measured - expected) / expected).toBeLessThan(0.05);
    // it slides straight: no tumbling
    expect(Math.abs(world.getBodyAngle(box) - angle)).toBeLessThan(0.01);
  });

  it('a ball with restitution 0.8 bounces back to e^2 h within 10%', () => {
    const world = new World();
    const e = 0.8;
    const radius = 0.25;
    const height = 4; // impact speed sqrt(2 g h) = 8.9 m/s, far above the 1 m/s threshold
    const { ball } = bouncingBallScene(world, height, e, radius);
    let bounced = false;
    let peak = Number.NEGATIVE_INFINITY;
    let done = false;
    for (let i = 0; i < 600 && !done; i++) {
      world.step(DT);
      const vy = world.getBodyLinearVelocity(ball).y;
      const bottom = world.getBodyPosition(ball).y - radius;
      if (!bounced && vy > 0) bounced = true;
      if (bounced) {
        peak = Math.max(peak, bottom);
        if (vy <= 0) done = true;
      }
    }
    expect(bounced).toBe(true);
    expect(done).toBe(true);
    const expected = e * e * height;
    expect(Math.abs(peak - expected) / expected).toBeLessThan(0.1);
  });

  it('two equal elastic circles meeting head-on swap velocities and conserve momentum', () => {
    const world = new World();
    const speed = 3;
    const { left, right } = headOnCirclesScene(world, speed, 1);
    const m = world.getBodyMass(left);
    expect(world.getBodyMass(right)).toBe(m);
    const momentumScale = m * speed;
    let maxMomentumError = 0;
    stepFor(world, 2, () => {
      const vl = world.getBodyLinearVelocity(left);
      const vr = world.getBodyLinearVelocity(right);
      // initial total momentum is zero
      maxMomentumError = Math.max(maxMomentumError, Math.hypot(m * (vl.x + vr.x), m * (vl.y + vr.y)));
    });
    const vl = world.getBodyLinearVelocity(left);
    const vr = world.getBodyLinearVelocity(right);
    // they met (gap 2 m closed at 6 m/s) and now move apart with swapped velocities
    expect(world.getBodyPosition(left).x).toBeLessThan(world.getBodyPosition(right).x);
    expect(Math.abs(vl.x - -speed)).toBeLessThanOrEqual(0.01 * speed);
    expect(Math.abs(vr.x - speed)).toBeLessThanOrEqual(0.01 * speed);
    expect(Math.abs(vl.y)).toBeLessThanOrEqual(0.01 * speed);
    expect(Math.abs(vr.y)).toBeLessThanOrEqual(0.01 * speed);
    expect(maxMomentumError / momentumScale).toBeLessThanOrEqual(1e-9);
  });
});

describe('mass properties', () => {
  const TOL = 1e-9;

  function dynamicBody(world: World): BodyId {
    return world.createBody({ type: BodyType.Dynamic, position: { x: 5, y: -2 }, angle: 0.7 });
  }

  /** The body's mass, rotational inertia and local center of mass, each within TOL. */
  function expectMass(
    world: World,
    body: BodyId,
    what: string,
    m: number,
    inertia: number,
    center: { x: number; y: number },
  ): void {
    expectClose(world.getBodyMass(body), m, TOL, `${what} mass`);
    expectClose(world.getBodyRotationalInertia(body), inertia, TOL, `${what} inertia`);
    const c = world.getBodyLocalCenter(body);
    expectClose(c.x, center.x, TOL, `${what} center x`);
    expectClose(c.y, center.y, TOL, `${what} center y`);
  }

  it('a box has m = rho w h and I = m (w^2 + h^2) / 12 about its center', () => {
    const world = new World();
    const body = dynamicBody(world);
    const density = 2;
    world.createPolygonShape(body, makeBox(0.6, 0.3), { density });
    const w = 1.2;
    const h = 0.6;
    const m = density * w * h;
    expectMass(world, body, 'box', m, (m * (w * w + h * h)) / 12, { x: 0, y: 0 });
  });

  it('a circle has m = rho pi r^2, I = m r^2 / 2 and its center where it was put', () => {
    const world = new World();
    const body = dynamicBody(world);
    const density = 3;
    const r = 0.4;
    world.createCircleShape(body, makeCircle(0.2, -0.1, r), { density });
    const m = density * Math.PI * r * r;
    expectMass(world, body, 'circle', m, 0.5 * m * r * r, { x: 0.2, y: -0.1 });
  });

  it('a capsule is a rectangle plus two half discs (parallel axis from their centroids)', () => {
    const world = new World();
    const body = dynamicBody(world);
    const density = 1.5;
    const r = 0.25;
    // a slanted capsule of core length exactly 1 (0.6, 0.8)
    world.createCapsuleShape(body, makeCapsule(0.1, 0.2, 0.7, 1.0, r), { density });
    const length = 1;
    const rectMass = density * length * 2 * r;
    const rectI = (rectMass * (length * length + 4 * r * r)) / 12;
    const halfDiscMass = (density * Math.PI * r * r) / 2;
    const centroidOffset = (4 * r) / (3 * Math.PI); // half disc centroid from its flat side
    // half disc about its flat side's midpoint: m r^2 / 2; about its centroid: minus m d^2
    const halfDiscI = halfDiscMass * (0.5 * r * r - centroidOffset * centroidOffset);
    const arm = length / 2 + centroidOffset;
    const m = rectMass + 2 * halfDiscMass;
    const inertia = rectI + 2 * (halfDiscI + halfDiscMass * arm * arm);
    expectMass(world, body, 'capsule', m, inertia, { x: 0.4, y: 0.6 });
  });

  it('an offset rotated box has its center at the offset and the inertia of the centered box', () => {
    const world = new World();
    const body = dynamicBody(world);
    world.createPolygonShape(body, makeOffsetBox(0.5, 0.25, 1, 2, 0.3), { density: 1 });
    const m = 1 * 0.5;
    expectMass(world, body, 'offset box', m, (m * (1 * 1 + 0.5 * 0.5)) / 12, { x: 1, y: 2 });
  });

  it('a body with two shapes combines them by the parallel axis theorem', () => {
    const world = new World();
    const body = dynamicBody(world);
    world.createPolygonShape(body, makeBox(0.5, 0.5), { density: 1 });
    world.createCircleShape(body, makeCircle(2, 0, 0.5), { density: 3 });
    const m1 = 1;
    const i1 = (m1 * (1 + 1)) / 12;
    const m2 = 3 * Math.PI * 0.25;
    const i2 = 0.5 * m2 * 0.25;
    const m = m1 + m2;
    const cx = (m2 * 2) / m;
    const inertia = i1 + m1 * cx * cx + i2 + m2 * (2 - cx) * (2 - cx);
    expectMass(world, body, 'compound', m, inertia, { x: cx, y: 0 });
    const data = world.getBodyMassData(body);
    expectClose(data.mass, m, TOL, 'getMassData mass');
    expectClose(data.rotationalInertia, inertia, TOL, 'getMassData inertia');
  });
});

describe('stability', () => {
  it('a 10-box stack stands upright for 10 s with sleeping disabled', () => {
    const world = new World({ enableSleep: false });
    const ids = stackScene(world, 10);
    const top = ids[ids.length - 1]!;
    const topY0 = world.getBodyPosition(top).y;
    let maxAbsX = 0;
    let maxAbsXAt = 0;
    let maxTopDrift = 0;
    stepFor(world, 10, (i) => {
      for (const id of ids) {
        const x = Math.abs(world.getBodyPosition(id).x);
        if (x > maxAbsX) {
          maxAbsX = x;
          maxAbsXAt = (i + 1) * DT;
        }
      }
      maxTopDrift = Math.max(maxTopDrift, Math.abs(world.getBodyPosition(top).y - topY0));
    });
    // Upright: no box ever leaves the column by more than 2 mm (a toppling stack moves
    // meters). Measured: 0.2 mm at 0.47 s, the top box ending 0.01 mm off. Solving the two
    // points of each manifold in one fixed order, as Box2D v3 does, the last point solved
    // pushes a little more: the top box swayed to 1.25 cm and settled leaning by 0.7 cm.
    // The order now alternates (StepContext.secondPointFirst).
    expect(maxAbsX, `largest |x| ${maxAbsX} m at t = ${maxAbsXAt.toFixed(2)} s`).toBeLessThanOrEqual(0.002);
    expect(maxTopDrift).toBeLessThanOrEqual(0.05);
  });

  it('a box 100x denser resting on a light box holds for 5 s', () => {
    const world = new World({ enableSleep: false });
    const { light, heavy } = massRatioBoxScene(world, 100);
    let lightDrift = 0;
    let heavyDrift = 0;
    let minLightY = Number.POSITIVE_INFINITY;
    let minGap = Number.POSITIVE_INFINITY;
    stepFor(world, 5, () => {
      const l = world.getBodyPosition(light);
      const h = world.getBodyPosition(heavy);
      lightDrift = Math.max(lightDrift, Math.hypot(l.x, l.y - 0.5));
      heavyDrift = Math.max(heavyDrift, Math.hypot(h.x, h.y - 1.5));
      minLightY = Math.min(minLightY, l.y);
      minGap = Math.min(minGap, h.y - l.y);
    });
    expect(lightDrift).toBeLessThanOrEqual(0.05);
    expect(heavyDrift).toBeLessThanOrEqual(0.05);
    // the light box is not pushed through the ground: its bottom stays within 5 cm of y = 0
    expect(minLightY - 0.5).toBeGreaterThan(-0.05);
    // and the heavy box stays on top of it (centers one box height apart, within 5 cm)
    expect(minGap).toBeGreaterThan(1 - 0.05);
  });

  it('a circle 10x heavier balanced on a light circle does not crush it into the ground', () => {
    // Two stacked circles are an unstable equilibrium sideways; the scene is exactly
    // symmetric, so nothing may push it off balance within 2 s. What the solver must get
    // right is the vertical load path: the light circle carries 11x its weight.
    const world = new World({ enableSleep: false });
    const { light, heavy } = massRatioCircleScene(world, 10);
    const r = 0.5;
    let maxLightPenetration = 0;
    let maxCenterDistance = 0;
    let minHeightAbove = Number.POSITIVE_INFINITY;
    stepFor(world, 2, () => {
      const l = world.getBodyPosition(light);
      const h = world.getBodyPosition(heavy);
      maxLightPenetration = Math.max(maxLightPenetration, r - l.y);
      maxCenterDistance = Math.max(maxCenterDistance, Math.hypot(h.x - l.x, h.y - l.y));
      minHeightAbove = Math.min(minHeightAbove, h.y - l.y);
    });
    expect(maxLightPenetration).toBeLessThanOrEqual(0.02);
    // they stay in contact (no bounce apart) ...
    expect(maxCenterDistance).toBeLessThanOrEqual(2 * r + SLOP);
    // ... with the heavy one on top: rolling off would bring the centers level
    expect(minHeightAbove).toBeGreaterThan(2 * r - 0.02);
  });

  it('a 20-row pyramid stands for 10 s with no box drifting more than 3 cm', () => {
    const world = new World({ enableSleep: false });
    const ids = pyramidScene(world, 20);
    expect(ids.length).toBe(210);
    const x0 = ids.map((id) => world.getBodyPosition(id).x);
    const y0 = ids.map((id) => world.getBodyPosition(id).y);
    let maxDrift = 0;
    stepFor(world, 10, (i) => {
      if (i % 5 !== 4) return;
      for (let k = 0; k < ids.length; k++) {
        const p = world.getBodyPosition(ids[k]!);
        maxDrift = Math.max(maxDrift, Math.hypot(p.x - x0[k]!, p.y - y0[k]!));
      }
    });
    // Measured 1.7 cm (the sag of the soft contacts; 0.37 cm of it sideways). With 30 Hz
    // contacts whose two points were solved in one fixed order: 3.3 cm, 1.6 cm sideways.
    expect(maxDrift).toBeLessThanOrEqual(0.03);
  });
});

describe('sleeping', () => {
  it('a 5-box stack falls asleep, wakes as a whole on an impulse, and sleeps again', () => {
    const world = new World();
    const ids = stackScene(world, 5);
    const top = ids[4]!;
    const countsAgree = () => {
      expect(world.getCounters().awakeBodyCount).toBe(awakeTally(world, ids));
    };

    // seconds until every body sleeps (stepping at most `steps` steps), -1 if they do not
    const secondsToSleep = (steps: number): number => {
      for (let i = 0; i < steps; i++) {
        world.step(DT);
        countsAgree();
        if (awakeTally(world, ids) === 0) return (i + 1) * DT;
      }
      return -1;
    };

    const asleepAt = secondsToSleep(240);
    expect(asleepAt).toBeGreaterThan(0);
    expect(asleepAt).toBeLessThanOrEqual(4);

    world.applyBodyLinearImpulseToCenter(top, { x: 0, y: world.getBodyMass(top) * 1 });
    for (const id of ids) expect(world.isBodyAwake(id)).toBe(true);
    countsAgree();
    expect(world.getBodyLinearVelocity(top).y).toBeCloseTo(1, 12);

    expect(secondsToSleep(600)).toBeGreaterThan(0);
    // the hop did not knock the stack over
    for (let k = 0; k < ids.length; k++) {
      const p = world.getBodyPosition(ids[k]!);
      expect(Math.abs(p.x)).toBeLessThan(0.01);
      expect(Math.abs(p.y - (k + 0.5))).toBeLessThan(0.05);
    }
  });

  it('putting one body to sleep keeps getCounters().awakeBodyCount consistent', () => {
    const world = new World();
    const stack = stackScene(world, 3);
    const loose = world.createBody({ type: BodyType.Dynamic, position: { x: 5, y: 0.5 } });
    world.createPolygonShape(loose, makeBox(0.5, 0.5));
    const ids = [...stack, loose];
    world.step(DT);
    expect(world.getCounters().awakeBodyCount).toBe(4);

    world.setBodyAwake(loose, false);
    expect(world.isBodyAwake(loose)).toBe(false);
    expect(world.getCounters().awakeBodyCount).toBe(3);
    expect(awakeTally(world, ids)).toBe(3);
    world.setBodyAwake(loose, false);
    expect(world.getCounters().awakeBodyCount).toBe(3);

    world.setBodyAwake(stack[1]!, false);
    expect(world.getCounters().awakeBodyCount).toBe(2);
    expect(awakeTally(world, ids)).toBe(2);
    for (let i = 0; i < 10; i++) {
      world.step(DT);
      expect(world.getCounters().awakeBodyCount).toBe(awakeTally(world, ids));
    }

    world.setBodyAwake(loose, true);
    world.setBodyAwake(stack[1]!, true);
    expect(world.getCounters().awakeBodyCount).toBe(awakeTally(world, ids));
    expect(awakeTally(world, ids)).toBe(4);
    for (let i = 0; i < 120; i++) {
      world.step(DT);
      expect(world.getCounters().awakeBodyCount).toBe(awakeTally(world, ids));
    }
  });
});
