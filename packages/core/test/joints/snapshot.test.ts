/**
 * Joints in snapshots: restored worlds with joints continue bit for bit.
 */

import { describe, expect, it } from 'vitest';
import { BodyType, makeBox, makeCircle, World } from '../../src/index';
import { DT } from '../support';
import { addBlock } from './helpers';
import { jointRig } from '../world/fixtures/joint_rig';

/**
 * Steps `original` `warm` times and restores its snapshot into a new world (the same
 * bytes); both then step `steps` times with the same hash every step and end with the same
 * snapshot bytes.
 */
function expectRestoreContinues(original: World, warm: number, steps: number): void {
  for (let i = 0; i < warm; i++) original.step(DT);
  const copy = new World();
  copy.restore(original.snapshot());
  expect(copy.snapshot()).toEqual(original.snapshot());
  for (let i = 0; i < steps; i++) {
    original.step(DT);
    copy.step(DT);
    expect(copy.stateHash()).toBe(original.stateHash());
  }
  expect(copy.snapshot()).toEqual(original.snapshot());
}

describe('joints in snapshots', () => {
  it('a restored chain of revolute joints continues bit for bit, warm-start impulses included', () => {
    const build = (): World => {
      const world = new World();
      const anchor = world.createBody();
      let prev = anchor;
      for (let i = 0; i < 12; i++) {
        const link = world.createBody({ type: BodyType.Dynamic, position: { x: 0.5 + i, y: 10 } });
        world.createCircleShape(link, makeCircle(0, 0, 0.2));
        world.createRevoluteJoint({
          bodyA: prev,
          bodyB: link,
          localAnchorA: i === 0 ? { x: 0, y: 10 } : { x: 0.5, y: 0 },
          localAnchorB: { x: -0.5, y: 0 },
          enableLimit: i % 3 === 1,
          lowerAngle: -0.5,
          upperAngle: 0.5,
        });
        prev = link;
      }
      return world;
    };
    expectRestoreContinues(build(), 50, 100);
  });
});

describe('every joint type in a snapshot', () => {
  /**
   * One joint of each type: the shared rig (revolute, distance, prismatic, welds, mouse,
   * motor; springs, motors and limits on), and the two types it leaves out.
   */
  const build = (): World => {
    const world = new World();
    jointRig({ BodyType, makeBox }, world, 0);
    const ground = world.createBody({ position: { x: 0, y: -10 } });
    const dyn = (x: number) => {
      const b = world.createBody({ type: BodyType.Dynamic, position: { x, y: -8 } });
      world.createPolygonShape(b, makeBox(0.3, 0.3));
      return b;
    };
    world.createWheelJoint({
      bodyA: ground,
      bodyB: dyn(3),
      localAnchorA: { x: 3, y: 2 },
      enableMotor: true,
      maxMotorTorque: 5,
      motorSpeed: 2,
    });
    world.createFilterJoint({ bodyA: dyn(6), bodyB: dyn(8) });
    return world;
  };

  it('a world with one joint of each type restores and continues bit for bit', () => {
    expectRestoreContinues(build(), 40, 120);
  });

  it('a world with one joint of each type continues bit for bit after a rollback load', () => {
    const world = build();
    for (let s = 0; s < 40; s++) world.step(DT);
    const state = world.saveState();
    const hashes: number[] = [];
    for (let s = 0; s < 120; s++) {
      world.step(DT);
      hashes.push(world.stateHash());
    }
    const snapshot = world.snapshot();
    world.loadState(state);
    for (let s = 0; s < 120; s++) {
      world.step(DT);
      expect(world.stateHash()).toBe(hashes[s]);
    }
    expect(world.snapshot()).toEqual(snapshot);
  });
});

describe('prismatic and weld snapshot', () => {
  it('a restored world with prismatic and weld joints continues bit for bit', () => {
    const world = new World({ gravity: { x: 0, y: -10 } });
    const ground = world.createBody();
    world.createPolygonShape(ground, makeBox(10, 0.5));
    const slider = addBlock(world, 0, 2, 0.25, 0.25, 10);
    world.createPrismaticJoint({
      bodyA: ground,
      bodyB: slider,
      localAnchorA: { x: 0, y: 2 },
      localAxisA: { x: 1, y: 0.2 },
      enableSpring: true,
      hertz: 1,
      dampingRatio: 0.1,
      enableLimit: true,
      lowerTranslation: -0.5,
      upperTranslation: 0.4,
      enableMotor: true,
      motorSpeed: 1,
      maxMotorForce: 30,
    });
    const a = addBlock(world, 3, 3, 0.5, 0.1, 2);
    const b = addBlock(world, 4, 3, 0.5, 0.1, 2);
    world.createWeldJoint({
      bodyA: ground,
      bodyB: a,
      localAnchorA: { x: 2.5, y: 3 },
      localAnchorB: { x: -0.5, y: 0 },
    });
    world.createWeldJoint({
      bodyA: a,
      bodyB: b,
      localAnchorA: { x: 0.5, y: 0 },
      localAnchorB: { x: -0.5, y: 0 },
      linearHertz: 10,
      linearDampingRatio: 0.5,
      angularHertz: 3,
      angularDampingRatio: 0.2,
    });
    expectRestoreContinues(world, 30, 60);
  });
});
