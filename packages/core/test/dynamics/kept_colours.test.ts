/**
 * The colouring kept between steps while its inputs do not change (constraint_graph.ts
 * sameInputs): a world that keeps gives, at every step, the bits and snapshot bytes of a
 * world that colours every step, through settling, edits, restores and the scene families.
 */

import { describe, expect, it } from 'vitest';
import { World } from '../../src/index';
import { worldStateOf } from '../../src/world';
import { FAMILY_DT, SCENE_FAMILIES, type SceneDriver } from '../../src/scenes/index';
import { pyramidScene } from '../../src/scenes/stacking';
import { BodyType } from '../../src/types/body_def';
import { makeBox } from '../../src/geometry/geometry';
import type { ConstraintGraph } from '../../src/dynamics/constraint_graph_store';
import type { BodyId } from '../../src/types/ids';
import { DT } from '../support';

const graphOf = (world: World): ConstraintGraph => worldStateOf(world).constraints.graph;

/** A mark the colouring overwrites (colourOf[0] is a colour, 0..24) when it runs. */
const UNTOUCHED = -7;

/** Steps `world`, colouring again whatever it kept (keyCount -1: nothing kept). */
function stepFresh(world: World, dt = DT): void {
  graphOf(world).keyCount = -1;
  world.step(dt);
}

/** Steps `world`; true when it kept last step's colouring (it had constraints and did not colour). */
function stepKept(world: World, dt = DT): boolean {
  const g = graphOf(world);
  g.colourOf[0] = UNTOUCHED;
  world.step(dt);
  return g.colourOf[0] === UNTOUCHED && worldStateOf(world).constraints.count > 0;
}

/** Two worlds built alike: one keeps colours, the other is stepped by stepFresh. */
function pair<T>(build: (world: World) => T, def: ConstructorParameters<typeof World>[0] = {}) {
  const keeps = new World(def);
  const fresh = new World(def);
  const k = build(keeps);
  const f = build(fresh);
  return { keeps, fresh, k, f };
}

/**
 * Expects the same colouring in both: the constraints' places and meta records, the colour
 * starts and two-point counts, the sort keys the cuts read. The bits alone would not show a
 * stale layout whose only change is an order within a colour (its contacts commute).
 */
function expectSameColouring(keeps: World, fresh: World, what: string): void {
  const a = worldStateOf(keeps).constraints;
  const b = worldStateOf(fresh).constraints;
  const n = a.count;
  expect(n, `${what}: constraint count`).toBe(b.count);
  expect(Array.from(a.graph.colourStart), `${what}: colour starts`).toEqual(Array.from(b.graph.colourStart));
  expect(Array.from(a.graph.twoPointCounts), `${what}: two-point counts`).toEqual(
    Array.from(b.graph.twoPointCounts),
  );
  expect(Array.from(a.meta.subarray(0, 4 * n)), `${what}: meta`).toEqual(
    Array.from(b.meta.subarray(0, 4 * n)),
  );
  expect(Array.from(a.graph.bucketAt.subarray(0, n)), `${what}: sort keys`).toEqual(
    Array.from(b.graph.bucketAt.subarray(0, n)),
  );
}

/** Steps both `n` times; expects the same colouring and hash each step; returns how many steps kept. */
function stepBoth(keeps: World, fresh: World, n: number, what: string): number {
  let kept = 0;
  for (let i = 0; i < n; i++) {
    if (stepKept(keeps)) kept++;
    stepFresh(fresh);
    expectSameColouring(keeps, fresh, `${what}: step ${i}`);
    expect(keeps.stateHash(), `${what}: step ${i}`).toBe(fresh.stateHash());
  }
  expect(keeps.snapshot(), `${what}: snapshot`).toEqual(fresh.snapshot());
  return kept;
}

/** A pyramid of base 8 on the ground, and a pile resting on a kinematic platform (velocity 0). */
function platformPile(world: World): { platform: BodyId; boxes: BodyId[] } {
  const boxes = pyramidScene(world, 8, { x: 0, y: -20 });
  const platform = world.createBody({ type: BodyType.Kinematic, position: { x: 0, y: -0.5 } });
  world.createPolygonShape(platform, makeBox(8, 0.5));
  const box = makeBox(0.5, 0.5);
  for (let row = 0; row < 6; row++) {
    for (let i = 0; i < 6 - row; i++) {
      const b = world.createBody({
        type: BodyType.Dynamic,
        position: { x: -3 + row * 0.5 + i * 1.05, y: 0.5 + row },
      });
      world.createPolygonShape(b, box, { friction: 0.6 });
      boxes.push(b);
    }
  }
  return { platform, boxes };
}

describe('colours kept while the contacts do not change', () => {
  it('a settled pile keeps them, and every edit gives the bits of a world that never kept', () => {
    const { keeps, fresh, k, f } = pair(platformPile, { enableSleep: false });
    // settles: most steps keep
    const settled = stepBoth(keeps, fresh, 180, 'settling');
    expect(settled).toBeGreaterThan(60);
    type Scene = ReturnType<typeof platformPile>;
    const edits: [string, (world: World, s: Scene) => void][] = [
      // the -0 rule: a kinematic body with a -0 velocity component moves (takes colours)
      ['a kinematic velocity of -0', (world, s) => world.setBodyLinearVelocity(s.platform, { x: -0, y: 0 })],
      [
        'the kinematic velocity back to +0',
        (world, s) => world.setBodyLinearVelocity(s.platform, { x: 0, y: 0 }),
      ],
      ['a -0 angular velocity', (world, s) => world.setBodyAngularVelocity(s.platform, -0)],
      ['the platform made static', (world, s) => world.setBodyType(s.platform, BodyType.Static)],
      ['the platform made kinematic again', (world, s) => world.setBodyType(s.platform, BodyType.Kinematic)],
      [
        'a mass changed',
        (world, s) => {
          const b = s.boxes[40]!;
          world.setBodyMassData(b, { ...world.getBodyMassData(b), mass: 3 });
        },
      ],
      [
        'a box added',
        (world) => {
          const b = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 7 } });
          world.createPolygonShape(b, makeBox(0.5, 0.5));
        },
      ],
      ['a box removed', (world, s) => world.destroyBody(s.boxes[45]!)],
    ];
    for (const [what, edit] of edits) {
      edit(keeps, k);
      edit(fresh, f);
      stepBoth(keeps, fresh, 40, what);
    }
    // restore into both a snapshot taken while keeping, and load a rollback state
    const snap = keeps.snapshot();
    const state = keeps.saveState();
    stepBoth(keeps, fresh, 20, 'after the snapshot');
    keeps.restore(snap);
    fresh.restore(snap);
    expect(stepBoth(keeps, fresh, 30, 'restored')).toBeGreaterThan(0);
    keeps.loadState(state);
    fresh.loadState(state);
    stepBoth(keeps, fresh, 30, 'state loaded');
    // and a world that never kept, restored from the same bytes, is bit-equal too
    const third = new World();
    third.restore(snap);
    keeps.restore(snap);
    for (let i = 0; i < 30; i++) {
      keeps.step(DT);
      stepFresh(third);
      expect(keeps.stateHash(), `third world: step ${i}`).toBe(third.stateHash());
    }
  });

  it('with sleep: a pile falls asleep and is woken, the same bits', () => {
    const { keeps, fresh, k, f } = pair(platformPile);
    stepBoth(keeps, fresh, 300, 'falling asleep');
    expect(keeps.isBodyAwake(k.boxes[40]!)).toBe(false);
    keeps.setBodyAwake(k.boxes[40]!, true);
    fresh.setBodyAwake(f.boxes[40]!, true);
    stepBoth(keeps, fresh, 60, 'woken');
  });

  it.each(SCENE_FAMILIES)('$name: the bits of a world that colours every step', (family) => {
    const keeps = new World();
    const fresh = new World();
    const driveK: SceneDriver = family.build(keeps);
    const driveF: SceneDriver = family.build(fresh);
    for (let i = 0; i < family.steps; i++) {
      driveK(keeps, i);
      driveF(fresh, i);
      keeps.step(FAMILY_DT);
      stepFresh(fresh, FAMILY_DT);
      expectSameColouring(keeps, fresh, `step ${i}`);
      expect(keeps.stateHash(), `step ${i}`).toBe(fresh.stateHash());
    }
    expect(keeps.snapshot()).toEqual(fresh.snapshot());
  });
});
