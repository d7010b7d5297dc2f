/**
 * `@impulse/core/wasm`: the WebAssembly contact kernel, an option of the world
 * (docs/wasm-kernel.md, "Shipped as an option"). Its own entry, so that the kernel's bytes
 * are loaded only by who asks for them:
 *
 * ```ts
 * import { World } from '@impulse/core';
 * import { contactKernelOf, wasmContactKernel } from '@impulse/core/wasm';
 * const world = new World({ contactKernel: wasmContactKernel });
 * contactKernelOf(world); // 'wasm-simd', 'wasm', or 'js' where WebAssembly cannot run
 * ```
 */

import type { World } from './world.js';
import { WasmContactKernel } from './wasm/contact_kernel.js';
import type { ContactKernelName } from './types/contact_kernel.js';
import type { AttachableContactKernel } from './world/contact_kernel_hook.js';

export type { ContactKernelName, ContactKernelSource } from './types/contact_kernel.js';

/** The kernel, for `WorldDef.contactKernel`. */
export const wasmContactKernel: AttachableContactKernel = {
  kind: 'contact-kernel',
  attach(w, core, owner, shared = false) {
    const kernel = WasmContactKernel.attach(w, core, shared);
    if (kernel !== null) attached.set(owner, kernel.name);
    return kernel;
  },
};

/** The worlds this entry's kernel runs in (read by contactKernelOf: a world that fell back to the JS is not here). */
const attached = new WeakMap<object, ContactKernelName>();

/** Which sweeps `world` runs: 'wasm-simd', 'wasm' (no f64x2 here) or 'js'. */
export function contactKernelOf(world: World): ContactKernelName {
  return attached.get(world) ?? 'js';
}
