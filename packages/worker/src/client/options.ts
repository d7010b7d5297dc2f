/** Options shared by every backend, with their defaults in one place. */
import {
  checkSolverDescription,
  constants,
  type SolverDescription,
  type WorldDef,
} from '@impulse/core/contract';
import { DEFAULT_MIN_BLOCK_ITEMS } from '../parallel/block_items.js';
import type { ContactKernelOption, HostInit, Stepping } from '../protocol/host_messages.js';

export interface PhysicsOptions {
  /** The world's definition, as for `new World(def)`. Mixer functions cannot cross to a worker. */
  world?: Partial<WorldDef>;
  /**
   * `realtime` (default): the world steps on its own fixed-step clock. `manual`: it steps
   * only when `step(n)` is called (tests, servers, lockstep games).
   */
  stepping?: Stepping;
  /** Fixed time step in seconds. Default 1/60. */
  timeStep?: number;
  /** Most steps taken in one tick to catch up after a stall; older lag is dropped. Default 4. */
  maxStepsPerTick?: number;
  /** Start paused (realtime stepping). Default false. */
  paused?: boolean;
  /** Simulated seconds per real second (realtime stepping). Default 1. */
  timeScale?: number;
  /**
   * Every this many steps the host sends a snapshot, which `restart()` restores after a
   * crash. Default 0 (never). A snapshot is about 1.5 KB per body: keep N large for big worlds.
   */
  snapshotEvery?: number;
  /**
   * Threads that step the world: the physics worker and `solverWorkers - 1` solver helpers
   * (docs/parallel-step.md, "Runtime"). An integer in [1, 64]. Default: the cores present
   * less one for the page (`navigator.hardwareConcurrency`, `os.availableParallelism()` in
   * Node), at most 4; always 1 inline, and 1 where shared memory is unavailable (a page
   * that is not cross-origin isolated: the physics worker then steps alone, with no error).
   * Every count gives the same bits. A small world stays on the physics worker's thread
   * whatever this is: helpers start when a stage of the step first has enough work to share.
   */
  solverWorkers?: number;
  /**
   * Fewest items (bodies, contacts, constraints of one colour) in a block of a stage handed
   * to solver helpers: a stage with fewer than its measured 2 to 4 times this (per stage
   * kind: parallel/dispatch_threshold.ts) runs on the physics worker alone, with no
   * barrier, which is what keeps a small world on one thread. An integer in
   * [1, 65536]; default 64. Lower it only to make a small world share its stages (a test
   * that the helpers give the same bits); the bits are the same for any value.
   */
  solverBlockItems?: number;
  /**
   * Whether the solver helpers take part: `'auto'` (the default) only while the step
   * measures faster with them than on the physics worker alone (timed every 600 steps,
   * docs/parallel-step.md, "Never slower than one thread"), so that a world the helpers do
   * not speed up on this machine steps on one thread; `'always'`: every stage with enough
   * work goes to them (to measure them). The bits are the same either way.
   */
  solverWorkerUse?: 'auto' | 'always';
  /**
   * The constraint solver, as a description: `{ kind: 'xpbd', subSteps: 8 }` (a solver
   * object holds functions, which cannot cross to a worker). Default none: the soft step.
   * The kind's module is loaded (in the worker and here, for the client's checks) before
   * the world takes its first step; settings its factory rejects are reported through
   * `onError`, and the world then steps with the soft step.
   */
  solver?: SolverDescription | null;
  /**
   * Who runs the soft step's contact sweeps: `'auto'` (the default), `'wasm'` or `'js'`.
   * `'wasm'` is the WebAssembly contact kernel (`@impulse/core/wasm`, docs/wasm-kernel.md):
   * the same bits as the JS, fewer instructions. Its code is a chunk of its own, loaded in
   * the host's thread before the world is made (the client's `ready` waits for it, and
   * rejects if the chunk fails to load). `'auto'` loads it where it would run (the world
   * steps on one solver thread and `world.contactKernel` is left out) and steps with the JS
   * sweeps, to the same bits, if the chunk fails to load. The world falls back to the JS
   * sweeps where WebAssembly cannot run (no WebAssembly, a CSP without 'wasm-unsafe-eval'),
   * and whenever it steps with solver helpers (`solverWorkers` above 1 with shared memory:
   * the kernel's memory is its own, the helpers' stores are shared).
   * `getSolverThreads().contactKernel` says which runs: 'wasm-simd', 'wasm' or 'js'.
   */
  contactKernel?: ContactKernelOption;
}

export const DEFAULT_TIME_STEP = 1 / 60;
/** The most threads `solverWorkers` may ask for, and the most its default gives. */
export const MAX_SOLVER_WORKERS = 64;
export const DEFAULT_SOLVER_WORKERS_CAP = 4;
/** The largest `solverBlockItems`. */
export const MAX_SOLVER_BLOCK_ITEMS = 65536;
export const DEFAULT_MAX_STEPS_PER_TICK = 4;
/** Body slots the first frame buffer holds; it doubles as the world grows. */
export const INITIAL_FRAME_CAPACITY = 64;

/** The options with their defaults: what a host starts with (the buffers aside). */
export type ResolvedOptions = Omit<HostInit, 'frames' | 'ring'>;

function fail(field: string, expected: string, value: unknown): never {
  throw new RangeError(`createPhysics: ${field} must be ${expected}, got ${String(value)}`);
}

/**
 * The default thread count for a machine of `cores` cores (unknown: 1): one core is left to
 * the page's own thread, and the rest capped, since every stage ends at a barrier that
 * costs more the more threads meet there.
 */
export function defaultSolverWorkers(cores: number | undefined): number {
  if (cores === undefined || !Number.isInteger(cores) || cores < 2) return 1;
  return Math.min(cores - 1, DEFAULT_SOLVER_WORKERS_CAP);
}

/** The cores a page reports, or undefined (Node 20 has no navigator: node.ts passes its own). */
function navigatorCores(): number | undefined {
  return (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency;
}

/**
 * The options with their defaults, checked. `crossesThreads`: the world runs in a worker
 * (else inline, on the caller's thread, which may not wait: one solver thread). `cores`:
 * the machine's cores, for the default `solverWorkers`. `shared`: shared memory can be
 * posted to workers (else one solver thread).
 */
export function resolveOptions(
  o: PhysicsOptions,
  crossesThreads: boolean,
  cores: number | undefined = navigatorCores(),
  shared = true,
): ResolvedOptions {
  const r: ResolvedOptions = {
    world: o.world ?? {},
    stepping: o.stepping ?? 'realtime',
    timeStep: o.timeStep ?? DEFAULT_TIME_STEP,
    maxStepsPerTick: o.maxStepsPerTick ?? DEFAULT_MAX_STEPS_PER_TICK,
    paused: o.paused ?? false,
    timeScale: o.timeScale ?? 1,
    snapshotEvery: o.snapshotEvery ?? 0,
    solverWorkers: o.solverWorkers ?? (crossesThreads && shared ? defaultSolverWorkers(cores) : 1),
    solverBlockItems: o.solverBlockItems ?? DEFAULT_MIN_BLOCK_ITEMS,
    solverWorkerUse: o.solverWorkerUse ?? 'auto',
    solver: o.solver == null ? null : checkSolverDescription('createPhysics', 'solver', o.solver),
    contactKernel: o.contactKernel ?? 'auto',
  };
  if (r.stepping !== 'realtime' && r.stepping !== 'manual')
    fail('stepping', "'realtime' or 'manual'", r.stepping);
  // the core rejects a step longer than MAX_TIME_STEP (0.25 s): say so here, at the call site
  if (!(r.timeStep > 0 && r.timeStep <= constants.MAX_TIME_STEP)) {
    fail('timeStep', `in (0, ${constants.MAX_TIME_STEP}] seconds`, r.timeStep);
  }
  if (!Number.isInteger(r.maxStepsPerTick) || r.maxStepsPerTick < 1 || r.maxStepsPerTick > 120) {
    fail('maxStepsPerTick', 'an integer in [1, 120]', r.maxStepsPerTick);
  }
  if (!(r.timeScale >= 0 && r.timeScale <= 100)) fail('timeScale', 'in [0, 100]', r.timeScale);
  if (!Number.isInteger(r.snapshotEvery) || r.snapshotEvery < 0) {
    fail('snapshotEvery', 'a whole number of steps >= 0', r.snapshotEvery);
  }
  if (!Number.isInteger(r.solverWorkers) || r.solverWorkers < 1 || r.solverWorkers > MAX_SOLVER_WORKERS) {
    fail('solverWorkers', `an integer in [1, ${MAX_SOLVER_WORKERS}]`, r.solverWorkers);
  }
  if (!crossesThreads && r.solverWorkers !== 1) {
    fail(
      'solverWorkers',
      "1 inline (the caller's thread cannot wait for helpers: use a worker)",
      r.solverWorkers,
    );
  }
  const items = r.solverBlockItems;
  if (!Number.isInteger(items) || items < 1 || items > MAX_SOLVER_BLOCK_ITEMS) {
    fail('solverBlockItems', `an integer in [1, ${MAX_SOLVER_BLOCK_ITEMS}]`, items);
  }
  if (r.solverWorkerUse !== 'auto' && r.solverWorkerUse !== 'always') {
    fail('solverWorkerUse', "'auto' or 'always'", r.solverWorkerUse);
  }
  if (r.contactKernel !== 'auto' && r.contactKernel !== 'wasm' && r.contactKernel !== 'js') {
    fail('contactKernel', "'auto', 'wasm' or 'js'", r.contactKernel);
  }
  // helpers view the world through shared memory: without it, the physics worker steps alone
  if (!shared) r.solverWorkers = 1;
  if (crossesThreads) {
    for (const field of ['frictionMixer', 'restitutionMixer'] as const) {
      if (r.world[field] !== undefined) {
        fail(
          `world.${field}`,
          'left out: a function cannot be sent to a worker (use the inline backend)',
          'a function',
        );
      }
    }
    if (r.world.solver != null) {
      fail(
        'world.solver',
        "left out: a solver object cannot be sent to a worker (pass solver: { kind: 'xpbd' })",
        'a solver',
      );
    }
    const kernel = r.world.contactKernel;
    if (kernel !== undefined && kernel !== 'js') {
      fail(
        'world.contactKernel',
        "left out: the kernel cannot be sent to a worker (pass contactKernel: 'wasm')",
        'wasmContactKernel',
      );
    }
  }
  return r;
}
