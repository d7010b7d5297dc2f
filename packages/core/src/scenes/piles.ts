/**
 * Piles: the determinism pile, the fuzz scene, the tumbler, the rollback box pile.
 */

import type { World } from '../world.js';
import {
  makeBox,
  makeCapsule,
  makeCircle,
  makeOffsetBox,
  makePolygon,
  type Polygon,
} from '../geometry/geometry.js';
import { cosSin, CosSin } from '../base/math.js';
import { addGround, SceneRandom, type Vec } from './common.js';
import type { BodyId } from '../types/ids.js';
import { BodyType } from '../types/body_def.js';

/** A pile of mixed shapes dropped into a static box: the determinism scene. */
export function mixedPileScene(world: World, count = 300, seed = 12345): BodyId[] {
  const rng = new SceneRandom(seed);
  const ground = world.createBody();
  world.createPolygonShape(ground, makeOffsetBox(20, 1, 0, -1, 0));
  world.createPolygonShape(ground, makeOffsetBox(1, 20, -21, 19, 0));
  world.createPolygonShape(ground, makeOffsetBox(1, 20, 21, 19, 0));
  const ids: BodyId[] = [];
  for (let i = 0; i < count; i++) {
    const body = world.createBody({
      type: BodyType.Dynamic,
      position: { x: rng.range(-18, 18), y: 2 + (i / 20) * 2 + rng.range(0, 1) },
      angle: rng.range(-3, 3),
    });
    const kind = i % 3;
    if (kind === 0) world.createPolygonShape(body, makeBox(rng.range(0.2, 0.6), rng.range(0.2, 0.6)));
    else if (kind === 1) world.createCircleShape(body, makeCircle(0, 0, rng.range(0.2, 0.5)));
    else world.createPolygonShape(body, makeBox(rng.range(0.1, 0.3), rng.range(0.5, 0.9)));
    ids.push(body);
  }
  return ids;
}

/** Options of `fuzzScene`. */
export interface FuzzSceneOptions {
  /** Number of dynamic bodies. Default 20. */
  count?: number;
  /** Start every body at rest (zero linear and angular velocity). Default false. */
  atRest?: boolean;
}

/**
 * A random crowd for fuzzing, deterministic for a given seed: `count` dynamic bodies of
 * mixed kinds (box, circle, capsule, and a polygon from makePolygon of 3 to 8 random
 * points, or a circle when those points make no valid hull) crammed into a region about
 * half the size of their total area, so most start overlapping each other and some the
 * static ground and walls they sit in. Every extent is 0.05 to 3 m (log-uniform), the
 * density 0.1 to 100 kg/m^2 (log-uniform), and unless `atRest` each body starts with a
 * speed of 0 to 50 m/s in a random direction and up to 10 rad/s of spin. Gravity is
 * left as the world has it.
 */
export function fuzzScene(world: World, seed: number, opts: FuzzSceneOptions = {}): BodyId[] {
  const count = opts.count ?? 20;
  const rng = new SceneRandom(seed);
  // log-uniform on 64 steps, built from sqrt and products only (deterministic everywhere)
  const logRange = (lo: number, hi: number): number => {
    let step = hi / lo;
    for (let i = 0; i < 6; i++) step = Math.sqrt(step);
    let v = lo;
    for (let k = Math.floor(rng.next() * 65); k > 0; k--) v *= step;
    return v;
  };
  // static arena: ground with its top at y = 0, walls at x = +-12, 30 m tall
  const arena = world.createBody();
  world.createPolygonShape(arena, makeOffsetBox(13, 1, 0, -1, 0));
  world.createPolygonShape(arena, makeOffsetBox(1, 15, -13, 15, 0));
  world.createPolygonShape(arena, makeOffsetBox(1, 15, 13, 15, 0));
  // the spawn square: mean body area is about 0.5 m^2, so it is about half full
  const half = 0.5 * Math.sqrt(count);
  const ids: BodyId[] = [];
  const headingScratch = new CosSin();
  for (let i = 0; i < count; i++) {
    const speed = opts.atRest ? 0 : rng.range(0, 50);
    const heading = cosSin(rng.range(-Math.PI, Math.PI), headingScratch);
    const spin = opts.atRest ? 0 : rng.range(-10, 10);
    const body = world.createBody({
      type: BodyType.Dynamic,
      position: { x: rng.range(-half, half), y: rng.range(-0.5, 2 * half) },
      angle: rng.range(-Math.PI, Math.PI),
      linearVelocity: { x: speed * heading.c, y: speed * heading.s },
      angularVelocity: spin,
    });
    const shapeDef = { density: logRange(0.1, 100) };
    const a = logRange(0.05, 3);
    const b = logRange(0.05, 3);
    const kind = Math.floor(rng.next() * 4);
    if (kind === 0) {
      world.createPolygonShape(body, makeBox(a / 2, b / 2), shapeDef);
    } else if (kind === 1) {
      world.createCircleShape(body, makeCircle(0, 0, a / 2), shapeDef);
    } else if (kind === 2) {
      // total length a, width b (both clamped so the capsule stays within a by b)
      const long = Math.max(a, b);
      const r = Math.min(a, b) / 2;
      const l = Math.max((long - 2 * r) / 2, 0.01);
      world.createCapsuleShape(body, makeCapsule(-l, 0, l, 0, r), shapeDef);
    } else {
      const n = 3 + Math.floor(rng.next() * 6);
      const points: Vec[] = [];
      for (let k = 0; k < n; k++) points.push({ x: rng.range(-a / 2, a / 2), y: rng.range(-b / 2, b / 2) });
      let polygon: Polygon | null = null;
      try {
        polygon = makePolygon(points);
      } catch (e) {
        if (!(e instanceof RangeError)) throw e;
      }
      if (polygon !== null) world.createPolygonShape(body, polygon, shapeDef);
      else world.createCircleShape(body, makeCircle(0, 0, Math.max(a, b) / 2), shapeDef);
    }
    ids.push(body);
  }
  return ids;
}

/**
 * Box2D v3's "tumbler" benchmark: a kinematic hollow box 21 m across (walls 1 m thick),
 * centered at (0, 10) and turning at 25°/s, holding gridCount² dynamic boxes of
 * half-extent 0.125 laid out in a grid (row by row, bottom first).
 */
export function tumblerScene(world: World, gridCount = 45): { tumbler: BodyId; boxes: BodyId[] } {
  const tumbler = world.createBody({
    type: BodyType.Kinematic,
    position: { x: 0, y: 10 },
    angularVelocity: (25 * Math.PI) / 180,
    enableSleep: false,
  });
  world.createPolygonShape(tumbler, makeOffsetBox(0.5, 10, 10, 0, 0), { density: 50 });
  world.createPolygonShape(tumbler, makeOffsetBox(0.5, 10, -10, 0, 0), { density: 50 });
  world.createPolygonShape(tumbler, makeOffsetBox(10, 0.5, 0, 10, 0), { density: 50 });
  world.createPolygonShape(tumbler, makeOffsetBox(10, 0.5, 0, -10, 0), { density: 50 });
  const a = 0.125;
  const box = makeBox(a, a);
  const boxes: BodyId[] = [];
  let y = -1.1 * a * gridCount + 10;
  for (let i = 0; i < gridCount; i++) {
    let x = -1.1 * a * gridCount;
    for (let j = 0; j < gridCount; j++) {
      const body = world.createBody({ type: BodyType.Dynamic, position: { x, y } });
      world.createPolygonShape(body, box, { density: 1, friction: 0.6 });
      boxes.push(body);
      x += 2.1 * a;
    }
    y += 2.1 * a;
  }
  return { tumbler, boxes };
}

/**
 * The rollback box pile: 200 unit boxes, slightly turned and shifted, dropped in a column
 * 10 wide onto ground `groundHalfWidth` m either side of the origin. On the default 20 some
 * boxes (13) slide off the edges and fall for ever, awake; on 40 every box comes to rest
 * (asleep by step 640 with sleep on). Returns the boxes.
 */
export function boxPileScene(world: World, groundHalfWidth = 20): BodyId[] {
  addGround(world, groundHalfWidth);
  const rng = new SceneRandom(7);
  const ids: BodyId[] = [];
  for (let i = 0; i < 200; i++) {
    const body = world.createBody({
      type: BodyType.Dynamic,
      position: { x: -5 + (i % 10) * 1.1 + rng.range(0, 0.2), y: 0.6 + Math.floor(i / 10) * 1.1 },
      angle: rng.range(-0.2, 0.2),
    });
    world.createPolygonShape(body, makeBox(0.5, 0.5));
    ids.push(body);
  }
  return ids;
}
