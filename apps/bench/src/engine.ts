/**
 * What every engine adapter provides: build a scene from its neutral description, step
 * it at 60 Hz, and read back the transforms the sanity figures are computed from.
 */

import type { SceneDesc, SceneSpec } from './scenes';

export interface BuiltScene {
  /** Advances the world by one 1/60 s step. */
  step(): void;
  /**
   * Writes x, y, angle (meters, y up, radians counter-clockwise) of each tracked body into
   * `out` (3 numbers a body): the boxes of a box scene or of the tumbler, every body of a
   * joint grid, the tracked bodies of a body list (rain: every slot, a slot not dropped yet
   * at its start pose), in the description's order.
   */
  readTransforms(out: Float64Array): void;
  /** The tumbler's x, y, angle (tumbler scenes only). */
  readTumbler?(out: Float64Array): void;
}

export interface EngineAdapter {
  /** Short id used on the command line and in the JSON. */
  id: string;
  /** Display name with the package version. */
  name: string;
  /** The settings it runs with, in words, for the report. */
  settings: string;
  build(desc: SceneDesc, spec: SceneSpec): BuiltScene;
}

export const ENGINE_IDS = ['impulse', 'impulse-wasm', 'planck', 'matter', 'rapier', 'rapier-simd'] as const;
export type EngineId = (typeof ENGINE_IDS)[number];

export function isEngineId(s: string): s is EngineId {
  return (ENGINE_IDS as readonly string[]).includes(s);
}

/** Number of bodies whose transforms `readTransforms` writes. */
export function trackedCount(desc: SceneDesc): number {
  switch (desc.kind) {
    case 'boxes':
    case 'tumbler':
      return desc.boxes.length / 2;
    case 'jointGrid':
      return desc.pinned.length;
    case 'bodies':
      return desc.tracked.length / 2;
  }
}
