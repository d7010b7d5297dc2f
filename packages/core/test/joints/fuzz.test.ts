/**
 * Seeded fuzzing of joints: random bodies tied into random trees by joints of every type,
 * with random anchors (coincident, near, or at a center) and random springs, limits and
 * motors, must stay finite, bounded and below a speed no falling body reaches. Trees, so
 * the joints never contradict each other (two hinges between the same bodies at different
 * points fight, and no engine of this solver class promises to stay calm then).
 *
 * A failure prints the generated scene (fast-check's counterexample) and its seed.
 */

import fc from 'fast-check';
import { describe, it } from 'vitest';
import { type BodyId, BodyType, makeBox, makeCircle, World } from '../../src/index';
import { DT } from '../support';

const FC = { seed: 20261123, numRuns: 400 } as const;
const STEPS = 240;
/**
 * Falling for 4 s reaches 40 m/s, and closing a joint's initial gap of up to 3 m at the
 * joint stiffness briefly faster; motors are weak: anything near this bound gained energy.
 */
const MAX_SPEED = 150;

const TYPES = ['revolute', 'distance', 'prismatic', 'weld', 'wheel', 'motor', 'mouse'] as const;

const small = fc.double({ min: -1, max: 1, noNaN: true });
const point = fc.record({ x: small, y: small });
const unit = fc.double({ min: 0, max: 1, noNaN: true });

const bodySpec = fc.record({
  /** Jitter (tenths of a metre) of the body's place on the grid. */
  x: small,
  y: small,
  round: fc.boolean(),
  // masses within a factor of about 20 of each other: past that, a light body between an
  // anchor and a heavy one is beyond what sequential impulses converge on (see below)
  size: fc.double({ min: 0.4, max: 1, noNaN: true }),
  density: fc.double({ min: 0.5, max: 2, noNaN: true }),
});

const jointSpec = fc.record({
  type: fc.constantFrom(...TYPES),
  /** Picks the parent of the joint's body: the static anchor body or an earlier body. */
  parent: fc.nat(),
  /** 0: B's anchor near A's; 1: B's anchor on A's; 2: both at B's center. */
  anchors: fc.integer({ min: 0, max: 2 }),
  anchorA: point,
  anchorB: point,
  spring: fc.boolean(),
  hertz: fc.double({ min: 0, max: 30, noNaN: true }),
  damping: fc.double({ min: 0, max: 2, noNaN: true }),
  limit: fc.boolean(),
  lower: unit,
  upper: unit,
  motor: fc.boolean(),
  speed: fc.double({ min: -5, max: 5, noNaN: true }),
  strength: fc.double({ min: 0, max: 50, noNaN: true }),
  /** A distance joint's length, as a fraction between 80 % and 120 % of its span. */
  length: unit,
});

/** Body i hangs by joint i from its parent; a missing joint leaves it free. */
const sceneSpec = fc.record({
  bodies: fc.array(bodySpec, { minLength: 2, maxLength: 10 }),
  joints: fc.array(jointSpec, { minLength: 1, maxLength: 10 }),
});

type SceneSpec = typeof sceneSpec extends fc.Arbitrary<infer T> ? T : never;

/** A joint's random settings, read by each type as its parameters allow. */
interface Knobs {
  spring: boolean;
  hertz: number;
  damping: number;
  limit: boolean;
  /** Limits: lower = -lower, upper = upper, in units of the joint's range (fractions). */
  lower: number;
  upper: number;
  motor: boolean;
  speed: number;
  strength: number;
  /** A distance joint's length (m). */
  length: number;
  /** Prismatic and wheel axis in A's frame (not normalised). */
  axis: { x: number; y: number };
}

type Common = {
  bodyA: BodyId;
  bodyB: BodyId;
  localAnchorA: { x: number; y: number };
  localAnchorB: { x: number; y: number };
};

function addJoint(
  world: World,
  ground: BodyId,
  type: (typeof TYPES)[number],
  common: Common,
  k: Knobs,
): void {
  const lo = -k.lower;
  const hi = k.upper;
  const spring = { enableSpring: k.spring, hertz: k.hertz, dampingRatio: k.damping };
  const motor = { enableMotor: k.motor, motorSpeed: k.speed };
  switch (type) {
    case 'revolute':
      world.createRevoluteJoint({
        ...common,
        ...spring,
        ...motor,
        enableLimit: k.limit,
        lowerAngle: 3 * lo,
        upperAngle: 3 * hi,
        maxMotorTorque: k.strength,
      });
      break;
    case 'distance':
      world.createDistanceJoint({
        ...common,
        ...spring,
        ...motor,
        length: k.length,
        enableLimit: k.limit,
        minLength: k.length * (1 - k.lower),
        maxLength: k.length * (1 + k.upper),
        maxMotorForce: k.strength,
      });
      break;
    case 'prismatic':
      world.createPrismaticJoint({
        ...common,
        ...spring,
        ...motor,
        localAxisA: k.axis,
        enableLimit: k.limit,
        lowerTranslation: 2 * lo,
        upperTranslation: 2 * hi,
        maxMotorForce: k.strength,
      });
      break;
    case 'weld':
      world.createWeldJoint({
        ...common,
        linearHertz: k.spring ? k.hertz : 0,
        linearDampingRatio: k.damping,
        angularHertz: k.limit ? k.hertz : 0,
        angularDampingRatio: k.damping,
      });
      break;
    case 'wheel':
      world.createWheelJoint({
        ...common,
        ...spring,
        ...motor,
        localAxisA: { x: k.axis.y, y: k.axis.x },
        enableLimit: k.limit,
        lowerTranslation: lo,
        upperTranslation: hi,
        maxMotorTorque: k.strength,
      });
      break;
    case 'motor':
      world.createMotorJoint({
        bodyA: common.bodyA,
        bodyB: common.bodyB,
        linearOffset: { x: k.axis.x - 2, y: k.axis.y },
        angularOffset: 3 * lo,
        maxForce: k.strength,
        maxTorque: k.strength,
        correctionFactor: k.upper,
      });
      break;
    case 'mouse':
      world.createMouseJoint({
        bodyA: ground,
        bodyB: common.bodyB,
        target: world.getBodyWorldPoint(common.bodyB, common.localAnchorB),
        hertz: Math.max(k.hertz, 1),
        dampingRatio: k.damping,
        maxForce: 10 * k.strength,
      });
      break;
  }
}

function build(spec: SceneSpec): { world: World; bodies: BodyId[] } {
  const world = new World({ gravity: { x: 0, y: -10 } });
  // Joints to the world go to a static body with no shape: a pin inside the ground's box
  // would pull a body into it while the contact pushes it out, a contradiction like two
  // fighting joints. The ground is far enough below for any hanging tree.
  const ground = world.createBody({ position: { x: 0, y: 12 } });
  const floor = world.createBody({ position: { x: 0, y: -30 } });
  world.createPolygonShape(floor, makeBox(50, 0.5));
  // bodies on a 2.5 m grid, apart at the start: a pinned body that starts inside another
  // can never leave it, and the contact and the joint then fight (a contradiction again)
  const bodies = spec.bodies.map((s, i) => {
    const position = { x: 2.5 * (i % 4) + 0.1 * s.x, y: 2.5 * Math.floor(i / 4) + 0.1 * s.y };
    const id = world.createBody({ type: BodyType.Dynamic, position });
    if (s.round) world.createCircleShape(id, makeCircle(0, 0, s.size), { density: s.density });
    else world.createPolygonShape(id, makeBox(s.size, s.size), { density: s.density });
    return id;
  });
  for (let i = 0; i < Math.min(spec.joints.length, bodies.length); i++) {
    const j = spec.joints[i]!;
    const parent = (j.parent % (i + 1)) - 1;
    const bodyA = parent < 0 ? ground : bodies[parent]!;
    const bodyB = bodies[i]!;
    const center = { x: 0, y: 0 };
    let localAnchorA = j.anchorA;
    let localAnchorB = center;
    if (j.anchors === 2) {
      // at B's center
      localAnchorA = world.getBodyLocalPoint(bodyA, world.getBodyPosition(bodyB));
    } else {
      // B's anchor on A's, or up to 0.7 m from it: a joint starts nearly closed, as a user's
      // would (a gap of metres is closed at the joint stiffness, far above falling speeds)
      const p = world.getBodyWorldPoint(bodyA, localAnchorA);
      const offset = j.anchors === 0 ? { x: 0.5 * j.anchorB.x, y: 0.5 * j.anchorB.y } : center;
      localAnchorB = world.getBodyLocalPoint(bodyB, { x: p.x + offset.x, y: p.y + offset.y });
    }
    if (parent < 0) {
      // the anchor body is far away: its anchor goes where B's is
      localAnchorA = world.getBodyLocalPoint(ground, world.getBodyWorldPoint(bodyB, localAnchorB));
    }
    const knobs: Knobs = {
      spring: j.spring,
      hertz: j.hertz,
      damping: j.damping,
      limit: j.limit,
      lower: j.lower,
      upper: j.upper,
      motor: j.motor,
      speed: j.speed,
      strength: j.strength,
      length: 1,
      axis: { x: j.anchorA.x + 2, y: j.anchorB.y },
    };
    if (j.type === 'distance') {
      // a rod or spring between distinct points (its axis is undefined where they meet):
      // from a point on A (or 1-2 m above B) to B's center, 80-120 % of their distance
      const pointB = world.getBodyPosition(bodyB);
      const pointA =
        parent < 0
          ? { x: pointB.x + j.anchorA.x, y: pointB.y + 1.5 + 0.5 * j.anchorA.y }
          : world.getBodyWorldPoint(bodyA, j.anchorA);
      const span = Math.hypot(pointB.x - pointA.x, pointB.y - pointA.y);
      knobs.length = Math.max(0.1, span * (0.8 + 0.4 * j.length));
      localAnchorA = world.getBodyLocalPoint(bodyA, pointA);
      localAnchorB = center;
    }
    addJoint(world, ground, j.type, { bodyA, bodyB, localAnchorA, localAnchorB }, knobs);
  }
  return { world, bodies };
}

/** Steps the scene, throwing at the first body that is not finite or reaches maxSpeed. */
function stepChecked(world: World, bodies: readonly BodyId[], maxSpeed: number): void {
  for (let step = 1; step <= STEPS; step++) {
    world.step(DT);
    for (const id of bodies) {
      const p = world.getBodyPosition(id);
      const v = world.getBodyLinearVelocity(id);
      const w = world.getBodyAngularVelocity(id);
      const speed = Math.hypot(v.x, v.y);
      if (!(Number.isFinite(p.x) && Number.isFinite(p.y) && Number.isFinite(w) && speed < maxSpeed)) {
        throw new Error(`step ${step}: body ${id} at ${p.x}, ${p.y} moves at ${speed} m/s, ${w} rad/s`);
      }
    }
  }
}

describe('joint fuzz', () => {
  it('random bodies tied by random joints of every type stay finite, near and slow', () => {
    fc.assert(
      fc.property(sceneSpec, (spec) => {
        const { world, bodies } = build(spec);
        stepChecked(world, bodies, MAX_SPEED);
      }),
      FC,
    );
  });
});

/**
 * Anything goes: joints between any two bodies (contradicting each other), anchors metres
 * apart, pins inside the ground, bodies made inside each other, masses 1e4 apart, 1 cm
 * rods. Nothing promises calm here; the promise is that no body leaves the numbers.
 */
const wildJoint = fc.record({
  type: fc.constantFrom(...TYPES),
  a: fc.integer({ min: -1, max: 9 }),
  b: fc.integer({ min: 0, max: 9 }),
  anchorA: point,
  anchorB: point,
  flags: fc.integer({ min: 0, max: 7 }),
  hertz: fc.double({ min: 0, max: 60, noNaN: true }),
  lower: unit,
  upper: unit,
  strength: fc.double({ min: 0, max: 1000, noNaN: true }),
  length: fc.double({ min: 0.01, max: 3, noNaN: true }),
});

const wildScene = fc.record({
  bodies: fc.array(
    fc.record({
      x: fc.double({ min: -2, max: 2, noNaN: true }),
      y: fc.double({ min: 0, max: 4, noNaN: true }),
      size: fc.double({ min: 0.05, max: 1, noNaN: true }),
      density: fc.double({ min: 0.01, max: 100, noNaN: true }),
    }),
    { minLength: 2, maxLength: 10 },
  ),
  joints: fc.array(wildJoint, { minLength: 1, maxLength: 16 }),
});

type WildScene = typeof wildScene extends fc.Arbitrary<infer T> ? T : never;

function buildWild(spec: WildScene): { world: World; bodies: BodyId[] } {
  const world = new World({ gravity: { x: 0, y: -10 } });
  const ground = world.createBody();
  world.createPolygonShape(ground, makeBox(20, 0.5));
  const bodies = spec.bodies.map((s) => {
    const id = world.createBody({ type: BodyType.Dynamic, position: { x: s.x, y: s.y + 0.5 } });
    world.createPolygonShape(id, makeBox(s.size, 0.5 * s.size), { density: s.density });
    return id;
  });
  for (const j of spec.joints) {
    const bodyA = j.a < 0 ? ground : bodies[j.a % bodies.length]!;
    const bodyB = bodies[j.b % bodies.length]!;
    if (bodyA === bodyB) continue;
    const on = (bit: number): boolean => (j.flags & bit) !== 0;
    const knobs: Knobs = {
      spring: on(1),
      hertz: j.hertz,
      damping: j.lower,
      limit: on(2),
      lower: j.lower,
      upper: j.upper,
      motor: on(4),
      speed: 10 * (j.upper - j.lower),
      strength: j.strength,
      length: j.length,
      axis: { x: j.anchorA.x + 2, y: j.anchorB.y },
    };
    addJoint(
      world,
      ground,
      j.type,
      { bodyA, bodyB, localAnchorA: j.anchorA, localAnchorB: j.anchorB },
      knobs,
    );
  }
  return { world, bodies };
}

describe('joint fuzz, anything goes', () => {
  it('contradicting joints, pins inside the ground and huge mass ratios stay finite', () => {
    fc.assert(
      fc.property(wildScene, (spec) => {
        const { world, bodies } = buildWild(spec);
        stepChecked(world, bodies, Number.POSITIVE_INFINITY);
      }),
      { seed: 20261124, numRuns: 300 },
    );
  });
});
