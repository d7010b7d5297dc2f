/**
 * The revolute joint's solve, from its solver rows alone: the part of the revolute joint
 * (revolute_joint.ts) that reads nothing but `JointStore.rows` and `.axialRows`, the body
 * state and the step context, all of which a solver helper sees in shared memory, so
 * helpers solve revolute joints in blocks (world/solver_stages.ts, the joint stages;
 * docs/parallel-step.md, "Joints on helpers"). A light module: the helpers' kernel bundles
 * it without the rest of the joints.
 *
 * Point constraint  C = pB - pA (2D), soft (the world's joint softness) with bias.
 * Axial rows act on the relative angle theta = angleB - angleA - referenceAngle:
 *   spring  soft by (hertz, dampingRatio), toward theta = 0
 *   motor   drives wB - wA to motorSpeed, |impulse| <= h * maxMotorTorque
 *   limits  lower <= theta <= upper, one-sided, speculative when not touching
 * Anchors are fixed at the start of the step (relative to the centers of mass) and
 * rotated by each body's in-step rotation, like the contact solver does.
 */

import type { StepContext } from '../dynamics/step_context.js';
import { JOINT_ANGLE_IO, relativeAngleIo } from './joint_angle.js';

/**
 * Body solver state layout (dynamics/body_state_layout.ts), local for the hot path (an enum:
 * the bundler inlines its members); exported as bodyStateCopy by revolute_joint.ts and
 * pinned by test/dynamics/layouts.test.ts.
 */
export enum B {
  VX = 0,
  VY = 1,
  W = 2,
  DPX = 4,
  DPY = 5,
  DQC = 6,
  DQS = 7,
  STRIDE = 8,
}

/**
 * The solve's index arithmetic, local so the bundler writes the numbers in. A place and a
 * state offset read through these masks (which no world comes near: 2^26 joints, 2^27
 * bodies) are known to V8's range analysis to be small and positive, so the sums that
 * index the rows and the state need no overflow checks.
 */
export enum Index {
  /** Doubles in a row and in an axial record: two cache lines. */
  STRIDE = 16,
  PLACE_MASK = 0x3ffffff,
  OFFSET_MASK = 0x3ffffff8,
}

/**
 * The point constraint's solver row in `JointStore.rows` (one row per active joint, by its
 * place in the active list): read eight times a step, so it lives in one contiguous
 * typed-array record rather than in the data object, whose double fields V8 keeps in
 * separate heap boxes. Accumulated impulses are copied in at prepare and back out at finish,
 * so the data object (and snapshots) stay the source of truth between steps.
 */
export enum Row {
  // the joint frame, written by prepareJointFrameRow (joint.ts) in this order
  /** State offsets of the bodies (small integers, exact in a double). */
  OA = 0,
  OB = 1,
  MA = 2,
  MB = 3,
  IA = 4,
  IB = 5,
  AX = 6,
  AY = 7,
  BX = 8,
  BY = 9,
  DCX = 10,
  DCY = 11,
  // the revolute joint's own
  /** AxialFlag bits: which of spring, motor and limit act on the angle (0: a plain hinge). */
  AXIAL = 12,
  LINEAR_X = 13,
  LINEAR_Y = 14,
  /** The joint kind (RowKind), which the row kernel (joint_rows.ts) dispatches on. */
  KIND = 15,
}

/**
 * Row.KIND's values: the joint kinds solved from rows. Each shares the frame (Row.OA to
 * Row.DCY) and lays out slots 12 to 14 and its axial record as its own file says.
 */
export enum RowKind {
  REVOLUTE = 0,
  WELD = 1,
  DISTANCE = 2,
  WHEEL = 3,
  PRISMATIC = 4,
  MOTOR = 5,
  MOUSE = 6,
}
export const REVOLUTE_ROW_STRIDE: number = Index.STRIDE;

/** Row.AXIAL's bits. */
export enum AxialFlag {
  SPRING = 1,
  MOTOR = 2,
  LIMIT = 4,
}

/**
 * The axial rows' record in `JointStore.axialRows`, at the same active-list place as the
 * joint's row, written by prepare only when Row.AXIAL is not 0 (a plain hinge never touches
 * its record): the parameters, the solver temporaries and the warm-started impulses, copied
 * in at prepare and the impulses back out at finish, like the point row's. Products that
 * do not change within a step are taken once, at prepare (the sub-steps multiply the same
 * two doubles in the same order, so the bits are the same).
 */
export enum Axial {
  DELTA_ANGLE = 0,
  AXIAL_MASS = 1,
  /** The spring's softness (dynamics/softness.ts Softness). */
  SPRING_BIAS_RATE = 2,
  /** -massScale * AXIAL_MASS, the spring's softness times the axial mass, negated. */
  SPRING_MASS = 3,
  SPRING_IMPULSE_SCALE = 4,
  SPRING_IMPULSE = 5,
  MOTOR_IMPULSE = 6,
  LOWER_IMPULSE = 7,
  UPPER_IMPULSE = 8,
  MOTOR_SPEED = 9,
  /** h * maxMotorTorque: the motor's impulse bound in a sub-step. */
  MAX_MOTOR_IMPULSE = 10,
  LOWER_ANGLE = 11,
  UPPER_ANGLE = 12,
  /**
   * The joint angle theta at the bodies' current rotations. It depends on their rotations
   * only, which change only when positions are integrated: the relax pass of sub-step i
   * sees the rotations the solve pass of sub-step i + 1 sees, so the relax pass measures
   * it and stores it here, and the solve pass reads it (prepare measures it for the first
   * sub-step). An angle is an atan2 series, the axial rows' largest cost.
   */
  THETA = 13,
}
export const AXIAL_ROW_STRIDE: number = Index.STRIDE;

/** Scratch of the angle kernel (relativeAngleIo): never used across a call; one per thread. */
const angleIo = new Float64Array(JOINT_ANGLE_IO);

/** The axial impulse of the row at `o` (its axial record at `x`), for the warm start and the reaction. */
export function axialImpulse(rows: Float64Array, axial: Float64Array, o: number, x: number): number {
  return rows[o + Row.AXIAL] !== 0
    ? axial[x + Axial.SPRING_IMPULSE]! +
        axial[x + Axial.MOTOR_IMPULSE]! +
        axial[x + Axial.LOWER_IMPULSE]! -
        axial[x + Axial.UPPER_IMPULSE]!
    : 0;
}

/** Applies the point impulse and the axial impulse `axial` of the row at `o` (warm start). */
export function warmStartRevoluteRow(
  state: Float64Array,
  rows: Float64Array,
  o: number,
  axial: number,
): void {
  const oa = rows[o + Row.OA]! & Index.OFFSET_MASK;
  const ob = rows[o + Row.OB]! & Index.OFFSET_MASK;
  const mA = rows[o + Row.MA]!;
  const mB = rows[o + Row.MB]!;
  const iA = rows[o + Row.IA]!;
  const iB = rows[o + Row.IB]!;
  const ax = rows[o + Row.AX]!;
  const ay = rows[o + Row.AY]!;
  const bx = rows[o + Row.BX]!;
  const by = rows[o + Row.BY]!;
  const qac = state[oa + B.DQC]!;
  const qas = state[oa + B.DQS]!;
  const qbc = state[ob + B.DQC]!;
  const qbs = state[ob + B.DQS]!;
  const rax = qac * ax - qas * ay;
  const ray = qas * ax + qac * ay;
  const rbx = qbc * bx - qbs * by;
  const rby = qbs * bx + qbc * by;
  const px = rows[o + Row.LINEAR_X]!;
  const py = rows[o + Row.LINEAR_Y]!;
  state[oa + B.VX] = state[oa + B.VX]! - mA * px;
  state[oa + B.VY] = state[oa + B.VY]! - mA * py;
  state[oa + B.W] = state[oa + B.W]! - iA * (rax * py - ray * px + axial);
  state[ob + B.VX] = state[ob + B.VX]! + mB * px;
  state[ob + B.VY] = state[ob + B.VY]! + mB * py;
  state[ob + B.W] = state[ob + B.W]! + iB * (rbx * py - rby * px + axial);
}

/**
 * Solves revolute joint r: its axial rows (when it has some) on the bodies' angular
 * velocities, then its point constraint. What the calling thread runs for one joint, and
 * the helpers' blocks for many. One function, so both parts share the bodies' loads and no
 * double crosses a call.
 */
export function solveRevoluteJointRows(
  state: Float64Array,
  ctx: StepContext,
  useBias: boolean,
  rows: Float64Array,
  axial: Float64Array,
  r: number,
): void {
  const place = r & Index.PLACE_MASK;
  const o = place * Index.STRIDE;
  const oa = rows[o + Row.OA]! & Index.OFFSET_MASK;
  const ob = rows[o + Row.OB]! & Index.OFFSET_MASK;
  const mA = rows[o + Row.MA]!;
  const mB = rows[o + Row.MB]!;
  const iA = rows[o + Row.IA]!;
  const iB = rows[o + Row.IB]!;
  let vax = state[oa + B.VX]!;
  let vay = state[oa + B.VY]!;
  let wa = state[oa + B.W]!;
  let vbx = state[ob + B.VX]!;
  let vby = state[ob + B.VY]!;
  let wb = state[ob + B.W]!;
  const qac = state[oa + B.DQC]!;
  const qas = state[oa + B.DQS]!;
  const qbc = state[ob + B.DQC]!;
  const qbs = state[ob + B.DQS]!;
  const flags = rows[o + Row.AXIAL]! | 0;

  // the axial rows: spring, motor, limits (none turn a body that cannot rotate)
  if (flags !== 0 && iA + iB !== 0) {
    const x = place * Index.STRIDE;
    const axialMass = axial[x + Axial.AXIAL_MASS]!;
    const angled = (flags & (AxialFlag.SPRING | AxialFlag.LIMIT)) !== 0;
    let theta = axial[x + Axial.THETA]!;
    if (angled && !useBias) {
      const io = angleIo;
      io[0] = qbc;
      io[1] = qbs;
      io[2] = qac;
      io[3] = qas;
      io[4] = axial[x + Axial.DELTA_ANGLE]!;
      relativeAngleIo(io);
      theta = io[8]!;
      axial[x + Axial.THETA] = theta;
    }
    if ((flags & AxialFlag.SPRING) !== 0) {
      const springImpulse = axial[x + Axial.SPRING_IMPULSE]!;
      const impulse =
        axial[x + Axial.SPRING_MASS]! * (wb - wa + axial[x + Axial.SPRING_BIAS_RATE]! * theta) -
        axial[x + Axial.SPRING_IMPULSE_SCALE]! * springImpulse;
      axial[x + Axial.SPRING_IMPULSE] = springImpulse + impulse;
      wa -= iA * impulse;
      wb += iB * impulse;
    }
    if ((flags & AxialFlag.MOTOR) !== 0) {
      const maxImpulse = axial[x + Axial.MAX_MOTOR_IMPULSE]!;
      const old = axial[x + Axial.MOTOR_IMPULSE]!;
      let acc = old - axialMass * (wb - wa - axial[x + Axial.MOTOR_SPEED]!);
      acc = acc < -maxImpulse ? -maxImpulse : acc > maxImpulse ? maxImpulse : acc;
      axial[x + Axial.MOTOR_IMPULSE] = acc;
      wa -= iA * (acc - old);
      wb += iB * (acc - old);
    }
    if ((flags & AxialFlag.LIMIT) !== 0) {
      // lower: C = theta - lower >= 0
      {
        const C = theta - axial[x + Axial.LOWER_ANGLE]!;
        let bias = 0;
        let massScale = 1;
        let impulseScale = 0;
        if (C > 0) {
          bias = C * ctx.invH;
        } else if (useBias) {
          bias = ctx.jointSoftness.biasRate * C;
          massScale = ctx.jointSoftness.massScale;
          impulseScale = ctx.jointSoftness.impulseScale;
        }
        const old = axial[x + Axial.LOWER_IMPULSE]!;
        let acc = old - massScale * axialMass * (wb - wa + bias) - impulseScale * old;
        if (acc < 0) acc = 0;
        axial[x + Axial.LOWER_IMPULSE] = acc;
        wa -= iA * (acc - old);
        wb += iB * (acc - old);
      }
      // upper: C = upper - theta >= 0 (signs flipped so the impulse stays positive)
      {
        const C = axial[x + Axial.UPPER_ANGLE]! - theta;
        let bias = 0;
        let massScale = 1;
        let impulseScale = 0;
        if (C > 0) {
          bias = C * ctx.invH;
        } else if (useBias) {
          bias = ctx.jointSoftness.biasRate * C;
          massScale = ctx.jointSoftness.massScale;
          impulseScale = ctx.jointSoftness.impulseScale;
        }
        const old = axial[x + Axial.UPPER_IMPULSE]!;
        let acc = old - massScale * axialMass * (wa - wb + bias) - impulseScale * old;
        if (acc < 0) acc = 0;
        axial[x + Axial.UPPER_IMPULSE] = acc;
        wa += iA * (acc - old);
        wb -= iB * (acc - old);
      }
    }
  }

  // the point constraint
  const ax = rows[o + Row.AX]!;
  const ay = rows[o + Row.AY]!;
  const bx = rows[o + Row.BX]!;
  const by = rows[o + Row.BY]!;
  const rax = qac * ax - qas * ay;
  const ray = qas * ax + qac * ay;
  const rbx = qbc * bx - qbs * by;
  const rby = qbs * bx + qbc * by;
  const cdotX = vbx - wb * rby - (vax - wa * ray);
  const cdotY = vby + wb * rbx - (vay + wa * rax);
  let biasX = 0;
  let biasY = 0;
  let massScale = 1;
  let impulseScale = 0;
  if (useBias) {
    const sepX = state[ob + B.DPX]! - state[oa + B.DPX]! + (rbx - rax) + rows[o + Row.DCX]!;
    const sepY = state[ob + B.DPY]! - state[oa + B.DPY]! + (rby - ray) + rows[o + Row.DCY]!;
    biasX = ctx.jointSoftness.biasRate * sepX;
    biasY = ctx.jointSoftness.biasRate * sepY;
    massScale = ctx.jointSoftness.massScale;
    impulseScale = ctx.jointSoftness.impulseScale;
  }
  const k11 = mA + mB + ray * ray * iA + rby * rby * iB;
  const k12 = -ray * rax * iA - rby * rbx * iB;
  const k22 = mA + mB + rax * rax * iA + rbx * rbx * iB;
  let det = k11 * k22 - k12 * k12;
  if (det !== 0) det = 1 / det;
  const rhsX = cdotX + biasX;
  const rhsY = cdotY + biasY;
  const solX = det * (k22 * rhsX - k12 * rhsY);
  const solY = det * (k11 * rhsY - k12 * rhsX);
  const linearX = rows[o + Row.LINEAR_X]!;
  const linearY = rows[o + Row.LINEAR_Y]!;
  const impX = -massScale * solX - impulseScale * linearX;
  const impY = -massScale * solY - impulseScale * linearY;
  rows[o + Row.LINEAR_X] = linearX + impX;
  rows[o + Row.LINEAR_Y] = linearY + impY;
  vax -= mA * impX;
  vay -= mA * impY;
  wa -= iA * (rax * impY - ray * impX);
  vbx += mB * impX;
  vby += mB * impY;
  wb += iB * (rbx * impY - rby * impX);
  state[oa + B.VX] = vax;
  state[oa + B.VY] = vay;
  state[oa + B.W] = wa;
  state[ob + B.VX] = vbx;
  state[ob + B.VY] = vby;
  state[ob + B.W] = wb;
}

/** Warm-starts revolute joint r. */
export function warmStartRevoluteJointRows(
  state: Float64Array,
  rows: Float64Array,
  axial: Float64Array,
  r: number,
): void {
  const place = r & Index.PLACE_MASK;
  const o = place * Index.STRIDE;
  warmStartRevoluteRow(state, rows, o, axialImpulse(rows, axial, o, place * Index.STRIDE));
}
