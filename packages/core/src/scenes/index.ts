/**
 * Shared scene builders: tests, the benchmark and the demo build exactly these worlds.
 * Each builder adds to a world it is given and returns the ids it made, so a scene can
 * be combined with others or inspected afterwards.
 */

import type { BodyId, ShapeId } from '../world.js';
import { BodyType, type World } from '../world.js';
import {
  makeBox,
  makeCapsule,
  makeCircle,
  makeOffsetBox,
  makePolygon,
  makeSegment,
  type Polygon,
} from '../geometry/geometry.js';
import { cosSin, CosSin } from '../base/math.js';

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

// ------------------------------------------------------------------ joint scenes

/** One joint made by a scene builder, with its local anchors (getJointParams has none). */
export interface SceneJoint {
  id: ReturnType<World['createRevoluteJoint']>;
  bodyA: BodyId;
  bodyB: BodyId;
  /** Anchor in body A's frame (relative to its origin). */
  localAnchorA: Vec;
  /** Anchor in body B's frame. */
  localAnchorB: Vec;
}

/** Revolute parameters a scene may pass on (everything but the bodies and anchors). */
export type SceneRevoluteParams = Omit<
  Parameters<World['createRevoluteJoint']>[0],
  'bodyA' | 'bodyB' | 'localAnchorA' | 'localAnchorB'
>;

/** Creates a revolute joint from local anchors and returns its record. */
export function addRevoluteJoint(
  world: World,
  bodyA: BodyId,
  bodyB: BodyId,
  localAnchorA: Vec,
  localAnchorB: Vec,
  params: SceneRevoluteParams = {},
): SceneJoint {
  const id = world.createRevoluteJoint({ ...params, bodyA, bodyB, localAnchorA, localAnchorB });
  return { id, bodyA, bodyB, localAnchorA: { ...localAnchorA }, localAnchorB: { ...localAnchorB } };
}

/** Creates a revolute joint pinning two bodies together at a world point. */
export function addRevoluteJointAt(
  world: World,
  bodyA: BodyId,
  bodyB: BodyId,
  pivot: Vec,
  params: SceneRevoluteParams = {},
): SceneJoint {
  return addRevoluteJoint(
    world,
    bodyA,
    bodyB,
    world.getLocalPoint(bodyA, pivot),
    world.getLocalPoint(bodyB, pivot),
    params,
  );
}

/** Distance (m) between the two world anchors of a joint: zero for a perfect point joint. */
export function jointGap(world: World, joint: SceneJoint): number {
  const pA = world.getWorldPoint(joint.bodyA, joint.localAnchorA);
  const pB = world.getWorldPoint(joint.bodyB, joint.localAnchorB);
  return Math.sqrt((pB.x - pA.x) * (pB.x - pA.x) + (pB.y - pA.y) * (pB.y - pA.y));
}

/** The largest anchor gap (m) over the joints; joints destroyed since are skipped. */
export function maxJointGap(world: World, joints: readonly SceneJoint[]): number {
  let worst = 0;
  for (const joint of joints) {
    if (!world.isValidJoint(joint.id)) continue;
    const gap = jointGap(world, joint);
    if (gap > worst) worst = gap;
  }
  return worst;
}

/** Options of `chainScene`. */
export interface ChainSceneOptions {
  /** Number of links. Default 20. */
  links?: number;
  /** Distance between the two pivots of a link (m). Default 1. */
  linkLength?: number;
  /** Link shape: a capsule (round ends past the pivots) or a box. Default 'capsule'. */
  shape?: 'capsule' | 'box';
  /** Capsule radius, or half thickness of a box (m). Default 0.125. */
  radius?: number;
  /** Density of the links (kg/m^2). Default 20. */
  density?: number;
  /** The last link's density is `endMassRatio` times the others' (same shape). Default 1. */
  endMassRatio?: number;
  /** Default 0.6. */
  friction?: number;
  /** World position of the static anchor, the first pivot. Default (0, 20). */
  anchor?: Vec;
  /** Direction in which the chain runs from the anchor (rad). Default 0: horizontal, +x. */
  angle?: number;
  /** Let the links sleep. Default true. */
  enableSleep?: boolean;
}

/**
 * A chain of `links` links hung from a static anchor body by revolute joints, laid out in
 * a straight line from the anchor (horizontally by default, at rest). Link i spans pivots
 * i and i + 1; joint 0 pins link 0 to the anchor, joint i pins link i to link i - 1. The
 * shapes of adjacent links overlap at the pivots and do not collide (collideConnected
 * false); other links do.
 */
export function chainScene(
  world: World,
  opts: ChainSceneOptions = {},
): { anchor: BodyId; links: BodyId[]; joints: SceneJoint[] } {
  const n = opts.links ?? 20;
  const len = opts.linkLength ?? 1;
  const r = opts.radius ?? 0.125;
  const density = opts.density ?? 20;
  const endRatio = opts.endMassRatio ?? 1;
  const friction = opts.friction ?? 0.6;
  const ax = opts.anchor?.x ?? 0;
  const ay = opts.anchor?.y ?? 20;
  const angle = opts.angle ?? 0;
  const dir = cosSin(angle, new CosSin());
  const anchor = world.createBody({ position: { x: ax, y: ay } });
  const box = makeBox(0.5 * len, r);
  const capsule = makeCapsule(-0.5 * len, 0, 0.5 * len, 0, r);
  const links: BodyId[] = [];
  const joints: SceneJoint[] = [];
  let prev = anchor;
  for (let i = 0; i < n; i++) {
    const body = world.createBody({
      type: BodyType.Dynamic,
      position: { x: ax + (i + 0.5) * len * dir.c, y: ay + (i + 0.5) * len * dir.s },
      angle,
      enableSleep: opts.enableSleep ?? true,
    });
    const shapeDef = { density: i === n - 1 ? density * endRatio : density, friction };
    if (opts.shape === 'box') world.createPolygonShape(body, box, shapeDef);
    else world.createCapsuleShape(body, capsule, shapeDef);
    // pivot i: the anchor's origin for the first link, else the previous link's +x end
    const localA = i === 0 ? { x: 0, y: 0 } : { x: 0.5 * len, y: 0 };
    joints.push(addRevoluteJoint(world, prev, body, localA, { x: -0.5 * len, y: 0 }));
    links.push(body);
    prev = body;
  }
  return { anchor, links, joints };
}

/** Options of `bridgeScene`. */
export interface BridgeSceneOptions {
  /** Number of planks. Default 160. */
  planks?: number;
  /** Length of a plank, pivot to pivot (m). Default 1. */
  plankLength?: number;
  /** Half thickness of a plank (m). Default 0.125. */
  halfThickness?: number;
  /** Plank density (kg/m^2). Default 20. */
  density?: number;
  /** Height of the deck (m). Default 20. */
  height?: number;
  /** Add a ground box (top at y = 0) under the bridge. Default false: the deck hangs free. */
  ground?: boolean;
}

/**
 * A rope bridge: `planks` box planks pinned end to end by revolute joints, the first
 * and the last pinned to two static piers. The deck starts straight, centered on x = 0,
 * and exactly as long as the span, so it sags only as far as the soft joints stretch.
 * Joint i (0 <= i <= planks) is the pivot at x = -planks*plankLength/2 + i*plankLength.
 */
export function bridgeScene(
  world: World,
  opts: BridgeSceneOptions = {},
): { left: BodyId; right: BodyId; planks: BodyId[]; joints: SceneJoint[] } {
  const n = opts.planks ?? 160;
  const len = opts.plankLength ?? 1;
  const t = opts.halfThickness ?? 0.125;
  const density = opts.density ?? 20;
  const y = opts.height ?? 20;
  const x0 = -0.5 * n * len;
  if (opts.ground ?? false) addGround(world, 0.5 * n * len + 10);
  // piers: static blocks just outside the span, their origins at the end pivots
  const left = world.createBody({ position: { x: x0, y } });
  world.createPolygonShape(left, makeOffsetBox(0.5, 0.5, -0.5 - t, -0.5 - t, 0));
  const right = world.createBody({ position: { x: -x0, y } });
  world.createPolygonShape(right, makeOffsetBox(0.5, 0.5, 0.5 + t, -0.5 - t, 0));
  const plank = makeBox(0.5 * len, t);
  const planks: BodyId[] = [];
  const joints: SceneJoint[] = [];
  let prev = left;
  for (let i = 0; i < n; i++) {
    const body = world.createBody({ type: BodyType.Dynamic, position: { x: x0 + (i + 0.5) * len, y } });
    world.createPolygonShape(body, plank, { density, friction: 0.6 });
    const localA = i === 0 ? { x: 0, y: 0 } : { x: 0.5 * len, y: 0 };
    joints.push(addRevoluteJoint(world, prev, body, localA, { x: -0.5 * len, y: 0 }));
    planks.push(body);
    prev = body;
  }
  joints.push(addRevoluteJoint(world, prev, right, { x: 0.5 * len, y: 0 }, { x: 0, y: 0 }));
  return { left, right, planks, joints };
}

/** Options of `ragdollScene`. */
export interface RagdollSceneOptions {
  /** Where the feet are when standing (m). Default (0, 5). */
  position?: Vec;
  /** Size factor: 1 is about 1.7 m tall. Default 1. */
  scale?: number;
  /** Joint friction: a motor of speed 0 and this largest torque (N m, times scale). Default 0. */
  jointFriction?: number;
  /** The parts share filter group -group and never collide with each other. Default 1. */
  group?: number;
  /** Add a ground box (top at y = 0). Default true. */
  ground?: boolean;
}

/** The bodies of a ragdoll, by part. */
export interface RagdollBodies {
  torso: BodyId;
  head: BodyId;
  upperArmL: BodyId;
  lowerArmL: BodyId;
  upperArmR: BodyId;
  lowerArmR: BodyId;
  upperLegL: BodyId;
  lowerLegL: BodyId;
  upperLegR: BodyId;
  lowerLegR: BodyId;
}

/**
 * A ragdoll standing upright: torso, head, upper and lower arms and legs (capsules and a
 * circle), joined by revolute joints with angle limits (neck, shoulders, elbows, hips,
 * knees) and collideConnected false. The parts share a negative filter group, so limbs
 * pass through each other but collide with everything else.
 */
export function ragdollScene(
  world: World,
  opts: RagdollSceneOptions = {},
): { ground: BodyId | null; bodies: RagdollBodies; bodyList: BodyId[]; joints: SceneJoint[] } {
  const s = opts.scale ?? 1;
  const px = opts.position?.x ?? 0;
  const py = opts.position?.y ?? 5;
  const friction = (opts.jointFriction ?? 0) * s;
  const group = opts.group ?? 1;
  const ground = (opts.ground ?? true) ? addGround(world, 20) : null;
  const shapeDef = {
    density: 1,
    friction: 0.6,
    filter: { categoryBits: 1, maskBits: 0xffffffff, groupIndex: -group },
  };
  const bodyList: BodyId[] = [];
  const part = (y: number, halfLength: number, radius: number): BodyId => {
    const body = world.createBody({ type: BodyType.Dynamic, position: { x: px, y: py + y * s } });
    if (halfLength === 0) world.createCircleShape(body, makeCircle(0, 0, radius * s), shapeDef);
    else
      world.createCapsuleShape(
        body,
        makeCapsule(0, -halfLength * s, 0, halfLength * s, radius * s),
        shapeDef,
      );
    bodyList.push(body);
    return body;
  };
  const joints: SceneJoint[] = [];
  const hinge = (a: BodyId, b: BodyId, y: number, lower: number, upper: number): void => {
    joints.push(
      addRevoluteJointAt(
        world,
        a,
        b,
        { x: px, y: py + y * s },
        {
          enableLimit: true,
          lowerAngle: lower * Math.PI,
          upperAngle: upper * Math.PI,
          enableMotor: friction > 0,
          motorSpeed: 0,
          maxMotorTorque: friction,
        },
      ),
    );
  };
  // heights of part centers and pivots above the feet, for scale 1
  const torso = part(1.15, 0.2, 0.12);
  const head = part(1.6, 0, 0.11);
  const upperArmL = part(1.2, 0.12, 0.045);
  const lowerArmL = part(0.93, 0.12, 0.04);
  const upperArmR = part(1.2, 0.12, 0.045);
  const lowerArmR = part(0.93, 0.12, 0.04);
  const upperLegL = part(0.7, 0.15, 0.065);
  const lowerLegL = part(0.3, 0.17, 0.055);
  const upperLegR = part(0.7, 0.15, 0.065);
  const lowerLegR = part(0.3, 0.17, 0.055);
  hinge(torso, head, 1.48, -0.25, 0.15);
  hinge(torso, upperArmL, 1.35, -0.1, 0.8);
  hinge(upperArmL, lowerArmL, 1.065, 0, 0.6);
  hinge(torso, upperArmR, 1.35, -0.8, 0.1);
  hinge(upperArmR, lowerArmR, 1.065, -0.6, 0);
  hinge(torso, upperLegL, 0.88, -0.1, 0.5);
  hinge(upperLegL, lowerLegL, 0.5, -0.5, 0);
  hinge(torso, upperLegR, 0.88, -0.5, 0.1);
  hinge(upperLegR, lowerLegR, 0.5, 0, 0.5);
  const bodies: RagdollBodies = {
    torso,
    head,
    upperArmL,
    lowerArmL,
    upperArmR,
    lowerArmR,
    upperLegL,
    lowerLegL,
    upperLegR,
    lowerLegR,
  };
  return { ground, bodies, bodyList, joints };
}

/** Options of `hingesScene`. */
export interface HingesSceneOptions {
  /** Number of hinged pairs. Default 8. */
  count?: number;
  /** Height of the hinges above the ground (m). Default 4. */
  height?: number;
  /** Length of each stick (m). Default 1.5. */
  stickLength?: number;
}

/**
 * Hinged pairs of sticks falling onto the ground, side by side: in pair i the two sticks
 * are pinned at their shared end, start bent at different angles and spinning, and every
 * other pair has a limit of +-pi/4 that starts violated by design for i = 0 (bent pi/2).
 */
export function hingesScene(
  world: World,
  opts: HingesSceneOptions = {},
): { ground: BodyId; sticks: BodyId[]; joints: SceneJoint[] } {
  const count = opts.count ?? 8;
  const height = opts.height ?? 4;
  const len = opts.stickLength ?? 1.5;
  const ground = addGround(world, Math.max(20, 2 * count * len));
  const stick = makeBox(0.5 * len, 0.08);
  const sticks: BodyId[] = [];
  const joints: SceneJoint[] = [];
  const cs = new CosSin();
  for (let i = 0; i < count; i++) {
    const hx = (i - 0.5 * (count - 1)) * 2.5 * len;
    const a = -0.5 + (0.4 * i) / Math.max(1, count - 1);
    const b = a + 0.5 * Math.PI - (Math.PI * i) / Math.max(1, count - 1);
    cosSin(a, cs);
    const left = world.createBody({
      type: BodyType.Dynamic,
      position: { x: hx - 0.5 * len * cs.c, y: height - 0.5 * len * cs.s },
      angle: a,
      angularVelocity: i % 3 === 0 ? 2 : 0,
    });
    world.createPolygonShape(left, stick, { density: 1 });
    cosSin(b, cs);
    const right = world.createBody({
      type: BodyType.Dynamic,
      position: { x: hx + 0.5 * len * cs.c, y: height + 0.5 * len * cs.s },
      angle: b,
    });
    world.createPolygonShape(right, stick, { density: 1 });
    const limited = i % 2 === 0;
    joints.push(
      addRevoluteJoint(
        world,
        left,
        right,
        { x: 0.5 * len, y: 0 },
        { x: -0.5 * len, y: 0 },
        { enableLimit: limited, lowerAngle: -0.25 * Math.PI, upperAngle: 0.25 * Math.PI },
      ),
    );
    sticks.push(left, right);
  }
  return { ground, sticks, joints };
}

/** Options of `jointGridScene`. */
export interface JointGridSceneOptions {
  /** Default 100. */
  rows?: number;
  /** Default 100. */
  columns?: number;
  /** World position of the top-left body. Default (0, 0). */
  origin?: Vec;
}

/**
 * The "joint grid" benchmark of Box2D v3: rows x columns circles (radius 0.4, density 1)
 * 1 m apart, row r at y = origin.y - r, column c at x = origin.x + c. Each body is joined
 * by a revolute joint to the body above it (anchors (0, -0.5) on the upper body, (0, 0.5)
 * on the lower) and to the one on its left ((0.5, 0) and (-0.5, 0)). The seven middle
 * bodies of the top row are static; the net hangs from them under gravity. The circles
 * are in category 2 and do not collide with each other, and never sleep. Bodies and
 * joints are created column by column, top to bottom (the benchmark's order).
 */
export function jointGridScene(
  world: World,
  opts: JointGridSceneOptions = {},
): { bodies: BodyId[]; joints: SceneJoint[]; rows: number; columns: number } {
  const rows = opts.rows ?? 100;
  const columns = opts.columns ?? 100;
  const ox = opts.origin?.x ?? 0;
  const oy = opts.origin?.y ?? 0;
  const circle = makeCircle(0, 0, 0.4);
  const shapeDef = { density: 1, filter: { categoryBits: 2, maskBits: 0xfffffffd, groupIndex: 0 } };
  const mid = Math.floor(columns / 2);
  // bodies[c * rows + r]
  const bodies: BodyId[] = [];
  const joints: SceneJoint[] = [];
  for (let c = 0; c < columns; c++) {
    for (let r = 0; r < rows; r++) {
      const pinned = r === 0 && c >= mid - 3 && c <= mid + 3;
      const body = world.createBody({
        type: pinned ? BodyType.Static : BodyType.Dynamic,
        position: { x: ox + c, y: oy - r },
        enableSleep: false,
      });
      world.createCircleShape(body, circle, shapeDef);
      if (r > 0) {
        joints.push(
          addRevoluteJoint(world, bodies[bodies.length - 1]!, body, { x: 0, y: -0.5 }, { x: 0, y: 0.5 }),
        );
      }
      if (c > 0) {
        joints.push(
          addRevoluteJoint(world, bodies[bodies.length - rows]!, body, { x: 0.5, y: 0 }, { x: -0.5, y: 0 }),
        );
      }
      bodies.push(body);
    }
  }
  return { bodies, joints, rows, columns };
}

// ------------------------------------------------------------------ car (wheel joints)

/** Options of `carScene`. */
export interface CarSceneOptions {
  /** Mass of the chassis (kg), a box 2.5 m x 0.5 m. Default 4. */
  chassisMass?: number;
  /** Wheel radius (m). Default 0.4. */
  wheelRadius?: number;
  /** Wheel density (kg/m^2). Default 5. */
  wheelDensity?: number;
  /** Horizontal distance of each wheel from the chassis center (m). Default 1. */
  halfWheelbase?: number;
  /** Suspension stiffness (Hz). Default 4. */
  hertz?: number;
  /** Suspension damping ratio. Default 0.7. */
  dampingRatio?: number;
  /** Drive both wheels. Default false. */
  enableMotor?: boolean;
  /** Target wheel speed relative to the chassis (rad/s, negative rolls to +x). Default 0. */
  motorSpeed?: number;
  /** Motor torque limit per wheel (N m). Default 0. */
  maxMotorTorque?: number;
  /** Tyre friction. Default 0.9. */
  friction?: number;
  /** Add a static ground (200 m wide, top at origin.y). Default true. */
  ground?: boolean;
  /** Where the car stands: the wheels touch y = origin.y, centered on x = origin.x. */
  origin?: Vec;
}

/**
 * A two-wheeled car: a box chassis (2.5 m x 0.5 m) and two circular wheels on wheel
 * joints with a vertical suspension axis (0, 1) in the chassis frame. Each joint's anchors
 * are at the wheel center (chassis anchor (+-halfWheelbase, -0.5)), so the suspension
 * translation is 0 as built; the wheels touch the ground top at origin.y. Returns the
 * chassis, the wheels (rear = -x first) and the joints in the same order.
 */
export function carScene(
  world: World,
  opts: CarSceneOptions = {},
): {
  chassis: BodyId;
  wheels: BodyId[];
  joints: ReturnType<World['createWheelJoint']>[];
  ground: BodyId | null;
} {
  const mass = opts.chassisMass ?? 4;
  const radius = opts.wheelRadius ?? 0.4;
  const halfBase = opts.halfWheelbase ?? 1;
  const friction = opts.friction ?? 0.9;
  const ox = opts.origin?.x ?? 0;
  const oy = opts.origin?.y ?? 0;
  const ground = (opts.ground ?? true) ? addGround(world, 100, 0, ox, oy) : null;
  const halfW = 1.25;
  const halfH = 0.25;
  const chassisY = oy + radius + 0.5;
  const chassis = world.createBody({ type: BodyType.Dynamic, position: { x: ox, y: chassisY } });
  world.createPolygonShape(chassis, makeBox(halfW, halfH), {
    density: mass / (4 * halfW * halfH),
    friction: 0.6,
  });
  const wheel = makeCircle(0, 0, radius);
  const wheels: BodyId[] = [];
  const joints: ReturnType<World['createWheelJoint']>[] = [];
  for (const side of [-1, 1]) {
    const body = world.createBody({
      type: BodyType.Dynamic,
      position: { x: ox + side * halfBase, y: oy + radius },
    });
    world.createCircleShape(body, wheel, { density: opts.wheelDensity ?? 5, friction });
    wheels.push(body);
    joints.push(
      world.createWheelJoint({
        bodyA: chassis,
        bodyB: body,
        localAnchorA: { x: side * halfBase, y: -0.5 },
        localAnchorB: { x: 0, y: 0 },
        localAxisA: { x: 0, y: 1 },
        enableSpring: true,
        hertz: opts.hertz ?? 4,
        dampingRatio: opts.dampingRatio ?? 0.7,
        enableMotor: opts.enableMotor ?? false,
        motorSpeed: opts.motorSpeed ?? 0,
        maxMotorTorque: opts.maxMotorTorque ?? 0,
      }),
    );
  }
  return { chassis, wheels, joints, ground };
}

export interface PlatformerSceneOptions {
  /** Left end of the course on the ground's top surface. Default (0, 0). */
  origin?: Vec;
  /** Add the pushable crate on the plateau. Default true. */
  crate?: boolean;
}

/** The bodies and landmarks of `platformerScene` (world coordinates). */
export interface PlatformerLevel {
  ground: BodyId;
  /** A wall behind the spawn point (x in [-3, -2.5] from the origin, 4 m tall). */
  wall: BodyId;
  /** Two steps: 0.2 m (x in [4, 6]) then 0.4 m (x in [6, 8]) above the ground. */
  steps: BodyId[];
  /** A 30° ramp from the top of the second step (x = 8) up to the plateau (x = 11). */
  ramp: BodyId;
  /** The plateau, x in [11, 20], top at `plateauTop`. */
  plateau: BodyId;
  /** A dynamic 0.8 m crate (density 1, friction 0.6) on the plateau at x = 15, or null. */
  crate: BodyId | null;
  /** A 60° ramp rising from the plateau's right end (x = 20): too steep to walk up. */
  steepRamp: BodyId;
  /** Frame position of a standing `makeCapsule(0, -0.5, 0, 0.5, 0.3)` mover at x = 0. */
  spawn: Vec;
  plateauTop: number;
  /** World x where the steep ramp starts. */
  steepRampX: number;
}

/**
 * A small platformer course for the character mover, left to right: ground, two steps of
 * 0.2 m, a 30° ramp up to a plateau with a pushable crate, and a 60° ramp that a walker
 * with the default 45° max slope cannot climb. All static except the crate.
 */
export function platformerScene(world: World, opts: PlatformerSceneOptions = {}): PlatformerLevel {
  const ox = opts.origin?.x ?? 0;
  const oy = opts.origin?.y ?? 0;
  const ground = addGround(world, 30, 0, ox + 20, oy);
  const wall = world.createBody({ position: { x: ox - 2.75, y: oy + 2 } });
  world.createPolygonShape(wall, makeBox(0.25, 2));
  const steps: BodyId[] = [];
  for (let i = 0; i < 2; i++) {
    const h = 0.2 * (i + 1);
    const step = world.createBody({ position: { x: ox + 5 + 2 * i, y: oy + 0.5 * h } });
    world.createPolygonShape(step, makeBox(1, 0.5 * h));
    steps.push(step);
  }
  const rampRise = 3 * Math.tan(Math.PI / 6);
  const plateauTop = 0.4 + rampRise;
  const ramp = world.createBody({ position: { x: ox, y: oy } });
  world.createPolygonShape(
    ramp,
    makePolygon([
      { x: 8, y: 0 },
      { x: 11, y: 0 },
      { x: 11, y: plateauTop },
      { x: 8, y: 0.4 },
    ]),
  );
  const plateau = world.createBody({ position: { x: ox + 15.5, y: oy + 0.5 * plateauTop } });
  world.createPolygonShape(plateau, makeBox(4.5, 0.5 * plateauTop));
  let crate: BodyId | null = null;
  if (opts.crate ?? true) {
    crate = world.createBody({ type: BodyType.Dynamic, position: { x: ox + 15, y: oy + plateauTop + 0.4 } });
    world.createPolygonShape(crate, makeBox(0.4, 0.4), { density: 1, friction: 0.6 });
  }
  const steepRamp = world.createBody({ position: { x: ox, y: oy } });
  world.createPolygonShape(
    steepRamp,
    makePolygon([
      { x: 20, y: 0 },
      { x: 22, y: 0 },
      { x: 22, y: plateauTop + 2 * Math.tan(Math.PI / 3) },
      { x: 20, y: plateauTop },
    ]),
  );
  return {
    ground,
    wall,
    steps,
    ramp,
    plateau,
    crate,
    steepRamp,
    spawn: { x: ox, y: oy + 0.8 + 0.5 * 0.005 },
    plateauTop: oy + plateauTop,
    steepRampX: ox + 20,
  };
}

/** Fast bodies against thin walls: `count` circles fired at `speed` at a 5 cm static wall
 * and a thin dynamic plank; every other shot is a bullet. Used by the continuous tests,
 * the benchmark and the demo. */
export function bulletScene(
  world: World,
  opts: { count?: number; speed?: number } = {},
): { wall: BodyId; plank: BodyId; shots: BodyId[] } {
  const count = opts.count ?? 6;
  const speed = opts.speed ?? 300;
  world.setGravity({ x: 0, y: 0 });
  const wall = world.createBody({ position: { x: 20, y: 0 } });
  world.createPolygonShape(wall, makeBox(0.025, 10));
  const plank = world.createBody({ type: BodyType.Dynamic, position: { x: 10, y: -6 } });
  world.createPolygonShape(plank, makeBox(0.025, 2), { density: 5 });
  const shots: BodyId[] = [];
  for (let i = 0; i < count; i++) {
    const toPlank = i % 2 === 1;
    const shot = world.createBody({
      type: BodyType.Dynamic,
      position: { x: 0.37 * i, y: toPlank ? -6 + 0.3 * (i - count / 2) * 0.2 : 2 * i - count },
      linearVelocity: { x: speed, y: 0 },
      isBullet: toPlank,
    });
    world.createCircleShape(shot, makeCircle(0, 0, 0.05));
    shots.push(shot);
  }
  return { wall, plank, shots };
}

/** A sensor zone that balls roll through: no push, only overlap events. */
export function sensorScene(world: World, balls = 3): { zone: BodyId; sensor: ShapeId; balls: BodyId[] } {
  const ground = world.createBody();
  world.createPolygonShape(ground, makeBox(30, 0.5));
  const zone = world.createBody({ position: { x: 5, y: 1.5 } });
  const sensor = world.createPolygonShape(zone, makeBox(1, 1), { isSensor: true });
  const ids: BodyId[] = [];
  for (let i = 0; i < balls; i++) {
    const ball = world.createBody({
      type: BodyType.Dynamic,
      position: { x: -2 * i, y: 0.75 },
      linearVelocity: { x: 3, y: 0 },
    });
    world.createCircleShape(ball, makeCircle(0, 0, 0.25), { friction: 0.2 });
    ids.push(ball);
  }
  return { zone, sensor, balls: ids };
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
