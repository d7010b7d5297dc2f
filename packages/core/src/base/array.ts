/** Growth of typed arrays by doubling: the only allocation the core does after warm-up. */

export function growF64(a: Float64Array, capacity: number): Float64Array<ArrayBuffer> {
  if (capacity <= a.length) return a as never;
  const b = new Float64Array(Math.max(capacity, a.length * 2));
  b.set(a);
  return b;
}

export function growI32(a: Int32Array, capacity: number, fill = 0): Int32Array<ArrayBuffer> {
  if (capacity <= a.length) return a as never;
  const b = new Int32Array(Math.max(capacity, a.length * 2));
  b.set(a);
  if (fill !== 0) b.fill(fill, a.length);
  return b;
}

export function growU32(a: Uint32Array, capacity: number): Uint32Array<ArrayBuffer> {
  if (capacity <= a.length) return a as never;
  const b = new Uint32Array(Math.max(capacity, a.length * 2));
  b.set(a);
  return b;
}

export function growU8(a: Uint8Array, capacity: number): Uint8Array<ArrayBuffer> {
  if (capacity <= a.length) return a as never;
  const b = new Uint8Array(Math.max(capacity, a.length * 2));
  b.set(a);
  return b;
}
