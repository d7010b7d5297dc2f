/**
 * The browser physics worker's code, loaded by its entry (worker.ts, which says why). With
 * solverWorkers above 1 the host starts its solver helpers as module workers of its own
 * (parallel/world_helper_browser.js); the page resolved the count to 1 where shared memory
 * is unavailable, and then none start.
 */
import * as Comlink from 'comlink';
import { inCallOrder } from './host/call_order.js';
import { RemoteWorldHost } from './host/remote_host.js';
import { helperSource } from './parallel/helper_source.js';
import { WORLD_KERNEL, worldHelperSpawner } from './parallel/spawn_browser.js';

type Listener = EventListenerOrEventListenerObject;

/**
 * This worker's global scope as Comlink's endpoint, which first gives a message listener
 * the messages the entry kept (`early`, emptied), then the ones that follow.
 */
function scopeEndpoint(early: MessageEvent[]): Comlink.Endpoint {
  const scope = globalThis as unknown as Comlink.Endpoint;
  return {
    postMessage: (message: unknown, transfer?: Transferable[]) => scope.postMessage(message, transfer),
    addEventListener(type: string, listener: Listener) {
      scope.addEventListener(type, listener);
      if (type !== 'message') return;
      for (const event of early.splice(0)) {
        if (typeof listener === 'function') listener(event);
        else listener.handleEvent(event);
      }
    },
    removeEventListener: (type: string, listener: Listener) => scope.removeEventListener(type, listener),
  };
}

/** Serves the page's physics client: the messages the entry kept first, in order. */
export function serveWorker(early: MessageEvent[]): void {
  Comlink.expose(
    inCallOrder(new RemoteWorldHost(helperSource(worldHelperSpawner, () => WORLD_KERNEL))),
    scopeEndpoint(early),
  );
}
