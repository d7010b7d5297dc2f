/**
 * WORLD_SCALAR_SETTINGS (types/world_def.ts) is the one description of the world's numbers
 * and flags: each entry's default is what a new world holds, its range is what the world
 * checks, and a value set through setSettings is what the step's settings and getSettings
 * hold afterwards.
 */

import { describe, expect, it } from 'vitest';
import { defaultWorldDef, type ScalarSettingSpec, WORLD_SCALAR_SETTINGS, World } from '../../src/index';
import { worldStateOf } from '../../src/world';

const entries = Object.entries(WORLD_SCALAR_SETTINGS) as [string, ScalarSettingSpec][];

/** A value the entry's check refuses. */
function outOfRange(spec: ScalarSettingSpec): unknown {
  switch (spec.kind) {
    case 'boolean':
      return 1;
    case 'integer':
      return spec.max + 1;
    case 'nonNegative':
      return -1;
    case 'positive':
      return 0;
  }
}

/** An accepted value other than the default. */
function otherValue(spec: ScalarSettingSpec): number | boolean {
  return spec.kind === 'boolean' ? !spec.default : spec.max;
}

describe('WORLD_SCALAR_SETTINGS', () => {
  it.each(entries)('%s: a new world holds the default', (name, spec) => {
    const world = new World();
    expect((defaultWorldDef() as unknown as Record<string, unknown>)[name]).toBe(spec.default);
    expect((world.getSettings() as unknown as Record<string, unknown>)[name]).toBe(spec.default);
    expect((worldStateOf(world).settings as unknown as Record<string, unknown>)[name]).toBe(spec.default);
  });

  it.each(entries)('%s: an out-of-range value is refused, naming the field', (name, spec) => {
    const world = new World();
    const before = world.getSettings();
    expect(() => world.setSettings({ [name]: outOfRange(spec) })).toThrow(
      new RegExp(`^setSettings: ${name} must be `),
    );
    expect(world.getSettings()).toEqual(before);
    expect(() => new World({ [name]: outOfRange(spec) })).toThrow(new RegExp(`^World: ${name} must be `));
  });

  it.each(entries)('%s: a value set reaches the step and reads back', (name, spec) => {
    const world = new World();
    const version = worldStateOf(world).settings.version;
    const v = otherValue(spec);
    world.setSettings({ [name]: v });
    expect((world.getSettings() as unknown as Record<string, unknown>)[name]).toBe(v);
    expect((worldStateOf(world).settings as unknown as Record<string, unknown>)[name]).toBe(v);
    expect(worldStateOf(world).settings.version).toBeGreaterThan(version);
  });
});
