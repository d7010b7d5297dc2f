// Which built files the size fixture's page loads on the main thread before it runs: the
// entry chunk and every chunk it imports statically, transitively (from Vite's manifest),
// less React's own chunk. A shared chunk the entry imports is loaded at start as surely
// as the entry itself (Vite preloads it), so it is part of Impulse's share even when most
// of it is code that only a lazily loaded chunk (the inline host, a solver) runs.
// Used by the budgets (.size-limit.mjs) and the report (report.mjs).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** React's chunk (vite.config.ts puts react, react-dom and scheduler in it). */
export const REACT_CHUNK = 'assets/react.js';

/**
 * The files (relative to `dist`) the page loads statically, entry first; React's chunk
 * is left out unless `withReact`.
 */
export function mainThreadFiles(dist, { withReact = false } = {}) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length !== 1) throw new Error(`main_thread: expected one entry, got ${entries.join(', ')}`);
  const seen = new Set();
  const files = [];
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (chunk === undefined) throw new Error(`main_thread: the manifest has no chunk ${key}`);
    files.push(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(entries[0]);
  return withReact ? files : files.filter((file) => file !== REACT_CHUNK);
}
