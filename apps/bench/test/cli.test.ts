import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import type { BenchReport } from '../src/results';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// inside apps/bench so that the bundles find the peer engines in its node_modules
const dir = join(root, 'dist', `test-${process.pid}`);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('bundles the harness and runs a quick benchmark end to end in child processes', () => {
  execFileSync(process.execPath, [join(root, 'build.mjs'), dir]);
  const out = join(dir, 'out');
  const stdout = execFileSync(
    process.execPath,
    [
      join(dir, 'bench.mjs'),
      '--quick',
      '--engines=impulse,rapier',
      '--scenes=pyramid20,tumbler',
      '--alloc-base=10',
      '--alloc-steps=20',
      `--out=${out}`,
    ],
    { encoding: 'utf8' },
  );
  expect(stdout).toMatch(/vs Impulse/);
  const report = JSON.parse(readFileSync(join(out, 'bench.json'), 'utf8')) as BenchReport;
  expect(report.quick).toBe(true);
  expect(report.rows.map((r) => `${r.sceneId}/${r.engine}`)).toEqual([
    'pyramid20/impulse',
    'pyramid20/rapier',
    'tumbler/impulse',
    'tumbler/rapier',
  ]);
  for (const r of report.rows) {
    expect(r.error).toBeUndefined();
    expect(r.steps).toBe(5);
    expect(r.medianMs).toBeGreaterThan(0);
    expect(r.sanityOk).toBe(true);
  }
  expect(report.rows[0]!.ratio).toBe(1);
  expect(report.alloc?.steps).toBe(20);
  expect(report.alloc?.bodies).toBe(55);
  expect(existsSync(join(out, 'bench.md'))).toBe(true);
  rmSync(join(out, 'bench.md'));
  execFileSync(process.execPath, [join(dir, 'bench.mjs'), `--from=${join(out, 'bench.json')}`]);
  expect(readFileSync(join(out, 'bench.md'), 'utf8')).toMatch(/^# Impulse benchmark/);
  expect(readFileSync(join(out, 'bench.svg'), 'utf8')).toMatch(/^<svg[\s\S]*<\/svg>\n$/);
});
