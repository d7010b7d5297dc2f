/**
 * The world's settings as the step reads them (`WorldSettings`, flat fields), with the
 * checks of a `WorldDef` and the conversion back to one. The numbers and flags are
 * described once, in `WORLD_SCALAR_SETTINGS` (types/world_def.ts); gravity (a vector) and
 * the mixers (functions) are written out beside them.
 */

import { sharedMemoryAvailable } from '../base/array.js';
import * as defaults from '../base/constants.js';
import type { StepSettings } from '../dynamics/dynamics_state.js';
import { MAX_GRAVITY } from '../base/constants.js';
import {
  checkBoolean,
  checkFunction,
  checkInteger,
  checkNonNegativeAtMost,
  checkPositiveAtMost,
  checkVec2Length,
} from '../base/validate.js';
import {
  copyScalarSettings,
  defaultScalarSettings,
  type FrictionMixer,
  type RestitutionMixer,
  WORLD_SCALAR_SETTING_NAMES,
  WORLD_SCALAR_SETTINGS,
  type WorldDef,
  type WorldScalarSettings,
} from '../types/world_def.js';

/**
 * The base of `WorldSettings` that gives it one plain own field per entry of
 * `WORLD_SCALAR_SETTINGS`, filled with its default, so the step reads `settings.subSteps`
 * as a plain property and the table stays the one list of them.
 */
const ScalarSettingFields = class {
  constructor() {
    Object.assign(this, defaultScalarSettings());
  }
} as unknown as new () => WorldScalarSettings;

/** Solver settings that can change between steps. */
export class WorldSettings extends ScalarSettingFields implements StepSettings {
  gravityX = 0;
  gravityY = defaults.DEFAULT_GRAVITY_Y;
  /** Bumped by every change of the settings above, so the step refreshes what it derived. */
  version = 0;
}

/** Checks every field of a complete world definition (`{ ...defaultWorldDef(), ...def }`). */
export function checkWorldDef(fn: string, d: WorldDef): void {
  checkVec2Length(fn, 'gravity', d.gravity, MAX_GRAVITY, 'm/s^2');
  for (const name of WORLD_SCALAR_SETTING_NAMES) {
    const spec = WORLD_SCALAR_SETTINGS[name];
    const v: unknown = d[name];
    switch (spec.kind) {
      case 'boolean':
        checkBoolean(fn, name, v);
        break;
      case 'integer':
        checkInteger(fn, name, v, spec.min, spec.max);
        break;
      case 'nonNegative':
        checkNonNegativeAtMost(fn, name, v, spec.max, spec.unit);
        break;
      case 'positive':
        checkPositiveAtMost(fn, name, v, spec.max, spec.unit);
        break;
    }
  }
  checkFunction(fn, 'frictionMixer', d.frictionMixer);
  checkFunction(fn, 'restitutionMixer', d.restitutionMixer);
  if (d.sharedMemory !== undefined) {
    checkBoolean(fn, 'sharedMemory', d.sharedMemory);
    if (d.sharedMemory && !sharedMemoryAvailable) {
      throw new Error(
        `${fn}: sharedMemory is true, but SharedArrayBuffer is not available here (a page must be cross-origin isolated)`,
      );
    }
  }
}

/** Writes a checked definition's gravity and numbers and flags into the step's settings. */
export function defToSettings(s: WorldSettings, d: WorldDef): void {
  s.gravityX = d.gravity.x;
  s.gravityY = d.gravity.y;
  copyScalarSettings(s, d);
  s.version++;
}

/** A world definition holding the given settings (the defaults live in WorldSettings). */
export function settingsToDef(
  s: WorldSettings,
  frictionMixer: FrictionMixer,
  restitutionMixer: RestitutionMixer,
): WorldDef {
  const scalars = defaultScalarSettings();
  copyScalarSettings(scalars, s);
  return { gravity: { x: s.gravityX, y: s.gravityY }, ...scalars, frictionMixer, restitutionMixer };
}
