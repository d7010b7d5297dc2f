/**
 * The host's end of the per-frame inputs (protocol/inputs.ts declares their forms): an
 * input-ring entry decoded into the arguments of its call.
 */
import { INPUT_FORMS, type InputForm } from '../protocol/inputs.js';

/**
 * The host's end: one reusable argument list per form (the id, then the fields, vectors
 * as reused objects), so decoding allocates nothing.
 */
export class InputDecoder {
  private readonly lists: unknown[][];

  constructor() {
    this.lists = INPUT_FORMS.map((form) => {
      const values = form.fields.map((f) => (f === 'vec2' ? { x: 0, y: 0 } : 0));
      return form.param === null ? [0, ...values] : [0, { [form.param]: values[0] }];
    });
  }

  /** The arguments of the entry at `from` (id, then the form's doubles), ready for `method.apply`. */
  decode(op: number, id: number, from: Float64Array, at: number): unknown[] {
    const form = INPUT_FORMS[op - 1];
    if (form === undefined) throw new Error(`input ring: unknown opcode ${op}`);
    const list = this.lists[op - 1]!;
    list[0] = id;
    const target: unknown[] | Record<string, unknown> =
      form.param === null ? list : (list[1] as Record<string, unknown>);
    let o = at;
    for (let k = 0; k < form.fields.length; k++) {
      const key = form.param === null ? k + 1 : form.param;
      const field = form.fields[k];
      if (field === 'vec2') {
        const v = (target as Record<string | number, { x: number; y: number }>)[key]!;
        v.x = from[o++]!;
        v.y = from[o++]!;
      } else {
        const x = from[o++]!;
        (target as Record<string | number, unknown>)[key] = field === 'number' ? x : x === 1;
      }
    }
    return list;
  }

  /** The form of opcode `op`. */
  form(op: number): InputForm {
    const form = INPUT_FORMS[op - 1];
    if (form === undefined) throw new Error(`input ring: unknown opcode ${op}`);
    return form;
  }
}
