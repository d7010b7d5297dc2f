// The esbuild options of the published package's bundle (build.mjs), in a module of their
// own so that test/entries.test.ts checks the entries' shape on the same options.

/** One bundled ES module per public entry (package.json `exports`). */
export const entryPoints = {
  index: 'src/index.ts',
  // the world's contract without the world (checks, ids, geometry): light pages' entry
  contract: 'src/contract.ts',
  // internal: the contract and the pieces of World a structure-only mirror reuses
  mirror_kit: 'src/mirror_kit.ts',
  // internal: the world without its optional features, which a host loads on demand
  host_kit: 'src/host_kit.ts',
  // the alternative solvers' factories, out of the main entry: an app that keeps the
  // soft step ships none of them (a description loads its kind's chunk on demand)
  'solvers/index': 'src/solvers/index.ts',
  'scenes/index': 'src/scenes/index.ts',
  // the step's block functions for the solver helpers of @impulse/worker (a worker
  // imports it by URL; the physics worker shares its chunks with the index)
  parallel: 'src/parallel.ts',
};

/**
 * Entries bundled on their own, with no shared chunk: the WebAssembly contact kernel (its
 * bytes, 19 KB of base64, only for who asks for it). It imports no module of the core: the
 * world hands it what it reuses (src/wasm/contact_kernel_hook.ts, KernelCore). As an entry of
 * the split build it moved esbuild's runtime helper into a chunk of its own that every
 * other entry then imported (+0.28 kB on the worker's start bundle), though it shares nothing.
 */
export const standaloneEntryPoints = {
  wasm: 'src/wasm.ts',
};

/** The options beside the entries and the output directory. */
export const bundleOptions = {
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  sourcemap: true,
  // the core relies on this (docs/core-design.md): define semantics box doubles on stores
  tsconfigRaw: { compilerOptions: { useDefineForClassFields: false } },
  logLevel: 'warning',
};
