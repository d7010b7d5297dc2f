/** Turning repetitions into rows, and the options of a run. */

import type { EngineId } from './engine';
import type { RunResult } from './measure';
import type { RepSummary, Row } from './results';
import { medianIndex } from './stats';

/** The row of one engine on one scene: the repetition with the median of the medians. */
export function aggregate(
  sceneId: string,
  engine: EngineId,
  dynamicBodies: number,
  reps: RunResult[],
  errors: string[],
): Row {
  if (reps.length === 0) {
    return {
      sceneId,
      engine,
      engineName: engine,
      dynamicBodies,
      medianMs: null,
      p95Ms: null,
      ratio: null,
      steps: 0,
      warmup: 0,
      buildMs: null,
      sanity: null,
      sanityOk: false,
      failedReps: 0,
      buildMismatch: null,
      reps: [],
      error: errors[0] ?? 'no result',
    };
  }
  const pick = reps[medianIndex(reps.map((r) => r.medianMs))]!;
  const summaries: RepSummary[] = reps.map((r) => ({ medianMs: r.medianMs, p95Ms: r.p95Ms, steps: r.steps }));
  const row: Row = {
    sceneId,
    engine,
    engineName: pick.engineName,
    dynamicBodies,
    medianMs: pick.medianMs,
    p95Ms: pick.p95Ms,
    ratio: null,
    steps: pick.steps,
    warmup: pick.warmup,
    buildMs: pick.buildMs,
    sanity: pick.sanity,
    sanityOk: pick.sanityOk,
    failedReps: reps.filter((r) => !r.sanityOk).length,
    buildMismatch: pick.buildMismatch,
    reps: summaries,
  };
  if (errors.length > 0) row.error = errors[0]!;
  return row;
}

/** Fills in each row's ratio to Impulse's median on the same scene. */
export function addRatios(rows: Row[]): void {
  for (const r of rows) {
    const base = rows.find((b) => b.sceneId === r.sceneId && b.engine === 'impulse');
    r.ratio =
      base?.medianMs != null && r.medianMs !== null && base.medianMs > 0 ? r.medianMs / base.medianMs : null;
  }
}

export interface CliOptions {
  quick: boolean;
  warmup: number;
  steps: number;
  reps: number;
  maxSeconds: number;
  minSteps: number;
  engines: EngineId[];
  scenes: string[];
  out: string | null;
  alloc: boolean;
  allocSteps: number;
  allocWarmup: number;
  allocBase: number;
  /** Re-write the table, markdown and SVG from this JSON file instead of running. */
  from: string | null;
  help: boolean;
}

export const USAGE = `pnpm bench [options]   (from the repository root)

  --quick             smoke test: 2 warm-up steps, 5 timed steps, 1 repetition,
                      200 allocation steps; writes to results/quick/
  --warmup N          warm-up steps before timing (default 60)
  --steps N           timed steps per repetition (default 300)
  --reps N            repetitions, each in a fresh process; the median is kept (default 3)
  --max-seconds S     cut the warm-up, and the timing, of a repetition after S seconds
                      of stepping each (default 15)
  --min-steps N       ... but time at least N steps (default 20)
  --engines a,b       engines: impulse,impulse-wasm,planck,matter,rapier,rapier-simd (default all)
  --scenes a,b        scenes: pyramid20,pyramid40,pyramid70,pyramid100,manyPyramids,
                      jointGrid,tumbler,rain,smash,spinner (default all)
  --alloc-steps N     steps of the allocation measurement (default 1000)
  --alloc-warmup N    steps before it, so the pyramid has settled (default 600)
  --alloc-base N      pyramid base of the allocation measurement (default 100)
  --no-alloc          skip the allocation measurement
  --out DIR           output folder (default apps/bench/results)
  --from FILE         re-write the table, bench.md and bench.svg from a bench.json
                      (into the folder of FILE, or --out) without running anything
`;

function positiveInt(name: string, v: string | undefined): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} needs a whole number, got ${v}`);
  return n;
}

export function parseArgs(
  argv: readonly string[],
  allEngines: readonly EngineId[],
  allScenes: readonly string[],
): CliOptions {
  const o: CliOptions = {
    quick: false,
    warmup: 60,
    steps: 300,
    reps: 3,
    maxSeconds: 15,
    minSteps: 20,
    engines: [...allEngines],
    scenes: [...allScenes],
    out: null,
    alloc: true,
    allocSteps: 1000,
    allocWarmup: 600,
    allocBase: 100,
    from: null,
    help: false,
  };
  const explicit = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') continue;
    const [flag, inline] = a.includes('=')
      ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]
      : [a, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    explicit.add(flag);
    switch (flag) {
      case '--quick':
        o.quick = true;
        break;
      case '--warmup':
        o.warmup = positiveInt(flag, value());
        break;
      case '--steps':
        o.steps = Math.max(1, positiveInt(flag, value()));
        break;
      case '--reps':
        o.reps = Math.max(1, positiveInt(flag, value()));
        break;
      case '--max-seconds':
        o.maxSeconds = Number(value());
        if (!(o.maxSeconds > 0)) throw new Error('--max-seconds needs a positive number');
        break;
      case '--min-steps':
        o.minSteps = Math.max(1, positiveInt(flag, value()));
        break;
      case '--engines': {
        const list = value().split(',').filter(Boolean);
        for (const e of list) if (!allEngines.includes(e as EngineId)) throw new Error(`unknown engine ${e}`);
        o.engines = allEngines.filter((e) => list.includes(e));
        break;
      }
      case '--scenes': {
        const list = value().split(',').filter(Boolean);
        for (const s of list) if (!allScenes.includes(s)) throw new Error(`unknown scene ${s}`);
        o.scenes = allScenes.filter((s) => list.includes(s));
        break;
      }
      case '--out':
        o.out = value();
        break;
      case '--no-alloc':
        o.alloc = false;
        break;
      case '--alloc-steps':
        o.allocSteps = Math.max(1, positiveInt(flag, value()));
        break;
      case '--alloc-warmup':
        o.allocWarmup = positiveInt(flag, value());
        break;
      case '--alloc-base':
        o.allocBase = Math.max(1, positiveInt(flag, value()));
        break;
      case '--from':
        o.from = value();
        break;
      case '--help':
      case '-h':
        o.help = true;
        break;
      default:
        throw new Error(`unknown option ${a}\n\n${USAGE}`);
    }
  }
  if (o.quick) {
    if (!explicit.has('--warmup')) o.warmup = 2;
    if (!explicit.has('--steps')) o.steps = 5;
    if (!explicit.has('--reps')) o.reps = 1;
    if (!explicit.has('--min-steps')) o.minSteps = 1;
    if (!explicit.has('--alloc-steps')) o.allocSteps = 200;
  }
  o.minSteps = Math.min(o.minSteps, o.steps);
  return o;
}
