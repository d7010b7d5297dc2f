/**
 * Compiles the probe's kernel (kernel_wat.mjs) with wabt (docs/wasm-kernel.md).
 */
import wabtInit from 'wabt';
import { ContactKernel } from './contact_kernel.mjs';
import { kernelWat } from './kernel_wat.mjs';
import { collideModuleWat } from './kernel_collide_block_wat.mjs';
import { blocksModuleWat } from './kernel_blocks_wat.mjs';

export { ContactKernel };

/** The kernel's bytes: wabt's binary for the generated text (SIMD on unless `simd` false). */
export async function kernelBytes({ simd = true } = {}) {
  const wabt = await wabtInit();
  const mod = wabt.parseWat('contact_kernel.wat', kernelWat({ simd }), { simd: true });
  mod.validate();
  const { buffer } = mod.toBinary({});
  mod.destroy();
  return buffer;
}

/** A kernel instance of freshly compiled bytes. */
export async function createKernel(options) {
  return ContactKernel.fromBytes(await kernelBytes(options));
}

/** The collide module's bytes (kernel_collide_block_wat.mjs). */
export async function collideBytes() {
  const wabt = await wabtInit();
  const mod = wabt.parseWat('collide_kernel.wat', collideModuleWat());
  mod.validate();
  const { buffer } = mod.toBinary({});
  mod.destroy();
  return buffer;
}

/** The blocks module's bytes (kernel_blocks_wat.mjs): the colouring and the bodies' finish. */
export async function blocksBytes() {
  const wabt = await wabtInit();
  const mod = wabt.parseWat('blocks_kernel.wat', blocksModuleWat());
  mod.validate();
  const { buffer } = mod.toBinary({});
  mod.destroy();
  return buffer;
}
