/**
 * Stacking: pyramids, stacks, mass ratios, overlap recovery, packed circles, heavy loads, inclines,
 * a house of cards.
 */

import type { World } from '../world.js';
import { makeBox, makeCircle, makeOffsetBox, makeSegment } from '../geometry/geometry.js';
import { cosSin, CosSin } from '../base/math.js';
import { addGround, type Vec } from './common.js';
import type { BodyId } from '../types/ids.js';
import { BodyType } from '../types/body_def.js';

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

export interface CardHouseOptions {
  /** Storeys (pairs in the bottom storey). Default 5. */
  storeys?: number;
  /** Half length of a card (m). Default 0.2, Box2D's sample. */
  halfLength?: number;
  /** Half thickness of a card (m). Default 0.001. */
  halfThickness?: number;
  friction?: number;
  /** Where the first card's foot stands, on the ground's top. Default (0, 0). */
  origin?: Vec;
  /** Add the ground box under it. Default true. */
  ground?: boolean;
}

/**
 * A house of cards as in Box2D v3's card-house sample: storeys of card pairs leaning 25
 * degrees from vertical with their tops touching, a flat card across each two neighbouring
 * pairs, each storey one pair narrower. The layout scales with the card length (the
 * sample's 0.2 m half length, 0.175 m pair spacing, and the cards set a few millimetres
 * into the ground and below the flat cards, so the house settles before it stands).
 */
export function cardHouseScene(world: World, opts: CardHouseOptions = {}): BodyId[] {
  const storeys = opts.storeys ?? 5;
  const half = opts.halfLength ?? 0.2;
  const scale = half / 0.2;
  const shapeDef = { friction: opts.friction ?? 0.7 };
  const ox = opts.origin?.x ?? 0;
  const oy = opts.origin?.y ?? 0;
  if (opts.ground ?? true) {
    const ground = world.createBody({ position: { x: ox, y: oy - 2 * scale } });
    world.createPolygonShape(ground, makeBox(40 * scale, 2 * scale), shapeDef);
  }
  const card = makeBox(opts.halfThickness ?? 0.001 * scale, half);
  const lean = (25 * Math.PI) / 180;
  const spacing = 0.175 * scale;
  const ids: BodyId[] = [];
  const add = (x: number, y: number, angle: number): void => {
    const body = world.createBody({ type: BodyType.Dynamic, position: { x: ox + x, y: oy + y }, angle });
    world.createPolygonShape(body, card, shapeDef);
    ids.push(body);
  };
  let y = half - 0.02 * scale;
  let x0 = 0;
  for (let pairs = storeys; pairs > 0; pairs--) {
    let x = x0;
    for (let i = 0; i < pairs; i++) {
      if (i !== pairs - 1) add(x + 0.25 * scale, y + half - 0.015 * scale, 0.5 * Math.PI);
      add(x, y, -lean);
      x += spacing;
      add(x, y, lean);
      x += spacing;
    }
    y += 2 * half - 0.03 * scale;
    x0 += spacing;
  }
  return ids;
}
