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
 *      Joints: the revolute joint's anchor gap, the distance joint's length error.
 *   3. velocities from positions: v = (x - x_prev) / h, w from the rotation change.
 *   4. velocity pass on the contacts that pushed: dynamic friction removes tangential
 *      speed up to mu |f_n| h (f_n = lambda_n / h^2), and restitution sets the normal speed
 *      to -e times the approach speed at the start of the sub-step (0 below the world's
 *      restitution threshold, so resting contacts do not bounce).
 *
 * Contacts come from the step's manifold: anchors fixed in the bodies and turned with
 * them, the normal kept, as the soft step does. There is no warm starting: the
 * multipliers start at zero every sub-step, so nothing is carried between steps.
 */

import { atan2 } from '../base/math.js';
import type { DistanceJointData } from '../joints/distance_joint.js';
import { prepareJointFrameRow } from '../joints/joint.js';
import { JointType } from '../types/joint_type.js';
import { BodyType } from '../types/body_def.js';
import { integratePositions, integrateVelocities } from '../world/solver.js';
import type { Solver, SolverInstance } from '../world/solver_interface.js';
import type { WorldState } from '../world/world_state.js';
import { alternativeSolver } from './capabilities.js';
import {
  anchorVelocity,
  applyImpulse,
  booleanSetting,
  checkSettingsObject,
  collectActiveJoints,
  DPX,
  DPY,
  DQC,
  DQS,
  intSetting,
  movePosition,
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

const FIELDS = ['subSteps', 'iterations', 'contactCompliance', 'jointCompliance', 'staticFriction'];

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
const PSTRIDE = 20;

// A joint: the frame (0..11, joints/joint.ts), then its multiplier, type and rest length.
const J_L = 12;
const J_TYPE = 13;
const J_LEN = 14;
const JSTRIDE = 15;

class XpbdInstance implements SolverInstance {
  private p = new Float64Array(0);
  private pCount = 0;
  private j = new Float64Array(0);
  private jList = new Int32Array(16);
  private readonly jCount = { count: 0 };
  /** The body states at the start of the sub-step. */
  private prev = new Float64Array(0);
  private readonly ctx = newStepContext();

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
    const contactAlpha = s.contactCompliance / (h * h);
    const jointAlpha = s.jointCompliance / (h * h);
    const threshold = w.settings.restitutionThreshold;
    for (let sub = 0; sub < s.subSteps; sub++) {
      integrateVelocities(w, ctx);
      prev.set(state);
      this.startSubStep(state);
      integratePositions(w, ctx);
      for (let it = 0; it < s.iterations; it++) {
        this.solveJoints(state, jointAlpha);
        this.solveContacts(state, prev, contactAlpha);
      }
      velocitiesFromPositions(w, prev, h);
      this.velocityPass(state, h, threshold);
    }
    this.store(w);
  }

  private prepare(w: WorldState): void {
    const contacts = w.contacts;
    const bodies = w.bodies;
    const cd = contacts.data;
    this.p = reserveF64(this.p, 2 * w.awakeContactCount, PSTRIDE);
    const k = this.p;
    let n = 0;
    for (let i = 0; i < w.awakeContactCount; i++) {
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
        n++;
      }
    }
    this.pCount = n;

    this.jList = collectActiveJoints(w, this.jList, this.jCount);
    this.j = reserveF64(this.j, this.jCount.count, JSTRIDE);
    const jr = this.j;
    const joints = w.joints;
    for (let i = 0; i < this.jCount.count; i++) {
      const slot = this.jList[i]!;
      const r = i * JSTRIDE;
      prepareJointFrameRow(w, slot, jr, r);
      const type = joints.type[slot]!;
      jr[r + J_TYPE] = type;
      jr[r + J_LEN] = type === JointType.Distance ? (joints.data[slot] as DistanceJointData).length : 0;
    }
  }

  /** Multipliers to zero; each point's normal speed before the sub-step moves anything. */
  private startSubStep(state: Float64Array): void {
    const k = this.p;
    for (let i = 0; i < this.pCount; i++) {
      const o = i * PSTRIDE;
      k[o + LN] = 0;
      k[o + LT] = 0;
      k[o + VN0] = pointVelocity(state, k, o, k[o + NX]!, k[o + NY]!);
    }
    const jr = this.j;
    for (let i = 0; i < this.jCount.count; i++) jr[i * JSTRIDE + J_L] = 0;
  }

  private solveJoints(state: Float64Array, alpha: number): void {
    const jr = this.j;
    for (let i = 0; i < this.jCount.count; i++) {
      const r = i * JSTRIDE;
      const oa = jr[r]!;
      const ob = jr[r + 1]!;
      const mA = jr[r + 2]!;
      const mB = jr[r + 3]!;
      const iA = jr[r + 4]!;
      const iB = jr[r + 5]!;
      const ax = state[oa + DQC]! * jr[r + 6]! - state[oa + DQS]! * jr[r + 7]!;
      const ay = state[oa + DQS]! * jr[r + 6]! + state[oa + DQC]! * jr[r + 7]!;
      const bx = state[ob + DQC]! * jr[r + 8]! - state[ob + DQS]! * jr[r + 9]!;
      const by = state[ob + DQS]! * jr[r + 8]! + state[ob + DQC]! * jr[r + 9]!;
      const dx = jr[r + 10]! + state[ob + DPX]! - state[oa + DPX]! + bx - ax;
      const dy = jr[r + 11]! + state[ob + DPY]! - state[oa + DPY]! + by - ay;
      const len = Math.sqrt(dx * dx + dy * dy);
      if (len < 1e-12) continue;
      const nx = dx / len;
      const ny = dy / len;
      // revolute: the gap itself; distance: its length past the rest length
      const c = jr[r + J_TYPE] === JointType.Revolute ? len : len - jr[r + J_LEN]!;
      const crA = ax * ny - ay * nx;
      const crB = bx * ny - by * nx;
      const wSum = mA + mB + iA * crA * crA + iB * crB * crB + alpha;
      if (wSum === 0) continue;
      const lambda = jr[r + J_L]!;
      const dl = (-c - alpha * lambda) / wSum;
      jr[r + J_L] = lambda + dl;
      const px = dl * nx;
      const py = dl * ny;
      movePosition(state, oa, -mA * px, -mA * py, -iA * (ax * py - ay * px));
      movePosition(state, ob, mB * px, mB * py, iB * (bx * py - by * px));
    }
  }

  private solveContacts(state: Float64Array, prev: Float64Array, alpha: number): void {
    const k = this.p;
    for (let i = 0; i < this.pCount; i++) {
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
      movePosition(state, oa, -mA * dn * nx, -mA * dn * ny, -iA * dn * rnA);
      movePosition(state, ob, mB * dn * nx, mB * dn * ny, iB * dn * rnB);

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
      movePosition(state, oa, -mA * dt * tx, -mA * dt * ty, -iA * dt * rtA);
      movePosition(state, ob, mB * dt * tx, mB * dt * ty, iB * dt * rtB);
    }
  }

  /** Dynamic friction and restitution on the points that pushed this sub-step. */
  private velocityPass(state: Float64Array, h: number, threshold: number): void {
    const k = this.p;
    for (let i = 0; i < this.pCount; i++) {
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
      const bounce = vn0 < -threshold ? -k[o + E]! * vn0 : 0;
      const dvn = -vn + (bounce > 0 ? bounce : 0);
      applyVelocityChange(state, oa, ob, mA, iA, mB, iB, rax, ray, rbx, rby, nx, ny, dvn);
      applyVelocityChange(state, oa, ob, mA, iA, mB, iB, rax, ray, rbx, rby, ny, -nx, dvt);
    }
  }

  /** Normal multipliers back to the contacts, as impulses (for contact reads, not warm starting). */
  private store(w: WorldState): void {
    const k = this.p;
    const cd = w.contacts.data;
    for (let i = 0; i < this.pCount; i++) {
      const o = i * PSTRIDE;
      const p = k[o + SLOT]! * 20 + 4 + k[o + POINT]! * 8;
      // lambda is a position impulse (N s^2): over the last sub-step's h it is an impulse lambda / h
      cd[p + 5] = k[o + LN]! / this.ctx.h;
      cd[p + 6] = k[o + LT]! / this.ctx.h;
      cd[p + 7] = 0;
    }
    const joints = w.joints;
    for (let i = 0; i < this.jCount.count; i++) {
      const slot = this.jList[i]!;
      joints.forceX[slot] = 0;
      joints.forceY[slot] = 0;
      joints.torque[slot] = 0;
    }
  }
}

/** Relative velocity of contact point o along (dx, dy), with the step-start anchors. */
function pointVelocity(state: Float64Array, k: Float64Array, o: number, dx: number, dy: number): number {
  return anchorVelocity(
    state,
    k[o + OA]!,
    k[o + OB]!,
    k[o + RAX]!,
    k[o + RAY]!,
    k[o + RBX]!,
    k[o + RBY]!,
    dx,
    dy,
  );
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

/** Changes the relative velocity of the anchors along (dx, dy) by dv, through both bodies. */
function applyVelocityChange(
  state: Float64Array,
  oa: number,
  ob: number,
  mA: number,
  iA: number,
  mB: number,
  iB: number,
  rax: number,
  ray: number,
  rbx: number,
  rby: number,
  dx: number,
  dy: number,
  dv: number,
): void {
  const crA = rax * dy - ray * dx;
  const crB = rbx * dy - rby * dx;
  const wSum = mA + mB + iA * crA * crA + iB * crB * crB;
  if (wSum === 0 || dv === 0) return;
  const p = dv / wSum;
  applyImpulse(state, oa, ob, mA, iA, mB, iB, rax, ray, rbx, rby, p * dx, p * dy);
}

/** v = (x - x_prev) / h and w from the rotation change, for every awake dynamic body. */
function velocitiesFromPositions(w: WorldState, prev: Float64Array, h: number): void {
  const bodies = w.bodies;
  const state = bodies.state;
  const invH = 1 / h;
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
    state[o + W] = atan2(qs * pc - qc * ps, qc * pc + qs * ps) * invH;
  }
}

export function xpbdSolver(settings?: Partial<XpbdSettings>): Solver<XpbdSettings> {
  const fn = 'xpbdSolver';
  const s = checkSettingsObject(fn, settings, FIELDS);
  const checked: XpbdSettings = Object.freeze({
    subSteps: intSetting(fn, s, 'subSteps', 1, 1000, 8),
    iterations: intSetting(fn, s, 'iterations', 1, 1000, 1),
    contactCompliance: numberSetting(fn, s, 'contactCompliance', 0, 1e6, 0),
    jointCompliance: numberSetting(fn, s, 'jointCompliance', 0, 1e6, 0),
    staticFriction: booleanSetting(fn, s, 'staticFriction', false),
  });
  return alternativeSolver('xpbd', checked, () => new XpbdInstance(checked));
}
