/**
 * The Stress scene's step time: the mean of the worker's step times over the last steps,
 * and the threads that took them (the physics worker and its solver helpers; of them, the
 * threads in use: one while the helpers measured no faster, PhysicsOptions.solverWorkerUse),
 * and who ran the contact sweeps (PhysicsOptions.contactKernel). Sampled on
 * display frames with no allocation, shown about once a second: only this line re-renders.
 */
import type { PhysicsStats, SolverThreads } from '@impulse/worker';
import { usePhysics, usePhysicsFrame } from '@impulse/react';
import { useRef, useState } from 'react';

/** Steps averaged per figure. */
const WINDOW = 60;

interface Shown {
  ms: number;
  solver: SolverThreads | null;
}

/** The threads the last step ran on, and why (the 'auto' policy's last measurement). */
function inUse(solver: SolverThreads): string {
  const speedUp = solver.measuredSpeedUp;
  const measured = speedUp > 0 ? ` (measured ${speedUp.toFixed(2)}× faster with the helpers than alone)` : '';
  return `threads in use: ${solver.threadsInUse}${measured}`;
}

/** Who ran the contact sweeps: the WebAssembly kernel falls back to the JS with helpers. */
const KERNEL_NAMES: Record<SolverThreads['contactKernel'], string> = {
  'wasm-simd': 'WebAssembly (SIMD)',
  wasm: 'WebAssembly',
  js: 'JS',
};

export function StepTime() {
  // the client is read in the callback: StrictMode's remount replaces the first one
  const physics = usePhysics();
  const [shown, setShown] = useState<Shown | null>(null);
  const acc = useRef({ stats: null as PhysicsStats | null, lastStep: -1, sum: 0, steps: 0 });
  usePhysicsFrame(() => {
    const a = acc.current;
    const client = physics.client;
    a.stats = client.getStats(a.stats ?? undefined);
    if (a.stats.stepCount === a.lastStep) return;
    a.lastStep = a.stats.stepCount;
    a.sum += a.stats.stepMs;
    a.steps++;
    if (a.steps < WINDOW) return;
    const ms = a.sum / a.steps;
    a.sum = 0;
    a.steps = 0;
    void client.getSolverThreads().then(
      (solver) => setShown({ ms, solver }),
      () => setShown({ ms, solver: null }),
    );
  });
  if (shown === null) return <p className="control-hint">Step time: measuring…</p>;
  const threads = shown.solver?.threads ?? 1;
  return (
    <p className="control-hint" data-testid="step-time">
      Step time: {shown.ms.toFixed(2)} ms (mean of {WINDOW} steps) on {threads}{' '}
      {threads === 1 ? 'thread' : 'threads'}
      {shown.solver && shown.solver.threads > 1
        ? `, ${shown.solver.sharedStages.toLocaleString('en')} stages shared with the helpers; ${inUse(shown.solver)}`
        : ''}
      {shown.solver ? `; contacts: ${KERNEL_NAMES[shown.solver.contactKernel]}` : ''}
    </p>
  );
}
