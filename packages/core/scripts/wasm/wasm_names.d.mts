/** Types of wasm_names.mjs, for the core's tests. */

/** A function from a module's bytes to the same bytes with a name section appended. */
export function wasmNamer(): Promise<(bytes: Uint8Array) => Uint8Array>;

/** Makes this realm's WebAssembly.Module compile named bytes. */
export function nameWasmModules(): Promise<void>;
