/**
 * Who runs the soft step's stages: the seam between the step and a pool of solver workers.
 *
 * The soft step (world/solver.ts) is a fixed sequence of stages; each stage is work over a
 * range of items, per awake body or per constraint of one colour (dynamics/
 * constraint_graph.ts). The step hands each such range to its world's executor, which may
 * cut it into blocks and run the blocks on any threads, in any order, as long as every
 * block has finished when `runStage` returns (the barrier between stages). A block's work
 * depends only on its own items: a body stage touches only its bodies, a constraint stage
 * only its constraints and their two bodies, and two constraints of one colour share no
 * moving body, so a block run by any worker, before or after any other block of its stage,
 * writes the same bits. Hence the result equals the single-threaded loop's bit for bit
 * whatever the worker count.
 *
 * What a block reads besides its items: the world's stores (body state, contact and
 * constraint arrays), the step context (dt, sub-step, softness, and the two per-sub-step
 * switches `secondPointFirst` and `separationsStored`, set before the stage starts) and
 * the settings. A block writes nothing else, except that it returns an integer: the stage's
 * result is the bitwise or of its blocks' returns (an order-free reduction; see
 * SolverStage for what each stage returns).
 *
 * What stays on the calling thread, between stages: the colouring (a greedy pass in awake
 * order), the joints whose solver data are objects (every kind but the plain revolute
 * joint: joints/joint_graph.ts), the overflow constraints and joints (they may share
 * bodies), hit events, and the bodies' finish (it appends to lists in body order).
 */

import { runSolverBlock, type SolverStage } from './solver_stages.js';
import type { JointsState } from '../joints/joints_state.js';

/** Runs the soft step's stages; `serialExecutor` is the single-threaded one. */
export interface StepExecutor {
  /**
   * Runs `stage` over items [start, end) and returns after all of it has run, with the
   * bitwise or of its blocks' results. Each block is a call of `runSolverBlock(w, stage,
   * blockStart, blockEnd)` on a sub-range; the blocks cover [start, end) exactly once.
   * Blocks may run on several threads at once and in any order. Never called with an empty
   * range.
   */
  runStage(w: JointsState, stage: SolverStage, start: number, end: number): number;
  /**
   * True when every stage runs as one block on the calling thread, as `serialExecutor`
   * does. The step then runs a constraint stage over all its colours in one call: the
   * colours lie one after another in the constraint arrays, so one loop takes the
   * constraints in the same order as a loop per colour, with the same bits and no call per
   * colour. Absent or false: the step hands the executor one colour at a time.
   *
   * It may change between calls (an executor may decide per step from the sizes it is
   * handed): the step reads it once, after handing over PrepareContacts (or not, with no
   * contacts) and before it colours the joints, and keeps that answer for the whole step
   * (world/solver.ts solve). Either answer gives the same bits.
   */
  readonly inline?: boolean;
  /**
   * Optional: runs a constraint stage over the colours of `mask` (bit c: colour c, whose
   * constraints are [colourStart[c], colourStart[c + 1])), colour after colour, and returns
   * the mask of the colours whose result was not 0: what `runStage` per colour would do and
   * return, handed over at once so that an executor can run a whole sweep in one dispatch
   * (a barrier between colours, no dispatch per colour). Called only when `inline` is not
   * true; the overflow stays with the step.
   *
   * With `regions` > 0 and REGION_PHASE_BIT in `mask`, the regions come first: region r's
   * constraints [regionStart[r], regionStart[r + 1]) are one block, run in order by ONE
   * thread (they share bodies), and blocks of two regions share no moving body, so they
   * may run at once (dynamics/constraint_graph.ts); REGION_PHASE_BIT in the result when any
   * region's result was not 0.
   */
  runColours?(
    w: JointsState,
    stage: SolverStage,
    colourStart: Int32Array,
    mask: number,
    regionStart?: Int32Array,
    regions?: number,
  ): number;
  /**
   * Optional: called as each step begins, before its first stage, and as it ends, after
   * its last (a step that throws has no end). The worker's executor times its steps there
   * to choose whether its helpers take part (its thread policy); it changes no bits.
   */
  beginStep?(): void;
  endStep?(): void;
}

/** The regions' bit in runColours' masks (above the 24 colours and the overflow's bit). */
export const REGION_PHASE_BIT = 1 << 25;

/** The single-threaded executor: every stage is one block, run here. */
export const serialExecutor: StepExecutor = {
  inline: true,
  runStage(w: JointsState, stage: SolverStage, start: number, end: number): number {
    return runSolverBlock(w, stage, start, end);
  },
};
