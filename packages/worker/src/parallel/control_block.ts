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
  /** Barriers between phases passed, counted by the coordinator: a statistic. */
  PHASE_BARRIERS = 87,
  /** Times a thread slept in `Atomics.wait` at a barrier between phases: a statistic. */
  PHASE_PARKS = 88,
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
  /**
   * Per parity of SEQ, PHASE_TABLE words: phase p of a dispatch whose START is CUT_BLOCKS
   * has blocks [w[p], w[p + 1]).
   */
  PHASES = 96 + 1024 * 16 + 2 * 2 * 16 + 2 * 4 * 1024,
  /**
   * Per phase but the last (which uses DONE and RESULT), a cache line: PhaseLine's words.
   */
  PHASE_LINES = 96 + 1024 * 16 + 2 * 2 * 16 + 2 * 4 * 1024 + 2 * 64,
  WORDS = 96 + 1024 * 16 + 2 * 2 * 16 + 2 * 4 * 1024 + 2 * 64 + 64 * 16,
}

/** Phases a dispatch may have (one a colour of a sweep). */
export const MAX_PHASES = 63;
/** Words of one parity's phase table (MAX_PHASES + 1 block offsets). */
export const PHASE_TABLE = 64;

/** Words of a phase's line, from Ctl.PHASE_LINES + phase * CLAIM_STRIDE. */
export enum PhaseLine {
  /** Blocks of the phase finished. */
  DONE = 0,
  /** Bitwise or of the phase's block results. */
  RESULT = 1,
  /** Threads inside `Atomics.wait` on DONE: the add that completes the phase notifies only when some are. */
  WAITERS = 2,
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
  /** The end of the item range, or, when START is CUT_BLOCKS, the phase count. */
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
/** Of passDone, the blocks in this thread's own share. */
let passHome = 0;
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
 * had claimed it; `b` counts from the phase's first block `base`. A block whose kernel threw still counts as done, so the barrier opens and
 * the coordinator reports the error; `onError` says whether to go on claiming. `cuts`: the
 * word of the dispatch's cuts, or -1 for blocks cut evenly over [start, end).
 */
function tryBlock(
  ctl: Int32Array,
  open: number,
  base: number,
  b: number,
  count: number,
  stage: number,
  start: number,
  end: number,
  cuts: number,
  kernel: StageKernel,
  onError: (e: unknown) => boolean,
): boolean {
  const word = Ctl.CLAIMS + (base + b) * CLAIM_STRIDE;
  // a load first: a claimed block's word stays shared in both caches rather than being
  // taken exclusive by a compare-exchange bound to fail (the coordinator's sweep meets many)
  if (Atomics.load(ctl, word) !== open) return false;
  if (Atomics.compareExchange(ctl, word, open, open + 1) !== open) return false;
  const t0 = passTimes < 0 ? 0 : performance.now();
  try {
    const result =
      cuts < 0
        ? kernel(stage, blockStart(start, end, b, count), blockStart(start, end, b + 1, count))
        : runCutBlock(ctl, cuts, base + b, stage, kernel);
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
 * helper i is i + 1) and runs them, phase after phase (a dispatch of one range, or of
 * given ranges, is one phase). Shared by the coordinator and the helpers. Returns false
 * when `onError` said to stop (a failed helper). `spin`: loads at a barrier between phases
 * before the thread sleeps there.
 */
export function claimBlocks(
  ctl: Int32Array,
  seq: number,
  thread: number,
  threads: number,
  kernel: StageKernel,
  onError: (e: unknown) => boolean,
  sweep: boolean,
  spin: number,
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
  const open = openClaim(seq);
  if (start !== CUT_BLOCKS) {
    claimPhase(ctl, open, 0, count, thread, threads, stage, start, end, -1, kernel, onError, sweep);
    return finishPhase(ctl, Ctl.DONE, Ctl.RESULT, count, thread);
  }
  const cuts = Ctl.CUTS + (seq & 1) * CUT_WORDS;
  const table = Ctl.PHASES + (seq & 1) * PHASE_TABLE;
  const last = end - 1;
  for (let p = 0; p < last; p++) {
    // plain loads: written before SEQ was published, as the cuts
    const first = ctl[table + p]!;
    const blocks = ctl[table + p + 1]! - first;
    claimPhase(ctl, open, first, blocks, thread, threads, stage, 0, 0, cuts, kernel, onError, sweep);
    const line = Ctl.PHASE_LINES + p * CLAIM_STRIDE;
    if (!finishPhase(ctl, line + PhaseLine.DONE, line + PhaseLine.RESULT, blocks, thread)) return false;
    // a newer dispatch means this one is over (a helper that fell behind): back to the loop
    if (!waitPhase(ctl, line, blocks, seq, spin)) return true;
    if (thread === 0) Atomics.add(ctl, Ctl.PHASE_BARRIERS, 1);
  }
  const first = ctl[table + last]!;
  const blocks = ctl[table + last + 1]! - first;
  claimPhase(ctl, open, first, blocks, thread, threads, stage, 0, 0, cuts, kernel, onError, sweep);
  return finishPhase(ctl, Ctl.DONE, Ctl.RESULT, blocks, thread);
}

/**
 * One phase's claiming pass over blocks [first, first + count): forward from the thread's
 * own first block until one is taken, then backward from the block before it; `sweep` (the
 * coordinator) then claims every block still open, so that every block is run whoever
 * stopped early. Leaves its tallies in passDone and passResult.
 */
function claimPhase(
  ctl: Int32Array,
  open: number,
  base: number,
  count: number,
  thread: number,
  threads: number,
  stage: number,
  start: number,
  end: number,
  cuts: number,
  kernel: StageKernel,
  onError: (e: unknown) => boolean,
  sweep: boolean,
): void {
  passDone = 0;
  passResult = 0;
  passStopped = false;
  passHome = 0;
  if (count === 0) return;
  // thread < threads <= 64 and count <= 1024: int32s
  const own = Math.floor((thread * count) / threads) | 0;
  const share = (Math.floor(((thread + 1) * count) / threads) | 0) - own;
  for (let i = 0; i < count && !passStopped; i++) {
    const b = own + i < count ? own + i : own + i - count;
    if (!tryBlock(ctl, open, base, b, count, stage, start, end, cuts, kernel, onError)) break;
  }
  // the forward pass's first `share` blocks were this thread's own share
  passHome = Math.min(passDone, share);
  for (let i = 1; i < count && !passStopped; i++) {
    const b = own - i >= 0 ? own - i : own - i + count;
    if (!tryBlock(ctl, open, base, b, count, stage, start, end, cuts, kernel, onError)) break;
  }
  if (sweep) {
    for (let b = 0; b < count && !passStopped; b++)
      tryBlock(ctl, open, base, b, count, stage, start, end, cuts, kernel, onError);
  }
}

/**
 * Publishes a phase's pass: the statistics, the or of its results into word `result`, its
 * count of finished blocks added to word `done` once (the add publishes the blocks' plain
 * writes to whoever loads it), and wakes whoever sleeps on `done` when the add completes
 * the phase's `count` blocks. Returns false when the thread was told to stop.
 */
function finishPhase(ctl: Int32Array, done: number, result: number, count: number, thread: number): boolean {
  if (passDone !== passHome) Atomics.add(ctl, Ctl.AWAY_BLOCKS, passDone - passHome);
  if (thread !== 0 && passDone !== 0) Atomics.add(ctl, Ctl.HELPER_BLOCKS, passDone);
  if (passResult !== 0) Atomics.or(ctl, result, passResult);
  if (passDone > 0 && Atomics.add(ctl, done, passDone) + passDone === count) {
    // the last phase's waiter is the coordinator; a phase line's, any thread
    const waiting = done === Ctl.DONE ? Ctl.COORDINATOR_WAITING : done - PhaseLine.DONE + PhaseLine.WAITERS;
    if (Atomics.load(ctl, waiting) !== 0) Atomics.notify(ctl, done);
  }
  return !passStopped;
}

/**
 * The barrier between two phases: waits until the `count` blocks of the phase whose line is
 * at `line` are done (spinning `spin` loads, then sleeping). False when dispatch `seq` is no
 * longer the current one: a thread that fell behind and finds the line reset for a newer
 * dispatch must not wait for it.
 */
function waitPhase(ctl: Int32Array, line: number, count: number, seq: number, spin: number): boolean {
  const done = line + PhaseLine.DONE;
  for (let i = 0; i < spin; i++) {
    if (Atomics.load(ctl, done) === count) return true;
    if ((i & 63) === 63 && Atomics.load(ctl, Ctl.SEQ) !== seq) return false;
  }
  for (;;) {
    Atomics.add(ctl, line + PhaseLine.WAITERS, 1);
    const now = Atomics.load(ctl, done);
    // a timeout: a thread that fell behind sleeps on a line no add may complete again
    const slept = now !== count && Atomics.wait(ctl, done, now, PHASE_WAIT_MS) !== 'not-equal';
    Atomics.sub(ctl, line + PhaseLine.WAITERS, 1);
    if (slept) Atomics.add(ctl, Ctl.PHASE_PARKS, 1);
    if (Atomics.load(ctl, done) === count) return true;
    if (Atomics.load(ctl, Ctl.SEQ) !== seq || Atomics.load(ctl, Ctl.SHUTDOWN) !== 0) return false;
  }
}

/** Longest sleep at a barrier between phases before the sleeper checks that its dispatch is current. */
const PHASE_WAIT_MS = 1;

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
