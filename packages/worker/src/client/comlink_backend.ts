/** A backend whose host is reached through Comlink (a Web Worker or a Node worker thread). */
import * as Comlink from 'comlink';
import type { WorldHost } from '../host/host.js';
import { createRingBuffer } from '../protocol/command_ring.js';
import type { HostSink, HostUpdate } from '../protocol/host_messages.js';
import type { Backend, HostPort } from './backend.js';
import { initialFrames } from './transport.js';

/** What holds a Node process open, and can stop holding it (a worker thread, a port). */
export interface ProcessHold {
  ref(): void;
  unref(): void;
}

/**
 * `terminate` ends the worker. `hold` is the worker where it may hold the process (Node):
 * it and the update channel then hold it only while a reply is awaited. Null elsewhere.
 */
/** The update port as this module uses it (onmessage starts it; Node's can be unref'd). */
type SinkPort = {
  onmessage: ((event: { readonly data: unknown }) => void) | null;
  close(): void;
  ref?(): void;
  unref?(): void;
};

export function comlinkBackend(
  endpoint: Comlink.Endpoint,
  transport: 'shared' | 'transfer',
  terminate: () => void,
  hold: ProcessHold | null = null,
): Backend {
  const remote = Comlink.wrap<WorldHost>(endpoint);
  // Typed by what is used: DOM's MessagePort and Node's differ in their declarations.
  let sinkPort: SinkPort | null = null;
  const keepAlive = (on: boolean) => {
    if (hold === null) return;
    for (const h of [hold, sinkPort as unknown as Partial<ProcessHold> | null]) {
      if (on) h?.ref?.();
      else h?.unref?.();
    }
  };
  return {
    port: remote as unknown as HostPort,
    transport,
    frames: initialFrames(transport),
    ring: transport === 'shared' ? createRingBuffer() : null,
    // A channel of our own rather than Comlink.proxy: its port is ours to unref.
    proxySink: (sink) => {
      const { port1, port2 } = new MessageChannel();
      const port = port1 as unknown as SinkPort;
      port.onmessage = (event) => sink.update(event.data as HostUpdate);
      sinkPort = port;
      keepAlive(false);
      return Comlink.transfer(port2, [port2]) as unknown as HostSink;
    },
    keepAlive,
    dispose: () => {
      remote[Comlink.releaseProxy]();
      sinkPort?.close();
      terminate();
    },
  };
}
