/**
 * `pnpm --filter @impulse/core alloc:survey [-- <scene>[:<solver>] ... --runs 20 --jobs 2
 * --steps 1000 --build src|dist --jit default|inline]`: the allocation probe
 * (test/world/fixtures/allocation_probe.ts) in many fresh processes, by default with V8's
 * own tiering (background compilation, on-stack replacement), and what each process
 * allocated a step, where.
 *
 * The allocation tests compile in line (run_probe.ts) so that a step's allocation does
 * not depend on the machine's load; an allocation that only V8's default tiering makes
 * (a loop entered by on-stack replacement, a function left in the interpreter while its
 * optimised code compiles in the background) shows here, in some processes only: the
 * survey prints, per scene, how many processes allocated at least one small object a
 * step, the worst figure, and the sites summed over the processes that allocated.
 */
import { type ProbeResult, runProbeAsync } from '../test/world/fixtures/run_probe';

const args = process.argv.slice(2).filter((a) => a !== '--');
const option = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = args[i + 1];
  if (value === undefined) throw new Error(`alloc_survey: --${name} needs a value`);
  args.splice(i, 2);
  return value;
};
const runs = Number(option('runs', '20'));
const jobs = Number(option('jobs', '2'));
const steps = Number(option('steps', '1000'));
const build = option('build', 'src') === 'dist' ? 'dist' : 'src';
const jit = option('jit', 'default') === 'inline' ? 'inline' : 'default';
const cases = args.length > 0 ? args : ['pyramid', 'pyramid40', 'tumbler', 'pyramid:pgs', 'solver:pgs'];

/** Bytes of the smallest heap object: an average a step below it is no allocation at all. */
const SMALLEST_OBJECT = 16;

interface Run {
  scene: string;
  solver: string | undefined;
  result: ProbeResult;
}

const queue: Array<{ scene: string; solver: string | undefined }> = [];
for (let r = 0; r < runs; r++) {
  for (const c of cases) {
    const [scene, solver] = c.split(':');
    queue.push({ scene: scene!, solver });
  }
}
const done: Run[] = [];
async function worker(): Promise<void> {
  for (let job = queue.shift(); job !== undefined; job = queue.shift()) {
    const result = await runProbeAsync(job.scene, steps, build, job.solver, jit);
    done.push({ ...job, result });
    const perStep = result.bytes / steps;
    if (perStep >= SMALLEST_OBJECT) {
      const where = result.sites
        .sort((a, b) => Number(b.split(' ')[1]) - Number(a.split(' ')[1]))
        .slice(0, 4);
      process.stderr.write(
        `${job.scene}:${job.solver ?? 'default'} ${perStep.toFixed(1)} B/step: ${where.join(', ')}\n`,
      );
    }
  }
}
await Promise.all(Array.from({ length: jobs }, worker));

for (const c of cases) {
  const [scene, solver] = c.split(':');
  const mine = done.filter((d) => d.scene === scene && d.solver === solver);
  const perStep = mine.map((d) => d.result.bytes / steps).sort((a, b) => b - a);
  const allocating = mine.filter((d) => d.result.bytes / steps >= SMALLEST_OBJECT);
  const sites = new Map<string, number>();
  for (const d of allocating) {
    for (const s of d.result.sites) {
      const cut = s.lastIndexOf(' ');
      const key = s.slice(0, cut);
      sites.set(key, (sites.get(key) ?? 0) + Number(s.slice(cut + 1)) / steps);
    }
  }
  console.log(
    `${scene}:${solver ?? 'default'} (${build}, ${jit} jit, ${steps} steps): ${allocating.length} of ${mine.length} processes allocate >= ${SMALLEST_OBJECT} B/step; B/step by process: ${perStep.map((b) => b.toFixed(0)).join(' ')}`,
  );
  for (const [site, bytes] of [...sites].sort((a, b) => b[1] - a[1])) {
    console.log(
      `  ${site}: ${(bytes / Math.max(1, allocating.length)).toFixed(0)} B/step (mean over the allocating)`,
    );
  }
}
