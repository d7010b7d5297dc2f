/**
 * The one mechanism that renews a world's rollback stamp before a write: every method the
 * table of World's methods (world_methods.ts) classifies as writing is wrapped. Apart from
 * the table, which is data that pages checking calls for a world elsewhere also import
 * (@impulse/core/contract), since this needs the world's state.
 */

import { WORLD_METHODS, WRITING_KINDS, type WorldMethodName } from './world_methods.js';
import { markRollbackChanged, type WorldState } from './world_state.js';

/** The most arguments a writing method takes (the wrapper passes this many on). */
export const MAX_WRITE_ARGUMENTS = 4;

type Method = (this: object, a?: unknown, b?: unknown, c?: unknown, d?: unknown) => unknown;

/**
 * Wraps every method the table classifies as writing (WRITING_KINDS) so that it renews the
 * world's rollback stamp before it runs: called once, by World, on its own prototype, so a
 * writing method cannot forget the stamp. Renewing it before the method runs covers every
 * write it makes, even one followed by a throw; a write that throws at its checks and
 * changes nothing only costs the next save a full encoding. The wrapper takes a fixed
 * number of arguments (a rest parameter would allocate an array per call, and per-frame
 * inputs are called every frame); world.ts checks at compile time that no writing method
 * takes more.
 */
export function installWriteMarks(proto: object, stateOf: (world: object) => WorldState): void {
  const methods = proto as Record<string, Method | undefined>;
  for (const name of Object.keys(WORLD_METHODS) as WorldMethodName[]) {
    if (!WRITING_KINDS.has(WORLD_METHODS[name])) continue;
    const method = methods[name];
    if (typeof method !== 'function') {
      throw new Error(`installWriteMarks: World has no method ${name}, which WORLD_METHODS lists`);
    }
    const marked: Method = function (this: object, a, b, c, d) {
      markRollbackChanged(stateOf(this));
      return method.call(this, a, b, c, d);
    };
    Object.defineProperty(marked, 'name', { value: name });
    methods[name] = marked;
  }
}
