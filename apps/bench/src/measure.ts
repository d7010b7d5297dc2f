/**
 * One measurement: build a scene in one engine, step it through the warm-up, then time
 * each of the measured steps on its own and compute the sanity figure at the end.
 */

import { type EngineId, trackedCount } from './engine';
import { loadEngine } from './engines/index';
import { buildMismatch, computeSanity, type Sanity, sanityOk } from './sanity';
import { describeScene, dynamicBodyCount, type SceneSpec } from './scenes';
import { mean, median, quantile } from './stats';

export interface RunSpec {
  engine: EngineId;
  sceneId: string;
  scene: SceneSpec;
  warmup: number;
  steps: number;
  /**
   * Stop the warm-up after this many seconds, and the timing after as many seconds of
   * stepping (at least `minSteps` are timed).
   */
  maxSeconds: number;
  minSteps: number;
}

export interface RunResult {
  engine: EngineId;
  engineName: string;
  settings: string;
  sceneId: string;
  dynamicBodies: number;
  buildMs: number;
  warmup: number;
  /** Steps actually timed (fewer than asked when the time budget ran out). */
  steps: number;
  medianMs: number;
  p95Ms: number;
  meanMs: number;
  maxMs: number;
  sanity: Sanity;
  sanityOk: boolean;
  /** Largest distance between the built bodies and the scene description (m). */
  buildMismatch: number;
}

export async function runOnce(spec: RunSpec): Promise<RunResult> {
  const adapter = await loadEngine(spec.engine);
  const desc = describeScene(spec.scene);
  const t0 = performance.now();
  const scene = adapter.build(desc, spec.scene);
  const buildMs = performance.now() - t0;
  const mismatch = trackedCount(desc) > 0 ? buildMismatch(desc, scene) : 0;
  // the warm-up has the same time budget as the timed steps
  const budget = spec.maxSeconds * 1000;
  const warmStart = performance.now();
  let warmup = 0;
  while (warmup < spec.warmup) {
    scene.step();
    warmup++;
    if (performance.now() - warmStart > budget) break;
  }
  const times = new Float64Array(spec.steps);
  const start = performance.now();
  let n = 0;
  while (n < spec.steps) {
    const a = performance.now();
    scene.step();
    const b = performance.now();
    times[n++] = b - a;
    if (n >= spec.minSteps && b - start > budget) break;
  }
  const measured = times.subarray(0, n);
  const sanity = computeSanity(desc, scene);
  let maxMs = 0;
  for (let i = 0; i < n; i++) maxMs = Math.max(maxMs, measured[i]!);
  return {
    engine: spec.engine,
    engineName: adapter.name,
    settings: adapter.settings,
    sceneId: spec.sceneId,
    dynamicBodies: dynamicBodyCount(spec.scene),
    buildMs,
    warmup,
    steps: n,
    medianMs: median(measured),
    p95Ms: quantile(measured, 0.95),
    meanMs: mean(measured),
    maxMs,
    sanity,
    sanityOk: sanityOk(sanity),
    buildMismatch: mismatch,
  };
}
