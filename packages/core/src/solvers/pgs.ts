/**
 * Projected Gauss-Seidel on the assembled system, with a Jacobi variant.
 *
 * The step's constraints are assembled into rows of one linear complementarity problem:
 * each row a Jacobian J (a direction for the two bodies' linear velocities and a lever for
 * each angular one), its effective mass 1 / (J M^-1 J^T), a target velocity (Baumgarte
 * bias beta * C / h past a slop, speculative approach, restitution) and bounds on its
 * accumulated impulse: [0, inf) for a contact's normal, [-mu lambda_n, mu lambda_n] for
 * friction (the bound follows its normal row's current impulse), and for joints those of
 * joint_rows.ts (unbounded for equalities, [0, inf) for limits, h times the maximum force
 * for motors). The joint rows are in a table of their own (shared with the other solvers),
 * solved first in each sweep; the contact rows follow.
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

import { integratePositions, integrateVelocities } from '../world/solver.js';
import type { Solver, SolverInstance } from '../world/solver_interface.js';
import type { WorldState } from '../world/world_state.js';
import { alternativeSolver } from './capabilities.js';
import { ContactHits } from './contact_hits.js';
import { type HardRows, JointRows } from './joint_rows.js';
import { DEFAULT_SLOP } from './sequential_impulses.js';
import {
  booleanSetting,
  checkSettings,
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

/** The settings' checks and defaults, in the order they are checked (solver_kit.ts). */
const SETTINGS = {
  iterations: intSetting(1, 1000, 10),
  beta: numberSetting(0, 1, 0.2),
  slop: numberSetting(0, 1, DEFAULT_SLOP),
  warmStarting: booleanSetting(true),
  jacobi: booleanSetting(false),
  relaxation: numberSetting(Number.MIN_VALUE, 1, 0.5),
};

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
const LAMBDA = 12;
/** Friction rows: mu (their bound is mu times the normal row's impulse, the row before). */
const MU = 13;
/** Where the impulse goes back to: the contact slot and point (0, 1). */
const SOURCE = 14;
const POINT = 15;
/** What the row is (the Kind values). */
const KIND = 16;
/** Normal rows: minus the normal velocity when assembled, the approach speed hit events report. */
const APPROACH = 17;
const RSTRIDE = 18;

const Kind = { Normal: 0, Tangent: 1 } as const;

class PgsInstance implements SolverInstance {
  private rows = new Float64Array(0);
  private count = 0;
  private v0 = new Float64Array(0);
  private readonly joints = new JointRows();
  private readonly hits = new ContactHits();
  private readonly hard: HardRows = { biasRate: 0, massScale: 1, impulseScale: 0 };
  private readonly ctx = newStepContext();

  constructor(private readonly s: PgsSettings) {
    this.joints.relaxation = s.relaxation;
  }

  solve(w: WorldState, dt: number): void {
    const s = this.s;
    setIntegrationStep(w, this.ctx, dt, dt);
    integrateVelocities(w, this.ctx);
    this.hard.biasRate = s.beta / dt;
    this.joints.prepare(w, this.ctx, s.warmStarting, this.hard);
    this.assemble(w);
    const state = w.bodies.state;
    if (this.v0.length < state.length) this.v0 = new Float64Array(state.length);
    if (s.warmStarting) {
      this.joints.warmStart(state);
      const r = this.rows;
      for (let i = 0; i < this.count; i++) {
        const n = i * RSTRIDE;
        applyRow(state, r, n, r[n + LAMBDA]!);
      }
    }
    for (let it = 0; it < s.iterations; it++) {
      if (s.jacobi) {
        // every row from the velocities at the start of the sweep, relaxed
        const v0 = this.v0;
        v0.set(state);
        this.joints.solveVelocities(state, v0, true);
        this.sweepContacts(this.rows, state, v0, true);
      } else {
        this.joints.solveVelocities(state, state, false);
        this.sweepContacts(this.rows, state, state, false);
      }
    }
    integratePositions(w, this.ctx);
    this.store(w);
  }

  /** The contact rows: per point its normal row, then its friction row. */
  private assemble(w: WorldState): void {
    const h = this.ctx.h;
    const s = this.s;
    const warm = s.warmStarting ? 1 : 0;
    const contacts = w.contacts;
    const bodies = w.bodies;
    const cd = contacts.data;
    const state = bodies.state;
    const threshold = w.settings.restitutionThreshold;
    const biasRate = s.beta / h;
    let points = 0;
    for (let i = 0; i < w.awakeContactCount; i++) points += contacts.pointCount[w.awakeContacts[i]!]!;
    this.rows = reserveF64(this.rows, 2 * points, RSTRIDE);
    const r = this.rows;
    let n = 0;
    for (let i = 0; i < w.awakeContactCount; i++) {
      const c = w.awakeContacts[i]!;
      const pointCount = contacts.pointCount[c]!;
      const bA = contacts.bodyA[c]!;
      const bB = contacts.bodyB[c]!;
      const oa = bA * STATE_STRIDE;
      const ob = bB * STATE_STRIDE;
      const mA = bodies.invMass[bA]!;
      const iA = bodies.invInertia[bA]!;
      const mB = bodies.invMass[bB]!;
      const iB = bodies.invInertia[bB]!;
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
        // two rows, normal then tangent (ny, -nx), the same bodies and anchors
        for (let side = 0; side < 2; side++) {
          const row = n * RSTRIDE;
          const dx = side === 0 ? nx : ny;
          const dy = side === 0 ? ny : -nx;
          r[row + OA] = oa;
          r[row + OB] = ob;
          r[row + MA] = mA;
          r[row + IA] = iA;
          r[row + MB] = mB;
          r[row + IB] = iB;
          r[row + JX] = dx;
          r[row + JY] = dy;
          const angA = -(rax * dy - ray * dx);
          const angB = rbx * dy - rby * dx;
          r[row + ANG_A] = angA;
          r[row + ANG_B] = angB;
          const k = (mA + mB) * (dx * dx + dy * dy) + iA * angA * angA + iB * angB * angB;
          r[row + MASS] = k > 0 ? 1 / k : 0;
          r[row + SOURCE] = c;
          r[row + POINT] = q;
          n++;
        }
        const nr = (n - 2) * RSTRIDE;
        const tr = nr + RSTRIDE;
        const vn = rowVelocity(state, r, nr);
        const error = -sep - s.slop;
        let target = sep > 0 ? -sep / h : error > 0 ? biasRate * error : 0;
        const bounce = -e * vn;
        if (e > 0 && vn < -threshold && bounce > target) target = bounce;
        r[nr + TARGET] = target;
        r[nr + LAMBDA] = warm * cd[src + 5]!;
        r[nr + MU] = 0;
        r[nr + KIND] = Kind.Normal;
        r[nr + APPROACH] = -vn;
        r[tr + TARGET] = 0;
        r[tr + LAMBDA] = warm * cd[src + 6]!;
        r[tr + MU] = mu;
        r[tr + KIND] = Kind.Tangent;
      }
    }
    this.count = n;
  }

  /**
   * One sweep over the contact rows, each at the velocities in `v` (the state for
   * Gauss-Seidel, the sweep's starting copy for Jacobi), its change scaled by `omega` and
   * applied to the state (`omega`: the relaxation when `relaxed`, else 1). A normal row's impulse is in [0, inf); a friction row's in
   * [-mu lambda_n, mu lambda_n], lambda_n its normal row's (the row before it) as it stands.
   *
   * No code before the loop reads anything (`r` comes in, omega is read in the loop), and
   * no operation in the loop runs on a path taken only now and then (the friction bound's
   * negation is computed at every friction row). The loop runs long enough in the first
   * call for V8 to compile it there by on-stack replacement, and to compile the whole
   * function too; a read before the loop that had not yet run with a feedback vector, or a
   * rare path first taken later, made that whole-function code deoptimise. From then on
   * every call ran one row in the interpreter, boxing its doubles, before jumping into the
   * loop's compiled code, and V8, counting only that interpreted row, took thousands of
   * steps to optimise the function again: 11 KB a step, reported in 1 of 20 processes with
   * V8's default tiering (scripts/alloc_survey.ts surveys for it). The row stays inline: as
   * a function of its own it cost 28-38 % more instructions a step.
   */
  private sweepContacts(r: Float64Array, state: Float64Array, v: Float64Array, relaxed: boolean): void {
    for (let i = 0; i < this.count; i++) {
      const omega = relaxed ? this.s.relaxation : 1;
      const n = i * RSTRIDE;
      const oa = r[n + OA]!;
      const ob = r[n + OB]!;
      const cdot =
        r[n + JX]! * (v[ob + VX]! - v[oa + VX]!) +
        r[n + JY]! * (v[ob + VY]! - v[oa + VY]!) +
        r[n + ANG_A]! * v[oa + W]! +
        r[n + ANG_B]! * v[ob + W]!;
      const old = r[n + LAMBDA]!;
      let acc = old - r[n + MASS]! * (cdot - r[n + TARGET]!);
      if (r[n + KIND] === Kind.Normal) {
        if (acc < 0) acc = 0;
      } else {
        const hi = r[n + MU]! * r[n - RSTRIDE + LAMBDA]!;
        const lo = -hi;
        acc = acc < lo ? lo : acc > hi ? hi : acc;
      }
      const d = omega * (acc - old);
      r[n + LAMBDA] = old + d;
      const px = d * r[n + JX]!;
      const py = d * r[n + JY]!;
      state[oa + VX] = state[oa + VX]! - r[n + MA]! * px;
      state[oa + VY] = state[oa + VY]! - r[n + MA]! * py;
      state[oa + W] = state[oa + W]! + r[n + IA]! * d * r[n + ANG_A]!;
      state[ob + VX] = state[ob + VX]! + r[n + MB]! * px;
      state[ob + VY] = state[ob + VY]! + r[n + MB]! * py;
      state[ob + W] = state[ob + W]! + r[n + IB]! * d * r[n + ANG_B]!;
    }
  }

  /** The impulses back to the contacts and joints; hit events from the points that push. */
  private store(w: WorldState): void {
    const r = this.rows;
    const cd = w.contacts.data;
    const speed = this.hits.reserve(w);
    for (let i = 0; i < this.count; i++) {
      const n = i * RSTRIDE;
      const p = r[n + SOURCE]! * 20 + 4 + r[n + POINT]! * 8;
      if (r[n + KIND] === Kind.Normal) {
        const lambda = r[n + LAMBDA]!;
        cd[p + 5] = lambda;
        cd[p + 7] = 0;
        speed[2 * r[n + SOURCE]! + r[n + POINT]!] = lambda > 0 ? r[n + APPROACH]! : 0;
      } else cd[p + 6] = r[n + LAMBDA]!;
    }
    this.hits.report(w);
    this.joints.store(w);
  }
}

/** Cdot of row n at the velocities in `v`. */
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
  const checked = checkSettings<PgsSettings>('pgsSolver', settings, SETTINGS);
  return alternativeSolver(checked.jacobi ? 'jacobi' : 'pgs', checked, () => new PgsInstance(checked));
}
