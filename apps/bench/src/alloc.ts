/**
 * Child-process entry (run with --expose-gc): Impulse's allocation in steady state.
 * `node --expose-gc dist/alloc.mjs '{"base":100,"warmup":120,"steps":1000}'`
 *
 * After the warm-up and a full GC it steps the large pyramid `steps` times, twice over (the
 * window that allocated less is kept, see below), and reports
 *  - heap growth: used heap after the steps minus before (garbage included, no GC forced),
 *  - retained growth: the same after a forced full GC,
 *  - the GC events seen meanwhile, by kind (PerformanceObserver 'gc' entries),
 *  - allocated bytes a step: the used heap's rises from step to step (falls are GCs and
 *    are skipped), less what the probe itself allocates.
 */

import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { World } from '@impulse/core';
import { pyramidScene } from '@impulse/core/scenes';
import { RESULT_PREFIX } from './protocol';
import type { AllocResult, AllocSpec } from './results';
import { TIME_STEP } from './scenes';

const exposedGc = (globalThis as { gc?: () => void }).gc;
if (exposedGc === undefined) {
  console.error('alloc.mjs needs node --expose-gc');
  process.exit(2);
}
const gc: () => void = exposedGc;
const spec = JSON.parse(process.argv[2] ?? '{"base":100,"warmup":120,"steps":1000}') as AllocSpec;

const world = new World({ enableSleep: false });
const boxes = pyramidScene(world, spec.base);
for (let i = 0; i < spec.warmup; i++) world.step(TIME_STEP);

const used = (): number => getHeapStatistics().used_heap_size;
// what one probe allocates by itself (the statistics object)
const probeSamples = 1000;
gc();
let probeRise = 0;
let last = used();
for (let i = 0; i < probeSamples; i++) {
  const u = used();
  if (u > last) probeRise += u - last;
  last = u;
}
const probeBytes = probeRise / probeSamples;

interface Window {
  heapGrowth: number;
  rise: number;
  retained: number;
  gc: AllocResult['gc'];
}

/** Steps `spec.steps` times, watching the heap and the GC. */
async function measureWindow(): Promise<Window> {
  const counts = { minor: 0, major: 0, incremental: 0, other: 0, totalMs: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) counts.minor++;
      else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) counts.major++;
      else if (kind === constants.NODE_PERFORMANCE_GC_INCREMENTAL) counts.incremental++;
      else counts.other++;
      counts.totalMs += e.duration;
    }
  });
  gc();
  await new Promise((r) => setTimeout(r, 50)); // let the forced GC's entry pass before observing
  observer.observe({ entryTypes: ['gc'] });

  const before = used();
  let rise = 0;
  let last = before;
  for (let i = 0; i < spec.steps; i++) {
    world.step(TIME_STEP);
    const u = used();
    if (u > last) rise += u - last;
    last = u;
  }
  const after = used();
  await new Promise((r) => setTimeout(r, 50)); // GC entries are delivered asynchronously
  observer.disconnect();
  gc();
  return { heapGrowth: after - before, rise, retained: used() - before, gc: counts };
}

// Two windows back to back, keeping the one that allocated less: V8 optimises some
// functions (those with no work in this scene, such as the joint stages) only after
// thousands of steps, and the code and feedback it installs then land in whichever window
// is running. That is a one-off cost of the JIT; an allocation the step makes shows in both.
const first = await measureWindow();
const second = await measureWindow();
const kept = second.rise < first.rise ? second : first;
const result: AllocResult = {
  scene: `pyramid base ${spec.base}`,
  bodies: boxes.length,
  warmup: spec.warmup,
  steps: spec.steps,
  heapGrowthBytes: kept.heapGrowth,
  retainedGrowthBytes: kept.retained,
  allocatedBytesPerStep: Math.max(0, kept.rise / spec.steps - probeBytes),
  otherWindowBytesPerStep: Math.max(0, (kept === first ? second : first).rise / spec.steps - probeBytes),
  gc: kept.gc,
};
process.stdout.write(`${RESULT_PREFIX}${JSON.stringify(result)}\n`);
