/**
 * Shared scene builders: tests, the benchmark and the demo build exactly these worlds.
 * Each builder adds to a world it is given and returns the ids it made, so a scene can
 * be combined with others or inspected afterwards.
 */

// One file per family of scenes; this index is the public entry point `@impulse/core/scenes`.
export * from './common.js';
export * from './stacking.js';
export * from './piles.js';
export * from './motion.js';
export * from './joints.js';
export * from './character.js';
export * from './benchmarks.js';
export * from './families.js';
