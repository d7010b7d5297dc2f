/**
 * `window.__impulse`: what the browser tests read (positions, the transport, frame
 * statistics) and the golden determinism run in this browser's worker. Small, read-only
 * apart from `goldenHash`, and harmless to leave in a production build.
 */
import type { BodyId, World } from '@impulse/core';
import { mixedPileScene } from '@impulse/core/scenes';
import { createPhysicsWorker, type PhysicsClient, type SolverThreads } from '@impulse/worker';
import {
  type GoldenBody,
  type GoldenRun,
  type GoldenTiming,
  runGolden,
  timeGolden,
} from './golden/worker_golden';
import { type SolverTiming, timeSolverThreads } from './golden/solver_timing';
import { getActiveSim } from './ui/active_scene';

export interface TestHook {
  ready(): boolean;
  transport(): string | null;
  frame(): number;
  /** The scene's bodies that can move now: empty while a scene holds them static. */
  dynamicBodies(): number[];
  /** The dynamic body a scene offers for the drag test, or null. */
  testBody(): number | null;
  position(id: number): { x: number; y: number } | null;
  speed(id: number): number;
  pagePoint(id: number): { x: number; y: number } | null;
  pageToWorld(x: number, y: number): { x: number; y: number } | null;
  perf(): {
    fps: number;
    workMs: number;
    readMs: number;
    frameMs: number;
    frames: number;
    stepMs: number;
    stepCount: number;
    bodies: number;
  };
  /** The body a pointer holds (the world's pick, not necessarily the one pressed on), else null; 0 on a page scene. */
  draggedBody(): number | null;
  note(): string;
  /** The canvas renderer drawing the scene ('webgl', 'canvas2d'; 'dom' for a scene drawn without a canvas). */
  renderer(): string;
  /** The scene object itself, for a debugging session (not used by the tests). */
  scene(): unknown;
  /** React renders of the scene's body components so far (UI physics), else -1. */
  reactRenders(): number;
  /** Worlds on screen side by side (the solver lab's panes), else 1. */
  panes(): number;
  /** Points every other read (bodies, positions, drags, stats) at pane `index` of the solver lab. */
  focusPane(index: number): void;
  /** Who steps the scene's world (the physics worker and its solver helpers). */
  solverThreads(): Promise<SolverThreads | null>;
  goldenHash(): Promise<{ sleepStep: number; hash: number; transport: string }>;
  /**
   * The tumbler (2,025 boxes) in a fresh manual worker on `threads` solver threads, timed
   * (golden/solver_timing.ts; bench/solver_threads.ts).
   */
  solverTiming(threads: number, warmup: number, steps: number): Promise<SolverTiming>;
  /**
   * The worker runtime's golden run (golden/worker_golden.ts) in this browser's Web Worker,
   * `steps` steps; with `threads`, the worker's solver options (default: the page's), and
   * who stepped the world at the end.
   */
  workerGolden(
    steps?: number,
    threads?: SolverOptions,
  ): Promise<GoldenRun & { bodies: GoldenBody[]; solver: SolverThreads }>;
  /** The golden world stepped in one call in this browser's Web Worker (timing; golden/worker_golden.ts). */
  workerGoldenTiming(steps?: number): Promise<GoldenTiming>;
  /** Where the last `workerGolden` run is (or ended): what a test that stopped waiting reports. */
  goldenPhase(): string;
}

/** The solver threads a test asks the golden run's worker for. */
export interface SolverOptions {
  solverWorkers?: number;
  solverBlockItems?: number;
  solverWorkerUse?: 'auto' | 'always';
}

/** Runs `run` on a world in a new Web Worker, disposed after. */
async function inFreshWorker<T>(
  run: (client: PhysicsClient) => Promise<T>,
  threads: SolverOptions = {},
): Promise<T> {
  const client = createPhysicsWorker({ stepping: 'manual', ...threads });
  try {
    return await run(client);
  } finally {
    client.dispose();
  }
}

/** TestHook.goldenPhase. */
let goldenPhase = 'not started';

export function installTestHook(): void {
  const hook: TestHook = {
    ready: () => (getActiveSim()?.client.getFrameNumber() ?? 0) > 0,
    transport: () => getActiveSim()?.client.transport ?? null,
    frame: () => getActiveSim()?.client.getFrameNumber() ?? 0,
    dynamicBodies: () => getActiveSim()?.dynamicBodies() ?? [],
    testBody: () => getActiveSim()?.testBody ?? null,
    position: (id) => getActiveSim()?.client.getBodyPosition(id as BodyId) ?? null,
    speed: (id) => {
      const v = getActiveSim()?.client.getBodyLinearVelocity(id as BodyId);
      return v ? Math.hypot(v.x, v.y) : 0;
    },
    pagePoint: (id) => getActiveSim()?.bodyPagePoint(id as BodyId) ?? null,
    pageToWorld: (x, y) => getActiveSim()?.pageToWorld(x, y) ?? null,
    perf: () => {
      const sim = getActiveSim();
      const stats = sim?.client.getStats();
      return {
        fps: sim?.perf.fps ?? 0,
        workMs: sim?.perf.workMs ?? 0,
        readMs: sim?.perf.readMs ?? 0,
        frameMs: sim?.perf.frameMs ?? 0,
        frames: sim?.perf.frames ?? 0,
        stepMs: stats?.stepMs ?? 0,
        stepCount: stats?.stepCount ?? 0,
        bodies: stats?.bodyCount ?? 0,
      };
    },
    draggedBody: () => getActiveSim()?.draggedBody() ?? null,
    note: () => getActiveSim()?.note ?? '',
    scene: () => getActiveSim(),
    renderer: () => getActiveSim()?.renderer ?? 'dom',
    reactRenders: () => getActiveSim()?.reactRenders?.() ?? -1,
    panes: () => getActiveSim()?.paneCount?.() ?? 1,
    focusPane: (index) => getActiveSim()?.focusPane?.(index),
    solverThreads: async () => (await getActiveSim()?.client.getSolverThreads()) ?? null,
    // The core's golden run (packages/core/test/determinism.test.ts): the 100-body mixed
    // pile stepped at 1/60 s until every body sleeps, then the state hash.
    goldenHash: () =>
      inFreshWorker(async (client) => {
        mixedPileScene(client as unknown as World, 100);
        let steps = 0;
        await client.step(1);
        steps++;
        while (client.getStats().awakeBodyCount > 0 && steps < 5000) {
          await client.step(1);
          steps++;
        }
        return { sleepStep: steps, hash: await client.stateHash(), transport: client.transport };
      }),
    solverTiming: (threads, warmup, steps) =>
      inFreshWorker((client) => timeSolverThreads(client, warmup, steps), {
        solverWorkers: threads,
        // the helpers' own curve, not the 'auto' policy's choice
        solverWorkerUse: 'always',
      }),
    workerGolden: (steps, threads) =>
      inFreshWorker(async (client) => {
        goldenPhase = 'asking for the solver threads';
        // answered once the helpers are attached: the run is on the threads asked for
        const helpers = (await client.getSolverThreads()).threads - 1;
        // A helper starts with the world's first shared stage (step 1) and then loads its
        // module, which took longer than a whole 600-step run in Firefox (0.9 s; the helper
        // then held no stores at the end): the run waits for it after step 1, on its state
        const ready = async (when: string) => {
          for (let polls = 1; ; polls++) {
            const { readyHelpers } = await client.getSolverThreads();
            goldenPhase = `${when}: ${readyHelpers} of ${helpers} helpers hold the stores (${polls} polls)`;
            if (readyHelpers >= helpers) return;
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
        };
        const run = await runGolden(
          client,
          steps,
          helpers > 0 ? () => ready('after step 1') : undefined,
          (step) => {
            goldenPhase = `step ${step} of ${steps} taken`;
          },
        );
        // and for the stores last published (a store that grew late in the run publishes anew)
        if (helpers > 0) await ready(`after step ${steps}`);
        goldenPhase = 'done';
        return { ...run, solver: await client.getSolverThreads() };
      }, threads),
    goldenPhase: () => goldenPhase,
    workerGoldenTiming: (steps) => inFreshWorker((client) => timeGolden(client, steps)),
  };
  (window as unknown as { __impulse: TestHook }).__impulse = hook;
}
