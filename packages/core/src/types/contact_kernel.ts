/**
 * The WebAssembly contact kernel as the world's def names it (docs/wasm-kernel.md,
 * "Shipped as an option"): what `WorldDef.contactKernel` takes besides 'js', and the names
 * `contactKernelOf` gives. The kernel itself is the `@impulse/core/wasm` entry; what the
 * world hands it and gets back is world/contact_kernel_hook.ts.
 */

/** Which sweeps a world runs: the kernel with f64x2 SIMD, the scalar kernel, or the JS. */
export type ContactKernelName = 'wasm-simd' | 'wasm' | 'js';

/** `wasmContactKernel` of `@impulse/core/wasm`: what `WorldDef.contactKernel` takes besides 'js'. */
export interface ContactKernelSource {
  readonly kind: 'contact-kernel';
}
