/**
 * Rollback state (saveState / loadState): a world loaded from a state and stepped on is bit
 * for bit the world that never left, in a settled pile and in scenes where contacts and
 * joints come and go; a 10-state rollback ring driven with random rollbacks equals a
 * straight run; a state is rejected by a world whose structure changed, which is left as
 * it was.
 */

import { describe, expect, it } from 'vitest';
import { type BodyId, BodyType, makeBox, makeOffsetBox, RollbackState, World } from '../../src/index';
import {
  mixedPileScene,
  sensorScene,
  boxPileScene,
  carScene,
  bridgeScene,
  ragdollScene,
  SceneRandom,
  tumblerScene,
} from '../../src/scenes/index';
import { contactPoints, DT, expectThrowsUnchanged, stepWorld } from '../support';
import { Transform } from '../../src/base/math';
import { collidePolygons, collideQuadShapes } from '../../src/collision/manifold';
import { Manifold } from '../../src/collision/manifold_types';
import { CONTACT_FLAG_BITS } from '../../src/dynamics/awake_contacts';
import { CONTACT_REFERENCE_STRIDE } from '../../src/dynamics/contact_layout';
import { type Polygon, ShapeType } from '../../src/geometry/geometry';
import { worldStateOf } from '../../src/world';

/** Every body's pose and velocity as raw doubles, in id order. */
function bodyState(world: World, ids: readonly BodyId[]): Float64Array {
  const out = new Float64Array(ids.length * 6);
  ids.forEach((id, k) => {
    const p = world.getBodyPosition(id);
    const v = world.getBodyLinearVelocity(id);
    out.set([p.x, p.y, world.getBodyAngle(id), v.x, v.y, world.getBodyAngularVelocity(id)], k * 6);
  });
  return out;
}

function sameBits(a: Float64Array, b: Float64Array): boolean {
  return (
    Buffer.compare(
      Buffer.from(a.buffer, a.byteOffset, a.byteLength),
      Buffer.from(b.buffer, b.byteOffset, b.byteLength),
    ) === 0
  );
}

/**
 * Steps `n` times, saves, steps `m` more (recording hashes), loads, steps `m` again: the hashes,
 * every body's pose and velocity, and the full snapshot must be the same bits.
 */
function expectContinuesExactly(world: World, ids: readonly BodyId[], n: number, m: number): RollbackState {
  stepWorld(world, n);
  const stepCount = world.getCounters().stepCount;
  const points = contactPoints(world);
  const state = world.saveState();
  const hashes: number[] = [];
  for (let i = 0; i < m; i++) {
    world.step(DT);
    hashes.push(world.stateHash());
  }
  const bodies = bodyState(world, ids);
  const snapshot = world.snapshot();
  world.loadState(state);
  expect(world.getCounters().stepCount).toBe(stepCount);
  // the trees, and the step's copy of every leaf's fat box (BroadPhase.shapeFat), as loaded
  worldStateOf(world).broadPhase.validate();
  // the touching contacts read as they did when saved, awake or asleep (records that the
  // state derives rather than holds included)
  expect(sameBits(contactPoints(world), points)).toBe(true);
  for (let i = 0; i < m; i++) {
    world.step(DT);
    expect(world.stateHash(), `step ${n + i + 1}`).toBe(hashes[i]);
  }
  expect(sameBits(bodyState(world, ids), bodies)).toBe(true);
  // The full snapshot too: fields the state leaves out (because no step reads them before
  // writing them) still hold their step n + m values from before the load.
  expect(Buffer.compare(world.snapshot(), snapshot)).toBe(0);
  return state;
}

describe('rollback state', () => {
  it('a settled pile of 200 boxes continues bit for bit after a load, in at most 200 bytes a body', () => {
    const world = new World();
    const ids = boxPileScene(world);
    const state = expectContinuesExactly(world, ids, 900, 120);
    // Measured 175.4 B a body (version 2 of the format: 601; the full snapshot: 1.8 KB).
    // What is left, per body: its center and sine (24 B) and its cosine coded against the
    // sine's (2 B), its start-of-step pose and fat box coded against its pose and tight box
    // (17 + 26 B), a flag byte; from its share of the contacts (1.34 touching, 2.9 in all):
    // warm-start impulses (37 B: 32 a two-point contact, none where nothing pushed),
    // reference poses coded against the bodies' poses (52 B), slots, shapes, modes (16 B).
    expect(state.byteLength / 200).toBeLessThanOrEqual(200);
  });

  it('the same pile settled with sleep off (every body and contact awake) continues bit for bit', () => {
    const world = new World({ enableSleep: false });
    const ids = boxPileScene(world);
    const state = expectContinuesExactly(world, ids, 900, 120);
    // measured 199-201 B a body: the velocities and the awake lists on top
    expect(state.byteLength / 200).toBeLessThan(240);
  });

  it('a mixed pile of circles, capsules and polygons continues bit for bit (pairs without a reference)', () => {
    const world = new World();
    const ids = mixedPileScene(world, 120);
    expectContinuesExactly(world, ids, 90, 120);
    const settled = new World();
    const settledIds = mixedPileScene(settled, 120);
    expectContinuesExactly(settled, settledIds, 600, 120);
  });

  it('a world restored from a snapshot saves and loads bit for bit (no start-of-step poses in a snapshot)', () => {
    const original = new World({ enableSleep: false });
    boxPileScene(original);
    stepWorld(original, 300);
    const world = new World({ enableSleep: false });
    world.restore(original.snapshot());
    worldStateOf(world).broadPhase.validate();
    expectContinuesExactly(world, [], 0, 60);
  });

  it('pending forces, an off-center body and a moved body continue bit for bit', () => {
    const world = new World();
    const ids = boxPileScene(world);
    // a body whose center of mass is off its origin
    const odd = world.createBody({ type: BodyType.Dynamic, position: { x: 3, y: 30 }, angle: 0.3 });
    world.createPolygonShape(odd, makeOffsetBox(0.5, 0.25, 0.7, 0.2, 0.4));
    stepWorld(world, 400);
    world.applyBodyForce(ids[150]!, { x: 30, y: 5 }, world.getBodyPosition(ids[150]!), true);
    world.applyBodyTorque(ids[151]!, 3, true);
    world.setBodyTransform(ids[152]!, { x: 9, y: 12 }, 0.25);
    expectContinuesExactly(world, [...ids, odd], 0, 120);
  });

  it('a pile that is still falling continues bit for bit (contacts made and destroyed)', () => {
    const world = new World();
    expectContinuesExactly(world, boxPileScene(world), 60, 120);
  });

  it('the tumbler continues bit for bit (kinematic body, contacts coming and going)', () => {
    const world = new World();
    expectContinuesExactly(world, tumblerScene(world, 15).boxes, 120, 120);
  });

  it('ragdolls, a bridge and a car continue bit for bit (joints and contacts)', () => {
    const ragdoll = new World();
    expectContinuesExactly(ragdoll, ragdollScene(ragdoll).bodyList, 30, 200);
    const bridge = new World();
    bridgeScene(bridge);
    expectContinuesExactly(bridge, [], 30, 200);
    const car = new World();
    const { chassis, wheels } = carScene(car);
    expectContinuesExactly(car, [chassis, ...wheels], 30, 200);
  });

  it('a 10-state rollback ring driven for 300 frames with random rollbacks equals a straight run', () => {
    const build = (world: World): BodyId[] => {
      const { boxes } = tumblerScene(world, 10);
      const { chassis } = carScene(world, { origin: { x: 60, y: 0 } });
      return [...boxes, chassis];
    };
    /** Frame f's input: a push on one body, a pure function of the frame. */
    const input = (world: World, ids: readonly BodyId[], f: number): void => {
      if (f % 5 !== 0) return;
      const id = ids[(f * 7) % ids.length]!;
      const p = world.getBodyPosition(id);
      world.applyBodyLinearImpulse(id, { x: ((f % 3) - 1) * 0.5, y: 1 }, p, true);
    };
    const frames = 300;

    const straight = new World();
    const straightIds = build(straight);
    const hashes: number[] = [];
    for (let f = 0; f < frames; f++) {
      input(straight, straightIds, f);
      straight.step(DT);
      hashes.push(straight.stateHash());
    }

    // GGPO's loop: each frame saves the state before its input into the ring. Now and then
    // a late input is "discovered": roll back 1 to 10 frames, re-simulate up to the current
    // frame (re-saving those states), then go on.
    const world = new World();
    const ids = build(world);
    const ring = Array.from({ length: 10 }, () => new RollbackState());
    const rng = new SceneRandom(99);
    const simulate = (f: number): void => {
      world.saveState(ring[f % 10]);
      input(world, ids, f);
      world.step(DT);
      expect(world.stateHash(), `frame ${f}`).toBe(hashes[f]);
    };
    let rollbacks = 0;
    for (let f = 0; f < frames; f++) {
      if (f >= 10 && rng.range(0, 1) < 0.2) {
        const back = 1 + Math.min(9, Math.floor(rng.range(0, 10)));
        world.loadState(ring[(f - back) % 10]!);
        expect(world.getCounters().stepCount).toBe(f - back);
        for (let g = f - back; g < f; g++) simulate(g);
        rollbacks++;
      }
      simulate(f);
    }
    expect(rollbacks).toBeGreaterThan(20);
    expect(sameBits(bodyState(world, ids), bodyState(straight, straightIds))).toBe(true);
    // Everything a state holds agrees too. (The full snapshots differ in fields no step
    // reads: feature ids of contacts without points, point slots past the point count,
    // which keep values from whichever timeline last wrote them.)
    const a = world.saveState();
    const b = straight.saveState();
    expect(a.byteLength).toBe(b.byteLength);
    expect(sameBits(a.f.subarray(0, a.fCount), b.f.subarray(0, b.fCount))).toBe(true);
    expect(Buffer.compare(Buffer.from(a.b.buffer, 0, a.bCount), Buffer.from(b.b.buffer, 0, b.bCount))).toBe(
      0,
    );
  });

  it('saving into a state reuses it, and copyFrom copies one', () => {
    const world = new World();
    boxPileScene(world);
    stepWorld(world, 30);
    const state = new RollbackState();
    expect(world.saveState(state)).toBe(state);
    const copy = new RollbackState().copyFrom(state);
    const hash = world.stateHash();
    stepWorld(world, 30);
    world.loadState(copy);
    expect(world.stateHash()).toBe(hash);
    expect(copy.stepCount).toBe(30);
  });

  it('a world whose structure changed rejects a state and is left unchanged', () => {
    const world = new World();
    const ids = boxPileScene(world);
    stepWorld(world, 30);
    const state = world.saveState();
    stepWorld(world, 5);
    const extra = world.createBody({ type: BodyType.Dynamic, position: { x: 30, y: 3 } });
    expectThrowsUnchanged(
      world,
      () => world.loadState(state),
      /^loadState: state must come from a world of the same structure/,
    );
    // same counts, but a body destroyed and made again has a new id
    world.destroyBody(extra);
    world.destroyBody(ids[3]!);
    const again = world.createBody({ type: BodyType.Dynamic, position: { x: 30, y: 3 } });
    world.createPolygonShape(again, makeBox(0.5, 0.5));
    expectThrowsUnchanged(
      world,
      () => world.loadState(state),
      /^loadState: state must come from a world of the same structure/,
    );
    // a body type change is a change of structure too
    const other = new World();
    const otherIds = boxPileScene(other);
    const before = other.saveState();
    other.setBodyType(otherIds[0]!, BodyType.Kinematic);
    expectThrowsUnchanged(other, () => other.loadState(before), /structure fingerprint/);
  });

  it('rejects what is not a saved state with a clear error', () => {
    const world = new World();
    boxPileScene(world);
    expectThrowsUnchanged(
      world,
      () => world.loadState(new RollbackState()),
      /^loadState: state must be saved by saveState, got an empty/,
    );
    expect(() => world.loadState({} as RollbackState)).toThrow(TypeError);
    expect(() => world.loadState({} as RollbackState)).toThrow(
      /^loadState: state must be a RollbackState, got /,
    );
    expect(() => world.saveState(new Uint8Array(8) as never)).toThrow(
      /^saveState: into must be a RollbackState or undefined, got /,
    );
  });
});

describe('rollback with sensors', () => {
  it('reports the same sensor begin and end events after a load as the straight run', () => {
    const world = new World();
    sensorScene(world, 6);
    const events = (steps: number): string[] => {
      const out: string[] = [];
      for (let i = 0; i < steps; i++) {
        world.step(DT);
        const e = world.getContactEvents();
        for (let k = 0; k < e.sensorBeginCount; k++)
          out.push(`${i}+${e.sensorBeginSensor[k]}:${e.sensorBeginVisitor[k]}`);
        for (let k = 0; k < e.sensorEndCount; k++)
          out.push(`${i}-${e.sensorEndSensor[k]}:${e.sensorEndVisitor[k]}`);
      }
      return out;
    };
    events(40);
    const saved = world.saveState();
    const straight = events(200);
    expect(straight.length).toBeGreaterThan(2); // balls enter and leave the zone meanwhile
    world.loadState(saved);
    expect(events(200)).toEqual(straight);
  });
});

describe('what the rollback state relies on', () => {
  it('contact flags fit the two bits a saved contact keeps for them', () => {
    expect(CONTACT_FLAG_BITS).toBeLessThan(4);
  });

  /**
   * Touching polygon contacts whose reference manifold (normal, points, separations) and
   * feature ids are not what the narrow phase gives at the contact's reference poses. The
   * state saves only the reference poses and runs the narrow phase on load, which is exact
   * because the narrow phase is the only writer of a reference and writes the poses it ran
   * at with its result (contact.ts updateContactManifold), and shape geometry never changes.
   */
  function referencesOffNarrowPhase(world: World): { touching: number; off: number } {
    const w = worldStateOf(world);
    const contacts = w.contacts;
    const shapes = w.shapes;
    const ref = contacts.reference;
    const m = new Manifold();
    const xfA = new Transform();
    const xfB = new Transform();
    let touching = 0;
    let off = 0;
    for (let c = 0; c < contacts.pool.next; c++) {
      const n = contacts.pointCount[c]!;
      const sA = contacts.shapeA[c]!;
      const sB = contacts.shapeB[c]!;
      if (contacts.pool.alive[c] !== 1 || n === 0) continue;
      if (shapes.type[sA] !== ShapeType.Polygon || shapes.type[sB] !== ShapeType.Polygon) continue;
      touching++;
      const rb = c * CONTACT_REFERENCE_STRIDE;
      xfA.set(ref[rb]!, ref[rb + 1]!, ref[rb + 2]!, ref[rb + 3]!);
      xfB.set(ref[rb + 4]!, ref[rb + 5]!, ref[rb + 6]!, ref[rb + 7]!);
      const pA = shapes.geometry[sA] as Polygon;
      const pB = shapes.geometry[sB] as Polygon;
      if (pA.count === 4 && pB.count === 4) collideQuadShapes(w.quadCache, sA, pA, xfA, sB, pB, xfB, m);
      else collidePolygons(pA, xfA, pB, xfB, m);
      const got = [m.pointCount, m.id0, m.normalX, m.normalY, m.ax0, m.ay0, m.sep0];
      const saved = [n, contacts.id0[c], ...ref.subarray(rb + 8, rb + 13)];
      if (n > 1) {
        got.push(m.id1, m.ax1, m.ay1, m.sep1);
        saved.push(contacts.id1[c], ...ref.subarray(rb + 13, rb + 16));
      }
      if (!got.every((v, k) => Object.is(v, saved[k]))) off++;
    }
    return { touching, off };
  }

  it('a touching polygon contact holds the narrow phase result at its reference poses', () => {
    const pile = new World();
    boxPileScene(pile);
    const tumbler = new World();
    tumblerScene(tumbler, 15);
    for (let i = 0; i < 6; i++) {
      stepWorld(pile, 150);
      stepWorld(tumbler, 50);
      for (const world of [pile, tumbler]) {
        const { touching, off } = referencesOffNarrowPhase(world);
        expect(touching).toBeGreaterThan(100);
        expect(off).toBe(0);
      }
    }
    // after a snapshot restore and after a rollback load too
    const restored = new World();
    restored.restore(tumbler.snapshot());
    expect(referencesOffNarrowPhase(restored).off).toBe(0);
    const state = tumbler.saveState();
    stepWorld(tumbler, 30);
    tumbler.loadState(state);
    expect(referencesOffNarrowPhase(tumbler).off).toBe(0);
  });
});
