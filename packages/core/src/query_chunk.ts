/**
 * What `loadWorldFeature('queries')` imports (world_features.ts): the query feature of
 * world/query.ts, holding `World` for the reason snapshot_chunk.ts gives.
 */
import { World } from './world.js';
import { queryFeature } from './world/query.js';

export const feature = { ...queryFeature, world: World };
