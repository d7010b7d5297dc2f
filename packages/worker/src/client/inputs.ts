/**
 * Sending a per-frame input: through the shared input ring when order allows (no message,
 * no allocation), else in a message. The forms are declared in protocol/inputs.ts.
 */
import { type InputForm, opOf } from '../protocol/inputs.js';
import type { CommandName } from '../protocol/world_methods.js';
import type { HostLink } from './host_link.js';

/** A form with its ring opcode, looked up once. */
export interface Input {
  form: InputForm;
  op: number;
}

export function inputOf(form: InputForm): Input {
  return { form, op: opOf(form) };
}

type Call = (...args: unknown[]) => unknown;

/** A plain copy of an argument the form lays out (a vector as `{x, y}`), for a message. */
function plain(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const v = value as { x: number; y: number };
  return { x: v.x, y: v.y };
}

/**
 * Sends input `a`, `b`, `c` of `id` (the mirror already checked it). Without a ring, when
 * the ring is full, or after a command that needs a message in the same task (so that
 * order is kept), a World input joins the message queue and a host input is sent as a call.
 */
export function sendInput(
  link: HostLink,
  input: Input,
  id: number,
  a: unknown,
  b?: unknown,
  c?: unknown,
): void {
  const { form, op } = input;
  if (link.input(form, op, id, a, b, c)) return;
  const arity = form.param === null ? form.fields.length : 1;
  const args = [id, a, b, c].slice(0, 1 + arity);
  if (form.on === 'world') {
    link.enqueue(form.method as CommandName, args);
    return;
  }
  link.flushNow();
  const port = link.port as unknown as Record<string, Call>;
  void port[form.method]!(...args.map(plain));
}
