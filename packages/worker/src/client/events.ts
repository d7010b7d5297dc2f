/**
 * The client's event listeners: step events the host sends (it copies only the kinds
 * someone listens to, so the host is told when a kind gains its first listener or loses
 * its last), and errors only the host could detect.
 */
import type { BodyEvents, ContactEvents, JointEvents } from '@impulse/core';
import type { EventInterest, StepEvents } from '../protocol/host_messages.js';
import type { HostLink } from './host_link.js';

export type Listener<T> = (value: T) => void;

/** The listener sets, by kind. */
export interface Listeners {
  contact: Set<Listener<ContactEvents>>;
  body: Set<Listener<BodyEvents>>;
  joint: Set<Listener<JointEvents>>;
  error: Set<Listener<Error>>;
}

export function newListeners(): Listeners {
  return { contact: new Set(), body: new Set(), joint: new Set(), error: new Set() };
}

export class ClientEvents {
  constructor(
    private readonly listeners: Listeners,
    private readonly link: () => HostLink,
  ) {}

  listen<K extends keyof EventInterest>(kind: K, listener: Listener<never>): () => void {
    const set = this.listeners[kind] as Set<Listener<never>>;
    const before = set.size;
    set.add(listener);
    if (before === 0) this.sendInterest();
    return () => {
      if (set.delete(listener) && set.size === 0) this.sendInterest();
    };
  }

  onError(listener: Listener<Error>): () => void {
    const set = this.listeners.error;
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Tells a new host (after a restart) what is listened to. */
  resend(): void {
    const l = this.listeners;
    if (l.contact.size + l.body.size + l.joint.size > 0) this.sendInterest();
  }

  private sendInterest(): void {
    const link = this.link();
    if (link.isDisposed()) return; // an unsubscribe after dispose
    const l = this.listeners;
    const interest = { contact: l.contact.size > 0, body: l.body.size > 0, joint: l.joint.size > 0 };
    void link.port.setEventInterest(interest);
  }

  deliver(e: StepEvents): void {
    if (e.contact) for (const l of this.listeners.contact) l(e.contact);
    if (e.body) for (const l of this.listeners.body) l(e.body);
    if (e.joint) for (const l of this.listeners.joint) l(e.joint);
  }

  /** Hands an error to the error listeners (to the console when there are none). */
  report(error: unknown): void {
    const err = error instanceof Error ? error : new Error(String(error));
    if (this.listeners.error.size === 0) console.error(err);
    for (const l of this.listeners.error) l(err);
  }
}
