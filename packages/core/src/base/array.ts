/**
 * Growth of typed arrays by doubling: the only allocation the core does after warm-up.
 *
 * An array grows into the same kind of memory it lives in: one on a `SharedArrayBuffer`
 * (a world created with `sharedMemory`, world/shared_memory.ts) grows into a new shared
 * buffer and counts a new `sharedGeneration`, so helpers that view the world's stores
 * learn between steps that they must take the new buffers. The growth sites (stores,
 * solvers, scratch) need not know which memory the world chose.
 */

/** The shared-buffer constructor, or null where the page is not cross-origin isolated. */
const Shared: SharedArrayBufferConstructor | null =
  typeof SharedArrayBuffer === 'function' ? SharedArrayBuffer : null;

/** True when this realm can allocate shared memory (SharedArrayBuffer exists). */
export const sharedMemoryAvailable = Shared !== null;

/**
 * Counts the shared buffers allocated in this realm (the JavaScript context: one per
 * worker). A helper that viewed the stores at one generation views stale buffers once it
 * changed; the count is realm-wide rather than per world, so it may ask for a
 * republish that was not needed, never miss one.
 */
export const sharedGeneration = { value: 0 };

/** True for a typed array whose memory is a SharedArrayBuffer. */
export function isShared(a: ArrayBufferView): boolean {
  return Shared !== null && a.buffer instanceof Shared;
}

/** A new shared buffer of `bytes` bytes (the caller checked `sharedMemoryAvailable`). */
export function sharedBuffer(bytes: number): SharedArrayBuffer {
  if (Shared === null) throw new Error('sharedBuffer: SharedArrayBuffer is not available in this context');
  sharedGeneration.value++;
  return new Shared(bytes);
}

/**
 * A memory that some arrays share and that grows them itself: the WebAssembly contact
 * kernel's (wasm/kernel_memory.ts). Its growth may move every array in it (a full memory is
 * replaced by a larger copy, never grown in place: docs/wasm-kernel.md, "Never detach"): it
 * re-takes them all, and `grow` returns `a`'s new view, holding `a`'s elements and room for
 * `capacity`.
 */
export interface ArrayPlacement {
  grow<A extends Growable>(a: A, capacity: number): A;
}

/** The placements by the buffer their arrays view (kept current by each placement). */
export const placements = new WeakMap<ArrayBufferLike, ArrayPlacement>();

/** The typed-array kinds that grow, and their constructors. */
export type Growable = Float64Array | Int32Array | Uint32Array | Uint8Array;
interface GrowableKind<A extends Growable> {
  new (length: number): A;
  new (buffer: SharedArrayBuffer): A;
  readonly BYTES_PER_ELEMENT: number;
}

/**
 * `a` copied into a new array of its kind and its kind of memory, with room for `capacity`
 * and at least twice its length. Only on growth: the growers below return `a` itself while
 * it has room, without calling this.
 */
function grown<A extends Growable>(Kind: GrowableKind<A>, a: A, capacity: number): A {
  const n = Math.max(capacity, a.length * 2);
  const placement = placements.get(a.buffer);
  if (placement !== undefined) return placement.grow(a, n);
  const b = isShared(a) ? new Kind(sharedBuffer(Kind.BYTES_PER_ELEMENT * n)) : new Kind(n);
  b.set(a);
  return b;
}

export function growF64<B extends ArrayBufferLike>(a: Float64Array<B>, capacity: number): Float64Array<B> {
  return capacity <= a.length ? a : (grown(Float64Array, a as Float64Array, capacity) as Float64Array<B>);
}

/** As growF64; the new entries are `fill`. */
export function growI32<B extends ArrayBufferLike>(
  a: Int32Array<B>,
  capacity: number,
  fill = 0,
): Int32Array<B> {
  const length = a.length;
  if (capacity <= length) return a;
  // `a` may be a stale view by now (a placement's growth moved it): its length read before
  const b = grown(Int32Array, a as Int32Array, capacity);
  if (fill !== 0) b.fill(fill, length);
  return b as Int32Array<B>;
}

export function growU32<B extends ArrayBufferLike>(a: Uint32Array<B>, capacity: number): Uint32Array<B> {
  return capacity <= a.length ? a : (grown(Uint32Array, a as Uint32Array, capacity) as Uint32Array<B>);
}

export function growU8<B extends ArrayBufferLike>(a: Uint8Array<B>, capacity: number): Uint8Array<B> {
  return capacity <= a.length ? a : (grown(Uint8Array, a as Uint8Array, capacity) as Uint8Array<B>);
}

/**
 * Replaces every typed-array field of `o` by a copy, once: called at the end of the
 * constructor of an object whose arrays are replaced by bigger ones as they grow. V8
 * treats a field that has never been reassigned as a constant in the code it optimises,
 * and throws that code away the first time the field is reassigned. The narrow phase lost
 * its optimised code when the awake contacts first outgrew their 64 slots (step 58 of the
 * every-shape-pair probe), and, its loop having been compiled on its own, entered that
 * loop's code from the interpreter on every call, boxing, for thousands of steps (1 process
 * in 40). Replaced here, the fields are ordinary ones from the first step.
 */
export function replaceArraysOnce(o: object): void {
  const fields = o as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    const v = fields[key];
    if (ArrayBuffer.isView(v) && !(v instanceof DataView)) fields[key] = (v as Uint8Array).slice();
  }
}
