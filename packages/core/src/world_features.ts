/**
 * The parts of World whose code loads apart from the class: a host that serves a world
 * (@impulse/worker's physics worker) starts without them and loads one by a dynamic
 * import the first time it is asked for (`loadWorldFeature`), as the solver kinds load
 * (solvers/description.ts). At the top of the layers, beside world.ts: a feature may live
 * in any layer (the mover is above the world's). The public entry's `World` (public_world.ts) has every
 * feature installed at once, so a user of `@impulse/core` never meets this.
 *
 * One table, one loader: a feature is a set of functions on the world's state, the same
 * for every world, installed once per realm (module-wide, like the solver factories). A
 * feature whose module reaches only part of the code the host kit shares with a page is
 * loaded through a module that also holds `World` (snapshot_chunk.ts says why).
 */
import type { moverFeature } from './character/mover.js';
import type { queryFeature } from './world/query.js';
import type { rollbackFeature } from './world/rollback.js';
import type { snapshotFeature } from './world/snapshot.js';

/** Rollback's coding (world/rollback.ts): `World.saveState` and `World.loadState`. */
export type RollbackFeature = typeof rollbackFeature;

/** The character mover (character/mover.ts): `World.createMover` and `World.moveCharacter`. */
export type MoverFeature = typeof moverFeature;

/** Snapshots (world/snapshot.ts): `World.snapshot` and `World.restore`. */
export type SnapshotFeature = typeof snapshotFeature;

/** The world queries (world/query.ts): `World.castRay*`, `castShape` and `overlap*`. */
export type QueryFeature = typeof queryFeature;

/** Every feature World reaches through this table. */
export interface WorldFeatures {
  rollback: RollbackFeature;
  mover: MoverFeature;
  snapshot: SnapshotFeature;
  queries: QueryFeature;
}

export type WorldFeatureName = keyof WorldFeatures;

/** How each feature's module is loaded. */
const LOADERS: { readonly [K in WorldFeatureName]: () => Promise<WorldFeatures[K]> } = {
  rollback: () => import('./world/rollback.js').then((m) => m.rollbackFeature),
  mover: () => import('./character/mover.js').then((m) => m.moverFeature),
  snapshot: () => import('./snapshot_chunk.js').then((m) => m.feature),
  queries: () => import('./query_chunk.js').then((m) => m.feature),
};

/** The features installed so far. */
const installed: { [K in WorldFeatureName]?: WorldFeatures[K] } = {};

/** Installs a feature whose module the caller imported (the public entry: all of them). */
export function installWorldFeature<K extends WorldFeatureName>(name: K, feature: WorldFeatures[K]): void {
  installed[name] = feature;
}

/** Whether a feature is installed: a call that needs it runs at once. */
export function isWorldFeatureLoaded(name: WorldFeatureName): boolean {
  return installed[name] !== undefined;
}

/** Loads a feature's module and installs it (once; later calls resolve at once). */
export async function loadWorldFeature(name: WorldFeatureName): Promise<void> {
  if (typeof name !== 'string' || !Object.hasOwn(LOADERS, name)) {
    throw new TypeError(
      `loadWorldFeature: name must be one of ${Object.keys(LOADERS).join(', ')}, got ${String(name)}`,
    );
  }
  if (installed[name] === undefined) installWorldFeature(name, await LOADERS[name]());
}

/** The feature `fn` needs; throws naming `fn` when it is not loaded. */
export function worldFeature<K extends WorldFeatureName>(fn: string, name: K): WorldFeatures[K] {
  const feature = installed[name];
  if (feature === undefined) {
    throw new Error(
      `${fn}: the world's ${name} code is not loaded (await loadWorldFeature('${name}') first)`,
    );
  }
  return feature;
}
