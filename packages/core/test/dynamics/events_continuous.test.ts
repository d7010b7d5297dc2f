import { describe, expect, it } from 'vitest';
import { BodyType, makeBox, makeCircle, World } from '../../src/index';
import type { ShapeId } from '../../src/index';
import { bulletScene, sensorScene } from '../../src/scenes/index';
import { DT, boxOnGround } from '../support';

describe('continuous collision', () => {
  it('a 0.1 m circle fired at 300 m/s never passes a 5 cm static wall', () => {
    for (const subSteps of [1, 4]) {
      for (const offset of [0, 0.37, 1.91, 3.3]) {
        const world = new World({ gravity: { x: 0, y: 0 }, subSteps });
        const wall = world.createBody({ position: { x: 10, y: 0 } });
        world.createPolygonShape(wall, makeBox(0.025, 5));
        const ball = world.createBody({
          type: BodyType.Dynamic,
          position: { x: offset, y: 0 },
          linearVelocity: { x: 300, y: 0 },
        });
        world.createCircleShape(ball, makeCircle(0, 0, 0.05));
        let maxX = Number.NEGATIVE_INFINITY;
        for (let i = 0; i < 120; i++) {
          world.step(DT);
          maxX = Math.max(maxX, world.getBodyPosition(ball).x);
        }
        // the ball's surface never goes past the wall's near face (x = 9.975) by more than slop
        expect(maxX + 0.05, `subSteps ${subSteps}, start ${offset}`).toBeLessThan(9.975 + 0.005);
      }
    }
  });

  it('without continuous collision the same shot tunnels (the test above can fail)', () => {
    const world = new World({ gravity: { x: 0, y: 0 }, enableContinuous: false });
    const wall = world.createBody({ position: { x: 10, y: 0 } });
    world.createPolygonShape(wall, makeBox(0.025, 5));
    const ball = world.createBody({
      type: BodyType.Dynamic,
      position: { x: 0.37, y: 0 },
      linearVelocity: { x: 300, y: 0 },
    });
    world.createCircleShape(ball, makeCircle(0, 0, 0.05));
    for (let i = 0; i < 60; i++) world.step(DT);
    expect(world.getBodyPosition(ball).x).toBeGreaterThan(10);
  });

  it('a bullet does not pass a thin dynamic plank; a non-bullet may', () => {
    const shoot = (isBullet: boolean): number => {
      const world = new World({ gravity: { x: 0, y: 0 } });
      const plank = world.createBody({ type: BodyType.Dynamic, position: { x: 10, y: 0 } });
      world.createPolygonShape(plank, makeBox(0.025, 2), { density: 5 });
      const bullet = world.createBody({
        type: BodyType.Dynamic,
        position: { x: 0.37, y: 0 },
        linearVelocity: { x: 200, y: 0 },
        isBullet,
      });
      world.createCircleShape(bullet, makeCircle(0, 0, 0.05));
      let passed = Number.NEGATIVE_INFINITY;
      for (let i = 0; i < 30; i++) {
        world.step(DT);
        passed = Math.max(passed, world.getBodyPosition(bullet).x - world.getBodyPosition(plank).x);
      }
      return passed;
    };
    expect(shoot(true)).toBeLessThan(0);
    expect(shoot(false)).toBeGreaterThan(0);
  });

  it('bodies at normal speeds cost no time-of-impact work', () => {
    const world = new World();
    const ground = world.createBody();
    world.createPolygonShape(ground, makeBox(20, 1));
    for (let i = 0; i < 20; i++) {
      const b = world.createBody({ type: BodyType.Dynamic, position: { x: -10 + i, y: 2 + (i % 3) } });
      world.createPolygonShape(b, makeBox(0.4, 0.4));
    }
    let toi = 0;
    let swept = 0;
    for (let i = 0; i < 240; i++) {
      world.step(DT);
      toi += world.getProfile().toiCalls;
      swept += world.getProfile().sweptBodies;
    }
    expect(swept).toBe(0);
    expect(toi).toBe(0);
  });
});

describe('events', () => {
  it('contact begin and end fire once per real touch, for any sub-step count', () => {
    for (const subSteps of [1, 2, 4, 8]) {
      // a ball bounces on the ground with restitution: count touches by its motion
      const world = new World({ subSteps });
      const ground = world.createBody();
      const groundShape = world.createPolygonShape(ground, makeBox(10, 0.5), { restitution: 0.9 });
      const ball = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 4 } });
      const ballShape = world.createCircleShape(ball, makeCircle(0, 0, 0.25), { restitution: 0.9 });
      let begins = 0;
      let ends = 0;
      let touchesByMotion = 0;
      let prevVy = 0;
      for (let i = 0; i < 240; i++) {
        world.step(DT);
        const ev = world.getContactEvents();
        for (let k = 0; k < ev.beginCount; k++) {
          const pair = [ev.beginShapeA[k], ev.beginShapeB[k]].sort();
          expect(pair).toEqual([groundShape, ballShape].sort());
          begins++;
        }
        ends += ev.endCount;
        const vy = world.getBodyLinearVelocity(ball).y;
        if (prevVy < -0.5 && vy > 0.5) touchesByMotion++;
        prevVy = vy;
      }
      expect(touchesByMotion, `subSteps ${subSteps}`).toBeGreaterThan(2);
      // a bounce that leaves the speculative range ends the touch; the ball may still be
      // touching at the end of the run, hence begins = ends or ends + 1
      expect(begins - ends).toBeGreaterThanOrEqual(0);
      expect(begins - ends).toBeLessThanOrEqual(1);
      expect(begins, `subSteps ${subSteps}`).toBeGreaterThanOrEqual(touchesByMotion);
      expect(begins).toBeLessThanOrEqual(touchesByMotion + 1);
    }
  });

  it('shapes with contact events disabled report nothing', () => {
    const world = new World();
    const ground = world.createBody();
    world.createPolygonShape(ground, makeBox(10, 0.5), { enableContactEvents: false });
    const box = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 2 } });
    world.createPolygonShape(box, makeBox(0.5, 0.5), { enableContactEvents: false });
    let count = 0;
    for (let i = 0; i < 120; i++) {
      world.step(DT);
      count += world.getContactEvents().beginCount + world.getContactEvents().hitCount;
    }
    expect(count).toBe(0);
  });

  it('a hit event reports the approach speed, point and normal of an impact', () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const ground = world.createBody();
    world.createPolygonShape(ground, makeBox(10, 0.5));
    const ball = world.createBody({
      type: BodyType.Dynamic,
      position: { x: 1, y: 2 },
      linearVelocity: { x: 0, y: -6 },
    });
    world.createCircleShape(ball, makeCircle(0, 0, 0.25));
    const hits: { speed: number; x: number; y: number; ny: number }[] = [];
    for (let i = 0; i < 60; i++) {
      world.step(DT);
      const ev = world.getContactEvents();
      for (let k = 0; k < ev.hitCount; k++) {
        hits.push({
          speed: ev.hitSpeed[k]!,
          x: ev.hitPointX[k]!,
          y: ev.hitPointY[k]!,
          ny: ev.hitNormalY[k]!,
        });
      }
    }
    expect(hits.length).toBe(1);
    expect(hits[0]!.speed).toBeCloseTo(6, 6);
    expect(hits[0]!.x).toBeCloseTo(1, 6);
    expect(Math.abs(hits[0]!.y - 0.5)).toBeLessThan(0.03);
    expect(Math.abs(hits[0]!.ny)).toBeCloseTo(1, 9);
  });

  it('a sensor reports overlap begin and end and never pushes', () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const zone = world.createBody({ position: { x: 5, y: 0 } });
    const sensor = world.createPolygonShape(zone, makeBox(1, 1), { isSensor: true });
    const ball = world.createBody({
      type: BodyType.Dynamic,
      position: { x: 0, y: 0 },
      linearVelocity: { x: 3, y: 0 },
    });
    const ballShape = world.createCircleShape(ball, makeCircle(0, 0, 0.25));
    const begins: [number, number][] = [];
    const ends: [number, number][] = [];
    let beginAt = -1;
    let endAt = -1;
    for (let i = 0; i < 240; i++) {
      world.step(DT);
      const ev = world.getContactEvents();
      for (let k = 0; k < ev.sensorBeginCount; k++) {
        begins.push([ev.sensorBeginSensor[k]!, ev.sensorBeginVisitor[k]!]);
        beginAt = world.getBodyPosition(ball).x;
      }
      for (let k = 0; k < ev.sensorEndCount; k++) {
        ends.push([ev.sensorEndSensor[k]!, ev.sensorEndVisitor[k]!]);
        endAt = world.getBodyPosition(ball).x;
      }
      expect(ev.beginCount + ev.hitCount).toBe(0);
      // no impulse: the velocity never changes
      expect(world.getBodyLinearVelocity(ball).x).toBe(3);
    }
    expect(begins).toEqual([[sensor as ShapeId, ballShape as ShapeId]]);
    expect(ends).toEqual([[sensor, ballShape]]);
    // overlap begins when the ball's surface crosses x = 4 and ends when it leaves x = 6;
    // it is detected at the end of the step in which it happens (before: one step late)
    const travel = 3 * DT;
    expect(beginAt + 0.25 - 4).toBeGreaterThan(0);
    expect(beginAt + 0.25 - 4).toBeLessThan(travel + 1e-9);
    expect(endAt - 0.25 - 6).toBeGreaterThan(0);
    expect(endAt - 0.25 - 6).toBeLessThan(travel + 1e-9);
  });

  it('sleep and wake events, and move events list exactly the awake bodies', () => {
    const world = new World();
    const { box } = boxOnGround(world, { groundHalfWidth: 10, y: 1.5 });
    let slept = -1;
    for (let i = 0; i < 300 && slept < 0; i++) {
      world.step(DT);
      const ev = world.getBodyEvents();
      expect(ev.moveCount).toBe(world.isBodyAwake(box) ? 1 : ev.moveCount);
      for (let k = 0; k < ev.bodyCount; k++) {
        expect(ev.body[k]).toBe(box);
        if (ev.bodyAwake[k] === 0) slept = i;
      }
    }
    expect(slept).toBeGreaterThan(0);
    world.step(DT);
    expect(world.getBodyEvents().moveCount).toBe(0);
    world.applyBodyLinearImpulseToCenter(box, { x: 0, y: 2 });
    world.step(DT);
    const ev = world.getBodyEvents();
    expect(Array.from(ev.body.subarray(0, ev.bodyCount))).toEqual([box]);
    expect(ev.bodyAwake[0]).toBe(1);
    expect(ev.moveCount).toBe(1);
    expect(ev.moveBody[0]).toBe(box);
  });
});

describe('shared scenes', () => {
  it('bulletScene: no shot passes the wall, no bullet passes the plank', () => {
    const world = new World();
    const { wall, plank, shots } = bulletScene(world, { count: 6, speed: 300 });
    // The shots are swept (continuous collision) while they fly: by step 60 each has long
    // stopped at the wall or the plank. Later the plank, which is no bullet and moves 12 cm
    // a step, lands almost centred on shot 0 resting against the wall (step 88: their
    // centres 1.4 cm apart, the 5 cm circle inside the plank), and which way the squeezed
    // circle leaves, back through the plank or on through the wall, is up to the order the
    // solver takes the two contacts in (docs/parallel-step.md): no sweep is involved, so
    // the shots' check is made before.
    for (let i = 0; i < 60; i++) world.step(DT);
    const wallX = world.getBodyPosition(wall).x;
    shots.forEach((shot, i) => {
      if (!world.isBodyBullet(shot)) expect(world.getBodyPosition(shot).x, `shot ${i}`).toBeLessThan(wallX);
    });
    for (let i = 60; i < 120; i++) world.step(DT);
    const plankX = world.getBodyPosition(plank).x;
    shots.forEach((shot, i) => {
      if (world.isBodyBullet(shot)) expect(world.getBodyPosition(shot).x, `bullet ${i}`).toBeLessThan(plankX);
    });
  });

  it('sensorScene: each ball enters and leaves the zone once, at full speed', () => {
    const world = new World();
    const { sensor, balls } = sensorScene(world, 3);
    const entered = new Map<number, number>();
    const left = new Map<number, number>();
    for (let i = 0; i < 600; i++) {
      world.step(DT);
      const ev = world.getContactEvents();
      for (let k = 0; k < ev.sensorBeginCount; k++) {
        expect(ev.sensorBeginSensor[k]).toBe(sensor);
        const v = ev.sensorBeginVisitor[k]!;
        entered.set(v, (entered.get(v) ?? 0) + 1);
      }
      for (let k = 0; k < ev.sensorEndCount; k++) {
        const v = ev.sensorEndVisitor[k]!;
        left.set(v, (left.get(v) ?? 0) + 1);
      }
    }
    for (const ball of balls) {
      const shape = world.getBodyShapes(ball)[0]!;
      expect(entered.get(shape)).toBe(1);
      expect(left.get(shape)).toBe(1);
    }
  });
});
