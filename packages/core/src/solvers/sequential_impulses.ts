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
 * Joints: every type, as the scalar rows of joint_rows.ts (springs, motors and limits
 * included), solved before the contacts in each sweep. Accumulated impulses go back to the
 * contacts (normal and tangent impulse) and to the joints' data for the next step's warm
 * start.
 *
 * The sweeps are plain loops over the typed-array records, every impulse applied in line:
 * a call V8 does not inline boxes each double it is handed (a heap allocation per impulse).
 */

import { LINEAR_SLOP } from '../base/constants.js';
import { ContactHits } from './contact_hits.js';
import { integratePositions, integrateVelocities } from '../world/solver.js';
import type { WorldState } from '../world/world_state.js';
import {
  type HardRows,
  JointRows,
  PosKind,
  R_IA,
  R_IB,
  R_MA,
  R_MB,
  R_OA,
  R_OB,
  R_POS,
  R_TYPE,
  ROW_STRIDE,
  RowType,
} from './joint_rows.js';
import {
  DPX,
  DPY,
  DQC,
  DQS,
  moveBodiesIo,
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
  /**
   * Called when the step's length differs from the last step's (the soft rows depend on
   * it), never per step: a double handed to a call V8 does not inline is boxed.
   */
  onStepChange: ((dt: number) => void) | null;
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
/** Minus the normal velocity when prepared: the approach speed hit events report. */
const APPROACH = 10;

/** One world's sequential-impulse solver: its options and scratch. */
export class SequentialImpulseSolver {
  private c = new Float64Array(0);
  private cCount = 0;
  private readonly joints = new JointRows();
  private readonly hits = new ContactHits();
  private readonly hard: HardRows = { biasRate: 0, massScale: 1, impulseScale: 0 };
  private readonly ctx = newStepContext();
  /** Scratch of moveBodiesIo (0..5) and the position passes' results (6, 7). */
  private readonly io = new Float64Array(8);
  /** The last step's length, for onStepChange. */
  private lastDt = 0;

  constructor(private readonly o: SequentialImpulseOptions) {}

  solve(w: WorldState, dt: number): void {
    const ctx = this.ctx;
    const o = this.o;
    if (dt !== this.lastDt) {
      this.lastDt = dt;
      o.onStepChange?.(dt);
    }
    setIntegrationStep(w, ctx, dt, dt);
    integrateVelocities(w, ctx);
    this.prepareContacts(w);
    const hard = this.hard;
    const soft = o.soft;
    hard.biasRate = soft === null ? o.beta / dt : soft.jointBiasRate;
    hard.massScale = soft === null ? 1 : soft.jointMassScale;
    hard.impulseScale = soft === null ? 0 : soft.jointImpulseScale;
    this.joints.prepare(w, ctx, o.warmStarting, hard);
    const state = w.bodies.state;
    if (o.warmStarting) {
      this.joints.warmStart(state);
      this.warmStartContacts(state);
    }
    for (let it = 0; it < o.iterations; it++) {
      this.joints.solveVelocities(state, state, false);
      this.solveContactVelocities(state);
    }
    integratePositions(w, ctx);
    const io = this.io;
    for (let it = 0; it < o.positionIterations; it++) {
      this.solveJointPositions(state);
      this.solveContactPositions(state);
      // Box2D v2.4's early out: contacts within three slops of touching, joints within one
      if (io[7]! >= -3 * o.slop && io[6]! <= o.slop) break;
    }
    this.storeImpulses(w);
  }

  // ------------------------------------------------------------------ contacts

  private prepareContacts(w: WorldState): void {
    const h = this.ctx.h;
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
    const massScale = soft === null ? 1 : soft.contactMassScale;
    const impulseScale = soft === null ? 0 : soft.contactImpulseScale;
    const biasRate = soft === null ? o.beta / h : soft.contactBiasRate;
    const maxPush = soft === null ? Infinity : soft.maxPushSpeed;
    const slop = soft === null ? o.slop : 0;
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
      k[base + MASS_SCALE] = massScale;
      k[base + IMPULSE_SCALE] = impulseScale;
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
        // the normal velocity to aim for: speculative approach, push-out past the slop
        // (Baumgarte, or the soft form's capped spring), or the bounce (restitution as a
        // velocity target, Box2D v2.x: -e times the approach speed)
        const vn = (dvxB - wB * rby - (dvxA - wA * ray)) * nx + (dvyB + wB * rbx - (dvyA + wA * rax)) * ny;
        k[p + APPROACH] = -vn;
        const error = -sep - slop;
        const push = biasRate * error;
        let target = sep > 0 ? -sep / h : error > 0 ? (push > maxPush ? maxPush : push) : 0;
        const bounce = -e * vn;
        if (e > 0 && vn < -threshold && bounce > target) target = bounce;
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

  private warmStartContacts(state: Float64Array): void {
    const k = this.c;
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
      const count = k[base + COUNT]!;
      for (let q = 0; q < count; q++) {
        const p = base + PT + q * PS;
        const ni = k[p + NI]!;
        const ti = k[p + TI]!;
        // tangent = (ny, -nx)
        const px = ni * nx + ti * ny;
        const py = ni * ny - ti * nx;
        state[oa + VX] = state[oa + VX]! - mA * px;
        state[oa + VY] = state[oa + VY]! - mA * py;
        state[oa + W] = state[oa + W]! - iA * (k[p + RAX]! * py - k[p + RAY]! * px);
        state[ob + VX] = state[ob + VX]! + mB * px;
        state[ob + VY] = state[ob + VY]! + mB * py;
        state[ob + W] = state[ob + W]! + iB * (k[p + RBX]! * py - k[p + RBY]! * px);
      }
    }
  }

  /**
   * One sweep over the contacts: friction first, bounded by the normal impulses of the last
   * sweep (Box2D v2.x order: the normal rows, solved last, have the final word on
   * penetration), then the normal rows, point by point or as a 2x2 block. The body
   * velocities are read once a manifold and written back once.
   */
  private solveContactVelocities(state: Float64Array): void {
    const k = this.c;
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
      const count = k[base + COUNT]!;
      const friction = k[base + FRICTION]!;
      let vax = state[oa + VX]!;
      let vay = state[oa + VY]!;
      let wa = state[oa + W]!;
      let vbx = state[ob + VX]!;
      let vby = state[ob + VY]!;
      let wb = state[ob + W]!;
      for (let q = 0; q < count; q++) {
        const p = base + PT + q * PS;
        const rax = k[p + RAX]!;
        const ray = k[p + RAY]!;
        const rbx = k[p + RBX]!;
        const rby = k[p + RBY]!;
        const vx = vbx - wb * rby - (vax - wa * ray);
        const vy = vby + wb * rbx - (vay + wa * rax);
        const vt = vx * ny - vy * nx;
        const old = k[p + TI]!;
        const max = friction * k[p + NI]!;
        let acc = old - k[p + TMASS]! * vt;
        acc = acc < -max ? -max : acc > max ? max : acc;
        k[p + TI] = acc;
        const d = acc - old;
        const px = d * ny;
        const py = -d * nx;
        vax -= mA * px;
        vay -= mA * py;
        wa -= iA * (rax * py - ray * px);
        vbx += mB * px;
        vby += mB * py;
        wb += iB * (rbx * py - rby * px);
      }
      if (count === 2 && k[base + BLOCK] === 1) {
        // the two normal rows together: find x >= 0 with w = K x + b >= 0 and x_i w_i = 0
        // (w the normal velocities past their targets), trying the four cases of which
        // points push in turn, as Box2D v2.x does: both, only the first, only the second,
        // none. The first consistent case wins; when none is (round-off), nothing changes.
        const p0 = base + PT;
        const p1 = p0 + PS;
        const r0ax = k[p0 + RAX]!;
        const r0ay = k[p0 + RAY]!;
        const r0bx = k[p0 + RBX]!;
        const r0by = k[p0 + RBY]!;
        const r1ax = k[p1 + RAX]!;
        const r1ay = k[p1 + RAY]!;
        const r1bx = k[p1 + RBX]!;
        const r1by = k[p1 + RBY]!;
        const a1 = k[p0 + NI]!;
        const a2 = k[p1 + NI]!;
        const k11 = k[base + K11]!;
        const k12 = k[base + K12]!;
        const k22 = k[base + K22]!;
        const vn1 = (vbx - wb * r0by - (vax - wa * r0ay)) * nx + (vby + wb * r0bx - (vay + wa * r0ax)) * ny;
        const vn2 = (vbx - wb * r1by - (vax - wa * r1ay)) * nx + (vby + wb * r1bx - (vay + wa * r1ax)) * ny;
        // b = current normal velocity past target, minus what the current impulses contribute
        const b1 = vn1 - k[p0 + TARGET]! - (k11 * a1 + k12 * a2);
        const b2 = vn2 - k[p1 + TARGET]! - (k12 * a1 + k22 * a2);
        const det = k11 * k22 - k12 * k12;
        let x1 = -(k22 * b1 - k12 * b2) / det;
        let x2 = -(k11 * b2 - k12 * b1) / det;
        let solved = true;
        if (!(x1 >= 0 && x2 >= 0)) {
          x1 = -b1 / k11;
          x2 = 0;
          if (!(x1 >= 0 && k12 * x1 + b2 >= 0)) {
            x1 = 0;
            x2 = -b2 / k22;
            if (!(x2 >= 0 && k12 * x2 + b1 >= 0)) {
              x1 = 0;
              x2 = 0;
              solved = b1 >= 0 && b2 >= 0;
            }
          }
        }
        if (solved) {
          const d1 = x1 - a1;
          const d2 = x2 - a2;
          k[p0 + NI] = x1;
          k[p1 + NI] = x2;
          const px = (d1 + d2) * nx;
          const py = (d1 + d2) * ny;
          vax -= mA * px;
          vay -= mA * py;
          wa -= iA * ((r0ax * ny - r0ay * nx) * d1 + (r1ax * ny - r1ay * nx) * d2);
          vbx += mB * px;
          vby += mB * py;
          wb += iB * ((r0bx * ny - r0by * nx) * d1 + (r1bx * ny - r1by * nx) * d2);
        }
      } else {
        const massScale = k[base + MASS_SCALE]!;
        const impulseScale = k[base + IMPULSE_SCALE]!;
        for (let q = 0; q < count; q++) {
          const p = base + PT + q * PS;
          const rax = k[p + RAX]!;
          const ray = k[p + RAY]!;
          const rbx = k[p + RBX]!;
          const rby = k[p + RBY]!;
          const vn = (vbx - wb * rby - (vax - wa * ray)) * nx + (vby + wb * rbx - (vay + wa * rax)) * ny;
          const old = k[p + NI]!;
          let acc = old - k[p + NMASS]! * massScale * (vn - k[p + TARGET]!) - impulseScale * old;
          if (acc < 0) acc = 0;
          k[p + NI] = acc;
          const d = acc - old;
          const px = d * nx;
          const py = d * ny;
          vax -= mA * px;
          vay -= mA * py;
          wa -= iA * (rax * py - ray * px);
          vbx += mB * px;
          vby += mB * py;
          wb += iB * (rbx * py - rby * px);
        }
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
   * NGS on contacts: each point's separation at the current positions (anchors turned with
   * their bodies, the normal kept from the narrow phase), pushed toward -slop by a fraction
   * of the overlap, capped per pass. Writes the smallest separation met into io[7] (a
   * returned double would be boxed).
   */
  private solveContactPositions(state: Float64Array): void {
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
      const count = k[base + COUNT]!;
      for (let q = 0; q < count; q++) {
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
        const io = this.io;
        io[0] = -mA * impulse * nx;
        io[1] = -mA * impulse * ny;
        io[2] = -iA * impulse * rnA;
        io[3] = mB * impulse * nx;
        io[4] = mB * impulse * ny;
        io[5] = iB * impulse * rnB;
        moveBodiesIo(state, oa, ob, io, 0);
      }
    }
    this.io[7] = minSeparation;
  }

  /** The impulses back to the contacts and joints; hit events from the points that push. */
  private storeImpulses(w: WorldState): void {
    const k = this.c;
    const cd = w.contacts.data;
    const speed = this.hits.reserve(w);
    for (let i = 0; i < this.cCount; i++) {
      const base = i * CSTRIDE;
      const slot = k[base + SLOT]!;
      const cb = slot * 20;
      for (let q = 0; q < k[base + COUNT]!; q++) {
        const p = base + PT + q * PS;
        const ni = k[p + NI]!;
        cd[cb + 4 + q * 8 + 5] = ni;
        cd[cb + 4 + q * 8 + 6] = k[p + TI]!;
        cd[cb + 4 + q * 8 + 7] = 0;
        speed[2 * slot + q] = ni > 0 ? k[p + APPROACH]! : 0;
      }
    }
    this.hits.report(w);
    this.joints.store(w);
  }

  // ------------------------------------------------------------------ joints

  /**
   * NGS on the joints' hard rows and reached limits (springs, motors and the soft rows have
   * no position error to remove): each row's error at the current positions, a fraction of
   * it removed through the row's current effective mass, capped per pass. Writes the
   * largest error met (m or rad) into this.io[6] (a returned double would be boxed).
   */
  private solveJointPositions(state: Float64Array): void {
    const rows = this.joints.rows;
    const io = this.joints.errorIo;
    const beta = this.o.positionBeta;
    const maxCorrection = this.o.maxCorrection;
    const slop = this.o.slop;
    let largest = 0;
    for (let i = 0; i < this.joints.count; i++) {
      const n = i * ROW_STRIDE;
      const type = rows[n + R_TYPE]!;
      if (rows[n + R_POS] === PosKind.None || (type !== RowType.Hard && type !== RowType.Limit)) continue;
      this.joints.currentError(state, n);
      let c = io[0]!;
      if (type === RowType.Limit) {
        // an inequality: only a violation past the slop is corrected
        if (c >= -slop) continue;
        c += slop;
      }
      const size = c < 0 ? -c : c;
      if (size > largest) largest = size;
      const dx = io[1]!;
      const dy = io[2]!;
      const angA = io[3]!;
      const angB = io[4]!;
      const mA = rows[n + R_MA]!;
      const iA = rows[n + R_IA]!;
      const mB = rows[n + R_MB]!;
      const iB = rows[n + R_IB]!;
      const kk = (mA + mB) * (dx * dx + dy * dy) + iA * angA * angA + iB * angB * angB;
      if (!(kk > 0)) continue;
      let correction = beta * c;
      if (correction > maxCorrection) correction = maxCorrection;
      if (correction < -maxCorrection) correction = -maxCorrection;
      const lambda = -correction / kk;
      io[5] = -mA * lambda * dx;
      io[6] = -mA * lambda * dy;
      io[7] = iA * lambda * angA;
      io[8] = mB * lambda * dx;
      io[9] = mB * lambda * dy;
      io[10] = iB * lambda * angB;
      moveBodiesIo(state, rows[n + R_OA]!, rows[n + R_OB]!, io, 5);
    }
    this.io[6] = largest;
  }
}

/** The slop Box2D v2.x leaves: the project's linear slop. */
export const DEFAULT_SLOP = LINEAR_SLOP;
