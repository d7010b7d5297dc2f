/** Types of kernel_wat.mjs, for the core's tests. */

/** The kernel module's WAT text; `simd` adds the f64x2 functions. */
export function kernelWat(options?: { simd?: boolean }): string;
