/**
 * What the pool (pool.ts, in the physics worker) and its solver helpers (helper_loop.ts)
 * say by message. Messages carry only what cannot go through shared memory: the control
 * block, the kernel's module and the stores' buffers. Everything per step goes through the
 * control block (control_block.ts), since a helper parked in `Atomics.wait` reads no
 * messages.
 */

import type { StageKernel } from './control_block.js';

/** Typed arrays on shared memory, by name (`bodies.state`, ...): what a kernel reads and writes. */
export type SharedStores = Readonly<Record<string, Float64Array | Int32Array | Uint32Array | Uint8Array>>;

/**
 * A module of stage kernels, loaded by URL in every helper and imported directly by the
 * coordinator: both make their kernel from the same stores, so a block runs the same code
 * on any thread.
 */
export interface StageKernelModule {
  /** `thread`: the helper's solver thread, 1 for the first helper (the calling thread is 0). */
  createStageKernel(stores: SharedStores, kernel?: ContactKernelShare | null, thread?: number): StageKernel;
}

/**
 * The WebAssembly contact kernel's shared memory, its module and its layout (the core's
 * `KernelShare`, ParallelStep.kernelShare): posted with the stores, for helpers to run its
 * blocks; structured clone shares the memory and the module.
 */
export interface ContactKernelShare {
  readonly memory: object;
  readonly module: object;
  readonly layout: readonly number[];
}

/** Pool to helper. */
export type ToHelper =
  | {
      readonly type: 'init';
      readonly control: SharedArrayBuffer;
      /** This helper's index (0-based), for error messages. */
      readonly index: number;
      /** URL of the `StageKernelModule` to import. */
      readonly kernel: string;
      /** Spins on the dispatch word before `Atomics.wait`. */
      readonly spin: number;
      /** The same while the coordinator holds the helpers (HelperPoolOptions.holdSpin). */
      readonly holdSpin: number;
      /** Threads claiming blocks: the coordinator and every helper (each starts at its own share). */
      readonly threads: number;
    }
  | {
      readonly type: 'stores';
      readonly stores: SharedStores;
      readonly generation: number;
      /** The contact kernel's share, or null for the JS blocks. */
      readonly kernel: ContactKernelShare | null;
    };

/** Helper to pool: an error outside a stage (its kernel did not load, ...). */
export type FromHelper = { readonly type: 'error'; readonly message: string };
