/**
 * `node scripts/deopt_survey.mjs <dist dir> [scene ...] [--steps N] [--min K]`: steps each
 * benchmark scene (step_scene.mjs; default all six) in a fresh Node under `--trace-deopt`
 * and lists the code that V8 deoptimised at least K times (default 4) in N steps (default
 * 160), by function, bytecode offset and reason.
 *
 * A function deoptimised once per call is a tiering trap, not a one-off: V8 (Node 20)
 * compiles a long loop on entry (on-stack replacement) during its first call, before the
 * code after the loop has run, then re-enters that code at every call and deoptimises at
 * the first operation after the loop that has no type feedback (prepareContactRange:
 * 160 deoptimisations in 160 tumbler steps, and the stage ran in baseline code). The cure is
 * no code after such a loop: gather results inside it, or give the loop a function of its
 * own (docs/contact-churn.md, "Deoptimised at every call").
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const value = Number(args[i + 1]);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`deopt_survey: ${name} must be a positive integer, got ${args[i + 1]}`);
  args.splice(i, 2);
  return value;
};
const steps = option('--steps', 160);
const least = option('--min', 4);
const [dir, ...picked] = args;
if (dir === undefined)
  throw new Error('usage: node deopt_survey.mjs <core dist dir> [scene ...] [--steps N] [--min K]');
const scenes = picked.length > 0 ? picked : ['tumbler', 'rain', 'smash', 'spinner', 'jointgrid', 'pyramid'];
const stepScene = fileURLToPath(new URL('./step_scene.mjs', import.meta.url));
const line = /reason: (.*?)\): begin\. deoptimizing \S+ <JSFunction (\S*) .*?bytecode offset (\d+)/;

let found = 0;
for (const scene of scenes) {
  const out = execFileSync(
    process.execPath,
    ['--trace-deopt', stepScene, dir, scene, String(steps - 10), '10'],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    },
  );
  const counts = new Map();
  for (const text of out.split('\n')) {
    const m = line.exec(text);
    if (m === null) continue;
    const key = `${m[2] || '(anonymous)'} @${m[3]}: ${m[1]}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const hash = /hash (\d+)/.exec(out)?.[1] ?? '?';
  const many = [...counts].filter(([, n]) => n >= least).sort((a, b) => b[1] - a[1]);
  console.log(`${scene} (${steps} steps, hash ${hash}): ${many.length === 0 ? 'none' : ''}`);
  for (const [key, n] of many) console.log(`  ${String(n).padStart(5)}  ${key}`);
  found += many.length;
}
process.exitCode = found > 0 ? 1 : 0;
