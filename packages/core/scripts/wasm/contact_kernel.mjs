/**
 * The probe's kernel instantiated over one memory (docs/wasm-kernel.md): `load` copies a
 * world's sweep data in (growing the memory and re-taking the views), the views read it
 * back. No wabt here: the engine runner (engines.mjs) bundles this with the bytes.
 */

/** The instantiated kernel with the sweep data of one world in its memory. */
export class ContactKernel {
  /**
   * @param {WebAssembly.Instance} instance
   * @param {WebAssembly.Memory} memory the instance's (imported) memory
   */
  constructor(instance, memory) {
    this.exports = instance.exports;
    this.memory = memory;
    this.state = new Float64Array(0);
    this.data = new Float64Array(0);
    this.meta = new Int32Array(0);
    this.again = new Int32Array(0);
    this.params = new Float64Array(0);
  }

  /** Writes the sweeps' doubles into the kernel's parameter record (read by solve, solve2, relaxAgain). */
  setParams(invH, negMaxPush, againSpeed) {
    this.params[0] = invH;
    this.params[1] = negMaxPush;
    this.params[2] = againSpeed;
  }

  /** Compiles and instantiates `bytes` (synchronously: small). */
  static fromBytes(bytes) {
    const memory = new WebAssembly.Memory({ initial: 1 });
    const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), { env: { memory } });
    return new ContactKernel(instance, memory);
  }

  /**
   * Copies body state, constraint data, meta and relax flags into the memory (grown when
   * short) and points the kernel at them; the views (`state`, `data`, ...) are re-taken.
   */
  load(state, data, meta, again) {
    const bytes = [state.byteLength, data.byteLength, meta.byteLength, again.byteLength, 24].map(
      (b) => Math.ceil(b / 16) * 16,
    );
    const total = bytes.reduce((a, b) => a + b, 0);
    const have = this.memory.buffer.byteLength;
    if (total > have) this.memory.grow(Math.ceil((total - have) / 65536));
    const buf = this.memory.buffer;
    let at = 0;
    const offsets = bytes.map((b) => {
      const o = at;
      at += b;
      return o;
    });
    this.state = new Float64Array(buf, offsets[0], state.length);
    this.data = new Float64Array(buf, offsets[1], data.length);
    this.meta = new Int32Array(buf, offsets[2], meta.length);
    this.again = new Int32Array(buf, offsets[3], again.length);
    this.params = new Float64Array(buf, offsets[4], 3);
    this.state.set(state);
    this.data.set(data);
    this.meta.set(meta);
    this.again.set(again);
    this.exports.setLayout(offsets[0], offsets[1], offsets[2], offsets[3], offsets[4]);
  }
}
