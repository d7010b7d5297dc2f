/**
 * The soft-step contact solver.
 *
 * Constraints are prepared once per step into one flat Float64Array in solver order;
 * the sub-step loop then sweeps that array with no indirection but the two body state
 * offsets. Anchors are fixed at the start of the step (relative to each center of mass)
 * and the current separation is tracked from the bodies' position deltas, so no contact
 * geometry is recomputed inside the sub-steps:
 *   s = dot(dpB - dpA + qB rB - qA rA, n) + (s0 - dot(rB - rA, n))
 *
 * Normal impulses are clamped to stay non-negative and friction to the Coulomb cone
 * |lambda_t| <= mu lambda_n, on accumulated impulses (so warm starting is exact).
 */

import { DPX, DPY, DQC, DQS, VX, VY, W } from './body';
import { growF64, growI32 } from './array';

/** Stride of a prepared constraint. */
export const K_STRIDE = 34;
const K_NX = 0;
const K_NY = 1;
const K_FRICTION = 2;
const K_RESTITUTION = 3;
const K_MA = 4;
const K_IA = 5;
const K_MB = 6;
const K_IB = 7;
const K_BIAS_RATE = 8;
const K_MASS_SCALE = 9;
const K_IMPULSE_SCALE = 10;
/** Point k at K_POINT + k * K_POINT_STRIDE. */
const K_POINT = 12;
const K_POINT_STRIDE = 11;
const Q_RAX = 0;
const Q_RAY = 1;
const Q_RBX = 2;
const Q_RBY = 3;
const Q_BASE_SEP = 4;
const Q_NORMAL_IMPULSE = 5;
const Q_TANGENT_IMPULSE = 6;
const Q_MAX_NORMAL_IMPULSE = 7;
const Q_NORMAL_MASS = 8;
const Q_TANGENT_MASS = 9;
const Q_RELATIVE_VELOCITY = 10;

export {
  K_FRICTION,
  K_IA,
  K_IB,
  K_IMPULSE_SCALE,
  K_MA,
  K_MASS_SCALE,
  K_MB,
  K_NX,
  K_NY,
  K_POINT,
  K_POINT_STRIDE,
  K_RESTITUTION,
  K_BIAS_RATE,
  Q_BASE_SEP,
  Q_MAX_NORMAL_IMPULSE,
  Q_NORMAL_IMPULSE,
  Q_NORMAL_MASS,
  Q_RAX,
  Q_RAY,
  Q_RBX,
  Q_RBY,
  Q_RELATIVE_VELOCITY,
  Q_TANGENT_IMPULSE,
  Q_TANGENT_MASS,
};

/** Prepared contact constraints for one step. */
export class ContactConstraints {
  count = 0;
  data = new Float64Array(64 * K_STRIDE);
  /** Per constraint: state offset of A, state offset of B, point count, contact slot. */
  meta = new Int32Array(64 * 4);

  reserve(n: number): void {
    if (n * K_STRIDE > this.data.length) {
      this.data = growF64(this.data, n * K_STRIDE);
      this.meta = growI32(this.meta, n * 4);
    }
  }
}

/** Applies last sub-step's accumulated impulses at the start of a sub-step. */
export function warmStartContacts(k: ContactConstraints, state: Float64Array): void {
  const d = k.data;
  const meta = k.meta;
  for (let i = 0; i < k.count; i++) {
    const base = i * K_STRIDE;
    const oa = meta[i * 4]!;
    const ob = meta[i * 4 + 1]!;
    const pointCount = meta[i * 4 + 2]!;
    const nx = d[base + K_NX]!;
    const ny = d[base + K_NY]!;
    const mA = d[base + K_MA]!;
    const iA = d[base + K_IA]!;
    const mB = d[base + K_MB]!;
    const iB = d[base + K_IB]!;
    let vax = state[oa + VX]!;
    let vay = state[oa + VY]!;
    let wa = state[oa + W]!;
    let vbx = state[ob + VX]!;
    let vby = state[ob + VY]!;
    let wb = state[ob + W]!;
    for (let j = 0; j < pointCount; j++) {
      const p = base + K_POINT + j * K_POINT_STRIDE;
      const ni = d[p + Q_NORMAL_IMPULSE]!;
      const ti = d[p + Q_TANGENT_IMPULSE]!;
      // tangent = (ny, -nx)
      const px = ni * nx + ti * ny;
      const py = ni * ny - ti * nx;
      wa -= iA * (d[p + Q_RAX]! * py - d[p + Q_RAY]! * px);
      vax -= mA * px;
      vay -= mA * py;
      wb += iB * (d[p + Q_RBX]! * py - d[p + Q_RBY]! * px);
      vbx += mB * px;
      vby += mB * py;
    }
    state[oa + VX] = vax;
    state[oa + VY] = vay;
    state[oa + W] = wa;
    state[ob + VX] = vbx;
    state[ob + VY] = vby;
    state[ob + W] = wb;
  }
}

/**
 * One Gauss-Seidel sweep over the contacts. With `useBias` the soft push-out acts on
 * overlap (solve); without it only speculative gaps are honoured (relax), which removes
 * the energy the push-out added.
 */
export function solveContacts(
  k: ContactConstraints,
  state: Float64Array,
  invH: number,
  useBias: boolean,
  maxPushSpeed: number,
): void {
  const d = k.data;
  const meta = k.meta;
  for (let i = 0; i < k.count; i++) {
    const base = i * K_STRIDE;
    const oa = meta[i * 4]!;
    const ob = meta[i * 4 + 1]!;
    const pointCount = meta[i * 4 + 2]!;
    const nx = d[base + K_NX]!;
    const ny = d[base + K_NY]!;
    const mA = d[base + K_MA]!;
    const iA = d[base + K_IA]!;
    const mB = d[base + K_MB]!;
    const iB = d[base + K_IB]!;
    const friction = d[base + K_FRICTION]!;
    const biasRate = d[base + K_BIAS_RATE]!;
    const softMassScale = d[base + K_MASS_SCALE]!;
    const softImpulseScale = d[base + K_IMPULSE_SCALE]!;

    let vax = state[oa + VX]!;
    let vay = state[oa + VY]!;
    let wa = state[oa + W]!;
    let vbx = state[ob + VX]!;
    let vby = state[ob + VY]!;
    let wb = state[ob + W]!;
    const qac = state[oa + DQC]!;
    const qas = state[oa + DQS]!;
    const qbc = state[ob + DQC]!;
    const qbs = state[ob + DQS]!;
    const dpx = state[ob + DPX]! - state[oa + DPX]!;
    const dpy = state[ob + DPY]! - state[oa + DPY]!;

    for (let j = 0; j < pointCount; j++) {
      const p = base + K_POINT + j * K_POINT_STRIDE;
      const rax = d[p + Q_RAX]!;
      const ray = d[p + Q_RAY]!;
      const rbx = d[p + Q_RBX]!;
      const rby = d[p + Q_RBY]!;
      // current separation from the bodies' motion during this step
      const prx = qbc * rbx - qbs * rby - (qac * rax - qas * ray);
      const pry = qbs * rbx + qbc * rby - (qas * rax + qac * ray);
      const s = (dpx + prx) * nx + (dpy + pry) * ny + d[p + Q_BASE_SEP]!;

      let bias = 0;
      let massScale = 1;
      let impulseScale = 0;
      if (s > 0) {
        // speculative: allow closing the gap within this sub-step, no more
        bias = s * invH;
      } else if (useBias) {
        bias = biasRate * s;
        if (bias < -maxPushSpeed) bias = -maxPushSpeed;
        massScale = softMassScale;
        impulseScale = softImpulseScale;
      }

      const dvx = vbx - wb * rby - (vax - wa * ray);
      const dvy = vby + wb * rbx - (vay + wa * rax);
      const vn = dvx * nx + dvy * ny;
      const old = d[p + Q_NORMAL_IMPULSE]!;
      let impulse = -d[p + Q_NORMAL_MASS]! * massScale * (vn + bias) - impulseScale * old;
      let acc = old + impulse;
      if (acc < 0) acc = 0;
      impulse = acc - old;
      d[p + Q_NORMAL_IMPULSE] = acc;
      if (impulse > d[p + Q_MAX_NORMAL_IMPULSE]!) d[p + Q_MAX_NORMAL_IMPULSE] = impulse;

      const px = impulse * nx;
      const py = impulse * ny;
      vax -= mA * px;
      vay -= mA * py;
      wa -= iA * (rax * py - ray * px);
      vbx += mB * px;
      vby += mB * py;
      wb += iB * (rbx * py - rby * px);
    }

    // friction, tangent = (ny, -nx)
    const tx = ny;
    const ty = -nx;
    for (let j = 0; j < pointCount; j++) {
      const p = base + K_POINT + j * K_POINT_STRIDE;
      const rax = d[p + Q_RAX]!;
      const ray = d[p + Q_RAY]!;
      const rbx = d[p + Q_RBX]!;
      const rby = d[p + Q_RBY]!;
      const dvx = vbx - wb * rby - (vax - wa * ray);
      const dvy = vby + wb * rbx - (vay + wa * rax);
      const vt = dvx * tx + dvy * ty;
      const old = d[p + Q_TANGENT_IMPULSE]!;
      const maxFriction = friction * d[p + Q_NORMAL_IMPULSE]!;
      let acc = old - d[p + Q_TANGENT_MASS]! * vt;
      if (acc < -maxFriction) acc = -maxFriction;
      else if (acc > maxFriction) acc = maxFriction;
      const impulse = acc - old;
      d[p + Q_TANGENT_IMPULSE] = acc;
      const px = impulse * tx;
      const py = impulse * ty;
      vax -= mA * px;
      vay -= mA * py;
      wa -= iA * (rax * py - ray * px);
      vbx += mB * px;
      vby += mB * py;
      wb += iB * (rbx * py - rby * px);
    }

    state[oa + VX] = vax;
    state[oa + VY] = vay;
    state[oa + W] = wa;
    state[ob + VX] = vbx;
    state[ob + VY] = vby;
    state[ob + W] = wb;
  }
}

/**
 * Restitution after the sub-steps: points that approached faster than the threshold
 * and actually pushed get a normal velocity of -e times their approach speed.
 */
export function applyContactRestitution(k: ContactConstraints, state: Float64Array, threshold: number): void {
  const d = k.data;
  const meta = k.meta;
  for (let i = 0; i < k.count; i++) {
    const base = i * K_STRIDE;
    const e = d[base + K_RESTITUTION]!;
    if (e === 0) continue;
    const oa = meta[i * 4]!;
    const ob = meta[i * 4 + 1]!;
    const pointCount = meta[i * 4 + 2]!;
    const nx = d[base + K_NX]!;
    const ny = d[base + K_NY]!;
    const mA = d[base + K_MA]!;
    const iA = d[base + K_IA]!;
    const mB = d[base + K_MB]!;
    const iB = d[base + K_IB]!;
    let vax = state[oa + VX]!;
    let vay = state[oa + VY]!;
    let wa = state[oa + W]!;
    let vbx = state[ob + VX]!;
    let vby = state[ob + VY]!;
    let wb = state[ob + W]!;
    for (let j = 0; j < pointCount; j++) {
      const p = base + K_POINT + j * K_POINT_STRIDE;
      const approach = d[p + Q_RELATIVE_VELOCITY]!;
      if (approach > -threshold || d[p + Q_MAX_NORMAL_IMPULSE]! === 0) continue;
      const rax = d[p + Q_RAX]!;
      const ray = d[p + Q_RAY]!;
      const rbx = d[p + Q_RBX]!;
      const rby = d[p + Q_RBY]!;
      const dvx = vbx - wb * rby - (vax - wa * ray);
      const dvy = vby + wb * rbx - (vay + wa * rax);
      const vn = dvx * nx + dvy * ny;
      const old = d[p + Q_NORMAL_IMPULSE]!;
      let acc = old - d[p + Q_NORMAL_MASS]! * (vn + e * approach);
      if (acc < 0) acc = 0;
      const impulse = acc - old;
      d[p + Q_NORMAL_IMPULSE] = acc;
      if (impulse > d[p + Q_MAX_NORMAL_IMPULSE]!) d[p + Q_MAX_NORMAL_IMPULSE] = impulse;
      const px = impulse * nx;
      const py = impulse * ny;
      vax -= mA * px;
      vay -= mA * py;
      wa -= iA * (rax * py - ray * px);
      vbx += mB * px;
      vby += mB * py;
      wb += iB * (rbx * py - rby * px);
    }
    state[oa + VX] = vax;
    state[oa + VY] = vay;
    state[oa + W] = wa;
    state[ob + VX] = vbx;
    state[ob + VY] = vby;
    state[ob + W] = wb;
  }
}
