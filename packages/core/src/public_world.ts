/**
 * The public entry's `World`: the class with every optional feature installed
 * (world_features.ts), so its methods are all synchronous and ready, as documented.
 * The install is tied to this binding (a bundler keeps it exactly when `World` is used),
 * not left as a statement of its own that a bundler may drop from a package without side
 * effects; a page that never uses `World` (the worker client's) ships none of it.
 * @internal
 */
import { World as WorldClass } from './world.js';
import { rollbackFeature } from './world/rollback.js';
import { moverFeature } from './character/mover.js';
import { snapshotFeature } from './world/snapshot.js';
import { queryFeature } from './world/query.js';
import { installWorldFeature } from './world_features.js';

function withEveryFeature(world: typeof WorldClass): typeof WorldClass {
  installWorldFeature('rollback', rollbackFeature);
  installWorldFeature('mover', moverFeature);
  installWorldFeature('snapshot', snapshotFeature);
  installWorldFeature('queries', queryFeature);
  return world;
}

/**
 * A 2D physics world: bodies, their shapes, and the soft-step solver that moves them
 * (the class of world.ts, with every feature installed).
 * @class
 */
export const World: typeof WorldClass = /* @__PURE__ */ withEveryFeature(WorldClass);
export type World = WorldClass;
