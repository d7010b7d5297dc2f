/**
 * Hit events under the alternative solvers (solvers/contact_hits.ts): the soft step's rule,
 * a touching contact with events reports its fastest point that pushed when its approach
 * speed beats the world's hit threshold, fed by each solver's own approach speeds.
 */

import { describe, expect, it } from 'vitest';
import { BodyType, makeBox, makeCircle, type Solver, World } from '../../src/index';
import { DT } from '../support';
import { SOLVERS } from './solver_support';

interface Hit {
  step: number;
  speed: number;
  x: number;
  y: number;
  nx: number;
  ny: number;
}

/** Steps `world` `steps` times and returns every hit event, with the step it came in. */
function collectHits(world: World, steps: number): Hit[] {
  const hits: Hit[] = [];
  for (let i = 0; i < steps; i++) {
    world.step(DT);
    const ev = world.getContactEvents();
    for (let k = 0; k < ev.hitCount; k++) {
      hits.push({
        step: i,
        speed: ev.hitSpeed[k]!,
        x: ev.hitPointX[k]!,
        y: ev.hitPointY[k]!,
        nx: ev.hitNormalX[k]!,
        ny: ev.hitNormalY[k]!,
      });
    }
  }
  return hits;
}

/** A world under `solver` (null: the soft step) with a static 20 x 1 m ground, top at y = 0.5. */
function groundWorld(
  solver: Solver | null,
  gravity: number,
  enableEvents = true,
  hitEventThreshold = 1,
): World {
  const world = new World({ solver, gravity: { x: 0, y: -gravity }, hitEventThreshold });
  const ground = world.createBody();
  world.createPolygonShape(ground, makeBox(10, 0.5), { enableContactEvents: enableEvents });
  return world;
}

describe.each(SOLVERS)('hit events under %s', (_name, make) => {
  it('a ball thrown at the ground at 6 m/s without gravity reports one hit at 6 m/s, where it lands', () => {
    const world = groundWorld(make(), 0);
    const ball = world.createBody({
      type: BodyType.Dynamic,
      position: { x: 1, y: 2 },
      linearVelocity: { x: 0, y: -6 },
    });
    world.createCircleShape(ball, makeCircle(0, 0, 0.25));
    const hits = collectHits(world, 60);
    expect(hits.length).toBe(1);
    // nothing changes the ball's speed before it pushes: the approach speed is exact
    expect(hits[0]!.speed).toBeCloseTo(6, 9);
    expect(hits[0]!.x).toBeCloseTo(1, 6);
    expect(Math.abs(hits[0]!.y - 0.5)).toBeLessThan(0.03);
    expect(hits[0]!.nx).toBeCloseTo(0, 9);
    expect(Math.abs(hits[0]!.ny)).toBeCloseTo(1, 9);
  });

  it('a box dropped 1.8 m onto the ground reports one hit at sqrt(2 g h) (within one step of gravity)', () => {
    const g = 10;
    const world = groundWorld(make(), g);
    // bottom at y = 2.3: 1.8 m above the ground's top
    const box = world.createBody({ type: BodyType.Dynamic, position: { x: -2, y: 2.8 } });
    world.createPolygonShape(box, makeBox(0.5, 0.5));
    // it lands in about 0.6 s and rests; nothing after the landing may report again
    const hits = collectHits(world, 180);
    expect(hits.length).toBe(1);
    // the solvers read the speed at different moments of the landing step (the one-step
    // solvers after that step's gravity, 6 + 1/6 m/s; xpbd at the sub-step of contact,
    // 6.02 m/s; the soft step before it, 6 m/s): all within g dt of the exact speed, 6 m/s
    expect(Math.abs(hits[0]!.speed - Math.sqrt(2 * g * 1.8))).toBeLessThanOrEqual(g * DT + 1e-9);
    expect(hits[0]!.x).toBeGreaterThanOrEqual(-2.5 - 1e-9);
    expect(hits[0]!.x).toBeLessThanOrEqual(-1.5 + 1e-9);
    expect(Math.abs(hits[0]!.y - 0.5)).toBeLessThan(0.05);
    expect(hits[0]!.step).toBeGreaterThan(30);
    expect(hits[0]!.step).toBeLessThan(40);
  });

  it('reports nothing below the threshold, or with contact events off', () => {
    // it lands at 6 m/s
    const slow = groundWorld(make(), 10, true, 7);
    const a = slow.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 2.8 } });
    slow.createPolygonShape(a, makeBox(0.5, 0.5));
    expect(collectHits(slow, 120).length).toBe(0);

    const off = groundWorld(make(), 10, false);
    const b = off.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 2.8 } });
    off.createPolygonShape(b, makeBox(0.5, 0.5), { enableContactEvents: false });
    expect(collectHits(off, 120).length).toBe(0);
  });
});

describe('hit events across solvers', () => {
  it('the alternatives report the landing within a step of where the soft step does', () => {
    const drop = (solver: Solver | null): Hit => {
      const world = groundWorld(solver, 10);
      const box = world.createBody({ type: BodyType.Dynamic, position: { x: 0, y: 2.8 } });
      world.createPolygonShape(box, makeBox(0.5, 0.5));
      const hits = collectHits(world, 120);
      expect(hits.length).toBe(1);
      return hits[0]!;
    };
    const soft = drop(null);
    for (const [name, make] of SOLVERS) {
      const hit = drop(make());
      expect(Math.abs(hit.step - soft.step), name).toBeLessThanOrEqual(1);
      expect(Math.abs(hit.speed - soft.speed), name).toBeLessThan(10 * DT);
    }
  });
});
