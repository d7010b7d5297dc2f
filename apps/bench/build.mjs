// Bundles the harness with esbuild: Impulse is compiled to plain JavaScript (running the
// TypeScript through tsx is 2-3x slower), the peer engines stay external packages.
// Usage: node build.mjs [outdir]   (default: dist)
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const outdir = resolve(process.argv[2] ?? resolve(here, 'dist'));

await build({
  absWorkingDir: here,
  entryPoints: { bench: 'src/cli.ts', runner: 'src/runner.ts', alloc: 'src/alloc.ts' },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  conditions: ['source'],
  external: ['planck', 'matter-js', '@dimforge/*'],
  // The core relies on this (docs/core-design.md): define semantics box doubles on stores.
  tsconfigRaw: { compilerOptions: { useDefineForClassFields: false } },
  logLevel: 'warning',
});

// The worker bench runs against the built packages (the worker thread loads them), so it
// imports them as they are: one copy of the core on each side of the thread boundary.
await build({
  absWorkingDir: here,
  entryPoints: { worker: 'src/worker_bench.ts' },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['@impulse/*'],
  logLevel: 'warning',
});
