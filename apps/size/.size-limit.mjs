// The size budgets (gzip, as a browser downloads each file): `pnpm check:size` builds the
// fixture and fails when either side grows past its budget.
// - main thread: what the page loads before it runs (main_thread.mjs: the entry and the
//   chunks it imports statically), less React: Impulse's share, with the app's few lines
//   and the packages' dependencies (comlink, zustand).
// - worker: what the physics worker loads before it serves the page (worker_start.mjs:
//   its entry, the module the entry imports at once and their static imports).
import { join } from 'node:path';
import { mainThreadFiles } from './main_thread.mjs';
import { workerStartFiles } from './worker_start.mjs';

const dist = join(import.meta.dirname, 'dist');

export default [
  {
    name: "main thread: Impulse's share (everything the page loads at start but React)",
    path: mainThreadFiles(dist).map((file) => join(dist, file)),
    gzip: true,
    // 55.4 kB measured (docs/worker-design.md, "Bundle size")
    limit: '56.4 kB',
  },
  {
    name: 'worker',
    path: workerStartFiles(dist).map((file) => join(dist, file)),
    gzip: true,
    // 82.1 kB measured (86.3 kB before the parallel step landed, 90.5 kB with it, 80.7 kB
    // with rollback and the mover on demand, +1.4 kB for the joint colours and the revolute
    // joint's rows that helpers solve; 83.83 kB in session 18, +0.75 kB for the bodies'
    // finish as a stage, the revolute rows in one function and the tree's self walk; 84.65 kB in
    // session 19, +0.82 kB for the colour cuts by body and the distance and weld joints' rows): rollback's
    // coding, the mover, the solver kinds and the helpers' executor load as chunks of their
    // own when first asked for, not counted here (docs/worker-design.md, "What the worker
    // loads when"); 85.66 kB in session 23, 80.78 kB with snapshots and the world queries
    // loaded on first use as well (branch h/lazy12); +0.11 kB for the WebAssembly contact
    // kernel option's hooks in World (the kernel itself is its own entry): 80.91 kB, the
    // limit that + 0.09 kB (the spinner's relax-again loop, +0.43 kB, landed and was taken
    // out again in review: a third copy of the one-point arithmetic for -2.4 % of one scene);
    // +0.25 kB for the colours kept while the contacts do not change (h/colourcache: 81.16 kB;
    // the colouring was two thirds of pyramid 100's serial work on 2 threads);
    // +0.08 kB for the contactKernel option (h/kworker: the host's lazy import of the kernel);
    // +0.03 kB for the kernel's body stages (h/kstages: runWhole). 81.28 kB measured at landing;
    // +0.04 kB for the kernel's collide block (h/kcollide2: QuadCache.radius, which tells the
    // kernel which shapes are cached quadrilaterals, and the Collide stage through runWhole):
    // 81.32 kB; +0.07 kB for contactKernel 'auto', the default (h/lead26: the host decides
    // where the kernel runs and keeps the JS if its chunk fails to load): 81.41 kB;
    // +0.71 kB for the regions (h/regions3: the layout's region cut, seam colouring and groups;
    // two threads' barriers a step 300 -> 52 on pyramid 100): 82.14 kB; the kernel on the
    // helpers (h/kshared: the host loads it with helpers too): 82.15 kB; +0.10 kB for the
    // kernel's self-walk of the dynamic tree (h/kwalk: BroadPhase.takeMovedPairs, the pair
    // filter over the kernel's candidates): 82.25 kB; at the session 27 landing 82.61 kB, the
    // other +0.36 kB in the core chunk that holds the dynamic tree and the step (+0.38 kB
    // gzip there, not split further: h/ktree's centre bounds carried down the build stack,
    // the stage hooks for the kernel's collide blocks and restitution on the helpers,
    // h/kcollide2 and h/kcapsule, the continuous path box); session 28: +0.03 kB for the
    // relax-again colours run as small ones (h/k2serial), +0.50 kB for the pair queries queued
    // in one loop from each tree's readied root and the contact record written by name
    // (h/kchurn: tumbler 40.80 -> 40.16 M instructions a step with the kernel, createContact
    // 1.19 -> 0.85 M, the queries 1.28 -> 0.84 M): 83.19 kB
    limit: '83.3 kB',
  },
];
