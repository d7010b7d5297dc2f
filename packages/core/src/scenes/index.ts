/**
 * Shared scene builders: tests, the benchmark and the demo build exactly these worlds.
 * Each builder adds to a world it is given and returns the ids it made, so a scene can
 * be combined with others or inspected afterwards.
 */

import type { BodyId } from '../world';
import { BodyType, type World } from '../world';
import {
  makeBox,
  makeCapsule,
  makeCircle,
  makeOffsetBox,
  makePolygon,
  makeSegment,
  type Polygon,
} from '../geometry';
import { cosSin, CosSin } from '../math';

export interface Vec {
  x: number;
  y: number;
}

/** A static ground box whose top surface is at y = top. */
export function addGround(world: World, halfWidth = 100, top = 0, originX = 0, originY = 0): BodyId {
  const ground = world.createBody({ position: { x: originX, y: originY + top - 1 } });
  world.createPolygonShape(ground, makeBox(halfWidth, 1));
  return ground;
}

export interface PyramidOptions {
  /** Boxes in the bottom row. */
  base: number;
  /** Half size of each box (m). Default 0.5. */
  halfSize?: number;
  friction?: number;
  density?: number;
  /** Where the middle of the bottom row touches the ground. Default (0, 0). */
  origin?: Vec;
}

/** A pyramid of base*(base+1)/2 touching boxes standing on y = origin.y. */
export function addPyramid(world: World, opts: PyramidOptions): BodyId[] {
  const h = opts.halfSize ?? 0.5;
  const ox = opts.origin?.x ?? 0;
  const oy = opts.origin?.y ?? 0;
  const box = makeBox(h, h);
  const shapeDef = { friction: opts.friction ?? 0.6, density: opts.density ?? 1 };
  const ids: BodyId[] = [];
  for (let row = 0; row < opts.base; row++) {
    const count = opts.base - row;
    const y = oy + (2 * row + 1) * h;
    const x0 = ox - (count - 1) * h;
    for (let i = 0; i < count; i++) {
      const body = world.createBody({ type: BodyType.Dynamic, position: { x: x0 + 2 * h * i, y } });
      world.createPolygonShape(body, box, shapeDef);
      ids.push(body);
    }
  }
  return ids;
}

/** The pyramid scene: ground plus a pyramid of the given base. */
export function pyramidScene(world: World, base: number, origin: Vec = { x: 0, y: 0 }): BodyId[] {
  addGround(world, Math.max(40, base * 1.5), 0, origin.x, origin.y);
  return addPyramid(world, { base, origin });
}

/** A vertical stack of boxes on the ground. */
export function stackScene(world: World, count: number, halfSize = 0.5, friction = 0.6): BodyId[] {
  addGround(world, 20);
  const box = makeBox(halfSize, halfSize);
  const ids: BodyId[] = [];
  for (let i = 0; i < count; i++) {
    const body = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: (2 * i + 1) * halfSize } });
    world.createPolygonShape(body, box, { friction });
    ids.push(body);
  }
  return ids;
}

/** A heavy box (ratio times the density) resting on a light one. */
export function massRatioBoxScene(world: World, ratio: number): { light: BodyId; heavy: BodyId } {
  addGround(world, 20);
  const light = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 0.5 } });
  world.createPolygonShape(light, makeBox(0.5, 0.5), { density: 1 });
  const heavy = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 1.5 } });
  world.createPolygonShape(heavy, makeBox(0.5, 0.5), { density: ratio });
  return { light, heavy };
}

/** A heavy circle (ratio times the mass) resting on a light circle of the same size. */
export function massRatioCircleScene(world: World, ratio: number): { light: BodyId; heavy: BodyId } {
  addGround(world, 20);
  const light = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 0.5 } });
  world.createCircleShape(light, makeCircle(0, 0, 0.5), { density: 1 });
  const heavy = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 1.5 } });
  world.createCircleShape(heavy, makeCircle(0, 0, 0.5), { density: ratio });
  return { light, heavy };
}

/**
 * The "mass ratio on a thin segment" stress scene: a light plank (2 x 0.5 m, 1 kg) on a
 * segment ground carrying a 2 x 2 m block `ratio` times heavier (mass, not density: the
 * block has 4 times the plank's area, so its density is ratio / 4).
 */
export function segmentMassRatioScene(world: World, ratio: number): { light: BodyId; heavy: BodyId } {
  const ground = world.createBody();
  world.createSegmentShape(ground, makeSegment(-20, 0, 20, 0));
  const light = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 0.25 } });
  world.createPolygonShape(light, makeBox(1, 0.25), { density: 1 });
  const heavy = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 1.5 } });
  world.createPolygonShape(heavy, makeBox(1, 1), { density: ratio / 4 });
  return { light, heavy };
}

/** A row of boxes that start overlapping each other by `overlap` of their size. */
export function overlapRecoveryScene(world: World, overlap = 0.25, count = 4, rows = 4): BodyId[] {
  addGround(world, 20);
  const h = 0.5;
  const step = 2 * h * (1 - overlap);
  const box = makeBox(h, h);
  const ids: BodyId[] = [];
  for (let row = 0; row < rows; row++) {
    const n = count - row;
    const x0 = -((n - 1) * step) / 2;
    for (let i = 0; i < n; i++) {
      const body = world.createBody({
        type: BodyType.Dynamic,
        position: { x: x0 + i * step, y: h + row * step },
      });
      world.createPolygonShape(body, box);
      ids.push(body);
    }
  }
  return ids;
}

/** A closed static box packed with more circles than fit, no gravity. */
export function packedCirclesScene(world: World, perSide = 12, radius = 0.5): BodyId[] {
  world.setGravity({ x: 0, y: 0 });
  const half = perSide * radius * 0.9;
  const walls = world.createBody();
  const t = 0.5;
  world.createPolygonShape(walls, makeOffsetBox(half + 2 * t, t, 0, -half - t, 0));
  world.createPolygonShape(walls, makeOffsetBox(half + 2 * t, t, 0, half + t, 0));
  world.createPolygonShape(walls, makeOffsetBox(t, half + 2 * t, -half - t, 0, 0));
  world.createPolygonShape(walls, makeOffsetBox(t, half + 2 * t, half + t, 0, 0));
  const ids: BodyId[] = [];
  const spacing = (2 * half) / perSide;
  const circle = makeCircle(0, 0, radius);
  for (let i = 0; i < perSide; i++) {
    for (let j = 0; j < perSide; j++) {
      const body = world.createBody({
        type: BodyType.Dynamic,
        position: { x: -half + (i + 0.5) * spacing, y: -half + (j + 0.5) * spacing },
      });
      world.createCircleShape(body, circle);
      ids.push(body);
    }
  }
  return ids;
}

/** A stack of light boxes carrying a heavy load on top. */
export function heavyLoadScene(
  world: World,
  count = 5,
  loadDensity = 100,
): { stack: BodyId[]; load: BodyId } {
  const stack = stackScene(world, count);
  const load = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 2 * count * 0.5 + 0.5 } });
  world.createPolygonShape(load, makeBox(0.5, 0.5), { density: loadDensity });
  return { stack, load };
}

/** A static incline of the given angle with a box resting on it. */
export function inclineScene(world: World, angle: number, friction: number): { box: BodyId; ramp: BodyId } {
  const cs = cosSin(angle, new CosSin());
  const ramp = world.createBody({ angle });
  world.createPolygonShape(ramp, makeBox(50, 0.5), { friction });
  // box resting on the ramp's top surface, near its upper end
  const along = 10;
  const up = 0.5 + 0.25;
  const box = world.createBody({
    type: BodyType.Dynamic,
    angle,
    position: { x: along * cs.c - up * cs.s, y: along * cs.s + up * cs.c },
  });
  world.createPolygonShape(box, makeBox(0.25, 0.25), { friction });
  return { box, ramp };
}

/** A grid of pyramids (the "many pyramids" benchmark). */
export function manyPyramidsScene(world: World, columns = 20, rows = 10, base = 10): BodyId[] {
  const h = 0.5;
  const width = base * 2 * h + 2;
  const rowHeight = base * 2 * h + 2;
  const ground = world.createBody();
  const ids: BodyId[] = [];
  for (let r = 0; r < rows; r++) {
    const y = r * rowHeight;
    world.createSegmentShape(
      ground,
      makeSegment(-width * columns * 0.5 - 1, y, width * columns * 0.5 + 1, y),
    );
    for (let c = 0; c < columns; c++) {
      const x = -width * columns * 0.5 + (c + 0.5) * width;
      ids.push(...addPyramid(world, { base, origin: { x, y } }));
    }
  }
  return ids;
}

/** A small linear congruential generator: deterministic and engine-independent. */
export class SceneRandom {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0 || 1;
  }
  /** Uniform in [0, 1). */
  next(): number {
    this.state = (Math.imul(this.state, 1664525) + 1013904223) >>> 0;
    return this.state / 4294967296;
  }
  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }
}

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
 * A ball dropped onto the ground: its lowest point starts `height` above the ground
 * surface (y = 0), both shapes with the given restitution.
 */
export function bouncingBallScene(
  world: World,
  height: number,
  restitution: number,
  radius = 0.25,
): { ball: BodyId; ground: BodyId } {
  const ground = addGround(world, 20);
  world.setRestitution(world.getBodyShapes(ground)[0]!, restitution);
  const ball = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: height + radius } });
  world.createCircleShape(ball, makeCircle(0, 0, radius), { restitution });
  return { ball, ground };
}

/**
 * Two equal circles on the x axis flying at each other at +speed and -speed, with no
 * gravity: the elastic-collision scene. Their surfaces start `gap` apart.
 */
export function headOnCirclesScene(
  world: World,
  speed: number,
  restitution: number,
  radius = 0.5,
  gap = 2,
): { left: BodyId; right: BodyId } {
  world.setGravity({ x: 0, y: 0 });
  const x = radius + gap / 2;
  const left = world.createBody({
    type: BodyType.Dynamic,
    position: { x: -x, y: 0 },
    linearVelocity: { x: speed, y: 0 },
  });
  world.createCircleShape(left, makeCircle(0, 0, radius), { restitution });
  const right = world.createBody({
    type: BodyType.Dynamic,
    position: { x, y: 0 },
    linearVelocity: { x: -speed, y: 0 },
  });
  world.createCircleShape(right, makeCircle(0, 0, radius), { restitution });
  return { left, right };
}

/** Options of `chainSlideScene`. */
export interface ChainSlideOptions {
  /** Length of each chain segment (m). Default 0.25: four vertices under the box. */
  segmentLength?: number;
  /** Number of chain segments. Default 320 (80 m of ground). */
  segments?: number;
  /** Initial sliding speed of the box, to +x (m/s). Default 6. */
  speed?: number;
  /** Friction of the chain and of the box (mixed by the world). Default 0.1. */
  friction?: number;
  /** Half size of the box (m). Default 0.5. */
  halfSize?: number;
}

/**
 * Ghost-collision scene: a box sliding along a flat one-sided chain ground at y = 0 made
 * of many short collinear segments. The chain points run right to left so its top side
 * collides (see ChainSegment). The box starts resting on the ground near the left end,
 * moving to +x.
 */
export function chainSlideScene(
  world: World,
  opts: ChainSlideOptions = {},
): { box: BodyId; ground: BodyId; points: Vec[] } {
  const len = opts.segmentLength ?? 0.25;
  const n = opts.segments ?? 320;
  const h = opts.halfSize ?? 0.5;
  const friction = opts.friction ?? 0.1;
  const x0 = -0.5 * n * len;
  const points: Vec[] = [];
  for (let i = n; i >= 0; i--) points.push({ x: x0 + i * len, y: 0 });
  const ground = world.createBody();
  world.createChain(ground, { points, friction });
  const box = world.createBody({
    type: BodyType.Dynamic,
    position: { x: x0 + 2 * h, y: h },
    linearVelocity: { x: opts.speed ?? 6, y: 0 },
  });
  world.createPolygonShape(box, makeBox(h, h), { friction });
  return { box, ground, points };
}
