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

import { growF64, growI32 } from './array';
import { makeSoft, Softness } from './softness';
import type { WorldState } from './world_state';

// Layouts read in the hot loops, copied here as local constants because an imported
// binding costs a load (or, under some test runners, a getter call) per use. A test
// (contact_solver.test.ts) pins them to the definitions in body.ts and contact.ts.

/** Body solver state (body.ts: BodyStore.state). */
export const VX = 0;
export const VY = 1;
export const W = 2;
export const DPX = 4;
export const DPY = 5;
export const DQC = 6;
export const DQS = 7;
export const STATE_STRIDE = 8;

/** Contact record (contact.ts: ContactStore.data). */
export const C_NX = 0;
export const C_NY = 1;
export const C_FRICTION = 2;
export const C_RESTITUTION = 3;
export const C_POINT = 4;
export const C_POINT_STRIDE = 8;
export const P_RAX = 0;
export const P_RAY = 1;
export const P_RBX = 2;
export const P_RBY = 3;
export const P_SEP = 4;
export const P_NORMAL_IMPULSE = 5;
export const P_TANGENT_IMPULSE = 6;
export const P_MAX_NORMAL_IMPULSE = 7;
export const CONTACT_STRIDE = 20;

const contactSoftness = new Softness();
const staticSoftness = new Softness();

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
  const count = k.count;
  for (let i = 0; i < count; i++) {
    const base = i * K_STRIDE;
    const m4 = i * 4;
    const oa = meta[m4]!;
    const ob = meta[m4 + 1]!;
    const pointCount = meta[m4 + 2]!;
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
    const qac = state[oa + DQC]!;
    const qas = state[oa + DQS]!;
    const qbc = state[ob + DQC]!;
    const qbs = state[ob + DQS]!;
    const dpx = state[ob + DPX]! - state[oa + DPX]!;
    const dpy = state[ob + DPY]! - state[oa + DPY]!;

    // point 0
    const p0 = base + K_POINT;
    const rax0 = d[p0 + Q_RAX]!;
    const ray0 = d[p0 + Q_RAY]!;
    const rbx0 = d[p0 + Q_RBX]!;
    const rby0 = d[p0 + Q_RBY]!;
    let ni0: number;
    {
      // current separation from the bodies' motion during this step
      const prx = qbc * rbx0 - qbs * rby0 - (qac * rax0 - qas * ray0);
      const pry = qbs * rbx0 + qbc * rby0 - (qas * rax0 + qac * ray0);
      const s = (dpx + prx) * nx + (dpy + pry) * ny + d[p0 + Q_BASE_SEP]!;
      let bias = 0;
      let massScale = 1;
      let impulseScale = 0;
      if (s > 0) {
        // speculative: allow closing the gap within this sub-step, no more
        bias = s * invH;
      } else if (useBias) {
        bias = d[base + K_BIAS_RATE]! * s;
        if (bias < -maxPushSpeed) bias = -maxPushSpeed;
        massScale = d[base + K_MASS_SCALE]!;
        impulseScale = d[base + K_IMPULSE_SCALE]!;
      }
      const dvx = vbx - wb * rby0 - (vax - wa * ray0);
      const dvy = vby + wb * rbx0 - (vay + wa * rax0);
      const vn = dvx * nx + dvy * ny;
      const old = d[p0 + Q_NORMAL_IMPULSE]!;
      let impulse = -d[p0 + Q_NORMAL_MASS]! * massScale * (vn + bias) - impulseScale * old;
      let acc = old + impulse;
      if (acc < 0) acc = 0;
      impulse = acc - old;
      d[p0 + Q_NORMAL_IMPULSE] = acc;
      ni0 = acc;
      if (impulse > d[p0 + Q_MAX_NORMAL_IMPULSE]!) d[p0 + Q_MAX_NORMAL_IMPULSE] = impulse;
      const px = impulse * nx;
      const py = impulse * ny;
      vax -= mA * px;
      vay -= mA * py;
      wa -= iA * (rax0 * py - ray0 * px);
      vbx += mB * px;
      vby += mB * py;
      wb += iB * (rbx0 * py - rby0 * px);
    }

    if (pointCount === 2) {
      const p1 = p0 + K_POINT_STRIDE;
      const rax1 = d[p1 + Q_RAX]!;
      const ray1 = d[p1 + Q_RAY]!;
      const rbx1 = d[p1 + Q_RBX]!;
      const rby1 = d[p1 + Q_RBY]!;
      let ni1: number;
      {
        const prx = qbc * rbx1 - qbs * rby1 - (qac * rax1 - qas * ray1);
        const pry = qbs * rbx1 + qbc * rby1 - (qas * rax1 + qac * ray1);
        const s = (dpx + prx) * nx + (dpy + pry) * ny + d[p1 + Q_BASE_SEP]!;
        let bias = 0;
        let massScale = 1;
        let impulseScale = 0;
        if (s > 0) {
          bias = s * invH;
        } else if (useBias) {
          bias = d[base + K_BIAS_RATE]! * s;
          if (bias < -maxPushSpeed) bias = -maxPushSpeed;
          massScale = d[base + K_MASS_SCALE]!;
          impulseScale = d[base + K_IMPULSE_SCALE]!;
        }
        const dvx = vbx - wb * rby1 - (vax - wa * ray1);
        const dvy = vby + wb * rbx1 - (vay + wa * rax1);
        const vn = dvx * nx + dvy * ny;
        const old = d[p1 + Q_NORMAL_IMPULSE]!;
        let impulse = -d[p1 + Q_NORMAL_MASS]! * massScale * (vn + bias) - impulseScale * old;
        let acc = old + impulse;
        if (acc < 0) acc = 0;
        impulse = acc - old;
        d[p1 + Q_NORMAL_IMPULSE] = acc;
        ni1 = acc;
        if (impulse > d[p1 + Q_MAX_NORMAL_IMPULSE]!) d[p1 + Q_MAX_NORMAL_IMPULSE] = impulse;
        const px = impulse * nx;
        const py = impulse * ny;
        vax -= mA * px;
        vay -= mA * py;
        wa -= iA * (rax1 * py - ray1 * px);
        vbx += mB * px;
        vby += mB * py;
        wb += iB * (rbx1 * py - rby1 * px);
      }

      // friction, tangent = (ny, -nx)
      const friction = d[base + K_FRICTION]!;
      const tx = ny;
      const ty = -nx;
      {
        const dvx = vbx - wb * rby0 - (vax - wa * ray0);
        const dvy = vby + wb * rbx0 - (vay + wa * rax0);
        const vt = dvx * tx + dvy * ty;
        const old = d[p0 + Q_TANGENT_IMPULSE]!;
        const maxFriction = friction * ni0;
        let acc = old - d[p0 + Q_TANGENT_MASS]! * vt;
        if (acc < -maxFriction) acc = -maxFriction;
        else if (acc > maxFriction) acc = maxFriction;
        const impulse = acc - old;
        d[p0 + Q_TANGENT_IMPULSE] = acc;
        const px = impulse * tx;
        const py = impulse * ty;
        vax -= mA * px;
        vay -= mA * py;
        wa -= iA * (rax0 * py - ray0 * px);
        vbx += mB * px;
        vby += mB * py;
        wb += iB * (rbx0 * py - rby0 * px);
      }
      {
        const dvx = vbx - wb * rby1 - (vax - wa * ray1);
        const dvy = vby + wb * rbx1 - (vay + wa * rax1);
        const vt = dvx * tx + dvy * ty;
        const old = d[p1 + Q_TANGENT_IMPULSE]!;
        const maxFriction = friction * ni1;
        let acc = old - d[p1 + Q_TANGENT_MASS]! * vt;
        if (acc < -maxFriction) acc = -maxFriction;
        else if (acc > maxFriction) acc = maxFriction;
        const impulse = acc - old;
        d[p1 + Q_TANGENT_IMPULSE] = acc;
        const px = impulse * tx;
        const py = impulse * ty;
        vax -= mA * px;
        vay -= mA * py;
        wa -= iA * (rax1 * py - ray1 * px);
        vbx += mB * px;
        vby += mB * py;
        wb += iB * (rbx1 * py - rby1 * px);
      }
    } else {
      // friction, tangent = (ny, -nx)
      const friction = d[base + K_FRICTION]!;
      const tx = ny;
      const ty = -nx;
      const dvx = vbx - wb * rby0 - (vax - wa * ray0);
      const dvy = vby + wb * rbx0 - (vay + wa * rax0);
      const vt = dvx * tx + dvy * ty;
      const old = d[p0 + Q_TANGENT_IMPULSE]!;
      const maxFriction = friction * ni0;
      let acc = old - d[p0 + Q_TANGENT_MASS]! * vt;
      if (acc < -maxFriction) acc = -maxFriction;
      else if (acc > maxFriction) acc = maxFriction;
      const impulse = acc - old;
      d[p0 + Q_TANGENT_IMPULSE] = acc;
      const px = impulse * tx;
      const py = impulse * ty;
      vax -= mA * px;
      vay -= mA * py;
      wa -= iA * (rax0 * py - ray0 * px);
      vbx += mB * px;
      vby += mB * py;
      wb += iB * (rbx0 * py - rby0 * px);
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

/** Flattens the touching awake contacts into solver constraints. */
export function prepareContacts(w: WorldState, h: number): void {
  const contacts = w.contacts;
  const bodies = w.bodies;
  const settings = w.settings;
  const k = w.constraints;
  k.reserve(w.awakeContactCount);
  const kd = k.data;
  const meta = k.meta;
  const cd = contacts.data;
  const state = bodies.state;

  // contacts stiffer than a quarter of the sub-step rate would ring; static contacts are
  // twice as stiff because only one body moves
  const hertz = Math.min(settings.contactHertz, 0.25 / h);
  makeSoft(hertz, settings.contactDampingRatio, h, contactSoftness);
  makeSoft(2 * hertz, settings.contactDampingRatio, h, staticSoftness);
  const warm = settings.enableWarmStarting ? 1 : 0;

  let n = 0;
  for (let i = 0; i < w.awakeContactCount; i++) {
    const c = w.awakeContacts[i]!;
    const pointCount = contacts.pointCount[c]!;
    if (pointCount === 0) continue;
    const bA = contacts.bodyA[c]!;
    const bB = contacts.bodyB[c]!;
    const mA = bodies.invMass[bA]!;
    const iA = bodies.invInertia[bA]!;
    const mB = bodies.invMass[bB]!;
    const iB = bodies.invInertia[bB]!;
    const base = n * K_STRIDE;
    const cb = c * CONTACT_STRIDE;
    const oa = bA * STATE_STRIDE;
    const ob = bB * STATE_STRIDE;
    meta[n * 4] = oa;
    meta[n * 4 + 1] = ob;
    meta[n * 4 + 2] = pointCount;
    meta[n * 4 + 3] = c;
    const nx = cd[cb + C_NX]!;
    const ny = cd[cb + C_NY]!;
    kd[base + K_NX] = nx;
    kd[base + K_NY] = ny;
    kd[base + K_FRICTION] = cd[cb + C_FRICTION]!;
    kd[base + K_RESTITUTION] = cd[cb + C_RESTITUTION]!;
    kd[base + K_MA] = mA;
    kd[base + K_IA] = iA;
    kd[base + K_MB] = mB;
    kd[base + K_IB] = iB;
    const soft = mA === 0 || mB === 0 ? staticSoftness : contactSoftness;
    kd[base + K_BIAS_RATE] = soft.biasRate;
    kd[base + K_MASS_SCALE] = soft.massScale;
    kd[base + K_IMPULSE_SCALE] = soft.impulseScale;

    const vax = state[oa + VX]!;
    const vay = state[oa + VY]!;
    const wa = state[oa + W]!;
    const vbx = state[ob + VX]!;
    const vby = state[ob + VY]!;
    const wb = state[ob + W]!;
    for (let j = 0; j < pointCount; j++) {
      const src = cb + C_POINT + j * C_POINT_STRIDE;
      const p = base + K_POINT + j * K_POINT_STRIDE;
      const rax = cd[src + P_RAX]!;
      const ray = cd[src + P_RAY]!;
      const rbx = cd[src + P_RBX]!;
      const rby = cd[src + P_RBY]!;
      kd[p + Q_RAX] = rax;
      kd[p + Q_RAY] = ray;
      kd[p + Q_RBX] = rbx;
      kd[p + Q_RBY] = rby;
      kd[p + Q_BASE_SEP] = cd[src + P_SEP]! - ((rbx - rax) * nx + (rby - ray) * ny);
      kd[p + Q_NORMAL_IMPULSE] = warm * cd[src + P_NORMAL_IMPULSE]!;
      kd[p + Q_TANGENT_IMPULSE] = warm * cd[src + P_TANGENT_IMPULSE]!;
      kd[p + Q_MAX_NORMAL_IMPULSE] = 0;
      const rnA = rax * ny - ray * nx;
      const rnB = rbx * ny - rby * nx;
      const kNormal = mA + mB + iA * rnA * rnA + iB * rnB * rnB;
      kd[p + Q_NORMAL_MASS] = kNormal > 0 ? 1 / kNormal : 0;
      // tangent = (ny, -nx)
      const rtA = rax * -nx - ray * ny;
      const rtB = rbx * -nx - rby * ny;
      const kTangent = mA + mB + iA * rtA * rtA + iB * rtB * rtB;
      kd[p + Q_TANGENT_MASS] = kTangent > 0 ? 1 / kTangent : 0;
      const dvx = vbx - wb * rby - (vax - wa * ray);
      const dvy = vby + wb * rbx - (vay + wa * rax);
      kd[p + Q_RELATIVE_VELOCITY] = dvx * nx + dvy * ny;
    }
    n++;
  }
  k.count = n;
}

/** Copies the accumulated impulses back to the contacts for next step's warm start. */
export function storeImpulses(w: WorldState): void {
  const k = w.constraints;
  const kd = k.data;
  const meta = k.meta;
  const cd = w.contacts.data;
  for (let i = 0; i < k.count; i++) {
    const base = i * K_STRIDE;
    const cb = meta[i * 4 + 3]! * CONTACT_STRIDE;
    const pointCount = meta[i * 4 + 2]!;
    for (let j = 0; j < pointCount; j++) {
      const p = base + K_POINT + j * K_POINT_STRIDE;
      const dst = cb + C_POINT + j * C_POINT_STRIDE;
      cd[dst + P_NORMAL_IMPULSE] = kd[p + Q_NORMAL_IMPULSE]!;
      cd[dst + P_TANGENT_IMPULSE] = kd[p + Q_TANGENT_IMPULSE]!;
      cd[dst + P_MAX_NORMAL_IMPULSE] = kd[p + Q_MAX_NORMAL_IMPULSE]!;
    }
  }
}
