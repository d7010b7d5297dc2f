/**
 * A solver helper's life, whatever the thread (helper_node.ts, helper_browser.ts): load the
 * kernel module, take the stores, then claim blocks of each dispatched stage, spinning
 * briefly before parking in `Atomics.wait` between stages and steps.
 *
 * The loop returns to the event loop only to read a message: when the pool published
 * stores of another generation (the message is already queued: the pool posts before it
 * bumps GENERATION), or to close. A helper holding old stores claims nothing, and the
 * coordinator runs any block no helper took, so no stage ever waits for a helper to start.
 */

import { type StageKernel, Ctl, claimBlocks, recordError } from './control_block.js';
import type {
  ContactKernelShare,
  FromHelper,
  SharedStores,
  StageKernelModule,
  ToHelper,
} from './messages.js';

/**
 * Spins until dispatch `seen` is over (true) or the helper should park (false): after
 * `spin` loads, or after `holdSpin` while the coordinator holds the helpers (Ctl.HOLD: a
 * step under way). True also on shutdown, which the loop checks first.
 */
function spinForDispatch(ctl: Int32Array, seen: number, spin: number, holdSpin: number): boolean {
  for (let i = 0; ; i++) {
    if (Atomics.load(ctl, Ctl.SEQ) !== seen) return true;
    if (i >= spin && (i >= holdSpin || Atomics.load(ctl, Ctl.HOLD) === 0)) return false;
    if ((i & 1023) === 1023 && Atomics.load(ctl, Ctl.SHUTDOWN) !== 0) return true;
  }
}

/** What a helper needs from its thread. */
export interface HelperEndpoint {
  post(message: FromHelper): void;
  listen(handler: (message: ToHelper) => void): void;
  close(): void;
}

function describeError(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

/** Loads the kernel module the pool names (its `init` message's `kernel`). */
export type KernelLoader = (url: string) => Promise<StageKernelModule>;

/** The default loader: the module at that URL (Node's helpers, the probe job). */
const importKernel: KernelLoader = (url) => import(/* @vite-ignore */ url);

/**
 * Runs a helper on `endpoint` until the pool shuts it down. `load` gets the kernel module:
 * by URL by default; a helper bundled with its kernel (a browser world helper, which no
 * URL of the core's could reach through an app's bundler) returns its own.
 */
export function runHelper(endpoint: HelperEndpoint, load: KernelLoader = importKernel): void {
  let control: SharedArrayBuffer | null = null;
  let ctl: Int32Array = new Int32Array(0);
  let index = -1;
  let spin = 0;
  let holdSpin = 0;
  let threads = 1;
  let module: StageKernelModule | null = null;
  let pendingStores: {
    stores: SharedStores;
    generation: number;
    kernel: ContactKernelShare | null;
  } | null = null;
  let kernel: StageKernel | null = null;
  let generation = -1;
  let seen = 0;
  let failed = false;

  /** Records the helper's error for the coordinator (shared memory and a message); stops it. */
  const fail = (e: unknown): boolean => {
    failed = true;
    const message = describeError(e);
    if (control !== null) recordError(control, index, message);
    endpoint.post({ type: 'error', message });
    return false;
  };

  const take = (): void => {
    if (module === null || pendingStores === null) return;
    try {
      // solver thread index + 1: the kernel's collide blocks take that thread's I/O record
      kernel = module.createStageKernel(pendingStores.stores, pendingStores.kernel, index + 1);
    } catch (e) {
      fail(e);
      return;
    }
    generation = pendingStores.generation;
    pendingStores = null;
    Atomics.store(ctl, Ctl.HELPERS + index, generation);
    loop();
  };

  /** The dispatch loop: returns only to read a message or to close. */
  const loop = (): void => {
    const k = kernel!;
    for (;;) {
      if (Atomics.load(ctl, Ctl.SHUTDOWN) !== 0) {
        endpoint.close();
        return;
      }
      const seq = Atomics.load(ctl, Ctl.SEQ);
      if (seq !== seen) {
        // GENERATION is stored before the dispatch that follows a publish: read after SEQ,
        // it is at least that dispatch's
        const published = Atomics.load(ctl, Ctl.GENERATION);
        if (published > generation) return;
        seen = seq;
        if (published === generation && !claimBlocks(ctl, seq, index + 1, threads, k, fail, false, spin))
          return;
        continue;
      }
      if (failed) return;
      if (spinForDispatch(ctl, seen, spin, holdSpin)) continue;
      Atomics.add(ctl, Ctl.SLEEPERS, 1);
      // returns at once if a dispatch came since the load above (no wake-up is lost)
      if (Atomics.wait(ctl, Ctl.SEQ, seen) !== 'not-equal') Atomics.add(ctl, Ctl.HELPER_PARKS, 1);
      Atomics.sub(ctl, Ctl.SLEEPERS, 1);
      // newer stores: their message is queued. An older generation than ours means the
      // pool posted our stores and has not yet stored their generation: keep looping
      if (Atomics.load(ctl, Ctl.GENERATION) > generation) return;
    }
  };

  endpoint.listen((message) => {
    if (failed) return;
    if (message.type === 'init') {
      control = message.control;
      ctl = new Int32Array(control, 0, Ctl.WORDS);
      index = message.index;
      spin = message.spin;
      holdSpin = message.holdSpin;
      threads = message.threads;
      seen = Atomics.load(ctl, Ctl.SEQ);
      load(message.kernel).then(
        (m) => {
          if (typeof m.createStageKernel !== 'function') {
            fail(new Error(`${message.kernel} exports no createStageKernel function`));
            return;
          }
          module = m;
          take();
        },
        (e: unknown) => fail(e),
      );
    } else {
      pendingStores = { stores: message.stores, generation: message.generation, kernel: message.kernel };
      take();
    }
  });
}
