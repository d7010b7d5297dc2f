/**
 * Sequential impulses, one step without sub-steps: the velocity solver of Catto's
 * "Iterative Dynamics with Temporal Coherence" (GDC 2005) and of Box2D v2.x, shared by
 * four solvers that differ in how they remove position error:
 *
 *   baumgarte  a velocity bias beta * C / h past a slop, in the same solve (adds energy:
 *              the push-out speed stays in the bodies after the overlap is gone)
 *   block      the same, with the two normal rows of a two-point manifold solved together
 *              as a 2x2 linear complementarity problem (Box2D v2.x's block solver)
 *   ngs        no velocity bias; after the positions are integrated, a few non-linear
 *              Gauss-Seidel passes move the bodies apart directly (Box2D v2.4, planck)
 *   soft ODE   soft constraints in the CFM / ERP form (soft_ode.ts): the push-out is a
 *              damped spring, and the impulse feeds back on the accumulated impulse
 *
 * Every constraint row is solved on accumulated impulses: the normal one clamped to stay
 * non-negative, friction to |lambda_t| <= mu lambda_n, so warm starting (the impulses of
 * the last step applied first) is exact. Per step: integrate velocities (gravity, forces),
 * prepare, warm start, `iterations` velocity sweeps (joints, then each contact's friction
 * and normal rows), integrate positions, then the position passes when there are any.
 *
 * Joints: the revolute joint's point constraint (a 2x2 block) and the distance joint's
 * rigid rod. Accumulated impulses go back to the contacts (normal and tangent impulse) and
 * to the joints' data (linearX/linearY, impulse) for the next step's warm start.
 */

import { LINEAR_SLOP } from '../base/constants.js';
import { JointType } from '../types/joint_type.js';
import { prepareJointFrameRow } from '../joints/joint.js';
import type { DistanceJointData } from '../joints/distance_joint.js';
import type { RevoluteJointData } from '../joints/revolute_joint.js';
import { integratePositions, integrateVelocities } from '../world/solver.js';
import type { WorldState } from '../world/world_state.js';
import {
  anchorVelocity,
  applyImpulse,
  collectActiveJoints,
  DPX,
  DPY,
  DQC,
  DQS,
  movePosition,
  newStepContext,
  reserveF64,
  STATE_STRIDE,
  setIntegrationStep,
  VX,
  VY,
  W,
} from './solver_kit.js';

/** How a sequential-impulse solver removes position error (see the file comment). */
export interface SequentialImpulseOptions {
  /** Velocity sweeps per step. */
  iterations: number;
  /** Start each step from the last step's impulses. */
  warmStarting: boolean;
  /** Baumgarte factor: the fraction of the position error removed per step by velocity (0: none). */
  beta: number;
  /** Overlap left alone (m), so resting contacts keep touching. */
  slop: number;
  /** Solve a two-point manifold's normal rows together (2x2 LCP). */
  block: boolean;
  /** Non-linear Gauss-Seidel position passes after the positions are integrated (0: none). */
  positionIterations: number;
  /** Fraction of the position error one position pass removes. */
  positionBeta: number;
  /** Largest position correction of one pass (m). */
  maxCorrection: number;
  /**
   * Soft rows (soft_ode.ts): when set, the contact and joint rows are springs, given as
   * the bias rate beta / h, the mass scale and the impulse scale of each row kind, and the
   * Baumgarte settings above are not used.
   */
  soft: SoftRows | null;
}

/** The soft form of the rows, derived by soft_ode.ts from (hertz, damping ratio, h). */
export interface SoftRows {
  contactBiasRate: number;
  contactMassScale: number;
  contactImpulseScale: number;
  jointBiasRate: number;
  jointMassScale: number;
  jointImpulseScale: number;
  /** Cap on the push-out speed of a contact (m/s). */
  maxPushSpeed: number;
}

// A prepared contact (one manifold); point k at PT + k * PS.
const OA = 0;
const OB = 1;
const MA = 2;
const IA = 3;
const MB = 4;
const IB = 5;
const NX = 6;
const NY = 7;
const FRICTION = 8;
const COUNT = 9;
const SLOT = 10;
const K11 = 11;
const K12 = 12;
const K22 = 13;
/** 1 when the 2x2 normal block is well conditioned enough to solve as one. */
const BLOCK = 14;
const MASS_SCALE = 15;
const IMPULSE_SCALE = 16;
const PT = 17;
const PS = 12;
const CSTRIDE = PT + 2 * PS;
// a point
const RAX = 0;
const RAY = 1;
const RBX = 2;
const RBY = 3;
/** Separation at the start of the step minus the anchors' part (see currentSeparation). */
const BASE_SEP = 4;
const NI = 5;
const TI = 6;
const NMASS = 7;
const TMASS = 8;
/** The normal velocity the row aims for: push-out, speculative approach or bounce. */
const TARGET = 9;

// A prepared joint row record.
const J_TYPE = 12; // after the frame (0..11, joints/joint.ts prepareJointFrameRow)
const J_SLOT = 13;
// revolute: the inverse of the 2x2 effective mass, the target velocity, the impulse
const J_M11 = 14;
const J_M12 = 15;
const J_M22 = 16;
const J_TX = 17;
const J_TY = 18;
const J_IX = 19;
const J_IY = 20;
// distance: axis, mass, target, impulse, rest length
const J_UX = 14;
const J_UY = 15;
const J_MASS = 16;
const J_T = 17;
const J_I = 18;
const J_LEN = 19;
const JSTRIDE = 21;

/** One world's sequential-impulse solver: its options and scratch. */
export class SequentialImpulseSolver {
  private c = new Float64Array(0);
  private cCount = 0;
  private j = new Float64Array(0);
  private jList = new Int32Array(16);
  private readonly jCount = { count: 0 };
  private readonly ctx = newStepContext();

  constructor(private readonly o: SequentialImpulseOptions) {}

  solve(w: WorldState, dt: number): void {
    const ctx = this.ctx;
    setIntegrationStep(w, ctx, dt, dt);
    integrateVelocities(w, ctx);
    this.prepareContacts(w, dt);
    this.prepareJoints(w, dt);
    const state = w.bodies.state;
    if (this.o.warmStarting) this.warmStart(state);
    for (let it = 0; it < this.o.iterations; it++) {
      this.solveJointVelocities(state);
      this.solveContactVelocities(state);
    }
    integratePositions(w, ctx);
    for (let it = 0; it < this.o.positionIterations; it++) {
      const jointError = this.solveJointPositions(state);
      const minSeparation = this.solveContactPositions(state);
      // Box2D v2.4's early out: contacts within three slops of touching, joints within one
      if (minSeparation >= -3 * this.o.slop && jointError <= this.o.slop) break;
    }
    this.storeImpulses(w);
  }

  // ------------------------------------------------------------------ contacts

  private prepareContacts(w: WorldState, h: number): void {
    const contacts = w.contacts;
    const bodies = w.bodies;
    const cd = contacts.data;
    const state = bodies.state;
    const o = this.o;
    const soft = o.soft;
    this.c = reserveF64(this.c, w.awakeContactCount, CSTRIDE);
    const k = this.c;
    const threshold = w.settings.restitutionThreshold;
    const warm = o.warmStarting ? 1 : 0;
    let n = 0;
    for (let i = 0; i < w.awakeContactCount; i++) {
      const c = w.awakeContacts[i]!;
      const pointCount = contacts.pointCount[c]!;
      if (pointCount === 0) continue;
      const bA = contacts.bodyA[c]!;
      const bB = contacts.bodyB[c]!;
      const base = n * CSTRIDE;
      const cb = c * 20; // contact record (dynamics/contact_layout.ts)
      const oa = bA * STATE_STRIDE;
      const ob = bB * STATE_STRIDE;
      const mA = bodies.invMass[bA]!;
      const iA = bodies.invInertia[bA]!;
      const mB = bodies.invMass[bB]!;
      const iB = bodies.invInertia[bB]!;
      const nx = cd[cb]!;
      const ny = cd[cb + 1]!;
      const e = cd[cb + 3]!;
      k[base + OA] = oa;
      k[base + OB] = ob;
      k[base + MA] = mA;
      k[base + IA] = iA;
      k[base + MB] = mB;
      k[base + IB] = iB;
      k[base + NX] = nx;
      k[base + NY] = ny;
      k[base + FRICTION] = cd[cb + 2]!;
      k[base + COUNT] = pointCount;
      k[base + SLOT] = c;
      k[base + MASS_SCALE] = soft === null ? 1 : soft.contactMassScale;
      k[base + IMPULSE_SCALE] = soft === null ? 0 : soft.contactImpulseScale;
      const dvxA = state[oa + VX]!;
      const dvyA = state[oa + VY]!;
      const wA = state[oa + W]!;
      const dvxB = state[ob + VX]!;
      const dvyB = state[ob + VY]!;
      const wB = state[ob + W]!;
      for (let q = 0; q < pointCount; q++) {
        const src = cb + 4 + q * 8;
        const p = base + PT + q * PS;
        const rax = cd[src]!;
        const ray = cd[src + 1]!;
        const rbx = cd[src + 2]!;
        const rby = cd[src + 3]!;
        const sep = cd[src + 4]!;
        k[p + RAX] = rax;
        k[p + RAY] = ray;
        k[p + RBX] = rbx;
        k[p + RBY] = rby;
        k[p + BASE_SEP] = sep - ((rbx - rax) * nx + (rby - ray) * ny);
        k[p + NI] = warm * cd[src + 5]!;
        k[p + TI] = warm * cd[src + 6]!;
        const rnA = rax * ny - ray * nx;
        const rnB = rbx * ny - rby * nx;
        const kn = mA + mB + iA * rnA * rnA + iB * rnB * rnB;
        k[p + NMASS] = kn > 0 ? 1 / kn : 0;
        const rtA = -rax * nx - ray * ny;
        const rtB = -rbx * nx - rby * ny;
        const kt = mA + mB + iA * rtA * rtA + iB * rtB * rtB;
        k[p + TMASS] = kt > 0 ? 1 / kt : 0;
        // the normal velocity to aim for
        const vn = (dvxB - wB * rby - (dvxA - wA * ray)) * nx + (dvyB + wB * rbx - (dvyA + wA * rax)) * ny;
        let target: number;
        if (sep > 0) {
          // speculative: approach no faster than closes the gap this step
          target = -sep / h;
        } else if (soft !== null) {
          const push = -soft.contactBiasRate * sep;
          target = push > soft.maxPushSpeed ? soft.maxPushSpeed : push;
        } else {
          const error = -sep - o.slop;
          target = error > 0 ? (o.beta / h) * error : 0;
        }
        // restitution as a velocity target (Box2D v2.x): -e times the approach speed
        if (e > 0 && vn < -threshold) {
          const bounce = -e * vn;
          if (bounce > target) target = bounce;
        }
        k[p + TARGET] = target;
      }
      k[base + BLOCK] = 0;
      if (pointCount === 2 && o.block) {
        const p0 = base + PT;
        const p1 = p0 + PS;
        const rn1A = k[p0 + RAX]! * ny - k[p0 + RAY]! * nx;
        const rn1B = k[p0 + RBX]! * ny - k[p0 + RBY]! * nx;
        const rn2A = k[p1 + RAX]! * ny - k[p1 + RAY]! * nx;
        const rn2B = k[p1 + RBX]! * ny - k[p1 + RBY]! * nx;
        const k11 = mA + mB + iA * rn1A * rn1A + iB * rn1B * rn1B;
        const k22 = mA + mB + iA * rn2A * rn2A + iB * rn2B * rn2B;
        const k12 = mA + mB + iA * rn1A * rn2A + iB * rn1B * rn2B;
        k[base + K11] = k11;
        k[base + K12] = k12;
        k[base + K22] = k22;
        // an ill-conditioned block (the two points nearly one) is solved point by point
        const det = k11 * k22 - k12 * k12;
        k[base + BLOCK] = k11 * k11 < 1000 * det ? 1 : 0;
      }
      n++;
    }
    this.cCount = n;
  }

  private warmStart(state: Float64Array): void {
    const k = this.c;
    for (let i = 0; i < this.cCount; i++) {
      const base = i * CSTRIDE;
      const nx = k[base + NX]!;
      const ny = k[base + NY]!;
      for (let q = 0; q < k[base + COUNT]!; q++) {
        const p = base + PT + q * PS;
        const ni = k[p + NI]!;
        const ti = k[p + TI]!;
        // tangent = (ny, -nx)
        applyContactImpulse(state, k, base, p, ni * nx + ti * ny, ni * ny - ti * nx);
      }
    }
    const jr = this.j;
    for (let i = 0; i < this.jCount.count; i++) {
      const r = i * JSTRIDE;
      if (jr[r + J_TYPE] === JointType.Revolute)
        applyJointImpulse(state, jr, r, jr[r + J_IX]!, jr[r + J_IY]!);
      else applyJointImpulse(state, jr, r, jr[r + J_I]! * jr[r + J_UX]!, jr[r + J_I]! * jr[r + J_UY]!);
    }
  }

  private solveContactVelocities(state: Float64Array): void {
    const k = this.c;
    for (let i = 0; i < this.cCount; i++) {
      const base = i * CSTRIDE;
      const nx = k[base + NX]!;
      const ny = k[base + NY]!;
      const count = k[base + COUNT]!;
      const friction = k[base + FRICTION]!;
      // friction first, bounded by the normal impulses of the last sweep (Box2D v2.x order:
      // the normal rows, solved last, have the final word on penetration)
      for (let q = 0; q < count; q++) {
        const p = base + PT + q * PS;
        const vt = relativeVelocity(state, k, base, p, ny, -nx);
        const old = k[p + TI]!;
        const max = friction * k[p + NI]!;
        let acc = old - k[p + TMASS]! * vt;
        acc = acc < -max ? -max : acc > max ? max : acc;
        k[p + TI] = acc;
        const d = acc - old;
        applyContactImpulse(state, k, base, p, d * ny, -d * nx);
      }
      if (count === 2 && k[base + BLOCK] === 1) {
        solveBlock(state, k, base);
        continue;
      }
      const massScale = k[base + MASS_SCALE]!;
      const impulseScale = k[base + IMPULSE_SCALE]!;
      for (let q = 0; q < count; q++) {
        const p = base + PT + q * PS;
        const vn = relativeVelocity(state, k, base, p, nx, ny);
        const old = k[p + NI]!;
        let acc = old - k[p + NMASS]! * massScale * (vn - k[p + TARGET]!) - impulseScale * old;
        if (acc < 0) acc = 0;
        k[p + NI] = acc;
        const d = acc - old;
        applyContactImpulse(state, k, base, p, d * nx, d * ny);
      }
    }
  }

  /**
   * NGS on contacts: each point's separation at the current positions (anchors turned with
   * their bodies, the normal kept from the narrow phase), pushed toward -slop by a fraction
   * of the overlap, capped per pass. Returns the smallest separation met.
   */
  private solveContactPositions(state: Float64Array): number {
    const k = this.c;
    const o = this.o;
    let minSeparation = 0;
    for (let i = 0; i < this.cCount; i++) {
      const base = i * CSTRIDE;
      const oa = k[base + OA]!;
      const ob = k[base + OB]!;
      const mA = k[base + MA]!;
      const iA = k[base + IA]!;
      const mB = k[base + MB]!;
      const iB = k[base + IB]!;
      const nx = k[base + NX]!;
      const ny = k[base + NY]!;
      for (let q = 0; q < k[base + COUNT]!; q++) {
        const p = base + PT + q * PS;
        const qac = state[oa + DQC]!;
        const qas = state[oa + DQS]!;
        const qbc = state[ob + DQC]!;
        const qbs = state[ob + DQS]!;
        const rax = qac * k[p + RAX]! - qas * k[p + RAY]!;
        const ray = qas * k[p + RAX]! + qac * k[p + RAY]!;
        const rbx = qbc * k[p + RBX]! - qbs * k[p + RBY]!;
        const rby = qbs * k[p + RBX]! + qbc * k[p + RBY]!;
        const sep =
          (state[ob + DPX]! - state[oa + DPX]! + rbx - rax) * nx +
          (state[ob + DPY]! - state[oa + DPY]! + rby - ray) * ny +
          k[p + BASE_SEP]!;
        if (sep < minSeparation) minSeparation = sep;
        let correction = o.positionBeta * (sep + o.slop);
        if (correction > 0) correction = 0;
        if (correction < -o.maxCorrection) correction = -o.maxCorrection;
        const rnA = rax * ny - ray * nx;
        const rnB = rbx * ny - rby * nx;
        const kn = mA + mB + iA * rnA * rnA + iB * rnB * rnB;
        const impulse = kn > 0 ? -correction / kn : 0;
        const px = impulse * nx;
        const py = impulse * ny;
        movePosition(state, oa, -mA * px, -mA * py, -iA * (rax * py - ray * px));
        movePosition(state, ob, mB * px, mB * py, iB * (rbx * py - rby * px));
      }
    }
    return minSeparation;
  }

  private storeImpulses(w: WorldState): void {
    const k = this.c;
    const cd = w.contacts.data;
    for (let i = 0; i < this.cCount; i++) {
      const base = i * CSTRIDE;
      const cb = k[base + SLOT]! * 20;
      for (let q = 0; q < k[base + COUNT]!; q++) {
        const p = base + PT + q * PS;
        cd[cb + 4 + q * 8 + 5] = k[p + NI]!;
        cd[cb + 4 + q * 8 + 6] = k[p + TI]!;
        cd[cb + 4 + q * 8 + 7] = 0;
      }
    }
    const jr = this.j;
    const joints = w.joints;
    for (let i = 0; i < this.jCount.count; i++) {
      const r = i * JSTRIDE;
      const slot = jr[r + J_SLOT]!;
      if (jr[r + J_TYPE] === JointType.Revolute) {
        const d = joints.data[slot] as RevoluteJointData;
        d.linearX = jr[r + J_IX]!;
        d.linearY = jr[r + J_IY]!;
      } else {
        (joints.data[slot] as DistanceJointData).impulse = jr[r + J_I]!;
      }
      joints.forceX[slot] = 0;
      joints.forceY[slot] = 0;
      joints.torque[slot] = 0;
    }
  }

  // ------------------------------------------------------------------ joints

  private prepareJoints(w: WorldState, h: number): void {
    this.jList = collectActiveJoints(w, this.jList, this.jCount);
    const count = this.jCount.count;
    this.j = reserveF64(this.j, count, JSTRIDE);
    const jr = this.j;
    const joints = w.joints;
    const o = this.o;
    const soft = o.soft;
    const warm = o.warmStarting ? 1 : 0;
    const biasRate = soft === null ? o.beta / h : soft.jointBiasRate;
    for (let i = 0; i < count; i++) {
      const slot = this.jList[i]!;
      const r = i * JSTRIDE;
      prepareJointFrameRow(w, slot, jr, r);
      const type = joints.type[slot]!;
      jr[r + J_TYPE] = type;
      jr[r + J_SLOT] = slot;
      const mA = jr[r + 2]!;
      const mB = jr[r + 3]!;
      const iA = jr[r + 4]!;
      const iB = jr[r + 5]!;
      const ax = jr[r + 6]!;
      const ay = jr[r + 7]!;
      const bx = jr[r + 8]!;
      const by = jr[r + 9]!;
      // the anchor gap at the start of the step
      const cx = jr[r + 10]! + bx - ax;
      const cy = jr[r + 11]! + by - ay;
      if (type === JointType.Revolute) {
        const d = joints.data[slot] as RevoluteJointData;
        const k11 = mA + mB + iA * ay * ay + iB * by * by;
        const k12 = -iA * ax * ay - iB * bx * by;
        const k22 = mA + mB + iA * ax * ax + iB * bx * bx;
        const det = k11 * k22 - k12 * k12;
        const inv = det !== 0 ? 1 / det : 0;
        jr[r + J_M11] = inv * k22;
        jr[r + J_M12] = -inv * k12;
        jr[r + J_M22] = inv * k11;
        jr[r + J_TX] = -biasRate * cx;
        jr[r + J_TY] = -biasRate * cy;
        jr[r + J_IX] = warm * d.linearX;
        jr[r + J_IY] = warm * d.linearY;
      } else {
        const d = joints.data[slot] as DistanceJointData;
        const len = Math.sqrt(cx * cx + cy * cy);
        const ux = len > 1e-12 ? cx / len : 0;
        const uy = len > 1e-12 ? cy / len : 0;
        const crA = ax * uy - ay * ux;
        const crB = bx * uy - by * ux;
        const km = mA + mB + iA * crA * crA + iB * crB * crB;
        jr[r + J_UX] = ux;
        jr[r + J_UY] = uy;
        jr[r + J_MASS] = km > 0 ? 1 / km : 0;
        jr[r + J_T] = -biasRate * (len - d.length);
        jr[r + J_I] = warm * d.impulse;
        jr[r + J_LEN] = d.length;
      }
    }
  }

  private solveJointVelocities(state: Float64Array): void {
    const jr = this.j;
    const soft = this.o.soft;
    const massScale = soft === null ? 1 : soft.jointMassScale;
    const impulseScale = soft === null ? 0 : soft.jointImpulseScale;
    for (let i = 0; i < this.jCount.count; i++) {
      const r = i * JSTRIDE;
      const oa = jr[r]!;
      const ob = jr[r + 1]!;
      const ax = jr[r + 6]!;
      const ay = jr[r + 7]!;
      const bx = jr[r + 8]!;
      const by = jr[r + 9]!;
      const vx = state[ob + VX]! - state[ob + W]! * by - (state[oa + VX]! - state[oa + W]! * ay);
      const vy = state[ob + VY]! + state[ob + W]! * bx - (state[oa + VY]! + state[oa + W]! * ax);
      if (jr[r + J_TYPE] === JointType.Revolute) {
        const ex = vx - jr[r + J_TX]!;
        const ey = vy - jr[r + J_TY]!;
        const oldX = jr[r + J_IX]!;
        const oldY = jr[r + J_IY]!;
        const px = -massScale * (jr[r + J_M11]! * ex + jr[r + J_M12]! * ey) - impulseScale * oldX;
        const py = -massScale * (jr[r + J_M12]! * ex + jr[r + J_M22]! * ey) - impulseScale * oldY;
        jr[r + J_IX] = oldX + px;
        jr[r + J_IY] = oldY + py;
        applyJointImpulse(state, jr, r, px, py);
      } else {
        const ux = jr[r + J_UX]!;
        const uy = jr[r + J_UY]!;
        const old = jr[r + J_I]!;
        const impulse =
          -massScale * jr[r + J_MASS]! * (vx * ux + vy * uy - jr[r + J_T]!) - impulseScale * old;
        jr[r + J_I] = old + impulse;
        applyJointImpulse(state, jr, r, impulse * ux, impulse * uy);
      }
    }
  }

  /** NGS on joints; returns the largest remaining error (m). */
  private solveJointPositions(state: Float64Array): number {
    const jr = this.j;
    const beta = this.o.positionBeta;
    let largest = 0;
    for (let i = 0; i < this.jCount.count; i++) {
      const r = i * JSTRIDE;
      const oa = jr[r]!;
      const ob = jr[r + 1]!;
      const mA = jr[r + 2]!;
      const mB = jr[r + 3]!;
      const iA = jr[r + 4]!;
      const iB = jr[r + 5]!;
      const qac = state[oa + DQC]!;
      const qas = state[oa + DQS]!;
      const qbc = state[ob + DQC]!;
      const qbs = state[ob + DQS]!;
      const ax = qac * jr[r + 6]! - qas * jr[r + 7]!;
      const ay = qas * jr[r + 6]! + qac * jr[r + 7]!;
      const bx = qbc * jr[r + 8]! - qbs * jr[r + 9]!;
      const by = qbs * jr[r + 8]! + qbc * jr[r + 9]!;
      const cx = jr[r + 10]! + state[ob + DPX]! - state[oa + DPX]! + bx - ax;
      const cy = jr[r + 11]! + state[ob + DPY]! - state[oa + DPY]! + by - ay;
      let px: number;
      let py: number;
      if (jr[r + J_TYPE] === JointType.Revolute) {
        const error = Math.sqrt(cx * cx + cy * cy);
        if (error > largest) largest = error;
        const k11 = mA + mB + iA * ay * ay + iB * by * by;
        const k12 = -iA * ax * ay - iB * bx * by;
        const k22 = mA + mB + iA * ax * ax + iB * bx * bx;
        const det = k11 * k22 - k12 * k12;
        const inv = det !== 0 ? 1 / det : 0;
        px = -beta * inv * (k22 * cx - k12 * cy);
        py = -beta * inv * (k11 * cy - k12 * cx);
      } else {
        const len = Math.sqrt(cx * cx + cy * cy);
        if (len < 1e-12) continue;
        const ux = cx / len;
        const uy = cy / len;
        const c = len - jr[r + J_LEN]!;
        if (Math.abs(c) > largest) largest = Math.abs(c);
        const crA = ax * uy - ay * ux;
        const crB = bx * uy - by * ux;
        const km = mA + mB + iA * crA * crA + iB * crB * crB;
        const impulse = km > 0 ? (-beta * c) / km : 0;
        px = impulse * ux;
        py = impulse * uy;
      }
      movePosition(state, oa, -mA * px, -mA * py, -iA * (ax * py - ay * px));
      movePosition(state, ob, mB * px, mB * py, iB * (bx * py - by * px));
    }
    return largest;
  }
}

/** Relative velocity of a contact point along (dx, dy). */
function relativeVelocity(
  state: Float64Array,
  k: Float64Array,
  base: number,
  p: number,
  dx: number,
  dy: number,
): number {
  return anchorVelocity(
    state,
    k[base + OA]!,
    k[base + OB]!,
    k[p + RAX]!,
    k[p + RAY]!,
    k[p + RBX]!,
    k[p + RBY]!,
    dx,
    dy,
  );
}

function applyContactImpulse(
  state: Float64Array,
  k: Float64Array,
  base: number,
  p: number,
  px: number,
  py: number,
): void {
  applyImpulse(
    state,
    k[base + OA]!,
    k[base + OB]!,
    k[base + MA]!,
    k[base + IA]!,
    k[base + MB]!,
    k[base + IB]!,
    k[p + RAX]!,
    k[p + RAY]!,
    k[p + RBX]!,
    k[p + RBY]!,
    px,
    py,
  );
}

function applyJointImpulse(state: Float64Array, jr: Float64Array, r: number, px: number, py: number): void {
  applyImpulse(
    state,
    jr[r]!,
    jr[r + 1]!,
    jr[r + 2]!,
    jr[r + 4]!,
    jr[r + 3]!,
    jr[r + 5]!,
    jr[r + 6]!,
    jr[r + 7]!,
    jr[r + 8]!,
    jr[r + 9]!,
    px,
    py,
  );
}

/**
 * The two normal rows of a two-point manifold solved together: find x >= 0 with
 * w = K x + b >= 0 and x_i w_i = 0 (w the normal velocities past their targets), trying
 * the four cases of which points push in turn, as Box2D v2.x does: both, only the first,
 * only the second, none. The first case that is consistent wins; when none is (round-off),
 * the impulses stay as they were.
 */
function solveBlock(state: Float64Array, k: Float64Array, base: number): void {
  const nx = k[base + NX]!;
  const ny = k[base + NY]!;
  const p0 = base + PT;
  const p1 = p0 + PS;
  const a1 = k[p0 + NI]!;
  const a2 = k[p1 + NI]!;
  const k11 = k[base + K11]!;
  const k12 = k[base + K12]!;
  const k22 = k[base + K22]!;
  // b = current normal velocity past target, minus what the current impulses contribute
  const b1 = relativeVelocity(state, k, base, p0, nx, ny) - k[p0 + TARGET]! - (k11 * a1 + k12 * a2);
  const b2 = relativeVelocity(state, k, base, p1, nx, ny) - k[p1 + TARGET]! - (k12 * a1 + k22 * a2);
  let x1: number;
  let x2: number;
  // case 1: both push, w = 0: x = -K^-1 b
  const det = k11 * k22 - k12 * k12;
  x1 = -(k22 * b1 - k12 * b2) / det;
  x2 = -(k11 * b2 - k12 * b1) / det;
  if (!(x1 >= 0 && x2 >= 0)) {
    // case 2: only the first pushes
    x1 = -b1 / k11;
    x2 = 0;
    const w2 = k12 * x1 + b2;
    if (!(x1 >= 0 && w2 >= 0)) {
      // case 3: only the second pushes
      x1 = 0;
      x2 = -b2 / k22;
      const w1 = k12 * x2 + b1;
      if (!(x2 >= 0 && w1 >= 0)) {
        // case 4: neither
        x1 = 0;
        x2 = 0;
        if (!(b1 >= 0 && b2 >= 0)) return;
      }
    }
  }
  const d1 = x1 - a1;
  const d2 = x2 - a2;
  k[p0 + NI] = x1;
  k[p1 + NI] = x2;
  applyContactImpulse(state, k, base, p0, d1 * nx, d1 * ny);
  applyContactImpulse(state, k, base, p1, d2 * nx, d2 * ny);
}

/** The slop Box2D v2.x leaves: the project's linear slop. */
export const DEFAULT_SLOP = LINEAR_SLOP;
