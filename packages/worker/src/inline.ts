/**
 * The inline backend: the host runs in this thread and the client calls it directly. Same
 * client, same frames, same behaviour as a worker; for tests, server-side rendering and
 * tiny scenes, or where workers are not wanted.
 */
import { createClient, type PhysicsClient } from './client.js';
import { createFrameBuffer } from './frame_layout.js';
import { WorldHost } from './host.js';
import { INITIAL_FRAME_CAPACITY, type PhysicsOptions, resolveOptions } from './options.js';

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
      dispose: () => host.dispose(),
    };
  }, resolved);
}
