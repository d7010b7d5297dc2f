// Which built files the size fixture's physics worker loads before it serves the page:
// its entry (assets/worker.js, which only holds early messages), the module the entry
// imports at once (worker-worker_main.js: the entry is split so that WebKit, which runs a
// module worker's entry again when a chunk imports it, never sees the entry imported;
// docs/worker-design.md) and every chunk those import statically, transitively. Chunks
// loaded on demand (a solver kind, the helpers' executor, rollback's coding, the mover,
// snapshots, the world queries) are not counted.
// Used by the budgets (.size-limit.mjs) and the report (report.mjs).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ENTRY = 'assets/worker.js';
/** The entry's one import, made as it starts. */
const MAIN = 'assets/worker-worker_main.js';

/** The files (relative to `dist`) the worker loads at start, entry first. */
export function workerStartFiles(dist) {
  const files = [];
  const visit = (file) => {
    if (files.includes(file)) return;
    files.push(file);
    const code = readFileSync(join(dist, file), 'utf8');
    // minified static imports: `from"./x.js"` and bare `import"./x.js"`
    for (const [, name] of code.matchAll(/(?:from|import)\s*["'`]\.\/([^"'`]+\.js)["'`]/g)) {
      visit(`assets/${name}`);
    }
  };
  visit(ENTRY);
  const entry = readFileSync(join(dist, ENTRY), 'utf8');
  if (!entry.includes(MAIN.slice('assets/'.length))) {
    throw new Error(`worker_start: ${ENTRY} no longer imports ${MAIN}; update this file`);
  }
  visit(MAIN);
  return files;
}
