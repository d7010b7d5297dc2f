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

// atan on [0, 1] through the identity atan(x) = pi/4 + atan((x - 1) / (x + 1)) for
// x > tan(pi/8), which keeps the series argument below tan(pi/8) = 0.414; 22 terms of
// the alternating series then reach 1e-17.
function atanSmall(x: number): number {
  const x2 = x * x;
  let term = x;
  let sum = x;
  for (let n = 1; n < 24; n++) {
    term *= -x2;
    sum += term / (2 * n + 1);
  }
  return sum;
}

function atanUnit(x: number): number {
  if (x > 0.41421356237309503) {
    return QUARTER_PI + atanSmall((x - 1) / (x + 1));
  }
  return atanSmall(x);
}

/** atan2(y, x) in (-pi, pi], deterministic across engines. */
export function atan2(y: number, x: number): number {
  if (x === 0 && y === 0) return 0;
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  let a = ay <= ax ? atanUnit(ay / ax) : HALF_PI - atanUnit(ax / ay);
  if (x < 0) a = PI - a;
  return y < 0 ? -a : a;
}

/** Angle of a rotation given as cosine and sine. */
export function rotationAngle(c: number, s: number): number {
  return atan2(s, c);
}

/** Wrap an angle to (-pi, pi]. */
export function unwindAngle(a: number): number {
  if (a < -PI) return a + TWO_PI * Math.ceil((-PI - a) / TWO_PI);
  if (a > PI) return a - TWO_PI * Math.ceil((a - PI) / TWO_PI);
  return a;
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
