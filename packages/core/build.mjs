// Builds the published package: one bundled ES module per entry point (esbuild; the code
// several entries use sits in shared chunks, so `World` has one copy), and the declarations
// from tsc, one .d.ts per source file. The bundle, not one module per source file, is what
// Node users and the Node worker should load: V8 steps the same sources at different speeds
// depending on how they are split into modules (docs/core-design.md, "Build shape").
// Usage: node build.mjs [outdir] [--files]   (--files: tsc's one module per source file,
// kept to measure the two shapes against each other)
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const files = args.includes('--files');
const outdir = resolve(here, args.find((a) => !a.startsWith('--')) ?? 'dist');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

rmSync(outdir, { recursive: true, force: true });
execFileSync(
  process.execPath,
  [tsc, '-p', 'tsconfig.build.json', '--outDir', outdir, ...(files ? [] : ['--emitDeclarationOnly'])],
  { cwd: here, stdio: 'inherit' },
);
if (!files) {
  await build({
    absWorkingDir: here,
    entryPoints: {
      index: 'src/index.ts',
      // the world's contract without the world (checks, ids, geometry): light pages' entry
      contract: 'src/contract.ts',
      'scenes/index': 'src/scenes/index.ts',
      // the step's block functions for the solver helpers of @impulse/worker (a worker
      // imports it by URL; the physics worker shares its chunks with the index)
      parallel: 'src/parallel.ts',
    },
    outdir,
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
  });
}
