/** Types of kernel.mjs, for the core's tests. */
export interface KernelExports {
  memory: WebAssembly.Memory;
  setLayout(state: number, data: number, meta: number, again: number): void;
  warmStart(start: number, end: number): void;
  warmStart2(start: number, end: number): void;
  solve(
    start: number,
    end: number,
    biasOn: number,
    storedOn: number,
    trackOn: number,
    first: number,
    invH: number,
    negMaxPush: number,
    againSpeed: number,
  ): number;
  solve2(
    start: number,
    end: number,
    biasOn: number,
    storedOn: number,
    trackOn: number,
    first: number,
    invH: number,
    negMaxPush: number,
    againSpeed: number,
  ): number;
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
