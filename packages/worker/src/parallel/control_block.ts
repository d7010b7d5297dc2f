/**
 * The control block the physics worker and its solver helpers share: one Int32Array on a
 * SharedArrayBuffer, then the bytes of the first helper error. Its words, and the claim
 * word's packing, are defined here once; the coordinator (pool.ts) and the helpers
 * (helper_loop.ts) both run `claimBlocks` below.
 *
 * One dispatch runs one stage: `SEQ` counts dispatches (helpers wait on it), the stage and
 * its block count sit in the slot of the dispatch's parity, and `CLAIM` packs the
 * dispatch's tag with the next unclaimed block, so a helper that read an old dispatch can
 * never claim a block of a newer one: its compare-exchange meets another tag and fails.
 * A slot is rewritten two dispatches later, after `CLAIM` has carried another tag, so a
 * claim that succeeds read its own dispatch's stage and count.
 */

/** Word indices of the control block. */
export enum Ctl {
  /** Dispatches so far; helpers `Atomics.wait` on it while parked. */
  SEQ = 0,
  /** (dispatch tag << BLOCK_BITS) | next block to claim. */
  CLAIM = 1,
  /** Blocks of the current dispatch finished; the coordinator waits on it at the barrier. */
  DONE = 2,
  /** The dispatch slots, one per parity of SEQ, SLOT words each: stage, blocks, item range. */
  SLOTS = 3,
  /** Helpers inside `Atomics.wait` on SEQ: a dispatch notifies only when some are. */
  SLEEPERS = 11,
  /** 1 while the coordinator is inside `Atomics.wait` on DONE. */
  COORDINATOR_WAITING = 12,
  /** Generation of the stores last published; a helper holding another one claims nothing. */
  GENERATION = 13,
  /** 1: helpers leave their loop and close. */
  SHUTDOWN = 14,
  /** 0, or 1 + the index of the first helper that failed. */
  ERROR = 15,
  /** Bytes of that helper's error message (UTF-8, after the words). */
  ERROR_LENGTH = 16,
  /** Bitwise or of the current dispatch's block results (an order-free reduction). */
  RESULT = 17,
  /** Per helper, from here: the generation of the stores it holds (0: none yet). */
  HELPERS = 20,
  WORDS = 20 + 64,
}

/** A dispatch slot's words, from Ctl.SLOTS + parity * Slot.SIZE. */
export enum Slot {
  STAGE = 0,
  BLOCKS = 1,
  START = 2,
  END = 3,
  SIZE = 4,
}

/** Blocks a stage may have: the claim word keeps the block index in its low bits. */
export const BLOCK_BITS = 10;
export const MAX_BLOCKS = 1 << BLOCK_BITS;
const BLOCK_MASK = MAX_BLOCKS - 1;
/** The dispatch tag's bits: the rest of a positive int32 (2^21 dispatches before a tag repeats). */
const TAG_MASK = (1 << (31 - BLOCK_BITS)) - 1;

/** Bytes kept for a helper's error message. */
export const ERROR_BYTES = 1024;

/** A new control block: the words, zeroed, then the error bytes. */
export function createControlBlock(): SharedArrayBuffer {
  return new SharedArrayBuffer(Ctl.WORDS * 4 + ERROR_BYTES);
}

/** The claim word that opens dispatch `seq`: its tag, block 0. */
export function openClaim(seq: number): number {
  return (seq & TAG_MASK) << BLOCK_BITS;
}

/**
 * Runs a stage over items [start, end): one block. A block writes only its own items
 * (docs/parallel-step.md), so blocks may run anywhere in any order. Its result (0 when it
 * returns nothing) is or-ed into the stage's.
 */
export type StageKernel = (stage: number, start: number, end: number) => number | undefined;

/** The first item of block `block` of `blocks` over [start, end): the same cut on every thread. */
export function blockStart(start: number, end: number, block: number, blocks: number): number {
  // an int32 (ranges are below 2^31): a double result would be boxed when passed on
  return (start + Math.floor(((end - start) * block) / blocks)) | 0;
}

/**
 * Claims blocks of dispatch `seq` and runs them until none is left (or the dispatch is
 * over). Shared by the coordinator and the helpers. A block whose kernel threw still counts
 * as done, so the barrier opens and the coordinator reports the error; `onError` says
 * whether to go on claiming (the coordinator does, so every block is run by someone) or to
 * stop (a failed helper), which returns false.
 */
export function claimBlocks(
  ctl: Int32Array,
  seq: number,
  kernel: StageKernel,
  onError: (e: unknown) => boolean,
): boolean {
  const tag = openClaim(seq);
  const slot = Ctl.SLOTS + (seq & 1) * Slot.SIZE;
  for (;;) {
    const v = Atomics.load(ctl, Ctl.CLAIM);
    if ((v & ~BLOCK_MASK) !== tag) return true;
    const block = v & BLOCK_MASK;
    const count = Atomics.load(ctl, slot + Slot.BLOCKS);
    if (block >= count) return true;
    const stage = Atomics.load(ctl, slot + Slot.STAGE);
    const start = Atomics.load(ctl, slot + Slot.START);
    const end = Atomics.load(ctl, slot + Slot.END);
    if (Atomics.compareExchange(ctl, Ctl.CLAIM, v, v + 1) !== v) continue;
    let ok = true;
    try {
      const result = kernel(
        stage,
        blockStart(start, end, block, count),
        blockStart(start, end, block + 1, count),
      );
      if (result !== undefined && result !== 0) Atomics.or(ctl, Ctl.RESULT, result);
    } catch (e) {
      ok = onError(e);
    }
    // the add publishes the block's plain writes to whoever loads DONE (the coordinator)
    const done = Atomics.add(ctl, Ctl.DONE, 1) + 1;
    if (done === count && Atomics.load(ctl, Ctl.COORDINATOR_WAITING) !== 0) Atomics.notify(ctl, Ctl.DONE);
    if (!ok) return false;
  }
}

/** Writes the first helper error (later ones are dropped: the first one is the cause). */
export function recordError(buffer: SharedArrayBuffer, helper: number, message: string): void {
  const ctl = new Int32Array(buffer, 0, Ctl.WORDS);
  if (Atomics.compareExchange(ctl, Ctl.ERROR_LENGTH, 0, -1) !== 0) return;
  const bytes = new Uint8Array(buffer, Ctl.WORDS * 4, ERROR_BYTES);
  const { written } = new TextEncoder().encodeInto(message, bytes);
  Atomics.store(ctl, Ctl.ERROR_LENGTH, written);
  Atomics.store(ctl, Ctl.ERROR, 1 + helper);
}

/** The first helper error as `[helper index, message]`, or null when none failed. */
export function readError(buffer: SharedArrayBuffer): [number, string] | null {
  const ctl = new Int32Array(buffer, 0, Ctl.WORDS);
  const who = Atomics.load(ctl, Ctl.ERROR);
  if (who === 0) return null;
  const length = Atomics.load(ctl, Ctl.ERROR_LENGTH);
  // TextDecoder does not read shared memory: copy the bytes out first
  const bytes = new Uint8Array(buffer, Ctl.WORDS * 4, Math.max(0, length)).slice();
  return [who - 1, new TextDecoder().decode(bytes)];
}
