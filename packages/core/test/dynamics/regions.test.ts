/**
 * Regions (dynamics/constraint_graph.ts; docs/parallel-step.md, "Regions"): a step of
 * GRAPH_REGION_MIN_CONSTRAINTS or more is laid out as the overflow, each region's interior
 * constraints, then the seams; a region's block may run on any thread beside another's,
 * a seam colour's constraints share no moving body.
 */
import { describe, expect, it } from 'vitest';
import { World } from '../../src/index';
import { worldStateOf } from '../../src/world';
import { cutSharesByBody, isFixed } from '../../src/dynamics/constraint_graph';
import {
  GRAPH_COLOUR_COUNT,
  GRAPH_REGION_COUNT,
  GRAPH_REGION_MIN_CONSTRAINTS,
} from '../../src/dynamics/constraint_graph_store';
import { manyPyramidsScene, pyramidScene, tumblerScene } from '../../src/scenes/index';
import { DT } from '../support';

/** Moving bodies of constraint place p (body indices; a body that does not move is left out). */
function movingBodies(world: World, p: number): number[] {
  const w = worldStateOf(world);
  const meta = w.constraints.meta;
  const b = w.bodies;
  const out: number[] = [];
  for (const o of [meta[4 * p]! / 8, meta[4 * p + 1]! / 8]) {
    if (!isFixed(b.invMass, b.invInertia, b.state, o)) out.push(o);
  }
  return out;
}

describe('regions', () => {
  it("leaves the benchmark's tumbler in one region at every step (today's order: no cost on one thread)", () => {
    // its most constraints come in the first steps, as the boxes land (7,833 at most)
    const world = new World({ enableSleep: false });
    tumblerScene(world, 45);
    const w = worldStateOf(world);
    let most = 0;
    for (let i = 0; i < 60; i++) {
      world.step(DT);
      most = Math.max(most, w.constraints.count);
      expect(w.constraints.graph.regionCount, `step ${i + 1}`).toBe(0);
    }
    expect(most).toBeGreaterThan(GRAPH_REGION_MIN_CONSTRAINTS / 2);
    expect(most).toBeLessThan(GRAPH_REGION_MIN_CONSTRAINTS);
  });

  it('keeps the regions with the colouring: a world that keeps has the bits and regions of one coloured afresh', () => {
    const keeps = new World({ enableSleep: false });
    const fresh = new World({ enableSleep: false });
    pyramidScene(keeps, 90);
    pyramidScene(fresh, 90);
    const gk = worldStateOf(keeps).constraints.graph;
    const gf = worldStateOf(fresh).constraints.graph;
    let kept = 0;
    for (let i = 0; i < 60; i++) {
      gf.keyCount = -1;
      gk.colourOf[0] = -7;
      keeps.step(DT);
      fresh.step(DT);
      if (gk.colourOf[0] === -7) kept++;
      expect(keeps.stateHash(), `step ${i}`).toBe(fresh.stateHash());
      expect(Array.from(gk.regionStart)).toEqual(Array.from(gf.regionStart));
      expect(Array.from(gk.colourStart)).toEqual(Array.from(gf.colourStart));
    }
    expect(gk.regionCount).toBe(GRAPH_REGION_COUNT);
    expect(kept).toBeGreaterThan(5);
  });

  describe.each([
    // 4,095 boxes, some 12,100 constraints
    ['pyramid 90', (w: World) => void pyramidScene(w, 90)],
    // 2 × 4 pyramids of base 30 (3,720 boxes), some 11,000
    ['8 pyramids', (w: World) => void manyPyramidsScene(w, 4, 2, 30)],
  ])('%s', (_name, build) => {
    const world = new World({ enableSleep: false });
    build(world);
    for (let i = 0; i < 30; i++) world.step(DT);
    const w = worldStateOf(world);
    const g = w.constraints.graph;
    const count = w.constraints.count;
    const regions = g.regionCount;

    it('lays out the overflow, the regions, then the seam colours, covering every constraint', () => {
      expect(count).toBeGreaterThanOrEqual(GRAPH_REGION_MIN_CONSTRAINTS);
      expect(regions).toBe(GRAPH_REGION_COUNT);
      expect(g.regionStart[0]).toBe(g.overflowCount);
      for (let r = 0; r < regions; r++)
        expect(g.regionStart[r + 1]!).toBeGreaterThanOrEqual(g.regionStart[r]!);
      expect(g.regionStart[regions]).toBe(g.colourStart[0]);
      expect(g.colourStart[GRAPH_COLOUR_COUNT]).toBe(count);
    });

    it('puts each moving body in one region: no two regions share one', () => {
      const owner = new Map<number, number>();
      for (let r = 0; r < regions; r++) {
        for (let p = g.regionStart[r]!; p < g.regionStart[r + 1]!; p++) {
          for (const b of movingBodies(world, p)) {
            expect(owner.get(b) ?? r, `body ${b}`).toBe(r);
            owner.set(b, r);
          }
        }
      }
      expect(owner.size).toBeGreaterThan(100);
    });

    it('solves the seam colours on bodies of two regions, no moving body twice in a colour', () => {
      for (let c = 0; c < GRAPH_COLOUR_COUNT; c++) {
        const seen = new Set<number>();
        for (let p = g.colourStart[c]!; p < g.colourStart[c + 1]!; p++) {
          const bodies = movingBodies(world, p);
          expect(bodies.length).toBe(2);
          for (const b of bodies) {
            expect(seen.has(b), `seam colour ${c}, body ${b}`).toBe(false);
            seen.add(b);
          }
        }
      }
    });

    it.each([1, 2, 3])(
      'cuts all constraints into %i threads’ regions and seam shares, once each',
      (threads) => {
        const out = new Int32Array(4 * (GRAPH_COLOUR_COUNT + 1) * threads);
        const n = cutSharesByBody(g, w.awakeBodyCount, threads, out);
        expect(n).toBe((GRAPH_COLOUR_COUNT + 1) * threads);
        const seen = new Uint8Array(count);
        for (let b = 0; b < n; b++) {
          for (let p = out[4 * b]!; p < out[4 * b + 1]!; p++) seen[p]!++;
          for (let p = out[4 * b + 2]!; p < out[4 * b + 3]!; p++) seen[p]!++;
        }
        expect(seen.every((k) => k === 1)).toBe(true);
      },
    );
  });
});
