/**
 * The rollback fast path (world/rollback.ts, "The fast path"): a world at rest saves
 * by patching the step counter into a state saved at its stamp (or a copy of one), and
 * skips loading a state saved at its stamp. It is an accelerator only: driven at random
 * with steps, saves, loads and every method of World that writes, on a world that rests
 * most of the time, it gives the same states, the same worlds and the same failures as the
 * full path. Which methods of World write comes from the one table of them
 * (world/world_methods.ts): every write is driven here and checked to change the stamp,
 * every read to change nothing a state holds, and a method of a kind this file has no
 * call for fails the listing test until it has one.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BodyId,
  BodyType,
  type ChainId,
  type JointId,
  JointType,
  makeBox,
  makeCapsule,
  makeCircle,
  makeOffsetBox,
  makeSegment,
  RollbackState,
  type ShapeId,
  World,
} from '../../src/index';
import { addGround, boxPileScene } from '../../src/scenes/index';
import {
  WORLD_METHODS,
  type WorldMethodKind,
  type WorldMethodName,
  WRITING_KINDS,
  worldMethodsOf,
} from '../../src/world/world_methods';
import type { RollbackCache } from '../../src/world/world_state';
import { worldStateOf } from '../../src/world';
import { contactPoints, DT, stepWorld } from '../support';

// ---------------------------------------------------------------------------------------
// Helpers

function cache(world: World): RollbackCache {
  return worldStateOf(world).rollback;
}

function stampOf(world: World): number {
  return cache(world).stamp;
}

function sameState(a: RollbackState, b: RollbackState): boolean {
  if (a.fCount !== b.fCount || a.bCount !== b.bCount) return false;
  const fa = Buffer.from(a.f.buffer, 0, a.fCount * 8);
  const fb = Buffer.from(b.f.buffer, 0, b.fCount * 8);
  return fa.equals(fb) && Buffer.from(a.b.buffer, 0, a.bCount).equals(Buffer.from(b.b.buffer, 0, b.bCount));
}

/** The state's bytes with the step counter (its first double) left out. */
function bytesBesideStepCount(s: RollbackState): Buffer {
  return Buffer.concat([
    Buffer.from(s.f.buffer, 8, (s.fCount - 1) * 8),
    Buffer.from(s.b.buffer, 0, s.bCount),
  ]);
}

/** A full-path save of the world (its test switch set for the call). */
function fullSave(world: World, into = new RollbackState()): RollbackState {
  const c = cache(world);
  const was = c.fullPathOnly;
  c.fullPathOnly = true;
  try {
    return world.saveState(into);
  } finally {
    c.fullPathOnly = was;
  }
}

// ---------------------------------------------------------------------------------------
// The pile

/** The pile settled once; each test restores it (a restored world is at rest too). */
const settled = (() => {
  const world = new World();
  // on 120 m of ground every box comes to rest (in the colour order one box of the
  // collapsing pile is flung past 40 m, off the 80 m the test used first)
  const ids = boxPileScene(world, 60);
  stepWorld(world, 900);
  return { snapshot: world.snapshot(), ids, awake: world.getCounters().awakeBodyCount };
})();

function settledPile(): World {
  const world = new World();
  world.restore(settled.snapshot);
  return world;
}

describe('rollback fast path on the settled pile of 200 boxes', () => {
  it('is at rest after 900 steps (the scene the fast path is measured on)', () => {
    expect(settled.awake).toBe(0);
  });

  it('saves and loads by the fast path in a rollback loop, and not once something changed', () => {
    const world = settledPile();
    const c = cache(world);
    const ring = Array.from({ length: 10 }, () => new RollbackState());
    // a game's loop: save, step; every 10 frames load the state 10 frames back and re-simulate
    let f = 0;
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 10; i++) {
        world.saveState(ring[f % 10]);
        world.step(DT);
        f++;
      }
      f -= 10;
      world.loadState(ring[f % 10]!);
      expect(world.getCounters().stepCount).toBe(ring[f % 10]!.stepCount);
    }
    // one encoding (the first save), then copies of it and patches of the step counter
    expect(c.fullSaves).toBe(1);
    expect(c.copiedSaves).toBe(9);
    expect(c.patchedSaves).toBe(20);
    expect(c.skippedLoads).toBe(3);
    expect(c.fullLoads).toBe(0);
    // every state holds what a full save gives, but for the step counter
    const full = fullSave(world);
    for (const s of ring) expect(bytesBesideStepCount(s).equals(bytesBesideStepCount(full))).toBe(true);

    // A friction changed on a sleeping pile changes what a state holds (the contacts'
    // mixed friction) and wakes nothing: the next save encodes, and loading an older state
    // decodes (and puts the old mixed friction back).
    const old = ring[0]!;
    world.setShapeFriction(world.getBodyShapes(settled.ids[50]!)[0]!, 0.9);
    expect(world.getCounters().awakeBodyCount).toBe(0);
    const remixed = world.saveState();
    expect(c.fullSaves).toBe(3);
    expect(bytesBesideStepCount(remixed).equals(bytesBesideStepCount(old))).toBe(false);
    world.loadState(old);
    expect(c.fullLoads).toBe(1);
    // the loaded world saves what the old state holds, by the full path (a new stamp)
    const again = world.saveState();
    expect(c.fullSaves).toBe(4);
    expect(bytesBesideStepCount(again).equals(bytesBesideStepCount(old))).toBe(true);
    // and the state with the new friction loads in full, friction included
    world.loadState(remixed);
    expect(c.fullLoads).toBe(2);
    expect(bytesBesideStepCount(fullSave(world)).equals(bytesBesideStepCount(remixed))).toBe(true);
  });

  it('a step with a body awake changes the stamp; a step at rest keeps it', () => {
    const world = settledPile();
    const stamp = stampOf(world);
    world.step(DT);
    expect(stampOf(world)).toBe(stamp);
    world.setBodyAwake(settled.ids[0]!, true);
    const woken = stampOf(world);
    expect(woken).not.toBe(stamp);
    world.step(DT);
    expect(stampOf(world)).not.toBe(woken);
  });

  it('a step at rest whose sensor pass changes the overlap set changes the stamp', () => {
    // A static sensor over the sleeping pile. Its filter changed after a state was saved:
    // loading that state brings back the old overlaps with nothing awake and nothing to
    // pair, and the next step, at rest, finds the new ones.
    const world = settledPile();
    const zone = world.createBody({ position: { x: 0, y: 2 } });
    const sensor = world.createPolygonShape(zone, makeBox(4, 1), { isSensor: true });
    stepWorld(world, 2);
    expect(world.getCounters().awakeBodyCount).toBe(0);
    const seen = world.saveState();
    world.setShapeFilter(sensor, { maskBits: 0xfffffffe }); // sees no box
    world.step(DT);
    expect(world.getContactEvents().sensorEndCount).toBeGreaterThan(0);
    world.loadState(seen);
    const stamp = stampOf(world);
    const atLoad = fullSave(world);
    world.step(DT);
    expect(world.getContactEvents().sensorEndCount).toBeGreaterThan(0);
    expect(world.getCounters().awakeBodyCount).toBe(0);
    expect(stampOf(world)).not.toBe(stamp);
    // so a save after it holds the new overlaps, not those of the state saved at the load
    world.saveState(atLoad);
    expect(bytesBesideStepCount(atLoad).equals(bytesBesideStepCount(fullSave(world)))).toBe(true);
  });

  it('a state given other arrays (as the worker client does) is not taken for the world it was saved in', () => {
    const world = settledPile();
    const c = cache(world);
    const older = world.saveState(); // at rest
    const hashAtOlder = world.stateHash();
    world.applyBodyLinearImpulseToCenter(settled.ids[3]!, { x: 0, y: 2 }, true);
    stepWorld(world, 5);
    const now = world.saveState(); // at the stamp of the moving world
    const hashNow = world.stateHash();
    // `now` receives the older state's bytes in new arrays: it is the older state now
    now.f = older.f.slice(0, older.fCount);
    now.b = older.b.slice(0, older.bCount);
    now.fCount = older.fCount;
    now.bCount = older.bCount;
    expect(now.stamp).toBe(0);
    world.loadState(now);
    expect(c.fullLoads).toBe(1);
    expect(world.stateHash()).toBe(hashAtOlder);
    expect(world.stateHash()).not.toBe(hashNow);
    // copyFrom keeps a state's stamp with its bytes
    const saved = world.saveState();
    const copy = new RollbackState().copyFrom(saved);
    expect(copy.stamp).toBe(saved.stamp);
    world.loadState(copy);
    expect(c.skippedLoads).toBe(1);
  });
});

// ---------------------------------------------------------------------------------------
// Every method of World: reads and writes

/** What the random sequences act on; both worlds of a run have the same ids. */
interface Ids {
  ground: BodyId;
  groundShape: ShapeId;
  bodies: BodyId[];
  shapes: ShapeId[];
  joints: JointId[];
  chains: ChainId[];
}

function cloneIds(ids: Ids): Ids {
  return {
    ...ids,
    bodies: [...ids.bodies],
    shapes: [...ids.shapes],
    joints: [...ids.joints],
    chains: [...ids.chains],
  };
}

/** A write's random parameters, each in [0, 1) but `flag`. */
interface P {
  a: number;
  b: number;
  c: number;
  flag: boolean;
}

function pick<T>(list: readonly T[], u: number): T | undefined {
  return list.length === 0 ? undefined : list[Math.floor(u * list.length)];
}

/** A write had nothing to act on. */
const SKIP = Symbol('skip');

/** A valid call of a method that writes (or may), with random parameters. */
type Write = (world: World, ids: Ids, p: P) => unknown;

/**
 * How a method moves the world's rollback stamp, from its kind in the table: `always` (a
 * write); `never` (user data: no step, save or load reads it); `ifPushed` (a character
 * mover writes only when it pushes a body).
 */
function bumpOf(name: string): 'always' | 'never' | 'ifPushed' {
  const kind: WorldMethodKind = WORLD_METHODS[name as WorldMethodName];
  if (WRITING_KINDS.has(kind)) return 'always';
  if (kind === 'userData') return 'never';
  if (kind === 'character') return 'ifPushed';
  throw new Error(`${name} (${kind}) is not a write`);
}

/** Changes the structure (bodies, shapes, joints, chains, body types): a later load of an older state throws. */
function isStructural(name: string): boolean {
  const kind: WorldMethodKind = WORLD_METHODS[name as WorldMethodName];
  return kind === 'structure' || kind === 'restore';
}

function bodyOf(ids: Ids, p: P): BodyId | undefined {
  return pick(ids.bodies, p.a);
}

function withBody(f: (world: World, b: BodyId, p: P) => unknown): Write {
  return (world, ids, p) => {
    const b = bodyOf(ids, p);
    return b === undefined ? SKIP : f(world, b, p);
  };
}

function withShape(f: (world: World, s: ShapeId, p: P) => unknown): Write {
  return (world, ids, p) => {
    const s = pick(ids.shapes, p.a);
    return s === undefined ? SKIP : f(world, s, p);
  };
}

function withJoint(f: (world: World, j: JointId, p: P) => unknown): Write {
  return (world, ids, p) => {
    const j = pick(ids.joints, p.a);
    return j === undefined ? SKIP : f(world, j, p);
  };
}

/** Two distinct bodies for a joint: the ground or a body, and a body. */
function jointBodies(ids: Ids, p: P): [BodyId, BodyId] | undefined {
  const a = p.flag ? ids.ground : pick(ids.bodies, p.b);
  const b = pick(ids.bodies, p.c);
  return a === undefined || b === undefined || a === b ? undefined : [a, b];
}

function withJointBodies(f: (world: World, a: BodyId, b: BodyId, p: P) => unknown): Write {
  return (world, ids, p) => {
    const pair = jointBodies(ids, p);
    return pair === undefined ? SKIP : f(world, pair[0], pair[1], p);
  };
}

const MOVER_CAPSULE = makeCapsule(0, -0.3, 0, 0.3, 0.25);

/** Every public method of World that writes or may write (WORLD_METHODS), with a valid call of it. */
const WRITES: Record<string, Write> = {
  setGravity: (w, _ids, p) => w.setGravity({ x: p.a - 0.5, y: -10 + p.b }),
  // the scene has joints only the soft step solves: the soft step again (still a write)
  setSolver: (w) => w.setSolver(null),
  setSettings: (w, _ids, p) =>
    p.a < 0.4
      ? w.setSettings({ enableSleep: p.flag })
      : p.a < 0.6
        ? w.setSettings({ contactHertz: 20 + 40 * p.b })
        : w.setSettings({ enableWarmStarting: p.flag || p.b < 0.7, restitutionThreshold: 0.5 + p.c }),
  // restores the run's last snapshot, and its ids with it: done by runSequence itself
  restore: () => SKIP,
  createBody: (w, _ids, p) =>
    w.createBody({ type: BodyType.Dynamic, position: { x: -20 + 40 * p.a, y: 3 + 3 * p.b }, angle: p.c }),
  destroyBody: withBody((w, b) => w.destroyBody(b)),
  setBodyType: withBody((w, b, p) =>
    w.setBodyType(b, p.b < 0.7 ? BodyType.Dynamic : p.flag ? BodyType.Kinematic : BodyType.Static),
  ),
  setBodyLinearVelocity: withBody((w, b, p) =>
    w.setBodyLinearVelocity(b, p.flag ? { x: 0, y: 0 } : { x: p.b - 0.5, y: p.c }),
  ),
  setBodyAngularVelocity: withBody((w, b, p) => w.setBodyAngularVelocity(b, p.flag ? 0 : p.b - 0.5)),
  setBodyTransform: withBody((w, b, p) => {
    const at = w.getBodyPosition(b);
    w.setBodyTransform(b, { x: at.x + p.b - 0.5, y: at.y + 0.5 * p.c }, p.c - 0.5);
  }),
  applyBodyForce: withBody((w, b, p) =>
    w.applyBodyForce(b, { x: 5 * p.b, y: 5 * p.c }, w.getBodyPosition(b), p.flag),
  ),
  applyBodyForceToCenter: withBody((w, b, p) => w.applyBodyForceToCenter(b, { x: 5 * p.b, y: 0 }, p.flag)),
  applyBodyTorque: withBody((w, b, p) => w.applyBodyTorque(b, p.b - 0.5, p.flag)),
  applyBodyLinearImpulse: withBody((w, b, p) =>
    w.applyBodyLinearImpulse(b, { x: p.b - 0.5, y: p.c }, w.getBodyWorldCenter(b), p.flag),
  ),
  applyBodyLinearImpulseToCenter: withBody((w, b, p) =>
    w.applyBodyLinearImpulseToCenter(b, { x: 0, y: p.b }, p.flag),
  ),
  applyBodyAngularImpulse: withBody((w, b, p) => w.applyBodyAngularImpulse(b, 0.2 * (p.b - 0.5), p.flag)),
  setBodyMassData: withBody((w, b, p) =>
    w.setBodyMassData(b, {
      mass: 0.5 + p.b,
      center: { x: 0.2 * (p.c - 0.5), y: 0 },
      rotationalInertia: 0.2 + p.c,
    }),
  ),
  resetBodyMassData: withBody((w, b) => w.resetBodyMassData(b)),
  setBodyLinearDamping: withBody((w, b, p) => w.setBodyLinearDamping(b, p.b)),
  setBodyAngularDamping: withBody((w, b, p) => w.setBodyAngularDamping(b, p.b)),
  setBodyGravityScale: withBody((w, b, p) => w.setBodyGravityScale(b, 0.5 + p.b)),
  setBodyFixedRotation: withBody((w, b, p) => w.setBodyFixedRotation(b, p.flag)),
  setBodyBullet: withBody((w, b, p) => w.setBodyBullet(b, p.flag)),
  setBodyAwake: withBody((w, b, p) => w.setBodyAwake(b, p.flag)),
  // mostly back on: a body that may not sleep keeps the world from resting
  enableBodySleep: withBody((w, b, p) => w.enableBodySleep(b, p.flag || p.b < 0.7)),
  setBodySleepThreshold: withBody((w, b, p) => w.setBodySleepThreshold(b, 0.02 + 0.1 * p.b)),
  setBodyUserData: withBody((w, b, p) => w.setBodyUserData(b, { p: p.b })),
  createCircleShape: withBody((w, b, p) => w.createCircleShape(b, makeCircle(0.3 * p.b, 0, 0.2))),
  createCapsuleShape: withBody((w, b, p) =>
    w.createCapsuleShape(b, makeCapsule(-0.2, 0, 0.2, 0.1 * p.b, 0.15)),
  ),
  createPolygonShape: (w, ids, p) =>
    p.flag
      ? // a static sensor over the ground (sensors' overlaps are part of a state)
        w.createPolygonShape(ids.ground, makeOffsetBox(1 + p.b, 1, -12 + 24 * p.a, 1, 0), { isSensor: true })
      : withBody((w, b, p) =>
          w.createPolygonShape(b, makeOffsetBox(0.2, 0.2, 0.2 * p.b, 0.2, p.c), { density: 0.5 + p.c }),
        )(w, ids, p),
  createSegmentShape: (w, ids, p) =>
    w.createSegmentShape(ids.ground, makeSegment(-25 + 10 * p.a, 0.05, -24 + 10 * p.a, 0.05 + 0.2 * p.b)),
  createChain: (w, ids, p) =>
    w.createChain(ids.ground, {
      points: [
        { x: 28 - p.a, y: 0 },
        { x: 26, y: 0.3 * p.b },
        { x: 24, y: 0 },
      ],
    }),
  destroyChain: (w, ids, p) => {
    const chain = pick(ids.chains, p.a);
    return chain === undefined ? SKIP : w.destroyChain(chain);
  },
  destroyShape: withShape((w, s, p) => w.destroyShape(s, p.flag)),
  setShapeDensity: withShape((w, s, p) => w.setShapeDensity(s, 0.5 + p.b, p.flag)),
  setShapeFriction: withShape((w, s, p) => w.setShapeFriction(s, p.b)),
  setShapeRestitution: withShape((w, s, p) => w.setShapeRestitution(s, 0.5 * p.b)),
  setShapeFilter: (w, ids, p) => {
    if (p.flag) {
      // a static shape (a sensor among them) stops seeing the bodies, or sees them again
      const s = pick(w.getBodyShapes(ids.ground), p.a);
      return s === undefined ? SKIP : w.setShapeFilter(s, p.b < 0.5 ? { maskBits: 0xfffffffe } : {});
    }
    return withShape((w, s, p) => w.setShapeFilter(s, p.b < 0.5 ? { groupIndex: -1 } : { categoryBits: 2 }))(
      w,
      ids,
      p,
    );
  },
  enableShapeContactEvents: withShape((w, s, p) => w.enableShapeContactEvents(s, p.flag)),
  setShapeUserData: withShape((w, s, p) => w.setShapeUserData(s, p.b)),
  createRevoluteJoint: withJointBodies((w, a, b, p) =>
    w.createRevoluteJoint({ bodyA: a, bodyB: b, anchor: w.getBodyPosition(b), enableLimit: p.b < 0.5 }),
  ),
  createDistanceJoint: withJointBodies((w, a, b) =>
    w.createDistanceJoint({
      bodyA: a,
      bodyB: b,
      anchorA: w.getBodyPosition(a),
      anchorB: w.getBodyPosition(b),
    }),
  ),
  createWheelJoint: withJointBodies((w, a, b) =>
    w.createWheelJoint({ bodyA: a, bodyB: b, anchor: w.getBodyPosition(b), axis: { x: 0, y: 1 } }),
  ),
  createMouseJoint: withJointBodies((w, a, b, p) =>
    w.createMouseJoint({ bodyA: a, bodyB: b, maxForce: 5 + 20 * p.b }),
  ),
  createMotorJoint: withJointBodies((w, a, b, p) =>
    w.createMotorJoint({ bodyA: a, bodyB: b, maxForce: 2 * p.b }),
  ),
  createFilterJoint: withJointBodies((w, a, b) => w.createFilterJoint({ bodyA: a, bodyB: b })),
  createPrismaticJoint: withJointBodies((w, a, b) =>
    w.createPrismaticJoint({ bodyA: a, bodyB: b, anchor: w.getBodyPosition(b), axis: { x: 1, y: 0 } }),
  ),
  createWeldJoint: withJointBodies((w, a, b, p) =>
    w.createWeldJoint({
      bodyA: a,
      bodyB: b,
      anchor: w.getBodyPosition(b),
      linearHertz: 5 * p.b,
      angularHertz: 5 * p.b,
    }),
  ),
  destroyJoint: withJoint((w, j) => w.destroyJoint(j)),
  setJointBreakForce: withJoint((w, j, p) => w.setJointBreakForce(j, p.flag ? Infinity : 1000 + 1e4 * p.b)),
  setJointBreakTorque: withJoint((w, j, p) => w.setJointBreakTorque(j, p.flag ? Infinity : 1000 + 1e4 * p.b)),
  setJointUserData: withJoint((w, j, p) => w.setJointUserData(j, [p.b])),
  setJointParams: withJoint((w, j, p) => w.setJointParams(j, jointParams(w, j, p))),
  // creating a mover writes nothing; its moves write when they push
  createMover: withBody((w, b, p) => {
    const at = w.getBodyPosition(b);
    const mover = w.createMover({
      capsule: MOVER_CAPSULE,
      position: { x: at.x - 0.8, y: at.y + 0.05 },
      maxPushForce: 200 + 800 * p.b,
    });
    return mover.move({ x: 0.6, y: 0 }).pushImpulse;
  }),
  moveCharacter: withBody((w, b, p) => {
    const at = w.getBodyPosition(b);
    const moved = w.moveCharacter(
      MOVER_CAPSULE,
      { x: at.x + 0.8, y: at.y + 0.05 },
      { x: -0.6, y: 0 },
      {
        maxPushForce: p.flag ? 0 : 200 + 800 * p.b,
      },
    );
    return moved.pushImpulse;
  }),
};

/** Parameters of joint j's type for setJointParams. */
function jointParams(world: World, j: JointId, p: P): Record<string, unknown> {
  switch (world.getJointType(j)) {
    case JointType.Revolute:
      return { enableMotor: p.flag, motorSpeed: 0, maxMotorTorque: 10 * p.b };
    case JointType.Distance:
      return { enableSpring: p.flag, hertz: 1 + 4 * p.b, dampingRatio: 0.5 };
    case JointType.Wheel:
      return { enableMotor: p.flag, motorSpeed: 0, maxMotorTorque: 10 * p.b };
    case JointType.Prismatic:
      return { enableLimit: p.flag, lowerTranslation: -p.b, upperTranslation: p.b };
    case JointType.Weld:
      return { linearHertz: 5 * p.b, angularHertz: 5 * p.c };
    case JointType.Mouse:
      return { maxForce: 5 + 20 * p.b };
    case JointType.Motor:
      return { maxForce: 2 * p.b, maxTorque: 2 * p.c };
    default:
      return {};
  }
}

/** Every public method of World that only reads (WORLD_METHODS), with a valid call of it. */
type Read = (world: World, ids: Ids) => unknown;

function onBody(f: (world: World, b: BodyId) => unknown): Read {
  return (world, ids) => f(world, ids.bodies[0] ?? ids.ground);
}

function onShape(f: (world: World, s: ShapeId) => unknown): Read {
  return (world, ids) => f(world, ids.shapes[0] ?? ids.groundShape);
}

function onJoint(f: (world: World, j: JointId) => unknown): Read {
  return (world, ids) => (ids.joints[0] === undefined ? SKIP : f(world, ids.joints[0]));
}

const QUERY_BOX = makeBox(0.5, 0.5);
const READS: Record<string, Read> = {
  getGravity: (w) => w.getGravity(),
  getSettings: (w) => w.getSettings(),
  getSolver: (w) => w.getSolver(),
  getProfile: (w) => w.getProfile(),
  readContactPoints: (w) => w.readContactPoints(new Float64Array(256)),
  getCounters: (w) => w.getCounters(),
  stateHash: (w) => w.stateHash(),
  snapshot: (w) => w.snapshot(),
  isValidBody: onBody((w, b) => w.isValidBody(b)),
  getBodySlot: onBody((w, b) => w.getBodySlot(b)),
  getBodySlotCount: (w) => w.getBodySlotCount(),
  readBodyTransforms: (w) => w.readBodyTransforms(new Float64Array(w.getBodySlotCount() * 9)),
  getBodyType: onBody((w, b) => w.getBodyType(b)),
  getBodyPosition: onBody((w, b) => w.getBodyPosition(b)),
  getBodyAngle: onBody((w, b) => w.getBodyAngle(b)),
  getBodyRotation: onBody((w, b) => w.getBodyRotation(b)),
  getBodyWorldCenter: onBody((w, b) => w.getBodyWorldCenter(b)),
  getBodyLocalCenter: onBody((w, b) => w.getBodyLocalCenter(b)),
  getBodyLinearVelocity: onBody((w, b) => w.getBodyLinearVelocity(b)),
  getBodyAngularVelocity: onBody((w, b) => w.getBodyAngularVelocity(b)),
  getBodyMass: onBody((w, b) => w.getBodyMass(b)),
  getBodyRotationalInertia: onBody((w, b) => w.getBodyRotationalInertia(b)),
  getBodyMassData: onBody((w, b) => w.getBodyMassData(b)),
  getBodyLinearDamping: onBody((w, b) => w.getBodyLinearDamping(b)),
  getBodyAngularDamping: onBody((w, b) => w.getBodyAngularDamping(b)),
  getBodyGravityScale: onBody((w, b) => w.getBodyGravityScale(b)),
  isBodyFixedRotation: onBody((w, b) => w.isBodyFixedRotation(b)),
  isBodyBullet: onBody((w, b) => w.isBodyBullet(b)),
  isBodyAwake: onBody((w, b) => w.isBodyAwake(b)),
  isBodySleepEnabled: onBody((w, b) => w.isBodySleepEnabled(b)),
  getBodySleepThreshold: onBody((w, b) => w.getBodySleepThreshold(b)),
  getBodyUserData: onBody((w, b) => w.getBodyUserData(b)),
  getBodyShapes: onBody((w, b) => w.getBodyShapes(b)),
  getBodyJoints: onBody((w, b) => w.getBodyJoints(b)),
  getBodyLocalPoint: onBody((w, b) => w.getBodyLocalPoint(b, { x: 1, y: 2 })),
  getBodyWorldPoint: onBody((w, b) => w.getBodyWorldPoint(b, { x: 1, y: 2 })),
  getChainSegments: (w, ids) => (ids.chains[0] === undefined ? SKIP : w.getChainSegments(ids.chains[0])),
  isValidChain: (w, ids) => (ids.chains[0] === undefined ? SKIP : w.isValidChain(ids.chains[0])),
  isValidShape: onShape((w, s) => w.isValidShape(s)),
  getShapeBody: onShape((w, s) => w.getShapeBody(s)),
  getShapeType: onShape((w, s) => w.getShapeType(s)),
  getShapeGeometry: onShape((w, s) => w.getShapeGeometry(s)),
  getShapeDensity: onShape((w, s) => w.getShapeDensity(s)),
  getShapeFriction: onShape((w, s) => w.getShapeFriction(s)),
  getShapeRestitution: onShape((w, s) => w.getShapeRestitution(s)),
  getShapeFilter: onShape((w, s) => w.getShapeFilter(s)),
  areShapeContactEventsEnabled: onShape((w, s) => w.areShapeContactEventsEnabled(s)),
  getShapeUserData: onShape((w, s) => w.getShapeUserData(s)),
  getShapeAABB: onShape((w, s) => w.getShapeAABB(s)),
  isShapeSensor: onShape((w, s) => w.isShapeSensor(s)),
  isValidJoint: onJoint((w, j) => w.isValidJoint(j)),
  getJointType: onJoint((w, j) => w.getJointType(j)),
  getJointBodyA: onJoint((w, j) => w.getJointBodyA(j)),
  getJointBodyB: onJoint((w, j) => w.getJointBodyB(j)),
  getJointLocalAnchors: onJoint((w, j) => w.getJointLocalAnchors(j)),
  getJointConstraintForce: onJoint((w, j) => w.getJointConstraintForce(j)),
  getJointConstraintTorque: onJoint((w, j) => w.getJointConstraintTorque(j)),
  isJointEnabled: onJoint((w, j) => w.isJointEnabled(j)),
  getJointBreakForce: onJoint((w, j) => w.getJointBreakForce(j)),
  getJointBreakTorque: onJoint((w, j) => w.getJointBreakTorque(j)),
  getJointEvents: (w) => w.getJointEvents(),
  getJointUserData: onJoint((w, j) => w.getJointUserData(j)),
  getJointParams: onJoint((w, j) => w.getJointParams(j)),
  getJointState: onJoint((w, j) => w.getJointState(j)),
  castRayClosest: (w) => w.castRayClosest({ x: -20, y: 0.5 }, { x: 40, y: 0 }),
  castRayAll: (w) => w.castRayAll({ x: -20, y: 0.5 }, { x: 40, y: 0 }),
  castRayAny: (w) => w.castRayAny({ x: -20, y: 0.5 }, { x: 40, y: 0 }),
  castShape: (w) => w.castShape(QUERY_BOX, { position: { x: -20, y: 0.6 }, angle: 0 }, { x: 40, y: 0 }),
  overlapAABB: (w) => w.overlapAABB({ minX: -20, minY: -1, maxX: 20, maxY: 5 }),
  overlapPoint: (w) => w.overlapPoint({ x: -6, y: 0.5 }),
  overlapShape: (w) => w.overlapShape(QUERY_BOX, { position: { x: -6, y: 0.5 }, angle: 0.3 }),
  getContactEvents: (w) => w.getContactEvents(),
  getBodyEvents: (w) => w.getBodyEvents(),
};

/** The kinds of method called here as reads, and those called as writes (or that may write). */
const READ_KINDS: readonly WorldMethodKind[] = ['config', 'frame', 'query', 'events', 'userData'];
const WRITE_KINDS: readonly WorldMethodKind[] = [...WRITING_KINDS, 'userData', 'character'];

describe('the methods of World, for the fast path', () => {
  it('have a call here for every read and every write of the table (WORLD_METHODS)', () => {
    const reads = Object.keys(READS);
    const writes = Object.keys(WRITES);
    for (const name of reads) expect(READ_KINDS, name).toContain(WORLD_METHODS[name as WorldMethodName]);
    for (const name of writes) expect(WRITE_KINDS, name).toContain(WORLD_METHODS[name as WorldMethodName]);
    // user data is read and written; every other method is one or the other
    const listed = new Set([...reads, ...writes]);
    expect(listed.size).toBe(reads.length + writes.length);
    const tabled = worldMethodsOf(...READ_KINDS, ...WRITE_KINDS);
    expect([...listed].sort()).toEqual([...tabled].sort());
  });

  it('each write, called for real on a world at rest, renews the stamp; the next save is what a full save gives', () => {
    const world = new World();
    const ids = restingScene(world);
    for (let k = 0; k < 2000 && (k < 60 || world.getCounters().awakeBodyCount > 0); k++) world.step(DT);
    const base = world.snapshot();
    const p: P = { a: 0.3, b: 0.6, c: 0.2, flag: false };
    for (const name of worldMethodsOf(...WRITING_KINDS)) {
      world.restore(base);
      const before = world.saveState();
      const stamp = stampOf(world);
      const result = name === 'restore' ? world.restore(base) : WRITES[name]!(world, cloneIds(ids), p);
      expect(result, name).not.toBe(SKIP);
      expect(stampOf(world), `${name} renews the stamp`).not.toBe(stamp);
      // the fast path, saving over the state saved before the write, gives the full save
      world.saveState(before);
      expect(sameState(before, fullSave(world)), `saved after ${name}`).toBe(true);
    }
  });
});

// ---------------------------------------------------------------------------------------
// Random sequences: fast path against full path

/**
 * A small world that comes to rest: boxes in two stacks under a static sensor, a circle, a
 * capsule, one joint of each type between boxes on the ground (those to the ground let
 * their box collide with it, which would otherwise fall through), a chain, walls.
 */
function restingScene(world: World): Ids {
  const ground = addGround(world, 30);
  const groundShape = world.getBodyShapes(ground)[0]!;
  world.createPolygonShape(ground, makeOffsetBox(0.5, 3, -29.5, 3, 0));
  world.createPolygonShape(ground, makeOffsetBox(0.5, 3, 29.5, 3, 0));
  world.createPolygonShape(ground, makeOffsetBox(2, 1.5, -4.5, 1.5, 0), { isSensor: true });
  const chain = world.createChain(ground, {
    points: [
      { x: 22, y: 0 },
      { x: 20, y: 0.2 },
      { x: 18, y: 0 },
    ],
  });
  const dynamic = (x: number, y: number): BodyId =>
    world.createBody({ type: BodyType.Dynamic, position: { x, y } });
  const bodies: BodyId[] = [];
  for (const x of [-6, -3]) {
    for (let k = 0; k < 3; k++) {
      const b = dynamic(x, 0.5 + k);
      world.createPolygonShape(b, makeBox(0.5, 0.5));
      bodies.push(b);
    }
  }
  const ball = dynamic(0, 0.4);
  world.createCircleShape(ball, makeCircle(0, 0, 0.4));
  const pill = dynamic(2, 0.3);
  world.createCapsuleShape(pill, makeCapsule(-0.5, 0, 0.5, 0, 0.3));
  bodies.push(ball, pill);
  const row: BodyId[] = [];
  for (let k = 0; k < 7; k++) {
    const b = dynamic(6 + 1.2 * k, 0.5);
    world.createPolygonShape(b, makeBox(0.5, 0.5));
    row.push(b);
  }
  bodies.push(...row);
  const at = (b: BodyId) => world.getBodyPosition(b);
  const mid = (a: BodyId, b: BodyId) => ({ x: (at(a).x + at(b).x) / 2, y: 0.5 });
  const [r0, r1, r2, r3, r4, r5, r6] = row as [BodyId, BodyId, BodyId, BodyId, BodyId, BodyId, BodyId];
  const joints: JointId[] = [
    world.createRevoluteJoint({ bodyA: r0, bodyB: r1, anchor: mid(r0, r1) }),
    world.createDistanceJoint({ bodyA: r1, bodyB: r2, anchorA: at(r1), anchorB: at(r2) }),
    world.createPrismaticJoint({
      bodyA: ground,
      bodyB: r2,
      anchor: at(r2),
      axis: { x: 1, y: 0 },
      collideConnected: true,
    }),
    world.createWheelJoint({
      bodyA: ground,
      bodyB: r3,
      anchor: at(r3),
      axis: { x: 0, y: 1 },
      collideConnected: true,
    }),
    world.createWeldJoint({ bodyA: r3, bodyB: r4, anchor: mid(r3, r4) }),
    world.createMotorJoint({
      bodyA: ground,
      bodyB: r5,
      linearOffset: { x: at(r5).x, y: at(r5).y + 1 },
      maxForce: 1,
      maxTorque: 1,
      collideConnected: true,
    }),
    world.createMouseJoint({ bodyA: ground, bodyB: r6, maxForce: 10, collideConnected: true }),
    world.createFilterJoint({ bodyA: r0, bodyB: r6 }),
  ];
  const segments = new Set(world.getChainSegments(chain));
  const shapes = bodies.flatMap((b) => world.getBodyShapes(b));
  shapes.push(...world.getBodyShapes(ground).filter((s) => s !== groundShape && !segments.has(s)));
  return { ground, groundShape, bodies, shapes, joints, chains: [chain] };
}

/** One world of a run with what its sequence acts on. */
interface Side {
  world: World;
  /** A world of the same structure, stepped on its own: its states fit but are not this world's. */
  twin: World;
  ring: RollbackState[];
  /** Saved just before each write and again just after it: a write the stamp missed shows there. */
  probe: RollbackState;
  snapshot: Uint8Array;
}

const RING = 6;

type Op =
  | { kind: 'step'; n: number }
  | { kind: 'settle' }
  | { kind: 'save' | 'saveNew' | 'load' | 'twinSave'; slot: number }
  | { kind: 'copy' | 'wire'; slot: number; from: number }
  | { kind: 'twinStep' | 'snapshot' | 'reads' }
  | { kind: 'write'; name: string; p: P };

const unit = fc.integer({ min: 0, max: 999_999 }).map((n) => n / 1e6);
const params = fc.record({ a: unit, b: unit, c: unit, flag: fc.boolean() });
const slot = fc.integer({ min: 0, max: RING - 1 });
const writeNames = Object.keys(WRITES);
const plainWrites = writeNames.filter((n) => !isStructural(n));
const structuralWrites = writeNames.filter((n) => isStructural(n));
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 12 }).map((n) => ({ kind: 'step' as const, n })) },
  { weight: 3, arbitrary: fc.constant({ kind: 'settle' as const }) },
  { weight: 6, arbitrary: slot.map((s) => ({ kind: 'save' as const, slot: s })) },
  { weight: 1, arbitrary: slot.map((s) => ({ kind: 'saveNew' as const, slot: s })) },
  { weight: 6, arbitrary: slot.map((s) => ({ kind: 'load' as const, slot: s })) },
  { weight: 1, arbitrary: slot.map((s) => ({ kind: 'twinSave' as const, slot: s })) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('copy' as const), slot, from: slot }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('wire' as const), slot, from: slot }) },
  { weight: 1, arbitrary: fc.constantFrom({ kind: 'twinStep' as const }, { kind: 'snapshot' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reads' as const }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('write' as const),
      name: fc.constantFrom(...plainWrites),
      p: params,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('write' as const),
      name: fc.constantFrom(...structuralWrites),
      p: params,
    }),
  },
);

type Outcome = { value: unknown } | { error: string };

/** Runs `f` and returns its result, or the message of what it threw. */
function outcome(f: () => unknown): Outcome {
  try {
    return { value: f() };
  } catch (e) {
    return { error: String((e as Error).message) };
  }
}

/** Counts over all runs: the fast path taken, each write done. */
const totals = { patchedSaves: 0, copiedSaves: 0, skippedLoads: 0, fullLoads: 0, restingLoads: 0 };
const writesDone = new Map<string, number>();

function runSequence(base: Uint8Array, baseIds: Ids, ops: readonly Op[]): void {
  const side = (fullPath: boolean): Side => {
    const world = new World();
    world.restore(base);
    const twin = new World();
    twin.restore(base);
    cache(world).fullPathOnly = fullPath;
    cache(twin).fullPathOnly = fullPath;
    const ring = Array.from({ length: RING }, () => new RollbackState());
    return { world, twin, ring, probe: new RollbackState(), snapshot: base };
  };
  const fast = side(false);
  const full = side(true);
  let ids = cloneIds(baseIds);
  let snapshotIds = cloneIds(baseIds);
  /** Does `f` on both sides: the same outcome (value or error message), returned. */
  const both = (f: (s: Side) => unknown): Outcome => {
    const a = outcome(() => f(fast));
    const b = outcome(() => f(full));
    expect(b).toEqual(a);
    return a;
  };
  /** Saves into ring slot `slot` on both sides by `save`: the two states hold the same bytes. */
  const saveBoth = (slot: number, what: string, save: (s: Side) => void): void => {
    both(save);
    expect(sameState(fast.ring[slot]!, full.ring[slot]!), what).toBe(true);
  };
  const expectSameWorlds = (what: string): void => {
    expect(fast.world.stateHash(), what).toBe(full.world.stateHash());
    expect(fast.world.getCounters(), what).toEqual(full.world.getCounters());
  };

  for (const op of ops) {
    switch (op.kind) {
      case 'step':
        both((s) => stepWorld(s.world, op.n));
        break;
      case 'settle':
        both((s) => stepWorld(s.world, 40));
        break;
      case 'save':
      case 'twinSave':
        saveBoth(op.slot, op.kind === 'save' ? 'saved states' : 'twin states', (s) => {
          (op.kind === 'save' ? s.world : s.twin).saveState(s.ring[op.slot]);
        });
        break;
      case 'saveNew':
        saveBoth(op.slot, 'saved states', (s) => {
          s.ring[op.slot] = s.world.saveState();
        });
        break;
      case 'twinStep':
        both((s) => s.twin.step(DT));
        break;
      case 'copy':
        both((s) => {
          s.ring[op.slot]!.copyFrom(s.ring[op.from]!);
        });
        break;
      case 'wire':
        // as the worker client: the bytes of another state, in new arrays
        both((s) => {
          const from = s.ring[op.from]!;
          const to = s.ring[op.slot]!;
          to.f = from.f.slice(0, from.fCount);
          to.b = from.b.slice(0, from.bCount);
          to.fCount = from.fCount;
          to.bCount = from.bCount;
        });
        break;
      case 'load': {
        const resting = fast.world.getCounters().awakeBodyCount === 0;
        const skipped = cache(fast.world).skippedLoads;
        both((s) => s.world.loadState(s.ring[op.slot]!));
        if (cache(fast.world).skippedLoads > skipped && resting) totals.restingLoads++;
        expectSameWorlds('after a load');
        // everything a step reads, as a full save writes it (the full snapshots may differ
        // in fields no step reads, such as a one-point reference's second point: they keep
        // values from whichever world last used the step's scratch manifold)
        expect(sameState(fullSave(fast.world), fullSave(full.world)), 'full saves after a load').toBe(true);
        expect(contactPoints(fast.world), 'contact points after a load').toEqual(contactPoints(full.world));
        for (let k = 0; k < 3; k++) {
          both((s) => s.world.step(DT));
          expectSameWorlds(`step ${k + 1} after a load`);
        }
        break;
      }
      case 'snapshot':
        both((s) => {
          s.snapshot = s.world.snapshot();
        });
        snapshotIds = cloneIds(ids);
        break;
      case 'reads': {
        // reads change nothing a state holds, and not the stamp
        const world = fast.world;
        const stamp = stampOf(world);
        const before = fullSave(world);
        for (const read of Object.values(READS)) read(world, ids);
        expect(stampOf(world)).toBe(stamp);
        expect(sameState(fullSave(world), before)).toBe(true);
        break;
      }
      case 'write': {
        const write = WRITES[op.name]!;
        both((s) => {
          s.world.saveState(s.probe);
        });
        const stamp = stampOf(fast.world);
        const done =
          op.name === 'restore'
            ? both((s) => s.world.restore(s.snapshot))
            : both((s) => write(s.world, ids, op.p));
        const changed = stampOf(fast.world) !== stamp;
        const result = 'value' in done ? done.value : SKIP;
        if (result !== SKIP) {
          writesDone.set(op.name, (writesDone.get(op.name) ?? 0) + 1);
          const bump = bumpOf(op.name);
          if (bump === 'always') expect(changed, `${op.name} changes the stamp`).toBe(true);
          if (bump === 'never') expect(changed, `${op.name} keeps the stamp`).toBe(false);
          if (bump === 'ifPushed')
            expect(changed, `${op.name} pushed ${String(result)}`).toBe(Number(result) > 0);
        }
        // the fast path saves over the state saved before the write what a full save gives
        both((s) => {
          s.world.saveState(s.probe);
        });
        expect(sameState(fast.probe, full.probe), `saved after ${op.name}`).toBe(true);
        if (op.name === 'restore') ids = cloneIds(snapshotIds);
        else if (isStructural(op.name)) ids = liveIds(fast.world, ids, result);
        break;
      }
    }
    expectSameWorlds(op.kind);
  }
  // the last word: both save the same state
  expect(sameState(fast.world.saveState(), full.world.saveState())).toBe(true);
  for (const k of ['patchedSaves', 'copiedSaves', 'skippedLoads', 'fullLoads'] as const)
    totals[k] += cache(fast.world)[k];
  expect(
    cache(full.world).patchedSaves + cache(full.world).copiedSaves + cache(full.world).skippedLoads,
  ).toBe(0);
}

/** The ids still live after a structural write, with what it created. */
function liveIds(world: World, ids: Ids, created: unknown): Ids {
  const next: Ids = {
    ...ids,
    bodies: ids.bodies.filter((b) => world.isValidBody(b) && world.getBodyType(b) !== BodyType.Static),
    shapes: ids.shapes.filter((s) => world.isValidShape(s)),
    joints: ids.joints.filter((j) => world.isValidJoint(j)),
    chains: ids.chains.filter((c) => world.isValidChain(c)),
  };
  if (typeof created !== 'number') return next;
  const id = created as number;
  if (world.isValidBody(id as BodyId)) next.bodies.push(id as BodyId);
  else if (world.isValidShape(id as ShapeId)) next.shapes.push(id as ShapeId);
  else if (world.isValidJoint(id as JointId)) next.joints.push(id as JointId);
  else if (world.isValidChain(id as ChainId)) next.chains.push(id as ChainId);
  return next;
}

describe('rollback fast path against the full path', () => {
  it('random steps, saves, loads and every write give the same states, worlds and errors', () => {
    const world = new World();
    const baseIds = restingScene(world);
    for (let k = 0; k < 2000 && (k < 60 || world.getCounters().awakeBodyCount > 0); k++) world.step(DT);
    expect(world.getCounters().awakeBodyCount).toBe(0);
    const base = world.snapshot();

    fc.assert(
      fc.property(fc.array(opArb, { minLength: 30, maxLength: 90 }), (ops) =>
        runSequence(base, baseIds, ops),
      ),
      { seed: 1717, numRuns: 100 },
    );
    // the fast path was taken often, on a world at rest (measured: 555 patched and 1,029
    // copied saves, the probes' included; 97 skipped loads, 86 of them at rest; 258 full)
    expect(totals.patchedSaves).toBeGreaterThan(50);
    expect(totals.copiedSaves).toBeGreaterThan(250);
    expect(totals.skippedLoads).toBeGreaterThan(50);
    expect(totals.restingLoads).toBeGreaterThan(40);
    expect(totals.fullLoads).toBeGreaterThan(100);
    // and every write was done
    for (const name of writeNames) {
      if (name === 'restore') continue;
      expect(writesDone.get(name) ?? 0, name).toBeGreaterThan(0);
    }
    expect(writesDone.get('restore') ?? 0).toBeGreaterThan(0);
  });
});
