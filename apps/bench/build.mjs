// Bundles the harness with esbuild. Impulse is not bundled into it: the runner imports the
// built package (packages/core/dist, what Node users get; `pnpm bench` builds it first), as
// the peer engines are imported from their published packages. The same sources step at
// different speeds depending on how they are cut into modules, so the benchmark times the
// shape that ships. Usage: node build.mjs [outdir]   (default: dist)
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
  external: ['planck', 'matter-js', '@dimforge/*', '@impulse/*'],
  logLevel: 'warning',
});

// The worker bench runs against the built packages too (the worker thread loads them): one
// copy of the core on each side of the thread boundary.
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
