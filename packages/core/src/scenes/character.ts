/**
 * A platformer level for the character mover.
 */

import type { World } from '../world.js';
import { makeBox, makePolygon } from '../geometry/geometry.js';
import { addGround, type Vec } from './common.js';
import type { BodyId } from '../types/ids.js';
import { BodyType } from '../types/body_def.js';

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
  // a static polygon given in the level's frame
  const slope = (points: Vec[]): BodyId => {
    const body = world.createBody({ position: { x: ox, y: oy } });
    world.createPolygonShape(body, makePolygon(points));
    return body;
  };
  const ramp = slope([
    { x: 8, y: 0 },
    { x: 11, y: 0 },
    { x: 11, y: plateauTop },
    { x: 8, y: 0.4 },
  ]);
  const plateau = world.createBody({ position: { x: ox + 15.5, y: oy + 0.5 * plateauTop } });
  world.createPolygonShape(plateau, makeBox(4.5, 0.5 * plateauTop));
  let crate: BodyId | null = null;
  if (opts.crate ?? true) {
    crate = world.createBody({ type: BodyType.Dynamic, position: { x: ox + 15, y: oy + plateauTop + 0.4 } });
    world.createPolygonShape(crate, makeBox(0.4, 0.4), { density: 1, friction: 0.6 });
  }
  const steepRamp = slope([
    { x: 20, y: 0 },
    { x: 22, y: 0 },
    { x: 22, y: plateauTop + 2 * Math.tan(Math.PI / 3) },
    { x: 20, y: plateauTop },
  ]);
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
