/**
 * Joints in snapshots: restored worlds with joints continue bit for bit.
 */

import { describe, expect, it } from 'vitest';
import { BodyType, makeBox, makeCircle, World } from '../../src/index';
import { DT } from '../support';
import { addBlock } from './helpers';

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
  /** One joint of each type. */
  const build = (): World => {
    const world = new World();
    const ground = world.createBody();
    world.createPolygonShape(ground, makeBox(20, 0.5));
    const dyn = (x: number, y: number) => {
      const b = world.createBody({ type: BodyType.Dynamic, position: { x, y } });
      world.createPolygonShape(b, makeBox(0.3, 0.3));
      return b;
    };
    const a = dyn(-6, 4);
    world.createRevoluteJoint({
      bodyA: ground,
      bodyB: a,
      localAnchorA: { x: -6, y: 6 },
      localAnchorB: { x: 0, y: 2 },
    });
    const b = dyn(-4, 4);
    world.createDistanceJoint({
      bodyA: ground,
      bodyB: b,
      localAnchorA: { x: -4, y: 7 },
      length: 3,
      enableSpring: true,
      hertz: 2,
      dampingRatio: 0.1,
    });
    const c = dyn(-2, 3);
    world.createPrismaticJoint({
      bodyA: ground,
      bodyB: c,
      localAnchorA: { x: -2, y: 3 },
      localAxisA: { x: 0, y: 1 },
      enableSpring: true,
      hertz: 1,
      dampingRatio: 0.2,
    });
    const d = dyn(0, 3);
    const e = dyn(0.6, 3);
    world.createWeldJoint({
      bodyA: d,
      bodyB: e,
      localAnchorA: { x: 0.3, y: 0 },
      localAnchorB: { x: -0.3, y: 0 },
      angularHertz: 3,
      angularDampingRatio: 0.5,
    });
    const f = dyn(3, 2);
    world.createWheelJoint({
      bodyA: ground,
      bodyB: f,
      localAnchorA: { x: 3, y: 2 },
      enableMotor: true,
      maxMotorTorque: 5,
      motorSpeed: 2,
    });
    const g = dyn(5, 3);
    world.createMouseJoint({
      bodyA: ground,
      bodyB: g,
      target: { x: 6, y: 5 },
      hertz: 3,
      dampingRatio: 0.7,
      maxForce: 100,
    });
    const h = dyn(8, 3);
    world.createMotorJoint({
      bodyA: ground,
      bodyB: h,
      linearOffset: { x: 8, y: 4 },
      angularOffset: 0.5,
      maxForce: 50,
      maxTorque: 5,
    });
    const i = dyn(8, 1);
    world.createFilterJoint({ bodyA: h, bodyB: i });
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
