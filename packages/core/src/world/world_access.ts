/**
 * The way from a `World` to its state, set once by world.ts (its private field's reader).
 * A module of its own so that internal entries (parallel.ts) can reach a world's state
 * without importing world.ts: an entry that imports world.ts shares the world's whole
 * module graph, which splits the published bundle's chunks differently and made apps'
 * main-thread chunks carry the world (apps/size). Below world.ts in the layers, so it
 * names the world as `object` (world.ts re-exports it typed).
 */
import type { WorldState } from './world_state.js';

let reader: ((world: object) => WorldState) | null = null;

/** Called once, by the World class's static block. */
export function setWorldStateReader(read: (world: object) => WorldState): void {
  reader = read;
}

/**
 * The state of a world, for the package's own tests and internal entries (white-box
 * checks of the stores, the parallel step). Not exported by the index.
 */
export function worldStateOf(world: object): WorldState {
  if (reader === null) throw new Error('worldStateOf: no World class loaded');
  return reader(world);
}
