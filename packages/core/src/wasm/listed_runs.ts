/**
 * What a kernel pass leaves to the JS: a whole stage run by the kernel (the Collide stage's
 * collide block, the bodies' finish) lists, in order, the items it did not take (pairs or
 * bodies of other shapes); the JS's block then runs over each run of consecutive listed
 * items, so every item is done once, in the JS's order, by one of the two.
 */

import type { JointsState } from '../joints/joints_state.js';
import type { KernelCore } from '../world/contact_kernel_hook.js';
import type { SolverStage } from '../world/solver_stages.js';

/**
 * Runs `stage`'s JS block over the `n` items of `list` (ascending) from list[from], a block
 * per run of consecutive items; returns the blocks' results or'ed into `result`.
 */
export function runListed(
  core: Pick<KernelCore, 'runSolverBlock'>,
  w: JointsState,
  stage: SolverStage,
  list: Int32Array,
  n: number,
  result: number,
  from = 0,
): number {
  n += from;
  for (let j = from; j < n; ) {
    const start = list[j]!;
    let end = start + 1;
    j++;
    while (j < n && list[j] === end) {
      end++;
      j++;
    }
    result |= core.runSolverBlock(w, stage, start, end);
  }
  return result;
}
