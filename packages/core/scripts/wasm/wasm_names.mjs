/**
 * Names the kernel's functions in profiles (docs/wasm-kernel.md, "Named kernel functions in
 * the profile"): appends a WebAssembly name section to a module's bytes, so that V8 writes
 * `<module>.<function>-<index>-<tier>` into `--perf-basic-prof`'s map instead of
 * `wasm-function[<index>]`. A custom section changes no code. Each function takes its WAT
 * name (wabt's debug names for this tree's generation, when the bytes are that generation's),
 * else its export name, else `f<index>`. For scripts only (step_scene.mjs); the shipped bytes
 * carry no names.
 */
import wabtInit from 'wabt';
import { collideModuleWat } from './kernel_collide_block_wat.mjs';
import { blocksModuleWat } from './kernel_blocks_wat.mjs';
import { kernelWat } from './kernel_wat.mjs';

const readU32 = (b, at) => {
  let v = 0;
  let shift = 0;
  for (;;) {
    const c = b[at.i++];
    v += (c & 0x7f) * 2 ** shift;
    if (c < 0x80) return v;
    shift += 7;
  }
};
const readName = (b, at) => {
  const n = readU32(b, at);
  const s = Buffer.from(b.subarray(at.i, at.i + n)).toString('utf8');
  at.i += n;
  return s;
};
const u32 = (v) => {
  const out = [];
  do {
    let c = v & 0x7f;
    v >>>= 7;
    if (v !== 0) c |= 0x80;
    out.push(c);
  } while (v !== 0);
  return out;
};
const name = (s) => {
  const b = [...Buffer.from(s, 'utf8')];
  return [...u32(b.length), ...b];
};

/** The sections of a module: { imported function count, defined count, exports, debug names }. */
function sections(bytes) {
  const b = bytes;
  const at = { i: 8 };
  const info = { imported: 0, defined: 0, exports: new Map(), names: new Map() };
  while (at.i < b.length) {
    const id = b[at.i++];
    const size = readU32(b, at);
    const end = at.i + size;
    if (id === 2) {
      for (let n = readU32(b, at); n > 0; n--) {
        readName(b, at);
        readName(b, at);
        const kind = b[at.i++];
        if (kind === 0) {
          readU32(b, at);
          info.imported++;
        } else if (kind === 1) {
          at.i++;
          const flags = b[at.i++];
          readU32(b, at);
          if (flags & 1) readU32(b, at);
        } else if (kind === 2) {
          const flags = b[at.i++];
          readU32(b, at);
          if (flags & 1) readU32(b, at);
        } else if (kind === 3) at.i += 2;
      }
    } else if (id === 3) info.defined = readU32(b, at);
    else if (id === 7) {
      for (let n = readU32(b, at); n > 0; n--) {
        const s = readName(b, at);
        const kind = b[at.i++];
        const index = readU32(b, at);
        if (kind === 0 && !info.exports.has(index)) info.exports.set(index, s);
      }
    } else if (id === 0 && readName(b, at) === 'name') {
      while (at.i < end) {
        const sub = b[at.i++];
        const subEnd = readU32(b, at) + at.i;
        if (sub === 1) {
          for (let n = readU32(b, at); n > 0; n--) {
            const index = readU32(b, at);
            info.names.set(index, readName(b, at));
          }
        }
        at.i = subEnd;
      }
    }
    at.i = end;
  }
  return info;
}

/** This tree's modules with wabt's debug names, keyed by their bytes without (base64). */
async function generated() {
  const wabt = await wabtInit();
  const out = new Map();
  const add = (tag, file, wat, features) => {
    const mod = wabt.parseWat(file, wat, features);
    mod.validate();
    const plain = Buffer.from(mod.toBinary({}).buffer).toString('base64');
    const debug = sections(mod.toBinary({ write_debug_names: true }).buffer).names;
    mod.destroy();
    out.set(plain, { tag, debug });
  };
  add('kernel', 'k.wat', kernelWat({ simd: true }), { simd: true });
  add('kernel', 'k.wat', kernelWat({ simd: false }), { simd: true });
  add('collide', 'c.wat', collideModuleWat());
  add('blocks', 'b.wat', blocksModuleWat());
  return out;
}

/**
 * A function from a module's bytes to the same bytes with a name section appended. Bytes of
 * another tree's generation get their export names only, under a tag guessed from them.
 */
export async function wasmNamer() {
  const known = await generated();
  return (bytes) => {
    const info = sections(bytes);
    if (info.names.size > 0) return bytes;
    const hit = known.get(Buffer.from(bytes).toString('base64'));
    const exported = [...info.exports.values()];
    const tag =
      hit?.tag ??
      (exported.includes('setBlocksLayout')
        ? 'blocks'
        : exported.some((e) => e.startsWith('setCollide'))
          ? 'collide'
          : 'kernel');
    const entries = [];
    for (let k = 0; k < info.defined; k++) {
      const index = info.imported + k;
      const own = hit?.debug.get(index);
      const label = own !== undefined ? own.replace(/^\$/, '') : (info.exports.get(index) ?? `f${index}`);
      entries.push(...u32(index), ...name(`${tag}.${label}`));
    }
    const sub = [...u32(info.defined), ...entries];
    const payload = [...name('name'), 1, ...u32(sub.length), ...sub];
    const out = new Uint8Array(bytes.length + 1 + u32(payload.length).length + payload.length);
    out.set(bytes);
    out.set([0, ...u32(payload.length), ...payload], bytes.length);
    return out;
  };
}

/** Makes this realm's WebAssembly.Module compile named bytes (wasmNamer). */
export async function nameWasmModules() {
  const named = await wasmNamer();
  const Base = WebAssembly.Module;
  class NamedModule extends Base {
    constructor(bytes, options) {
      super(named(new Uint8Array(bytes.buffer ?? bytes, bytes.byteOffset ?? 0, bytes.byteLength)), options);
    }
  }
  WebAssembly.Module = NamedModule;
}
