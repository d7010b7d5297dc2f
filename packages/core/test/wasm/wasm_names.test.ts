/**
 * The profile's names for the kernel's functions (scripts/wasm/wasm_names.mjs): the shipped
 * modules with a name section appended keep their bytes and exports, and every function
 * they define gets its WAT name, tagged with its module.
 */
import { describe, expect, it } from 'vitest';
import { wasmNamer } from '../../scripts/wasm/wasm_names.mjs';
import {
  CONTACT_KERNEL_BLOCKS,
  CONTACT_KERNEL_COLLIDE,
  CONTACT_KERNEL_SCALAR,
  CONTACT_KERNEL_SIMD,
} from '../../src/wasm/contact_kernel_bytes';

/** The few WebAssembly statics the test uses (the core compiles without the DOM library). */
interface WasmModuleStatics {
  new (bytes: Uint8Array): object;
  customSections(module: object, name: string): ArrayBuffer[];
  exports(module: object): { name: string; kind: string }[];
}
const Module = (globalThis as unknown as { WebAssembly: { Module: WasmModuleStatics } }).WebAssembly.Module;

const bytesOf = (b64: string) => new Uint8Array(Buffer.from(b64, 'base64'));

/** The function names of a module's name section (subsection 1), by index. */
function namesOf(module: object): string[] {
  const [section] = Module.customSections(module, 'name');
  const b = new Uint8Array(section!);
  let i = 0;
  const u32 = () => {
    let v = 0;
    let shift = 0;
    for (;;) {
      const c = b[i++]!;
      v += (c & 0x7f) * 2 ** shift;
      if (c < 0x80) return v;
      shift += 7;
    }
  };
  expect(b[i++]).toBe(1);
  u32();
  const names: string[] = [];
  for (let n = u32(); n > 0; n--) {
    names[u32()] = (() => {
      const len = u32();
      const s = Buffer.from(b.subarray(i, i + len)).toString('utf8');
      i += len;
      return s;
    })();
  }
  return names;
}

describe('wasm names', () => {
  it.each([
    ['kernel', CONTACT_KERNEL_SIMD, ['kernel.solve2', 'kernel.con', 'kernel.walkQuery']],
    ['kernel', CONTACT_KERNEL_SCALAR, ['kernel.solveScalar', 'kernel.prepare']],
    ['collide', CONTACT_KERNEL_COLLIDE, ['collide.collideBlock', 'collide.collideQuads']],
    ['blocks', CONTACT_KERNEL_BLOCKS, ['blocks.colour', 'blocks.finishBodies']],
  ])('names each %s function', async (tag, b64, expected) => {
    const named = await wasmNamer();
    const bytes = bytesOf(b64);
    const out = named(bytes);
    expect(out.subarray(0, bytes.length)).toEqual(bytes);
    const plain = new Module(bytes);
    const module = new Module(out);
    expect(Module.exports(module)).toEqual(Module.exports(plain));
    const names = namesOf(module).filter((n) => n !== undefined);
    for (const n of expected) expect(names).toContain(n);
    // every defined function named from the tree's WAT (no f<index> fallback), once
    for (const n of names) {
      expect(n).toMatch(new RegExp(`^${tag}\\.[A-Za-z]\\w*$`));
      expect(n).not.toMatch(/\.f\d+$/);
    }
    expect(new Set(names).size).toBe(names.length);
    expect(named(out)).toBe(out);
  });
});
