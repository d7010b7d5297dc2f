/**
 * One scene of every feature family the step has (stacking, piles, a kinematic body,
 * joints, sensors, continuous collision, the character mover), each with what drives it
 * between steps: the list a way of running the step (blocks in any order, helper threads)
 * is checked against the plain loop on, so that every family is covered once, in one place.
 */

import type { World } from '../world.js';
import { makeBox, makeCapsule, makeCircle } from '../geometry/geometry.js';
import { BodyType } from '../types/body_def.js';
import { stackScene, pyramidScene } from './stacking.js';
import { mixedPileScene, tumblerScene } from './piles.js';
import { bulletScene, sensorScene } from './motion.js';
import {
  bridgeScene,
  jointGridScene,
  jointKindNetScene,
  jointMixScene,
  ragdollScene,
  springBeamScene,
} from './joints.js';
import { addGround } from './common.js';
import { platformerScene } from './character.js';

/** The time step the families are run at (s): the character walks 4 m/s at it. */
export const FAMILY_DT = 1 / 60;

/** What a family does to its world before step `step` (0 before the first); most do nothing. */
export type SceneDriver = (world: World, step: number) => void;

export interface SceneFamily {
  name: string;
  /** Steps that take the scene through its events (landing, sleeping, passing through). */
  steps: number;
  /** Builds the scene into `world`; returns its driver. */
  build(world: World): SceneDriver;
}

const still: SceneDriver = () => {};

/** A family that only builds: nothing to drive between steps. */
const built =
  (build: (world: World) => void): SceneFamily['build'] =>
  (world) => {
    build(world);
    return still;
  };

/** The character's capsule in the crate family. */
const capsule = makeCapsule(0, -0.5, 0, 0.5, 0.3);

/**
 * A character that stands at `start` until step `waitSteps`, then walks right at `speed`
 * m/s, pushing with at most 50 N: the character families' driver.
 */
function walker(start: { x: number; y: number }, waitSteps: number, speed: number): SceneDriver {
  let p = { x: start.x, y: start.y };
  return (w, step) => {
    const r = w.moveCharacter(
      capsule,
      p,
      { x: step > waitSteps ? speed * FAMILY_DT : 0, y: -0.05 },
      { maxPushForce: 50 },
    );
    p = { x: r.position.x, y: r.position.y };
  };
}

export const SCENE_FAMILIES: readonly SceneFamily[] = [
  {
    name: 'a stack and a pyramid',
    steps: 240,
    build: built((world) => {
      stackScene(world, 12);
      pyramidScene(world, 12, { x: 20, y: 0 });
    }),
  },
  { name: 'a mixed pile', steps: 200, build: built((world) => mixedPileScene(world, 150)) },
  { name: 'the tumbler (a kinematic body)', steps: 120, build: built((world) => tumblerScene(world, 12)) },
  {
    name: 'joints: a ragdoll on a bridge',
    steps: 150,
    build: built((world) => {
      bridgeScene(world);
      ragdollScene(world, { position: { x: 0, y: 6 } });
    }),
  },
  {
    name: 'joints: a joint grid',
    steps: 120,
    build: built((world) => jointGridScene(world, { rows: 12, columns: 12 })),
  },
  {
    name: 'joints of every kind, a grid, a hub with joints in the overflow',
    steps: 150,
    build: built((world) => jointMixScene(world)),
  },
  {
    name: 'joints: a net of prismatic, wheel, distance and weld joints, a mouse and a motor joint',
    steps: 150,
    build: built((world) => {
      addGround(world, 40);
      jointKindNetScene(world, { origin: { x: -5, y: 12 } });
    }),
  },
  {
    // The worker runtime's golden run's joints (apps/demo/src/golden/worker_golden.ts) in a
    // world that crosses the parallel step's dispatch thresholds mid-run: the ragdoll falls
    // asleep, leaving two rolling balls' contacts and the springs' joints awake (a step the
    // worker's executor keeps on one thread, `inline`), then the character walks into it,
    // and the step that wakes it has nine more joints and enough contacts to share out.
    name: 'joints: a character wakes a ragdoll',
    steps: 300,
    build: (world) => {
      addGround(world, 40);
      ragdollScene(world, { position: { x: 6, y: 0.5 }, jointFriction: 0.05, ground: false });
      springBeamScene(world, { x: -12, y: 9 });
      for (let i = 0; i < 2; i++) {
        const ball = world.createBody({
          type: BodyType.Dynamic,
          position: { x: -25 - 1.5 * i, y: 0.25 },
          linearVelocity: { x: -(1 + i), y: 0 },
        });
        world.createCircleShape(ball, makeCircle(0, 0, 0.25), { friction: 0.2 });
      }
      return walker({ x: 2, y: 0.85 }, 100, 3);
    },
  },
  { name: 'sensors', steps: 240, build: built((world) => sensorScene(world, 4)) },
  { name: 'continuous collision: bullets', steps: 120, build: built((world) => bulletScene(world)) },
  {
    name: 'a character pushing a crate',
    steps: 240,
    build: (world) => {
      const level = platformerScene(world);
      const box = world.createBody({ type: BodyType.Dynamic, position: { x: 13, y: level.plateauTop + 2 } });
      world.createPolygonShape(box, makeBox(0.4, 0.4));
      return walker(level.spawn, 20, 4);
    },
  },
];
