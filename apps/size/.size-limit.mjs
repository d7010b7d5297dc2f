// The size budgets (gzip, as a browser downloads each file): `pnpm check:size` builds the
// fixture and fails when either side grows past its budget.
// - main thread: what the page loads before it runs (main_thread.mjs: the entry and the
//   chunks it imports statically), less React: Impulse's share, with the app's few lines
//   and the packages' dependencies (comlink, zustand).
// - worker: the worker chunk, whole.
import { join } from 'node:path';
import { mainThreadFiles } from './main_thread.mjs';

const dist = join(import.meta.dirname, 'dist');

export default [
  {
    name: "main thread: Impulse's share (everything the page loads at start but React)",
    path: mainThreadFiles(dist).map((file) => join(dist, file)),
    gzip: true,
    // 55.9 kB measured (docs/worker-design.md, "Bundle size")
    limit: '56.5 kB',
  },
  {
    name: 'worker',
    path: join(dist, 'assets', 'worker.js'),
    gzip: true,
    // 86.6 kB with the worker built as an ES module (solver kinds load as chunks of their
    // own); 100 kB while Vite's iife format inlined every kind
    limit: '87.5 kB',
  },
];
