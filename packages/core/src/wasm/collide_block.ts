/**
 * The narrow phase's Collide stage in the WebAssembly kernel (docs/wasm-kernel.md, "The
 * collide block in the kernel"): one call of the kernel's `collideBlock`
 * (scripts/wasm/kernel_collide_block_wat.mjs) over every awake contact, which finishes the
 * pairs of two cached quadrilaterals, the round pairs (circles, capsules) and a quadrilateral against a capsule, and lists the rest; the JS's collideBlock then runs on
 * the listed contacts, in runs of consecutive awake indices. A contact's work touches only
 * its own records and status byte, so the two passes give the JS's bits and statuses.
 * With solver helpers the stage runs in blocks on every thread (collide_range.ts).
 */

import { type CollideShare, collideRange, type RangedCollide } from './collide_range.js';
import { worldArray } from './kernel_paths.js';
import type { Capsule, Circle, Geometry, Polygon } from '../geometry/geometry.js';
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
  /** A cached quadrilateral and a capsule, shapes sA, sB, with the I/O record's transforms and radii (for the tests). */
  collidePolygonCapsule(sA: number, sB: number): number;
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

/**
 * What the block knows of a shape (`CollideBlock.kind`; the generator's KIND, pinned by
 * test/wasm/collide_round.test.ts): a cached quadrilateral, or a circle or capsule whose
 * points and radius the block wrote into the shape's record of the quad cache (RoundRecord),
 * which the JS reads only for quadrilaterals.
 */
export enum CachedKind {
  None = 0,
  Quad = 1,
  Circle = 2,
  Capsule = 3,
}

/** A circle's record: its centre (X1, Y1); a capsule's: its segment c1 (X1, Y1) to c2 (X2, Y2); both: the radius. */
export enum RoundRecord {
  X1 = 0,
  Y1 = 1,
  X2 = 2,
  Y2 = 3,
  RADIUS = 4,
}

/**
 * geometry.ts ShapeType's values this file reads (the wasm entry imports nothing outside
 * src/wasm; pinned by test/wasm/collide_round.test.ts).
 */
export enum RoundType {
  Circle = 0,
  Capsule = 1,
  Polygon = 3,
}

/** manifold.ts Q.SIZE: a quad cache record in doubles. */
const RECORD = 17;

/** The collide block's own arrays among COLLIDE_ARRAYS (the rest are the world's: kernel_paths.ts). */
const OWN = ['list', 'kind'];

/**
 * The solver helpers that get an I/O record of their own in a shared kernel memory (15:
 * sixteen threads, 5 kB); a helper past them runs the JS's Collide blocks.
 */
const HELPER_IO = 15;

export class CollideBlock implements RangedCollide {
  /**
   * The awake indices the kernel left to the JS, a region of the kernel memory: block
   * [s, e) lists from list[s] on (collide_range.ts).
   */
  list = new Int32Array(64);
  /**
   * collideQuads' I/O record (KIO), a region of the kernel memory: this thread's, then on a
   * shared memory each helper's.
   */
  io: Float64Array;
  /** Per shape index, what the block knows of it (CachedKind), a region of the kernel memory. */
  kind = new Int32Array(64);
  /**
   * Per shape index, the geometry `kind` and the record were written for: kept here, on the
   * kernel's side, so that the worker's start bundle carries none of it.
   */
  private seen: (Geometry | null)[] = [];

  /** The instance on the kernel's current memory; null where the module did not compile (the JS's stage). */
  private x: CollideBlockExports | null = null;

  constructor(
    private readonly core: KernelCore,
    private readonly api: WasmApi,
    private readonly module: WasmModule | null,
    shared: boolean,
  ) {
    this.io = new Float64Array(KIO.SIZE * (shared ? 1 + HELPER_IO : 1));
  }

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
      const [store, key] = worldArray(w, path, this, OWN);
      if (!m.has(store, key)) m.place(store, key);
    }
  }

  /** The arrays' offsets into the kernel. */
  layout(m: KernelMemory, w: JointsState): void {
    const x = this.x;
    if (x === null) return;
    x.setCollideLayout(m.offsetOf(w.quadCache, 'data'), m.offsetOf(this, 'io'));
    x.setCollideBlockLayout(...COLLIDE_ARRAYS.map((path) => m.offsetOf(...worldArray(w, path, this, OWN))));
  }

  /**
   * The records are this step's: the block's pass wrote them (it runs only on awake
   * contacts, so the bodies' finish follows in the same step and clears it).
   */
  private fresh = false;

  /**
   * For the bodies' finish, which reads the round records too (kernel_finish.ts): writes
   * them unless this step's Collide stage did (it may have run in the JS, on helpers).
   */
  recordForFinish(w: JointsState, m: KernelMemory): void {
    if (!this.fresh) this.record(w, m);
    this.fresh = false;
  }

  /**
   * Writes `kind`, and the records of circles and capsules, for the shapes whose geometry
   * changed since the last step (made, or replaced by a restore): one identity test a shape.
   */
  private record(w: JointsState, m: KernelMemory): void {
    const shapes = w.shapes;
    const n = shapes.pool.next;
    if (this.kind.length < n) this.kind = m.grow(this.kind, Math.max(n, 2 * this.kind.length));
    const seen = this.seen;
    const geometry = shapes.geometry;
    for (let s = 0; s < n; s++) {
      const g = geometry[s] ?? null;
      if (seen[s] === g) continue;
      seen[s] = g;
      this.recordShape(w, s, shapes.type[s]!, g);
    }
  }

  private recordShape(w: JointsState, s: number, type: number, g: Geometry | null): void {
    const data = w.quadCache.data;
    const o = s * RECORD;
    let kind = CachedKind.None;
    if (g !== null && type === RoundType.Polygon && (g as Polygon).count === 4) kind = CachedKind.Quad;
    else if (g !== null && type === RoundType.Circle) {
      const c = g as Circle;
      data[o + RoundRecord.X1] = c.cx;
      data[o + RoundRecord.Y1] = c.cy;
      data[o + RoundRecord.RADIUS] = c.radius;
      kind = CachedKind.Circle;
    } else if (g !== null && type === RoundType.Capsule) {
      const c = g as Capsule;
      data[o + RoundRecord.X1] = c.c1x;
      data[o + RoundRecord.Y1] = c.c1y;
      data[o + RoundRecord.X2] = c.c2x;
      data[o + RoundRecord.Y2] = c.c2y;
      data[o + RoundRecord.RADIUS] = c.radius;
      kind = CachedKind.Capsule;
    }
    this.kind[s] = kind;
  }

  /** Readies blocks over awake contacts [0, count) on any thread: the list's room, the shapes' kinds. */
  prepare(w: JointsState, m: KernelMemory, count: number): void {
    if (this.x === null) return;
    if (this.list.length < count) this.list = m.grow(this.list, Math.max(count, 2 * this.list.length));
    this.record(w, m);
    // the round records are this step's: the bodies' finish need not write them
    this.fresh = true;
  }

  /** Block [start, end) of the Collide stage on this thread (prepared for it). */
  range(w: JointsState, start: number, end: number): number {
    // read after any growth, which may have bound a new instance
    const x = this.x;
    if (x === null) return this.core.runSolverBlock(w, this.core.stage.Collide, start, end);
    return collideRange(x, this.list, this.core, w, start, end);
  }

  /** The Collide stage over awake contacts [0, count): the kernel's pass, then the JS's on the list. */
  run(w: JointsState, m: KernelMemory, count: number): number {
    this.prepare(w, m, count);
    return this.range(w, 0, count);
  }

  /** What the helpers need to run blocks (a shared memory); null where the module did not compile. */
  share(m: KernelMemory, w: JointsState): CollideShare | null {
    if (this.module === null || this.io.length === KIO.SIZE) return null;
    const io = m.offsetOf(this, 'io');
    return {
      module: this.module,
      layout: COLLIDE_ARRAYS.map((path) => m.offsetOf(...worldArray(w, path, this, OWN))),
      quads: m.offsetOf(w.quadCache, 'data'),
      io: Array.from({ length: HELPER_IO }, (_, i) => io + (i + 1) * KIO.SIZE * 8),
      list: m.offsetOf(this, 'list'),
      listLength: this.list.length,
    };
  }
}
