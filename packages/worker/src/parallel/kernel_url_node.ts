/** Where a Node solver helper imports the core's block functions from. */
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';

/**
 * @impulse/core/parallel as Node resolves it from here (the built package's `parallel.js`),
 * or, run from the sources (this repository's tests, where the resolution may name the
 * TypeScript source), the core's build beside this package.
 */
export function nodeKernelUrl(): string {
  let url: string | null = null;
  try {
    url = import.meta.resolve('@impulse/core/parallel');
  } catch {
    url = null;
  }
  if (url?.endsWith('.js') && existsSync(fileURLToPath(url))) return url;
  return new URL('../../../core/dist/parallel.js', import.meta.url).href;
}
