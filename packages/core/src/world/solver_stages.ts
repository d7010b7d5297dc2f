/**
 * The soft step's stages, each a function over a range of items that a step executor
 * (step_executor.ts) runs in blocks: `runSolverBlock` is the one entry a worker calls.
 */

import {
  applyContactRestitution,
  prepareContactRange,
  relaxAgain,
  solveContacts,
  storeImpulses,
  warmStartContacts,
} from '../dynamics/contact_solver.js';
import { integratePositionRange, integrateVelocityRange } from '../dynamics/body_integration.js';
import type { JointsState } from '../joints/joints_state.js';
import { solveRowsInOrder, warmStartRowsInOrder } from '../joints/joint_rows.js';
import { collideBlock } from './narrow_phase.js';
import { finalizeBodyRange } from './finalize_bodies.js';
import { queryPairsBlock } from '../collision/pair_query.js';

/**
 * The stages, with their items and what a block returns (the stage's result is the or of
 * its blocks'). Constraint stages run colour by colour: one stage run per colour, the
 * overflow first and on the calling thread.
 */
export enum SolverStage {
  /** Constraints [start, end) written from their contacts; returns PreparedFlag bits. */
  PrepareContacts = 0,
  /** Awake bodies (indices into `awakeBodies`): gravity, forces, damping; returns 0. */
  IntegrateVelocities = 1,
  /** Constraints of one colour: last sub-step's impulses applied; returns 0. */
  WarmStart = 2,
  /** Constraints of one colour, with the soft push-out; returns 0. */
  Solve = 3,
  /** Awake bodies: position and rotation deltas moved on; returns 0. */
  IntegratePositions = 4,
  /** Constraints of one colour, rigid; returns how many it flagged to relax again. */
  Relax = 5,
  /** Constraints of one colour that the relax pass flagged, once more; returns 0. */
  RelaxAgain = 6,
  /** Constraints of one colour, bouncy ones; returns 0. */
  Restitution = 7,
  /** Constraints [start, end): impulses back into their contacts; returns 0. */
  StoreImpulses = 8,
  /**
   * Awake contacts (indices into `awakeContacts`): the narrow phase (narrow_phase.ts), before
   * the solve; returns CollideStatus bits.
   */
  Collide = 9,
  /**
   * Row-only joints of one joint colour (places in `JointStore.solveOrder`, joints/
   * joint_graph.ts): last sub-step's impulses applied; returns 0.
   */
  JointWarmStart = 10,
  /** Row-only joints of one joint colour, with the soft push-out; returns 0. */
  JointSolve = 11,
  /** Row-only joints of one joint colour, rigid; returns 0. */
  JointRelax = 12,
  /**
   * Awake bodies: moved by their step deltas, sleep timers, shape boxes (finalize_bodies.ts),
   * after the solve; returns FinalizeStatus bits.
   */
  FinalizeBodies = 13,
  /**
   * Pair queries (BroadPhase.queueQueries: a moved proxy against one tree each, in search
   * order): each block walks its queries into its room of the shared hits
   * (collision/pair_query.ts), before the narrow phase; returns 1 when a query did not fit.
   */
  QueryPairs = 14,
}

/** Runs one block of `stage`: its items [start, end). Any thread, any order (step_executor.ts). */
export function runSolverBlock(w: JointsState, stage: SolverStage, start: number, end: number): number {
  const ctx = w.stepContext;
  const k = w.constraints;
  switch (stage) {
    case SolverStage.PrepareContacts:
      return prepareContactRange(w, ctx, start, end);
    case SolverStage.IntegrateVelocities:
      integrateVelocityRange(w, ctx, start, end);
      return 0;
    case SolverStage.WarmStart:
      warmStartContacts(k, w.bodies.state, start, end);
      return 0;
    case SolverStage.Solve:
      solveContacts(k, w.bodies.state, ctx, true, start, end);
      return 0;
    case SolverStage.IntegratePositions:
      integratePositionRange(w, ctx, start, end);
      return 0;
    case SolverStage.Relax:
      return solveContacts(k, w.bodies.state, ctx, false, start, end);
    case SolverStage.RelaxAgain:
      relaxAgain(k, w.bodies.state, ctx, start, end);
      return 0;
    case SolverStage.Restitution:
      applyContactRestitution(w, start, end);
      return 0;
    case SolverStage.StoreImpulses:
      storeImpulses(w, start, end);
      return 0;
    case SolverStage.Collide:
      return collideBlock(w, start, end);
    case SolverStage.FinalizeBodies:
      return finalizeBodyRange(w, start, end);
    case SolverStage.QueryPairs:
      return queryPairsBlock(w.broadPhase, start, end);
    case SolverStage.JointWarmStart:
      warmStartRowsInOrder(
        w.joints.solveOrder,
        w.joints.rows,
        w.joints.axialRows,
        w.bodies.state,
        start,
        end,
      );
      return 0;
    case SolverStage.JointSolve:
      solveRowsInOrder(
        w.joints.solveOrder,
        w.joints.rows,
        w.joints.axialRows,
        w.bodies.state,
        ctx,
        true,
        start,
        end,
      );
      return 0;
    case SolverStage.JointRelax:
      solveRowsInOrder(
        w.joints.solveOrder,
        w.joints.rows,
        w.joints.axialRows,
        w.bodies.state,
        ctx,
        false,
        start,
        end,
      );
      return 0;
  }
}
