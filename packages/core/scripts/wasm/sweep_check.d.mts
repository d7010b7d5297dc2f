/** Types of sweep_check.mjs, for the core's tests. */
import type { ContactKernel } from './kernel.mjs';

/** What the check needs from a core: its world, the state reader and the stage runner. */
export interface ProbeCore {
  // biome-ignore lint/suspicious/noExplicitAny: the core's internals, typed in src
  worldStateOf(world: object): any;
  // biome-ignore lint/suspicious/noExplicitAny: as above
  runSolverBlock(w: any, stage: number, start: number, end: number): number;
  SolverStage: { WarmStart: number; Solve: number; Relax: number; RelaxAgain: number };
}
export interface CheckResult {
  blocks: number;
  constraints: number;
  onePoint: number;
  /** Solves of constraints in two-point pairs. */
  paired: number;
  mismatches: string[];
}
export function firstDifference(
  a: ArrayLike<number> & ArrayBufferView,
  b: ArrayLike<number> & ArrayBufferView,
  n: number,
): number;
export function checkSteps(
  core: ProbeCore,
  world: { step(dt: number): void },
  kernels: [string, ContactKernel, boolean][],
  steps: number,
): CheckResult;
