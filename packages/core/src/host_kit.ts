/**
 * @impulse/core/host-kit — internal: the world for a host that serves it and loads its
 * optional features when first asked (@impulse/worker's physics worker and inline host).
 * Its `World` is the public one's class without the features installed
 * (world_features.ts): the host calls `loadWorldFeature` before the methods that
 * need one, and its start does not carry their code. Not a stable API.
 * @internal
 */
/** @internal */
export { World } from './world.js';
/** @internal */
export { isWorldFeatureLoaded, loadWorldFeature } from './world_features.js';
/** @internal */
export type { WorldFeatureName } from './world_features.js';
