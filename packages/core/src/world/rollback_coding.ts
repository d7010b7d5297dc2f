/**
 * The rollback state's coding primitives (world/rollback.ts): bit-exact comparison of
 * doubles, LEB128 and zigzag integers, and doubles coded as the XOR of their bits with a
 * prediction's.
 */

// ---------------------------------------------------------------------------------------
// Bits and integers
//
// Doubles are compared and moved through (array, index) pairs: a double handed to a
// function V8 does not inline is boxed (a heap number per call), and the save and load
// functions are too large for V8 to inline every helper they call.

/** True when a[i] and b[j] are the same double bit for bit (NaN never is: it is saved as is). */
export function sameAt(a: Float64Array, i: number, b: Float64Array, j: number): boolean {
  const x = a[i]!;
  const y = b[j]!;
  return x === y && (x !== 0 || 1 / x === 1 / y);
}

/** sameAt for a box: `box` holds minX, minY, maxX, maxY; `records` the other as record `j` of four. */
export function sameBoxRecordAt(box: Float64Array, records: Float64Array, j: number): boolean {
  const r = 4 * j;
  return (
    sameAt(box, 0, records, r) &&
    sameAt(box, 1, records, r + 1) &&
    sameAt(box, 2, records, r + 2) &&
    sameAt(box, 3, records, r + 3)
  );
}

export function isPlusZeroAt(a: Float64Array, i: number): boolean {
  const x = a[i]!;
  return x === 0 && 1 / x > 0;
}

/** Writes `v` (0 <= v < 2^32) as LEB128 at `at` (room for 5 bytes made); returns the end. */
export function putU(b: Uint8Array, at: number, v: number): number {
  while (v > 0x7f) {
    b[at++] = (v & 0x7f) | 0x80;
    v = v >>> 7;
  }
  b[at++] = v;
  return at;
}

/** Zigzag: small magnitudes of either sign to small unsigned numbers. */
export function zz(v: number): number {
  return ((v << 1) ^ (v >> 31)) >>> 0;
}

/** Reads what putU wrote. */
class ByteReader {
  b: Uint8Array = new Uint8Array(0);
  at = 0;

  u(): number {
    const b = this.b;
    let byte = b[this.at++]!;
    if (byte < 0x80) return byte;
    let v = byte & 0x7f;
    let scale = 0x80;
    do {
      byte = b[this.at++]!;
      v += (byte & 0x7f) * scale;
      scale *= 0x80;
    } while (byte > 0x7f);
    return v;
  }

  /** A zigzag-coded int32. */
  z(): number {
    const v = this.u();
    return (v >>> 1) ^ -(v & 1);
  }
}

export const reader = new ByteReader();

/**
 * The first `n` entries of an ascending index list (the awake bodies or contacts) as the
 * count and the zigzag differences of consecutive entries (room for 5 + 5n bytes made);
 * returns the end.
 */
export function putIndexList(B: Uint8Array, at: number, list: Int32Array, n: number): number {
  at = putU(B, at, n);
  let prev = 0;
  for (let k = 0; k < n; k++) {
    const v = list[k]!;
    at = putU(B, at, zz(v - prev));
    prev = v;
  }
  return at;
}

/**
 * Reads what putIndexList wrote (from `reader`) into the awake list `list`, and each
 * entry's position into `awakeIndex`; returns the count.
 */
export function getAwakeList(list: Int32Array, awakeIndex: Int32Array): number {
  const rd = reader;
  const n = rd.u();
  let prev = 0;
  for (let k = 0; k < n; k++) {
    const v = prev + rd.z();
    prev = v;
    list[k] = v;
    awakeIndex[v] = k;
  }
  return n;
}

// ---------------------------------------------------------------------------------------
// Doubles coded against a prediction
//
// A saved pose or box that the world does not give back exactly is still close to one it
// does: a start-of-step pose to the current pose, a reference pose to the current pose, a
// fat box to the tight box grown by the margin. Such a double is saved as the XOR of its
// bits with the prediction's: the high bytes (sign, exponent, leading mantissa) agree and
// the XOR keeps only the low bytes that differ. Four doubles share a two-byte header of
// four byte counts (0 to 8). Lossless: loading XORs the same bits back.
//
// A rotation's cosine is predicted better by its own sine: the step keeps (c, s) of unit
// length (finalizeBodies renormalises with one sqrt), so sqrt(1 - s^2) differs from c in
// its last bits only (measured: under a byte on the settled pile, against 4.5 to 5.5 bytes
// coded against the current pose's cosine). The sine is decoded first.

const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);
/** Index of the low and high 32-bit word of a double in `words` (the platform's byte order). */
const LO = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1 ? 0 : 1;
const HI = 1 - LO;
/** Four doubles to code, and their prediction. */
export const value4 = new Float64Array(4);
export const guess4 = new Float64Array(4);

/**
 * Writes the XOR of value4[k] and guess4[k] whole at `at` (eight bytes, low first; room
 * made) and returns how many of them are significant: the cursor moves past those only,
 * and the next write overwrites the rest.
 */
export function putXor(B: Uint8Array, at: number, k: number): number {
  bits[0] = guess4[k]!;
  const glo = words[LO]!;
  const ghi = words[HI]!;
  bits[0] = value4[k]!;
  const xlo = words[LO]! ^ glo;
  const xhi = words[HI]! ^ ghi;
  B[at] = xlo;
  B[at + 1] = xlo >>> 8;
  B[at + 2] = xlo >>> 16;
  B[at + 3] = xlo >>> 24;
  B[at + 4] = xhi;
  B[at + 5] = xhi >>> 8;
  B[at + 6] = xhi >>> 16;
  B[at + 7] = xhi >>> 24;
  return xhi !== 0 ? 8 - (Math.clz32(xhi) >> 3) : xlo !== 0 ? 4 - (Math.clz32(xlo) >> 3) : 0;
}

/**
 * value4[k] = guess4[k] XOR the `n` bytes at `at`. Reads eight bytes and masks off those
 * past the count: a state keeps eight bytes of room past its end (CODED_SLACK,
 * rollback_state.ts), so no read leaves the array.
 */
export function getXor(B: Uint8Array, at: number, k: number, n: number): void {
  let xlo = B[at]! | (B[at + 1]! << 8) | (B[at + 2]! << 16) | (B[at + 3]! << 24);
  let xhi = B[at + 4]! | (B[at + 5]! << 8) | (B[at + 6]! << 16) | (B[at + 7]! << 24);
  if (n < 4) xlo &= (1 << (8 * n)) - 1;
  xhi = n <= 4 ? 0 : n < 8 ? xhi & ((1 << (8 * (n - 4))) - 1) : xhi;
  bits[0] = guess4[k]!;
  words[LO] = words[LO]! ^ xlo;
  words[HI] = words[HI]! ^ xhi;
  value4[k] = bits[0]!;
}

/** guess4[2] = the cosine that value4[3] (a sine) gives, with the sign asked for. */
function guessCosine(negative: boolean): void {
  const s = value4[3]!;
  const c = Math.sqrt(Math.max(0, 1 - s * s));
  guess4[2] = negative ? -c : c;
}

/**
 * The order putCodedPose codes a pose's numbers in: x, y and the sine against guess4's,
 * then the cosine against the one the sine gives (guessCosine).
 */
const POSE_ORDER = [0, 1, 3, 2] as const;

/**
 * Writes value4 coded against guess4 at `at`, in index order, or, for a pose, in
 * POSE_ORDER with the cosine guessed from the sine: a two-byte head of four 4-bit counts
 * (value4[k]'s significant bytes at bits 4k, low byte first), then each XOR's bytes.
 * Room for 34 bytes made; returns the end.
 */
function putCoded(B: Uint8Array, at: number, pose: boolean): number {
  const head = at;
  at += 2;
  let counts = 0;
  for (let i = 0; i < 4; i++) {
    const k = pose ? POSE_ORDER[i]! : i;
    if (pose && k === 2) guessCosine(guess4[2]! < 0);
    const n = putXor(B, at, k);
    counts |= n << (4 * k);
    at += n;
  }
  B[head] = counts;
  B[head + 1] = counts >>> 8;
  return at;
}

/** Reads what putCoded wrote (against the same guess4, `pose` the same) into value4; returns the end. */
function getCoded(B: Uint8Array, at: number, pose: boolean): number {
  const counts = B[at]! | (B[at + 1]! << 8);
  at += 2;
  for (let i = 0; i < 4; i++) {
    const k = pose ? POSE_ORDER[i]! : i;
    if (pose && k === 2) guessCosine(guess4[2]! < 0);
    const n = (counts >> (4 * k)) & 15;
    getXor(B, at, k, n);
    at += n;
  }
  return at;
}

/** Writes value4 coded against guess4 at `at` (room for 34 bytes made); returns the end. */
export function putCoded4(B: Uint8Array, at: number): number {
  return putCoded(B, at, false);
}

/** Reads what putCoded4 wrote (against the same guess4) into value4; returns the end. */
export function getCoded4(B: Uint8Array, at: number): number {
  return getCoded(B, at, false);
}

/**
 * A pose (x, y, cosine, sine in value4) coded against guess4 (a pose of the same body):
 * x, y and the sine against guess4's, then the cosine against the sine's, with the sign of
 * guess4's cosine. Room for 34 bytes made; returns the end.
 */
export function putCodedPose(B: Uint8Array, at: number): number {
  return putCoded(B, at, true);
}

/** Reads what putCodedPose wrote (against the same guess4) into value4; returns the end. */
export function getCodedPose(B: Uint8Array, at: number): number {
  return getCoded(B, at, true);
}

/**
 * A cosine (value4[2]) coded against the one its sine (value4[3]) gives: a byte of count
 * and sign, then the XOR's bytes. Room for 9 bytes made; returns the end.
 */
export function putCodedCosine(B: Uint8Array, at: number): number {
  const negative = value4[2]! < 0;
  guessCosine(negative);
  const n = putXor(B, at + 1, 2);
  B[at] = n | (negative ? 16 : 0);
  return at + 1 + n;
}

/** Reads what putCodedCosine wrote into value4[2] (value4[3] holds the sine); returns the end. */
export function getCodedCosine(B: Uint8Array, at: number): number {
  const head = B[at]!;
  const n = head & 15;
  guessCosine((head & 16) !== 0);
  getXor(B, at + 1, 2, n);
  return at + 1 + n;
}

export function copyDouble(to: Float64Array, i: number, from: Float64Array, k: number): void {
  to[i] = from[k]!;
}
