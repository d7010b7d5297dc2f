/**
 * The inline backend: the host runs in this thread and the client calls it directly. Same
 * client, same frames, same behaviour as a worker; for tests, server-side rendering and
 * tiny scenes, or where workers are not wanted.
 */
import { createClient, type PhysicsClient } from './client/client.js';
import { INITIAL_FRAME_CAPACITY, type PhysicsOptions, resolveOptions } from './client/options.js';
import { WorldHost } from './host/host.js';
import { createFrameBuffer } from './protocol/frame_layout.js';

export function createInlinePhysics(options: PhysicsOptions = {}): PhysicsClient {
  const resolved = resolveOptions(options, false);
  return createClient(() => {
    const host = new WorldHost();
    const capacity = INITIAL_FRAME_CAPACITY;
    // One thread: a plain buffer serves (Atomics work on it too), shared memory or not.
    const frames = { buffer: createFrameBuffer(capacity, false), capacity };
    return {
      port: host,
      transport: 'inline',
      frames,
      ring: null,
      proxySink: (sink) => sink,
      transfer: (value) => value,
      keepAlive: () => undefined,
      dispose: () => host.dispose(),
    };
  }, resolved);
}
