/**
 * The control block the physics worker and its solver helpers share: one Int32Array on a
 * SharedArrayBuffer, then the bytes of the first helper error. Its words, and the claim
 * words' values, are defined here once; the coordinator (pool.ts) and the helpers
 * (helper_loop.ts) both run `claimBlocks` below.
 *
 * One dispatch runs one stage: `SEQ` counts dispatches (helpers wait on it), the stage and
 * its block count sit in the slot of the dispatch's parity, and every block has a claim
 * word (a cache line each) that the dispatch opens with its tag; a thread claims a block
 * by compare-exchange from "open in this dispatch" to "claimed", so a helper that read an
 * old dispatch can never claim a block of a newer one: its compare-exchange expects the old
 * tag and fails. A slot is rewritten two dispatches later, after every block of the
 * dispatch between has been claimed, so a claim that succeeds read its own dispatch's
 * stage and count.
 *
 * Each thread starts at its own share of the blocks (thread t of T at block ⌊t·n/T⌋), goes
 * forward until a block is taken, then backward from before its start: Box2D v3's
 * `b2ExecuteStage`. A colour's blocks cut the same ranges in its warm start, solve and relax
 * and in every sub-step, so each thread keeps solving the same constraints, whose data stay
 * in its core's cache, when no thread falls behind.
 */

/** Word indices of the control block. */
export enum Ctl {
  /** Dispatches so far; helpers `Atomics.wait` on it while parked. */
  SEQ = 0,
  /**
   * 1 from a dispatch until the coordinator releases the helpers (the step's last stage):
   * while it is 1, a helper waiting for the next dispatch spins `holdSpin` loads rather
   * than `spin` before it parks (HelperPoolOptions.holdSpin).
   */
  HOLD = 1,
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
  /** Times a helper slept in `Atomics.wait` on SEQ (a dispatch had to wake it): a statistic. */
  HELPER_PARKS = 18,
  /** Times the coordinator slept in `Atomics.wait` at a barrier: a statistic. */
  COORDINATOR_PARKS = 19,
  /** Per helper, from here: the generation of the stores it holds (0: none yet). */
  HELPERS = 20,
  /** Blocks the helpers ran, all dispatches: a statistic of how the work split. */
  HELPER_BLOCKS = 84,
  /** Blocks run by a thread other than the one whose share they are in: a statistic. */
  AWAY_BLOCKS = 85,
  /**
   * Profiling (HelperPool.profileBlocks), one word so that a claiming pass loads it once:
   * Profile.TIMING adds every block's wall time to TIMES; Profile.ALONE has the helpers
   * claim nothing, so the coordinator runs every block (the same path on one thread).
   */
  PROFILE = 86,
  /** The blocks' claim words, from here (a cache line from the words above), CLAIM_STRIDE apart. */
  CLAIMS = 96,
  /**
   * Block times while TIMING is 1: per thread kind (coordinator, then helpers), TIMED_STAGES
   * pairs of words per stage: time in units of 10 ns, blocks.
   */
  TIMES = 96 + 1024 * 16,
  /**
   * Per parity of SEQ, CUT_WORDS words: the blocks' ranges of a dispatch whose START is
   * CUT_BLOCKS (HelperPool.runStageCuts): block b runs [w[4b], w[4b + 1]) and
   * [w[4b + 2], w[4b + 3]).
   */
  CUTS = 96 + 1024 * 16 + 2 * 2 * 16,
  WORDS = 96 + 1024 * 16 + 2 * 2 * 16 + 2 * 4 * 1024,
}

/** Bits of Ctl.PROFILE. */
export enum Profile {
  TIMING = 1,
  ALONE = 2,
}

/** A dispatch slot's START when its blocks' ranges are in Ctl.CUTS. */
export const CUT_BLOCKS = -1;

/** Stage kinds whose blocks TIMES keeps apart (a stage number at or above it is not timed). */
export const TIMED_STAGES = 16;

/** Words from one block's claim word to the next: a cache line, so that claims do not contend. */
export const CLAIM_STRIDE = 16;

/** A dispatch slot's words, from Ctl.SLOTS + parity * Slot.SIZE. */
export enum Slot {
  STAGE = 0,
  BLOCKS = 1,
  START = 2,
  END = 3,
  SIZE = 4,
}

/** Blocks a stage may have: one claim word each (Ctl.WORDS keeps room for them). */
export const MAX_BLOCKS = 1024;
/** Words of one parity's cuts: two ranges, four words, per block. */
export const CUT_WORDS = 4 * MAX_BLOCKS;
/** The dispatch tag's bits: a claim word is tag << 1, + 1 once claimed (2^30 dispatches before a tag repeats). */
const TAG_MASK = (1 << 30) - 1;

/** Bytes kept for a helper's error message. */
export const ERROR_BYTES = 1024;

/** A new control block: the words, zeroed, then the error bytes. */
export function createControlBlock(): SharedArrayBuffer {
  return new SharedArrayBuffer(Ctl.WORDS * 4 + ERROR_BYTES);
}

/** A block's claim word while dispatch `seq` has it open; + 1 once a thread claimed it. */
export function openClaim(seq: number): number {
  return (seq & TAG_MASK) << 1;
}

/** Opens blocks [0, blocks) for dispatch `seq` (the coordinator, before it publishes SEQ). */
export function openBlocks(ctl: Int32Array, seq: number, blocks: number): void {
  const open = openClaim(seq);
  for (let b = 0; b < blocks; b++) Atomics.store(ctl, Ctl.CLAIMS + b * CLAIM_STRIDE, open);
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

// One claiming pass's tallies. A thread runs one pass at a time (a kernel never dispatches),
// and each thread has its own copy of this module.
let passDone = 0;
let passResult = 0;
let passStopped = false;
/** TIMES word of this pass's stage and thread kind, or -1 when blocks are not timed. */
let passTimes = -1;

/**
 * Runs block `b` of a dispatch whose ranges are given (at word `cuts` of the control
 * block): its two ranges, either possibly empty. Returns the or of their results.
 */
function runCutBlock(ctl: Int32Array, cuts: number, b: number, stage: number, kernel: StageKernel): number {
  // plain loads: the coordinator wrote the cuts before it published SEQ with Atomics.store,
  // which this thread has loaded
  const o = cuts + 4 * b;
  const s1 = ctl[o]!;
  const e1 = ctl[o + 1]!;
  const s2 = ctl[o + 2]!;
  const e2 = ctl[o + 3]!;
  let result = 0;
  if (e1 > s1) result |= kernel(stage, s1, e1) ?? 0;
  if (e2 > s2) result |= kernel(stage, s2, e2) ?? 0;
  return result;
}

/**
 * Claims block `b` if it is still open with `open` and runs it; false when another thread
 * had claimed it. A block whose kernel threw still counts as done, so the barrier opens and
 * the coordinator reports the error; `onError` says whether to go on claiming. `cuts`: the
 * word of the dispatch's cuts, or -1 for blocks cut evenly over [start, end).
 */
function tryBlock(
  ctl: Int32Array,
  open: number,
  b: number,
  count: number,
  stage: number,
  start: number,
  end: number,
  cuts: number,
  kernel: StageKernel,
  onError: (e: unknown) => boolean,
): boolean {
  const word = Ctl.CLAIMS + b * CLAIM_STRIDE;
  // a load first: a claimed block's word stays shared in both caches rather than being
  // taken exclusive by a compare-exchange bound to fail (the coordinator's sweep meets many)
  if (Atomics.load(ctl, word) !== open) return false;
  if (Atomics.compareExchange(ctl, word, open, open + 1) !== open) return false;
  const t0 = passTimes < 0 ? 0 : performance.now();
  try {
    const result =
      cuts < 0
        ? kernel(stage, blockStart(start, end, b, count), blockStart(start, end, b + 1, count))
        : runCutBlock(ctl, cuts, b, stage, kernel);
    if (result !== undefined) passResult |= result;
  } catch (e) {
    if (!onError(e)) passStopped = true;
  }
  passDone++;
  if (passTimes >= 0) {
    Atomics.add(ctl, passTimes, Math.round((performance.now() - t0) * 1e5));
    Atomics.add(ctl, passTimes + 1, 1);
  }
  return true;
}

/**
 * Claims blocks of dispatch `seq` as thread `thread` of `threads` (the coordinator is 0,
 * helper i is i + 1) and runs them: forward from the thread's own first block until one is
 * taken, then backward from the block before it. `sweep` (the coordinator) then claims
 * every block still open, so that every block is run whoever stopped early. Shared by the
 * coordinator and the helpers. Returns false when `onError` said to stop (a failed helper).
 * The thread's results and its count of finished blocks are published once, at the end.
 */
export function claimBlocks(
  ctl: Int32Array,
  seq: number,
  thread: number,
  threads: number,
  kernel: StageKernel,
  onError: (e: unknown) => boolean,
  sweep: boolean,
): boolean {
  const slot = Ctl.SLOTS + (seq & 1) * Slot.SIZE;
  const count = Atomics.load(ctl, slot + Slot.BLOCKS);
  if (count === 0) return true;
  const stage = Atomics.load(ctl, slot + Slot.STAGE);
  const start = Atomics.load(ctl, slot + Slot.START);
  const end = Atomics.load(ctl, slot + Slot.END);
  const profile = Atomics.load(ctl, Ctl.PROFILE);
  if (thread !== 0 && (profile & Profile.ALONE) !== 0) return true;
  passTimes =
    (profile & Profile.TIMING) !== 0 && stage < TIMED_STAGES
      ? Ctl.TIMES + (thread === 0 ? 0 : 2 * TIMED_STAGES) + 2 * stage
      : -1;
  const cuts = start === CUT_BLOCKS ? Ctl.CUTS + (seq & 1) * CUT_WORDS : -1;
  const open = openClaim(seq);
  passDone = 0;
  passResult = 0;
  passStopped = false;
  // thread < threads <= 64 and count <= 1024: int32s
  const first = Math.floor((thread * count) / threads) | 0;
  const share = (Math.floor(((thread + 1) * count) / threads) | 0) - first;
  for (let i = 0; i < count && !passStopped; i++) {
    const b = first + i < count ? first + i : first + i - count;
    if (!tryBlock(ctl, open, b, count, stage, start, end, cuts, kernel, onError)) break;
  }
  // the forward pass's first `share` blocks were this thread's own share
  const home = Math.min(passDone, share);
  for (let i = 1; i < count && !passStopped; i++) {
    const b = first - i >= 0 ? first - i : first - i + count;
    if (!tryBlock(ctl, open, b, count, stage, start, end, cuts, kernel, onError)) break;
  }
  if (sweep) {
    for (let b = 0; b < count && !passStopped; b++)
      tryBlock(ctl, open, b, count, stage, start, end, cuts, kernel, onError);
  }
  if (passDone !== home) Atomics.add(ctl, Ctl.AWAY_BLOCKS, passDone - home);
  if (thread !== 0 && passDone !== 0) Atomics.add(ctl, Ctl.HELPER_BLOCKS, passDone);
  if (passResult !== 0) Atomics.or(ctl, Ctl.RESULT, passResult);
  if (passDone > 0) {
    // the add publishes the blocks' plain writes to whoever loads DONE (the coordinator)
    const done = Atomics.add(ctl, Ctl.DONE, passDone) + passDone;
    if (done === count && Atomics.load(ctl, Ctl.COORDINATOR_WAITING) !== 0) Atomics.notify(ctl, Ctl.DONE);
  }
  return !passStopped;
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
