/**
 * A world's step on the physics worker and its solver helpers: the step hands each stage's
 * item range to `runStage` (the core's step executor seam), which runs it on the calling
 * thread alone when it is small, and otherwise through the helper pool in blocks (the
 * calling thread claims blocks too, one barrier per stage). "Small" is per stage kind
 * (dispatch_threshold.ts); a step whose constraints are too few for any colour to reach
 * its threshold runs its colour stages as one loop each (`inline`), as the single-threaded
 * executor does.
 *
 * Before a dispatch it mirrors the step's inputs for the helpers (ParallelStep
 * .beforeDispatch) and, when a store grew since the last publish (a new shared
 * generation: between stages, even inside a step), publishes the new columns first;
 * helpers that have not taken them yet claim nothing, so the calling thread runs their
 * share and the bits never depend on it. A stage whose columns are not all shared runs
 * on the calling thread.
 */

import type { World } from '@impulse/core';
import { ParallelStep, REGION_PHASE_BIT, SolverStage } from '@impulse/core/parallel';
import type { BlockCounts, BlockTimes, HelperSpawner } from './pool.js';
import { DEFAULT_MIN_BLOCK_ITEMS } from './block_items.js';
import { blockStart, CUT_WORDS, MAX_BLOCKS, MAX_PHASES } from './control_block.js';
import {
  COLOUR_STAGES,
  type DispatchThresholds,
  dispatchThresholds,
  TWO_BLOCKS,
} from './dispatch_threshold.js';
import { HelperPool } from './pool.js';
import { PoolStepExecutor } from './pool_executor.js';
import { type AutoSteps, type HelperUse, ThreadPolicy } from './thread_policy.js';

export interface WorldExecutorOptions {
  /** Helper workers besides the calling thread (>= 1). */
  readonly helpers: number;
  readonly spawn: HelperSpawner;
  /** URL of @impulse/core's built `parallel.js`, which helpers import. */
  readonly kernelUrl: string;
  /**
   * Fewest items per block (PoolStepExecutor.minBlockItems). Default 64. A stage with fewer
   * than its MIN_DISPATCH_BLOCKS blocks' worth runs on the calling thread, with no dispatch.
   */
  readonly minBlockItems?: number;
  /**
   * Blocks' worth every stage needs to be dispatched, in place of the measured
   * MIN_DISPATCH_BLOCKS (an integer >= 2; the threshold bench forces 2).
   */
  readonly dispatchBlocks?: number;
  readonly spin?: number;
  /** HelperPoolOptions.holdSpin: the helpers' spin for the next stage within a step. */
  readonly holdSpin?: number;
  /**
   * How a colour's blocks are cut: `'body'` (the default) where the body stages cut its
   * constraints' bodies, and preparing and storing each thread's share of every colour;
   * `'even'` into blocks of equal counts (to compare: profile:step).
   */
  readonly colourCut?: 'body' | 'even';
  /**
   * How a colour stage's sweep is handed to the helpers: `'phases'` (the default) in one
   * dispatch whose colours are phases, with a barrier between the threads after each
   * (HelperPool.runPhases); `'colours'` in a dispatch per colour (to compare: profile:step).
   */
  readonly sweep?: 'phases' | 'colours';
  /**
   * Whether the helpers take part (thread_policy.ts): `'auto'` (the default) only while a
   * step measures faster with them than on the calling thread alone, timed after the first
   * steps' compilation and again at least every `autoSteps.holdSteps` steps; `'always'` whenever a stage reaches its threshold;
   * `'never'`: the calling thread runs every stage. The bits are the same either way.
   */
  readonly useHelpers?: HelperUse;
  /** Step counts of the `'auto'` policy's probes (tests make them short). */
  readonly autoSteps?: AutoSteps;
}

/**
 * A sweep's dispatch (HelperPool.runPhases): its phases' first blocks, the blocks' ranges,
 * each phase's colours (a mask), and what it was made for (#sweepPlan).
 */
class SweepPlan {
  /** The executor's steps begun and the world's steps taken when it was made. */
  step = -1;
  worldStep = -1;
  /** 1: contact colours, 0: joint colours. */
  kind = 0;
  mask = 0;
  min = 0;
  /** Colours run as small whatever their size (runColours: the relax-again pass's few flagged). */
  small = 0;
  phases = 0;
  readonly starts = new Int32Array(MAX_PHASES + 1);
  readonly cuts = new Int32Array(CUT_WORDS);
  readonly colours = new Int32Array(MAX_PHASES);
}

/**
 * Plans kept per step: the warm start, solve, relax and relax-again sweeps of contacts and
 * of joints have at most 4 thresholds and masks that differ in a step but the relax-again
 * pass's (it is replaced in turn).
 */
const SWEEP_PLANS = 6;

/** runColours' regions when the step hands none (joint colours). */
const NO_REGIONS = new Int32Array(1);

/** A threshold no stage reaches: every stage on the calling thread. */
const ALONE = 0x7fffffff;

/** Set bits of a 32-bit mask. */
function bitCount(mask: number): number {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
}

export class WorldStepExecutor {
  readonly #step: ParallelStep;
  readonly #options: WorldExecutorOptions;
  readonly #minBlockItems: number;
  readonly #thresholds: DispatchThresholds;
  /** This step's colour stages run as one loop each here (the `inline` the step reads). */
  #inline = false;
  #pool: HelperPool | null = null;
  #blocks: PoolStepExecutor<unknown> | null = null;
  readonly #kernel: (stage: number, start: number, end: number) => number;
  /** The shared generation last published, and whether helpers can run blocks on it. */
  #published = -1;
  #shareable = false;
  /** Stages handed to the pool so far (the rest ran on the calling thread alone). */
  dispatches = 0;
  /** Per stage id, 1 for the colour stages, whose blocks are cut by body (#run). */
  readonly #colourStage: Uint8Array;
  /** Whether colours, preparing and storing are cut by body (colourCut). */
  readonly #cutByBody: boolean;
  /** A stage's cuts (HelperPool.runStageCuts), reused. */
  readonly #cuts = new Int32Array(CUT_WORDS);
  /** The sweeps' plans of this step (#sweepPlan), replaced in turn, and the next to replace. */
  readonly #plans: SweepPlan[] = Array.from({ length: SWEEP_PLANS }, () => new SweepPlan());
  #nextPlan = 0;
  /** Steps begun so far: a sweep plan is valid within its step. */
  #steps = 0;
  /** A sweep's phases' results. */
  readonly #phaseResults = new Int32Array(MAX_PHASES);
  /** Whether a colour stage's sweep runs in one dispatch (sweep). */
  readonly #sweeps: boolean;
  /** Whether this step's stages may go to the pool (useHelpers). */
  readonly #policy: ThreadPolicy;
  /** `dispatches` when this step began, and the stages the last step dispatched. */
  #stepDispatches = 0;
  #lastStepDispatches = 0;
  /**
   * Per colour, at least how many constraints the last Relax sweep flagged (its phase's
   * blocks' or of flag counts times its blocks), while `#flaggedKnown`: the relax-again
   * pass right after it reads them.
   */
  readonly #flagged = new Int32Array(32);
  #flaggedKnown = false;
  /** Relax-again colours run in one thread's block, not a phase of their own, for few flags (a statistic). */
  fewFlaggedColours = 0;
  constructor(world: World, options: WorldExecutorOptions) {
    const step = new ParallelStep(world);
    this.#step = step;
    this.#kernel = step.kernel;
    this.#options = options;
    this.#minBlockItems = options.minBlockItems ?? DEFAULT_MIN_BLOCK_ITEMS;
    if (!Number.isInteger(this.#minBlockItems) || this.#minBlockItems < 1) {
      throw new RangeError(
        `WorldStepExecutor: minBlockItems must be a positive integer, got ${this.#minBlockItems}`,
      );
    }
    const blocks = options.dispatchBlocks;
    if (blocks !== undefined && !(Number.isInteger(blocks) && blocks >= TWO_BLOCKS)) {
      throw new RangeError(
        `WorldStepExecutor: dispatchBlocks must be an integer >= ${TWO_BLOCKS}, got ${String(blocks)}`,
      );
    }
    this.#thresholds = dispatchThresholds(this.#minBlockItems, blocks);
    this.#colourStage = new Uint8Array(this.#thresholds.items.length);
    const cut = options.colourCut ?? 'body';
    if (cut !== 'body' && cut !== 'even') {
      throw new RangeError(`WorldStepExecutor: colourCut must be 'body' or 'even', got ${String(cut)}`);
    }
    this.#cutByBody = cut === 'body';
    if (this.#cutByBody) for (const stage of COLOUR_STAGES) this.#colourStage[stage] = 1;
    const sweep = options.sweep ?? 'phases';
    if (sweep !== 'phases' && sweep !== 'colours') {
      throw new RangeError(`WorldStepExecutor: sweep must be 'phases' or 'colours', got ${String(sweep)}`);
    }
    this.#sweeps = sweep === 'phases';
    this.#policy = new ThreadPolicy(options.useHelpers ?? 'auto', options.autoSteps);
  }

  /**
   * The pool, started when a stage first reaches its dispatch threshold: a world that stays
   * small never starts a helper thread.
   */
  #start(): PoolStepExecutor<unknown> {
    const options = this.#options;
    const step = this.#step;
    this.#pool = new HelperPool({
      helpers: options.helpers,
      spawn: options.spawn,
      // the calling thread's kernel runs on the world itself, whatever stores it is given
      kernel: { url: options.kernelUrl, module: { createStageKernel: () => step.kernel } },
      ...(options.spin === undefined ? {} : { spin: options.spin }),
      ...(options.holdSpin === undefined ? {} : { holdSpin: options.holdSpin }),
    });
    this.#blocks = new PoolStepExecutor(this.#pool, { minBlockItems: this.#minBlockItems });
    return this.#blocks;
  }

  /** Helper workers besides the calling thread (started when a stage first needs them). */
  get helpers(): number {
    return this.#options.helpers;
  }

  /** Whether a stage has reached its dispatch threshold yet: until then no helper thread exists. */
  get started(): boolean {
    return this.#pool !== null;
  }

  /**
   * Threads that ran the last step's stages: the helpers and this one when it dispatched
   * some, else 1 (a small world, or the helpers out of use: useHelpers).
   */
  get threadsInUse(): number {
    return this.#lastStepDispatches > 0 ? this.#options.helpers + 1 : 1;
  }

  /**
   * The last `'auto'` probe's step time on this thread alone over the time with the
   * helpers (above 1: they made it faster), or 0 before the first probe.
   */
  get measuredSpeedUp(): number {
    return this.#policy.speedUp;
  }

  /** `'auto'` probes finished so far. */
  get probes(): number {
    return this.#policy.probes;
  }

  /** StepExecutor.beginStep: the thread policy picks who runs this step. */
  beginStep(): void {
    const pool = this.#pool;
    const policy = this.#policy;
    policy.beginStep(pool !== null && pool.readyHelpers === pool.helperCount);
    this.#steps++;
    // out of use, the helpers park at once rather than spin for a stage that will not come
    if (!policy.pool) pool?.release();
    this.#stepDispatches = this.dispatches;
  }

  /** StepExecutor.endStep. */
  endStep(): void {
    this.#policy.endStep();
    this.#lastStepDispatches = this.dispatches - this.#stepDispatches;
  }

  /** Helpers holding the stores last published. */
  get readyHelpers(): number {
    return this.#pool?.readyHelpers ?? 0;
  }

  /** Times a helper slept in `Atomics.wait` so that a dispatch had to wake it (a statistic). */
  get helperParks(): number {
    return this.#pool?.helperParks ?? 0;
  }

  /** How the blocks dispatched so far were shared out (statistics). */
  get blockCounts(): BlockCounts {
    return this.#pool?.blockCounts ?? { dispatched: 0, helpers: 0, away: 0 };
  }

  /** HelperPool.profileBlocks, once the pool has started (profiling). */
  profileBlocks(timing: boolean, alone: boolean): void {
    this.#pool?.profileBlocks(timing, alone);
  }

  /** HelperPool.blockTimes (profiling); null before the pool has started. */
  get blockTimes(): BlockTimes | null {
    return this.#pool?.blockTimes ?? null;
  }

  /** Barriers between the colours of a sweep's dispatch passed so far (a statistic). */
  get phaseBarriers(): number {
    return this.#pool?.phaseBarriers ?? 0;
  }

  /** Times a thread slept at a barrier between a sweep's colours (a statistic). */
  get phaseParks(): number {
    return this.#pool?.phaseParks ?? 0;
  }

  /** Times the calling thread slept at a barrier (a statistic). */
  get coordinatorParks(): number {
    return this.#pool?.coordinatorParks ?? 0;
  }

  /**
   * True while this step's constraints are too few for any colour to be dispatched: the
   * step then runs each colour stage over all colours in one call on this thread
   * (StepExecutor.inline), with the bits of the call per colour. Decided when the step
   * prepares its contacts, which it does before any colour stage (solver.ts solve).
   */
  get inline(): boolean {
    return this.#inline;
  }

  /** Runs `stage` over items [start, end): returns after all of it, with the or of its blocks' results. */
  runStage(_w: unknown, stage: number, start: number, end: number): number {
    const items = end - start;
    const thresholds = this.#thresholds;
    const pool = this.#policy.pool;
    if (stage === SolverStage.PrepareContacts) this.#inline = !pool || items < thresholds.colourItems;
    if (!pool) return this.#kernel(stage, start, end);
    const min = stage < thresholds.items.length ? thresholds.items[stage]! : thresholds.fallback;
    // storing impulses ends the soft step's stages: after it, the helpers may park
    if (stage === SolverStage.StoreImpulses) {
      const result = this.#run(stage, start, end, items, min);
      this.#pool?.release();
      return result;
    }
    return this.#run(stage, start, end, items, min);
  }

  /**
   * A colour stage over the colours of `mask` (StepExecutor.runColours: contact colours, or
   * joint colours of row-only joints): when some colour reaches the stage's threshold, one
   * dispatch whose phases are the colours, each cut into a multiple of the threads (a
   * contact colour by body, a joint colour evenly); consecutive colours below the threshold make one
   * phase of one block (one thread runs them in order: no barrier between them). Else every
   * colour here. Returns the mask of the colours whose result was not 0.
   */
  runColours(
    _w: unknown,
    stage: number,
    colourStart: Int32Array,
    mask: number,
    regionStart: Int32Array = NO_REGIONS,
    regions = 0,
  ): number {
    const thresholds = this.#thresholds;
    const contactSweep = stage < this.#colourStage.length && this.#colourStage[stage] === 1;
    const min = stage < thresholds.items.length ? thresholds.items[stage]! : thresholds.fallback;
    const colours = colourStart.length - 1;
    // the regions' phase (StepExecutor.runColours), when the mask has it
    const regionCount = regions > 0 && (mask & REGION_PHASE_BIT) !== 0 ? regions : 0;
    // The relax-again pass solves only what the relax pass flagged: on the tumbler after
    // its first 90 steps some 7 constraints of a colour's 230, a scan of flags and a few
    // solves, less than a barrier costs. A colour with fewer flagged than the stage's
    // threshold is run as a small one (one thread's block, merged with its small
    // neighbours, or here): the same order, the same bits.
    const small =
      stage === SolverStage.RelaxAgain && this.#flaggedKnown ? this.#fewFlagged(mask, colours, min) : 0;
    this.#flaggedKnown = false;
    if (!this.#policy.pool) {
      const here = this.#regionsHere(stage, regionStart, regionCount);
      return here | this.#colourByColour(stage, colourStart, mask, colours, ALONE, 0);
    }
    this.fewFlaggedColours += bitCount(small);
    // the region phase's size: its range over two (a block per region, any thread)
    let largest = regionCount > 0 ? (regionStart[regionCount]! - regionStart[0]!) >> 1 : 0;
    for (let c = 0; c < colours; c++) {
      const items = (((mask & ~small) >> c) & 1) !== 0 ? colourStart[c + 1]! - colourStart[c]! : 0;
      if (items > largest) largest = items;
    }
    if (largest < min || !this.#sweeps)
      return this.#alone(stage, colourStart, mask, colours, min, regionStart, regionCount, small);
    if (this.#blocks === null) this.#start();
    const step = this.#step;
    step.beforeDispatch();
    if (step.generation() !== this.#published) this.#publish();
    if (!this.#shareable)
      return this.#alone(stage, colourStart, mask, colours, min, regionStart, regionCount, small);
    const plan = this.#sweepPlan(
      contactSweep,
      colourStart,
      mask,
      min,
      small,
      colours,
      regionStart,
      regionCount,
    );
    if (plan === null)
      return this.#alone(stage, colourStart, mask, colours, min, regionStart, regionCount, small);
    this.dispatches++;
    const results = this.#phaseResults;
    const phases = plan.phases;
    this.#pool!.runPhases(stage, phases, plan.starts, plan.cuts, results);
    let out = 0;
    // a phase of several small colours flags them all: the relax-again pass on a colour it
    // flagged nothing in changes nothing (it solves only the flagged constraints)
    for (let p = 0; p < phases; p++) if (results[p] !== 0) out |= plan.colours[p]!;
    if (stage === SolverStage.Relax) this.#recordFlagged(plan, results, colours);
    return out;
  }

  /**
   * Keeps, per colour of a Relax sweep's plan, a bound above what it flagged: a Relax block
   * returns its flag count and a phase the or of its blocks' (at least the largest, under
   * twice it), so the or times the phase's blocks.
   */
  #recordFlagged(plan: SweepPlan, results: Int32Array, colours: number): void {
    const flagged = this.#flagged;
    const starts = plan.starts;
    for (let p = 0; p < plan.phases; p++) {
      const bound = results[p]! * (starts[p + 1]! - starts[p]!);
      const m = plan.colours[p]!;
      for (let c = 0; c < colours; c++) if (((m >> c) & 1) !== 0) flagged[c] = bound;
    }
    this.#flaggedKnown = true;
  }

  /** The colours of `mask` the last Relax sweep flagged fewer than `min` constraints in (#recordFlagged). */
  #fewFlagged(mask: number, colours: number, min: number): number {
    const flagged = this.#flagged;
    let few = 0;
    for (let c = 0; c < colours; c++) if (((mask >> c) & 1) !== 0 && flagged[c]! < min) few |= 1 << c;
    return few;
  }

  /**
   * The phases and blocks of a sweep over the colours of `mask` (runColours), or null when
   * they are more than a dispatch holds. Made once a step per kind (contact or joint
   * colours), mask and threshold: the colours and the awake bodies that fix the cuts do
   * not change within a step, so the warm start, solve and relax of every sub-step reuse
   * their plans (the calling thread's work: docs/parallel-step.md, "Less serial work").
   */
  #sweepPlan(
    contactSweep: boolean,
    colourStart: Int32Array,
    mask: number,
    min: number,
    small: number,
    colours: number,
    regionStart: Int32Array,
    regions: number,
  ): SweepPlan | null {
    const plans = this.#plans;
    const steps = this.#steps;
    // the world's own count too: a wrapper that does not pass beginStep on (profile:step's
    // did) must get new plans each step, not the cuts of colours of an earlier step
    const worldStep = this.#step.stepCount();
    const kind = contactSweep ? 1 : 0;
    for (let i = 0; i < plans.length; i++) {
      const made = plans[i]!;
      if (
        made.step === steps &&
        made.worldStep === worldStep &&
        made.kind === kind &&
        made.mask === mask &&
        made.min === min &&
        made.small === small
      )
        return made;
    }
    const plan = plans[this.#nextPlan]!;
    this.#nextPlan = (this.#nextPlan + 1) % plans.length;
    plan.step = -1;
    const executor = this.#blocks!;
    const step = this.#step;
    const threads = this.#pool!.helperCount + 1;
    const cuts = this.#cuts;
    const sweepCuts = plan.cuts;
    const starts = plan.starts;
    const phaseColours = plan.colours;
    // a contact colour is cut where the body stages cut its bodies; a joint colour evenly
    const byBody = contactSweep;
    let phases = 0;
    let blocks = 0;
    // the regions first: one phase, a block per region (claimed from thread t's own regions
    // first: claimBlocks), each run whole by one thread
    if (regions > 0) {
      if (regions > MAX_BLOCKS) return null;
      starts[phases] = blocks;
      phaseColours[phases++] = REGION_PHASE_BIT;
      for (let r = 0; r < regions; r++) {
        const o = 4 * blocks++;
        const end = regionStart[r + 1]!;
        sweepCuts[o] = regionStart[r]!;
        sweepCuts[o + 1] = end;
        sweepCuts[o + 2] = end;
        sweepCuts[o + 3] = end;
      }
    }
    // the end of the last phase when it is one block of small colours (else -1): a small
    // colour that follows it joins its range, run by one thread after them with no barrier
    let smallEnd = -1;
    for (let c = 0; c < colours; c++) {
      const start = colourStart[c]!;
      const end = colourStart[c + 1]!;
      if (((mask >> c) & 1) === 0 || end === start) continue;
      const isSmall = end - start < min || ((small >> c) & 1) !== 0;
      if (isSmall && smallEnd === start) {
        sweepCuts[4 * blocks - 3] = end;
        sweepCuts[4 * blocks - 2] = end;
        sweepCuts[4 * blocks - 1] = end;
        phaseColours[phases - 1] = phaseColours[phases - 1]! | (1 << c);
        smallEnd = end;
        continue;
      }
      const n = isSmall ? 1 : executor.blocksFor(end - start);
      const cutBlocks = n >= threads ? (n - (n % threads)) | 0 : 1;
      // more blocks than a dispatch holds (many threads): a dispatch per colour
      if (blocks + cutBlocks > MAX_BLOCKS) return null;
      starts[phases] = blocks;
      phaseColours[phases++] = 1 << c;
      if (cutBlocks > 1 && byBody && step.colourCuts(start, end, cutBlocks, cuts)) {
        for (let i = 0; i < 4 * cutBlocks; i++) sweepCuts[4 * blocks + i] = cuts[i]!;
        blocks += cutBlocks;
        smallEnd = -1;
      } else if (cutBlocks > 1) {
        for (let b = 0; b < cutBlocks; b++) {
          const o = 4 * (blocks + b);
          sweepCuts[o] = blockStart(start, end, b, cutBlocks);
          sweepCuts[o + 1] = blockStart(start, end, b + 1, cutBlocks);
          sweepCuts[o + 2] = end;
          sweepCuts[o + 3] = end;
        }
        blocks += cutBlocks;
        smallEnd = -1;
      } else {
        const o = 4 * blocks;
        sweepCuts[o] = start;
        sweepCuts[o + 1] = end;
        sweepCuts[o + 2] = end;
        sweepCuts[o + 3] = end;
        blocks++;
        smallEnd = isSmall ? end : -1;
      }
    }
    starts[phases] = blocks;
    plan.phases = phases;
    plan.step = steps;
    plan.worldStep = worldStep;
    plan.kind = kind;
    plan.mask = mask;
    plan.min = min;
    plan.small = small;
    return plan;
  }

  /** The regions here, in order (one block: their constraints' order), then #colourByColour. */
  #alone(
    stage: number,
    colourStart: Int32Array,
    mask: number,
    colours: number,
    min: number,
    regionStart: Int32Array,
    regions: number,
    small: number,
  ): number {
    const here = this.#regionsHere(stage, regionStart, regions);
    return here | this.#colourByColour(stage, colourStart, mask, colours, min, small);
  }

  /** Every region's constraints on this thread, region after region: REGION_PHASE_BIT when the result was not 0. */
  #regionsHere(stage: number, regionStart: Int32Array, regions: number): number {
    if (regions === 0) return 0;
    const start = regionStart[0]!;
    const end = regionStart[regions]!;
    return end > start && this.#kernel(stage, start, end) !== 0 ? REGION_PHASE_BIT : 0;
  }

  /**
   * The colours of `mask` colour after colour, each dispatched or not by its own size
   * (#run); those of `small` here.
   */
  #colourByColour(
    stage: number,
    colourStart: Int32Array,
    mask: number,
    colours: number,
    min: number,
    small: number,
  ): number {
    let out = 0;
    for (let c = 0; c < colours; c++) {
      const start = colourStart[c]!;
      const end = colourStart[c + 1]!;
      if (((mask >> c) & 1) === 0 || end === start) continue;
      const items = ((small >> c) & 1) !== 0 ? 0 : end - start;
      if (this.#run(stage, start, end, items, min) !== 0) out |= 1 << c;
    }
    return out;
  }

  #run(stage: number, start: number, end: number, items: number, min: number): number {
    // below the stage's threshold: no dispatch, no barrier (and no pool yet)
    if (items < min) return this.#kernel(stage, start, end);
    const blocks = (this.#blocks ?? this.#start()).blocksFor(items);
    const step = this.#step;
    step.beforeDispatch(stage);
    if (step.generation() !== this.#published) this.#publish();
    if (!this.#shareable) return this.#kernel(stage, start, end);
    this.dispatches++;
    const pool = this.#pool!;
    if (this.#cutByBody && (stage === SolverStage.PrepareContacts || stage === SolverStage.StoreImpulses)) {
      // each thread prepares and stores the constraints it solves: its share of every colour
      const threads = pool.helperCount + 1;
      const n = start === 0 ? step.shareCuts(threads, this.#cuts) : 0;
      if (n > 0 && n <= MAX_BLOCKS) return pool.runStageCuts(stage, n, this.#cuts);
    }
    if (stage < this.#colourStage.length && this.#colourStage[stage] === 1) {
      // a colour: cut where the body stages cut its bodies, in a multiple of the threads
      // (each thread's share then ends at a body-stage share's end), so that each thread
      // solves the constraints of the bodies it integrates (docs/parallel-step.md,
      // "Keeping each body's data on one core")
      const threads = pool.helperCount + 1;
      const cutBlocks = blocks >= threads ? (blocks - (blocks % threads)) | 0 : blocks;
      if (step.colourCuts(start, end, cutBlocks, this.#cuts))
        return pool.runStageCuts(stage, cutBlocks, this.#cuts);
    }
    return pool.runStage(stage, start, end, blocks);
  }

  #publish(): void {
    const step = this.#step;
    const stores = step.stores();
    this.#published = step.generation();
    this.#shareable = step.shareable(stores);
    // helpers are given only stores they can run on: until the next publish, the stages
    // stay on the calling thread and the helpers' old stores are never dispatched on
    // with the WebAssembly kernel on shared memory, helpers run its blocks too
    if (this.#shareable) this.#pool!.publish(stores, step.kernelShare());
  }

  dispose(): void {
    this.#pool?.dispose();
  }
}
