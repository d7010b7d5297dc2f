/**
 * Restitution, sliding, fast bodies and sensors: bouncing balls, head-on circles, a chain slide, bullets, a sensor zone.
 */

import type { World } from '../world.js';
import { makeBox, makeCircle } from '../geometry/geometry.js';
import { addGround, type Vec } from './common.js';
import type { BodyId, ShapeId } from '../types/ids.js';
import { BodyType } from '../types/body_def.js';

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
  world.setShapeRestitution(world.getBodyShapes(ground)[0]!, restitution);
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
