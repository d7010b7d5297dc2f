/**
 * Who runs the step's stages: the seam between the step and a pool of solver workers.
 * (Interim: the narrow phase only, until the soft step's stages arrive from h/colour.)
 */

import { collideBlock } from './narrow_phase.js';
import type { WorldState } from './world_state.js';

/** The stages a step hands to its executor. */
export enum SolverStage {
  /** Awake contacts [start, end): the narrow phase (world/narrow_phase.ts); returns CollideStatus bits. */
  Collide = 9,
}

/** Runs one block of `stage`: its items [start, end). Any thread, any order. */
export function runSolverBlock(w: WorldState, stage: SolverStage, start: number, end: number): number {
  switch (stage) {
    case SolverStage.Collide:
      return collideBlock(w, start, end);
  }
}

/** Runs the step's stages; `serialExecutor` is the single-threaded one. */
export interface StepExecutor {
  runStage(w: WorldState, stage: SolverStage, start: number, end: number): number;
}

/** The single-threaded executor: every stage is one block, run here. */
export const serialExecutor: StepExecutor = {
  runStage(w: WorldState, stage: SolverStage, start: number, end: number): number {
    return runSolverBlock(w, stage, start, end);
  },
};
