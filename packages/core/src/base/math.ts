/**
 * Scalar math for the core.
 *
 * Design: vectors are never objects inside the step. Functions here take and return
 * scalars, or write into a caller-owned scratch object. Only `+ - * /` and `Math.sqrt`
 * are used on the step's path because IEEE 754 fixes their results bit for bit in every
 * JavaScript engine, while `Math.sin/cos/atan2/exp/pow` may differ between engines.
 * `cosSin` and `atan2` below are our own, built from those exact operations only.
 */

export const PI = Math.PI;
export const TWO_PI = 6.283185307179586;
const HALF_PI = 1.5707963267948966;
const QUARTER_PI = 0.7853981633974483;

/** A rigid transform: translation (px, py) and rotation as cosine/sine (c, s). */
export class Transform {
  px = 0;
  py = 0;
  c = 1;
  s = 0;

  set(px: number, py: number, c: number, s: number): this {
    this.px = px;
    this.py = py;
    this.c = c;
    this.s = s;
    return this;
  }

  copyFrom(o: Transform): this {
    this.px = o.px;
    this.py = o.py;
    this.c = o.c;
    this.s = o.s;
    return this;
  }
}

/** A 2D vector for public API values and cold code; never allocated inside the step. */
export interface Vec2 {
  readonly x: number;
  readonly y: number;
}

/** Scratch output of `cosSin`. */
export class CosSin {
  c = 1;
  s = 0;
}

// Taylor series on |x| <= pi/4: 1/17! is 2.8e-15 and (pi/4)^17 is 0.016, so truncating
// after x^15 (sin) and x^16 (cos) leaves an error below 1e-16: full double precision.
function sinPoly(x: number): number {
  const x2 = x * x;
  return (
    x *
    (1 +
      x2 *
        (-1 / 6 +
          x2 *
            (1 / 120 +
              x2 *
                (-1 / 5040 +
                  x2 *
                    (1 / 362880 +
                      x2 * (-1 / 39916800 + x2 * (1 / 6227020800 + x2 * (-1 / 1307674368000))))))))
  );
}

function cosPoly(x: number): number {
  const x2 = x * x;
  return (
    1 +
    x2 *
      (-1 / 2 +
        x2 *
          (1 / 24 +
            x2 *
              (-1 / 720 +
                x2 *
                  (1 / 40320 +
                    x2 *
                      (-1 / 3628800 +
                        x2 * (1 / 479001600 + x2 * (-1 / 87178291200 + x2 / 20922789888000)))))))
  );
}

/**
 * Cosine and sine of `angle`, deterministic across engines, accurate to about 1e-15 for
 * |angle| < 1e6. The pair is renormalised so that it is an exact unit rotation.
 */
export function cosSin(angle: number, out: CosSin): CosSin {
  // Range reduction to [-pi/4, pi/4] plus a quadrant. Using a two-part pi/2 keeps
  // the reduction accurate for angles of many turns.
  const k = Math.round(angle / HALF_PI);
  const r = angle - k * 1.5707963267341256 - k * 6.077100506506192e-11;
  const q = ((k % 4) + 4) % 4;
  const sn = sinPoly(r);
  const cs = cosPoly(r);
  let c: number;
  let s: number;
  if (q === 0) {
    c = cs;
    s = sn;
  } else if (q === 1) {
    c = -sn;
    s = cs;
  } else if (q === 2) {
    c = -cs;
    s = -sn;
  } else {
    c = sn;
    s = -cs;
  }
  const mag = Math.sqrt(c * c + s * s);
  out.c = c / mag;
  out.s = s / mag;
  return out;
}

// ---------------------------------------------------------------------------------------
// Angle kernels for the step's hot paths.
//
// A double handed to, or returned from, a function that V8 has not inlined is boxed: a
// 16-byte heap number per call. V8 never inlines a call on a path taken in under 15 % of
// its caller's runs (a limited joint's angle row in a net of plain hinges), and inlines the
// others only while the optimising function's inlining budget lasts; which calls fit that
// budget depends on the code around them, and differs between the tsc build and an esbuild
// bundle of the same source. So the step does not call `atan2(y, x)`: it calls the kernels
// below, which take their doubles from a caller-owned Float64Array, leave the result there,
// and call nothing that takes a double. Inlined or not, they box nothing. `atan2` and
// `unwindAngle` are the same kernels behind a double-valued call (one definition of each),
// for code off the step's path. Rare cases are computed unconditionally and selected, so
// the first one to occur does not deoptimise the function a kernel is inlined into.

/** Scratch of the double-valued wrappers (atan2, unwindAngle): never used across a call. */
const scalarIo = new Float64Array(3);

/**
 * io[k + 2] = atan2(io[k], io[k + 1]) in (-pi, pi], deterministic across engines.
 *
 * atan on [0, 1] through the identity atan(t) = pi/4 + atan((t - 1) / (t + 1)) for
 * t > tan(pi/8), which keeps the series argument below tan(pi/8) = 0.414; 22 terms of the
 * alternating series then reach 1e-17. The other octants follow by symmetry.
 */
export function atan2Io(io: Float64Array, k: number): void {
  const y = io[k]!;
  const x = io[k + 1]!;
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  // atan of the ratio in [0, 1]: of ay / ax below the diagonal, of ax / ay above it
  const flat = ay <= ax;
  const below = ay / ax;
  const above = ax / ay;
  const t = flat ? below : above;
  const reduce = t > 0.41421356237309503;
  const reduced = (t - 1) / (t + 1);
  const u = reduce ? reduced : t;
  const u2 = u * u;
  let term = u;
  let sum = u;
  for (let n = 1; n < 24; n++) {
    term *= -u2;
    sum += term / (2 * n + 1);
  }
  const shifted = QUARTER_PI + sum;
  const unit = reduce ? shifted : sum;
  const steep = HALF_PI - unit;
  const right = flat ? unit : steep;
  const left = PI - right;
  const a = x < 0 ? left : right;
  const negated = -a;
  const xZero = x === 0;
  const yZero = y === 0;
  io[k + 2] = xZero && yZero ? 0 : y < 0 ? negated : a;
}

/** atan2(y, x) in (-pi, pi], deterministic across engines (see atan2Io). */
export function atan2(y: number, x: number): number {
  const io = scalarIo;
  io[0] = y;
  io[1] = x;
  atan2Io(io, 0);
  return io[2]!;
}

/** Angle of a rotation given as cosine and sine. */
export function rotationAngle(c: number, s: number): number {
  return atan2(s, c);
}

/** io[k] wrapped to (-pi, pi], in place. */
export function unwindAngleIo(io: Float64Array, k: number): void {
  const a = io[k]!;
  const up = a + TWO_PI * Math.ceil((-PI - a) / TWO_PI);
  const down = a - TWO_PI * Math.ceil((a - PI) / TWO_PI);
  io[k] = a < -PI ? up : a > PI ? down : a;
}

/**
 * True when doubles `a` and `b` differ in their bits (NaN aside): 0 and -0 differ. Both
 * comparisons always run. Written as `a !== b || 1 / a !== 1 / b`, the division ran only for
 * equal values and so had little type feedback when V8 optimised the joints' rollback loads,
 * and those loads then allocated about 500 B a call (test/world/allocation.test.ts, the
 * jointed scene with a mouse joint); with both comparisons always run, nothing.
 */
export function bitsDiffer(a: number, b: number): boolean {
  const valueDiffers = a !== b;
  const signDiffers = 1 / a !== 1 / b;
  return valueDiffers || signDiffers;
}

/** Wrap an angle to (-pi, pi]. */
export function unwindAngle(a: number): number {
  const io = scalarIo;
  io[0] = a;
  unwindAngleIo(io, 0);
  return io[0]!;
}

export function clamp(a: number, lo: number, hi: number): number {
  return a < lo ? lo : a > hi ? hi : a;
}

export function isFiniteNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/** Cross product of two vectors. */
export function cross(ax: number, ay: number, bx: number, by: number): number {
  return ax * by - ay * bx;
}

export function dot(ax: number, ay: number, bx: number, by: number): number {
  return ax * bx + ay * by;
}

export function length(x: number, y: number): number {
  return Math.sqrt(x * x + y * y);
}
