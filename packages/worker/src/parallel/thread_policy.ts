/**
 * Whether a world's step hands its stages to the helpers or runs them all on the calling
 * thread (docs/parallel-step.md, "Never slower than one thread"). Who runs a block never
 * changes its bits, so this may change at any step: it is decided from wall-clock time and
 * changes nothing but speed.
 *
 * `'auto'`: once the helpers hold the world's stores, a probe steps the world in rounds of
 * `probeSteps` steps on the calling thread alone and `probeSteps` on the pool (the order
 * alternating per round, the first step of each run not counted: it wakes the helpers or
 * moves the bodies' data back to one core), takes the median over the rounds of the pool's
 * time over the calling thread's, and keeps the pool only while it measured faster: a pool
 * in use stays while the ratio is below 1; a pool out of use comes back below
 * 1 − HYSTERESIS. The choice holds `holdSteps` steps, then the next probe runs.
 */

/** Who runs the stages of a world's step: see the module comment. */
export type HelperUse = 'auto' | 'always' | 'never';

/** Step counts of the `'auto'` policy (WorldExecutorOptions.autoSteps). */
export interface AutoSteps {
  /** Steps a probe runs each way per round (the first not counted): at least 2. Default 6. */
  readonly probeSteps?: number;
  /** Rounds of a probe (their median ratio decides): odd, 1 to 9. Default 3. */
  readonly probeRounds?: number;
  /** Steps a choice holds before the next probe. Default 600 (10 s at 60 steps a second). */
  readonly holdSteps?: number;
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
  #phase: Phase = Phase.Wait;
  /** Steps into the phase. */
  #step = 0;
  /** Whether the last probe chose the pool (a hold's `pool`). */
  #chosen = true;
  /**
   * A probe step's start, and per probe round the counted time alone then on the pool (ms).
   * Only probe steps read the clock: `performance.now()` called once a step is not
   * optimised, and boxes its double (16 bytes a call).
   */
  readonly #times: Float64Array;
  /** Per probe round, the calling thread's time over the pool's (sorted for the median), then the last median. */
  readonly #ratios: Float64Array;
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
    this.#times = new Float64Array(1 + 2 * this.#rounds);
    this.#ratios = new Float64Array(this.#rounds + 1);
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
    } else if (this.#phase === Phase.Hold && ++this.#step >= this.#holdSteps) {
      if (ready || !this.#chosen) this.#startProbe();
      else this.#phase = Phase.Wait;
    }
    if (this.#phase === Phase.Probe) {
      const n = this.#probeSteps;
      const round = Math.floor(this.#step / (2 * n));
      const second = this.#step - 2 * n * round >= n;
      // even rounds alone first, odd rounds the pool first
      this.pool = second === ((round & 1) === 0);
      this.#times[0] = this.#now();
    }
  }

  /** The last probe's median of the calling thread's time over the pool's (0 before one). */
  get speedUp(): number {
    return this.#ratios[this.#rounds]!;
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
    if (within !== 0 && within !== n) times[1 + 2 * round + (this.pool ? 1 : 0)]! += this.#now() - times[0]!;
    if (++this.#step === 2 * n * this.#rounds) this.#decide();
  }

  #startProbe(): void {
    this.#phase = Phase.Probe;
    this.#step = 0;
    this.#times.fill(0);
  }

  #decide(): void {
    const times = this.#times;
    const rounds = this.#rounds;
    // the median over the rounds (rounds is odd)
    const ratios = this.#ratios;
    for (let r = 0; r < rounds; r++) {
      const pool = times[2 + 2 * r]!;
      ratios[r] = pool > 0 ? times[1 + 2 * r]! / pool : 0;
    }
    // an insertion sort (at most 9 values; TypedArray sort allocates)
    for (let i = 1; i < rounds; i++) {
      const v = ratios[i]!;
      let j = i - 1;
      for (; j >= 0 && ratios[j]! > v; j--) ratios[j + 1] = ratios[j]!;
      ratios[j + 1] = v;
    }
    const speedUp = ratios[rounds >> 1]!;
    ratios[rounds] = speedUp;
    this.probes++;
    this.#chosen = this.#chosen ? speedUp > 1 : speedUp > 1 / (1 - HYSTERESIS);
    this.pool = this.#chosen;
    this.#phase = Phase.Hold;
    this.#step = 0;
  }
}
