/**
 * Character mover: collide-and-slide convergence in an acute corner, sliding along walls,
 * slopes and ground detection, steps, 10,000 random moves in clutter without ending
 * inside geometry, bounded pushing of dynamic bodies, and rejection of bad input.
 */

import { describe, expect, it } from 'vitest';
import {
  type BodyId,
  BodyType,
  Capsule,
  type CharacterMover,
  constants,
  makeBox,
  makeCapsule,
  makeCircle,
  makeOffsetBox,
  makePolygon,
  makeSegment,
  MOVER_CAST_SKIN,
  MOVER_SKIN,
  type MoveResult,
  World,
} from '../../src/index';
import { DistanceOutput, DistanceProxy, makeProxy, shapeDistance } from '../../src/collision/distance';
import { Transform } from '../../src/base/math';
import { platformerScene, SceneRandom } from '../../src/scenes/index';
import { DT } from '../support';

const { LINEAR_SLOP } = constants;
const CAPSULE = makeCapsule(0, -0.5, 0, 0.5, 0.3);
/** Frame height of a capsule standing on ground whose top is at y = 0. */
const STAND_Y = 0.8 + MOVER_SKIN;
const DEG = Math.PI / 180;

/** A static ground box whose top is at y = 0. */
function ground(world: World, halfWidth = 50): BodyId {
  const g = world.createBody({ position: { x: 0, y: -1 } });
  world.createPolygonShape(g, makeBox(halfWidth, 1));
  return g;
}

const proxyA = new DistanceProxy();
const proxyB = new DistanceProxy();
const xfA = new Transform();
const xfB = new Transform();
const dist = new DistanceOutput();

/** Smallest distance from the capsule at `p` to any shape of the world (negative: never). */
function minDistance(world: World, capsule: Capsule, p: { x: number; y: number }, skip?: BodyId): number {
  makeProxy(capsule, proxyB);
  xfB.set(p.x, p.y, 1, 0);
  let best = Number.POSITIVE_INFINITY;
  const box = { minX: p.x - 3, minY: p.y - 3, maxX: p.x + 3, maxY: p.y + 3 };
  for (const s of world.overlapAABB(box)) {
    const b = world.getShapeBody(s);
    if (b === skip) continue;
    makeProxy(world.getShapeGeometry(s), proxyA);
    const pos = world.getBodyPosition(b);
    const q = world.getBodyRotation(b);
    xfA.set(pos.x, pos.y, q.c, q.s);
    shapeDistance(proxyA, xfA, proxyB, xfB, true, dist);
    best = Math.min(best, dist.distance === 0 ? -1 : dist.distance);
  }
  return best;
}

/** The capsule shrunk by LINEAR_SLOP overlaps nothing at `p` (excluding `skip`'s shapes). */
function inside(world: World, capsule: Capsule, p: { x: number; y: number }, skip?: BodyId): boolean {
  const shrunk = new Capsule(
    capsule.c1x,
    capsule.c1y,
    capsule.c2x,
    capsule.c2y,
    capsule.radius - LINEAR_SLOP,
  );
  const hits = world.overlapShape(shrunk, { position: p, angle: 0 });
  return hits.some((s) => world.getShapeBody(s) !== skip);
}

/**
 * A simple platformer controller: horizontal speed vx, gravity when airborne, and the
 * vertical velocity clipped by the mover. Calls `each` after every frame.
 */
function walk(
  mover: CharacterMover,
  vx: number,
  frames: number,
  each?: (r: MoveResult, frame: number) => void,
  world?: World,
): MoveResult {
  let vy = 0;
  let r = mover.result;
  for (let i = 0; i < frames; i++) {
    vy = r.grounded ? 0 : vy;
    vy -= 10 * DT;
    r = mover.move({ x: vx * DT, y: vy * DT }, DT);
    vy = r.clippedTranslation.y / DT;
    world?.step(DT);
    each?.(r, i);
  }
  return r;
}

/** A static convex ramp rising to the right from (x0, 0) at `angle`, `run` long, with a top plateau. */
function ramp(world: World, x0: number, angle: number, run: number): number {
  const rise = run * Math.tan(angle);
  const b = world.createBody();
  world.createPolygonShape(
    b,
    makePolygon([
      { x: x0, y: 0 },
      { x: x0 + run, y: 0 },
      { x: x0 + run, y: rise },
    ]),
  );
  const top = world.createBody({ position: { x: x0 + run + 5, y: rise / 2 } });
  world.createPolygonShape(top, makeBox(5, rise / 2));
  return rise;
}

describe('character mover: collide and slide', () => {
  it('converges into an acute corner (two walls at 30°) without penetrating', () => {
    for (const kind of ['boxes', 'segments'] as const) {
      const world = new World({ gravity: { x: 0, y: 0 } });
      // Two walls meeting at the origin, opening to +x, 30° apart.
      for (const side of [-1, 1]) {
        const angle = side * 15 * DEG;
        if (kind === 'boxes') {
          const c = Math.cos(angle);
          const s = Math.sin(angle);
          // A 10 m x 0.2 m slab whose inner face passes through the origin.
          // Centered 0.1 m outside the inner face, along the wall's outward normal side * (-s, c).
          const b = world.createBody({
            position: { x: 5 * c - side * 0.1 * s, y: 5 * s + side * 0.1 * c },
            angle,
          });
          world.createPolygonShape(b, makeBox(5, 0.1));
        } else {
          const b = world.createBody();
          world.createSegmentShape(b, makeSegment(0, 0, 10 * Math.cos(angle), 10 * Math.sin(angle)));
        }
      }
      const mover = world.createMover({ capsule: CAPSULE, position: { x: 6, y: 0 } });
      let last = { x: 6, y: 0 };
      let lastStep = Number.POSITIVE_INFINITY;
      let worst = Number.POSITIVE_INFINITY;
      for (let i = 0; i < 200; i++) {
        const r = mover.move({ x: -0.1, y: 0.013 * Math.sin(i) });
        worst = Math.min(worst, minDistance(world, CAPSULE, r.position));
        lastStep = Math.hypot(r.position.x - last.x, r.position.y - last.y);
        last = { x: r.position.x, y: r.position.y };
      }
      expect(worst).toBeGreaterThanOrEqual(-LINEAR_SLOP);
      // The mover keeps its skin (minus the sweep's allowance) from both walls.
      expect(worst).toBeGreaterThan(MOVER_CAST_SKIN - 0.2 * LINEAR_SLOP);
      // Wedged at the apex of the free space: both core ends at radius + skin from the walls.
      const apex = (0.3 + MOVER_SKIN + 0.5 * Math.cos(15 * DEG)) / Math.sin(15 * DEG);
      expect(Math.abs(last.x - apex)).toBeLessThan(0.05);
      expect(lastStep).toBeLessThan(0.05);
    }
  });

  it('slides along a wall: a diagonal move into a vertical wall keeps its tangential part', () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const wall = world.createBody({ position: { x: 3.5, y: 0 } });
    world.createPolygonShape(wall, makeBox(0.5, 50));
    const mover = world.createMover({ capsule: CAPSULE, position: { x: 1, y: 0 } });
    let touched = 0;
    for (let i = 0; i < 60; i++) {
      const before = mover.getPosition();
      const r = mover.move({ x: 0.1, y: 0.1 });
      if (r.contacts.length > 0) {
        touched++;
        // Flush against the wall at the skin, still moving up by the full 0.1.
        expect(r.position.x).toBeCloseTo(3 - 0.3 - MOVER_SKIN, 9);
        expect(r.position.y - before.y).toBeCloseTo(0.1, 9);
        expect(r.clippedTranslation.x).toBeCloseTo(0, 12);
        expect(r.clippedTranslation.y).toBeCloseTo(0.1, 12);
        expect(r.contacts[0]!.normal.x).toBeCloseTo(-1, 12);
        expect(r.grounded).toBe(false);
      }
    }
    expect(touched).toBeGreaterThan(30);
  });

  it('lands on the ground at the skin and reports walkable ground', () => {
    const world = new World();
    const g = ground(world);
    const mover = world.createMover({ capsule: CAPSULE, position: { x: 0, y: 3 } });
    let landedAt = -1;
    const r = walk(mover, 0, 90, (res, i) => {
      if (res.grounded && landedAt < 0) landedAt = i;
      if (!res.grounded) expect(res.contacts.length).toBe(0);
    });
    expect(landedAt).toBeGreaterThan(20);
    expect(r.grounded).toBe(true);
    expect(r.position.y).toBeCloseTo(STAND_Y, 9);
    expect(r.groundNormal.y).toBeCloseTo(1, 12);
    expect(r.groundBodyId).toBe(g);
    expect(r.clippedTranslation.y).toBeCloseTo(0, 12);
  });
});

describe('character mover: slopes and steps', () => {
  it('stops on slopes steeper than maxSlope and climbs walkable ones', () => {
    const results: Record<string, { maxY: number; x: number; grounded: boolean }> = {};
    for (const deg of [30, 60]) {
      const world = new World();
      ground(world);
      const rise = ramp(world, 2, deg * DEG, 2);
      const mover = world.createMover({
        capsule: CAPSULE,
        position: { x: 0, y: STAND_Y },
        maxSlope: 45 * DEG,
      });
      let maxY = Number.NEGATIVE_INFINITY;
      const r = walk(mover, 3, 240, (res) => {
        maxY = Math.max(maxY, res.position.y);
        expect(inside(world, CAPSULE, res.position)).toBe(false);
      });
      results[deg] = { maxY, x: r.position.x, grounded: r.grounded };
      if (deg === 30) {
        // Climbed onto the plateau at the top of the ramp and walked on.
        expect(r.position.y).toBeCloseTo(rise + STAND_Y, 6);
        expect(r.position.x).toBeGreaterThan(6);
        expect(r.grounded).toBe(true);
      } else {
        // Held at the foot of the ramp: no climbing, still standing on the ground.
        expect(maxY).toBeLessThan(STAND_Y + 1e-6);
        expect(r.position.x).toBeLessThan(2.05);
        expect(r.grounded).toBe(true);
      }
    }
  });

  it('is grounded on walkable ground only (not on a 60° ramp with maxSlope 45°)', () => {
    for (const deg of [30, 60]) {
      const world = new World();
      ground(world);
      const b = world.createBody();
      // A long ramp rising to the left from x = 10: drop the mover onto its face.
      const run = 10;
      const rise = run * Math.tan(deg * DEG);
      world.createPolygonShape(
        b,
        makePolygon([
          { x: 0, y: 0 },
          { x: run, y: 0 },
          { x: 0, y: rise },
        ]),
      );
      const x = 3;
      const surface = rise * (1 - x / run);
      const mover = world.createMover({ capsule: CAPSULE, position: { x, y: surface + 2 } });
      let onRamp = 0;
      let groundedOnRamp = 0;
      walk(mover, 0, 40, (r) => {
        const rampContact = r.contacts.find((c) => c.bodyId === b);
        if (rampContact !== undefined && r.position.y > STAND_Y + 0.5) {
          onRamp++;
          if (r.grounded) groundedOnRamp++;
          expect(r.groundNormal.y).toBe(r.grounded ? r.groundNormal.y : 0);
        }
      });
      expect(onRamp).toBeGreaterThan(0);
      expect(groundedOnRamp).toBe(deg === 30 ? onRamp : 0);
    }
  });

  it('climbs steps up to stepHeight and not higher', () => {
    const climbed = (height: number, stepHeight: number): { y: number; stepped: boolean } => {
      const world = new World();
      ground(world);
      const step = world.createBody({ position: { x: 22, y: height / 2 } });
      world.createPolygonShape(step, makeBox(20, height / 2));
      const mover = world.createMover({ capsule: CAPSULE, position: { x: 0, y: STAND_Y }, stepHeight });
      let stepped = false;
      const r = walk(mover, 3, 150, (res) => {
        stepped ||= res.stepped;
        expect(inside(world, CAPSULE, res.position)).toBe(false);
      });
      return { y: r.grounded ? r.position.y - STAND_Y : Number.NaN, stepped };
    };
    // Up to the step height: on top of the step (foot at its height).
    for (const h of [0.1, 0.25, 0.3]) {
      const r = climbed(h, 0.3);
      expect(r.y).toBeCloseTo(h, 6);
    }
    // A capsule of radius 0.3 taller than its radius needs the up-across-down path.
    expect(climbed(0.5, 0.6).y).toBeCloseTo(0.5, 6);
    expect(climbed(0.5, 0.6).stepped).toBe(true);
    // Higher than the step height: blocked, still on the ground.
    for (const [h, s] of [
      [0.32, 0.3],
      [0.45, 0.3],
      [0.25, 0],
      [0.7, 0.6],
    ] as const) {
      expect(climbed(h, s).y).toBeCloseTo(0, 6);
    }
  });
});

describe('character mover: ground snap', () => {
  /** Flat ground to x = 0 at y = 0, a slope down at `angle` to x = run, flat again beyond. */
  function downSlope(world: World, angle: number, run: number): number {
    const drop = run * Math.tan(angle);
    const b = world.createBody();
    world.createPolygonShape(
      b,
      makePolygon([
        { x: -10, y: 0 },
        { x: 0, y: 0 },
        { x: run, y: -drop },
        { x: -10, y: -drop },
      ]),
    );
    world.createPolygonShape(b, makeOffsetBox(20, 1, run + 20, -drop - 1, 0));
    return drop;
  }

  /**
   * A mover (stepHeight 0.3) standing at x walking at vx for `frames` frames (walk): its
   * last result and how many frames it was airborne and stepped up.
   */
  function walkFrom(
    world: World,
    x: number,
    vx: number,
    frames: number,
    each?: (r: MoveResult) => void,
  ): { r: MoveResult; airborne: number; stepped: number } {
    const mover = world.createMover({ capsule: CAPSULE, position: { x, y: STAND_Y }, stepHeight: 0.3 });
    let airborne = 0;
    let stepped = 0;
    const r = walk(mover, vx, frames, (res) => {
      if (!res.grounded) airborne++;
      if (res.stepped) stepped++;
      each?.(res);
    });
    return { r, airborne, stepped };
  }

  it('walks down a 40° slope without leaving the ground (airborne 97 of 150 frames before)', () => {
    const world = new World();
    downSlope(world, 40 * DEG, 6);
    const { r, airborne, stepped } = walkFrom(world, -2, 4, 150, (res) => {
      expect(inside(world, CAPSULE, res.position)).toBe(false);
    });
    expect(airborne).toBe(0);
    // walking down is never a step up
    expect(stepped).toBe(0);
    expect(r.position.x).toBeGreaterThan(7);
  });

  it('snaps down a 0.2 m ledge (airborne 11 frames before) but falls off a 1 m one', () => {
    const run = (drop: number): { airborne: number; y: number; stepped: number } => {
      const world = new World();
      const b = world.createBody();
      world.createPolygonShape(b, makeOffsetBox(10, 1, -10, -1, 0));
      world.createPolygonShape(b, makeOffsetBox(10, 1, 10, -1 - drop, 0));
      const { r, airborne, stepped } = walkFrom(world, -1, 3, 90);
      return { airborne, y: r.position.y - STAND_Y, stepped };
    };
    const small = run(0.2);
    expect(small.airborne).toBe(0);
    expect(small.y).toBeCloseTo(-0.2, 6);
    expect(small.stepped).toBe(0);
    // 1 m is past the snap's reach: the mover falls, then lands
    const tall = run(1);
    expect(tall.airborne).toBeGreaterThan(5);
    expect(tall.y).toBeCloseTo(-1, 6);
  });
});

describe('character mover: stepped', () => {
  it('is true only on a real step up: walking down stairs never reports a step (once before)', () => {
    const world = new World();
    const b = world.createBody();
    world.createPolygonShape(b, makeOffsetBox(5, 1, -5, -1, 0));
    for (let k = 0; k < 8; k++)
      world.createPolygonShape(b, makeOffsetBox(0.25, 1, 0.25 + 0.5 * k, -1 - 0.2 * k, 0));
    const mover = world.createMover({ capsule: CAPSULE, position: { x: -1, y: STAND_Y }, stepHeight: 0.3 });
    let stepped = 0;
    walk(mover, 3, 150, (res) => {
      if (res.stepped) stepped++;
    });
    expect(stepped).toBe(0);
  });
});

describe('character mover: robustness', () => {
  it('never ends inside geometry after 10,000 random moves in a cluttered seeded scene', () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const rng = new SceneRandom(4242);
    const size = 12;
    // Enclosure.
    const walls = world.createBody();
    world.createPolygonShape(walls, makeBox(size + 1, 1));
    for (const [x, y, hx, hy] of [
      [0, -size - 1, size + 1, 1],
      [0, size + 1, size + 1, 1],
      [-size - 1, 0, 1, size + 1],
      [size + 1, 0, 1, size + 1],
    ] as const) {
      const b = world.createBody({ position: { x, y } });
      world.createPolygonShape(b, makeBox(hx, hy));
    }
    world.destroyBody(walls);
    // Clutter: rotated boxes, circles, capsules, polygons, segments and a chain loop.
    for (let i = 0; i < 70; i++) {
      const x = rng.range(-size, size);
      const y = rng.range(-size, size);
      if (Math.hypot(x, y) < 2) continue;
      const b = world.createBody({ position: { x, y }, angle: rng.range(0, Math.PI) });
      const k = i % 5;
      if (k === 0) world.createPolygonShape(b, makeBox(rng.range(0.1, 1.5), rng.range(0.1, 1)));
      else if (k === 1) world.createCircleShape(b, makeCircle(0, 0, rng.range(0.1, 0.8)));
      else if (k === 2) world.createCapsuleShape(b, makeCapsule(-0.5, 0, 0.5, 0, rng.range(0.05, 0.4)));
      else if (k === 3) {
        const pts = [];
        for (let j = 0; j < 6; j++) pts.push({ x: rng.range(-0.8, 0.8), y: rng.range(-0.8, 0.8) });
        world.createPolygonShape(b, makePolygon(pts, rng.range(0, 0.1)));
      } else world.createSegmentShape(b, makeSegment(-rng.range(0.3, 1.5), 0, rng.range(0.3, 1.5), 0));
    }
    const loop = world.createBody({ position: { x: 5, y: -5 } });
    world.createChain(loop, {
      points: [
        { x: -1, y: -1 },
        { x: 1, y: -1.2 },
        { x: 1.3, y: 1 },
        { x: -0.8, y: 1.2 },
      ],
      loop: true,
    });
    // Dynamic bodies at rest (the world is not stepped): obstacles like any other.
    const crate = world.createBody({ type: BodyType.Dynamic, position: { x: -1, y: -6 } });
    world.createPolygonShape(crate, makeBox(0.5, 0.5));

    const capsule = makeCapsule(0, -0.4, 0, 0.4, 0.25);
    const mover = world.createMover({ capsule, position: { x: 0, y: 0 }, stepHeight: 0.2 });
    expect(inside(world, capsule, mover.getPosition())).toBe(false);
    let failures = 0;
    let travelled = 0;
    let maxIterations = 0;
    let worst = Number.POSITIVE_INFINITY;
    const hash = world.stateHash();
    for (let i = 0; i < 10_000; i++) {
      const angle = rng.range(0, 2 * Math.PI);
      const length = rng.next() < 0.1 ? rng.range(0, 3) : rng.range(0, 0.4);
      const r = mover.move({ x: length * Math.cos(angle), y: length * Math.sin(angle) });
      travelled += Math.hypot(r.translation.x, r.translation.y);
      maxIterations = Math.max(maxIterations, r.iterations);
      if (inside(world, capsule, r.position)) failures++;
      if (i % 10 === 0) worst = Math.min(worst, minDistance(world, capsule, r.position));
    }
    expect(failures).toBe(0);
    expect(worst).toBeGreaterThan(MOVER_CAST_SKIN - 0.2 * LINEAR_SLOP);
    expect(travelled).toBeGreaterThan(300);
    // The mover never teleports: the world is untouched (pushing is off).
    expect(world.stateHash()).toBe(hash);
    expect(maxIterations).toBeLessThanOrEqual(8 * 3 + 1);
  });

  it('pushes out of an overlap at most maxPushOut per move', () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const wall = world.createBody({ position: { x: 0.5, y: 0 } });
    world.createPolygonShape(wall, makeBox(0.5, 2));
    // The capsule overlaps the wall's face (x = 0) by 0.1 m.
    const limited = world.createMover({ capsule: CAPSULE, position: { x: -0.2, y: 0 }, maxPushOut: 0.02 });
    const xs: number[] = [];
    for (let i = 0; i < 7; i++) xs.push(limited.move({ x: 0, y: 0 }).position.x);
    for (let i = 0; i < 5; i++) expect(xs[i]).toBeCloseTo(-0.2 - 0.02 * (i + 1), 9);
    expect(xs[5]).toBeCloseTo(-0.3 - MOVER_SKIN, 9);
    expect(xs[6]).toBeCloseTo(-0.3 - MOVER_SKIN, 12);
    // Unlimited (the default): out in one move.
    const free = world.moveCharacter(CAPSULE, { x: -0.2, y: 0 }, { x: 0, y: 0 });
    expect(free.position.x).toBeCloseTo(-0.3 - MOVER_SKIN, 9);
    expect(free.contacts[0]!.separation).toBeCloseTo(MOVER_SKIN, 9);
  });

  it('walks the platformer course: steps, ramp, pushes the crate, stops at the steep ramp', () => {
    const world = new World();
    const level = platformerScene(world);
    const crate = level.crate!;
    for (let i = 0; i < 30; i++) world.step(DT);
    const crateStart = world.getBodyPosition(crate).x;
    const mover = world.createMover({
      capsule: CAPSULE,
      position: level.spawn,
      stepHeight: 0.3,
      maxPushForce: 40,
    });
    let maxPush = 0;
    let steps = 0;
    const r = walk(
      mover,
      3,
      12 * 60,
      (res) => {
        maxPush = Math.max(maxPush, res.pushImpulse);
        if (res.stepped) steps++;
        expect(inside(world, CAPSULE, res.position, crate)).toBe(false);
      },
      world,
    );
    expect(r.grounded).toBe(true);
    expect(r.position.y).toBeCloseTo(level.plateauTop + STAND_Y, 3);
    expect(r.position.x).toBeLessThan(level.steepRampX - 0.8);
    expect(r.position.x).toBeGreaterThan(level.steepRampX - 2);
    expect(world.getBodyPosition(crate).x).toBeGreaterThan(crateStart + 2);
    expect(maxPush).toBeGreaterThan(0);
    expect(maxPush).toBeLessThanOrEqual(40 * DT + 1e-12);
    expect(steps).toBeGreaterThan(0);
  });
});

describe('character mover: pushing', () => {
  function pushScene(
    density: number,
    maxPushForce: number,
  ): { moved: number; maxImpulse: number; x: number } {
    const world = new World();
    ground(world);
    const box = world.createBody({ type: BodyType.Dynamic, position: { x: 2, y: 0.5 } });
    world.createPolygonShape(box, makeBox(0.5, 0.5), { density, friction: 0.6 });
    for (let i = 0; i < 30; i++) world.step(DT);
    const start = world.getBodyPosition(box).x;
    const mover = world.createMover({ capsule: CAPSULE, position: { x: 0, y: STAND_Y }, maxPushForce });
    let maxImpulse = 0;
    const r = walk(
      mover,
      2,
      180,
      (res) => {
        maxImpulse = Math.max(maxImpulse, res.pushImpulse);
        expect(inside(world, CAPSULE, res.position, box)).toBe(false);
      },
      world,
    );
    return { moved: world.getBodyPosition(box).x - start, maxImpulse, x: r.position.x };
  }

  it('pushes a dynamic box with a bounded force', () => {
    // 1 kg box, friction 6 N: a 20 N push moves it, at most 20 N * dt per move.
    const light = pushScene(1, 20);
    expect(light.moved).toBeGreaterThan(2);
    expect(light.maxImpulse).toBeGreaterThan(0);
    expect(light.maxImpulse).toBeLessThanOrEqual(20 * DT + 1e-12);
    expect(light.x).toBeGreaterThan(3);
    // 10 kg box, friction 60 N: the same 20 N push does not move it, nor does the mover pass.
    const heavy = pushScene(10, 20);
    expect(Math.abs(heavy.moved)).toBeLessThan(0.01);
    expect(heavy.maxImpulse).toBeLessThanOrEqual(20 * DT + 1e-12);
    expect(heavy.x).toBeLessThan(1.5 - 0.3);
    // No push force: a plain obstacle.
    const none = pushScene(1, 0);
    expect(Math.abs(none.moved)).toBeLessThan(1e-6);
    expect(none.maxImpulse).toBe(0);
  });
});

describe('character mover: bad input', () => {
  it('rejects bad input with a clear error and leaves the world and mover unchanged', () => {
    const world = new World();
    ground(world);
    const mover = world.createMover({ capsule: CAPSULE, position: { x: 0, y: STAND_Y } });
    const hash = world.stateHash();
    const p = { x: 0, y: STAND_Y };

    expect(() => mover.move({ x: Number.NaN, y: 0 })).toThrow(
      /CharacterMover\.move: translation\.x must be finite, got NaN/,
    );
    expect(() => mover.move({ x: 0, y: Number.POSITIVE_INFINITY })).toThrow(/translation\.y must be finite/);
    expect(() => mover.move(null as never)).toThrow(/translation must be an object/);
    expect(() => mover.move({ x: 1, y: 0 }, 0)).toThrow(
      /CharacterMover\.move: dt must be finite and > 0, got 0/,
    );
    expect(() => world.moveCharacter(CAPSULE, p, { x: 0, y: Number.NaN })).toThrow(
      /moveCharacter: translation\.y must be finite, got NaN/,
    );
    expect(() => world.moveCharacter(new Capsule(0, -0.5, 0, 0.5, 0), p, { x: 1, y: 0 })).toThrow(
      /moveCharacter: capsule\.radius must be finite and > 0, got 0/,
    );
    expect(() => world.moveCharacter(new Capsule(0, -0.5, 0, 0.5, -1), p, { x: 1, y: 0 })).toThrow(
      /capsule\.radius must be finite and > 0, got -1/,
    );
    // the same capsule rules as createCapsuleShape and the queries (geometry_checks.ts)
    expect(() => world.moveCharacter(new Capsule(0, 0.5, 0, 0.5, 0.3), p, { x: 1, y: 0 })).toThrow(
      /moveCharacter: capsule length must be greater than zero \(use a circle\), got 0/,
    );
    expect(() => world.createMover({ capsule: new Capsule(0, 0, 0, 1, 0), position: p })).toThrow(
      /createMover: def\.capsule\.radius must be finite and > 0, got 0/,
    );
    expect(() => world.createMover({ capsule: makeCircle(0, 0, 1) as never, position: p })).toThrow(
      /createMover: def\.capsule must be a Capsule/,
    );
    expect(() => world.moveCharacter(CAPSULE, p, { x: 1, y: 0 }, { maxSlope: 2 })).toThrow(
      /options\.maxSlope must be in \[0, π\/2\]/,
    );
    expect(() => world.moveCharacter(CAPSULE, p, { x: 1, y: 0 }, { stepHeight: -1 })).toThrow(
      /options\.stepHeight must be finite and >= 0, got -1/,
    );
    expect(() => world.moveCharacter(CAPSULE, p, { x: 1, y: 0 }, { up: { x: 0, y: 2 } })).toThrow(
      /options\.up must be a unit vector/,
    );
    expect(() => mover.setOptions({ maxPushForce: Number.NaN })).toThrow(
      /CharacterMover\.setOptions: options\.maxPushForce must be finite and >= 0, got NaN/,
    );

    // Stale ids: a destroyed body as ignoreBody, at creation and later at move time.
    const temp = world.createBody();
    world.destroyBody(temp);
    expect(() => world.moveCharacter(CAPSULE, p, { x: 1, y: 0 }, { ignoreBody: temp })).toThrow(
      /moveCharacter: options\.ignoreBody must be a live body id or null, got \d+ \(never created, destroyed or stale\)/,
    );
    expect(() => world.createMover({ capsule: CAPSULE, position: p, ignoreBody: 12345 as BodyId })).toThrow(
      /createMover: options\.ignoreBody must be a live body id/,
    );
    const own = world.createBody({ type: BodyType.Kinematic, position: p });
    world.createCapsuleShape(own, CAPSULE);
    const avatar = world.createMover({ capsule: CAPSULE, position: p, ignoreBody: own });
    avatar.move({ x: 0.1, y: 0 });
    const ownedHash = world.stateHash();
    world.destroyBody(own);
    const afterDestroy = world.stateHash();
    expect(() => avatar.move({ x: 0.1, y: 0 })).toThrow(
      /CharacterMover\.move: options\.ignoreBody must be a live body id/,
    );
    expect(world.stateHash()).toBe(afterDestroy);
    expect(ownedHash).not.toBe(afterDestroy);
    expect(avatar.getPosition().x).toBeCloseTo(0.1, 12);

    // Rejections changed nothing.
    expect(mover.getPosition()).toEqual(p);
    expect(mover.getOptions().maxPushForce).toBe(0);
    expect(world.stateHash()).toBe(afterDestroy);
    expect(hash).not.toBe(0);
  });

  it('a steady-state move reuses its result and the one-shot API matches the mover', () => {
    const world = new World();
    ground(world);
    const mover = world.createMover({ capsule: CAPSULE, position: { x: 0, y: 1 } });
    const a = mover.move({ x: 0.05, y: -0.1 });
    const b = mover.move({ x: 0.05, y: -0.1 });
    expect(a).toBe(b);
    const contacts = b.contacts;
    mover.move({ x: 0.05, y: -0.1 });
    expect(mover.result.contacts).toBe(contacts);
    const one = world.moveCharacter(CAPSULE, { x: 0, y: 1 }, { x: 0.05, y: -0.1 });
    const fresh = world
      .createMover({ capsule: CAPSULE, position: { x: 0, y: 1 } })
      .move({ x: 0.05, y: -0.1 });
    expect(one.position).toEqual(fresh.position);
    expect(one.grounded).toBe(fresh.grounded);
    const clipped = mover.clipVelocity({ x: 1, y: -3 });
    expect(clipped.x).toBeCloseTo(1, 12);
    expect(clipped.y).toBeCloseTo(0, 12);
  });
});

describe('character mover and restore', () => {
  it('restores in place: the state is private, and a mover made before restore moves in the restored world', () => {
    const world = new World();
    expect('core' in world).toBe(false);
    expect(Object.keys(world)).toEqual([]);
    const ground = world.createBody();
    world.createPolygonShape(ground, makeBox(20, 1));
    const snap = world.snapshot();
    const mover = world.createMover({ capsule: makeCapsule(0, -0.5, 0, 0.5, 0.3), position: { x: 0, y: 5 } });
    world.destroyBody(ground);
    world.restore(snap);
    // the ground is back for the mover too (top at y = 1, capsule bottom 0.8 below its center)
    const landed = mover.move({ x: 0, y: -20 }).position.y;
    expect(landed).toBeGreaterThan(1.7);
    expect(landed).toBeLessThan(1.9);
  });
});
