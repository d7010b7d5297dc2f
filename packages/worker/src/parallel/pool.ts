/**
 * The solver helper pool: the physics worker (the coordinator) and N helper workers run the
 * blocks of each stage of a step over shared memory (docs/parallel-step.md, "Runtime").
 *
 * `runStage(stage, blocks)` dispatches a stage through the control block
 * (control_block.ts), claims and runs blocks itself like any helper, then waits at the
 * barrier until every block is done: spinning briefly, then in `Atomics.wait`. Who runs a
 * block never changes what it computes (a block writes only its own items), so the bits are
 * the same for any helper count, helpers that have not started yet included: the
 * coordinator runs whatever no helper claimed. The coordinator waits, so it must be a
 * worker (or Node's main thread), never a page's main thread, where `Atomics.wait` throws.
 *
 * The pool knows nothing of physics: its kernel module (messages.ts StageKernelModule)
 * says what a block of a stage does on the stores it is given.
 */

import {
  CUT_BLOCKS,
  CUT_WORDS,
  Ctl,
  claimBlocks,
  createControlBlock,
  MAX_BLOCKS,
  MAX_PHASES,
  PHASE_TABLE,
  PhaseLine,
  Profile,
  openBlocks,
  readError,
  Slot,
  type StageKernel,
  TIMED_STAGES,
  CLAIM_STRIDE,
} from './control_block.js';
import type {
  ContactKernelShare,
  FromHelper,
  SharedStores,
  StageKernelModule,
  ToHelper,
} from './messages.js';

/** One helper worker, seen from the pool (spawn_node.ts, spawn_browser.ts make them). */
export interface HelperHandle {
  post(message: ToHelper): void;
  /** Called with each message the helper posts. */
  onMessage(handler: (message: FromHelper) => void): void;
  /** Called when the helper's thread fails outside the kernel (a load error, ...). */
  onError(handler: (message: string) => void): void;
  terminate(): void;
}

/** How the blocks of the dispatches so far were shared out (statistics: HelperPool.blockCounts). */
export interface BlockCounts {
  /** Blocks dispatched (stages run in one call on the coordinator are not counted). */
  readonly dispatched: number;
  /** Of them, run by helpers. */
  readonly helpers: number;
  /** Of them, run by a thread other than the one whose share they were in. */
  readonly away: number;
}

/** Per stage kind (SolverStage), the blocks run while timing was on and their wall time. */
export interface BlockTimes {
  readonly coordinatorMs: readonly number[];
  readonly coordinatorBlocks: readonly number[];
  readonly helperMs: readonly number[];
  readonly helperBlocks: readonly number[];
}

/** Starts helper number `index`. */
export type HelperSpawner = (index: number) => HelperHandle;

export interface HelperPoolOptions {
  /** Helper workers besides the coordinator: 0 runs every block on the coordinator. */
  readonly helpers: number;
  readonly spawn: HelperSpawner;
  /** The kernel module: its URL for the helpers, the module itself for the coordinator. */
  readonly kernel: { readonly url: string; readonly module: StageKernelModule };
  /** Loads of the control word before parking (helpers) or waiting (the coordinator). Default 4000. */
  readonly spin?: number;
  /**
   * Loads a helper spins for the next dispatch while a step is under way (from a dispatch
   * until `release()`), before it parks. Default: `spin`, no longer than between steps:
   * on the loaded 2-core machine, helpers that spun 4 and 16 times longer made pyramid 100
   * slower on 2 threads than on 1 (a spinning helper keeps a core the coordinator needs
   * when the machine has none to spare; docs/parallel-step.md, "Why pyramid 100 did not
   * scale"). Box2D v3's workers spin through a step, yielding the core as they spin, which
   * JavaScript cannot do. For a machine with cores to spare: measure with bench:step.
   */
  readonly holdSpin?: number;
}

/** The most helpers a pool starts. */
export const MAX_HELPERS = 63;
const DEFAULT_SPIN = 4000;

function checkCount(fn: string, field: string, v: unknown, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > max) {
    throw new RangeError(`${fn}: ${field} must be an integer in [0, ${max}], got ${String(v)}`);
  }
  return v;
}

export class HelperPool {
  readonly helperCount: number;
  readonly #control = createControlBlock();
  readonly #ctl = new Int32Array(this.#control, 0, Ctl.WORDS);
  readonly #helpers: HelperHandle[] = [];
  readonly #module: StageKernelModule;
  readonly #spin: number;
  readonly #holdSpin: number;
  #kernel: StageKernel | null = null;
  #seq = 0;
  #blocksDispatched = 0;
  /** Whether HOLD is 1: helpers spin for the next dispatch instead of parking. */
  #holding = false;
  #generation = 0;
  #failure: Error | null = null;
  #disposed = false;
  /** The coordinator's own kernel error: kept, thrown after the barrier; it claims on. */
  #ownError: unknown = null;
  readonly #onError = (e: unknown): boolean => {
    if (this.#ownError === null) this.#ownError = e ?? new Error('a stage kernel threw null');
    return true;
  };

  constructor(options: HelperPoolOptions) {
    const fn = 'HelperPool';
    this.helperCount = checkCount(fn, 'helpers', options.helpers, MAX_HELPERS);
    this.#spin = checkCount(fn, 'spin', options.spin ?? DEFAULT_SPIN, 1 << 24);
    this.#holdSpin = checkCount(fn, 'holdSpin', options.holdSpin ?? this.#spin, 1 << 30);
    if (typeof options.kernel?.url !== 'string') {
      throw new TypeError(`${fn}: kernel.url must be a string, got ${String(options.kernel?.url)}`);
    }
    if (typeof options.kernel.module?.createStageKernel !== 'function') {
      throw new TypeError(`${fn}: kernel.module must export createStageKernel`);
    }
    this.#module = options.kernel.module;
    for (let i = 0; i < this.helperCount; i++) {
      const helper = options.spawn(i);
      const lost = (message: string): void => {
        this.#failure ??= new Error(`HelperPool: solver helper ${i} failed: ${message}`);
      };
      helper.onMessage((message) => lost(message.message));
      helper.onError(lost);
      helper.post({
        type: 'init',
        control: this.#control,
        index: i,
        kernel: options.kernel.url,
        spin: this.#spin,
        holdSpin: this.#holdSpin,
        threads: this.helperCount + 1,
      });
      this.#helpers.push(helper);
    }
  }

  /** Helpers holding the stores last published: they claim blocks from now on. */
  get readyHelpers(): number {
    let n = 0;
    for (let i = 0; i < this.helperCount; i++) {
      if (Atomics.load(this.#ctl, Ctl.HELPERS + i) === this.#generation) n++;
    }
    return n;
  }

  /** Helpers parked in `Atomics.wait` now (a dispatch must wake them). */
  get parkedHelpers(): number {
    return Atomics.load(this.#ctl, Ctl.SLEEPERS);
  }

  /** Times, so far, that a helper slept in `Atomics.wait` and a dispatch had to wake it. */
  get helperParks(): number {
    return Atomics.load(this.#ctl, Ctl.HELPER_PARKS);
  }

  /** How the blocks dispatched so far were shared out. */
  get blockCounts(): BlockCounts {
    return {
      dispatched: this.#blocksDispatched,
      helpers: Atomics.load(this.#ctl, Ctl.HELPER_BLOCKS),
      away: Atomics.load(this.#ctl, Ctl.AWAY_BLOCKS),
    };
  }

  /**
   * Profiling (`profile:step`): `timing` adds every block's wall time to `blockTimes`;
   * `alone` has the helpers claim nothing, so the coordinator runs every block on the same
   * path, the one-thread baseline of the same blocks. Costs one load a claiming pass.
   */
  profileBlocks(timing: boolean, alone: boolean): void {
    Atomics.store(this.#ctl, Ctl.PROFILE, (timing ? Profile.TIMING : 0) | (alone ? Profile.ALONE : 0));
  }

  /** Block times so far (while `profileBlocks` timing was on). */
  get blockTimes(): BlockTimes {
    const read = (from: number, word: number, scale: number) =>
      Array.from({ length: TIMED_STAGES }, (_, s) => Atomics.load(this.#ctl, from + 2 * s + word) * scale);
    const helpers = Ctl.TIMES + 2 * TIMED_STAGES;
    return {
      coordinatorMs: read(Ctl.TIMES, 0, 1e-5),
      coordinatorBlocks: read(Ctl.TIMES, 1, 1),
      helperMs: read(helpers, 0, 1e-5),
      helperBlocks: read(helpers, 1, 1),
    };
  }

  /** Barriers between the phases of a dispatch passed so far (runPhases: a sweep's colours but the last). */
  get phaseBarriers(): number {
    return Atomics.load(this.#ctl, Ctl.PHASE_BARRIERS);
  }

  /** Times, so far, that a thread slept at a barrier between phases. */
  get phaseParks(): number {
    return Atomics.load(this.#ctl, Ctl.PHASE_PARKS);
  }

  /** Times, so far, that the coordinator slept at a barrier. */
  get coordinatorParks(): number {
    return Atomics.load(this.#ctl, Ctl.COORDINATOR_PARKS);
  }

  /**
   * Gives the coordinator and every helper the stores their kernels run on (between steps:
   * after growth, the buffers are new). Helpers take them when they next read messages;
   * until then they claim nothing, and the coordinator runs their share.
   */
  publish(stores: SharedStores, kernel: ContactKernelShare | null = null): void {
    this.#check('publish');
    this.#kernel = this.#module.createStageKernel(stores, kernel);
    const generation = ++this.#generation;
    for (const helper of this.#helpers) helper.post({ type: 'stores', stores, generation, kernel });
    // after the posts: a helper that sees this generation finds its message queued
    Atomics.store(this.#ctl, Ctl.GENERATION, generation);
    // an empty dispatch: a helper about to park (its spin over) finds SEQ changed and does
    // not sleep through the publish, which a bare notify, sent before its wait, would let it
    const ctl = this.#ctl;
    const seq = ++this.#seq;
    Atomics.store(ctl, Ctl.SLOTS + (seq & 1) * Slot.SIZE + Slot.BLOCKS, 0);
    Atomics.store(ctl, Ctl.SEQ, seq);
    Atomics.notify(ctl, Ctl.SEQ);
  }

  /**
   * Runs `stage` over items [start, end) cut into `blocks` blocks (blockStart), on the
   * coordinator and the helpers, and returns when all are done (the barrier), with the
   * bitwise or of the blocks' results. Throws the first helper error, naming the helper.
   */
  runStage(stage: number, start: number, end: number, blocks: number): number {
    this.#check('runStage');
    const kernel = this.#kernel;
    if (kernel === null) throw new Error('runStage: no stores published yet (call publish first)');
    if (!(blocks >= 0 && blocks <= MAX_BLOCKS && Number.isInteger(blocks))) {
      throw new RangeError(`runStage: blocks must be an integer in [0, ${MAX_BLOCKS}], got ${blocks}`);
    }
    if (
      !(Number.isInteger(start) && Number.isInteger(end) && start >= 0 && end >= start && end <= 0x7fffffff)
    ) {
      throw new RangeError(
        `runStage: the item range must be integers 0 <= start <= end < 2^31, got [${start}, ${end})`,
      );
    }
    if (blocks === 0 || start === end) return 0;
    if (blocks === 1 || this.helperCount === 0) {
      // nobody to share with: one block, no dispatch, no barrier (blocks are independent,
      // so the whole range at once writes what its blocks would)
      return kernel(stage, start, end) ?? 0;
    }
    return this.#dispatch(kernel, stage, start, end, blocks, blocks);
  }

  /**
   * Runs `stage` in `blocks` blocks whose ranges are given: block b runs items
   * [cuts[4b], cuts[4b + 1]) and [cuts[4b + 2], cuts[4b + 3]) (either may be empty), so that
   * a block holds the items of the bodies its thread owns (a colour cut by body:
   * docs/parallel-step.md, "Keeping each body's data on one core"). As runStage otherwise;
   * the blocks' ranges must not overlap.
   */
  runStageCuts(stage: number, blocks: number, cuts: Int32Array): number {
    this.#check('runStageCuts');
    const kernel = this.#kernel;
    if (kernel === null) throw new Error('runStageCuts: no stores published yet (call publish first)');
    if (!(blocks >= 1 && blocks <= MAX_BLOCKS && Number.isInteger(blocks) && cuts.length >= 4 * blocks)) {
      throw new RangeError(
        `runStageCuts: blocks must be an integer in [1, ${MAX_BLOCKS}] with 4 * blocks cuts, got ${blocks} and ${cuts.length}`,
      );
    }
    if (blocks === 1 || this.helperCount === 0) {
      let result = 0;
      for (let i = 0; i < 4 * blocks; i += 2) {
        if (cuts[i + 1]! > cuts[i]!) result |= kernel(stage, cuts[i]!, cuts[i + 1]!) ?? 0;
      }
      return result;
    }
    const parity = (this.#seq + 1) & 1;
    const table = Ctl.CUTS + parity * CUT_WORDS;
    // plain stores: the dispatch's Atomics.store of SEQ publishes them
    for (let i = 0; i < 4 * blocks; i++) this.#ctl[table + i] = cuts[i]!;
    const phases = Ctl.PHASES + parity * PHASE_TABLE;
    this.#ctl[phases] = 0;
    this.#ctl[phases + 1] = blocks;
    return this.#dispatch(kernel, stage, CUT_BLOCKS, 1, blocks, blocks);
  }

  /**
   * Runs `stage` in `phases` phases, one after the other, in one dispatch: phase p is blocks
   * [starts[p], starts[p + 1]) of the given ranges (as runStageCuts), and no block of phase
   * p + 1 starts before every block of phase p is done (a barrier between the threads,
   * control_block.ts). For a sweep's colours: each colour's blocks are a phase. Writes each
   * phase's or of results into `results[p]`; returns the or of them all.
   */
  runPhases(
    stage: number,
    phases: number,
    starts: Int32Array,
    cuts: Int32Array,
    results: Int32Array,
  ): number {
    this.#check('runPhases');
    const kernel = this.#kernel;
    if (kernel === null) throw new Error('runPhases: no stores published yet (call publish first)');
    if (!(Number.isInteger(phases) && phases >= 1 && phases <= MAX_PHASES && starts.length > phases)) {
      throw new RangeError(
        `runPhases: phases must be an integer in [1, ${MAX_PHASES}] with phases + 1 starts, got ${phases} and ${starts.length}`,
      );
    }
    const blocks = starts[phases]!;
    if (!(starts[0] === 0 && blocks <= MAX_BLOCKS && cuts.length >= 4 * blocks && results.length >= phases)) {
      throw new RangeError(
        `runPhases: starts must rise from 0 to at most ${MAX_BLOCKS} blocks with 4 cuts each and a result per phase, got starts[0] ${starts[0]}, ${blocks} blocks, ${cuts.length} cuts, ${results.length} results`,
      );
    }
    const ctl = this.#ctl;
    if (this.helperCount === 0 || blocks === phases) {
      // one thread, or one block a phase: the phases here in order, no dispatch
      let all = 0;
      for (let p = 0; p < phases; p++) {
        let result = 0;
        for (let i = 4 * starts[p]!; i < 4 * starts[p + 1]!; i += 2) {
          if (cuts[i + 1]! > cuts[i]!) result |= kernel(stage, cuts[i]!, cuts[i + 1]!) ?? 0;
        }
        results[p] = result;
        all |= result;
      }
      return all;
    }
    const parity = (this.#seq + 1) & 1;
    const table = Ctl.CUTS + parity * CUT_WORDS;
    for (let i = 0; i < 4 * blocks; i++) ctl[table + i] = cuts[i]!;
    const phaseTable = Ctl.PHASES + parity * PHASE_TABLE;
    for (let p = 0; p <= phases; p++) {
      const b = starts[p]!;
      if (p > 0 && !(b >= starts[p - 1]!)) {
        throw new RangeError(`runPhases: starts must not fall, got ${starts[p - 1]} then ${b} at phase ${p}`);
      }
      ctl[phaseTable + p] = b;
    }
    // the lines of every phase but the last (which uses DONE and RESULT), zeroed before SEQ
    // publishes the dispatch: no thread of this dispatch reads them before that
    for (let p = 0; p < phases - 1; p++) {
      const line = Ctl.PHASE_LINES + p * CLAIM_STRIDE;
      Atomics.store(ctl, line + PhaseLine.DONE, 0);
      Atomics.store(ctl, line + PhaseLine.RESULT, 0);
    }
    const last = this.#dispatch(kernel, stage, CUT_BLOCKS, phases, blocks, blocks - starts[phases - 1]!);
    let all = last;
    for (let p = 0; p < phases - 1; p++) {
      const result = Atomics.load(ctl, Ctl.PHASE_LINES + p * CLAIM_STRIDE + PhaseLine.RESULT);
      results[p] = result;
      all |= result;
    }
    results[phases - 1] = last;
    return all;
  }

  /**
   * Publishes a dispatch of `blocks` blocks, claims blocks like a helper, waits at the
   * barrier until the last phase's `lastBlocks` are done; throws a helper's error.
   */
  #dispatch(
    kernel: StageKernel,
    stage: number,
    start: number,
    end: number,
    blocks: number,
    lastBlocks: number,
  ): number {
    const ctl = this.#ctl;
    const seq = ++this.#seq;
    const slot = Ctl.SLOTS + (seq & 1) * Slot.SIZE;
    Atomics.store(ctl, slot + Slot.STAGE, stage);
    Atomics.store(ctl, slot + Slot.BLOCKS, blocks);
    Atomics.store(ctl, slot + Slot.START, start);
    Atomics.store(ctl, slot + Slot.END, end);
    Atomics.store(ctl, Ctl.RESULT, 0);
    Atomics.store(ctl, Ctl.DONE, 0);
    openBlocks(ctl, seq, blocks);
    this.#blocksDispatched += blocks;
    if (!this.#holding) {
      // a step is under way: helpers wait for its next stage spinning, until release()
      this.#holding = true;
      Atomics.store(ctl, Ctl.HOLD, 1);
    }
    Atomics.store(ctl, Ctl.SEQ, seq);
    if (Atomics.load(ctl, Ctl.SLEEPERS) !== 0) Atomics.notify(ctl, Ctl.SEQ);
    claimBlocks(ctl, seq, 0, this.helperCount + 1, kernel, this.#onError, true, this.#spin);
    this.#barrier(lastBlocks);
    const own = this.#ownError;
    if (own !== null) {
      // the same as a single-threaded step would throw; the pool stays usable
      this.#ownError = null;
      this.release();
      throw own;
    }
    // readError makes views and a string: only once some helper has failed
    const error = Atomics.load(ctl, Ctl.ERROR) === 0 ? null : readError(this.#control);
    if (error !== null) {
      this.#failure ??= new Error(
        `HelperPool: solver helper ${error[0]} failed in stage ${stage}: ${error[1]}`,
      );
      this.release();
      throw this.#failure;
    }
    return Atomics.load(ctl, Ctl.RESULT);
  }

  /**
   * Lets the helpers park once they have spun `spin` loads with no dispatch: call it when a
   * step's last stage is done. From a dispatch until then, they spin `holdSpin` loads for
   * the next stage before parking (a bound: a step that ends without a release, by an
   * error or with no constraints, parks them all the same).
   */
  release(): void {
    if (!this.#holding) return;
    this.#holding = false;
    Atomics.store(this.#ctl, Ctl.HOLD, 0);
  }

  /** Waits until `blocks` blocks are done: spins, then sleeps on DONE. */
  #barrier(blocks: number): void {
    const ctl = this.#ctl;
    for (let i = 0; i < this.#spin; i++) if (Atomics.load(ctl, Ctl.DONE) === blocks) return;
    for (;;) {
      Atomics.store(ctl, Ctl.COORDINATOR_WAITING, 1);
      const done = Atomics.load(ctl, Ctl.DONE);
      if (done === blocks) break;
      if (Atomics.wait(ctl, Ctl.DONE, done) !== 'not-equal') Atomics.add(ctl, Ctl.COORDINATOR_PARKS, 1);
    }
    Atomics.store(ctl, Ctl.COORDINATOR_WAITING, 0);
  }

  #check(fn: string): void {
    if (this.#disposed) throw new Error(`${fn}: the helper pool is disposed`);
    if (this.#failure !== null) throw this.#failure;
  }

  /** Stops and terminates every helper. The pool cannot be used after. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    Atomics.store(this.#ctl, Ctl.SHUTDOWN, 1);
    Atomics.notify(this.#ctl, Ctl.SEQ);
    for (const helper of this.#helpers) helper.terminate();
    this.#helpers.length = 0;
  }
}
