/**
 * The typed-array fields of a store (structure of arrays), listed once: their growth and
 * the order a snapshot saves them in both walk that list, so a new field cannot be missed
 * by either. Only a stepping world has stores; the mirror of @impulse/worker does not
 * load this module.
 */
import { growF64, growI32, growU8, growU32 } from './array.js';

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
 * Makes room in a store for slots below `n`: its columns grow to at least `n` slots, at
 * least twice `capacity`, and at least `least`. Returns the store's capacity afterwards
 * (`capacity` itself when it was enough).
 */
export function growStore<S>(
  store: S,
  columns: readonly ColumnSpec<S>[],
  capacity: number,
  n: number,
  least: number,
): number {
  if (n <= capacity) return capacity;
  const cap = Math.max(n, capacity * 2, least);
  growColumns(store, columns, cap);
  return cap;
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
