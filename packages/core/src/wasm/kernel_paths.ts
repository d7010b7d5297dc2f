/**
 * Where the kernel's arrays are: the generator names each one by a path (scripts/wasm/*:
 * COLLIDE_ARRAYS, FINISH_ARRAYS, COLOUR_ARRAYS, STAGE_ARRAYS), `store.field` for a column of
 * one of the world's stores, a bare name for a field of the world's state or of the stage's
 * own object. One reading of those paths for every stage.
 */

import type { JointsState } from '../joints/joints_state.js';

function storeOf(w: JointsState, owner: string): object {
  switch (owner) {
    case 'bodies':
      return w.bodies;
    case 'contacts':
      return w.contacts;
    case 'shapes':
      return w.shapes;
    case 'quadCache':
      return w.quadCache;
    case 'broadPhase':
      return w.broadPhase;
    case 'graph':
      return w.constraints.graph;
  }
  throw new Error(`kernel array path: no store ${owner}`);
}

/**
 * The store and field of a kernel array path; a bare name in `ownKeys` is a field of `own`
 * (a stage's scratch, such as the list of items it leaves to the JS).
 */
export function worldArray(
  w: JointsState,
  path: string,
  own: object | null = null,
  ownKeys: readonly string[] = [],
): [store: object, key: string] {
  const dot = path.indexOf('.');
  if (dot < 0) return own !== null && ownKeys.includes(path) ? [own, path] : [w, path];
  return [storeOf(w, path.slice(0, dot)), path.slice(dot + 1)];
}
