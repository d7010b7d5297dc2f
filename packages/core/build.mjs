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
import { bundleOptions, entryPoints, standaloneEntryPoints } from './build_options.mjs';

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
  await build({ absWorkingDir: here, entryPoints, outdir, ...bundleOptions });
  // each standalone entry in one file (src/<name>.ts and its folder src/<name>/); it must
  // reach no other module, or that module would run twice (a copy of its own beside the
  // shared chunks' one)
  for (const [name, source] of Object.entries(standaloneEntryPoints)) {
    const { metafile } = await build({
      absWorkingDir: here,
      entryPoints: { [name]: source },
      outdir,
      ...bundleOptions,
      splitting: false,
      metafile: true,
    });
    const folder = `${source.replace(/\.ts$/, '')}/`;
    const outside = Object.keys(metafile.inputs).filter(
      (input) => input !== source && !input.startsWith(folder),
    );
    if (outside.length > 0) {
      throw new Error(`build: the standalone entry ${name} imports ${outside.join(', ')}, outside ${folder}`);
    }
  }
}
