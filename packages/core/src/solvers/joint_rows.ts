/**
 * Every joint type as scalar constraint rows, for the alternative solvers.
 *
 * A joint is the sum of one-dimensional rows, each a Jacobian J = (J_A, ang_A, J_B, ang_B)
 * acting on the two bodies' velocities (Cdot = J_A . vA + ang_A wA + J_B . vB + ang_B wB),
 * with an error C at the start of the step, bounds on its accumulated impulse and a way to
 * turn C into a velocity target. The row kinds (RowType):
 *
 *   hard    an equality (a revolute's point, a prismatic's perpendicular and angle, a rigid
 *           rod): target -biasRate C with the solver's own bias (Baumgarte beta / h, 0 for
 *           NGS, the soft ODE form's joint softness)
 *   limit   an inequality C >= 0 (a lower or an upper limit, signs flipped for the upper):
 *           impulse in [0, inf); speculative while C > 0 (approach no faster than closes it)
 *   spring  a soft row toward C = 0 from the joint's (hertz, damping ratio): in the ODE
 *           form (soft_ode.ts softRow), so every velocity solver expresses it exactly
 *   motor   drives Cdot to a speed, |impulse| <= h max force (or torque); no position error
 *   soft    a spring with bounds: the mouse joint's point (|impulse| <= h maxForce a row)
 *   servo   the motor joint's rows: target -correction C / h, bounded by h max force
 *
 * and their geometry, which the position passes (NGS, XPBD) need to measure C again at the
 * current positions (PosKind): a linear row along a fixed direction between two anchors,
 * an angular row, a rod (the direction recomputed), or none (motors).
 *
 * Where the soft step couples two rows into a block (the revolute's 2x2 point, the mouse's
 * circular force bound), the rows here are solved one after the other, and a force bound
 * is per row (a box, not a circle): the alternatives are sequential solvers of scalar rows.
 *
 * The accumulated impulses go back to the joint's data (the same fields the soft step warm
 * starts from), so snapshots and rollback states hold them under every solver. A joint's
 * force and torque are read from its rows' impulses as the soft step reads its own: the
 * force on B is the sum of the rows' linear Jacobians on B times their impulses over h, the
 * torque that of the angular rows alone (a point row's lever is not the joint's torque).
 * Breakable joints break on the peak of these over the step's (sub-)steps, as under the
 * soft step.
 */

import { HUGE } from '../base/constants.js';
import { atan2Io, unwindAngleIo } from '../base/math.js';
import { wakeBody } from '../dynamics/island.js';
import type { DistanceJointData } from '../joints/distance_joint_data.js';
import type { JointStore } from '../joints/joint_store.js';
import { prepareJointFrameRow, reportJointEvent } from '../joints/joint.js';
import type { MotorJointData } from '../joints/motor_joint_data.js';
import type { MouseJointData } from '../joints/mouse_joint_data.js';
import type { PrismaticJointData } from '../joints/prismatic_joint_data.js';
import type { RevoluteJointData } from '../joints/revolute_joint_data.js';
import type { WeldJointData } from '../joints/weld_joint_data.js';
import type { WheelJointData } from '../joints/wheel_joint_data.js';
import { JointType } from '../types/joint_type.js';
import type { StepContext } from '../dynamics/step_context.js';
import type { WorldState } from '../world/world_state.js';
import { softRow } from './soft_rows.js';
import { collectActiveJoints, DPX, DPY, DQC, DQS, reserveF64, VX, VY, W } from './solver_kit.js';

// ---- a row
export const R_OA = 0;
export const R_OB = 1;
export const R_MA = 2;
export const R_IA = 3;
export const R_MB = 4;
export const R_IB = 5;
export const R_JAX = 6;
export const R_JAY = 7;
export const R_ANGA = 8;
export const R_JBX = 9;
export const R_JBY = 10;
export const R_ANGB = 11;
/** 1 / (J M^-1 J^T), 0 when nothing can move. */
export const R_MASS = 12;
/** The velocity the row aims for (Cdot target). */
export const R_TARGET = 13;
export const R_LO = 14;
export const R_HI = 15;
export const R_LAMBDA = 16;
export const R_MSCALE = 17;
export const R_ISCALE = 18;
/** Joint slot and which of its impulse fields the row's impulse goes back to (Field). */
export const R_SLOT = 19;
export const R_FIELD = 20;
export const R_TYPE = 21;
export const R_POS = 22;
/** The error at the start of the step. */
export const R_C0 = 23;
/** Anchors relative to the centers of mass at the start of the step (linear and rod rows). */
export const R_RAX = 24;
export const R_RAY = 25;
export const R_RBX = 26;
export const R_RBY = 27;
/** Rod rows: rest length and sign (+1: C = len - L; -1: C = L - len). */
export const R_LEN = 28;
export const R_SIGN = 29;
/** Spring and soft rows: frequency (Hz) and damping ratio; motors: the speed. */
export const R_HZ = 30;
export const R_ZETA = 31;
/** Center of B minus center of A at the start of the step (rod rows). */
export const R_DCX = 32;
export const R_DCY = 33;
/**
 * The first row (x) of a point pair, the two rows of a point constraint solved together
 * through the inverse of their 2x2 effective mass (its entries here), as Box2D and the
 * soft step do: with a small disk on a long arm the two rows are strongly coupled, and
 * one after the other they converge slowly (and soft, they sag). Pairs with bounds (the
 * mouse and motor joints) clamp the pair's impulse to a circle. 0 on every other row.
 */
export const R_PAIR = 34;
export const R_K11 = 35;
export const R_K12 = 36;
export const R_K22 = 37;
/**
 * XPBD: a point pair's multiplier along the anchors' current gap (one constraint, see
 * xpbd.ts solveJoints), on its x row; the rows' own R_LAMBDA then hold its x and y parts.
 */
export const R_PAIR_LAMBDA = 38;
export const ROW_STRIDE = 39;

export const RowType = { Hard: 0, Limit: 1, Spring: 2, Motor: 3, Soft: 4, Servo: 5 } as const;
export const PosKind = { None: 0, Linear: 1, Angular: 2, Rod: 3 } as const;

/** Which impulse field of the joint's data a row's impulse is (store and warm start). */
const Field = {
  LinearX: 0,
  LinearY: 1,
  Impulse: 2, // distance rod or spring
  Spring: 3,
  Motor: 4,
  Lower: 5,
  Upper: 6,
  Perp: 7,
  Angle: 8, // prismatic angle, weld / mouse / motor joint angular
} as const;

// ---- scratch of one row being emitted (doubles handed over in an array, not as arguments:
// a call V8 does not inline boxes every double argument)
const T_DX = 0;
const T_DY = 1;
const T_RAX = 2;
const T_RAY = 3;
const T_RBX = 4;
const T_RBY = 5;
const T_C = 6;
const T_HI = 8;
const T_HZ = 9;
const T_ZETA = 10;
const T_LAMBDA = 11;
const T_LEN = 12;
const T_SIGN = 13;
/** Row-independent: the joint's relative angle minus its reference angle. */
const T_ANGLE = 14;
const T_AXX = 15;
const T_AXY = 16;
const T_LAX = 17;
const T_LAY = 18;
/** The anchor gap at the start of the step (B's anchor minus A's). */
const T_GX = 19;
const T_GY = 20;
const T_LAMBDA2 = 21;
/** Rods: the current length. */
const T_ROD = 22;
/** The reference angle relativeAngle subtracts. */
const T_REF = 23;
const T_COUNT = 24;

/** The solver's treatment of hard rows: bias rate, mass scale, impulse scale. */
export interface HardRows {
  biasRate: number;
  massScale: number;
  impulseScale: number;
}

/** The joints of one step as scalar rows (see the file comment). */
export class JointRows {
  rows = new Float64Array(0);
  count = 0;
  private jList = new Int32Array(16);
  private readonly jCount = { count: 0 };
  private readonly frame = new Float64Array(12);
  private readonly t = new Float64Array(T_COUNT);
  private readonly io = new Float64Array(12);
  private readonly soft = new Float64Array(3);
  private h = 0;
  private warm = 0;
  private hard: HardRows = { biasRate: 0, massScale: 1, impulseScale: 0 };
  /** A read-out's force and torque (readJointForce). */
  private readonly reaction = new Float64Array(3);
  /** Per joint slot: the largest squared force and torque met this step (breaking). */
  private peakForceSq = new Float64Array(0);
  private peakTorque = new Float64Array(0);
  /** How many of this step's joints can break (0: no read-out before the step's end). */
  private breakable = 0;

  /**
   * @param positionMultipliers the rows' impulses are XPBD's position multipliers (N s^2):
   *   an impulse is one over h, a force one over h^2
   */
  constructor(private readonly positionMultipliers = false) {}

  /**
   * Jacobi's relaxation: the fraction of each row's change applied (1: Gauss-Seidel). A
   * field, not an argument: a call V8 does not inline boxes a double argument.
   */
  relaxation = 1;

  /**
   * Builds the rows of the active joints for a step of ctx.h (the solver's step or
   * sub-step); `warm` starts them from the stored impulses.
   */
  prepare(w: WorldState, ctx: StepContext, warm: boolean, hard: HardRows): void {
    this.h = ctx.h;
    this.warm = warm ? 1 : 0;
    this.hard = hard;
    this.count = 0;
    this.jList = collectActiveJoints(w, this.jList, this.jCount);
    // at most six rows a joint (a prismatic with limits, motor and spring)
    this.rows = reserveF64(this.rows, 6 * this.jCount.count, ROW_STRIDE);
    this.peakForceSq = reserveF64(this.peakForceSq, w.joints.pool.next, 1);
    this.peakTorque = reserveF64(this.peakTorque, w.joints.pool.next, 1);
    let breakable = 0;
    for (let i = 0; i < this.jCount.count; i++) {
      const slot = this.jList[i]!;
      this.prepareJoint(w, slot);
      this.peakForceSq[slot] = 0;
      this.peakTorque[slot] = 0;
      if (w.joints.breakForce[slot] !== Infinity || w.joints.breakTorque[slot] !== Infinity) breakable++;
    }
    this.breakable = breakable;
  }

  private prepareJoint(w: WorldState, slot: number): void {
    const joints = w.joints;
    const f = this.frame;
    prepareJointFrameRow(w, slot, f, 0);
    const t = this.t;
    const type = joints.type[slot]!;
    // anchor gap at the start of the step: center B + rB - center A - rA
    t[T_GX] = f[10]! + f[8]! - f[6]!;
    t[T_GY] = f[11]! + f[9]! - f[7]!;
    const warm = this.warm;
    if (type === JointType.Revolute) {
      const d = joints.data[slot] as RevoluteJointData;
      t[T_LAMBDA] = warm * d.linearX;
      t[T_LAMBDA2] = warm * d.linearY;
      this.pointRows(slot, false);
      if (d.enableSpring || d.enableMotor || d.enableLimit) {
        t[T_REF] = d.referenceAngle;
        this.relativeAngle(w, slot);
        if (d.enableSpring) {
          t[T_C] = t[T_ANGLE]!;
          t[T_HZ] = d.hertz;
          t[T_ZETA] = d.dampingRatio;
          t[T_LAMBDA] = warm * d.springImpulse;
          this.angular(slot, Field.Spring, RowType.Spring, 1);
        }
        if (d.enableMotor) {
          t[T_HZ] = d.motorSpeed;
          t[T_HI] = this.h * d.maxMotorTorque;
          t[T_LAMBDA] = warm * d.motorImpulse;
          this.angular(slot, Field.Motor, RowType.Motor, 1);
        }
        if (d.enableLimit) {
          t[T_C] = t[T_ANGLE]! - d.lowerAngle;
          t[T_LAMBDA] = warm * d.lowerImpulse;
          this.angular(slot, Field.Lower, RowType.Limit, 1);
          t[T_C] = d.upperAngle - t[T_ANGLE]!;
          t[T_LAMBDA] = warm * d.upperImpulse;
          this.angular(slot, Field.Upper, RowType.Limit, -1);
        }
      }
    } else if (type === JointType.Weld) {
      const d = joints.data[slot] as WeldJointData;
      t[T_HZ] = d.linearHertz;
      t[T_ZETA] = d.linearDampingRatio;
      t[T_LAMBDA] = warm * d.linearX;
      t[T_LAMBDA2] = warm * d.linearY;
      this.pointRows(slot, d.linearHertz > 0);
      t[T_REF] = d.referenceAngle;
      this.relativeAngle(w, slot);
      t[T_C] = t[T_ANGLE]!;
      t[T_HZ] = d.angularHertz;
      t[T_ZETA] = d.angularDampingRatio;
      t[T_LAMBDA] = warm * d.angularImpulse;
      this.angular(slot, Field.Angle, d.angularHertz > 0 ? RowType.Spring : RowType.Hard, 1);
    } else if (type === JointType.Distance) {
      this.distanceRows(slot, joints.data[slot] as DistanceJointData);
    } else if (type === JointType.Prismatic || type === JointType.Wheel) {
      this.axisRows(w, slot, type);
    } else if (type === JointType.Mouse) {
      const d = joints.data[slot] as MouseJointData;
      const bodies = w.bodies;
      const b = joints.bodyB[slot]!;
      // the target is a world point: B's anchor minus it, A plays no part
      const ex = bodies.cx[b]! + f[8]! - d.targetX;
      const ey = bodies.cy[b]! + f[9]! - d.targetY;
      for (let axis = 0; axis < 2; axis++) {
        t[T_DX] = axis === 0 ? 1 : 0;
        t[T_DY] = axis === 0 ? 0 : 1;
        t[T_RAX] = 0;
        t[T_RAY] = 0;
        t[T_RBX] = f[8]!;
        t[T_RBY] = f[9]!;
        t[T_C] = axis === 0 ? ex : ey;
        t[T_HZ] = d.hertz;
        t[T_ZETA] = d.dampingRatio;
        t[T_HI] = this.h * d.maxForce;
        t[T_LAMBDA] = warm * (axis === 0 ? d.linearX : d.linearY);
        const n = this.linear(slot, axis === 0 ? Field.LinearX : Field.LinearY, RowType.Soft);
        // body A is not moved by, and does not move, the target
        const r = this.rows;
        r[n + R_MA] = 0;
        r[n + R_IA] = 0;
        r[n + R_JAX] = 0;
        r[n + R_JAY] = 0;
        r[n + R_ANGA] = 0;
        this.finish(n);
      }
      this.pair((this.count - 2) * ROW_STRIDE);
    } else if (type === JointType.Motor) {
      const d = joints.data[slot] as MotorJointData;
      const bodies = w.bodies;
      const a = joints.bodyA[slot]!;
      // B's center should sit at A's center plus the linear offset turned with A
      const ca = bodies.c[a]!;
      const sa = bodies.s[a]!;
      const ox = ca * d.linearOffsetX - sa * d.linearOffsetY;
      const oy = sa * d.linearOffsetX + ca * d.linearOffsetY;
      t[T_HZ] = d.correctionFactor;
      for (let axis = 0; axis < 2; axis++) {
        t[T_DX] = axis === 0 ? 1 : 0;
        t[T_DY] = axis === 0 ? 0 : 1;
        // A's anchor carries the offset: C = B's anchor minus it
        t[T_RAX] = f[6]! + ox;
        t[T_RAY] = f[7]! + oy;
        t[T_RBX] = f[8]!;
        t[T_RBY] = f[9]!;
        t[T_C] = axis === 0 ? t[T_GX]! - ox : t[T_GY]! - oy;
        t[T_HI] = this.h * d.maxForce;
        t[T_LAMBDA] = warm * (axis === 0 ? d.linearX : d.linearY);
        this.finish(this.linear(slot, axis === 0 ? Field.LinearX : Field.LinearY, RowType.Servo));
      }
      this.pair((this.count - 2) * ROW_STRIDE);
      t[T_REF] = d.angularOffset;
      this.relativeAngle(w, slot);
      t[T_C] = t[T_ANGLE]!;
      t[T_HZ] = d.correctionFactor;
      t[T_HI] = this.h * d.maxTorque;
      t[T_LAMBDA] = warm * d.angularImpulse;
      this.angular(slot, Field.Angle, RowType.Servo, 1);
    }
    // the filter joint has no rows: it only keeps its bodies' shapes from colliding
  }

  /** The two rows of a point constraint (x and y); a weld's are soft when T_HZ > 0. */
  private pointRows(slot: number, soft: boolean): void {
    const t = this.t;
    const f = this.frame;
    const lx = t[T_LAMBDA]!;
    const ly = t[T_LAMBDA2]!;
    for (let axis = 0; axis < 2; axis++) {
      t[T_DX] = axis === 0 ? 1 : 0;
      t[T_DY] = axis === 0 ? 0 : 1;
      t[T_RAX] = f[6]!;
      t[T_RAY] = f[7]!;
      t[T_RBX] = f[8]!;
      t[T_RBY] = f[9]!;
      t[T_C] = axis === 0 ? t[T_GX]! : t[T_GY]!;
      t[T_LAMBDA] = axis === 0 ? lx : ly;
      const type = soft ? RowType.Spring : RowType.Hard;
      this.finish(this.linear(slot, axis === 0 ? Field.LinearX : Field.LinearY, type));
    }
    this.pair((this.count - 2) * ROW_STRIDE);
  }

  private distanceRows(slot: number, d: DistanceJointData): void {
    const t = this.t;
    const f = this.frame;
    const warm = this.warm;
    const gx = t[T_GX]!;
    const gy = t[T_GY]!;
    const len = Math.sqrt(gx * gx + gy * gy);
    if (!(len > 1e-12)) return;
    t[T_ROD] = len;
    t[T_DX] = gx / len;
    t[T_DY] = gy / len;
    t[T_RAX] = f[6]!;
    t[T_RAY] = f[7]!;
    t[T_RBX] = f[8]!;
    t[T_RBY] = f[9]!;
    const rigid = !d.enableSpring || (d.enableLimit && d.minLength === d.maxLength);
    if (rigid) {
      t[T_LEN] = d.enableSpring ? d.minLength : d.length;
      t[T_SIGN] = 1;
      t[T_LAMBDA] = warm * d.impulse;
      this.rod(slot, Field.Impulse, RowType.Hard);
      return;
    }
    if (d.hertz > 0) {
      t[T_LEN] = d.length;
      t[T_SIGN] = 1;
      t[T_HZ] = d.hertz;
      t[T_ZETA] = d.dampingRatio;
      t[T_LAMBDA] = warm * d.impulse;
      this.rod(slot, Field.Impulse, RowType.Spring);
    }
    if (d.enableMotor) {
      t[T_LEN] = d.length;
      t[T_SIGN] = 1;
      t[T_HZ] = d.motorSpeed;
      t[T_HI] = this.h * d.maxMotorForce;
      t[T_LAMBDA] = warm * d.motorImpulse;
      this.rod(slot, Field.Motor, RowType.Motor);
    }
    if (d.enableLimit) {
      t[T_LEN] = d.minLength;
      t[T_SIGN] = 1;
      t[T_LAMBDA] = warm * d.lowerImpulse;
      this.rod(slot, Field.Lower, RowType.Limit);
      if (d.maxLength < HUGE) {
        t[T_LEN] = d.maxLength;
        t[T_SIGN] = -1;
        t[T_LAMBDA] = warm * d.upperImpulse;
        this.rod(slot, Field.Upper, RowType.Limit);
      }
    }
  }

  /**
   * A prismatic or wheel joint: B's anchor slides along an axis fixed in A. The
   * perpendicular row's lever on A is taken at B's anchor (the point on A's line under
   * it); the prismatic also locks the angle; springs, motors and limits act along the axis
   * (the wheel's motor on the angle: it turns the wheel).
   */
  private axisRows(w: WorldState, slot: number, type: number): void {
    const joints = w.joints;
    const bodies = w.bodies;
    const f = this.frame;
    const t = this.t;
    const warm = this.warm;
    const a = joints.bodyA[slot]!;
    const prismatic = type === JointType.Prismatic;
    const dp = joints.data[slot] as PrismaticJointData & WheelJointData;
    const ca = bodies.c[a]!;
    const sa = bodies.s[a]!;
    const ux = ca * dp.localAxisX - sa * dp.localAxisY;
    const uy = sa * dp.localAxisX + ca * dp.localAxisY;
    const gx = t[T_GX]!;
    const gy = t[T_GY]!;
    const translation = ux * gx + uy * gy;
    // lever on A at B's anchor
    t[T_LAX] = f[6]! + gx;
    t[T_LAY] = f[7]! + gy;
    t[T_AXX] = ux;
    t[T_AXY] = uy;
    // perpendicular: (-uy, ux)
    this.axisLine(-1, 1);
    t[T_C] = -uy * gx + ux * gy;
    t[T_LAMBDA] = warm * dp.perpImpulse;
    this.finish(this.linear(slot, Field.Perp, RowType.Hard));
    if (prismatic) {
      t[T_REF] = dp.referenceAngle;
      this.relativeAngle(w, slot);
      t[T_C] = t[T_ANGLE]!;
      t[T_LAMBDA] = warm * dp.angleImpulse;
      this.angular(slot, Field.Angle, RowType.Hard, 1);
    }
    if (dp.enableSpring && dp.hertz > 0) {
      this.axisLine(1, 0);
      t[T_C] = translation;
      t[T_HZ] = dp.hertz;
      t[T_ZETA] = dp.dampingRatio;
      t[T_LAMBDA] = warm * dp.springImpulse;
      this.finish(this.linear(slot, Field.Spring, RowType.Spring));
    }
    if (dp.enableMotor) {
      t[T_HZ] = dp.motorSpeed;
      t[T_LAMBDA] = warm * dp.motorImpulse;
      if (prismatic) {
        this.axisLine(1, 0);
        t[T_HI] = this.h * dp.maxMotorForce;
        this.finish(this.linear(slot, Field.Motor, RowType.Motor));
      } else {
        t[T_HI] = this.h * dp.maxMotorTorque;
        this.angular(slot, Field.Motor, RowType.Motor, 1);
      }
    }
    if (dp.enableLimit) {
      this.axisLine(1, 0);
      t[T_C] = translation - dp.lowerTranslation;
      t[T_LAMBDA] = warm * dp.lowerImpulse;
      this.finish(this.linear(slot, Field.Lower, RowType.Limit));
      this.axisLine(-1, 0);
      t[T_C] = dp.upperTranslation - translation;
      t[T_LAMBDA] = warm * dp.upperImpulse;
      this.finish(this.linear(slot, Field.Upper, RowType.Limit));
    }
  }

  /**
   * The line of an axis row in t: along the axis (T_AXX, T_AXY) times `sign`, or with
   * `perp` along its perpendicular (-y, x); anchors: the lever point on A, B's anchor.
   */
  private axisLine(sign: number, perp: number): void {
    const t = this.t;
    const f = this.frame;
    const ux = t[T_AXX]!;
    const uy = t[T_AXY]!;
    if (perp === 1) {
      t[T_DX] = -uy;
      t[T_DY] = ux;
    } else {
      t[T_DX] = sign * ux;
      t[T_DY] = sign * uy;
    }
    t[T_RAX] = t[T_LAX]!;
    t[T_RAY] = t[T_LAY]!;
    t[T_RBX] = f[8]!;
    t[T_RBY] = f[9]!;
  }

  /** T_ANGLE = angle of B relative to A minus T_REF, unwound to (-pi, pi]. */
  private relativeAngle(w: WorldState, slot: number): void {
    const bodies = w.bodies;
    const a = w.joints.bodyA[slot]!;
    const b = w.joints.bodyB[slot]!;
    const io = this.io;
    const cA = bodies.c[a]!;
    const sA = bodies.s[a]!;
    const cB = bodies.c[b]!;
    const sB = bodies.s[b]!;
    io[0] = sB * cA - cB * sA;
    io[1] = cB * cA + sB * sA;
    atan2Io(io, 0);
    io[3] = io[2]! - this.t[T_REF]!;
    unwindAngleIo(io, 3);
    this.t[T_ANGLE] = io[3]!;
  }

  /** Starts a row with the frame's bodies; returns its offset. */
  private begin(slot: number, field: number, type: number, pos: number): number {
    const n = this.count++ * ROW_STRIDE;
    const r = this.rows;
    const f = this.frame;
    const t = this.t;
    r[n + R_OA] = f[0]!;
    r[n + R_OB] = f[1]!;
    r[n + R_MA] = f[2]!;
    r[n + R_MB] = f[3]!;
    r[n + R_IA] = f[4]!;
    r[n + R_IB] = f[5]!;
    r[n + R_SLOT] = slot;
    r[n + R_FIELD] = field;
    r[n + R_TYPE] = type;
    r[n + R_POS] = pos;
    r[n + R_C0] = t[T_C]!;
    r[n + R_LAMBDA] = t[T_LAMBDA]!;
    r[n + R_HZ] = t[T_HZ]!;
    r[n + R_ZETA] = t[T_ZETA]!;
    r[n + R_LO] =
      type === RowType.Limit ? 0 : type === RowType.Hard || type === RowType.Spring ? -Infinity : -t[T_HI]!;
    r[n + R_HI] =
      type === RowType.Hard || type === RowType.Spring || type === RowType.Limit ? Infinity : t[T_HI]!;
    r[n + R_DCX] = f[10]!;
    r[n + R_DCY] = f[11]!;
    r[n + R_PAIR] = 0;
    return n;
  }

  /** A row along (T_DX, T_DY) between the anchors in t; returns its offset (finish it). */
  private linear(slot: number, field: number, type: number): number {
    const t = this.t;
    const n = this.begin(slot, field, type, type === RowType.Motor ? PosKind.None : PosKind.Linear);
    const r = this.rows;
    const dx = t[T_DX]!;
    const dy = t[T_DY]!;
    r[n + R_RAX] = t[T_RAX]!;
    r[n + R_RAY] = t[T_RAY]!;
    r[n + R_RBX] = t[T_RBX]!;
    r[n + R_RBY] = t[T_RBY]!;
    r[n + R_JAX] = -dx;
    r[n + R_JAY] = -dy;
    r[n + R_ANGA] = -(t[T_RAX]! * dy - t[T_RAY]! * dx);
    r[n + R_JBX] = dx;
    r[n + R_JBY] = dy;
    r[n + R_ANGB] = t[T_RBX]! * dy - t[T_RBY]! * dx;
    return n;
  }

  /** A rod row along (T_DX, T_DY), C = sign (len - L). */
  private rod(slot: number, field: number, type: number): void {
    const t = this.t;
    const sign = t[T_SIGN]!;
    t[T_C] = sign * (t[T_ROD]! - t[T_LEN]!);
    t[T_DX] = sign * t[T_DX]!;
    t[T_DY] = sign * t[T_DY]!;
    const n = this.linear(slot, field, type);
    t[T_DX] = sign * t[T_DX]!;
    t[T_DY] = sign * t[T_DY]!;
    const r = this.rows;
    if (type !== RowType.Motor) r[n + R_POS] = PosKind.Rod;
    r[n + R_LEN] = t[T_LEN]!;
    r[n + R_SIGN] = sign;
    this.finish(n);
  }

  /** A row on the relative angle, sign +1 (C grows with B's turn) or -1. */
  private angular(slot: number, field: number, type: number, sign: number): void {
    const n = this.begin(slot, field, type, type === RowType.Motor ? PosKind.None : PosKind.Angular);
    const r = this.rows;
    r[n + R_JAX] = 0;
    r[n + R_JAY] = 0;
    r[n + R_ANGA] = -sign;
    r[n + R_JBX] = 0;
    r[n + R_JBY] = 0;
    r[n + R_ANGB] = sign;
    this.finish(n);
  }

  /** Makes the row at n (x) and the one after it (y, finished) a point pair (see R_PAIR). */
  private pair(n: number): void {
    const r = this.rows;
    const m = n + ROW_STRIDE;
    const mA = r[n + R_MA]!;
    const iA = r[n + R_IA]!;
    const mB = r[n + R_MB]!;
    const iB = r[n + R_IB]!;
    const k11 = r[n + R_MASS]! > 0 ? 1 / r[n + R_MASS]! : 0;
    const k22 = r[m + R_MASS]! > 0 ? 1 / r[m + R_MASS]! : 0;
    const k12 =
      mA * (r[n + R_JAX]! * r[m + R_JAX]! + r[n + R_JAY]! * r[m + R_JAY]!) +
      iA * r[n + R_ANGA]! * r[m + R_ANGA]! +
      mB * (r[n + R_JBX]! * r[m + R_JBX]! + r[n + R_JBY]! * r[m + R_JBY]!) +
      iB * r[n + R_ANGB]! * r[m + R_ANGB]!;
    const det = k11 * k22 - k12 * k12;
    const inv = det > 0 ? 1 / det : 0;
    r[n + R_PAIR] = 1;
    r[n + R_K11] = inv * k22;
    r[n + R_K12] = -inv * k12;
    r[n + R_K22] = inv * k11;
  }

  /** The row's effective mass, target and softness, from its type and the solver's hard rows. */
  private finish(n: number): void {
    const r = this.rows;
    const k =
      r[n + R_MA]! * (r[n + R_JAX]! * r[n + R_JAX]! + r[n + R_JAY]! * r[n + R_JAY]!) +
      r[n + R_IA]! * r[n + R_ANGA]! * r[n + R_ANGA]! +
      r[n + R_MB]! * (r[n + R_JBX]! * r[n + R_JBX]! + r[n + R_JBY]! * r[n + R_JBY]!) +
      r[n + R_IB]! * r[n + R_ANGB]! * r[n + R_ANGB]!;
    r[n + R_MASS] = k > 0 ? 1 / k : 0;
    const type = r[n + R_TYPE]!;
    const c = r[n + R_C0]!;
    const hard = this.hard;
    if (type === RowType.Motor) {
      r[n + R_TARGET] = r[n + R_HZ]!;
      r[n + R_MSCALE] = 1;
      r[n + R_ISCALE] = 0;
    } else if (type === RowType.Spring || type === RowType.Soft) {
      const s = this.soft;
      s[0] = r[n + R_HZ]!;
      s[1] = r[n + R_ZETA]!;
      s[2] = this.h;
      softRow(s, 0);
      r[n + R_TARGET] = -s[0]! * c;
      r[n + R_MSCALE] = s[1]!;
      r[n + R_ISCALE] = s[2]!;
    } else if (type === RowType.Servo) {
      r[n + R_TARGET] = (-r[n + R_HZ]! / this.h) * c;
      r[n + R_MSCALE] = 1;
      r[n + R_ISCALE] = 0;
    } else {
      // hard and limit rows; a limit not yet reached is speculative
      r[n + R_TARGET] = type === RowType.Limit && c > 0 ? -c / this.h : -hard.biasRate * c;
      r[n + R_MSCALE] = hard.massScale;
      r[n + R_ISCALE] = hard.impulseScale;
    }
  }

  /** Applies the rows' warm-start impulses. */
  warmStart(state: Float64Array): void {
    const r = this.rows;
    for (let i = 0; i < this.count; i++) {
      const n = i * ROW_STRIDE;
      const lambda = r[n + R_LAMBDA]!;
      const oa = r[n + R_OA]!;
      const ob = r[n + R_OB]!;
      const ma = r[n + R_MA]! * lambda;
      const mb = r[n + R_MB]! * lambda;
      state[oa + VX] = state[oa + VX]! + ma * r[n + R_JAX]!;
      state[oa + VY] = state[oa + VY]! + ma * r[n + R_JAY]!;
      state[oa + W] = state[oa + W]! + r[n + R_IA]! * lambda * r[n + R_ANGA]!;
      state[ob + VX] = state[ob + VX]! + mb * r[n + R_JBX]!;
      state[ob + VY] = state[ob + VY]! + mb * r[n + R_JBY]!;
      state[ob + W] = state[ob + W]! + r[n + R_IB]! * lambda * r[n + R_ANGB]!;
    }
  }

  /**
   * One Gauss-Seidel sweep of the rows at the velocities in `v` (the state, or Jacobi's copy
   * of it at the start of the sweep), the change scaled, when `relaxed`, by the relaxation,
   * applied to `state`.
   */
  solveVelocities(state: Float64Array, v: Float64Array, relaxed: boolean): void {
    const r = this.rows;
    const omega = relaxed ? this.relaxation : 1;
    for (let i = 0; i < this.count; i++) {
      const n = i * ROW_STRIDE;
      const oa = r[n + R_OA]!;
      const ob = r[n + R_OB]!;
      const vax = v[oa + VX]!;
      const vay = v[oa + VY]!;
      const wa = v[oa + W]!;
      const vbx = v[ob + VX]!;
      const vby = v[ob + VY]!;
      const wb = v[ob + W]!;
      const cdot =
        r[n + R_JAX]! * vax +
        r[n + R_JAY]! * vay +
        r[n + R_ANGA]! * wa +
        r[n + R_JBX]! * vbx +
        r[n + R_JBY]! * vby +
        r[n + R_ANGB]! * wb;
      const old = r[n + R_LAMBDA]!;
      const mScale = r[n + R_MSCALE]!;
      const iScale = r[n + R_ISCALE]!;
      const hi = r[n + R_HI]!;
      let d: number;
      let d2 = 0;
      const m = n + ROW_STRIDE;
      if (r[n + R_PAIR] === 1) {
        const cdot2 =
          r[m + R_JAX]! * vax +
          r[m + R_JAY]! * vay +
          r[m + R_ANGA]! * wa +
          r[m + R_JBX]! * vbx +
          r[m + R_JBY]! * vby +
          r[m + R_ANGB]! * wb;
        const e1 = cdot - r[n + R_TARGET]!;
        const e2 = cdot2 - r[m + R_TARGET]!;
        const old2 = r[m + R_LAMBDA]!;
        let acc1 = old - mScale * (r[n + R_K11]! * e1 + r[n + R_K12]! * e2) - iScale * old;
        let acc2 = old2 - mScale * (r[n + R_K12]! * e1 + r[n + R_K22]! * e2) - iScale * old2;
        // a bounded pair (mouse, motor joint): the impulse within a circle of radius hi
        const lenSq = acc1 * acc1 + acc2 * acc2;
        if (lenSq > hi * hi) {
          const scale = hi / Math.sqrt(lenSq);
          acc1 *= scale;
          acc2 *= scale;
        }
        d = omega * (acc1 - old);
        d2 = omega * (acc2 - old2);
        r[m + R_LAMBDA] = old2 + d2;
      } else {
        let acc = old - mScale * r[n + R_MASS]! * (cdot - r[n + R_TARGET]!) - iScale * old;
        const lo = r[n + R_LO]!;
        acc = acc < lo ? lo : acc > hi ? hi : acc;
        d = omega * (acc - old);
      }
      r[n + R_LAMBDA] = old + d;
      const ma = r[n + R_MA]!;
      const ia = r[n + R_IA]!;
      const mb = r[n + R_MB]!;
      const ib = r[n + R_IB]!;
      // a single row's d2 is 0 and its "second row" terms vanish (m may be past the table)
      const pair = d2 !== 0;
      const jax2 = pair ? r[m + R_JAX]! : 0;
      const jay2 = pair ? r[m + R_JAY]! : 0;
      const anga2 = pair ? r[m + R_ANGA]! : 0;
      const jbx2 = pair ? r[m + R_JBX]! : 0;
      const jby2 = pair ? r[m + R_JBY]! : 0;
      const angb2 = pair ? r[m + R_ANGB]! : 0;
      state[oa + VX] = state[oa + VX]! + ma * (d * r[n + R_JAX]! + d2 * jax2);
      state[oa + VY] = state[oa + VY]! + ma * (d * r[n + R_JAY]! + d2 * jay2);
      state[oa + W] = state[oa + W]! + ia * (d * r[n + R_ANGA]! + d2 * anga2);
      state[ob + VX] = state[ob + VX]! + mb * (d * r[n + R_JBX]! + d2 * jbx2);
      state[ob + VY] = state[ob + VY]! + mb * (d * r[n + R_JBY]! + d2 * jby2);
      state[ob + W] = state[ob + W]! + ib * (d * r[n + R_ANGB]! + d2 * angb2);
      if (r[n + R_PAIR] === 1) i++;
    }
  }

  /**
   * The row's error at the current positions (state's in-step changes), into the scratch
   * io[0], and the current direction and levers into io[1..4] (dx, dy, lever A, lever B;
   * io[5..] are scratch the position loops may use after the call):
   * linear rows turn their anchors with the bodies, rods also recompute their direction,
   * angular rows add the in-step rotations.
   */
  currentError(state: Float64Array, n: number): void {
    const r = this.rows;
    const io = this.io;
    const oa = r[n + R_OA]!;
    const ob = r[n + R_OB]!;
    const pos = r[n + R_POS]!;
    if (pos === PosKind.Angular) {
      io[5] = state[oa + DQS]!;
      io[6] = state[oa + DQC]!;
      atan2Io(io, 5);
      const ta = io[7]!;
      io[5] = state[ob + DQS]!;
      io[6] = state[ob + DQC]!;
      atan2Io(io, 5);
      io[0] = r[n + R_C0]! + r[n + R_ANGA]! * ta + r[n + R_ANGB]! * io[7]!;
      io[1] = 0;
      io[2] = 0;
      io[3] = r[n + R_ANGA]!;
      io[4] = r[n + R_ANGB]!;
      return;
    }
    const qac = state[oa + DQC]!;
    const qas = state[oa + DQS]!;
    const qbc = state[ob + DQC]!;
    const qbs = state[ob + DQS]!;
    const rax = qac * r[n + R_RAX]! - qas * r[n + R_RAY]!;
    const ray = qas * r[n + R_RAX]! + qac * r[n + R_RAY]!;
    const rbx = qbc * r[n + R_RBX]! - qbs * r[n + R_RBY]!;
    const rby = qbs * r[n + R_RBX]! + qbc * r[n + R_RBY]!;
    // B's anchor minus A's anchor, now
    const a = r[n + R_MA]! === 0 && r[n + R_JAX]! === 0 && r[n + R_JAY]! === 0 ? 0 : 1;
    const ex = state[ob + DPX]! + rbx - a * (state[oa + DPX]! + rax);
    const ey = state[ob + DPY]! + rby - a * (state[oa + DPY]! + ray);
    let dx = r[n + R_JBX]!;
    let dy = r[n + R_JBY]!;
    if (pos === PosKind.Rod) {
      const gx = r[n + R_DCX]! + ex;
      const gy = r[n + R_DCY]! + ey;
      const len = Math.sqrt(gx * gx + gy * gy);
      const sign = r[n + R_SIGN]!;
      if (len > 1e-12) {
        dx = (sign * gx) / len;
        dy = (sign * gy) / len;
      }
      io[0] = sign * (len - r[n + R_LEN]!);
    } else {
      // the error at the start plus the anchors' movement along the row's direction
      io[0] =
        r[n + R_C0]! +
        dx * (ex - (r[n + R_RBX]! - a * r[n + R_RAX]!)) +
        dy * (ey - (r[n + R_RBY]! - a * r[n + R_RAY]!));
    }
    io[1] = dx;
    io[2] = dy;
    io[3] = -(rax * dy - ray * dx);
    io[4] = rbx * dy - rby * dx;
  }

  /** The scratch currentError writes into. */
  get errorIo(): Float64Array {
    return this.io;
  }

  /**
   * The accumulated impulses back to the joints' data, each joint's force and torque to its
   * read-out, and the joints whose peak force or torque over the step passed their limit
   * broken (disabled, impulses and read-outs cleared, bodies woken, reported once).
   */
  store(w: WorldState): void {
    const r = this.rows;
    const joints = w.joints;
    for (let i = 0; i < this.count; i++) this.storeImpulse(joints, i * ROW_STRIDE);
    // a joint without rows (a filter joint, a distance joint of length 0) reads 0
    for (let i = 0; i < this.jCount.count; i++) {
      const slot = this.jList[i]!;
      joints.forceX[slot] = 0;
      joints.forceY[slot] = 0;
      joints.torque[slot] = 0;
    }
    const out = this.reaction;
    for (let i = 0; i < this.count; ) {
      const slot = r[i * ROW_STRIDE + R_SLOT]!;
      i = this.readJointForce(i);
      joints.forceX[slot] = out[0]!;
      joints.forceY[slot] = out[1]!;
      joints.torque[slot] = out[2]!;
    }
    if (this.breakable === 0) return;
    this.trackPeaks(w);
    for (let i = 0; i < this.jCount.count; i++) {
      const slot = this.jList[i]!;
      const maxForce = joints.breakForce[slot]!;
      if (
        this.peakForceSq[slot]! > maxForce * maxForce ||
        this.peakTorque[slot]! > joints.breakTorque[slot]!
      ) {
        breakJoint(w, slot);
      }
    }
  }

  /**
   * Records each breakable joint's force and torque at its rows' current impulses when they
   * pass the step's peak so far: called by a sub-stepping solver after each sub-step (a
   * body caught by a joint is mostly stopped in the first), and by store.
   */
  trackPeaks(w: WorldState): void {
    if (this.breakable === 0) return;
    const joints = w.joints;
    const r = this.rows;
    const out = this.reaction;
    for (let i = 0; i < this.count; ) {
      const slot = r[i * ROW_STRIDE + R_SLOT]!;
      i = this.readJointForce(i);
      if (joints.breakForce[slot] === Infinity && joints.breakTorque[slot] === Infinity) continue;
      const forceSq = out[0]! * out[0]! + out[1]! * out[1]!;
      const torque = Math.abs(out[2]!);
      if (forceSq > this.peakForceSq[slot]!) this.peakForceSq[slot] = forceSq;
      if (torque > this.peakTorque[slot]!) this.peakTorque[slot] = torque;
    }
  }

  /**
   * Writes the impulse of the row at n into its field of its joint's data (XPBD's position
   * multipliers over h). Computed here, not handed over: a call V8 does not inline boxes a
   * double argument, one a row (10 KB a step in the allocation probe's scene).
   */
  private storeImpulse(joints: JointStore, n: number): void {
    const r = this.rows;
    const slot = r[n + R_SLOT]!;
    const type = joints.type[slot]!;
    const data = joints.data[slot];
    const field = r[n + R_FIELD]!;
    const v = (this.positionMultipliers ? 1 / this.h : 1) * r[n + R_LAMBDA]!;
    switch (type) {
      case JointType.Revolute: {
        const d = data as RevoluteJointData;
        if (field === Field.LinearX) d.linearX = v;
        else if (field === Field.LinearY) d.linearY = v;
        else if (field === Field.Spring) d.springImpulse = v;
        else if (field === Field.Motor) d.motorImpulse = v;
        else if (field === Field.Lower) d.lowerImpulse = v;
        else d.upperImpulse = v;
        break;
      }
      case JointType.Distance: {
        const d = data as DistanceJointData;
        if (field === Field.Impulse) d.impulse = v;
        else if (field === Field.Motor) d.motorImpulse = v;
        else if (field === Field.Lower) d.lowerImpulse = v;
        else d.upperImpulse = v;
        break;
      }
      case JointType.Prismatic:
      case JointType.Wheel: {
        const d = data as PrismaticJointData & WheelJointData;
        if (field === Field.Perp) d.perpImpulse = v;
        else if (field === Field.Angle) (d as PrismaticJointData).angleImpulse = v;
        else if (field === Field.Spring) d.springImpulse = v;
        else if (field === Field.Motor) d.motorImpulse = v;
        else if (field === Field.Lower) d.lowerImpulse = v;
        else d.upperImpulse = v;
        break;
      }
      default: {
        // weld, mouse and motor joints: linearX, linearY, angularImpulse
        const d = data as WeldJointData;
        if (field === Field.LinearX) d.linearX = v;
        else if (field === Field.LinearY) d.linearY = v;
        else d.angularImpulse = v;
      }
    }
  }

  /**
   * The force on B and the torque of the joint whose rows start at row i, into
   * this.reaction (see the file comment); returns the row after the joint's.
   */
  private readJointForce(i: number): number {
    const r = this.rows;
    const slot = r[i * ROW_STRIDE + R_SLOT]!;
    const toForce = (this.positionMultipliers ? 1 / this.h : 1) / this.h;
    let fx = 0;
    let fy = 0;
    let torque = 0;
    let k = i;
    for (; k < this.count; k++) {
      const n = k * ROW_STRIDE;
      if (r[n + R_SLOT] !== slot) break;
      const f = r[n + R_LAMBDA]! * toForce;
      const jx = r[n + R_JBX]!;
      const jy = r[n + R_JBY]!;
      fx += jx * f;
      fy += jy * f;
      if (jx === 0 && jy === 0) torque += r[n + R_ANGB]! * f;
    }
    const out = this.reaction;
    out[0] = fx;
    out[1] = fy;
    out[2] = torque;
    return k;
  }
}

/** Breaks joint `slot` as the soft step does (joints/joint_solver.ts finishJoint). */
function breakJoint(w: WorldState, slot: number): void {
  const joints = w.joints;
  joints.enabled[slot] = 0;
  joints.forceX[slot] = 0;
  joints.forceY[slot] = 0;
  joints.torque[slot] = 0;
  joints.data[slot]!.resetImpulses();
  reportJointEvent(w, slot, true);
  wakeBody(w, joints.bodyA[slot]!);
  wakeBody(w, joints.bodyB[slot]!);
}
