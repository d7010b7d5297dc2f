/**
 * Box2D v3's benchmark scenes that contacts churn through: rain (ragdolls poured onto
 * shelves, created and destroyed while the world runs), smash (a heavy box driven through
 * a block of small ones, no gravity) and spinner (a motorised paddle stirring 6,076 mixed
 * bodies inside a closed loop). Built as Box2D's benchmark builds them (shared/benchmarks.c,
 * shared/human.c), at the release sizes; apps/bench describes the same bodies for the peers.
 */

import type { World } from '../world.js';
import type { BodyId } from '../types/ids.js';
import { BodyType } from '../types/body_def.js';
import {
  makeBox,
  makeCapsule,
  makeCircle,
  makeOffsetBox,
  makePolygon,
  makeRoundedBox,
} from '../geometry/geometry.js';
import { addRevoluteJointAt, type SceneJoint } from './joints.js';
import type { Vec } from './common.js';
import { MAX_FORCE } from '../base/constants.js';

// ------------------------------------------------------------------ human (ragdoll)

/**
 * One bone of Box2D's benchmark human, for scale 1, heights above the feet: the body's
 * center, its vertical capsule (from y1 to y2 about the center, radius), its linear
 * damping, its parent and the pivot height of the joint to the parent with its limits
 * (fractions of pi), the joint's reference angle (fraction of pi) and friction scale.
 */
export interface HumanBone {
  y: number;
  capsule: { y1: number; y2: number; radius: number };
  linearDamping: number;
  /** Index of the parent bone, -1 for the hip. */
  parent: number;
  pivotY: number;
  lower: number;
  upper: number;
  referenceAngle: number;
  frictionScale: number;
  /** The lower legs also carry a foot (a rounded quadrilateral that touches only the ground). */
  foot: boolean;
}

/** Box2D's human, bone by bone in its order (hip, torso, head, legs, arms). */
export const HUMAN_BONES: readonly HumanBone[] = [
  bone(0.95, -0.02, 0.02, 0.095, 0, -1, 0, 0, 0, 0, 1),
  bone(1.2, -0.135, 0.135, 0.09, 0, 0, 1.0, -0.25, 0, 0, 0.5),
  bone(1.475, -0.038, 0.039, 0.075, 0.1, 1, 1.4, -0.3, 0.1, 0, 0.25),
  bone(0.775, -0.125, 0.125, 0.06, 0, 0, 0.9, -0.05, 0.4, 0, 1),
  bone(0.475, -0.155, 0.125, 0.045, 0, 3, 0.625, -0.5, -0.02, 0, 0.5, true),
  bone(0.775, -0.125, 0.125, 0.06, 0, 0, 0.9, -0.05, 0.4, 0, 1),
  bone(0.475, -0.155, 0.125, 0.045, 0, 5, 0.625, -0.5, -0.02, 0, 0.5, true),
  bone(1.225, -0.125, 0.125, 0.035, 0, 1, 1.35, -0.1, 0.8, 0, 0.5),
  bone(0.975, -0.125, 0.125, 0.03, 0.1, 7, 1.1, -0.2, 0.3, 0.25, 0.1),
  bone(1.225, -0.125, 0.125, 0.035, 0, 1, 1.35, -0.1, 0.8, 0, 0.5),
  bone(0.975, -0.125, 0.125, 0.03, 0.1, 9, 1.1, -0.2, 0.3, 0.25, 0.1),
];

function bone(
  y: number,
  y1: number,
  y2: number,
  radius: number,
  linearDamping: number,
  parent: number,
  pivotY: number,
  lower: number,
  upper: number,
  referenceAngle: number,
  frictionScale: number,
  foot = false,
): HumanBone {
  return {
    y,
    capsule: { y1, y2, radius },
    linearDamping,
    parent,
    pivotY,
    lower,
    upper,
    referenceAngle,
    frictionScale,
    foot,
  };
}

/** The foot's corners (scale 1, in the lower leg's frame) and its rounding radius. */
export const HUMAN_FOOT: { points: readonly Vec[]; radius: number } = {
  points: [
    { x: -0.03, y: -0.185 },
    { x: 0.11, y: -0.185 },
    { x: 0.11, y: -0.16 },
    { x: -0.03, y: -0.14 },
  ],
  radius: 0.015,
};

/** The human's materials and joint springs in Box2D's rain benchmark. */
export const HUMAN_MATERIAL = {
  friction: 0.2,
  footFriction: 0.05,
  /** Ragdoll parts are category 2 and collide with 1 | 2; feet collide with 1 only. */
  categoryBits: 2,
  maskBits: 3,
  footMaskBits: 1,
  jointFriction: 0.05,
  jointHertz: 5,
  jointDampingRatio: 0.5,
} as const;

/** A human's bodies and joints, in HUMAN_BONES order (joint i - 1 holds bone i). */
export interface Human {
  bodies: BodyId[];
  joints: SceneJoint[];
}

/**
 * Box2D's benchmark human standing with its feet at `position`: 11 capsule bones joined by
 * revolute joints with limits, a friction motor and a spring; every bone in filter group
 * -group, so a human's parts never collide with each other.
 */
export function addHuman(world: World, position: Vec, group: number): Human {
  const m = HUMAN_MATERIAL;
  const bodies: BodyId[] = [];
  const joints: SceneJoint[] = [];
  const filter = { categoryBits: m.categoryBits, maskBits: m.maskBits, groupIndex: -group };
  const footFilter = { categoryBits: m.categoryBits, maskBits: m.footMaskBits, groupIndex: -group };
  const foot = makePolygon(HUMAN_FOOT.points, HUMAN_FOOT.radius);
  for (let i = 0; i < HUMAN_BONES.length; i++) {
    const b = HUMAN_BONES[i]!;
    const body = world.createBody({
      type: BodyType.Dynamic,
      position: { x: position.x, y: position.y + b.y },
      linearDamping: b.linearDamping,
      sleepThreshold: 0.1,
    });
    world.createCapsuleShape(body, makeCapsule(0, b.capsule.y1, 0, b.capsule.y2, b.capsule.radius), {
      friction: m.friction,
      filter,
    });
    if (b.foot) world.createPolygonShape(body, foot, { friction: m.footFriction, filter: footFilter });
    bodies.push(body);
    if (b.parent >= 0) {
      joints.push(
        addRevoluteJointAt(
          world,
          bodies[b.parent]!,
          body,
          { x: position.x, y: position.y + b.pivotY },
          {
            referenceAngle: b.referenceAngle * Math.PI,
            enableLimit: true,
            lowerAngle: b.lower * Math.PI,
            upperAngle: b.upper * Math.PI,
            enableMotor: true,
            motorSpeed: 0,
            maxMotorTorque: b.frictionScale * m.jointFriction,
            enableSpring: true,
            hertz: m.jointHertz,
            dampingRatio: m.jointDampingRatio,
          },
        ),
      );
    }
  }
  return { bodies, joints };
}

/** Destroys a human's joints, then its bodies (Box2D's DestroyHuman). */
export function removeHuman(world: World, human: Human): void {
  for (const j of human.joints) world.destroyJoint(j.id);
  for (const b of human.bodies) world.destroyBody(b);
}

// ------------------------------------------------------------------ rain

/** Options of `rainScene`: Box2D's release sizes by default. */
export interface RainSceneOptions {
  /** Shelves, one above the other, 45 m apart. Default 5. */
  rows?: number;
  /** Groups of humans across each shelf. Default 40. */
  columns?: number;
  /** Humans in a group, 0.5 m apart. Default 5. */
  groupSize?: number;
  /** Ground boxes (0.5 m) across a shelf, less one. Default 500. */
  gridCount?: number;
}

/** The ground box size and shelf spacing of the rain scene (m). */
export const RAIN_GRID_SIZE = 0.5;
export const RAIN_SHELF_SPACING = 45;
/** Humans drop from this height above their shelf (m); a column drops every this many steps. */
export const RAIN_DROP_HEIGHT = 40;
export const RAIN_SPAWN_PERIOD = 8;

/** Where the feet of human `i` of group (row, column) start (Box2D's CreateGroup). */
export function rainHumanPosition(
  columns: number,
  gridCount: number,
  row: number,
  column: number,
  i: number,
): Vec {
  const span = gridCount * RAIN_GRID_SIZE;
  const groupDistance = span / columns;
  return {
    x: -0.5 * span + groupDistance * (column + 0.5) + 0.5 * i,
    y: RAIN_DROP_HEIGHT + RAIN_SHELF_SPACING * row,
  };
}

/** The rain scene: its ground, and the humans alive in each slot (null before their first drop). */
export interface RainScene {
  ground: BodyId;
  rows: number;
  columns: number;
  groupSize: number;
  gridCount: number;
  /** Slot ((row * columns + column) * groupSize + i): the human alive there, or null. */
  humans: (Human | null)[];
  /**
   * Box2D's StepRain: call with the index of the step about to be taken (0 before the
   * first). Every 8th step a column of groups drops on each shelf; once all columns are
   * full, the oldest column is destroyed and dropped again.
   */
  update(stepIndex: number): void;
}

/**
 * Box2D v3's "rain" benchmark: `rows` shelves of (gridCount + 1) static 0.5 m boxes, 45 m
 * apart, with groups of ragdoll humans dropped from 40 m above each shelf, a column at a
 * time (see RainScene.update). Call `update(0)` before the first step to drop the first
 * column, as Box2D does; the builder does not.
 */
export function rainScene(world: World, opts: RainSceneOptions = {}): RainScene {
  const rows = opts.rows ?? 5;
  const columns = opts.columns ?? 40;
  const groupSize = opts.groupSize ?? 5;
  const gridCount = opts.gridCount ?? 500;
  const ground = world.createBody();
  const half = 0.5 * RAIN_GRID_SIZE;
  for (let r = 0; r < rows; r++) {
    let x = -0.5 * gridCount * RAIN_GRID_SIZE;
    const y = r * RAIN_SHELF_SPACING;
    for (let j = 0; j <= gridCount; j++) {
      world.createPolygonShape(ground, makeOffsetBox(half, half, x, y, 0));
      x += RAIN_GRID_SIZE;
    }
  }
  const humans: (Human | null)[] = new Array<Human | null>(rows * columns * groupSize).fill(null);
  let columnCount = 0;
  let columnIndex = 0;
  const drop = (row: number, column: number): void => {
    for (let i = 0; i < groupSize; i++) {
      const slot = (row * columns + column) * groupSize + i;
      const old = humans[slot];
      if (old) removeHuman(world, old);
      humans[slot] = addHuman(world, rainHumanPosition(columns, gridCount, row, column, i), i + 1);
    }
  };
  return {
    ground,
    rows,
    columns,
    groupSize,
    gridCount,
    humans,
    update(stepIndex: number): void {
      if (stepIndex % RAIN_SPAWN_PERIOD !== 0) return;
      if (columnCount < columns) {
        for (let r = 0; r < rows; r++) drop(r, columnCount);
        columnCount++;
      } else {
        for (let r = 0; r < rows; r++) drop(r, columnIndex);
        columnIndex = (columnIndex + 1) % columns;
      }
    },
  };
}

// ------------------------------------------------------------------ smash

/**
 * Box2D v3's "smash" benchmark, without gravity: a 8 m box of density 8 at (-20, 0) moving
 * at 40 m/s into a block of columns × rows boxes of 0.4 m (touching, created asleep) whose
 * left side is at x = 29.8. Returns the smasher, then the boxes column by column.
 */
export function smashScene(world: World, columns = 120, rows = 80): { smasher: BodyId; boxes: BodyId[] } {
  world.setGravity({ x: 0, y: 0 });
  const smasher = world.createBody({
    type: BodyType.Dynamic,
    position: { x: -20, y: 0 },
    linearVelocity: { x: 40, y: 0 },
  });
  world.createPolygonShape(smasher, makeBox(4, 4), { density: 8 });
  const d = 0.4;
  const box = makeBox(0.5 * d, 0.5 * d);
  const boxes: BodyId[] = [];
  for (let i = 0; i < columns; i++) {
    for (let j = 0; j < rows; j++) {
      const body = world.createBody({
        type: BodyType.Dynamic,
        position: { x: i * d + 30, y: (j - rows / 2) * d },
        isAwake: false,
      });
      world.createPolygonShape(body, box);
      boxes.push(body);
    }
  }
  return { smasher, boxes };
}

// ------------------------------------------------------------------ spinner

/** The spinner's closed loop: a circle of radius 40 about (0, 32), as 360 points turning clockwise. */
export function spinnerLoopPoints(count = 360): Vec[] {
  const points: Vec[] = [];
  const c = Math.cos((-2 * Math.PI) / count);
  const s = Math.sin((-2 * Math.PI) / count);
  let px = 40;
  let py = 0;
  for (let i = 0; i < count; i++) {
    points.push({ x: px, y: py + 32 });
    const nx = c * px - s * py;
    py = s * px + c * py;
    px = nx;
  }
  return points;
}

/**
 * Box2D v3's "spinner" benchmark: a static loop of 360 chain segments (radius 40, friction
 * 0.1), a frictionless rounded paddle (0.4 × 20 m half extents, radius 0.2) pinned at
 * (0, 12) and driven at 5 rad/s by a motor of unbounded torque, and `bodyCount` bodies of
 * density 0.25, friction 0.1, restitution 0.1 cycling capsule, circle, square, laid out in
 * rows of 92 from (-23, 2), 0.5 m apart. Returns the paddle, its joint and the bodies.
 */
export function spinnerScene(
  world: World,
  bodyCount = 2 * 3038,
): { spinner: BodyId; joint: SceneJoint; bodies: BodyId[] } {
  const ground = world.createBody();
  world.createChain(ground, { points: spinnerLoopPoints(), loop: true, friction: 0.1 });
  const spinner = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 12 }, enableSleep: false });
  world.createPolygonShape(spinner, makeRoundedBox(0.4, 20, 0.2), { friction: 0 });
  const joint = addRevoluteJointAt(
    world,
    ground,
    spinner,
    { x: 0, y: 12 },
    {
      enableMotor: true,
      motorSpeed: 5,
      // Box2D passes FLT_MAX: the largest torque the core accepts is as good as unbounded here
      maxMotorTorque: MAX_FORCE,
    },
  );
  const capsule = makeCapsule(-0.25, 0, 0.25, 0, 0.25);
  const circle = makeCircle(0, 0, 0.35);
  const square = makeBox(0.35, 0.35);
  const def = { friction: 0.1, restitution: 0.1, density: 0.25 };
  const bodies: BodyId[] = [];
  let x = -23;
  let y = 2;
  for (let i = 0; i < bodyCount; i++) {
    const body = world.createBody({ type: BodyType.Dynamic, position: { x, y } });
    const kind = i % 3;
    if (kind === 0) world.createCapsuleShape(body, capsule, def);
    else if (kind === 1) world.createCircleShape(body, circle, def);
    else world.createPolygonShape(body, square, def);
    bodies.push(body);
    x += 0.5;
    if (x >= 23) {
      x = -23;
      y += 0.5;
    }
  }
  return { spinner, joint, bodies };
}
