/**
 * The probe's timing (docs/wasm-kernel.md): one sub-step's sweeps (warm start, solve and
 * relax over all colours) on a world's current constraints, run by the JS (the core's
 * stage functions on the world's own arrays), the scalar kernel and the f64x2 kernel,
 * each from the same captured data. Shared by probe.mjs and engine_entry.mjs.
 */
import { firstDifference } from './sweep_check.mjs';

/** Captures `w`'s sweep data; returns the three sweeps and the means to restore and compare. */
export function captureSweeps(core, w, scalar, simd) {
  const { SolverStage, runSolverBlock, GRAPH_COLOUR_COUNT } = core;
  const k = w.constraints;
  const n = k.count;
  const starts = Int32Array.from(k.graph.colourStart);
  const state0 = Float64Array.from(w.bodies.state);
  const data0 = Float64Array.from(k.data.subarray(0, n * 35));
  const meta0 = Int32Array.from(k.meta.subarray(0, n * 4));
  const again0 = Int32Array.from(k.relaxAgain.subarray(0, n));
  // a first sub-step: first point first, separations from the position deltas
  const ctx = w.stepContext;
  ctx.secondPointFirst = 0;
  ctx.separationsStored = false;
  const invH = ctx.invH;
  const negMaxPush = -ctx.maxPushSpeed;
  const againSpeed = ctx.relaxAgainSpeed;
  const track = k.tracking ? 1 : 0;
  const overflow = starts[0];
  let onePoint = 0;
  let paired = 0;
  for (let i = 0; i < n; i++) {
    const kind = meta0[i * 4 + 2];
    if ((kind & 3) === 1) onePoint++;
    if (kind === 6) paired += 2;
  }
  const x = scalar.exports;
  const y = simd.exports;
  const sweeps = {
    // as the single-threaded step runs them: one call over all colours
    js() {
      runSolverBlock(w, SolverStage.WarmStart, 0, n);
      runSolverBlock(w, SolverStage.Solve, 0, n);
      runSolverBlock(w, SolverStage.Relax, 0, n);
    },
    wasm() {
      x.warmStart(0, n);
      x.solve(0, n, 1, 0, track, 0);
      x.solve(0, n, 0, 0, track, 0);
    },
    // colour by colour (lanes pair constraints of one colour), the overflow by the scalar one
    simd() {
      if (overflow > 0) y.warmStart(0, overflow);
      for (let c = 0; c < GRAPH_COLOUR_COUNT; c++) {
        if (starts[c + 1] > starts[c]) y.warmStart2(starts[c], starts[c + 1]);
      }
      for (let pass = 1; pass >= 0; pass--) {
        if (overflow > 0) y.solve(0, overflow, pass, 0, track, 0);
        for (let c = 0; c < GRAPH_COLOUR_COUNT; c++) {
          if (starts[c + 1] > starts[c]) y.solve2(starts[c], starts[c + 1], pass, 0, track, 0);
        }
      }
    },
  };
  const restore = () => {
    w.bodies.state.set(state0);
    k.data.set(data0);
    k.relaxAgain.set(again0);
    scalar.load(state0, data0, meta0, again0);
    simd.load(state0, data0, meta0, again0);
    scalar.setParams(invH, negMaxPush, againSpeed);
    simd.setParams(invH, negMaxPush, againSpeed);
  };
  const equal = () =>
    [scalar, simd].every(
      (kernel) =>
        firstDifference(kernel.state, w.bodies.state, state0.length) === -1 &&
        firstDifference(kernel.data, k.data, n * 35) === -1 &&
        firstDifference(kernel.again, k.relaxAgain, n) === -1,
    );
  return { n, onePoint, paired, overflow, sweeps, restore, equal };
}

/**
 * `rounds` rounds, each from the captured data, of `reps` sub-step sweeps per kernel, the
 * order alternating; returns per kernel the sorted times (ms per sub-step) and whether all
 * three ended every round on the same bits. `now` is the clock (ms).
 */
export function timeSweeps(captured, reps, rounds, now) {
  const times = { js: [], wasm: [], simd: [] };
  let equal = true;
  for (let round = 0; round < rounds; round++) {
    captured.restore();
    const order = round % 2 === 0 ? ['js', 'wasm', 'simd'] : ['simd', 'wasm', 'js'];
    for (const name of order) {
      const sweep = captured.sweeps[name];
      const t0 = now();
      for (let r = 0; r < reps; r++) sweep();
      times[name].push((now() - t0) / reps);
    }
    if (!captured.equal()) equal = false;
  }
  for (const name of Object.keys(times)) times[name].sort((a, b) => a - b);
  return { times, equal };
}

/** Lines that report timeSweeps' result: median, min, max, and JS's median over each. */
export function timingLines(result, reps, rounds) {
  const { times, equal } = result;
  const median = (s) => s[s.length >> 1];
  const base = median(times.js);
  const lines = [
    `after ${rounds} rounds of ${reps} sub-step sweeps each: ${equal ? 'all bits equal' : 'MISMATCH'}`,
  ];
  for (const name of ['js', 'wasm', 'simd']) {
    const s = times[name];
    lines.push(
      `${name.padEnd(5)} median ${(median(s) * 1000).toFixed(1)} us/sub-step (min ${(s[0] * 1000).toFixed(1)}, max ${(s[s.length - 1] * 1000).toFixed(1)}), JS/this ${(base / median(s)).toFixed(2)}x`,
    );
  }
  return lines;
}
