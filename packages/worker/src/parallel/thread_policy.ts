/**
 * Whether a world's step hands its stages to the helpers or runs them all on the calling
 * thread (docs/parallel-step.md, "Never slower than one thread"). Who runs a block never
 * changes its bits, so this may change at any step: it is decided from wall-clock time and
 * changes nothing but speed.
 *
 * `'auto'`: once the helpers hold the world's stores, a probe steps the world in rounds of
 * `probeSteps` steps on the calling thread alone and `probeSteps` on the pool (the order
 * alternating per round, the first step of each run not counted: it wakes the helpers or
 * moves the bodies' data back to one core). It compares the median step of each side over
 * the rounds (a collection or a compilation lands in one step, not in the median) and keeps
 * the pool only while it measured faster: a pool in use stays while the ratio is above 1; a
 * pool out of use comes back above 1 / (1 − HYSTERESIS).
 *
 * The first `warmProbes` probes decide nothing: in a world's first steps both sides' code is
 * still being compiled, on every thread, and a probe then timed the compiler (pyramid 100 on
 * 2 threads: 0.64x measured at step 36, 1.42x at step 636). A choice holds `holdSteps` / 8
 * steps, twice as long each time the next probe confirms it, up to `holdSteps`: a wrong
 * early choice is corrected soon, a steady one costs a probe every `holdSteps` steps.
 */

/** Who runs the stages of a world's step: see the module comment. */
export type HelperUse = 'auto' | 'always' | 'never';

/** Step counts of the `'auto'` policy (WorldExecutorOptions.autoSteps). */
export interface AutoSteps {
  /** Steps a probe runs each way per round (the first not counted): at least 2. Default 6. */
  readonly probeSteps?: number;
  /** Rounds of a probe (their median ratio decides): odd, 1 to 9. Default 3. */
  readonly probeRounds?: number;
  /**
   * Steps the longest hold lasts before the next probe (a new choice holds an eighth of it,
   * doubling while probes confirm it). Default 600 (10 s at 60 steps a second).
   */
  readonly holdSteps?: number;
  /** Probes run before the first choice, their figures dropped (compilation): 0 to 100. Default 3. */
  readonly warmProbes?: number;
}

/** How much faster the pool must measure to come back into use: it is 5 %. */
const HYSTERESIS = 0.05;

enum Phase {
  /** Until the helpers hold the world's stores (the pool steps meanwhile: nothing to compare). */
  Wait = 0,
  Probe = 1,
  Hold = 2,
}

function checkSteps(
  field: string,
  v: number | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  const n = v ?? fallback;
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new RangeError(
      `WorldStepExecutor: autoSteps.${field} must be an integer in [${min}, ${max}], got ${String(v)}`,
    );
  }
  return n;
}

export class ThreadPolicy {
  /** Whether this step's stages may go to the pool (read by the executor at each stage). */
  pool: boolean;
  readonly #auto: boolean;
  readonly #probeSteps: number;
  readonly #rounds: number;
  readonly #holdSteps: number;
  /** Steps the current choice holds (doubles while probes confirm it). */
  #hold: number;
  /** Probes still to run before the first choice. */
  #warmLeft: number;
  #phase: Phase = Phase.Wait;
  /** Steps into the phase. */
  #step = 0;
  /** Whether the last probe chose the pool (a hold's `pool`). */
  #chosen = true;
  /** The current probe step's start (ms). */
  readonly #start = new Float64Array(1);
  /**
   * A probe's counted step times in whole microseconds: the calling thread's at [0, k), the
   * pool's at [k, 2k), k = rounds × (probeSteps − 1). Integers, so that sorting them in a
   * function that runs once a probe (never optimised) boxes no doubles. Only probe steps read
   * the clock: `performance.now()` called once a step is not optimised, and boxes its double
   * (16 bytes a call).
   */
  readonly #times: Int32Array;
  /** Counted steps so far in this probe: alone, on the pool. */
  #alone = 0;
  #pooled = 0;
  /** The last probe's median alone over its median on the pool (0 before one). */
  #speedUp = 0;
  /** Probes finished so far. */
  probes = 0;
  readonly #now: () => number;

  /** `now`: the clock in ms (a test's own clock; wall-clock time by default). */
  constructor(use: HelperUse, steps: AutoSteps = {}, now: () => number = () => performance.now()) {
    this.#now = now;
    if (use !== 'auto' && use !== 'always' && use !== 'never') {
      throw new RangeError(
        `WorldStepExecutor: useHelpers must be 'auto', 'always' or 'never', got ${String(use)}`,
      );
    }
    this.#auto = use === 'auto';
    this.pool = use !== 'never';
    this.#probeSteps = checkSteps('probeSteps', steps.probeSteps, 6, 2, 1000);
    this.#rounds = checkSteps('probeRounds', steps.probeRounds, 3, 1, 9);
    if ((this.#rounds & 1) === 0) {
      throw new RangeError(`WorldStepExecutor: autoSteps.probeRounds must be odd, got ${this.#rounds}`);
    }
    this.#holdSteps = checkSteps('holdSteps', steps.holdSteps, 600, 1, 1 << 30);
    this.#hold = this.#firstHold();
    this.#warmLeft = checkSteps('warmProbes', steps.warmProbes, 3, 0, 100);
    this.#times = new Int32Array(2 * this.#rounds * (this.#probeSteps - 1));
  }

  /**
   * A step starts: sets `pool` for it. `ready`: the pool has started and every helper holds
   * the world's stores (a probe before that would time the calling thread running the
   * helpers' share).
   */
  beginStep(ready: boolean): void {
    if (!this.#auto) return;
    if (this.#phase === Phase.Wait) {
      if (!ready) return;
      this.#startProbe();
    } else if (this.#phase === Phase.Hold && this.#step++ >= this.#hold) {
      if (ready || !this.#chosen) this.#startProbe();
      else this.#phase = Phase.Wait;
    }
    if (this.#phase === Phase.Probe) {
      const n = this.#probeSteps;
      const round = Math.floor(this.#step / (2 * n));
      const second = this.#step - 2 * n * round >= n;
      // even rounds alone first, odd rounds the pool first
      this.pool = second === ((round & 1) === 0);
      this.#start[0] = this.#now();
    }
  }

  /** The last deciding probe's median step alone over its median step on the pool (0 before one). */
  get speedUp(): number {
    return this.#speedUp;
  }

  /** The step ended: counts its time in a probe, and decides after the probe's last step. */
  endStep(): void {
    if (this.#phase !== Phase.Probe) return;
    const times = this.#times;
    const n = this.#probeSteps;
    const i = this.#step;
    const round = Math.floor(i / (2 * n));
    const within = i - 2 * n * round;
    // the first step of each run is not counted
    if (within !== 0 && within !== n) {
      const us = Math.min(Math.round((this.#now() - this.#start[0]!) * 1000), 0x7fffffff);
      if (this.pool) times[(times.length >> 1) + this.#pooled++] = us;
      else times[this.#alone++] = us;
    }
    if (++this.#step === 2 * n * this.#rounds) this.#decide();
  }

  #startProbe(): void {
    this.#phase = Phase.Probe;
    this.#step = 0;
    this.#alone = 0;
    this.#pooled = 0;
  }

  #firstHold(): number {
    return Math.max(1, this.#holdSteps >> 3);
  }

  #decide(): void {
    if (this.#warmLeft > 0) {
      this.#warmLeft--;
      this.#startProbe();
      return;
    }
    const times = this.#times;
    const k = times.length >> 1;
    // the medians read in place after sorting: a double returned from a call not inlined is
    // a new heap number (step_alloc.ts USE=auto saw `median` allocate)
    sortRange(times, 0, this.#alone);
    sortRange(times, k, k + this.#pooled);
    const pooled = Math.max(1, times[(2 * k + this.#pooled) >> 1]!);
    const speedUp = times[this.#alone >> 1]! / pooled;
    this.#speedUp = speedUp;
    this.probes++;
    const chosen = this.#chosen ? speedUp > 1 : speedUp > 1 / (1 - HYSTERESIS);
    this.#hold =
      chosen === this.#chosen && this.probes > 1
        ? Math.min(this.#holdSteps, 2 * this.#hold)
        : this.#firstHold();
    this.#chosen = chosen;
    this.pool = chosen;
    this.#phase = Phase.Hold;
    this.#step = 0;
  }
}

/** Sorts a[from, to) in place: an insertion sort (no allocation; to − from is small). */
function sortRange(a: Int32Array, from: number, to: number): void {
  for (let i = from + 1; i < to; i++) {
    const v = a[i]!;
    let j = i - 1;
    for (; j >= from && a[j]! > v; j--) a[j + 1] = a[j]!;
    a[j + 1] = v;
  }
}
