/** What a bundle holds and loads at once (the contract, entries and solver tests). */
import { build, type Metafile } from 'esbuild';

/** Every source module an output file loads at once (static imports, transitively). */
export function staticInputs(meta: Metafile, entry: string): Set<string> {
  const seen = new Set<string>();
  const inputs = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const output = meta.outputs[file]!;
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      if (bytesInOutput > 0) inputs.add(input);
    }
    for (const i of output.imports) if (i.kind === 'import-statement') visit(i.path);
  };
  visit(entry);
  return inputs;
}

/**
 * Bundles `contents`, a module written in packages/core/src, as an app's bundler would
 * (ESM, tree-shaken; with `splitting`, each dynamic import a chunk of its own, else inlined
 * into the entry): the entry's code and the chunks' code.
 */
export async function bundleInSrc(
  contents: string,
  splitting = true,
): Promise<{ entry: string; chunks: string[] }> {
  const result = await build({
    stdin: { contents, resolveDir: new URL('../src/', import.meta.url).pathname, loader: 'ts' },
    bundle: true,
    splitting,
    outdir: 'bundle-probe',
    format: 'esm',
    write: false,
    treeShaking: true,
    logLevel: 'silent',
  });
  const isEntry = (path: string) => path.endsWith('stdin.js');
  return {
    entry: result.outputFiles.find((f) => isEntry(f.path))!.text,
    chunks: result.outputFiles.filter((f) => !isEntry(f.path)).map((f) => f.text),
  };
}
