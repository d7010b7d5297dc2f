/**
 * The inline backend: the host runs in this thread and the client calls it directly. Same
 * client, same frames, same behaviour as a worker; for tests, server-side rendering and
 * tiny scenes, or where workers are not wanted.
 *
 * The host (and with it the core's whole `World`) is loaded by a dynamic `import()` when
 * the first inline client is made, so an app that imports this function but runs its
 * world in a worker (`<Physics backend>` chooses at run time) does not ship the step on
 * its main thread: bundlers put the host in a chunk of its own. Until the module is in,
 * the client's calls to the host wait in call order, as they do for a worker's start.
 */
import type { HostPort } from './client/backend.js';
import { createClient, type PhysicsClient } from './client/client.js';
import { INITIAL_FRAME_CAPACITY, type PhysicsOptions, resolveOptions } from './client/options.js';
import type { WorldHost } from './host/host.js';
import { createFrameBuffer } from './protocol/frame_layout.js';

/** The host's modules (the host, and the view that keeps its calls in order), loaded once for every inline client. */
let hostModule: Promise<[typeof import('./host/host.js'), typeof import('./host/call_order.js')]> | null =
  null;

/**
 * A port that makes a host when the module is in and passes each call to it, in call
 * order: calls made before then run when it is in; later ones go straight to the host.
 * Once disposed, calls still waiting are dropped (the client has failed their replies).
 */
function lazyHostPort(): { port: HostPort; dispose(): void } {
  hostModule ??= Promise.all([import('./host/host.js'), import('./host/call_order.js')]);
  let host: WorldHost | null = null;
  let waiting = 0;
  let disposed = false;
  const made = hostModule.then(([{ WorldHost }, { inCallOrder }]) => {
    const h = inCallOrder(new WorldHost());
    if (disposed) h.dispose();
    else host = h;
    return h;
  });
  const call = (h: WorldHost, name: string | symbol, args: unknown[]): unknown =>
    Reflect.apply(Reflect.get(h, name) as (...a: unknown[]) => unknown, h, args);
  const port = new Proxy({} as HostPort, {
    get:
      (_, name) =>
      (...args: unknown[]) => {
        if (host !== null && waiting === 0) return call(host, name, args);
        waiting++;
        return made.then((h) => {
          waiting--;
          return disposed ? undefined : call(h, name, args);
        });
      },
  });
  return {
    port,
    dispose: () => {
      disposed = true;
      host?.dispose();
      host = null;
    },
  };
}

export function createInlinePhysics(options: PhysicsOptions = {}): PhysicsClient {
  const resolved = resolveOptions(options, false);
  return createClient(() => {
    const { port, dispose } = lazyHostPort();
    const capacity = INITIAL_FRAME_CAPACITY;
    // One thread: a plain buffer serves (Atomics work on it too), shared memory or not.
    const frames = { buffer: createFrameBuffer(capacity, false), capacity };
    return {
      port,
      transport: 'inline',
      frames,
      ring: null,
      proxySink: (sink) => sink,
      keepAlive: () => undefined,
      dispose,
    };
  }, resolved);
}
