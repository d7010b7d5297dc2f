/**
 * `node scripts/wasm/engines.mjs [--reps R] [--rounds M]`: the probe's bit check and
 * timing in Node (V8), gjs (SpiderMonkey) and jsc (JavaScriptCore), from one bundle
 * (engine_entry.mjs) with the kernel's bytes embedded as base64, as a shipped kernel
 * would carry them. An engine that is not installed is skipped with a note.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { kernelBytes } from './kernel.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : process.argv[i + 1];
};
const bytes = await kernelBytes();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wasm-engines-'));
const outfile = path.join(dir, 'engine.js');
await build({
  entryPoints: [path.join(here, 'engine_entry.mjs')],
  outfile,
  bundle: true,
  format: 'iife',
  target: 'es2020',
  platform: 'neutral',
  define: {
    KERNEL_BASE64: JSON.stringify(Buffer.from(bytes).toString('base64')),
    REPS: arg('reps', '20'),
    ROUNDS: arg('rounds', '7'),
  },
  tsconfigRaw: { compilerOptions: { useDefineForClassFields: false } },
  logLevel: 'warning',
});
console.log(`kernel: ${bytes.length} bytes, ${Buffer.from(bytes).toString('base64').length} as base64`);
for (const [name, cmd] of [
  ['node', process.execPath],
  ['gjs', '/usr/bin/gjs'],
  ['jsc', '/usr/bin/jsc'],
]) {
  if (!fs.existsSync(cmd)) {
    console.log(`${name}: not installed`);
    continue;
  }
  try {
    console.log(`${name}:\n${execFileSync(cmd, [outfile], { encoding: 'utf8' }).trim()}`);
  } catch (e) {
    console.log(
      `${name}: failed: ${String(e.stderr || e.message)
        .split('\n')
        .slice(0, 5)
        .join(' | ')}`,
    );
  }
}
fs.rmSync(dir, { recursive: true, force: true });
