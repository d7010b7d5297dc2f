/** What a bundle loads at once, from esbuild's metafile (the contract and entries tests). */
import type { Metafile } from 'esbuild';

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
