/**
 * The 'auto' policy's choice (src/parallel/thread_policy.ts) on a clock of the test's own:
 * each step lasts what the test says for the calling thread alone and for the pool, so the
 * choice is checked without wall-clock time. The bits do not depend on it
 * (parallel_step.test.ts "who runs the step").
 */
import { describe, expect, it } from 'vitest';
import { ThreadPolicy } from '../src/parallel/thread_policy';

/** A policy whose steps take `alone` or `pool` ms on its clock, and a stepper of it. */
function policy(holdSteps: number) {
  let clock = 0;
  const cost = { alone: 10, pool: 10 };
  const p = new ThreadPolicy('auto', { probeSteps: 3, probeRounds: 3, holdSteps }, () => clock);
  const step = (n: number): void => {
    for (let i = 0; i < n; i++) {
      p.beginStep(true);
      clock += p.pool ? cost.pool : cost.alone;
      p.endStep();
    }
  };
  return { p, cost, step };
}

/** Steps of one probe: 3 rounds of 3 steps each way. */
const PROBE = 18;

describe("the 'auto' thread policy", () => {
  it('keeps the pool while it is faster, leaves it when it is slower, and comes back only past the hysteresis', () => {
    const { p, cost, step } = policy(10);
    expect(p.pool, 'the pool steps until the first probe').toBe(true);
    cost.pool = 8;
    step(PROBE);
    expect(p.probes).toBe(1);
    expect(p.speedUp).toBeCloseTo(10 / 8);
    expect(p.pool).toBe(true);
    // slower with the helpers: out of use after the next probe
    cost.pool = 10.1;
    step(10 + PROBE);
    expect(p.probes).toBe(2);
    expect(p.pool).toBe(false);
    // 3 % faster: within the hysteresis, the calling thread keeps the step
    cost.pool = 10 / 1.03;
    step(10 + PROBE);
    expect(p.pool).toBe(false);
    // 10 % faster: back in use
    cost.pool = 10 / 1.1;
    step(10 + PROBE);
    expect(p.probes).toBe(4);
    expect(p.pool).toBe(true);
  });

  it('probes both ways, alone first in even rounds, and holds its choice between probes', () => {
    const { p } = policy(5);
    const seen: boolean[] = [];
    for (let i = 0; i < PROBE + 5; i++) {
      // who ran each step
      p.beginStep(true);
      seen.push(p.pool);
      p.endStep();
    }
    // rounds of 3 alone then 3 on the pool, the middle round the other way round, then the hold
    const a = false;
    const o = true;
    expect(seen.slice(0, PROBE)).toEqual([a, a, a, o, o, o, o, o, o, a, a, a, a, a, a, o, o, o]);
    expect(new Set(seen.slice(PROBE)).size, 'one choice through the hold').toBe(1);
  });

  it("waits for the helpers before it probes, and 'always' and 'never' never change", () => {
    const { p, step } = policy(5);
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
});
