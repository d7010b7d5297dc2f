/**
 * The scenes of the parallel step's bench (bench:step) and profile (profile:step): the
 * large ones the speed-up targets name. Each has a short key for the command line.
 */
import type { World } from '@impulse/core';
import { jointGridScene, manyPyramidsScene, pyramidScene, tumblerScene } from '@impulse/core/scenes';

export interface BenchScene {
  /** The command-line name (profile:step). */
  readonly key: string;
  readonly name: string;
  readonly build: (world: World) => void;
}

export const BENCH_SCENES: readonly BenchScene[] = [
  { key: 'pyramid', name: 'pyramid base 100', build: (w) => void pyramidScene(w, 100) },
  {
    key: 'pyramids',
    name: '20×10 pyramids of base 10',
    build: (w) => void manyPyramidsScene(w, 20, 10, 10),
  },
  { key: 'tumbler', name: 'tumbler, 2025 boxes', build: (w) => void tumblerScene(w, 45) },
  {
    key: 'joints',
    name: 'joint grid 100×100',
    build: (w) => void jointGridScene(w, { rows: 100, columns: 100 }),
  },
];
