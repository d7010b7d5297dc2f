/**
 * What a backend gives the client: the host and how to reach it. The backends
 * (browser.ts, node.ts, inline.ts at the package root) make one; the client's link
 * (host_link.ts) drives it.
 */
import type { WorldHost } from '../host/host.js';
import type { HostInit, HostSink } from '../protocol/host_messages.js';

/** The host as the client sees it: its methods, answered now (inline) or later (a worker; an async method is awaited either way). */
export type HostPort = {
  [K in keyof WorldHost]: WorldHost[K] extends (...args: infer A) => infer R
    ? (...args: A) => Awaited<R> | Promise<Awaited<R>>
    : never;
};

/** How transforms reach the main thread. */
export type Transport = 'shared' | 'transfer' | 'inline';

/** @internal */
export interface Backend {
  port: HostPort;
  transport: Transport;
  /** The first frame buffer (shared or in-thread), or null when frames are transferred. */
  frames: HostInit['frames'];
  /** Wraps the client's update sink so the host can call it (a Comlink proxy across threads). */
  proxySink(sink: HostSink): HostSink;
  /**
   * Whether the host must keep this process alive: true while a reply is awaited, false
   * when the client is idle (a Node worker thread is unref'd then; elsewhere a no-op).
   */
  keepAlive(on: boolean): void;
  /** Releases the host (terminates the worker). */
  dispose(): void;
  /** The shared input ring (shared transport), or null (inputs then travel in messages). */
  ring: SharedArrayBuffer | null;
}

/** Makes a backend; `lost` is to be called if its host dies (a worker's error or exit). */
export type BackendFactory = (lost: (error: Error) => void) => Backend;
