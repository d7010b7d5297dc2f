/**
 * Which blocks of a colour sweep each block must wait for, so that the threads sweeping the
 * colours of one dispatch need not all meet after every colour (docs/parallel-step.md,
 * "Waiting only for the blocks that share bodies").
 *
 * A sweep is Gauss-Seidel in colour order: a constraint reads the velocities that the
 * constraints of earlier colours on its bodies wrote. So a block needs exactly the blocks
 * that last touched each of its moving bodies before it (in the sweep's order) to be done:
 * each of those waited, before it ran, for the blocks that touched its bodies before it,
 * so the last toucher of a body being done means every earlier toucher is. Bodies that do
 * not move are read only (the sweeps leave their velocity bits unchanged, as the colouring
 * assumes), so they order nothing. Waiting for those blocks gives every constraint the
 * inputs it has on one thread, so the bits are those of one thread for any thread count.
 *
 * With the colours cut by body (constraint_graph.ts cutColourByBody), a block's bodies were
 * last touched mostly by the blocks of the same bodies in earlier colours, which the same
 * thread ran: a thread then runs colour after colour and waits for the other thread only
 * where a constraint joins bodies of two shares.
 */

import type { DynamicsState } from './dynamics_state.js';
import { isFixed } from './constraint_graph.js';
import { growI32 } from '../base/array.js';

/** Words per block in a dependency table: the count (or WAIT_ALL_EARLIER), then the blocks. */
export const DEPENDENCY_WIDTH = 16;

/** A block's count when it has more than DEPENDENCY_WIDTH - 1: wait for every block of the earlier phases. */
export const WAIT_ALL_EARLIER = -1;

/** Scratch of `blockDependencies`, kept between calls (no allocation in a steady step). */
export class DependencyScratch {
  /** Per body: the block that touched it last, valid where `stamp` is this call's. */
  lastBlock = new Int32Array(64);
  stamp = new Int32Array(64);
  /** Per block: 1 + the block that has it in its list already (0: none), cleared per block. */
  listed = new Int32Array(1024);
  epoch = 0;

  reserve(bodies: number, blocks: number): void {
    if (bodies > this.lastBlock.length) {
      this.lastBlock = growI32(this.lastBlock, bodies);
      this.stamp = growI32(this.stamp, bodies);
    }
    if (blocks > this.listed.length) this.listed = growI32(this.listed, blocks);
  }
}

/**
 * Writes each block's dependencies into `out` (DEPENDENCY_WIDTH words a block: a count, then
 * block indices; WAIT_ALL_EARLIER when they do not fit). The sweep is `phases` phases, phase
 * p being blocks [starts[p], starts[p + 1]), block b the constraint ranges
 * [cuts[4b], cuts[4b + 1]) and [cuts[4b + 2], cuts[4b + 3]) (HelperPool.runPhases). Blocks of
 * one phase must share no moving body (one colour each, or one block of several colours).
 */
export function blockDependencies(
  w: DynamicsState,
  meta: Int32Array,
  scratch: DependencyScratch,
  phases: number,
  starts: Int32Array,
  cuts: Int32Array,
  out: Int32Array,
): void {
  const blocks = starts[phases]!;
  scratch.reserve(w.bodies.capacity, blocks);
  // a new stamp per call: lastBlock entries of earlier calls are stale without clearing them
  const epoch = (scratch.epoch % 0x3fffffff) + 1;
  scratch.epoch = epoch;
  for (let b = 0; b < blocks; b++) {
    const o = b * DEPENDENCY_WIDTH;
    out[o] = 0;
    for (let r = 4 * b; r < 4 * b + 4; r += 2) {
      for (let i = cuts[r]!; i < cuts[r + 1]!; i++) {
        const c = meta[4 * i + 3]!;
        touch(w, scratch, epoch, w.contacts.bodyA[c]!, b, out, o);
        touch(w, scratch, epoch, w.contacts.bodyB[c]!, b, out, o);
      }
    }
    // clear this block's marks: the next block starts with none listed
    const n = out[o]!;
    if (n === WAIT_ALL_EARLIER) scratch.listed.fill(0, 0, b);
    else for (let k = 1; k <= n; k++) scratch.listed[out[o + k]!] = 0;
  }
}

/** Block `b` (its list at out[o]) touches `body`: lists the body's last block, then becomes it. */
function touch(
  w: DynamicsState,
  scratch: DependencyScratch,
  epoch: number,
  body: number,
  b: number,
  out: Int32Array,
  o: number,
): void {
  const bodies = w.bodies;
  if (isFixed(bodies.invMass, bodies.invInertia, bodies.state, body)) return;
  const stamp = scratch.stamp;
  const last = scratch.lastBlock;
  if (stamp[body] === epoch) {
    const before = last[body]!;
    const listed = scratch.listed;
    if (before !== b && listed[before] !== b + 1) {
      listed[before] = b + 1;
      const n = out[o]!;
      if (n !== WAIT_ALL_EARLIER) {
        if (n + 1 < DEPENDENCY_WIDTH) {
          out[o + 1 + n] = before;
          out[o] = n + 1;
        } else out[o] = WAIT_ALL_EARLIER;
      }
    }
  } else stamp[body] = epoch;
  last[body] = b;
}
