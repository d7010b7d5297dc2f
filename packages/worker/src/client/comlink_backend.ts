/** A backend whose host is reached through Comlink (a Web Worker or a Node worker thread). */
import * as Comlink from 'comlink';
import type { WorldHost } from '../host/host.js';
import { createRingBuffer } from '../protocol/command_ring.js';
import type { Backend, HostPort } from './backend.js';
import { initialFrames } from './transport.js';

export function comlinkBackend(
  endpoint: Comlink.Endpoint,
  transport: 'shared' | 'transfer',
  terminate: () => void,
  keepAlive: (on: boolean) => void = () => undefined,
): Backend {
  const remote = Comlink.wrap<WorldHost>(endpoint);
  return {
    port: remote as unknown as HostPort,
    transport,
    frames: initialFrames(transport),
    ring: transport === 'shared' ? createRingBuffer() : null,
    proxySink: (sink) => Comlink.proxy(sink),
    transfer: (value, buffers) => Comlink.transfer(value, buffers),
    keepAlive,
    dispose: () => {
      remote[Comlink.releaseProxy]();
      terminate();
    },
  };
}
