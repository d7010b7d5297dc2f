/** The shapes of what a run produces: the JSON file holds a `BenchReport`. */

import type { EngineId } from './engine';
import type { Sanity } from './sanity';

export interface AllocSpec {
  base: number;
  warmup: number;
  steps: number;
}

export interface AllocResult {
  scene: string;
  bodies: number;
  warmup: number;
  steps: number;
  /** Used heap after the steps minus before, garbage included (no GC forced). */
  heapGrowthBytes: number;
  /** Used heap after a forced full GC minus before: what the steps kept. */
  retainedGrowthBytes: number;
  /** Sum of the used heap's step-to-step rises, a step, less the probe's own allocation. */
  allocatedBytesPerStep: number;
  /** The same for the other of the two windows measured (the kept one allocated less). */
  otherWindowBytesPerStep?: number;
  gc: { minor: number; major: number; incremental: number; other: number; totalMs: number };
}

/** One repetition of one engine on one scene. */
export interface RepSummary {
  medianMs: number;
  p95Ms: number;
  steps: number;
}

/** One engine on one scene: the repetition with the median of the medians. */
export interface Row {
  sceneId: string;
  engine: EngineId;
  engineName: string;
  dynamicBodies: number;
  medianMs: number | null;
  p95Ms: number | null;
  /** This engine's median over Impulse's on the same scene (> 1: slower than Impulse). */
  ratio: number | null;
  steps: number;
  warmup: number;
  buildMs: number | null;
  /** The kept repetition's figure, taken after `warmup + steps` steps. */
  sanity: Sanity | null;
  sanityOk: boolean;
  /** Repetitions whose figure was outside the bounds (the kept one or others). */
  failedReps: number;
  buildMismatch: number | null;
  reps: RepSummary[];
  error?: string;
}

export interface BenchReport {
  version: 1;
  date: string;
  quick: boolean;
  command: string;
  machine: { node: string; platform: string; arch: string; cpu: string; cores: number };
  options: { warmup: number; steps: number; reps: number; maxSeconds: number; minSteps: number };
  engines: { id: EngineId; name: string; settings: string }[];
  scenes: { id: string; label: string; dynamicBodies: number }[];
  rows: Row[];
  alloc: AllocResult | null;
}
