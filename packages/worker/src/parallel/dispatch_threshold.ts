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
 * From `pnpm --filter @impulse/worker bench:threshold` on the 2-core machine while it was
 * quiet (issue 26, the lead's run before h/sched5; docs/parallel-step.md, "Small worlds
 * stay on one thread", has how to read and redo it): each stage kind's measured crossover
 * in blocks of 64. The narrow phase is the step's first dispatch, which wakes helpers
 * parked since the last step, hence its 4,096 contacts; preparing and storing impulses
 * (2,048 constraints) were measured when helpers parked in the colouring's gap and after
 * the step, which they no longer do for preparing (Ctl.HOLD): to be measured again, as
 * are restitution and relax-again (in no bench scene: they keep two blocks, as the sweeps).
 */
export const MIN_DISPATCH_BLOCKS: Readonly<Partial<Record<SolverStage, number>>> = {
  [SolverStage.Collide]: 64,
  [SolverStage.PrepareContacts]: 32,
  [SolverStage.IntegrateVelocities]: 8,
  [SolverStage.WarmStart]: 4,
  [SolverStage.Solve]: 2,
  [SolverStage.IntegratePositions]: 2,
  [SolverStage.Relax]: 2,
  [SolverStage.RelaxAgain]: 2,
  [SolverStage.Restitution]: 2,
  [SolverStage.StoreImpulses]: 32,
  // not measured yet (added in session 18): integrate velocities' crossover, since a body's
  // finish costs more than its integration (transform, sleep timer, shape boxes)
  [SolverStage.FinalizeBodies]: 8,
  // not measured yet (added in session 21): a query walks about 5,000 instructions of tree
  // (the tumbler), ten times a contact's narrow phase, and it is the step's first dispatch
  // (it wakes the helpers parked since the last step), as the narrow phase was
  [SolverStage.QueryPairs]: 8,
};

/** The fewest blocks a dispatch can have: one block is the calling thread's loop. */
export const TWO_BLOCKS = 2;

/** The stages the step runs colour by colour (solver.ts runColours). */
export const COLOUR_STAGES: readonly SolverStage[] = [
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
