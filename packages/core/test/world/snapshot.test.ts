/**
 * Snapshot and restore: a restored world continues bit for bit as if never interrupted,
 * ids survive the round trip, and a bad buffer is rejected without touching the world.
 */

import { beforeAll, describe, expect, it } from 'vitest';
import { type BodyId, BodyType, makeBox, makeCircle, type ShapeId, World } from '../../src/index';
import { mixedPileScene, pyramidScene, SceneRandom } from '../../src/scenes/index';
import { DT } from '../support';

const SNAPSHOT_STEP = 100;
const CONTINUE_STEPS = 200;

function pileWorld(): World {
  const world = new World();
  mixedPileScene(world, 300);
  return world;
}

/** Steps `n` times and returns the state hash after each step. */
function stepHashes(world: World, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    world.step(DT);
    out.push(world.stateHash());
  }
  return out;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.compare(a, b) === 0;
}

/** Hashes of the uninterrupted run for steps SNAPSHOT_STEP+1 .. SNAPSHOT_STEP+CONTINUE_STEPS. */
let reference: number[];
/** Snapshot of the uninterrupted run after SNAPSHOT_STEP steps. */
let snap: Uint8Array;

beforeAll(() => {
  const world = pileWorld();
  stepHashes(world, SNAPSHOT_STEP);
  snap = world.snapshot();
  reference = stepHashes(world, CONTINUE_STEPS);
});

describe('snapshot and restore', () => {
  it('a new world restored from the step-100 snapshot matches the uninterrupted run for 200 steps', () => {
    const world = new World();
    world.restore(snap);
    expect(stepHashes(world, CONTINUE_STEPS)).toEqual(reference);
  });

  it('a resting pyramid restored mid-rest continues bit for bit (manifolds kept between steps survive)', () => {
    // At rest most box pairs keep their manifold from an earlier step (contact.ts
    // reuseManifold), so the snapshot must carry where that manifold was computed.
    const world = new World({ enableSleep: false });
    pyramidScene(world, 10);
    stepHashes(world, 120);
    const bytes = world.snapshot();
    const expected = stepHashes(world, 60);
    const restored = new World({ enableSleep: false });
    restored.restore(bytes);
    expect(stepHashes(restored, 60)).toEqual(expected);
  });

  it('restoring into the same world after it stepped on rewinds it exactly', () => {
    const world = pileWorld();
    stepHashes(world, SNAPSHOT_STEP);
    const own = world.snapshot();
    expect(sameBytes(own, snap)).toBe(true);
    // move on (and change things) before rewinding
    const diverged = stepHashes(world, 37);
    world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 30 } });
    world.setGravity({ x: 5, y: 0 });
    expect(world.stateHash()).not.toBe(reference[0]);
    expect(diverged[0]).toBe(reference[0]);

    world.restore(own);
    expect(world.getGravity()).toEqual({ x: 0, y: -10 });
    expect(stepHashes(world, CONTINUE_STEPS)).toEqual(reference);
  });

  it('the snapshot of a restored world equals the original bytes', () => {
    const world = new World();
    world.restore(snap);
    expect(sameBytes(world.snapshot(), snap)).toBe(true);
    // and again after a second hop
    const again = new World();
    again.restore(world.snapshot());
    expect(sameBytes(again.snapshot(), snap)).toBe(true);
  });

  describe('bad buffers are rejected with a RangeError and leave the world unchanged', () => {
    const rng = new SceneRandom(4242);
    const randomBytes = (n: number): Uint8Array => {
      const b = new Uint8Array(n);
      for (let i = 0; i < n; i++) b[i] = Math.floor(rng.next() * 256);
      return b;
    };
    const cases: [string, () => unknown][] = [
      ['random bytes', () => randomBytes(4096)],
      ['random bytes as long as a real snapshot', () => randomBytes(snap.length)],
      ['an empty buffer', () => new Uint8Array(0)],
      ['a snapshot truncated to half', () => snap.slice(0, snap.length >> 1)],
      ['a snapshot missing its last byte', () => snap.slice(0, snap.length - 1)],
      ['a snapshot truncated inside the header', () => snap.slice(0, 6)],
      [
        'a snapshot with a trailing byte',
        () => {
          const b = new Uint8Array(snap.length + 1);
          b.set(snap);
          return b;
        },
      ],
      [
        'a snapshot with one byte of body data flipped (caught by the checksum)',
        () => {
          const b = snap.slice();
          const at = snap.length >> 1;
          b[at] = b[at]! ^ 0x10;
          return b;
        },
      ],
      [
        'a snapshot with a wrong magic number',
        () => {
          const b = snap.slice();
          b[0] = b[0]! ^ 0xff;
          return b;
        },
      ],
      [
        'a snapshot of an unknown version',
        () => {
          const b = snap.slice();
          b[4] = 99;
          return b;
        },
      ],
      ['a plain array of bytes', () => Array.from(snap)],
      ['an ArrayBuffer', () => snap.slice().buffer],
      ['null', () => null],
    ];

    it.each(cases)('%s', (_name, make) => {
      // a world with content of its own, mid-simulation
      const world = new World();
      mixedPileScene(world, 40, 77);
      stepHashes(world, 20);
      const hashBefore = world.stateHash();
      const bytesBefore = world.snapshot();
      const bad = make();
      expect(() => world.restore(bad as Uint8Array)).toThrow(RangeError);
      expect(() => world.restore(bad as Uint8Array)).toThrow(/^restore: /);
      expect(world.stateHash()).toBe(hashBefore);
      expect(sameBytes(world.snapshot(), bytesBefore)).toBe(true);
      // and it still steps like an untouched copy
      const copy = new World();
      copy.restore(bytesBefore);
      expect(stepHashes(world, 5)).toEqual(stepHashes(copy, 5));
    });
  });

  it('restore keeps the user data of bodies, shapes, joints and chains that are the same objects', () => {
    const world = new World();
    const ground = world.createBody({ userData: 'ground' });
    const groundShape = world.createPolygonShape(ground, makeBox(20, 1), { userData: { tag: 'floor' } });
    const chain = world.createChain(ground, {
      points: [
        { x: 10, y: 5 },
        { x: -10, y: 5 },
      ],
      userData: 'rail',
    });
    const ball = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 3 }, userData: 7 });
    const ballShape = world.createCircleShape(ball, makeCircle(0, 0, 0.4), { userData: 'ball shape' });
    const joint = world.createRevoluteJoint({
      bodyA: ground,
      bodyB: ball,
      localAnchorA: { x: 0, y: 4 },
      localAnchorB: { x: 0, y: 1 },
      userData: ['hinge'],
    });
    const snapshot = world.snapshot();
    stepHashes(world, 10);
    // set after the snapshot: kept as set, since the snapshot holds no user data
    world.setBodyUserData(ball, 8);
    world.restore(snapshot);
    expect(world.getBodyUserData(ground)).toBe('ground');
    expect(world.getBodyUserData(ball)).toBe(8);
    expect(world.getShapeUserData(groundShape)).toEqual({ tag: 'floor' });
    expect(world.getShapeUserData(ballShape)).toBe('ball shape');
    expect(world.getJointUserData(joint)).toEqual(['hinge']);
    for (const segment of world.getChainSegments(chain)) expect(world.getShapeUserData(segment)).toBe('rail');

    // an object destroyed before the restore and brought back has none: it is not the same object
    world.destroyBody(ball);
    world.restore(snapshot);
    expect(world.getBodyUserData(ground)).toBe('ground');
    expect(world.isValidBody(ball)).toBe(true);
    expect(world.getBodyUserData(ball)).toBeUndefined();
  });

  it('ids stay valid after restore, stale ids stay stale, and new ids are handed out alike', () => {
    const world = new World();
    const ground = world.createBody();
    const groundShape = world.createPolygonShape(ground, makeBox(20, 1));
    const chain = world.createChain(ground, {
      points: [
        { x: 10, y: 5 },
        { x: 0, y: 3 },
        { x: -10, y: 5 },
      ],
    });
    const deadChain = world.createChain(ground, {
      points: [
        { x: 10, y: 9 },
        { x: -10, y: 9 },
      ],
    });
    const bodies: BodyId[] = [];
    const shapes: ShapeId[] = [];
    for (let i = 0; i < 6; i++) {
      const b = world.createBody({ type: BodyType.Dynamic, position: { x: i - 3, y: 8 + i } });
      shapes.push(world.createCircleShape(b, makeCircle(0, 0, 0.4)));
      bodies.push(b);
    }
    const extraShape = world.createPolygonShape(bodies[0]!, makeBox(0.2, 0.2));
    stepHashes(world, 30);
    // make some ids stale
    world.destroyBody(bodies[2]!);
    world.destroyShape(extraShape);
    world.destroyChain(deadChain);
    const stale = { body: bodies[2]!, shape: shapes[2]!, extraShape, chain: deadChain };
    const live = bodies.filter((_, i) => i !== 2);

    const restored = new World();
    restored.restore(world.snapshot());

    for (const id of [ground, ...live]) {
      expect(restored.isValidBody(id)).toBe(true);
      expect(restored.getBodyPosition(id)).toEqual(world.getBodyPosition(id));
      expect(restored.getBodyShapes(id)).toEqual(world.getBodyShapes(id));
    }
    for (const s of [groundShape, ...shapes.filter((_, i) => i !== 2)]) {
      expect(restored.isValidShape(s)).toBe(true);
      expect(restored.getShapeBody(s)).toBe(world.getShapeBody(s));
    }
    expect(restored.isValidChain(chain)).toBe(true);
    expect(restored.getChainSegments(chain)).toEqual(world.getChainSegments(chain));

    expect(restored.isValidBody(stale.body)).toBe(false);
    expect(restored.isValidShape(stale.shape)).toBe(false);
    expect(restored.isValidShape(stale.extraShape)).toBe(false);
    expect(restored.isValidChain(stale.chain)).toBe(false);
    expect(() => restored.getBodyPosition(stale.body)).toThrow(RangeError);
    expect(() => restored.setShapeFriction(stale.extraShape, 0.1)).toThrow(RangeError);
    expect(() => restored.destroyChain(stale.chain)).toThrow(RangeError);

    // the free lists came along: both worlds hand out the same new ids, and those reuse
    // the freed slots without reviving the stale ids
    const newBodyA = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 20 } });
    const newBodyB = restored.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 20 } });
    expect(newBodyB).toBe(newBodyA);
    expect(newBodyB).not.toBe(stale.body);
    const newShapeA = world.createCircleShape(newBodyA, makeCircle(0, 0, 0.3));
    const newShapeB = restored.createCircleShape(newBodyB, makeCircle(0, 0, 0.3));
    expect(newShapeB).toBe(newShapeA);
    const newChainA = world.createChain(ground, {
      points: [
        { x: 1, y: 1 },
        { x: 0, y: 1 },
      ],
    });
    const newChainB = restored.createChain(ground, {
      points: [
        { x: 1, y: 1 },
        { x: 0, y: 1 },
      ],
    });
    expect(newChainB).toBe(newChainA);
    expect(restored.isValidBody(stale.body)).toBe(false);
    expect(restored.isValidChain(stale.chain)).toBe(false);
    expect(stepHashes(restored, 30)).toEqual(stepHashes(world, 30));
  });
});
