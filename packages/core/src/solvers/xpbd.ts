/**
 * Extended position-based dynamics for rigid bodies (Macklin, Müller, Chentanez, "XPBD",
 * 2016; Müller et al., "Detailed Rigid Body Simulation with Extended Position Based
 * Dynamics", 2020). Per sub-step of h = dt / subSteps:
 *
 *   1. integrate: v += h g, x += h v (the soft step's integrators)
 *   2. position solve: each constraint moves the bodies directly. A constraint C with
 *      compliance alpha (inverse stiffness, 0 = rigid) takes the multiplier step
 *        dlambda = (-C - alpha~ lambda) / (w_A + w_B + alpha~),  alpha~ = alpha / h^2
 *      where w = 1/m + (r x n)^2 / I is a body's generalised inverse mass along n at the
 *      anchor r. Contacts: the overlap along the normal; static friction: the contact
 *      points' tangential slip over the sub-step, undone while |lambda_t| <= mu lambda_n.
 *      Joints: the rows of joint_rows.ts as position constraints (hard rows, reached
 *      limits, springs with the compliance of their frequency, the mouse's point).
 *   3. velocities from positions: v = (x - x_prev) / h, w from the rotation change.
 *   4. velocity pass on the contacts that pushed: dynamic friction removes tangential
 *      speed up to mu |f_n| h (f_n = lambda_n / h^2), and restitution sets the normal speed
 *      to -e times the approach speed at the start of the sub-step (0 below the world's
 *      restitution threshold, so resting contacts do not bounce); joint motors drive their
 *      speed within their force bound, and springs' dampers take out their share.
 *
 * Contacts come from the step's manifold: anchors fixed in the bodies and turned with
 * them, the normal kept, as the soft step does. There is no warm starting: the
 * multipliers start at zero every sub-step, so nothing is carried between steps.
 */

import { atan2Io, PI } from '../base/math.js';
import { BodyType } from '../types/body_def.js';
import { integratePositions, integrateVelocities } from '../world/solver.js';
import type { Solver, SolverInstance } from '../world/solver_interface.js';
import type { WorldState } from '../world/world_state.js';
import { alternativeSolver } from './capabilities.js';
import { ContactHits } from './contact_hits.js';
import {
  type HardRows,
  JointRows,
  R_HI,
  R_HZ,
  R_IA,
  R_IB,
  R_JAX,
  R_JAY,
  R_ANGA,
  R_JBX,
  R_JBY,
  R_ANGB,
  R_LAMBDA,
  R_MA,
  R_MASS,
  R_MB,
  R_OA,
  R_OB,
  R_PAIR,
  R_PAIR_LAMBDA,
  R_TYPE,
  R_ZETA,
  ROW_STRIDE,
  RowType,
} from './joint_rows.js';
import {
  booleanSetting,
  checkSettings,
  DPX,
  DPY,
  DQC,
  DQS,
  intSetting,
  moveBodiesIo,
  newStepContext,
  numberSetting,
  reserveF64,
  STATE_STRIDE,
  setIntegrationStep,
  VX,
  VY,
  W,
} from './solver_kit.js';

export interface XpbdSettings {
  /** Sub-steps per step. Default 8. */
  subSteps: number;
  /** Position passes per sub-step. Default 1 (Müller et al. use one, and more sub-steps). */
  iterations: number;
  /** Contact compliance (m/N; 0 rigid). Default 0. */
  contactCompliance: number;
  /** Joint compliance (m/N; 0 rigid). Default 0. */
  jointCompliance: number;
  /**
   * Static friction as a position constraint (Müller et al. 2020). Default false: with the
   * step's manifold (normal fixed over the sub-steps) and one pass, it pumped energy into
   * stacks of three boxes or more in our tests (docs/solvers.md); friction then acts in
   * the velocity pass only, Coulomb-clamped.
   */
  staticFriction: boolean;
}

/** The settings' checks and defaults, in the order they are checked (solver_kit.ts). */
const SETTINGS = {
  subSteps: intSetting(1, 1000, 8),
  iterations: intSetting(1, 1000, 1),
  contactCompliance: numberSetting(0, 1e6, 0),
  jointCompliance: numberSetting(0, 1e6, 0),
  staticFriction: booleanSetting(false),
};

// A contact point (one per manifold point).
const OA = 0;
const OB = 1;
const MA = 2;
const IA = 3;
const MB = 4;
const IB = 5;
const NX = 6;
const NY = 7;
const MU = 8;
const E = 9;
const RAX = 10;
const RAY = 11;
const RBX = 12;
const RBY = 13;
const BASE_SEP = 14;
/** Multipliers of the current sub-step. */
const LN = 15;
const LT = 16;
/** Normal velocity at the start of the sub-step (restitution's approach speed). */
const VN0 = 17;
const SLOT = 18;
const POINT = 19;
/** The largest approach speed (-VN0) of a sub-step in which the point pushed: hit events'. */
const HIT = 20;
const PSTRIDE = 21;

const SUB_H = 0;
const SUB_CONTACT_ALPHA = 1;
const SUB_JOINT_ALPHA = 2;
const SUB_THRESHOLD = 3;

class XpbdInstance implements SolverInstance {
  private p = new Float64Array(0);
  private pCount = 0;
  private readonly joints = new JointRows(true);
  private readonly hits = new ContactHits();
  private readonly hard: HardRows = { biasRate: 0, massScale: 1, impulseScale: 0 };
  /** The body states at the start of the sub-step. */
  private prev = new Float64Array(0);
  private readonly ctx = newStepContext();
  /**
   * The sub-step's numbers the passes read: h, the contact and joint compliances over h^2,
   * the restitution threshold (SUB_*). In an array, not arguments: a call V8 does not
   * inline boxes each double argument, and the passes are called every sub-step.
   */
  private readonly sub = new Float64Array(4);
  /** Scratch of moveBodiesIo. */
  private readonly io = new Float64Array(6);

  constructor(private readonly s: XpbdSettings) {}

  solve(w: WorldState, dt: number): void {
    const s = this.s;
    const h = dt / s.subSteps;
    const ctx = this.ctx;
    setIntegrationStep(w, ctx, dt, h);
    this.prepare(w);
    const state = w.bodies.state;
    if (this.prev.length < state.length) this.prev = new Float64Array(state.length);
    const prev = this.prev;
    const p = this.sub;
    p[SUB_H] = h;
    p[SUB_CONTACT_ALPHA] = s.contactCompliance / (h * h);
    p[SUB_JOINT_ALPHA] = s.jointCompliance / (h * h);
    p[SUB_THRESHOLD] = w.settings.restitutionThreshold;
    for (let sub = 0; sub < s.subSteps; sub++) {
      integrateVelocities(w, ctx);
      prev.set(state);
      this.startSubStep(state);
      integratePositions(w, ctx);
      for (let it = 0; it < s.iterations; it++) {
        this.solveJoints(state);
        this.solveContacts(state, prev);
      }
      velocitiesFromPositions(w, prev, p);
      this.velocityPass(state);
      this.jointVelocities(state);
      this.joints.trackPeaks(w);
    }
    this.store(w);
  }

  private prepare(w: WorldState): void {
    this.p = reserveF64(this.p, 2 * w.awakeContactCount, PSTRIDE);
    let n = 0;
    for (let i = 0; i < w.awakeContactCount; i++) {
      // read in the loop, as every per-sub-step loop here: see startSubStep
      const contacts = w.contacts;
      const bodies = w.bodies;
      const cd = contacts.data;
      const k = this.p;
      const c = w.awakeContacts[i]!;
      const bA = contacts.bodyA[c]!;
      const bB = contacts.bodyB[c]!;
      const cb = c * 20; // contact record (dynamics/contact_layout.ts)
      for (let q = 0; q < contacts.pointCount[c]!; q++) {
        const o = n * PSTRIDE;
        const src = cb + 4 + q * 8;
        const nx = cd[cb]!;
        const ny = cd[cb + 1]!;
        const rax = cd[src]!;
        const ray = cd[src + 1]!;
        const rbx = cd[src + 2]!;
        const rby = cd[src + 3]!;
        k[o + OA] = bA * STATE_STRIDE;
        k[o + OB] = bB * STATE_STRIDE;
        k[o + MA] = bodies.invMass[bA]!;
        k[o + IA] = bodies.invInertia[bA]!;
        k[o + MB] = bodies.invMass[bB]!;
        k[o + IB] = bodies.invInertia[bB]!;
        k[o + NX] = nx;
        k[o + NY] = ny;
        k[o + MU] = cd[cb + 2]!;
        k[o + E] = cd[cb + 3]!;
        k[o + RAX] = rax;
        k[o + RAY] = ray;
        k[o + RBX] = rbx;
        k[o + RBY] = rby;
        k[o + BASE_SEP] = cd[src + 4]! - ((rbx - rax) * nx + (rby - ray) * ny);
        k[o + SLOT] = c;
        k[o + POINT] = q;
        k[o + HIT] = 0;
        n++;
      }
    }
    this.pCount = n;

    // the joints' rows over a sub-step: a motor's bound h max force is an impulse per sub-step
    this.joints.prepare(w, this.ctx, false, this.hard);
  }

  /**
   * Multipliers to zero; each point's normal speed before the sub-step moves anything.
   *
   * This loop and the other passes read their fields inside the loop, not before it (as
   * world/solver.ts integrateVelocities does, and for its reason): V8 gives a function its
   * feedback vector only after some work, so a pass first optimised on-stack while its
   * first call was in the loop compiled the reads before the loop as deoptimisations; every
   * later call deoptimised there and then ran its loop's on-stack code after one
   * interpreted iteration, which boxed its doubles (1.2 to 9 MB over 500 steps of the
   * allocation probe, in one process in two).
   */
  private startSubStep(state: Float64Array): void {
    for (let i = 0; i < this.pCount; i++) {
      const k = this.p;
      const o = i * PSTRIDE;
      k[o + LN] = 0;
      k[o + LT] = 0;
      const oa = k[o + OA]!;
      const ob = k[o + OB]!;
      const vx =
        state[ob + VX]! - state[ob + W]! * k[o + RBY]! - (state[oa + VX]! - state[oa + W]! * k[o + RAY]!);
      const vy =
        state[ob + VY]! + state[ob + W]! * k[o + RBX]! - (state[oa + VY]! + state[oa + W]! * k[o + RAX]!);
      k[o + VN0] = vx * k[o + NX]! + vy * k[o + NY]!;
    }
    const r = this.joints.rows;
    for (let i = 0; i < this.joints.count; i++) {
      r[i * ROW_STRIDE + R_LAMBDA] = 0;
      r[i * ROW_STRIDE + R_PAIR_LAMBDA] = 0;
    }
  }

  /**
   * The joints' position constraints, each a multiplier step with compliance: the hard
   * rows with the joint compliance, reached limits (one-sided, lambda >= 0), springs and the
   * mouse's soft point with the compliance of their frequency (alpha = 1 / k, k = m w^2 for
   * the row's effective mass m), the mouse's bounded by h^2 maxForce. A point pair is one
   * constraint along the anchors' current gap (|gap| -> 0), as Müller et al. write it.
   * Motors and the motor joint's servo rows act in the velocity pass.
   */
  private solveJoints(state: Float64Array): void {
    const h = this.sub[SUB_H]!;
    const jointAlpha = this.sub[SUB_JOINT_ALPHA]!;
    const jr = this.joints;
    const r = jr.rows;
    const io = jr.errorIo;
    const invH2 = 1 / (h * h);
    for (let i = 0; i < jr.count; i++) {
      const n = i * ROW_STRIDE;
      const type = r[n + R_TYPE]!;
      const pair = r[n + R_PAIR] === 1;
      if (type === RowType.Motor || type === RowType.Servo) {
        if (pair) i++;
        continue;
      }
      const mA = r[n + R_MA]!;
      const iA = r[n + R_IA]!;
      const mB = r[n + R_MB]!;
      const iB = r[n + R_IB]!;
      let c: number;
      let dx: number;
      let dy: number;
      let angA: number;
      let angB: number;
      if (pair) {
        jr.currentError(state, n);
        const cx = io[0]!;
        const ax0 = io[3]!;
        const bx0 = io[4]!;
        jr.currentError(state, n + ROW_STRIDE);
        const cy = io[0]!;
        i++;
        c = Math.sqrt(cx * cx + cy * cy);
        if (!(c > 1e-12)) continue;
        dx = cx / c;
        dy = cy / c;
        // the levers along (dx, dy): the x row's levers are along (1, 0), the y row's along (0, 1)
        angA = dx * ax0 + dy * io[3]!;
        angB = dx * bx0 + dy * io[4]!;
      } else {
        jr.currentError(state, n);
        c = io[0]!;
        dx = io[1]!;
        dy = io[2]!;
        angA = io[3]!;
        angB = io[4]!;
        if (type === RowType.Limit && c >= 0) continue;
      }
      const wSum = (mA + mB) * (dx * dx + dy * dy) + iA * angA * angA + iB * angB * angB;
      if (!(wSum > 0)) continue;
      let alpha = jointAlpha;
      if (type === RowType.Spring || type === RowType.Soft) {
        const omega = 2 * PI * r[n + R_HZ]!;
        // alpha~ = 1 / (k h^2), k = w^2 / wSum; a frequency of 0 is no spring at all
        alpha = omega > 0 ? (wSum / (omega * omega)) * invH2 : Infinity;
        if (alpha === Infinity) continue;
      }
      const lambda = pair ? r[n + R_PAIR_LAMBDA]! : r[n + R_LAMBDA]!;
      let next = lambda + (-c - alpha * lambda) / (wSum + alpha);
      if (type === RowType.Limit && next < 0) next = 0;
      if (type === RowType.Soft) {
        // the mouse's force bound, as a position multiplier (N s^2)
        const max = r[n + R_HI]! * h;
        next = next > max ? max : next < -max ? -max : next;
      }
      const dl = next - lambda;
      if (pair) {
        // the x and y parts accumulated on the pair's rows, for the joint's force read-out
        r[n + R_PAIR_LAMBDA] = next;
        r[n + R_LAMBDA] = r[n + R_LAMBDA]! + dl * dx;
        r[n + ROW_STRIDE + R_LAMBDA] = r[n + ROW_STRIDE + R_LAMBDA]! + dl * dy;
      } else r[n + R_LAMBDA] = next;
      io[5] = -mA * dl * dx;
      io[6] = -mA * dl * dy;
      io[7] = iA * dl * angA;
      io[8] = mB * dl * dx;
      io[9] = mB * dl * dy;
      io[10] = iB * dl * angB;
      moveBodiesIo(state, r[n + R_OA]!, r[n + R_OB]!, io, 5);
    }
  }

  /**
   * The joints' velocity rows, after velocities from positions: motors drive their speed
   * and the motor joint's servo rows their correction (-correction C / h), each impulse
   * within h max force; springs' and the mouse's dampers remove their share of the rows'
   * speed (an implicit damper: m Cdot 2 zeta w h / (1 + 2 zeta w h)).
   */
  private jointVelocities(state: Float64Array): void {
    const h = this.sub[SUB_H]!;
    const jr = this.joints;
    const r = jr.rows;
    const io = jr.errorIo;
    for (let i = 0; i < jr.count; i++) {
      const n = i * ROW_STRIDE;
      const type = r[n + R_TYPE]!;
      if (type === RowType.Hard || type === RowType.Limit) continue;
      const oa = r[n + R_OA]!;
      const ob = r[n + R_OB]!;
      const cdot =
        r[n + R_JAX]! * state[oa + VX]! +
        r[n + R_JAY]! * state[oa + VY]! +
        r[n + R_ANGA]! * state[oa + W]! +
        r[n + R_JBX]! * state[ob + VX]! +
        r[n + R_JBY]! * state[ob + VY]! +
        r[n + R_ANGB]! * state[ob + W]!;
      let impulse: number;
      if (type === RowType.Motor || type === RowType.Servo) {
        let target = r[n + R_HZ]!;
        if (type === RowType.Servo) {
          jr.currentError(state, n);
          target = (-r[n + R_HZ]! / h) * io[0]!;
        }
        impulse = -r[n + R_MASS]! * (cdot - target);
        const max = r[n + R_HI]!;
        impulse = impulse > max ? max : impulse < -max ? -max : impulse;
        // kept as a position multiplier (impulse times h), the unit of the other rows',
        // for the joint's force read-out
        r[n + R_LAMBDA] = impulse * h;
      } else {
        const a = 4 * PI * r[n + R_ZETA]! * r[n + R_HZ]! * h;
        impulse = (-r[n + R_MASS]! * cdot * a) / (1 + a);
      }
      const ma = r[n + R_MA]! * impulse;
      const mb = r[n + R_MB]! * impulse;
      state[oa + VX] = state[oa + VX]! + ma * r[n + R_JAX]!;
      state[oa + VY] = state[oa + VY]! + ma * r[n + R_JAY]!;
      state[oa + W] = state[oa + W]! + r[n + R_IA]! * impulse * r[n + R_ANGA]!;
      state[ob + VX] = state[ob + VX]! + mb * r[n + R_JBX]!;
      state[ob + VY] = state[ob + VY]! + mb * r[n + R_JBY]!;
      state[ob + W] = state[ob + W]! + r[n + R_IB]! * impulse * r[n + R_ANGB]!;
    }
  }

  private solveContacts(state: Float64Array, prev: Float64Array): void {
    for (let i = 0; i < this.pCount; i++) {
      const alpha = this.sub[SUB_CONTACT_ALPHA]!;
      const k = this.p;
      const o = i * PSTRIDE;
      const oa = k[o + OA]!;
      const ob = k[o + OB]!;
      const mA = k[o + MA]!;
      const iA = k[o + IA]!;
      const mB = k[o + MB]!;
      const iB = k[o + IB]!;
      const nx = k[o + NX]!;
      const ny = k[o + NY]!;
      const rax = state[oa + DQC]! * k[o + RAX]! - state[oa + DQS]! * k[o + RAY]!;
      const ray = state[oa + DQS]! * k[o + RAX]! + state[oa + DQC]! * k[o + RAY]!;
      const rbx = state[ob + DQC]! * k[o + RBX]! - state[ob + DQS]! * k[o + RBY]!;
      const rby = state[ob + DQS]! * k[o + RBX]! + state[ob + DQC]! * k[o + RBY]!;
      const sep =
        (state[ob + DPX]! - state[oa + DPX]! + rbx - rax) * nx +
        (state[ob + DPY]! - state[oa + DPY]! + rby - ray) * ny +
        k[o + BASE_SEP]!;
      if (sep >= 0) continue;
      const rnA = rax * ny - ray * nx;
      const rnB = rbx * ny - rby * nx;
      const wn = mA + mB + iA * rnA * rnA + iB * rnB * rnB + alpha;
      if (wn === 0) continue;
      const ln = k[o + LN]!;
      const dn = (-sep - alpha * ln) / wn;
      k[o + LN] = ln + dn;
      // both bodies moved in line (a call here kept V8 from optimising this loop for good)
      state[oa + DPX] = state[oa + DPX]! - mA * dn * nx;
      state[oa + DPY] = state[oa + DPY]! - mA * dn * ny;
      const angA = -iA * dn * rnA;
      const qac = state[oa + DQC]!;
      const qas = state[oa + DQS]!;
      const ac = qac - angA * qas;
      const as = qas + angA * qac;
      const aInv = 1 / Math.sqrt(ac * ac + as * as);
      state[oa + DQC] = ac * aInv;
      state[oa + DQS] = as * aInv;
      state[ob + DPX] = state[ob + DPX]! + mB * dn * nx;
      state[ob + DPY] = state[ob + DPY]! + mB * dn * ny;
      const angB = iB * dn * rnB;
      const qbc = state[ob + DQC]!;
      const qbs = state[ob + DQS]!;
      const bc = qbc - angB * qbs;
      const bs = qbs + angB * qbc;
      const bInv = 1 / Math.sqrt(bc * bc + bs * bs);
      state[ob + DQC] = bc * bInv;
      state[ob + DQS] = bs * bInv;

      // static friction: undo the points' tangential slip over the sub-step while the
      // tangential multiplier stays within the cone (anchors at their new rotation)
      if (!this.s.staticFriction) continue;
      const tx = ny;
      const ty = -nx;
      const slip = pointSlip(state, prev, k, o, tx, ty);
      const rtA = rax * ty - ray * tx;
      const rtB = rbx * ty - rby * tx;
      const wt = mA + mB + iA * rtA * rtA + iB * rtB * rtB;
      if (wt === 0) continue;
      const lt = k[o + LT]!;
      const dt = -slip / wt;
      const limit = k[o + MU]! * k[o + LN]!;
      if (Math.abs(lt + dt) > limit) continue;
      k[o + LT] = lt + dt;
      const io = this.io;
      io[0] = -mA * dt * tx;
      io[1] = -mA * dt * ty;
      io[2] = -iA * dt * rtA;
      io[3] = mB * dt * tx;
      io[4] = mB * dt * ty;
      io[5] = iB * dt * rtB;
      moveBodiesIo(state, oa, ob, io, 0);
    }
  }

  /** Dynamic friction and restitution on the points that pushed this sub-step. */
  private velocityPass(state: Float64Array): void {
    for (let i = 0; i < this.pCount; i++) {
      const h = this.sub[SUB_H]!;
      const threshold = this.sub[SUB_THRESHOLD]!;
      const k = this.p;
      const o = i * PSTRIDE;
      const ln = k[o + LN]!;
      if (ln === 0) continue;
      const oa = k[o + OA]!;
      const ob = k[o + OB]!;
      const mA = k[o + MA]!;
      const iA = k[o + IA]!;
      const mB = k[o + MB]!;
      const iB = k[o + IB]!;
      const nx = k[o + NX]!;
      const ny = k[o + NY]!;
      const qac = state[oa + DQC]!;
      const qas = state[oa + DQS]!;
      const qbc = state[ob + DQC]!;
      const qbs = state[ob + DQS]!;
      const rax = qac * k[o + RAX]! - qas * k[o + RAY]!;
      const ray = qas * k[o + RAX]! + qac * k[o + RAY]!;
      const rbx = qbc * k[o + RBX]! - qbs * k[o + RBY]!;
      const rby = qbs * k[o + RBX]! + qbc * k[o + RBY]!;
      const vx = state[ob + VX]! - state[ob + W]! * rby - (state[oa + VX]! - state[oa + W]! * ray);
      const vy = state[ob + VY]! + state[ob + W]! * rbx - (state[oa + VY]! + state[oa + W]! * rax);
      const vn = vx * nx + vy * ny;
      const vt = vx * ny - vy * nx;
      // dynamic friction: an impulse of at most mu |f_n| h = mu lambda_n / h, which changes
      // the tangential speed by that times the generalised inverse mass along the tangent
      const rtA = rax * -nx - ray * ny;
      const rtB = rbx * -nx - rby * ny;
      const wt = mA + mB + iA * rtA * rtA + iB * rtB * rtB;
      const maxDv = ((k[o + MU]! * ln) / h) * wt;
      const dvt = -(Math.abs(vt) < maxDv ? vt : vt > 0 ? maxDv : -maxDv);
      // restitution: the approach speed at the start of the sub-step, reflected
      const vn0 = k[o + VN0]!;
      if (-vn0 > k[o + HIT]!) k[o + HIT] = -vn0;
      // computed whether or not the point bounces: an operation first met when a fast point
      // lands, thousands of steps in, found no feedback and deoptimised the pass
      const bounce = -k[o + E]! * vn0;
      const dvn = -vn + (vn0 < -threshold && bounce > 0 ? bounce : 0);
      // each change through both bodies: an impulse dv / w along the direction
      const rnA = rax * ny - ray * nx;
      const rnB = rbx * ny - rby * nx;
      const wn = mA + mB + iA * rnA * rnA + iB * rnB * rnB;
      const pn = wn > 0 ? dvn / wn : 0;
      const pt = wt > 0 ? dvt / wt : 0;
      // the impulse in world axes: normal (nx, ny), tangent (ny, -nx)
      const px = pn * nx + pt * ny;
      const py = pn * ny - pt * nx;
      state[oa + VX] = state[oa + VX]! - mA * px;
      state[oa + VY] = state[oa + VY]! - mA * py;
      state[oa + W] = state[oa + W]! - iA * (rax * py - ray * px);
      state[ob + VX] = state[ob + VX]! + mB * px;
      state[ob + VY] = state[ob + VY]! + mB * py;
      state[ob + W] = state[ob + W]! + iB * (rbx * py - rby * px);
    }
  }

  /**
   * Normal multipliers back to the contacts, as impulses (for contact reads, not warm
   * starting); hit events from the points that pushed.
   */
  private store(w: WorldState): void {
    const k = this.p;
    const cd = w.contacts.data;
    const speed = this.hits.reserve(w);
    for (let i = 0; i < this.pCount; i++) {
      const o = i * PSTRIDE;
      const p = k[o + SLOT]! * 20 + 4 + k[o + POINT]! * 8;
      // lambda is a position impulse (N s^2): over the last sub-step's h it is an impulse lambda / h
      cd[p + 5] = k[o + LN]! / this.ctx.h;
      cd[p + 6] = k[o + LT]! / this.ctx.h;
      cd[p + 7] = 0;
      speed[2 * k[o + SLOT]! + k[o + POINT]!] = k[o + HIT]!;
    }
    this.hits.report(w);
    // position multipliers (N s^2) over the last sub-step's h: impulses
    this.joints.store(w);
  }
}

/** Tangential slip (along (tx, ty)) of contact point o between `prev` and `state`. */
function pointSlip(
  state: Float64Array,
  prev: Float64Array,
  k: Float64Array,
  o: number,
  tx: number,
  ty: number,
): number {
  const oa = k[o + OA]!;
  const ob = k[o + OB]!;
  let sx = 0;
  let sy = 0;
  // point B minus point A, now minus before: dp + q r for each body
  for (let side = 0; side < 2; side++) {
    const ob_ = side === 0 ? ob : oa;
    const sign = side === 0 ? 1 : -1;
    const rx = side === 0 ? k[o + RBX]! : k[o + RAX]!;
    const ry = side === 0 ? k[o + RBY]! : k[o + RAY]!;
    const nowX = state[ob_ + DPX]! + state[ob_ + DQC]! * rx - state[ob_ + DQS]! * ry;
    const nowY = state[ob_ + DPY]! + state[ob_ + DQS]! * rx + state[ob_ + DQC]! * ry;
    const thenX = prev[ob_ + DPX]! + prev[ob_ + DQC]! * rx - prev[ob_ + DQS]! * ry;
    const thenY = prev[ob_ + DPY]! + prev[ob_ + DQS]! * rx + prev[ob_ + DQC]! * ry;
    sx += sign * (nowX - thenX);
    sy += sign * (nowY - thenY);
  }
  return sx * tx + sy * ty;
}

/** Scratch of velocitiesFromPositions' atan2. */
const angleIo = new Float64Array(3);

/** v = (x - x_prev) / h and w from the rotation change, for every awake dynamic body. */
function velocitiesFromPositions(w: WorldState, prev: Float64Array, sub: Float64Array): void {
  const h = sub[SUB_H]!;
  const bodies = w.bodies;
  const state = bodies.state;
  const invH = 1 / h;
  const io = angleIo;
  for (let i = 0; i < w.awakeBodyCount; i++) {
    const b = w.awakeBodies[i]!;
    if (bodies.type[b] !== BodyType.Dynamic) continue;
    const o = b * STATE_STRIDE;
    state[o + VX] = (state[o + DPX]! - prev[o + DPX]!) * invH;
    state[o + VY] = (state[o + DPY]! - prev[o + DPY]!) * invH;
    // the rotation from prev to now: q conj(q_prev)
    const qc = state[o + DQC]!;
    const qs = state[o + DQS]!;
    const pc = prev[o + DQC]!;
    const ps = prev[o + DQS]!;
    io[0] = qs * pc - qc * ps;
    io[1] = qc * pc + qs * ps;
    atan2Io(io, 0);
    state[o + W] = io[2]! * invH;
  }
}

export function xpbdSolver(settings?: Partial<XpbdSettings>): Solver<XpbdSettings> {
  const checked = checkSettings<XpbdSettings>('xpbdSolver', settings, SETTINGS);
  return alternativeSolver('xpbd', checked, () => new XpbdInstance(checked));
}
