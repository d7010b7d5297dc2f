/**
 * The narrow phase's Collide stage in the WebAssembly kernel (docs/wasm-kernel.md, "The
 * collide block in the kernel"): one call of the kernel's `collideBlock`
 * (scripts/wasm/kernel_collide_block_wat.mjs) over every awake contact, which finishes the
 * pairs of two cached quadrilaterals and lists the rest; the JS's collideBlock then runs on
 * the listed contacts, in runs of consecutive awake indices. A contact's work touches only
 * its own records and status byte, so the two passes give the JS's bits and statuses.
 */

import type { JointsState } from '../joints/joints_state.js';
import type { KernelCore } from '../world/contact_kernel_hook.js';
import { COLLIDE_ARRAYS } from './contact_kernel_bytes.js';
import type { KernelMemory } from './kernel_memory.js';
import type { WasmApi, WasmMemory, WasmModule } from './wasm_api.js';

/** The collide module's exports: the block and its quadrilateral pair (kernel_collide_wat.mjs). */
export interface CollideBlockExports {
  setCollideBlockLayout(...offsets: number[]): void;
  collideBlock(start: number, end: number): number;
  setCollideLayout(quads: number, io: number): void;
  collideQuads(shapeA: number, shapeB: number): number;
  /** A cached shape (CachedKind kindA) and a circle, shapes sA, sB of bodies bA, bB (for the tests). */
  collideRound(kindA: number, sA: number, sB: number, bA: number, bB: number): number;
  /** Two capsules, shapes sA, sB of bodies bA, bB (for the tests). */
  collideCapsules(sA: number, sB: number, bA: number, bB: number): number;
}

/**
 * The pair's I/O record in doubles (IO of kernel_collide_wat.mjs; pinned by
 * test/wasm/collide_kernel.test.ts): the two transforms and radii in, the normal and the
 * points out.
 */
export enum KIO {
  AX = 0,
  AY = 1,
  AC = 2,
  AS = 3,
  BX = 4,
  BY = 5,
  BC = 6,
  BS = 7,
  RA = 8,
  RB = 9,
  NX = 10,
  NY = 11,
  POINT = 12,
  LOCAL_B = 24,
  SIZE = 41,
}

/** The store and field of a path of COLLIDE_ARRAYS (`list` is the block's own). */
function collideArray(
  w: JointsState,
  block: CollideBlock,
  path: (typeof COLLIDE_ARRAYS)[number],
): [store: object, key: string] {
  const dot = path.indexOf('.');
  if (dot < 0) return path === 'list' ? [block, path] : [w, path];
  const owner = path.slice(0, dot);
  const store =
    owner === 'bodies'
      ? w.bodies
      : owner === 'contacts'
        ? w.contacts
        : owner === 'shapes'
          ? w.shapes
          : owner === 'quadCache'
            ? w.quadCache
            : w.broadPhase;
  return [store, path.slice(dot + 1)];
}

export class CollideBlock {
  /** The awake indices the kernel left to the JS, a region of the kernel memory. */
  list = new Int32Array(64);
  /** collideQuads' I/O record (KIO), a region of the kernel memory. */
  io = new Float64Array(KIO.SIZE);

  /** The instance on the kernel's current memory; null where the module did not compile (the JS's stage). */
  private x: CollideBlockExports | null = null;

  constructor(
    private readonly core: KernelCore,
    private readonly api: WasmApi,
    private readonly module: WasmModule | null,
  ) {}

  /** Instantiates the module on `memory` (the kernel's, first and after each replacement). */
  bind(memory: WasmMemory): void {
    if (this.module === null) return;
    this.x = new this.api.Instance(this.module, { env: { memory } })
      .exports as unknown as CollideBlockExports;
  }

  /**
   * Moves the block's arrays into the kernel memory; those already placed (the contact
   * records, by the stages) stay where they are.
   */
  place(m: KernelMemory, w: JointsState): void {
    m.place(w.quadCache, 'data');
    m.place(this, 'io');
    for (const path of COLLIDE_ARRAYS) {
      const [store, key] = collideArray(w, this, path);
      if (!m.has(store, key)) m.place(store, key);
    }
  }

  /** The arrays' offsets into the kernel. */
  layout(m: KernelMemory, w: JointsState): void {
    const x = this.x;
    if (x === null) return;
    x.setCollideLayout(m.offsetOf(w.quadCache, 'data'), m.offsetOf(this, 'io'));
    x.setCollideBlockLayout(...COLLIDE_ARRAYS.map((path) => m.offsetOf(...collideArray(w, this, path))));
  }

  /** The Collide stage over awake contacts [0, count): the kernel's pass, then the JS's on the list. */
  run(w: JointsState, m: KernelMemory, count: number): number {
    const core = this.core;
    const stage = core.stage.Collide;
    if (this.x === null) return core.runSolverBlock(w, stage, 0, count);
    if (this.list.length < count) this.list = m.grow(this.list, Math.max(count, 2 * this.list.length));
    // after the growth, which may have bound a new instance
    const r = this.x.collideBlock(0, count);
    let result = r & 3;
    const n = r >>> 2;
    const list = this.list;
    for (let j = 0; j < n; ) {
      const start = list[j]!;
      let end = start + 1;
      j++;
      while (j < n && list[j] === end) {
        end++;
        j++;
      }
      result |= core.runSolverBlock(w, stage, start, end);
    }
    return result;
  }
}
