/**
 * The contact kernel's memory as the home of the arrays it sweeps (body state, constraint
 * data, meta, relax flags): a bump allocator of regions in one WebAssembly.Memory.
 *
 * Growing an array takes a new region at the top and copies the old one into it; the old
 * region is left unused until the world's stores are replaced (a restore), which starts the
 * memory over. When the top does not fit, the memory is replaced by a new one at least
 * twice as large, holding a copy of the old one's bytes; it is never grown in place:
 * `memory.grow` detaches the old buffer, and once any ArrayBuffer is detached V8 checks for
 * detachment at every typed-array access it compiles from then on, in all code (the JS
 * step: +25 % instructions on the tumbler, docs/wasm-kernel.md "Never detach"). The old
 * memory is left to the collector, its views still valid and no longer used: each
 * replacement re-takes the view of every region, in the store field that holds it, so a
 * store's arrays are current after any growth. Growth happens only outside the sweeps
 * (body creation, ContactConstraints.reserve before the colouring), and no step code keeps
 * one of these arrays in a local across a growth.
 *
 * A world on shared memory (WorldDef.sharedMemory) has a shared memory, which is grown in
 * place: a shared memory's growth detaches nothing (its old SharedArrayBuffer stays valid,
 * shorter), and the solver helpers' instances import that one memory. Every move of a
 * region there counts a new shared generation, so that the helpers take the new views.
 */

import type { ArrayPlacement, Growable } from '../base/array.js';
import type { WasmMemory } from './wasm_api.js';

type Kind = {
  new (buffer: ArrayBuffer, offset: number, length: number): Growable;
  BYTES_PER_ELEMENT: number;
};

/** One array: the store field that holds its view, and where it lies. */
interface Region {
  store: Record<string, unknown>;
  key: string;
  Kind: Kind;
  offset: number;
  length: number;
}

const PAGE = 65536;

export class KernelMemory implements ArrayPlacement {
  private top = 0;
  private readonly regions: Region[] = [];

  /**
   * `memory`: the first memory; `newMemory` makes a larger one (in 64 KiB pages);
   * `placements`: the core's map from a buffer to the placement that grows its arrays
   * (base/array.ts); `onMove` runs after any region moved (the kernel binds the current
   * memory and sets its offsets there); `shared`: the realm's shared generation when
   * `memory` is a shared one (grown in place, its moves counted), else null.
   */
  constructor(
    public memory: WasmMemory,
    private readonly newMemory: (pages: number) => WasmMemory,
    private readonly placements: WeakMap<ArrayBufferLike, ArrayPlacement>,
    private readonly onMove: () => void,
    private readonly shared: { value: number } | null = null,
  ) {
    placements.set(memory.buffer, this);
  }

  /** Byte offset of `store[key]`'s region; 0 while it is not placed (nothing runs before all are). */
  offsetOf(store: object, key: string): number {
    for (const r of this.regions) if (r.store === store && r.key === key) return r.offset;
    return 0;
  }

  /** Whether `store[key]` is one of its regions. */
  has(store: object, key: string): boolean {
    for (const r of this.regions) if (r.store === store && r.key === key) return true;
    return false;
  }

  /** Forgets every region (their stores were replaced) and starts the memory over. */
  reset(): void {
    this.regions.length = 0;
    this.top = 0;
  }

  /** Moves `store[key]` (a typed array outside this memory) into a region of its own. */
  place(store: object, key: string): void {
    const s = store as Record<string, unknown>;
    const a = s[key] as Growable;
    const Kind = a.constructor as Kind;
    const offset = this.allocate(a.byteLength);
    const view = new Kind(this.memory.buffer, offset, a.length);
    view.set(a);
    this.regions.push({ store: s, key, Kind, offset, length: a.length });
    s[key] = view;
    this.moved();
  }

  grow<A extends Growable>(a: A, capacity: number): A {
    let r: Region | undefined;
    for (const x of this.regions) if (x.store[x.key] === a) r = x;
    if (r === undefined) throw new Error('KernelMemory.grow: the array is not one of its regions');
    const size = r.Kind.BYTES_PER_ELEMENT;
    const from = r.offset;
    const bytes = r.length * size;
    const offset = this.allocate(capacity * size);
    const all = new Uint8Array(this.memory.buffer);
    all.copyWithin(offset, from, from + bytes);
    // the rest zeros, as a new typed array's: after a reset the bytes past the top are the
    // old regions' (the colouring's body masks are read as 0 from a growth on)
    all.fill(0, offset + bytes, offset + capacity * size);
    r.offset = offset;
    r.length = capacity;
    const view = new r.Kind(this.memory.buffer, offset, capacity);
    r.store[r.key] = view;
    this.moved();
    return view as A;
  }

  /** After a region moved: helpers viewing a shared memory must take the new views. */
  private moved(): void {
    if (this.shared !== null) this.shared.value++;
    this.onMove();
  }

  /** A 16-byte aligned region of `bytes` at the top; replaces the memory and re-takes every view when short. */
  private allocate(bytes: number): number {
    const offset = (this.top + 15) & ~15;
    const end = offset + bytes;
    const old = this.memory.buffer;
    if (end > old.byteLength) {
      const pages = Math.max(Math.ceil(end / PAGE), (2 * old.byteLength) / PAGE);
      let buffer: ArrayBuffer;
      if (this.shared !== null) {
        // in place: the new pages are zeros, the old buffer stays valid
        this.memory.grow(pages - old.byteLength / PAGE);
        buffer = this.memory.buffer;
      } else {
        const next = this.newMemory(pages);
        buffer = next.buffer;
        new Uint8Array(buffer).set(new Uint8Array(old, 0, this.top));
        this.memory = next;
      }
      this.placements.delete(old);
      this.placements.set(buffer, this);
      for (const r of this.regions) r.store[r.key] = new r.Kind(buffer, r.offset, r.length);
    }
    this.top = end;
    return offset;
  }
}
