/**
 * A kernel module for a world on shared memory: the same bytes with the memory import
 * (`(import "env" "memory" (memory 1))`) declared shared, with a maximum. A shared
 * WebAssembly.Memory is imported only by a module that declares it so, and a shared
 * memory must have a maximum. The import is rewritten here, when a shared world first
 * compiles the kernel, rather than generated twice: the entry carries one copy of each
 * module's bytes.
 */

/** The shared memory's maximum in 64 KiB pages: 4 GiB, all a 32-bit memory addresses. */
export const SHARED_MAX_PAGES = 65536;

function readLeb(b: Uint8Array, p: number): [value: number, next: number] {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = b[p++]!;
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if ((byte & 0x80) === 0) return [value, p];
  }
}

function skipLeb(b: Uint8Array, p: number): number {
  while ((b[p++]! & 0x80) !== 0);
  return p;
}

function leb(value: number): number[] {
  const out: number[] = [];
  do {
    let byte = value & 0x7f;
    value = Math.floor(value / 128);
    if (value !== 0) byte |= 0x80;
    out.push(byte);
  } while (value !== 0);
  return out;
}

/**
 * `bytes` with its imported memory's limits made `shared, min, SHARED_MAX_PAGES`; throws
 * when the module imports no memory.
 */
export function sharedMemoryImport(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  // sections after the 8-byte header: id, size, payload; imports are section 2
  for (let p = 8; p < bytes.length; ) {
    const id = bytes[p]!;
    const [size, payload] = readLeb(bytes, p + 1);
    const end = payload + size;
    if (id === 2) {
      let q = readLeb(bytes, payload)[1];
      while (q < end) {
        q = skipName(bytes, skipName(bytes, q));
        const kind = bytes[q++]!;
        if (kind === 2) {
          // limits: flags (bit 0: a maximum follows; bit 1: shared), minimum[, maximum]
          const flags = bytes[q]!;
          const [min, afterMin] = readLeb(bytes, q + 1);
          const limitsEnd = (flags & 1) !== 0 ? skipLeb(bytes, afterMin) : afterMin;
          const limits = [3, ...leb(min), ...leb(SHARED_MAX_PAGES)];
          const body = [...bytes.subarray(payload, q), ...limits, ...bytes.subarray(limitsEnd, end)];
          const out = new Uint8Array(bytes.length - (end - p) + 1 + leb(body.length).length + body.length);
          out.set(bytes.subarray(0, p));
          out.set([2, ...leb(body.length), ...body], p);
          out.set(bytes.subarray(end), p + 1 + leb(body.length).length + body.length);
          return out;
        }
        q = skipImportDesc(bytes, q, kind);
      }
    }
    p = end;
  }
  throw new Error('sharedMemoryImport: the module imports no memory');
}

function skipName(b: Uint8Array, p: number): number {
  const [length, next] = readLeb(b, p);
  return next + length;
}

/** Past an import's description of `kind` (function, table, global, tag). */
function skipImportDesc(b: Uint8Array, p: number, kind: number): number {
  if (kind === 0) return skipLeb(b, p);
  if (kind === 1) {
    const flags = b[p + 1]!;
    const afterMin = skipLeb(b, p + 2);
    return (flags & 1) !== 0 ? skipLeb(b, afterMin) : afterMin;
  }
  if (kind === 3) return p + 2;
  if (kind === 4) return skipLeb(b, p + 1);
  throw new Error(`sharedMemoryImport: unknown import kind ${kind}`);
}
