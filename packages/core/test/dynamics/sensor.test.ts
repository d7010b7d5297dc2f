/**
 * Sensors as in Box2D v3.1 (dynamics/sensor.ts): overlaps are computed at the end of the
 * step by querying the broad phase, so a sensor on any body type sees shapes of any body
 * type (a kinematic avatar included), events come in the step where the overlap starts or
 * ends, sleeping does not end an overlap, filters decide who is seen, and sensors never
 * make contacts. Casts and the character mover pass through sensors unless asked.
 */

import { describe, expect, it } from 'vitest';
import {
  type BodyId,
  BodyType,
  makeBox,
  makeCapsule,
  makeCircle,
  type ShapeId,
  World,
} from '../../src/index';
import { sensorScene } from '../../src/scenes/index';
import { DT, boxOnGround } from '../support';

interface StepEvents {
  begin: [number, number][];
  end: [number, number][];
}

function sensorEvents(world: World): StepEvents {
  const ev = world.getContactEvents();
  const begin: [number, number][] = [];
  const end: [number, number][] = [];
  for (let k = 0; k < ev.sensorBeginCount; k++)
    begin.push([ev.sensorBeginSensor[k]!, ev.sensorBeginVisitor[k]!]);
  for (let k = 0; k < ev.sensorEndCount; k++) end.push([ev.sensorEndSensor[k]!, ev.sensorEndVisitor[k]!]);
  return { begin, end };
}

/** Steps n times; returns the (1-based) steps with a sensor begin / end event and the events. */
function run(world: World, n: number): { beginSteps: number[]; endSteps: number[]; events: StepEvents } {
  const beginSteps: number[] = [];
  const endSteps: number[] = [];
  const events: StepEvents = { begin: [], end: [] };
  for (let i = 1; i <= n; i++) {
    world.step(DT);
    const e = sensorEvents(world);
    if (e.begin.length > 0) beginSteps.push(i);
    if (e.end.length > 0) endSteps.push(i);
    events.begin.push(...e.begin);
    events.end.push(...e.end);
  }
  return { beginSteps, endSteps, events };
}

/** A static sensor box over x in [4, 6], y in [-1, 1]. */
function staticZone(world: World): ShapeId {
  const zone = world.createBody({ position: { x: 5, y: 0 } });
  return world.createPolygonShape(zone, makeBox(1, 1), { isSensor: true });
}

describe('sensors', () => {
  it('a kinematic body crossing a static sensor: one begin and one end, in the steps the overlap starts and ends', () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const sensor = staticZone(world);
    const avatar = world.createBody({
      type: BodyType.Kinematic,
      position: { x: 0, y: 0 },
      linearVelocity: { x: 3, y: 0 },
    });
    const shape = world.createCircleShape(avatar, makeCircle(0, 0, 0.27));
    const { beginSteps, endSteps, events } = run(world, 200);
    // Before: no event at all (a kinematic body made no contact with a static sensor).
    // The circle reaches x = 4 when 3 t + 0.27 > 4 (end of step 75: x = 3.75) and leaves
    // x = 6 when 3 t - 0.27 > 6 (end of step 126: x = 6.3).
    expect(events.begin).toEqual([[sensor, shape]]);
    expect(events.end).toEqual([[sensor, shape]]);
    expect(beginSteps).toEqual([75]);
    expect(endSteps).toEqual([126]);
  });

  it('a sensor on a kinematic body sees a kinematic and a static body', () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const wall = world.createBody({ position: { x: 5, y: 0 } });
    const wallShape = world.createPolygonShape(wall, makeBox(0.5, 0.5));
    const parked = world.createBody({ type: BodyType.Kinematic, position: { x: 8, y: 0 } });
    const parkedShape = world.createCircleShape(parked, makeCircle(0, 0, 0.5));
    const probe = world.createBody({
      type: BodyType.Kinematic,
      position: { x: 0, y: 0 },
      linearVelocity: { x: 6, y: 0 },
    });
    const sensor = world.createPolygonShape(probe, makeBox(0.25, 0.25), { isSensor: true });
    const { events } = run(world, 120);
    // Before: nothing (no contact between non-dynamic bodies).
    expect(events.begin).toEqual([
      [sensor, wallShape],
      [sensor, parkedShape],
    ]);
    expect(events.end).toEqual([
      [sensor, wallShape],
      [sensor, parkedShape],
    ]);
  });

  it('a dynamic sensor sees a static shape, never its own body', () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const post = world.createBody({ position: { x: 3.05, y: 0 } });
    const postShape = world.createPolygonShape(post, makeBox(0.2, 2));
    const body = world.createBody({
      type: BodyType.Dynamic,
      position: { x: 0, y: 3 },
      linearVelocity: { x: 2, y: 0 },
    });
    world.createCircleShape(body, makeCircle(0, 0, 0.2));
    const sensor = world.createPolygonShape(body, makeBox(0.5, 2), { isSensor: true });
    const { events, beginSteps } = run(world, 180);
    expect(events.begin).toEqual([[sensor, postShape]]);
    expect(events.end).toEqual([[sensor, postShape]]);
    // the sensor's right side (x + 0.5) passes 2.85 in step 71 (x = 2.333 -> 2.367); before: 72
    expect(beginSteps).toEqual([71]);
    // and the solid circle flies over the post at full speed: no contact with the sensor
    expect(world.getBodyLinearVelocity(body).x).toBe(2);
  });

  it('a sleeping visitor stays inside a sensor, and ends when it leaves', () => {
    const world = new World();
    const ground = world.createBody();
    world.createPolygonShape(ground, makeBox(20, 0.5));
    // the zone's bottom (y = 0.6) stays clear of the ground's top (0.5): touching counts
    const zone = world.createBody({ position: { x: 0, y: 1.6 } });
    const sensor = world.createPolygonShape(zone, makeBox(2, 1), { isSensor: true });
    const box = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 1.2 } });
    const boxShape = world.createPolygonShape(box, makeBox(0.5, 0.5));
    const first = run(world, 400);
    expect(world.isBodyAwake(box)).toBe(false);
    expect(first.events.begin).toEqual([[sensor, boxShape]]);
    expect(first.beginSteps).toEqual([1]);
    expect(first.events.end).toEqual([]);
    const asleep = run(world, 100);
    expect(asleep.events.begin).toEqual([]);
    expect(asleep.events.end).toEqual([]);
    // teleport it out while asleep: the sensor still notices
    world.setBodyTransform(box, { x: 10, y: 1.2 }, 0);
    const left = run(world, 2);
    expect(left.events.end).toEqual([[sensor, boxShape]]);
    expect(left.endSteps).toEqual([1]);
  });

  it('a sleeping sensor body sees a kinematic body pass through', () => {
    const world = new World();
    const { box: crate } = boxOnGround(world, { groundHalfWidth: 20, y: 1 });
    const sensor = world.createPolygonShape(crate, makeBox(1.5, 1.5), { isSensor: true });
    run(world, 300);
    expect(world.isBodyAwake(crate)).toBe(false);
    const bird = world.createBody({
      type: BodyType.Kinematic,
      position: { x: -5, y: 2.2 },
      linearVelocity: { x: 5, y: 0 },
    });
    const birdShape = world.createCircleShape(bird, makeCircle(0, 0, 0.2));
    const { events } = run(world, 120);
    expect(events.begin).toEqual([[sensor, birdShape]]);
    expect(events.end).toEqual([[sensor, birdShape]]);
    expect(world.isBodyAwake(crate)).toBe(false);
  });

  it("filters decide who is seen; sensors don't see sensors", () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const zone = world.createBody({ position: { x: 5, y: 0 } });
    const sensor = world.createPolygonShape(zone, makeBox(1, 3), {
      isSensor: true,
      filter: { categoryBits: 1, maskBits: 0xffff & ~4, groupIndex: -3 },
    });
    const visitors: ShapeId[] = [];
    const make = (y: number, def: Parameters<World['createCircleShape']>[2]): ShapeId => {
      const b = world.createBody({
        type: BodyType.Kinematic,
        position: { x: 0, y },
        linearVelocity: { x: 4, y: 0 },
      });
      const s = world.createCircleShape(b, makeCircle(0, 0, 0.2), def);
      visitors.push(s);
      return s;
    };
    const seen = make(-2, {});
    make(-1, { filter: { categoryBits: 4, maskBits: 0xffff, groupIndex: 0 } }); // excluded by the sensor's mask
    make(0, { filter: { categoryBits: 2, maskBits: 2, groupIndex: 0 } }); // its mask excludes the sensor
    make(1, { filter: { categoryBits: 2, maskBits: 0xffff, groupIndex: -3 } }); // same negative group
    make(2, { isSensor: true }); // another sensor
    const { events } = run(world, 150);
    expect(events.begin).toEqual([[sensor, seen]]);
    expect(events.end).toEqual([[sensor, seen]]);
  });

  it('the character mover passes through a sensor', () => {
    const world = new World();
    const ground = world.createBody({ position: { x: 0, y: -1 } });
    world.createPolygonShape(ground, makeBox(50, 1));
    const zone = world.createBody({ position: { x: 2.5, y: 1 } });
    world.createPolygonShape(zone, makeBox(0.5, 1), { isSensor: true });
    const mover = world.createMover({
      capsule: makeCapsule(0, -0.5, 0, 0.5, 0.3),
      position: { x: 0, y: 0.8025 },
    });
    for (let i = 0; i < 60; i++) mover.move({ x: 5 / 60, y: 0 });
    // Before: stopped at x = 1.2975, against the sensor as if it were a wall.
    expect(mover.getPosition().x).toBeCloseTo(5, 9);
  });

  it('ray and shape casts ignore sensors unless the filter includes them', () => {
    const world = new World();
    const zone = world.createBody({ position: { x: 3, y: 0 } });
    const sensor = world.createPolygonShape(zone, makeBox(0.5, 0.5), { isSensor: true });
    const wall = world.createBody({ position: { x: 6, y: 0 } });
    const wallShape = world.createPolygonShape(wall, makeBox(0.5, 0.5));
    const all = { categoryBits: 0xffffffff, maskBits: 0xffffffff };
    const withSensors = { ...all, includeSensors: true };
    const o = { x: 0, y: 0 };
    const t = { x: 10, y: 0 };
    // Before: the ray stopped at the sensor (x = 2.5).
    expect(world.castRayClosest(o, t)?.shapeId).toBe(wallShape);
    expect(world.castRayClosest(o, t, all)?.shapeId).toBe(wallShape);
    expect(world.castRayClosest(o, t, withSensors)?.shapeId).toBe(sensor);
    expect(world.castRayClosest(o, t, withSensors)?.point.x).toBeCloseTo(2.5, 12);
    expect(world.castRayAny(o, t)?.shapeId).toBe(wallShape);
    expect(world.castRayAll(o, t).map((h) => h.shapeId)).toEqual([wallShape]);
    expect(world.castRayAll(o, t, withSensors).map((h) => h.shapeId)).toEqual([sensor, wallShape]);
    const circle = makeCircle(0, 0, 0.25);
    const at = { position: o, angle: 0 };
    expect(world.castShape(circle, at, t)?.shapeId).toBe(wallShape);
    expect(world.castShape(circle, at, t, withSensors)?.shapeId).toBe(sensor);
    expect(world.castShape(circle, at, t, withSensors)?.fraction).toBeCloseTo(0.225, 9);
    // overlap queries answer "what is here" and keep finding sensors by default
    expect(world.overlapPoint({ x: 3, y: 0 })).toEqual([sensor]);
    expect(world.overlapPoint({ x: 3, y: 0 }, { ...all, includeSensors: false })).toEqual([]);
  });

  it('rejects a query filter whose includeSensors is not a boolean, naming the field', () => {
    const world = new World();
    expect(() =>
      world.castRayClosest(
        { x: 0, y: 0 },
        { x: 1, y: 0 },
        {
          categoryBits: 1,
          maskBits: 1,
          includeSensors: 1 as unknown as boolean,
        },
      ),
    ).toThrow(/castRayClosest: filter\.includeSensors must be a boolean, got 1/);
  });

  it('sensor shapes make no contacts, so they cost nothing in the solver', () => {
    const world = new World();
    const { balls } = sensorScene(world, 3);
    let most = 0;
    for (let i = 0; i < 300; i++) {
      world.step(DT);
      most = Math.max(most, world.getCounters().contactCount);
    }
    // Before: 6 (each ball with the ground and with the sensor). Now only the ground's.
    expect(most).toBe(balls.length);
  });

  it('sensor events are deterministic and sorted by sensor then visitor shape', () => {
    const build = (): World => {
      const world = new World();
      const ground = world.createBody();
      world.createPolygonShape(ground, makeBox(30, 0.5));
      for (let k = 0; k < 3; k++) {
        const zone = world.createBody({ position: { x: -4 + 4 * k, y: 2 } });
        world.createPolygonShape(zone, makeBox(1.5, 1.5), { isSensor: true });
      }
      const spinner = world.createBody({
        type: BodyType.Kinematic,
        position: { x: 0, y: 4 },
        angularVelocity: 2,
      });
      world.createPolygonShape(spinner, makeBox(4, 0.2), { isSensor: true });
      for (let i = 0; i < 40; i++) {
        const b = world.createBody({
          type: BodyType.Dynamic,
          position: { x: -8 + (i % 10) * 1.7, y: 6 + Math.floor(i / 10) },
        });
        if (i % 2 === 0) world.createCircleShape(b, makeCircle(0, 0, 0.3));
        else world.createPolygonShape(b, makeBox(0.3, 0.3));
      }
      return world;
    };
    const record = (): string[] => {
      const world = build();
      const log: string[] = [];
      for (let i = 0; i < 300; i++) {
        world.step(DT);
        const e = sensorEvents(world);
        for (const list of [e.begin, e.end]) {
          for (let k = 1; k < list.length; k++) {
            const [s0, v0] = list[k - 1]!;
            const [s1, v1] = list[k]!;
            expect(s0 < s1 || (s0 === s1 && v0 < v1), `step ${i}`).toBe(true);
          }
        }
        if (e.begin.length + e.end.length > 0) log.push(`${i} ${JSON.stringify(e)}`);
      }
      return log;
    };
    const a = record();
    expect(a.length).toBeGreaterThan(10);
    expect(record()).toEqual(a);
  });

  it('destroying a visitor or a sensor inside an overlap reports the end in the next step', () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const sensor = staticZone(world);
    const a = world.createBody({ type: BodyType.Kinematic, position: { x: 5, y: 0.5 } });
    const aShape = world.createCircleShape(a, makeCircle(0, 0, 0.2));
    const b = world.createBody({ type: BodyType.Dynamic, position: { x: 5, y: -0.5 } });
    const bShape = world.createCircleShape(b, makeCircle(0, 0, 0.2));
    world.step(DT);
    expect(sensorEvents(world).begin).toEqual(
      [
        [sensor, aShape],
        [sensor, bShape],
      ].sort((p, q) => p[1]! - q[1]!),
    );
    world.destroyBody(a);
    world.step(DT);
    expect(sensorEvents(world)).toEqual({ begin: [], end: [[sensor, aShape]] });
    world.destroyShape(sensor);
    world.step(DT);
    expect(sensorEvents(world)).toEqual({ begin: [], end: [[sensor, bShape]] });
    world.step(DT);
    expect(sensorEvents(world)).toEqual({ begin: [], end: [] });
  });

  it('snapshot and restore inside an overlap continue bit for bit, with no repeated begin', () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const sensor = staticZone(world);
    const avatar: BodyId = world.createBody({
      type: BodyType.Kinematic,
      position: { x: 3, y: 0 },
      linearVelocity: { x: 3, y: 0 },
    });
    const shape = world.createCircleShape(avatar, makeCircle(0, 0, 0.27));
    const before = run(world, 40);
    expect(before.events.begin).toEqual([[sensor, shape]]);
    const bytes = world.snapshot();
    const copy = new World();
    copy.restore(bytes);
    expect(copy.snapshot()).toEqual(bytes);
    const x = run(world, 80);
    const y = run(copy, 80);
    expect(y).toEqual(x);
    expect(x.events.begin).toEqual([]);
    expect(x.events.end).toEqual([[sensor, shape]]);
    expect(copy.snapshot()).toEqual(world.snapshot());
  });
});

describe('sensor over a crowd', () => {
  it('a static zone over 200 bodies reports each once, sorted, and the same set after a snapshot', () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const zone = world.createBody();
    const sensor = world.createPolygonShape(zone, makeBox(20, 20), { isSensor: true });
    const shapes: number[] = [];
    for (let i = 0; i < 200; i++) {
      const b = world.createBody({
        type: i % 2 === 0 ? BodyType.Dynamic : BodyType.Kinematic,
        position: { x: -15 + (i % 20) * 1.5, y: -15 + Math.floor(i / 20) * 3 },
      });
      shapes.push(world.createCircleShape(b, makeCircle(0, 0, 0.3)));
    }
    world.step(DT);
    const e = sensorEvents(world);
    expect(e.begin).toEqual(shapes.map((s) => [sensor, s]));
    const copy = new World();
    copy.restore(world.snapshot());
    world.step(DT);
    copy.step(DT);
    expect(sensorEvents(world)).toEqual({ begin: [], end: [] });
    expect(sensorEvents(copy)).toEqual({ begin: [], end: [] });
  });
});
