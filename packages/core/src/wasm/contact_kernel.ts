/**
 * The WebAssembly contact kernel bound to one world (docs/wasm-kernel.md, "Shipped as an
 * option"): an instance of the kernel whose memory holds the world's body state and
 * contact constraints (kernel_memory.ts), and the sweeps run on it.
 *
 * The module is compiled once per realm, synchronously (10 KB), f64x2 first, the scalar
 * one where SIMD does not validate; when neither compiles (no WebAssembly, or a CSP without
 * 'wasm-unsafe-eval') worlds run the JS sweeps. Every world has its own instance, so its
 * own memory; a world on shared memory has a shared one (kernel_memory.ts), imported by
 * modules whose import says so (shared_import.ts), compiled when such a world first asks.
 */

import type { BroadPhase } from '../collision/broad_phase.js';
import type { JointsState } from '../joints/joints_state.js';
import type { SolverStage } from '../world/solver_stages.js';
import {
  CONTACT_KERNEL_BLOCKS,
  CONTACT_KERNEL_COLLIDE,
  CONTACT_KERNEL_SCALAR,
  CONTACT_KERNEL_SIMD,
  COLOUR_ARRAYS,
  FINISH_ARRAYS,
  KERNEL_PARAMS,
  PAIR_ARRAYS,
  STAGE_ARRAYS,
} from './contact_kernel_bytes.js';
import type { ContactKernelName } from '../types/contact_kernel.js';
import type { AttachedContactKernel, KernelCore } from '../world/contact_kernel_hook.js';
import { CollideBlock } from './collide_block.js';
import { type ColourExports, colourInKernel } from './kernel_colour.js';
import { worldArray } from './kernel_paths.js';
import { FinishBlock, type FinishExports } from './kernel_finish.js';
import { finishRange, type RangedFinish } from './finish_range.js';
import { type BlockExports, type KernelShare, kernelBlock, setBlockLayout } from './kernel_block.js';
import { KernelMemory } from './kernel_memory.js';
import { SHARED_MAX_PAGES, sharedMemoryImport } from './shared_import.js';
import {
  HELPER_STACKS,
  type PairExports,
  PairWalkScratch,
  pairArray,
  pairShare,
  queryPairs,
  readyQueryStacks,
  walkMovedPairs,
} from './kernel_pairs.js';
import {
  REBUILD_ARRAYS,
  type RebuildExports,
  RebuildScratch,
  rebuildLayout,
  rebuildTree,
  reserveRebuild,
} from './kernel_rebuild.js';
import { type WasmApi, type WasmMemory, type WasmModule, wasmApi } from './wasm_api.js';

/**
 * The kernel's exports (scripts/wasm/kernel_wat.mjs); it imports its memory (env.memory).
 * The range functions and layouts are kernel_block.ts'.
 */
interface KernelExports extends PairExports, BlockExports, RebuildExports {}

function decode(base64: string): Uint8Array<ArrayBuffer> {
  const s = atob(base64);
  const b = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i);
  return b;
}

/** The blocks module's exports (scripts/wasm/kernel_blocks_wat.mjs). */
interface BlocksExports extends ColourExports, FinishExports {
  setBlocksLayout(state: number, meta: number, params: number): void;
}

/**
 * The compiled module, whether it is the f64x2 one, the blocks module, and the collide module
 * (null if it did not compile: the JS's narrow phase); null when no kernel compiles here.
 */
type Compiled = { module: WasmModule; simd: boolean; blocks: WasmModule; collide: WasmModule | null };
/** The modules importing a plain memory, and those importing a shared one (shared_import.ts). */
const compiled: [Compiled | null | undefined, Compiled | null | undefined] = [undefined, undefined];

function compileOnce(shared: boolean): Compiled | null {
  const i = shared ? 1 : 0;
  const done = compiled[i];
  if (done !== undefined) return done;
  compiled[i] = null;
  const api = wasmApi();
  if (api === null) return null;
  const bytesOf = (base64: string) => (shared ? sharedMemoryImport(decode(base64)) : decode(base64));
  let c: Compiled | null = null;
  for (const [bytes, simd] of [
    [CONTACT_KERNEL_SIMD, true],
    [CONTACT_KERNEL_SCALAR, false],
  ] as const) {
    try {
      const module = new api.Module(bytesOf(bytes));
      // plain WebAssembly: where a kernel compiles, so does it
      c = { module, simd, blocks: new api.Module(bytesOf(CONTACT_KERNEL_BLOCKS)), collide: null };
      break;
    } catch {
      // SIMD missing (the f64x2 module does not validate) or compiling refused: next, or JS
    }
  }
  if (c !== null) {
    try {
      c.collide = new api.Module(bytesOf(CONTACT_KERNEL_COLLIDE));
    } catch {
      // the narrow phase stays the JS's
    }
  }
  compiled[i] = c;
  return c;
}

/** Forgets the compiled modules (tests of the fallback). */
export function resetCompiledKernel(): void {
  compiled[0] = undefined;
  compiled[1] = undefined;
}

/** The kernel bound to one world's stores. */
export class WasmContactKernel implements AttachedContactKernel {
  readonly name: ContactKernelName;
  /** The exports of the instance bound to the memory's current WebAssembly.Memory. */
  private x: KernelExports;
  /** The blocks module's, on the same memory. */
  private b: BlocksExports;
  private bound: WasmMemory;
  private readonly memory: KernelMemory;
  private readonly simd: boolean;
  private w: JointsState;
  /**
   * The sweeps' doubles (1/h, the negated push-out limit, the relax-again speed), then the
   * prepare stage's (the contact and static softness, the approach limit, the warm-start
   * factor), then the body stages' (the sub-step, gravity, the speed limits:
   * scripts/wasm/kernel_stages_wat.mjs), a region of the kernel memory the kernel
   * reads them from: passed as arguments, they were boxed at every call V8 did not inline
   * (scripts/wasm/kernel_wat.mjs, SOLVE_PARAMS).
   */
  params = new Float64Array(KERNEL_PARAMS.length);
  /** The Collide stage (collide_block.ts). */
  private readonly block: CollideBlock;
  /** The bodies' finish (kernel_finish.ts). */
  private readonly finish: FinishBlock;
  /** The pair walk's own arrays (kernel_pairs.ts). */
  private readonly pairs = new PairWalkScratch();
  /** The trees' rebuild's scratch (kernel_rebuild.ts). */
  private readonly rebuild = new RebuildScratch();
  /** The offsets setBlockLayout takes (kernel_block.ts), as last set. */
  private layout: number[] = [];
  /** The offsets setPairsLayout takes (kernel_pairs.ts), as last set. */
  private pairLayout: number[] = [];

  private constructor(
    private readonly api: WasmApi,
    private readonly module: WasmModule,
    private readonly blocksModule: WasmModule,
    simd: boolean,
    memory: WasmMemory,
    w: JointsState,
    private readonly core: KernelCore,
    collide: WasmModule | null,
    /** The memory is a shared one (WorldDef.sharedMemory), for the solver helpers. */
    readonly shared: boolean,
  ) {
    this.bound = memory;
    this.block = new CollideBlock(core, api, collide, shared);
    this.block.bind(memory);
    this.finish = new FinishBlock(this.block);
    this.x = new api.Instance(module, { env: { memory } }).exports as unknown as KernelExports;
    this.b = new api.Instance(blocksModule, { env: { memory } }).exports as unknown as BlocksExports;
    this.simd = simd;
    this.name = simd ? 'wasm-simd' : 'wasm';
    this.w = w;
    this.memory = new KernelMemory(
      memory,
      (pages) => new api.Memory({ initial: pages }),
      core.placements,
      () => this.setLayout(),
      shared ? core.sharedGeneration : null,
    );
    this.place(w);
  }

  /** Binds a new instance to `w`'s stores; null when the kernel does not compile or instantiate here. */
  static attach(w: JointsState, core: KernelCore, shared = false): WasmContactKernel | null {
    const c = compileOnce(shared);
    if (c === null) return null;
    const api = wasmApi();
    if (api === null) return null;
    try {
      const memory = shared
        ? new api.Memory({ initial: 1, maximum: SHARED_MAX_PAGES, shared: true })
        : new api.Memory({ initial: 1 });
      return new WasmContactKernel(api, c.module, c.blocks, c.simd, memory, w, core, c.collide, shared);
    } catch {
      return null;
    }
  }

  adopt(w: JointsState): void {
    this.memory.reset();
    this.place(w);
  }

  private place(w: JointsState): void {
    this.w = w;
    const m = this.memory;
    m.place(w.bodies, 'state');
    m.place(w.constraints, 'data');
    m.place(w.constraints, 'meta');
    m.place(w.constraints, 'relaxAgain');
    m.place(this, 'params');
    // what the prepare, store and body stages read besides (docs/wasm-kernel.md, "More stages")
    for (const path of STAGE_ARRAYS) m.place(...worldArray(w, path));
    this.block.place(m, w);
    // what the pair walk reads (docs/wasm-kernel.md, "The pair walk in the kernel")
    for (const path of PAIR_ARRAYS) m.place(...pairArray(w.broadPhase, this.pairs, path));
    // the trees' rebuild (docs/wasm-kernel.md, "The tree's rebuild in the kernel"): its
    // scratch, and each tree's hook (their arrays are the pair walk's)
    for (const key of REBUILD_ARRAYS) m.place(this.rebuild, key);
    const trees = w.broadPhase.trees;
    for (let t = 0; t < 3; t++) {
      trees[t]!.rebuildHook = (tree, full) => {
        reserveRebuild(this.memory, this.rebuild, tree.capacity);
        return rebuildTree(this.x, this.rebuild, tree, t, full);
      };
    }
    rebuildLayout(m, this.rebuild, trees);
    if (this.shared) {
      // the helpers' traversal stacks (kernel_pairs.ts readyQueryStacks)
      const pairs = this.pairs;
      if (pairs.stride === 0) {
        pairs.stride = 64;
        pairs.helperStacks = new Int32Array(HELPER_STACKS * pairs.stride);
      }
      m.place(pairs, 'helperStacks');
    }
    // what the colouring reads and writes (docs/wasm-kernel.md, "The colouring in the kernel")
    for (const path of COLOUR_ARRAYS) {
      const [store, key] = worldArray(w, path);
      if (!m.has(store, key)) m.place(store, key);
    }
    // the bodies' finish's (docs/wasm-kernel.md, "The bodies' finish in the kernel")
    for (const path of FINISH_ARRAYS) {
      const [store, key] = this.finish.array(w, path);
      if (!m.has(store, key)) m.place(store, key);
    }
    // on shared memory, the layout groups' starts, for the helpers' f64x2 blocks (kernel_block.ts)
    if (this.shared && this.simd) m.place(w.constraints.graph, 'groupStart');
  }

  /**
   * Tells the kernel where the arrays are (after any of them moved); after the memory was
   * replaced, first binds a new instance to it (an instance's imported memory is fixed).
   */
  private setLayout(): void {
    const m = this.memory;
    if (m.memory !== this.bound) {
      this.bound = m.memory;
      const env = { env: { memory: m.memory } };
      this.x = new this.api.Instance(this.module, env).exports as unknown as KernelExports;
      this.b = new this.api.Instance(this.blocksModule, env).exports as unknown as BlocksExports;
      this.block.bind(m.memory);
    }
    const w = this.w;
    const k = w.constraints;
    this.layout = [
      m.offsetOf(w.bodies, 'state'),
      m.offsetOf(k, 'data'),
      m.offsetOf(k, 'meta'),
      m.offsetOf(k, 'relaxAgain'),
      m.offsetOf(this, 'params'),
      ...STAGE_ARRAYS.map((path) => m.offsetOf(...worldArray(w, path))),
    ];
    setBlockLayout(this.x, this.layout);
    this.block.layout(m, w);
    this.pairLayout = PAIR_ARRAYS.map((path) => m.offsetOf(...pairArray(w.broadPhase, this.pairs, path)));
    this.x.setPairsLayout(...this.pairLayout);
    rebuildLayout(m, this.rebuild, w.broadPhase.trees);
    const b = this.b;
    b.setBlocksLayout(m.offsetOf(w.bodies, 'state'), m.offsetOf(k, 'meta'), m.offsetOf(this, 'params'));
    b.setColourLayout(...COLOUR_ARRAYS.map((path) => m.offsetOf(...worldArray(w, path))));
    b.setFinishLayout(...FINISH_ARRAYS.map((path) => m.offsetOf(...this.finish.array(w, path))));
  }

  /** The blocks instance and the parameter record now (a growth may bind a new instance and move the record). */
  private readonly exports = (): BlocksExports => this.b;
  private readonly paramRecord = (): Float64Array => this.params;
  /** This thread's FinalizeBodies blocks (readied by beforeFinish): the instance and list read at each call. */
  private readonly finishBlocks: RangedFinish = {
    range: (w, start, end) => finishRange(this.b, this.finish.list, this.core, w, start, end),
  };

  colour(w: JointsState): number {
    return colourInKernel(this.exports, this.core, w);
  }

  queryPairs(w: JointsState, count: number): void {
    queryPairs(this.x, this.memory, w.broadPhase, this.pairs, count);
  }

  walkMovedPairs(bp: BroadPhase, moveCount: number): number {
    return walkMovedPairs(this.x, this.memory, bp, this.pairs, moveCount);
  }

  runBlock(w: JointsState, stage: SolverStage, start: number, end: number): number {
    // the whole narrow phase (a stage left undispatched): the kernel's collide block, readied here
    if (stage === this.core.stage.Collide && start === 0 && end === w.awakeContactCount)
      return this.block.run(w, this.memory, end);
    return kernelBlock(
      this.x,
      this.core,
      w,
      stage,
      start,
      end,
      this.simd ? w.constraints.graph.groupStart : null,
      this.block,
      true,
      this.finishBlocks,
    );
  }

  beforeCollide(w: JointsState, count: number): void {
    this.block.prepare(w, this.memory, count);
  }

  beforeQueries(w: JointsState): boolean {
    readyQueryStacks(this.memory, w.broadPhase, this.pairs, this.shared);
    return this.shared;
  }

  beforeFinish(w: JointsState, count: number): boolean {
    this.finish.ready(this.paramRecord, w, this.memory, count);
    return this.shared;
  }

  writeParams(w: JointsState): void {
    this.sweepParams(w);
    this.prepareParams(w);
    this.bodyParams(w);
  }

  share(): KernelShare | null {
    if (!this.shared) return null;
    const colours = this.simd ? this.memory.offsetOf(this.w.constraints.graph, 'groupStart') : -1;
    const collide = this.block.share(this.memory, this.w);
    const pairs = pairShare(this.memory, this.pairs, this.pairLayout);
    const m = this.memory;
    const k = this.w.constraints;
    const finish = this.finish.share(this.w, m, this.blocksModule, [
      m.offsetOf(this.w.bodies, 'state'),
      m.offsetOf(k, 'meta'),
      m.offsetOf(this, 'params'),
    ]);
    return { memory: m.memory, module: this.module, layout: this.layout, colours, collide, pairs, finish };
  }

  sweep(w: JointsState, stage: SolverStage, count: number): number {
    const S = this.core.stage;
    this.sweepParams(w);
    if (stage === S.PrepareContacts) this.prepareParams(w);
    else if (stage === S.IntegrateVelocities || stage === S.IntegratePositions) this.bodyParams(w);
    else if (stage === S.Collide) return this.block.run(w, this.memory, count);
    else if (stage === S.FinalizeBodies) {
      return this.finish.run(this.exports, this.core, this.paramRecord, w, this.memory, count);
    } else if (this.simd && (stage === S.WarmStart || stage === S.Solve || stage === S.Relax))
      return this.sweep2(w, stage);
    return kernelBlock(this.x, this.core, w, stage, 0, count, null, null, true, null);
  }

  /** A warm start, solve or relax sweep by the f64x2 functions. */
  private sweep2(w: JointsState, stage: SolverStage): number {
    const x = this.x;
    const S = this.core.stage;
    const ctx = w.stepContext;
    const k = w.constraints;
    const track = k.tracking ? 1 : 0;
    const first = ctx.secondPointFirst & 1;
    const bias = stage === S.Solve ? 1 : 0;
    const stored = stage === S.Solve && ctx.separationsStored ? 1 : 0;
    // f64x2: two constraints of one colour at a time, so group by group (a colour, or a
    // region's colour: constraint_graph.ts); the overflow (whose constraints may share
    // bodies) by the scalar code, first, as the JS takes it
    const starts = k.graph.groupStart;
    const groups = k.graph.groupCount;
    const overflow = starts[0]!;
    let result = 0;
    if (stage === S.WarmStart) {
      if (overflow > 0) x.warmStart(0, overflow);
      for (let c = 0; c < groups; c++) {
        const start = starts[c]!;
        const end = starts[c + 1]!;
        if (end > start) x.warmStart2(start, end);
      }
      return 0;
    }
    if (overflow > 0) result |= x.solve(0, overflow, bias, stored, track, first);
    for (let c = 0; c < groups; c++) {
      const start = starts[c]!;
      const end = starts[c + 1]!;
      if (end > start) result |= x.solve2(start, end, bias, stored, track, first);
    }
    return result;
  }

  /** The sweeps' doubles into the parameter record. */
  private sweepParams(w: JointsState): void {
    const ctx = w.stepContext;
    const params = this.params;
    params[0] = ctx.invH;
    params[1] = -ctx.maxPushSpeed;
    params[2] = ctx.relaxAgainSpeed;
  }

  /** The prepare stage's (prepareContactRange) doubles into the parameter record. */
  private prepareParams(w: JointsState): void {
    const ctx = w.stepContext;
    const params = this.params;
    const o = KERNEL_PARAMS.prepare;
    const c = ctx.contactSoftness;
    const s = ctx.staticSoftness;
    params[o] = c.biasRate;
    params[o + 1] = c.massScale;
    params[o + 2] = c.impulseScale;
    params[o + 3] = s.biasRate;
    params[o + 4] = s.massScale;
    params[o + 5] = s.impulseScale;
    // as prepareContactRange: NaN counts as fast
    params[o + 6] = -Math.min(w.settings.restitutionThreshold, w.settings.hitEventThreshold);
    params[o + 7] = ctx.enableWarmStarting ? 1 : 0;
  }

  /** The body stages' doubles into the parameter record. */
  private bodyParams(w: JointsState): void {
    const ctx = w.stepContext;
    const params = this.params;
    const o = KERNEL_PARAMS.body;
    params[o] = ctx.h;
    params[o + 1] = w.settings.gravityX;
    params[o + 2] = w.settings.gravityY;
    params[o + 3] = ctx.maxLinearSpeed;
    params[o + 4] = ctx.maxAngularSpeed;
    params[o + 5] = ctx.maxSolvedAngularSpeed;
  }
}
