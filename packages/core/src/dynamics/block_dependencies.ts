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
  /** Per block: the first phase of its chain (see blockDependencies), and its phase. */
  chainFrom = new Int32Array(1024);
  phaseOf = new Int32Array(1024);
  epoch = 0;

  reserve(bodies: number, blocks: number): void {
    if (bodies > this.lastBlock.length) {
      this.lastBlock = growI32(this.lastBlock, bodies);
      this.stamp = growI32(this.stamp, bodies);
    }
    if (blocks > this.listed.length) {
      this.listed = growI32(this.listed, blocks);
      this.chainFrom = growI32(this.chainFrom, blocks);
      this.phaseOf = growI32(this.phaseOf, blocks);
    }
  }
}

/**
 * Writes each block's dependencies into `out` (DEPENDENCY_WIDTH words a block: a count, then
 * block indices; WAIT_ALL_EARLIER when they do not fit). The sweep is `phases` phases, phase
 * p being blocks [starts[p], starts[p + 1]), block b the constraint ranges
 * [cuts[4b], cuts[4b + 1]) and [cuts[4b + 2], cuts[4b + 3]) (HelperPool.runPhases). Blocks of
 * one phase must share no moving body (one colour each, or one block of several colours).
 *
 * Where consecutive phases have the same block count (colours cut by body), block k of a
 * phase also waits for block k of the phase before: its chain, which the same thread runs
 * when no thread falls behind. The chain then stands for every block k of those phases, so
 * they are not listed; what is listed is the blocks of other shares, which few are.
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
  const bodyA = w.contacts.bodyA;
  const bodyB = w.contacts.bodyB;
  const invMass = w.bodies.invMass;
  const invInertia = w.bodies.invInertia;
  const state = w.bodies.state;
  const stamp = scratch.stamp;
  const last = scratch.lastBlock;
  const listed = scratch.listed;
  const chainFrom = scratch.chainFrom;
  const phaseOf = scratch.phaseOf;
  for (let p = 0; p < phases; p++) {
    const first = starts[p]!;
    const count = starts[p + 1]! - first;
    // the chain: the phase before has as many blocks (and so, cut by body, the same bodies' shares)
    const chained = p > 0 && starts[p]! - starts[p - 1]! === count;
    for (let b = first; b < first + count; b++) {
      const o = b * DEPENDENCY_WIDTH;
      phaseOf[b] = p;
      let n = 0;
      let from = p;
      if (chained) {
        const before = b - count;
        from = chainFrom[before]!;
        out[o + 1] = before;
        listed[before] = b + 1;
        n = 1;
      }
      chainFrom[b] = from;
      const k = b - first;
      for (let r = 4 * b; r < 4 * b + 4; r += 2) {
        for (let i = cuts[r]!; i < cuts[r + 1]!; i++) {
          const c = meta[4 * i + 3]!;
          for (let side = 0; side < 2; side++) {
            const body = side === 0 ? bodyA[c]! : bodyB[c]!;
            // a body that does not move is only read (constraint_graph.ts isFixed)
            if (isFixed(invMass, invInertia, state, body)) continue;
            if (stamp[body] === epoch) {
              const before = last[body]!;
              // not this block, not listed yet, not on this block's chain
              const onChain = phaseOf[before]! >= from && before - starts[phaseOf[before]!]! === k;
              if (before !== b && listed[before] !== b + 1 && !onChain) {
                listed[before] = b + 1;
                if (n >= 0 && n + 1 < DEPENDENCY_WIDTH) out[o + 1 + n++] = before;
                else n = WAIT_ALL_EARLIER;
              }
            } else stamp[body] = epoch;
            last[body] = b;
          }
        }
      }
      out[o] = n;
      // clear this block's marks: the next block starts with none listed
      if (n === WAIT_ALL_EARLIER) listed.fill(0, 0, b);
      else for (let j = 1; j <= n; j++) listed[out[o + j]!] = 0;
    }
  }
}
