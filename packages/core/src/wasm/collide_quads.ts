/**
 * The narrow phase's quadrilateral pair in the WebAssembly kernel (docs/wasm-kernel.md, "The
 * narrow phase"): `quadsLocal` of collision/manifold.ts as `collideQuads`
 * (scripts/wasm/kernel_collide_wat.mjs), handed to the world's quad cache as its `kernel`.
 * Its code lives here, in the kernel's entry, so that the default bundles carry only the
 * hook's call.
 */

import type { Transform } from '../base/math.js';
import type { QuadCache, QuadKernel } from '../collision/manifold.js';
import type { Manifold } from '../collision/manifold_types.js';
import type { Polygon } from '../geometry/geometry.js';
import type { KernelCore } from '../world/contact_kernel_hook.js';

/** The I/O record in doubles (IO of kernel_collide_wat.mjs, pinned by test/wasm/collide_kernel.test.ts). */
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
  SEP_A = 18,
  SEP_B = 19,
  LOCAL_B = 24,
  SIZE = 41,
}

/** collideQuads' result: bits 0-1 the count, 2-13 and 14-25 the ids, NORMAL when it wrote the normal. */
enum KQ {
  COUNT = 3,
  ID_SHIFT0 = 2,
  ID_SHIFT1 = 14,
  ID_MASK = 0xfff,
  NORMAL = 1 << 26,
}

export class CollideQuads {
  /** The I/O record, a region of the kernel memory (placed by the kernel). */
  io = new Float64Array(KIO.SIZE);
  /** The current instance's `collideQuads` (set with the layout). */
  call: (shapeA: number, shapeB: number) => number = () => 0;
  /** The world's quad cache (its records are in the kernel memory too). */
  cache: QuadCache | null = null;

  constructor(private readonly core: KernelCore) {}

  /**
   * QuadCache.kernel: the transforms and radii into the record, the kernel's search and
   * clip, the manifold out of it. A pair apart but within the speculative distance (a
   * negative result, -1 - (edgeA | edgeB << 2)) ends in the JS's polygonsFromSeparation,
   * from the separations and B's record the kernel left.
   */
  readonly hook: QuadKernel = (
    shapeA: number,
    a: Polygon,
    xfA: Transform,
    shapeB: number,
    b: Polygon,
    xfB: Transform,
    m: Manifold,
  ): boolean => {
    const io = this.io;
    io[KIO.AX] = xfA.px;
    io[KIO.AY] = xfA.py;
    io[KIO.AC] = xfA.c;
    io[KIO.AS] = xfA.s;
    io[KIO.BX] = xfB.px;
    io[KIO.BY] = xfB.py;
    io[KIO.BC] = xfB.c;
    io[KIO.BS] = xfB.s;
    io[KIO.RA] = a.radius;
    io[KIO.RB] = b.radius;
    const r = this.call(shapeA, shapeB);
    if (r < 0) {
      const edges = -1 - r;
      this.core.quadsApart(
        this.cache!,
        shapeA,
        a,
        b,
        io,
        KIO.LOCAL_B,
        KIO.SEP_A,
        edges & 3,
        edges >> 2,
        xfA,
        m,
      );
      return true;
    }
    if ((r & KQ.NORMAL) !== 0) {
      m.normalX = io[KIO.NX]!;
      m.normalY = io[KIO.NY]!;
    }
    const n = r & KQ.COUNT;
    if (n > 0) {
      m.ax0 = io[KIO.POINT]!;
      m.ay0 = io[KIO.POINT + 1]!;
      m.sep0 = io[KIO.POINT + 2]!;
      m.id0 = (r >> KQ.ID_SHIFT0) & KQ.ID_MASK;
    }
    if (n > 1) {
      m.ax1 = io[KIO.POINT + 3]!;
      m.ay1 = io[KIO.POINT + 4]!;
      m.sep1 = io[KIO.POINT + 5]!;
      m.id1 = (r >> KQ.ID_SHIFT1) & KQ.ID_MASK;
    }
    m.pointCount = n;
    return true;
  };
}
