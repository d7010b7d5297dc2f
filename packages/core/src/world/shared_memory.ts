/**
 * The world's hot stores on shared memory (`WorldDef.sharedMemory`): body states, contact
 * records and manifolds, contact constraints, joints and their solver rows, and the awake
 * lists, each a typed array on a SharedArrayBuffer that helper workers can view while the
 * physics worker steps (docs/parallel-step.md, "Runtime").
 *
 * Nothing in the step knows which memory it runs on: the same loads and stores, the same
 * bits. Arrays are moved onto shared buffers once, when the world is made (and again when a
 * snapshot replaces its content), and stay shared as they grow (base/array.ts growF64 ...),
 * each growth counting a new `sharedGeneration`: between two steps, a generation other than
 * the one the helpers last took means they must take `sharedStores` again.
 */

import { isShared, sharedBuffer, sharedGeneration } from '../base/array.js';
import type { Column } from '../base/columns.js';
// What it reads of a world is the joint layer's view of it (every store), so the world state,
// which shares itself when it adopts restored content, imports this module without a cycle.
import type { JointsState } from '../joints/joints_state.js';

/** The objects whose typed-array fields are shared, by name (the names `sharedStores` uses). */
function hotStores(w: JointsState): Record<string, object> {
  return {
    bodies: w.bodies,
    shapes: w.shapes,
    contacts: w.contacts,
    constraints: w.constraints,
    joints: w.joints,
    quads: w.quadCache,
    // the fat boxes (`broadPhase.shapeFat`), which the narrow phase reads, and what the
    // pair queries' walks read (collision/pair_query.ts): prevFat, the move index per
    // tree, the trees' node arrays, and the queries with their hits
    broadPhase: w.broadPhase,
    moveIndex: w.broadPhase.moveIndex,
    staticTree: w.broadPhase.trees[0],
    kinematicTree: w.broadPhase.trees[1],
    dynamicTree: w.broadPhase.trees[2],
    pairQueries: w.broadPhase.queries,
    world: w,
  };
}

/**
 * Moves every typed-array field of `o` onto shared memory: a copy on a new
 * SharedArrayBuffer, same length, same bits. Growth keeps them shared (growF64 ...).
 * A field already shared is left as it is.
 */
function shareArrays(o: object): void {
  const fields = o as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    const v = fields[key];
    if (!ArrayBuffer.isView(v) || v instanceof DataView || isShared(v)) continue;
    const a = v as Uint8Array;
    const Kind = a.constructor as new (buffer: SharedArrayBuffer) => Uint8Array;
    const copy = new Kind(sharedBuffer(a.byteLength));
    copy.set(a);
    fields[key] = copy;
  }
}

/** Moves the world's hot stores onto shared memory (same lengths, same bits). */
export function shareWorldMemory(w: JointsState): void {
  for (const store of Object.values(hotStores(w))) shareArrays(store);
}

/**
 * Every shared typed array of the world's hot stores, keyed `store.field` (`bodies.state`,
 * `constraints.data`, ...): what a helper needs to view them. Typed arrays are structured-
 * cloned as views of the same SharedArrayBuffer, so posting this object shares it.
 */
export function sharedStores(w: JointsState): Record<string, Column> {
  const out: Record<string, Column> = {};
  for (const [name, store] of Object.entries(hotStores(w))) {
    const fields = store as Record<string, unknown>;
    for (const key of Object.keys(fields)) {
      const v = fields[key];
      if (ArrayBuffer.isView(v) && !(v instanceof DataView) && isShared(v))
        out[`${name}.${key}`] = v as Column;
    }
  }
  return out;
}

/** The realm's count of shared buffers allocated: changed means `sharedStores` changed. */
export function sharedMemoryGeneration(): number {
  return sharedGeneration.value;
}
