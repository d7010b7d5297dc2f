/**
 * The host as a worker exposes it through Comlink: the same methods, with the buffers in
 * each reply transferred instead of copied, and updates pushed to the client's proxy.
 */
import * as Comlink from 'comlink';
import type { HostInit, HostSink, HostUpdate, WireRollbackState } from '../protocol/host_messages.js';
import { WorldHost } from './host.js';

/** The buffers an update moves rather than copies. */
function buffersOf(update: HostUpdate): ArrayBuffer[] {
  const buffers: ArrayBuffer[] = [];
  if (update.frame) buffers.push(update.frame);
  if (update.snapshot) buffers.push(update.snapshot.buffer as ArrayBuffer);
  return buffers;
}

function transferable(update: HostUpdate): HostUpdate {
  const buffers = buffersOf(update);
  return buffers.length > 0 ? Comlink.transfer(update, buffers) : update;
}

/** `f` of a host's answer: at once when it is synchronous, else once it is in. */
function whenIn<T, U>(answer: T | Promise<T>, f: (value: T) => U): U | Promise<U> {
  return answer instanceof Promise ? answer.then(f) : f(answer);
}

/** The end of the update channel the client sends (client/comlink_backend.ts). */
interface SinkPort {
  postMessage(update: HostUpdate, transfer: ArrayBuffer[]): void;
}

/** A WorldHost whose replies transfer their frames. */
export class RemoteWorldHost extends WorldHost {
  /**
   * Across threads the client's sink is a MessagePort, not a Comlink proxy: the main
   * thread owns the other end and can let it not hold the process (Node's unref).
   */
  override init(init: HostInit, sink: HostSink | null): void | Promise<void> {
    const port = sink as unknown as SinkPort | null;
    return super.init(init, port && { update: (u) => port.postMessage(u, buffersOf(u)) });
  }

  override step(count: number): HostUpdate {
    return transferable(super.step(count));
  }

  override restore(bytes: Uint8Array): HostUpdate | Promise<HostUpdate> {
    return whenIn(super.restore(bytes), transferable);
  }

  override saveState(): WireRollbackState | Promise<WireRollbackState> {
    return whenIn(super.saveState(), (state) => Comlink.transfer(state, [state.f.buffer, state.b.buffer]));
  }

  override loadState(state: WireRollbackState): HostUpdate | Promise<HostUpdate> {
    return whenIn(super.loadState(state), transferable);
  }

  override snapshot(): Uint8Array | Promise<Uint8Array> {
    return whenIn(super.snapshot(), (bytes) => Comlink.transfer(bytes, [bytes.buffer]));
  }
}
