/**
 * Where a Node worker-thread script is: beside the calling module (the built package), or,
 * when that module runs from the sources (this repository's tests), in the build.
 */

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * `besideName` resolved against `base` (the caller's `import.meta.url`) when that file
 * exists, else `builtName`. The names come in as arguments, never literals inside
 * `new URL(..., import.meta.url)`: a bundler that rewrites such literals into asset URLs
 * (Vite under a jsdom test environment) would hand Node a non-file URL.
 */
export function scriptBesideOrBuilt(besideName: string, builtName: string, base: string): URL {
  const beside = new URL(besideName, base);
  if (beside.protocol === 'file:' && existsSync(fileURLToPath(beside))) return beside;
  return new URL(builtName, base);
}
