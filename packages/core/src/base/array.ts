/** Growth of typed arrays by doubling: the only allocation the core does after warm-up. */

export function growF64(a: Float64Array, capacity: number): Float64Array<ArrayBuffer> {
  if (capacity <= a.length) return a as never;
  const b = new Float64Array(Math.max(capacity, a.length * 2));
  b.set(a);
  return b;
}

export function growI32(a: Int32Array, capacity: number, fill = 0): Int32Array<ArrayBuffer> {
  if (capacity <= a.length) return a as never;
  const b = new Int32Array(Math.max(capacity, a.length * 2));
  b.set(a);
  if (fill !== 0) b.fill(fill, a.length);
  return b;
}

export function growU32(a: Uint32Array, capacity: number): Uint32Array<ArrayBuffer> {
  if (capacity <= a.length) return a as never;
  const b = new Uint32Array(Math.max(capacity, a.length * 2));
  b.set(a);
  return b;
}

export function growU8(a: Uint8Array, capacity: number): Uint8Array<ArrayBuffer> {
  if (capacity <= a.length) return a as never;
  const b = new Uint8Array(Math.max(capacity, a.length * 2));
  b.set(a);
  return b;
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

/** A typed array that a store keeps one of per field. */
export type Column = Float64Array | Int32Array | Uint32Array | Uint8Array;

/**
 * One typed-array field of a store (structure of arrays): its name, element type, the
 * value new slots get, how many elements each slot has, and whether snapshots hold it.
 * A store lists every field once; its growth (`growColumns`) and the snapshot
 * (world/snapshot.ts) both walk that list, so a new field cannot be missed by either.
 */
export interface ColumnSpec<S> {
  readonly name: keyof S & string;
  readonly kind: 'f64' | 'i32' | 'u32' | 'u8';
  /** Value of new slots (i32 only; the others start at 0). */
  readonly fill?: number;
  /** Elements per slot (a stride); 1 by default. */
  readonly perSlot?: number;
  /** False for a field the step rewrites before reading it (not saved); true by default. */
  readonly snapshot?: boolean;
}

/** Grows every column of `store` to `capacity` slots. */
export function growColumns<S>(store: S, columns: readonly ColumnSpec<S>[], capacity: number): void {
  const s = store as unknown as Record<string, Column>;
  for (const c of columns) {
    const n = capacity * (c.perSlot ?? 1);
    const a = s[c.name]!;
    switch (c.kind) {
      case 'f64':
        s[c.name] = growF64(a as Float64Array, n);
        break;
      case 'i32':
        s[c.name] = growI32(a as Int32Array, n, c.fill ?? 0);
        break;
      case 'u32':
        s[c.name] = growU32(a as Uint32Array, n);
        break;
      default:
        s[c.name] = growU8(a as Uint8Array, n);
    }
  }
}

/**
 * The columns a snapshot holds, in snapshot order (one-element-per-slot columns first,
 * then the strided ones), with each one's elements per slot.
 */
export function snapshotColumns<S>(store: S, columns: readonly ColumnSpec<S>[]): [Column, number][] {
  const s = store as unknown as Record<string, Column>;
  const saved = columns.filter((c) => c.snapshot !== false);
  const single = saved.filter((c) => (c.perSlot ?? 1) === 1);
  const strided = saved.filter((c) => (c.perSlot ?? 1) !== 1);
  return [...single, ...strided].map((c) => [s[c.name]!, c.perSlot ?? 1]);
}

/** Options of a run of columns (see ColumnSpec). */
export type ColumnOptions = Pick<ColumnSpec<unknown>, 'fill' | 'perSlot' | 'snapshot'>;

/** A store's field list, written as runs of fields of one element type and options. */
export function columnList<S>(
  ...runs: [kind: ColumnSpec<S>['kind'], names: readonly (keyof S & string)[], options?: ColumnOptions][]
): readonly ColumnSpec<S>[] {
  return runs.flatMap(([kind, names, options]) => names.map((name) => ({ name, kind, ...options })));
}
