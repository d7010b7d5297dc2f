/**
 * When a stage is worth handing to the solver helpers: the small-world fallback
 * (docs/parallel-step.md, "Small worlds stay on one thread").
 *
 * A dispatched stage pays a fixed cost (mirroring the step's inputs, waking or reaching the
 * helpers, the claims, the barrier) and saves part of its items' work. On two threads a
 * stage of n items whose items cost c each on one thread pays when n·c/2 > that fixed
 * cost, so the item count where it starts to pay differs per stage kind: a contact solve
 * item costs several times an integrate item. Below its threshold a stage runs on the
 * calling thread with no dispatch; a world whose every stage is below it is stepped by the
 * calling thread alone (WorldStepExecutor), and its pool is never started.
 */

import { SolverStage } from '@impulse/core/parallel';

/**
 * Blocks' worth of items (blocks of `minBlockItems`, 64 by default) a stage needs before it
 * is handed to the helpers, per stage; a stage not named here (added to the core later)
 * needs TWO_BLOCKS. Scaling with the block size keeps the tests' knob: blocks of 2 items
 * share even a small world out.
 *
 * From `pnpm --filter @impulse/worker bench:threshold` (docs/parallel-step.md, "Small
 * worlds stay on one thread", has the run and how to read and redo it): each value is a
 * stage kind's crossover in items, rounded up to blocks of 64, at least two. Measured on
 * the 2-core session machine at a load average of 23, so from the low (p10) quantile of
 * the paired calls (which estimates a quiet machine; the medians found no dispatch that
 * paid): the narrow phase 224 items (its dispatch wakes helpers parked since the last
 * step: 7.7 µs), preparing 164, the integrations 210–212, storing impulses 201, the
 * colour sweeps 64–125 (restitution, in no bench scene, is taken as a sweep). Re-measure
 * on a quiet machine and keep the median column.
 */
export const MIN_DISPATCH_BLOCKS: Readonly<Partial<Record<SolverStage, number>>> = {
  [SolverStage.Collide]: 4,
  [SolverStage.PrepareContacts]: 3,
  [SolverStage.IntegrateVelocities]: 4,
  [SolverStage.WarmStart]: 2,
  [SolverStage.Solve]: 2,
  [SolverStage.IntegratePositions]: 4,
  [SolverStage.Relax]: 2,
  [SolverStage.RelaxAgain]: 2,
  [SolverStage.Restitution]: 2,
  [SolverStage.StoreImpulses]: 4,
};

/** The fewest blocks a dispatch can have: one block is the calling thread's loop. */
export const TWO_BLOCKS = 2;

/** The stages the step runs colour by colour (solver.ts runColours). */
const COLOUR_STAGES: readonly SolverStage[] = [
  SolverStage.WarmStart,
  SolverStage.Solve,
  SolverStage.Relax,
  SolverStage.RelaxAgain,
  SolverStage.Restitution,
];

/** The stage ids the core has today (a numeric enum's values). */
const STAGE_IDS = Object.values(SolverStage).filter((v): v is SolverStage => typeof v === 'number');

/** Items a stage needs to be dispatched, per stage id, for blocks of `minBlockItems`; `blocks` overrides the table. */
export interface DispatchThresholds {
  /** Indexed by stage id; a stage id past its end needs `fallback`. */
  readonly items: Int32Array;
  readonly fallback: number;
  /** Below this many constraints no colour of any colour stage reaches its threshold. */
  readonly colourItems: number;
}

export function dispatchThresholds(minBlockItems: number, blocks?: number): DispatchThresholds {
  const fallback = (blocks ?? TWO_BLOCKS) * minBlockItems;
  const items = new Int32Array(Math.max(...STAGE_IDS) + 1).fill(fallback);
  if (blocks === undefined) {
    for (const stage of STAGE_IDS) items[stage] = (MIN_DISPATCH_BLOCKS[stage] ?? TWO_BLOCKS) * minBlockItems;
  }
  return { items, fallback, colourItems: Math.min(...COLOUR_STAGES.map((s) => items[s]!)) };
}
