/**
 * The host as a worker exposes it through Comlink: the same methods, with updates pushed to
 * the client's proxy.
 *
 * Nothing leaves this thread transferred: frames, snapshots and rollback states are copied
 * (postMessage's structured clone). A transfer detaches the sender's ArrayBuffer, and once
 * any ArrayBuffer in a thread is detached, V8 checks for detachment at every typed-array
 * access it compiles from then on: the step ran 25 % more instructions on the tumbler after
 * one detached buffer (docs/worker-design.md, "Nothing is transferred out of the worker").
 * A copy costs a memcpy of the frame (24 bytes a body) on each side.
 */
import type { HostInit, HostSink, HostUpdate } from '../protocol/host_messages.js';
import { WorldHost } from './host.js';

/** The end of the update channel the client sends (client/comlink_backend.ts). */
interface SinkPort {
  postMessage(update: HostUpdate): void;
}

/** A WorldHost whose updates go through a MessagePort. */
export class RemoteWorldHost extends WorldHost {
  /**
   * Across threads the client's sink is a MessagePort, not a Comlink proxy: the main
   * thread owns the other end and can let it not hold the process (Node's unref).
   */
  override init(init: HostInit, sink: HostSink | null): void | Promise<void> {
    const port = sink as unknown as SinkPort | null;
    return super.init(init, port && { update: (u) => port.postMessage(u) });
  }
}
