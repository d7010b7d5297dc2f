/**
 * The client's link to its host: the backend in use, the batching of commands into one
 * message per task, the input ring's writing end, replies raced against the loss of the
 * host, and the frame reader the host publishes into. A restart replaces the backend;
 * everything else on the client goes on.
 */
import type { HostUpdate } from '../protocol/host_messages.js';
import type { InputForm } from '../protocol/inputs.js';
import { encodeCommand, type WireCommand } from '../protocol/wire.js';
import type { CommandName } from '../protocol/world_methods.js';
import type { Backend, BackendFactory, HostPort, Transport } from './backend.js';
import { FrameReader } from './frame_reader.js';
import type { ResolvedOptions } from './options.js';
import { RingWriter } from './ring_writer.js';

/**
 * What a host needs before its init (a solver's module loaded in its thread): done on the
 * host's port, it resolves to the options the host starts with.
 */
export type PrepareHost = (host: HostPort) => Promise<ResolvedOptions>;

/** The host's port with every call held until `gate` settles, then made in call order. */
function gatedPort(host: HostPort, gate: Promise<void>): HostPort {
  return new Proxy(host, {
    get:
      (target, name) =>
      (...args: unknown[]) =>
        gate.then(() =>
          Reflect.apply(Reflect.get(target, name) as (...a: unknown[]) => unknown, target, args),
        ),
  });
}

export class HostLink {
  /** The transport of the first backend (a restart makes one of the same kind). */
  readonly transport: Transport;
  port: HostPort;
  reader = new FrameReader();
  private backend: Backend;
  /** Counts backends: a lost host of an earlier one is no longer this client's concern. */
  private connection = 0;
  private queue: WireCommand[] = [];
  /** Messages of commands sent to the current host: input ring entries are numbered by it. */
  private messagesSent = 0;
  private ring: RingWriter | null = null;
  private flushScheduled = false;
  /** Replies awaited: the backend keeps the process alive only while there are some. */
  private awaited = 0;
  private disposed = false;
  /** Rejects when the host is lost (the worker crashed or exited), failing every pending read. */
  private lost!: Promise<never>;
  private markLost!: (error: Error) => void;
  private lostError: Error | null = null;

  constructor(
    private readonly makeBackend: BackendFactory,
    /** Errors only the host could detect, for the client's error listeners. */
    private readonly report: (error: unknown) => void,
    /** Events, snapshots and errors the host sent (frames are taken here). */
    private readonly onUpdate: (update: HostUpdate) => void,
  ) {
    this.backend = this.spawn();
    this.transport = this.backend.transport;
    this.port = this.backend.port;
  }

  /** A new backend whose loss is reported only while it is the current one. */
  private spawn(): Backend {
    const connection = ++this.connection;
    return this.makeBackend((error) => {
      if (connection === this.connection) this.hostLost(error);
    });
  }

  /**
   * Starts the current backend's host (a fresh backend when `replace`, the old one
   * released); resolves when it is ready. Queued commands belong to the old host and are
   * dropped. `start` is the options, or a preparation that resolves to them: calls made
   * meanwhile wait, in order, until the host's init is sent.
   */
  connect(start: ResolvedOptions | PrepareHost, replace = false): Promise<void> {
    if (replace) {
      const old = this.backend;
      this.backend = this.spawn();
      this.awaited = 0;
      try {
        old.dispose();
      } catch {
        // already gone
      }
    }
    const backend = this.backend;
    this.port = backend.port;
    this.queue = [];
    this.reader = new FrameReader();
    this.ring = backend.ring ? new RingWriter(backend.ring) : null;
    this.messagesSent = 0;
    this.lostError = null;
    this.lost = new Promise<never>((_, reject) => {
      this.markLost = reject;
    });
    this.lost.catch(() => undefined);
    if (backend.frames) this.reader.attachShared(backend.frames.buffer);
    const sink = backend.proxySink({ update: (u) => this.receive(u) });
    const host = backend.port;
    const init = (o: ResolvedOptions) =>
      host.init({ ...o, frames: backend.frames, ring: backend.ring }, sink);
    let reply: unknown;
    if (typeof start === 'function') {
      // Every call waits until the host is prepared and its init is sent, in call order.
      const sent = start(host).then((o) => {
        if (this.backend === backend) this.port = host;
        reply = init(o);
      });
      this.port = gatedPort(host, sent);
      reply = sent.then(() => reply);
    } else {
      reply = init(start);
    }
    const ready = this.ask(reply).then(() => undefined);
    ready.catch((error: unknown) => {
      if (!this.disposed) this.report(error);
    });
    return ready;
  }

  /** Queues a command (the mirror accepted it) for the message sent when this task ends. */
  enqueue(name: CommandName, args: readonly unknown[]): void {
    this.queue.push(encodeCommand(name, args));
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      queueMicrotask(this.flushNow);
    }
  }

  /** Sends the queued commands now (calls that must follow them go after). */
  readonly flushNow = (): void => {
    this.flushScheduled = false;
    if (this.queue.length === 0 || this.disposed) return;
    const batch = this.queue;
    this.queue = [];
    this.messagesSent++;
    Promise.resolve(this.port.apply(batch)).then(
      (error) => {
        if (error) this.report(new Error(`@impulse/worker: the worker rejected a command: ${error}`));
      },
      (error: unknown) => this.report(error),
    );
  };

  /**
   * Writes a per-frame input to the ring when order allows; false when it must travel in a
   * message instead (no ring, a full ring, or a message-borne command queued before it).
   */
  input(form: InputForm, op: number, id: number, a: unknown, b: unknown, c: unknown): boolean {
    if (this.ring === null || this.queue.length > 0) return false;
    return this.ring.push(this.messagesSent, form, op, id, a, b, c);
  }

  /** Sends the queued commands, then a call to the host whose reply nobody awaits. */
  post(call: (port: HostPort) => unknown): void {
    this.flushNow();
    void call(this.port);
  }

  /** Sends the queued commands, then asks the host: its reply, or the loss of the host. */
  request<T>(ask: (port: HostPort) => T | Promise<T>): Promise<T> {
    this.flushNow();
    return this.ask(ask(this.port));
  }

  /** A host reply, or the loss of the host, whichever comes first. */
  ask<T>(reply: T | Promise<T>): Promise<T> {
    if (this.lostError) return Promise.reject(this.lostError);
    const backend = this.backend;
    const connection = this.connection;
    if (this.awaited++ === 0) backend.keepAlive(true);
    const settle = () => {
      if (connection !== this.connection) return; // a replaced backend's reply
      if (--this.awaited === 0 && !this.disposed) backend.keepAlive(false);
    };
    const answer = Promise.race([Promise.resolve(reply), this.lost]);
    answer.then(settle, settle);
    return answer;
  }

  /** Takes what a host update carries for the frames, and hands the rest to the client. */
  receive(update: HostUpdate): void {
    if (this.disposed) return;
    if (update.grown) this.reader.attachShared(update.grown);
    if (update.frame) this.reader.receive(update.frame);
    this.onUpdate(update);
  }

  /**
   * The backend lost its host (the worker crashed or exited): pending and later reads
   * reject with `error`, and error listeners hear of it once.
   */
  private hostLost(error: Error): void {
    if (this.lostError || this.disposed) return;
    this.lostError = error;
    this.markLost(error);
    this.report(error);
  }

  isDisposed(): boolean {
    return this.disposed;
  }

  /** Stops the host and releases the backend; queued commands are dropped. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.queue = [];
    // Replies still awaited (`ready`, a step, a read) will never come from a stopped host:
    // they reject instead of hanging (StrictMode disposes a world its first mount asked to step).
    if (this.lostError === null) {
      this.lostError = new Error('@impulse/worker: the physics world was disposed');
      this.markLost(this.lostError);
    }
    void Promise.resolve(this.port.dispose()).catch(() => undefined);
    this.backend.dispose();
  }
}
