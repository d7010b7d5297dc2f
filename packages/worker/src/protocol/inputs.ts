/**
 * The per-frame inputs, each declared once. A form says which call it carries (a `World`
 * method, or a host method for the host's own rays and characters) and how its arguments
 * lay out as doubles in an input-ring entry (command_ring.ts). The client encodes from the
 * form (client/inputs.ts), the host decodes from the same form (host/input_decoder.ts), and
 * the routes (world_methods.ts) check that the World methods here are exactly the core's
 * `input` kind.
 *
 * Adding a per-frame input: one line in `INPUT_FORMS` (and, for a World method, its kind
 * `input` in the core's table of World methods, world/world_methods.ts).
 */
import type { Vec2, World } from '@impulse/core';

/**
 * How one argument travels: `vec2` an `{x, y}` (two doubles), `number` one double, `flag`
 * a boolean (1 or 0), `wake` a boolean that defaults to true when left out.
 */
export type Field = 'vec2' | 'number' | 'flag' | 'wake';

/** The host's methods a form may call (the host's rays and characters, not in the World). */
export interface HostInputs {
  moveRay(slot: number, origin: Vec2, translation: Vec2): void;
  setCharacterVelocity(slot: number, velocity: Vec2): void;
}

export interface InputForm<On extends 'world' | 'host' = 'world' | 'host', M extends string = string> {
  /** Where the call is made: on the host's World, or on the host itself. */
  readonly on: On;
  readonly method: M;
  /**
   * The one key of the params object that carries the value, for a method taking an object
   * (`setJointParams(jointId, { target })`); null when the arguments are the fields.
   */
  readonly param: string | null;
  /** The arguments after the id (or the param's value), in order. */
  readonly fields: readonly Field[];
}

function world<M extends keyof World>(method: M, fields: readonly Field[]): InputForm<'world', M> {
  return { on: 'world', method, param: null, fields };
}

function worldParam<M extends keyof World>(method: M, param: string, field: Field): InputForm<'world', M> {
  return { on: 'world', method, param, fields: [field] };
}

function host<M extends keyof HostInputs>(method: M, fields: readonly Field[]): InputForm<'host', M> {
  return { on: 'host', method, param: null, fields };
}

/** Every per-frame input; a form's opcode in the ring is its index here plus one. */
export const INPUT_FORMS = [
  world('setBodyLinearVelocity', ['vec2']),
  world('setBodyAngularVelocity', ['number']),
  world('setBodyTransform', ['vec2', 'number']),
  world('applyBodyForce', ['vec2', 'vec2', 'wake']),
  world('applyBodyForceToCenter', ['vec2', 'wake']),
  world('applyBodyTorque', ['number', 'wake']),
  world('applyBodyLinearImpulse', ['vec2', 'vec2', 'wake']),
  world('applyBodyLinearImpulseToCenter', ['vec2', 'wake']),
  world('applyBodyAngularImpulse', ['number', 'wake']),
  world('setBodyAwake', ['flag']),
  // a mouse joint's target and a motor's speed, every frame; other params go in messages
  worldParam('setJointParams', 'target', 'vec2'),
  worldParam('setJointParams', 'motorSpeed', 'number'),
  host('moveRay', ['vec2', 'vec2']),
  host('setCharacterVelocity', ['vec2']),
] as const;

/** The World methods that are per-frame inputs. */
export type InputMethod = Extract<(typeof INPUT_FORMS)[number], { on: 'world' }>['method'];

/** Doubles an entry has for a form's fields (an entry holds the id and these). */
export const INPUT_DOUBLES = 5;

function doubles(field: Field): number {
  return field === 'vec2' ? 2 : 1;
}

for (const form of INPUT_FORMS) {
  const n = form.fields.reduce((sum, f) => sum + doubles(f), 0);
  if (n > INPUT_DOUBLES)
    throw new Error(`inputs: ${form.method} takes ${n} doubles, an entry holds ${INPUT_DOUBLES}`);
}

/** The forms that carry calls of `method` (setJointParams has two). */
export function formsOf(method: string): readonly InputForm[] {
  return INPUT_FORMS.filter((f) => f.method === method);
}

/** The World methods that are per-frame inputs, each once. */
export const INPUT_METHODS: readonly InputMethod[] = [
  ...new Set(INPUT_FORMS.filter((f) => f.on === 'world').map((f) => f.method as InputMethod)),
];

/**
 * Whether `form` can carry a call whose first argument after the id is `a`: always, but for
 * a params form only when the params object holds that one key (of the right kind).
 */
export function formCarries(form: InputForm, a: unknown): boolean {
  if (form.param === null) return true;
  if (typeof a !== 'object' || a === null) return false;
  let only: string | null = null;
  for (const key in a) {
    if (only !== null) return false;
    only = key;
  }
  if (only !== form.param) return false;
  const value = (a as Record<string, unknown>)[only];
  return form.fields[0] !== 'vec2' || (typeof value === 'object' && value !== null);
}

/**
 * Writes a call's arguments (`a`, `b`, `c` after the id) as the form lays them out, into
 * `out` from `at`. Allocates nothing.
 */
export function encodeInput(
  form: InputForm,
  out: Float64Array,
  at: number,
  a: unknown,
  b: unknown,
  c: unknown,
): void {
  let o = at;
  const fields = form.fields;
  for (let k = 0; k < fields.length; k++) {
    const v =
      form.param !== null ? (a as Record<string, unknown>)[form.param] : k === 0 ? a : k === 1 ? b : c;
    switch (fields[k]) {
      case 'vec2':
        out[o++] = (v as Vec2).x;
        out[o++] = (v as Vec2).y;
        break;
      case 'number':
        out[o++] = v as number;
        break;
      case 'flag':
        out[o++] = v ? 1 : 0;
        break;
      case 'wake':
        out[o++] = v === undefined || v ? 1 : 0;
        break;
    }
  }
}

/** A form's opcode. */
export function opOf(form: InputForm): number {
  return INPUT_FORMS.indexOf(form as (typeof INPUT_FORMS)[number]) + 1;
}
