/**
 * The few WebAssembly JS API types the kernel uses: the core compiles without the DOM
 * library (it runs in pages, workers and Node alike), which is where they are declared.
 */

export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  /** Grows the memory by `pages` (a shared one only: docs/wasm-kernel.md, "Never detach"). */
  grow(pages: number): number;
}
export type WasmModule = object;
export interface WasmInstance {
  readonly exports: Record<string, unknown>;
}
export interface WasmApi {
  Module: new (bytes: Uint8Array<ArrayBuffer>) => WasmModule;
  Instance: new (module: WasmModule, imports: { env: { memory: WasmMemory } }) => WasmInstance;
  Memory: new (descriptor: { initial: number; maximum?: number; shared?: boolean }) => WasmMemory;
}

/** This realm's WebAssembly, or null where there is none. */
export function wasmApi(): WasmApi | null {
  const api = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;
  return typeof api === 'object' && api !== null ? api : null;
}
