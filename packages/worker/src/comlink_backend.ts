/** A backend whose host is reached through Comlink (a Web Worker or a Node worker thread). */
import * as Comlink from 'comlink';
import type { Backend, HostPort } from './client.js';
import { createRingBuffer } from './command_ring.js';
import type { WorldHost } from './host.js';
import { initialFrames } from './transport.js';

export function comlinkBackend(
  endpoint: Comlink.Endpoint,
  transport: 'shared' | 'transfer',
  terminate: () => void,
): Backend {
  const remote = Comlink.wrap<WorldHost>(endpoint);
  return {
    port: remote as unknown as HostPort,
    transport,
    frames: initialFrames(transport),
    ring: transport === 'shared' ? createRingBuffer() : null,
    proxySink: (sink) => Comlink.proxy(sink),
    transfer: (value, buffers) => Comlink.transfer(value, buffers),
    dispose: () => {
      remote[Comlink.releaseProxy]();
      terminate();
    },
  };
}
