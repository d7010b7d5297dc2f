/** Types of kernel.mjs, for the core's tests. */

/** A solve sweep's signature: the range, the pass's int32 switches, then the step's doubles. */
export type SolveSweep = (
  start: number,
  end: number,
  biasOn: number,
  storedOn: number,
  trackOn: number,
  first: number,
  invH: number,
  negMaxPush: number,
  againSpeed: number,
) => number;

export interface KernelExports {
  memory: WebAssembly.Memory;
  setLayout(state: number, data: number, meta: number, again: number): void;
  warmStart(start: number, end: number): void;
  warmStart2(start: number, end: number): void;
  /** The solve or relax pass over constraints [start, end) (contact_solver.ts solveContacts). */
  solve: SolveSweep;
  /** As solve, two constraints of one colour at once (f64x2 lanes). */
  solve2: SolveSweep;
  relaxAgain(
    start: number,
    end: number,
    trackOn: number,
    first: number,
    invH: number,
    negMaxPush: number,
    againSpeed: number,
  ): void;
}
export function kernelBytes(options?: { simd?: boolean }): Promise<Uint8Array>;
export function createKernel(options?: { simd?: boolean }): Promise<ContactKernel>;
export class ContactKernel {
  constructor(instance: WebAssembly.Instance);
  static fromBytes(bytes: Uint8Array): ContactKernel;
  readonly exports: KernelExports;
  readonly memory: WebAssembly.Memory;
  state: Float64Array;
  data: Float64Array;
  meta: Int32Array;
  again: Int32Array;
  load(state: Float64Array, data: Float64Array, meta: Int32Array, again: Int32Array): void;
}
