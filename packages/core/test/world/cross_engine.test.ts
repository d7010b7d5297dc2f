/**
 * Determinism across JavaScript engines: the golden run gives the same state hashes in V8
 * (Node; Chrome), SpiderMonkey (gjs; Firefox) and JavaScriptCore (jsc; Safari). The core
 * uses only operations IEEE 754 pins down (+ - * / sqrt) in the step, and its own trig.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { goldenLine } from './fixtures/golden_run';

const ENGINES = { gjs: '/usr/bin/gjs', jsc: '/usr/bin/jsc' };
const missing = Object.entries(ENGINES).filter(([, path]) => !existsSync(path));
// CI installs both (.ci/run); elsewhere the test says what to install and skips.
if (missing.length > 0 && !process.env.CI) {
  console.warn(
    `cross-engine determinism skipped: install ${missing.map(([name]) => name).join(', ')} (apt-get install gjs libjavascriptcoregtk-4.0-bin)`,
  );
}
const dir = mkdtempSync(join(tmpdir(), 'impulse-golden-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function bundle(entry = 'golden_hash_entry.ts'): Promise<string> {
  const outfile = join(dir, entry.replace(/\.ts$/, '.js'));
  await build({
    entryPoints: [join(import.meta.dirname, 'fixtures', entry)],
    outfile,
    bundle: true,
    format: 'iife',
    target: 'es2020',
    platform: 'neutral',
    tsconfigRaw: { compilerOptions: { useDefineForClassFields: false } },
    logLevel: 'warning',
  });
  return outfile;
}

describe.skipIf(missing.length > 0 && !process.env.CI)('determinism across engines', () => {
  it('gives the same state hashes in V8, SpiderMonkey and JavaScriptCore', async () => {
    const script = await bundle();
    const expected = goldenLine();
    const run = (cmd: string, args: string[]) =>
      execFileSync(cmd, args, { encoding: 'utf8', timeout: 120_000 }).trim();
    expect(run(process.execPath, [script])).toBe(expected);
    expect(run(ENGINES.gjs, [script])).toBe(expected);
    expect(run(ENGINES.jsc, [script])).toBe(expected);
  });

  it('gives the same state hash under each alternative solver in V8, SpiderMonkey and JavaScriptCore', async () => {
    // one hash per solver (fixtures/solver_hashes.ts: a pyramid and every joint type with
    // springs, motors and limits), compared across engines, not pinned: the solvers'
    // numbers may change without a re-pin, their agreement across engines may not
    const script = await bundle('solver_hashes.ts');
    const run = (cmd: string, args: string[]) =>
      execFileSync(cmd, args, { encoding: 'utf8', timeout: 120_000 }).trim();
    const node = run(process.execPath, [script]);
    expect(node).toMatch(/^solvers( \d+){7}$/);
    expect(run(ENGINES.gjs, [script])).toBe(node);
    expect(run(ENGINES.jsc, [script])).toBe(node);
  });
});
