/**
 * What `loadWorldFeature('snapshot')` imports (world_features.ts): the snapshot feature of
 * world/snapshot.ts, holding `World` as well. The host has World's code loaded already;
 * holding it makes this chunk's static closure cover the host kit's, so that bundlers cut
 * no code the page shares with the host into smaller chunks. A chunk that reaches only part
 * of that code makes esbuild and then an app's bundler split it by who reaches what, and
 * the page loads each piece as a file of its own: 1.6 kB more gzip on apps/size's main
 * thread (docs/worker-design.md, "What the worker loads when").
 */
import { World } from './world.js';
import { snapshotFeature } from './world/snapshot.js';

export const feature = { ...snapshotFeature, world: World };
