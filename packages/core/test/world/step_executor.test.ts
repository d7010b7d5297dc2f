/**
 * The soft step's stages run in blocks (world/step_executor.ts): an executor that cuts
 * every stage into blocks of random sizes and runs them in a shuffled order, as several
 * workers would, gives the plain loop's bits on every scene family. And the colouring it
 * relies on holds: no two constraints of one colour move a common body.
 */

import { describe, expect, it } from 'vitest';
import { World } from '../../src/index';
import { worldStateOf } from '../../src/world';
import {
  FAMILY_DT,
  jointMixScene,
  mixedPileScene,
  SCENE_FAMILIES,
  type SceneFamily,
} from '../../src/scenes/index';
import { graphLayout } from '../../src/dynamics/constraint_graph';
import { GRAPH_COLOUR_COUNT } from '../../src/dynamics/constraint_graph_store';
import { PAIRED_TWO_POINTS } from '../../src/dynamics/contact_solver';
import { runSolverBlock, type SolverStage } from '../../src/world/solver_stages';
import type { StepExecutor } from '../../src/world/step_executor';
import type { WorldState } from '../../src/world/world_state';
import { DT } from '../support';

/** Deterministic pseudo-random integers (a linear congruential generator). */
function lcg(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return Math.floor((s / 4294967296) * n);
  };
}

/**
 * Cuts each stage's range into blocks of 1 to `maxBlock` items and runs them in a shuffled
 * order: what any number of workers claiming blocks could do. Counts the blocks it ran.
 */
class ShuffledExecutor implements StepExecutor {
  blocks = 0;
  private readonly random: (n: number) => number;
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];

  constructor(
    seed: number,
    private readonly maxBlock: number,
  ) {
    this.random = lcg(seed);
  }

  runStage(w: WorldState, stage: SolverStage, start: number, end: number): number {
    const starts = this.starts;
    const ends = this.ends;
    starts.length = 0;
    ends.length = 0;
    for (let s = start; s < end; ) {
      const e = Math.min(end, s + 1 + this.random(this.maxBlock));
      starts.push(s);
      ends.push(e);
      s = e;
    }
    // Fisher-Yates over the blocks
    for (let i = starts.length - 1; i > 0; i--) {
      const j = this.random(i + 1);
      [starts[i], starts[j]] = [starts[j]!, starts[i]!];
      [ends[i], ends[j]] = [ends[j]!, ends[i]!];
    }
    let result = 0;
    for (let i = 0; i < starts.length; i++) result |= runSolverBlock(w, stage, starts[i]!, ends[i]!);
    this.blocks += starts.length;
    return result;
  }
}

/**
 * A shuffled executor whose `inline` answer is a coin toss at every read, as an executor
 * that decides it per step from the sizes it is handed may change it between any two
 * stages: the step must give the same bits whatever it answers, and whenever.
 */
class FlippingExecutor extends ShuffledExecutor {
  reads = 0;
  private readonly coin: (n: number) => number;

  constructor(seed: number, maxBlock: number) {
    super(seed, maxBlock);
    this.coin = lcg(seed + 1000);
  }

  get inline(): boolean {
    this.reads++;
    return this.coin(2) === 1;
  }
}

/** State hashes after every step, with the given executor (null: the world's own). */
function trace(family: SceneFamily, executor: StepExecutor | null): number[] {
  const world = new World();
  const drive = family.build(world);
  if (executor !== null) worldStateOf(world).stepExecutor = executor;
  const hashes: number[] = [];
  for (let i = 0; i < family.steps; i++) {
    drive(world, i);
    world.step(FAMILY_DT);
    hashes.push(world.stateHash());
  }
  return hashes;
}

describe('the soft step in blocks', () => {
  it.each(SCENE_FAMILIES)('$name: shuffled blocks give the plain loop bits at every step', (family) => {
    const plain = trace(family, null);
    // the run is not trivially static
    expect(new Set(plain).size).toBeGreaterThan(30);
    for (const [seed, maxBlock] of [
      [1, 1],
      [2, 7],
      [3, 64],
    ] as const) {
      const executor = new ShuffledExecutor(seed, maxBlock);
      const shuffled = trace(family, executor);
      expect(executor.blocks).toBeGreaterThan(family.steps);
      const first = shuffled.findIndex((h, i) => h !== plain[i]);
      expect(first, `blocks of at most ${maxBlock}: first step that differs`).toBe(-1);
    }
    const flipping = new FlippingExecutor(5, 7);
    const flipped = trace(family, flipping);
    // read once a step (world/solver.ts solve), so the answer differs from step to step
    expect(flipping.reads).toBe(family.steps);
    const first = flipped.findIndex((h, i) => h !== plain[i]);
    expect(first, 'an inline answer that changes at every read: first step that differs').toBe(-1);
  });

  it('no two constraints of one colour move a common body, and the overflow is empty in a pile', () => {
    const world = new World();
    mixedPileScene(world, 300);
    const w = worldStateOf(world);
    let coloured = 0;
    for (let step = 0; step < 120; step++) {
      world.step(DT);
      const k = w.constraints;
      const starts = k.graph.colourStart;
      expect(starts[GRAPH_COLOUR_COUNT]).toBe(k.count);
      for (let c = 0; c < GRAPH_COLOUR_COUNT; c++) {
        const seen = new Set<number>();
        // the sweeps run a colour's one-point constraints as one run after its two-point
        // ones (contact_solver.ts solveOnePoints): one points last, only two points flagged
        let onePoints = false;
        for (let i = starts[c]!; i < starts[c + 1]!; i++) {
          const kind = k.meta[i * 4 + 2]!;
          expect([1, 2, PAIRED_TWO_POINTS], `colour ${c}, step ${step}: meta kind`).toContain(kind);
          if (kind === 1) onePoints = true;
          else
            expect(onePoints, `colour ${c}, step ${step}: a two-point constraint after a one-point one`).toBe(
              false,
            );
          const contact = k.meta[i * 4 + 3]!;
          for (const b of [w.contacts.bodyA[contact]!, w.contacts.bodyB[contact]!]) {
            if (w.bodies.invMass[b] === 0 && w.bodies.invInertia[b] === 0) continue;
            expect(seen.has(b), `colour ${c}, step ${step}: body ${b} twice`).toBe(false);
            seen.add(b);
          }
          coloured++;
        }
      }
      expect(k.graph.overflowCount).toBe(0);
    }
    expect(coloured).toBeGreaterThan(1000);
  });

  it('joint colours: each joint the lowest colour free on its moving bodies, row-only joints first, the overflow last', () => {
    const world = new World();
    jointMixScene(world);
    const w = worldStateOf(world);
    w.stepExecutor = new ShuffledExecutor(4, 5);
    const jc = w.joints.colours;
    let overflowed = 0;
    let rowOnly = 0;
    const moves = (b: number) => !(w.bodies.invMass[b] === 0 && w.bodies.invInertia[b] === 0);
    for (let step = 0; step < 60; step++) {
      world.step(DT);
      const n = w.activeJointCount;
      expect(n).toBeGreaterThan(100);
      const order = Array.from(w.joints.solveOrder.subarray(0, n));
      // every active joint once
      expect(new Set(order).size).toBe(n);
      // in slot order, each joint takes the lowest colour none of its moving bodies has yet
      const colourAt = (place: number) => {
        let c = 0;
        while (c < GRAPH_COLOUR_COUNT && place >= jc.start[c + 1]!) c++;
        return c;
      };
      const colourOf = new Map(order.map((i, place) => [i, colourAt(place)]));
      const taken = new Map<number, Set<number>>();
      for (let i = 0; i < n; i++) {
        const j = w.activeJoints[i]!;
        const bodies = [w.joints.bodyA[j]!, w.joints.bodyB[j]!].filter(moves);
        let lowest = 0;
        while (lowest < GRAPH_COLOUR_COUNT && bodies.some((b) => taken.get(b)?.has(lowest))) lowest++;
        expect(colourOf.get(i), `step ${step}: joint ${j}`).toBe(lowest);
        for (const b of bodies) {
          if (!taken.has(b)) taken.set(b, new Set());
          taken.get(b)!.add(lowest);
        }
      }
      for (let c = 0; c < GRAPH_COLOUR_COUNT; c++) {
        const seen = new Set<number>();
        for (let place = jc.start[c]!; place < jc.start[c + 1]!; place++) {
          const i = order[place]!;
          const j = w.activeJoints[i]!;
          // row-only joints first: the executor's part of the colour
          expect(w.joints.rowOnly[i] === 1, `colour ${c}, place ${place}`).toBe(place < jc.rowEnd[c]!);
          if (place < jc.rowEnd[c]!) rowOnly++;
          for (const b of [w.joints.bodyA[j]!, w.joints.bodyB[j]!]) {
            if (w.bodies.invMass[b] === 0 && w.bodies.invInertia[b] === 0) continue;
            expect(seen.has(b), `joint colour ${c}, step ${step}: body ${b} twice`).toBe(false);
            seen.add(b);
          }
        }
      }
      overflowed += n - jc.start[GRAPH_COLOUR_COUNT]!;
    }
    // the hub's 31 joints leave some in the overflow; the grid's hinges go to the executor
    expect(overflowed).toBeGreaterThan(0);
    expect(rowOnly).toBeGreaterThan(60 * 80);
  });

  it("the colouring's layout copies match the contact solver's", () => {
    expect(graphLayout.overflow).toBe(GRAPH_COLOUR_COUNT);
    expect(graphLayout.allColours).toBe(2 ** GRAPH_COLOUR_COUNT - 1);
    // a pair flag on a two-point constraint is the solver's PAIRED_TWO_POINTS
    expect(graphLayout.pairFlag | 2).toBe(PAIRED_TWO_POINTS);
  });
});
