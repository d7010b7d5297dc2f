/**
 * What the probe (probe.mjs) needs from the core, bundled from source with the published
 * bundle's options: the world, two scenes, and the internals the sweep check reaches
 * (a world's state, the stage runner).
 */
export { World } from '../../src/index.js';
export { pyramidScene, tumblerScene } from '../../src/scenes/index.js';
export { worldStateOf } from '../../src/world/world_access.js';
export { runSolverBlock, SolverStage } from '../../src/world/solver_stages.js';
export { GRAPH_COLOUR_COUNT } from '../../src/dynamics/constraint_graph_store.js';
