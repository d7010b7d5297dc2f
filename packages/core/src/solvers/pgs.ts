/**
 * Projected Gauss-Seidel on the assembled system, with a Jacobi variant.
 *
 * The step's constraints are assembled into rows of one linear complementarity problem:
 * each row a Jacobian J (a direction for the two bodies' linear velocities and a lever for
 * each angular one), its effective mass 1 / (J M^-1 J^T), a target velocity (Baumgarte
 * bias beta * C / h past a slop, speculative approach, restitution) and bounds on its
 * accumulated impulse: [0, inf) for a contact's normal, [-mu lambda_n, mu lambda_n] for
 * friction (the bound follows its normal row's current impulse), unbounded for joints.
 *
 *   Gauss-Seidel  row by row, each row seeing the velocities the rows before it produced
 *   Jacobi        every row from the same iterate (the velocities at the start of the
 *                 sweep), the sum applied at once, scaled by a relaxation factor: rows that
 *                 push the same body each correct the whole error, so unrelaxed Jacobi
 *                 overshoots; it is the order-free form a parallel solver starts from
 *
 * The rows are the same as the sequential-impulse solvers'; what differs is the data
 * layout (one row table for every constraint kind) and, for Jacobi, the ordering. Warm
 * starting is a setting, so the table can show what it is worth.
 */

import type { DistanceJointData } from '../joints/distance_joint.js';
import { prepareJointFrameRow } from '../joints/joint.js';
import { JointType } from '../types/joint_type.js';
import type { RevoluteJointData } from '../joints/revolute_joint.js';
import { integratePositions, integrateVelocities } from '../world/solver.js';
import type { Solver, SolverInstance } from '../world/solver_interface.js';
import type { WorldState } from '../world/world_state.js';
import { pointAndRodSolver } from './capabilities.js';
import { DEFAULT_SLOP } from './sequential_impulses.js';
import {
  booleanSetting,
  checkSettingsObject,
  collectActiveJoints,
  intSetting,
  newStepContext,
  numberSetting,
  reserveF64,
  STATE_STRIDE,
  setIntegrationStep,
  VX,
  VY,
  W,
} from './solver_kit.js';

export interface PgsSettings {
  /** Sweeps over the rows per step. Default 10. */
  iterations: number;
  /** Baumgarte factor. Default 0.2. */
  beta: number;
  /** Overlap left alone (m). Default 0.005. */
  slop: number;
  /** Start from last step's impulses. Default true. */
  warmStarting: boolean;
  /** Every row from the same iterate. Default false (Gauss-Seidel). */
  jacobi: boolean;
  /** Jacobi only: the fraction of the summed correction applied per sweep, in (0, 1]. Default 0.5. */
  relaxation: number;
}

const FIELDS = ['iterations', 'beta', 'slop', 'warmStarting', 'jacobi', 'relaxation'];

// A row.
const OA = 0;
const OB = 1;
const MA = 2;
const IA = 3;
const MB = 4;
const IB = 5;
const JX = 6;
const JY = 7;
/** Lever of A's angular velocity (Cdot = J_lin . (vB - vA) + ANG_A wA + ANG_B wB). */
const ANG_A = 8;
const ANG_B = 9;
const MASS = 10;
const TARGET = 11;
const LO = 12;
const HI = 13;
const LAMBDA = 14;
/** Friction rows: the normal row bounding them, and mu. */
const PARENT = 15;
const MU = 16;
/** Where the impulse goes back to: a contact slot, or a joint slot. */
const SOURCE = 17;
/** What the row is (the Kind values). */
const KIND = 18;
/** Contact rows: the point (0, 1). */
const POINT = 19;
const RSTRIDE = 20;

const Kind = { Normal: 0, Tangent: 1, RevoluteX: 2, RevoluteY: 3, Distance: 4 } as const;

class PgsInstance implements SolverInstance {
  private rows = new Float64Array(0);
  private count = 0;
  private v0 = new Float64Array(0);
  private jList = new Int32Array(16);
  private readonly jCount = { count: 0 };
  private readonly ctx = newStepContext();

  constructor(private readonly s: PgsSettings) {}

  solve(w: WorldState, dt: number): void {
    setIntegrationStep(w, this.ctx, dt, dt);
    integrateVelocities(w, this.ctx);
    this.assemble(w, dt);
    const state = w.bodies.state;
    if (this.s.warmStarting) {
      const r = this.rows;
      for (let i = 0; i < this.count; i++) applyRow(state, r, i * RSTRIDE, r[i * RSTRIDE + LAMBDA]!);
    }
    for (let it = 0; it < this.s.iterations; it++) {
      if (this.s.jacobi) this.sweepJacobi(state);
      else this.sweepGaussSeidel(state);
    }
    integratePositions(w, this.ctx);
    this.store(w);
  }

  private addRow(): number {
    const n = this.count++;
    this.rows = reserveF64(this.rows, this.count, RSTRIDE);
    return n * RSTRIDE;
  }

  /** Assembles the rows: joints first, then per contact point its normal row and its friction row. */
  private assemble(w: WorldState, h: number): void {
    const s = this.s;
    const warm = s.warmStarting ? 1 : 0;
    this.count = 0;
    this.jList = collectActiveJoints(w, this.jList, this.jCount);
    const joints = w.joints;
    const frame = frameScratch;
    for (let i = 0; i < this.jCount.count; i++) {
      const slot = this.jList[i]!;
      prepareJointFrameRow(w, slot, frame, 0);
      const ax = frame[6]!;
      const ay = frame[7]!;
      const bx = frame[8]!;
      const by = frame[9]!;
      const cx = frame[10]! + bx - ax;
      const cy = frame[11]! + by - ay;
      if (joints.type[slot] === JointType.Revolute) {
        const d = joints.data[slot] as RevoluteJointData;
        this.jointRow(frame, 1, 0, cx, h, warm * d.linearX, Kind.RevoluteX, slot);
        this.jointRow(frame, 0, 1, cy, h, warm * d.linearY, Kind.RevoluteY, slot);
      } else {
        const d = joints.data[slot] as DistanceJointData;
        const len = Math.sqrt(cx * cx + cy * cy);
        const ux = len > 1e-12 ? cx / len : 0;
        const uy = len > 1e-12 ? cy / len : 0;
        this.jointRow(frame, ux, uy, len - d.length, h, warm * d.impulse, Kind.Distance, slot);
      }
    }

    const contacts = w.contacts;
    const bodies = w.bodies;
    const cd = contacts.data;
    const state = bodies.state;
    const threshold = w.settings.restitutionThreshold;
    for (let i = 0; i < w.awakeContactCount; i++) {
      const c = w.awakeContacts[i]!;
      const pointCount = contacts.pointCount[c]!;
      const bA = contacts.bodyA[c]!;
      const bB = contacts.bodyB[c]!;
      const cb = c * 20; // contact record (dynamics/contact_layout.ts)
      const nx = cd[cb]!;
      const ny = cd[cb + 1]!;
      const mu = cd[cb + 2]!;
      const e = cd[cb + 3]!;
      for (let q = 0; q < pointCount; q++) {
        const src = cb + 4 + q * 8;
        const rax = cd[src]!;
        const ray = cd[src + 1]!;
        const rbx = cd[src + 2]!;
        const rby = cd[src + 3]!;
        const sep = cd[src + 4]!;
        const n = this.addRow();
        this.bodyRow(n, bodies.invMass, bodies.invInertia, bA, bB);
        this.direction(n, nx, ny, rax, ray, rbx, rby);
        const vn = rowVelocity(state, this.rows, n);
        let target: number;
        if (sep > 0) target = -sep / h;
        else {
          const error = -sep - s.slop;
          target = error > 0 ? (s.beta / h) * error : 0;
        }
        if (e > 0 && vn < -threshold && -e * vn > target) target = -e * vn;
        const r = this.rows;
        r[n + TARGET] = target;
        r[n + LO] = 0;
        r[n + HI] = Infinity;
        r[n + LAMBDA] = warm * cd[src + 5]!;
        r[n + PARENT] = -1;
        r[n + MU] = 0;
        r[n + SOURCE] = c;
        r[n + KIND] = Kind.Normal;
        r[n + POINT] = q;
        const t = this.addRow();
        this.bodyRow(t, bodies.invMass, bodies.invInertia, bA, bB);
        // tangent = (ny, -nx)
        this.direction(t, ny, -nx, rax, ray, rbx, rby);
        const rt = this.rows;
        rt[t + TARGET] = 0;
        rt[t + LO] = 0;
        rt[t + HI] = 0;
        rt[t + LAMBDA] = warm * cd[src + 6]!;
        rt[t + PARENT] = n;
        rt[t + MU] = mu;
        rt[t + SOURCE] = c;
        rt[t + KIND] = Kind.Tangent;
        rt[t + POINT] = q;
      }
    }
    if (this.v0.length < state.length) this.v0 = new Float64Array(state.length);
  }

  private bodyRow(n: number, invMass: Float64Array, invInertia: Float64Array, bA: number, bB: number): void {
    const r = this.rows;
    r[n + OA] = bA * STATE_STRIDE;
    r[n + OB] = bB * STATE_STRIDE;
    r[n + MA] = invMass[bA]!;
    r[n + IA] = invInertia[bA]!;
    r[n + MB] = invMass[bB]!;
    r[n + IB] = invInertia[bB]!;
  }

  /** The Jacobian of a row pulling the anchors (rA, rB) along (dx, dy), and its effective mass. */
  private direction(
    n: number,
    dx: number,
    dy: number,
    rax: number,
    ray: number,
    rbx: number,
    rby: number,
  ): void {
    const r = this.rows;
    r[n + JX] = dx;
    r[n + JY] = dy;
    const angA = -(rax * dy - ray * dx);
    const angB = rbx * dy - rby * dx;
    r[n + ANG_A] = angA;
    r[n + ANG_B] = angB;
    const k =
      (r[n + MA]! + r[n + MB]!) * (dx * dx + dy * dy) + r[n + IA]! * angA * angA + r[n + IB]! * angB * angB;
    r[n + MASS] = k > 0 ? 1 / k : 0;
  }

  private jointRow(
    frame: Float64Array,
    dx: number,
    dy: number,
    error: number,
    h: number,
    lambda: number,
    kind: number,
    slot: number,
  ): void {
    const n = this.addRow();
    const r = this.rows;
    r[n + OA] = frame[0]!;
    r[n + OB] = frame[1]!;
    r[n + MA] = frame[2]!;
    r[n + MB] = frame[3]!;
    r[n + IA] = frame[4]!;
    r[n + IB] = frame[5]!;
    this.direction(n, dx, dy, frame[6]!, frame[7]!, frame[8]!, frame[9]!);
    r[n + TARGET] = -(this.s.beta / h) * error;
    r[n + LO] = -Infinity;
    r[n + HI] = Infinity;
    r[n + LAMBDA] = lambda;
    r[n + PARENT] = -1;
    r[n + MU] = 0;
    r[n + SOURCE] = slot;
    r[n + KIND] = kind;
    r[n + POINT] = 0;
  }

  private sweepGaussSeidel(state: Float64Array): void {
    const r = this.rows;
    for (let i = 0; i < this.count; i++) {
      const n = i * RSTRIDE;
      const delta = solveRow(r, n, rowVelocity(state, r, n));
      applyRow(state, r, n, delta);
    }
  }

  /** Every row's correction from the velocities at the start of the sweep (v0), relaxed. */
  private sweepJacobi(state: Float64Array): void {
    const r = this.rows;
    const v0 = this.v0;
    v0.set(state);
    const omega = this.s.relaxation;
    for (let i = 0; i < this.count; i++) {
      const n = i * RSTRIDE;
      const old = r[n + LAMBDA]!;
      const full = solveRow(r, n, rowVelocity(v0, r, n));
      // keep the relaxed accumulated impulse within the row's bounds (a convex combination)
      r[n + LAMBDA] = old + omega * full;
      applyRow(state, r, n, omega * full);
    }
  }

  private store(w: WorldState): void {
    const r = this.rows;
    const cd = w.contacts.data;
    const joints = w.joints;
    for (let i = 0; i < this.count; i++) {
      const n = i * RSTRIDE;
      const kind = r[n + KIND]!;
      const src = r[n + SOURCE]!;
      const lambda = r[n + LAMBDA]!;
      if (kind === Kind.Normal) {
        const p = src * 20 + 4 + r[n + POINT]! * 8;
        cd[p + 5] = lambda;
        cd[p + 7] = 0;
      } else if (kind === Kind.Tangent) cd[src * 20 + 4 + r[n + POINT]! * 8 + 6] = lambda;
      else if (kind === Kind.RevoluteX) (joints.data[src] as RevoluteJointData).linearX = lambda;
      else if (kind === Kind.RevoluteY) (joints.data[src] as RevoluteJointData).linearY = lambda;
      else (joints.data[src] as DistanceJointData).impulse = lambda;
    }
  }
}

/** The joint frame of the row being assembled (joints/joint.ts prepareJointFrameRow). */
const frameScratch = new Float64Array(12);

/** Cdot of row n at the velocities in `v` (the state, or Jacobi's copy of it). */
function rowVelocity(v: Float64Array, r: Float64Array, n: number): number {
  const oa = r[n + OA]!;
  const ob = r[n + OB]!;
  return (
    r[n + JX]! * (v[ob + VX]! - v[oa + VX]!) +
    r[n + JY]! * (v[ob + VY]! - v[oa + VY]!) +
    r[n + ANG_A]! * v[oa + W]! +
    r[n + ANG_B]! * v[ob + W]!
  );
}

/**
 * Row n's projected update at relative velocity cdot: the new accumulated impulse clamped
 * to the row's bounds (friction's from its normal row's impulse), stored; returns the change.
 */
function solveRow(r: Float64Array, n: number, cdot: number): number {
  const parent = r[n + PARENT]!;
  let lo = r[n + LO]!;
  let hi = r[n + HI]!;
  if (parent >= 0) {
    hi = r[n + MU]! * r[parent + LAMBDA]!;
    lo = -hi;
  }
  const old = r[n + LAMBDA]!;
  let acc = old - r[n + MASS]! * (cdot - r[n + TARGET]!);
  acc = acc < lo ? lo : acc > hi ? hi : acc;
  r[n + LAMBDA] = acc;
  return acc - old;
}

/** Applies impulse `lambda` along row n: M^-1 J^T lambda. */
function applyRow(state: Float64Array, r: Float64Array, n: number, lambda: number): void {
  const oa = r[n + OA]!;
  const ob = r[n + OB]!;
  const px = lambda * r[n + JX]!;
  const py = lambda * r[n + JY]!;
  state[oa + VX] = state[oa + VX]! - r[n + MA]! * px;
  state[oa + VY] = state[oa + VY]! - r[n + MA]! * py;
  state[oa + W] = state[oa + W]! + r[n + IA]! * lambda * r[n + ANG_A]!;
  state[ob + VX] = state[ob + VX]! + r[n + MB]! * px;
  state[ob + VY] = state[ob + VY]! + r[n + MB]! * py;
  state[ob + W] = state[ob + W]! + r[n + IB]! * lambda * r[n + ANG_B]!;
}

export function pgsSolver(settings?: Partial<PgsSettings>): Solver<PgsSettings> {
  const fn = 'pgsSolver';
  const s = checkSettingsObject(fn, settings, FIELDS);
  const checked: PgsSettings = Object.freeze({
    iterations: intSetting(fn, s, 'iterations', 1, 1000, 10),
    beta: numberSetting(fn, s, 'beta', 0, 1, 0.2),
    slop: numberSetting(fn, s, 'slop', 0, 1, DEFAULT_SLOP),
    warmStarting: booleanSetting(fn, s, 'warmStarting', true),
    jacobi: booleanSetting(fn, s, 'jacobi', false),
    relaxation: numberSetting(fn, s, 'relaxation', Number.MIN_VALUE, 1, 0.5),
  });
  return pointAndRodSolver(checked.jacobi ? 'jacobi' : 'pgs', checked, () => new PgsInstance(checked));
}
