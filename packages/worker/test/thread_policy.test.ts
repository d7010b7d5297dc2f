/**
 * The 'auto' policy's choice (src/parallel/thread_policy.ts) on a clock of the test's own:
 * each step lasts what the test says for the calling thread alone and for the pool, so the
 * choice is checked without wall-clock time. The bits do not depend on it
 * (parallel_step.test.ts "who runs the step").
 */
import { describe, expect, it } from 'vitest';
import { type AutoSteps, ThreadPolicy } from '../src/parallel/thread_policy';

/**
 * A policy whose steps take `alone` or `pool` ms on its clock (or what `cost` says for the
 * step's index), and a stepper of it that records who ran each step.
 */
function policy(steps: AutoSteps) {
  let clock = 0;
  let index = 0;
  const cost = { alone: 10, pool: 10, at: null as null | ((step: number, pool: boolean) => number) };
  const p = new ThreadPolicy('auto', { probeSteps: 3, probeRounds: 3, warmProbes: 0, ...steps }, () => clock);
  const ran: boolean[] = [];
  const step = (n: number): void => {
    for (let i = 0; i < n; i++) {
      p.beginStep(true);
      ran.push(p.pool);
      clock += cost.at !== null ? cost.at(index, p.pool) : p.pool ? cost.pool : cost.alone;
      index++;
      p.endStep();
    }
  };
  /** Steps until the next probe decides; returns the steps taken. */
  const untilProbe = (): number => {
    const probes = p.probes;
    let n = 0;
    while (p.probes === probes) {
      step(1);
      n++;
      if (n > 100_000) throw new Error('no probe');
    }
    return n;
  };
  return { p, cost, step, untilProbe, ran };
}

/** Steps of one probe: 3 rounds of 3 steps each way. */
const PROBE = 18;

describe("the 'auto' thread policy", () => {
  it('keeps the pool while it is faster, leaves it when it is slower, and comes back only past the hysteresis', () => {
    const { p, cost, step, untilProbe } = policy({ holdSteps: 10 });
    expect(p.pool, 'the pool steps until the first probe').toBe(true);
    cost.pool = 8;
    step(PROBE);
    expect(p.probes).toBe(1);
    expect(p.speedUp).toBeCloseTo(10 / 8);
    expect(p.pool).toBe(true);
    // slower with the helpers: out of use after the next probe
    cost.pool = 10.1;
    untilProbe();
    expect(p.pool).toBe(false);
    // 3 % faster: within the hysteresis, the calling thread keeps the step
    cost.pool = 10 / 1.03;
    untilProbe();
    expect(p.pool).toBe(false);
    // 10 % faster: back in use
    cost.pool = 10 / 1.1;
    untilProbe();
    expect(p.probes).toBe(4);
    expect(p.pool).toBe(true);
  });

  it('probes both ways, alone first in even rounds, and holds its choice between probes', () => {
    const { p, step, ran } = policy({ holdSteps: 40 });
    step(PROBE + 5);
    // rounds of 3 alone then 3 on the pool, the middle round the other way round, then the hold
    const a = false;
    const o = true;
    expect(ran.slice(0, PROBE)).toEqual([a, a, a, o, o, o, o, o, o, a, a, a, a, a, a, o, o, o]);
    expect(p.probes).toBe(1);
    expect(new Set(ran.slice(PROBE)).size, 'one choice through the hold').toBe(1);
  });

  it('holds a new choice an eighth of holdSteps, twice as long at each probe that confirms it, and short again when it changes', () => {
    const { cost, untilProbe } = policy({ holdSteps: 800 });
    cost.pool = 12;
    expect(untilProbe()).toBe(PROBE);
    // the holds after the 1st, 2nd, ... probe that chose the calling thread
    const holds = [0, 0, 0, 0, 0].map(() => untilProbe() - PROBE);
    expect(holds).toEqual([100, 200, 400, 800, 800]);
    cost.pool = 8;
    untilProbe();
    expect(untilProbe() - PROBE, 'a changed choice holds an eighth again').toBe(100);
  });

  it('drops its warm-up probes: a pool slow while its code compiles is chosen once it is fast', () => {
    // the first 80 steps compile: the pool's steps take 40 ms, the calling thread's 14; then
    // 8 on the pool against 10 alone (pyramid 100 on 2 threads measured 0.64x at step 36, 1.42x at 636)
    const cold = (step: number, pool: boolean) => (step < 80 ? (pool ? 40 : 14) : pool ? 8 : 10);
    const warm = policy({ holdSteps: 600, warmProbes: 5 });
    warm.cost.at = cold;
    warm.untilProbe();
    expect(warm.p.pool, 'with warm-up probes').toBe(true);
    expect(warm.p.speedUp).toBeCloseTo(10 / 8);
    // without them the first probe times the compiler and leaves the pool
    const hasty = policy({ holdSteps: 600, warmProbes: 0 });
    hasty.cost.at = cold;
    hasty.untilProbe();
    expect(hasty.p.pool).toBe(false);
    // and its short first hold brings the pool back soon after the code is warm
    expect(hasty.untilProbe(), 'the second probe comes after an eighth of the hold').toBe(75 + PROBE);
    expect(hasty.p.pool).toBe(true);
  });

  it('decides on the median step: one long step (a collection) does not turn the choice', () => {
    const { p, cost, untilProbe } = policy({ holdSteps: 600 });
    cost.at = (step, pool) => (step === 4 ? 500 : pool ? 8 : 10);
    untilProbe();
    expect(p.pool).toBe(true);
    expect(p.speedUp).toBeCloseTo(10 / 8);
  });

  it("waits for the helpers before it probes, and 'always' and 'never' never change", () => {
    const { p, step } = policy({ holdSteps: 5 });
    p.beginStep(false);
    p.endStep();
    expect(p.probes).toBe(0);
    step(PROBE);
    expect(p.probes).toBe(1);
    for (const [use, pool] of [
      ['always', true],
      ['never', false],
    ] as const) {
      const fixed = new ThreadPolicy(use);
      for (let i = 0; i < 100; i++) {
        fixed.beginStep(true);
        fixed.endStep();
      }
      expect(fixed.pool).toBe(pool);
      expect(fixed.probes).toBe(0);
    }
  });

  it('checks warmProbes, naming the field and the value', () => {
    expect(() => new ThreadPolicy('auto', { warmProbes: 101 })).toThrow(
      'WorldStepExecutor: autoSteps.warmProbes must be an integer in [0, 100], got 101',
    );
  });
});
