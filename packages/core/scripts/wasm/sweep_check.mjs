/**
 * The probe's bit check (docs/wasm-kernel.md): steps a world whose executor hands each
 * contact stage one colour at a time (world/step_executor.ts), and before each such block
 * copies the world's body state, constraints and relax flags into the kernel's memory,
 * runs the kernel's version of the block there, runs the real block, and compares every
 * bit of both (state, constraint data, flags, and the block's result). Shared by
 * probe.mjs and test/wasm/contact_kernel.test.ts.
 */

/** Bitwise equality of two typed arrays' first `n` elements; the first index that differs, or -1. */
export function firstDifference(a, b, n) {
  const x = new Int32Array(a.buffer, a.byteOffset, (n * a.BYTES_PER_ELEMENT) >> 2);
  const y = new Int32Array(b.buffer, b.byteOffset, (n * b.BYTES_PER_ELEMENT) >> 2);
  for (let i = 0; i < x.length; i++) {
    if (x[i] !== y[i]) return Math.floor((i * 4) / a.BYTES_PER_ELEMENT);
  }
  return -1;
}

/** The kernel's inputs that come from the step context: [first, invH, negMaxPush, againSpeed]. */
export function contextArgs(w) {
  const ctx = w.stepContext;
  return [ctx.secondPointFirst & 1, ctx.invH, -ctx.maxPushSpeed, ctx.relaxAgainSpeed];
}

/**
 * Runs block (stage, start, end) of `w` on the kernel (its memory loaded with w's arrays):
 * `simd` uses the f64x2 functions (one colour a block). Returns the block's result as the JS returns it.
 */
export function runKernelBlock(core, kernel, w, stage, start, end, simd) {
  const { SolverStage } = core;
  const k = w.constraints;
  const x = kernel.exports;
  const [first, invH, negMaxPush, againSpeed] = contextArgs(w);
  const track = k.tracking ? 1 : 0;
  const solve = simd ? x.solve2 : x.solve;
  kernel.setParams(invH, negMaxPush, againSpeed);
  if (stage === SolverStage.WarmStart) {
    if (simd) x.warmStart2(start, end);
    else x.warmStart(start, end);
    return 0;
  }
  if (stage === SolverStage.Solve) {
    solve(start, end, 1, w.stepContext.separationsStored ? 1 : 0, track, first);
    return 0;
  }
  if (stage === SolverStage.Relax) return solve(start, end, 0, 0, track, first);
  if (stage === SolverStage.RelaxAgain) {
    x.relaxAgain(start, end, track, first);
    return 0;
  }
  return null;
}

/**
 * Steps `world` `steps` times with the check on every contact block; `kernels` are
 * [name, ContactKernel, simd] triples. Returns {blocks, constraints, onePoint, paired, mismatches}
 * (mismatches: up to 10 descriptions).
 */
export function checkSteps(core, world, kernels, steps) {
  const { SolverStage, runSolverBlock } = core;
  const w = core.worldStateOf(world);
  const previous = w.stepExecutor;
  const mismatches = [];
  let blocks = 0;
  let constraints = 0;
  let onePoint = 0;
  let paired = 0;
  const contactStages = new Set([
    SolverStage.WarmStart,
    SolverStage.Solve,
    SolverStage.Relax,
    SolverStage.RelaxAgain,
  ]);
  w.stepExecutor = {
    inline: false,
    runStage(ws, stage, start, end) {
      if (!contactStages.has(stage)) return runSolverBlock(ws, stage, start, end);
      const k = ws.constraints;
      const n = k.count;
      const state = ws.bodies.state;
      const results = [];
      for (const [name, kernel, simd] of kernels) {
        kernel.load(
          state,
          k.data.subarray(0, n * 35),
          k.meta.subarray(0, n * 4),
          k.relaxAgain.subarray(0, n),
        );
        results.push([name, kernel, runKernelBlock(core, kernel, ws, stage, start, end, simd)]);
      }
      const result = runSolverBlock(ws, stage, start, end);
      blocks++;
      if (stage === SolverStage.Solve) {
        constraints += end - start;
        for (let i = start; i < end; i++) {
          const kind = k.meta[i * 4 + 2];
          if ((kind & 3) === 1) onePoint++;
          if (kind === 6) paired += 2;
        }
      }
      for (const [name, kernel, got] of results) {
        const where = [
          ['state', firstDifference(kernel.state, state, state.length)],
          ['data', firstDifference(kernel.data, k.data, n * 35)],
          ['flags', firstDifference(kernel.again, k.relaxAgain, n)],
        ].filter(([, at]) => at !== -1);
        if (got !== result) where.push(['result', `${got} vs ${result}`]);
        if (where.length > 0 && mismatches.length < 10) {
          mismatches.push(
            `${name}: stage ${stage} [${start}, ${end}): ${where.map((p) => p.join(' at ')).join(', ')}`,
          );
        }
      }
      return result;
    },
  };
  try {
    for (let i = 0; i < steps; i++) world.step(1 / 60);
  } finally {
    w.stepExecutor = previous;
  }
  return { blocks, constraints, onePoint, paired, mismatches };
}
