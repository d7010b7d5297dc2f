/**
 * Prismatic joint: body B slides along an axis fixed in body A, without turning relative
 * to A.
 *
 * With d = pB - pA (anchor B minus anchor A) and the world axis u = qA * localAxisA,
 * perpendicular n = perp(u):
 *   point-to-line  C1 = n . d                          rigid (the world's joint softness)
 *   angle          C2 = angleB - angleA - referenceAngle  rigid, solved with C1 as a 2x2 block
 * Axial rows act on the translation t = u . d:
 *   spring  soft by (hertz, dampingRatio) through makeSoft, toward t = 0
 *   motor   drives dt/dt to motorSpeed, |impulse| <= h * maxMotorForce
 *   limits  lowerTranslation <= t <= upperTranslation, one-sided, speculative when apart
 * Jacobian of an axial row (u) and of the perpendicular row (n), with rA, rB the anchors
 * relative to the centers of mass:
 *   J = [-u, -cross(d + rA, u), u, cross(rB, u)]
 * The force acts at anchor B, so body A's lever arm is d + rA (the same as Box2D v3).
 * Anchors and the axis are fixed at the start of the step (relative to the centers of mass)
 * and rotated by each body's in-step rotation, like the revolute joint does.
 */

import { prepareJointFrame } from './joint.js';
import type { StepContext } from '../dynamics/step_context.js';
import { JOINT_ANGLE_IO, relativeAngleIo } from './joint_angle.js';
import { makeSoftIo } from '../dynamics/softness.js';
import type { JointsState } from './joints_state.js';
import type { PrismaticJointData } from './prismatic_joint_data.js';

/** Scratch of the solver's kernel calls (relativeAngleIo, makeSoftIo): never used across a call. */
const solverIo = new Float64Array(JOINT_ANGLE_IO);

// body solver state layout (dynamics/body_state_layout.ts), local for the hot path;
// exported as bodyStateCopy and pinned by test/dynamics/layouts.test.ts
const VX = 0;
const VY = 1;
const W = 2;
const DPX = 4;
const DPY = 5;
const DQC = 6;
const DQS = 7;
const STATE_STRIDE = 8;
export const bodyStateCopy = { VX, VY, W, DPX, DPY, DQC, DQS, STRIDE: STATE_STRIDE } as const;

export function preparePrismaticJoint(
  w: JointsState,
  j: number,
  d: PrismaticJointData,
  ctx: StepContext,
): void {
  const bodies = w.bodies;
  const joints = w.joints;
  const a = joints.bodyA[j]!;
  const b = joints.bodyB[j]!;
  prepareJointFrame(w, j, d);
  const cA = bodies.c[a]!;
  const sA = bodies.s[a]!;
  const cB = bodies.c[b]!;
  const sB = bodies.s[b]!;
  const ux = cA * d.localAxisX - sA * d.localAxisY;
  const uy = sA * d.localAxisX + cA * d.localAxisY;
  d.axisX = ux;
  d.axisY = uy;
  d.lastAxisX = ux;
  d.lastAxisY = uy;
  const dcx = bodies.cx[b]! - bodies.cx[a]!;
  const dcy = bodies.cy[b]! - bodies.cy[a]!;
  d.deltaCenterX = dcx;
  d.deltaCenterY = dcy;
  const io = solverIo;
  io[0] = cB;
  io[1] = sB;
  io[2] = cA;
  io[3] = sA;
  io[4] = -d.referenceAngle;
  relativeAngleIo(io);
  d.deltaAngle = io[8]!;

  io[0] = d.hertz;
  io[1] = d.dampingRatio;
  io[2] = ctx.h;
  makeSoftIo(io, d.springSoftness);
  if (!ctx.enableWarmStarting) d.resetImpulses();
}

export function warmStartPrismaticJoint(w: JointsState, d: PrismaticJointData): void {
  const state = w.bodies.state;
  const oa = d.oa;
  const ob = d.ob;
  const qac = state[oa + DQC]!;
  const qas = state[oa + DQS]!;
  const qbc = state[ob + DQC]!;
  const qbs = state[ob + DQS]!;
  const rax = qac * d.ax - qas * d.ay;
  const ray = qas * d.ax + qac * d.ay;
  const rbx = qbc * d.bx - qbs * d.by;
  const rby = qbs * d.bx + qbc * d.by;
  const sepX = state[ob + DPX]! - state[oa + DPX]! + d.deltaCenterX + rbx - rax;
  const sepY = state[ob + DPY]! - state[oa + DPY]! + d.deltaCenterY + rby - ray;
  const ux = qac * d.axisX - qas * d.axisY;
  const uy = qas * d.axisX + qac * d.axisY;
  // perpendicular n = (-uy, ux)
  const nx = -uy;
  const ny = ux;
  const lx = sepX + rax;
  const ly = sepY + ray;
  const a1 = lx * uy - ly * ux;
  const a2 = rbx * uy - rby * ux;
  const s1 = lx * ny - ly * nx;
  const s2 = rbx * ny - rby * nx;
  const axial = d.springImpulse + d.motorImpulse + d.lowerImpulse - d.upperImpulse;
  const perp = d.perpImpulse;
  const ang = d.angleImpulse;
  const px = axial * ux + perp * nx;
  const py = axial * uy + perp * ny;
  const LA = axial * a1 + perp * s1 + ang;
  const LB = axial * a2 + perp * s2 + ang;
  state[oa + VX] = state[oa + VX]! - d.mA * px;
  state[oa + VY] = state[oa + VY]! - d.mA * py;
  state[oa + W] = state[oa + W]! - d.iA * LA;
  state[ob + VX] = state[ob + VX]! + d.mB * px;
  state[ob + VY] = state[ob + VY]! + d.mB * py;
  state[ob + W] = state[ob + W]! + d.iB * LB;
}

export function solvePrismaticJoint(
  w: JointsState,
  d: PrismaticJointData,
  ctx: StepContext,
  useBias: boolean,
): void {
  const state = w.bodies.state;
  const oa = d.oa;
  const ob = d.ob;
  const mA = d.mA;
  const mB = d.mB;
  const iA = d.iA;
  const iB = d.iB;
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

  // current anchors, separation and axis
  const rax = qac * d.ax - qas * d.ay;
  const ray = qas * d.ax + qac * d.ay;
  const rbx = qbc * d.bx - qbs * d.by;
  const rby = qbs * d.bx + qbc * d.by;
  const sepX = state[ob + DPX]! - state[oa + DPX]! + d.deltaCenterX + rbx - rax;
  const sepY = state[ob + DPY]! - state[oa + DPY]! + d.deltaCenterY + rby - ray;
  const ux = qac * d.axisX - qas * d.axisY;
  const uy = qas * d.axisX + qac * d.axisY;
  d.lastAxisX = ux;
  d.lastAxisY = uy;
  const translation = ux * sepX + uy * sepY;
  const lx = sepX + rax;
  const ly = sepY + ray;
  // torque arms of an axial force: cross(d + rA, u) on A, cross(rB, u) on B
  const a1 = lx * uy - ly * ux;
  const a2 = rbx * uy - rby * ux;
  // the mass along the axis for the current arms: they change with the separation, and a
  // start-of-step mass over-corrects a light body whose anchor travels far in the step
  const k = mA + mB + iA * a1 * a1 + iB * a2 * a2;
  const axialMass = k > 0 ? 1 / k : 0;

  if (d.enableSpring) {
    // a real spring: applied in the relax pass too
    const soft = d.springSoftness;
    const cdot = ux * (vbx - vax) + uy * (vby - vay) + a2 * wb - a1 * wa;
    const impulse =
      -soft.massScale * axialMass * (cdot + soft.biasRate * translation) -
      soft.impulseScale * d.springImpulse;
    d.springImpulse += impulse;
    vax -= mA * impulse * ux;
    vay -= mA * impulse * uy;
    wa -= iA * impulse * a1;
    vbx += mB * impulse * ux;
    vby += mB * impulse * uy;
    wb += iB * impulse * a2;
  }

  if (d.enableMotor) {
    const cdot = ux * (vbx - vax) + uy * (vby - vay) + a2 * wb - a1 * wa;
    const maxImpulse = ctx.h * d.maxMotorForce;
    const old = d.motorImpulse;
    let acc = old + axialMass * (d.motorSpeed - cdot);
    acc = acc < -maxImpulse ? -maxImpulse : acc > maxImpulse ? maxImpulse : acc;
    d.motorImpulse = acc;
    const impulse = acc - old;
    vax -= mA * impulse * ux;
    vay -= mA * impulse * uy;
    wa -= iA * impulse * a1;
    vbx += mB * impulse * ux;
    vby += mB * impulse * uy;
    wb += iB * impulse * a2;
  }

  if (d.enableLimit) {
    // lower: C = t - lower >= 0
    {
      const C = translation - d.lowerTranslation;
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
      const cdot = ux * (vbx - vax) + uy * (vby - vay) + a2 * wb - a1 * wa;
      const old = d.lowerImpulse;
      let acc = old - massScale * axialMass * (cdot + bias) - impulseScale * old;
      if (acc < 0) acc = 0;
      d.lowerImpulse = acc;
      const impulse = acc - old;
      vax -= mA * impulse * ux;
      vay -= mA * impulse * uy;
      wa -= iA * impulse * a1;
      vbx += mB * impulse * ux;
      vby += mB * impulse * uy;
      wb += iB * impulse * a2;
    }
    // upper: C = upper - t >= 0 (signs flipped so the impulse stays positive)
    {
      const C = d.upperTranslation - translation;
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
      const cdot = ux * (vax - vbx) + uy * (vay - vby) + a1 * wa - a2 * wb;
      const old = d.upperImpulse;
      let acc = old - massScale * axialMass * (cdot + bias) - impulseScale * old;
      if (acc < 0) acc = 0;
      d.upperImpulse = acc;
      const impulse = acc - old;
      vax += mA * impulse * ux;
      vay += mA * impulse * uy;
      wa += iA * impulse * a1;
      vbx -= mB * impulse * ux;
      vby -= mB * impulse * uy;
      wb -= iB * impulse * a2;
    }
  }

  // perpendicular and angular rows as one 2x2 block
  {
    const nx = -uy;
    const ny = ux;
    const s1 = lx * ny - ly * nx;
    const s2 = rbx * ny - rby * nx;
    const cdot1 = nx * (vbx - vax) + ny * (vby - vay) + s2 * wb - s1 * wa;
    const cdot2 = wb - wa;
    let bias1 = 0;
    let bias2 = 0;
    let massScale = 1;
    let impulseScale = 0;
    if (useBias) {
      const C1 = nx * sepX + ny * sepY;
      const io = solverIo;
      io[0] = qbc;
      io[1] = qbs;
      io[2] = qac;
      io[3] = qas;
      io[4] = d.deltaAngle;
      relativeAngleIo(io);
      const C2 = io[8]!;
      bias1 = ctx.jointSoftness.biasRate * C1;
      bias2 = ctx.jointSoftness.biasRate * C2;
      massScale = ctx.jointSoftness.massScale;
      impulseScale = ctx.jointSoftness.impulseScale;
    }
    const k11 = mA + mB + iA * s1 * s1 + iB * s2 * s2;
    const k12 = iA * s1 + iB * s2;
    let k22 = iA + iB;
    // both rotations fixed: the angular row is void, keep the matrix invertible
    if (k22 === 0) k22 = 1;
    let det = k11 * k22 - k12 * k12;
    if (det !== 0) det = 1 / det;
    const rhs1 = cdot1 + bias1;
    const rhs2 = cdot2 + bias2;
    const sol1 = det * (k22 * rhs1 - k12 * rhs2);
    const sol2 = det * (k11 * rhs2 - k12 * rhs1);
    const imp1 = -massScale * sol1 - impulseScale * d.perpImpulse;
    const imp2 = -massScale * sol2 - impulseScale * d.angleImpulse;
    d.perpImpulse += imp1;
    d.angleImpulse += imp2;
    vax -= mA * imp1 * nx;
    vay -= mA * imp1 * ny;
    wa -= iA * (imp1 * s1 + imp2);
    vbx += mB * imp1 * nx;
    vby += mB * imp1 * ny;
    wb += iB * (imp1 * s2 + imp2);
  }

  state[oa + VX] = vax;
  state[oa + VY] = vay;
  state[oa + W] = wa;
  state[ob + VX] = vbx;
  state[ob + VY] = vby;
  state[ob + W] = wb;
}

/**
 * Constraint force (N) on body B from last step's impulses: the perpendicular and axial
 * (spring + motor + limits) parts along the axis of the last solve; torque (N m) of the
 * angular row.
 */
export function prismaticJointReaction(d: PrismaticJointData, ctx: StepContext, out: Float64Array): void {
  const invH = ctx.invH;
  const axial = (d.springImpulse + d.motorImpulse + d.lowerImpulse - d.upperImpulse) * invH;
  const perp = d.perpImpulse * invH;
  const ux = d.lastAxisX;
  const uy = d.lastAxisY;
  out[0] = axial * ux - perp * uy;
  out[1] = axial * uy + perp * ux;
  out[2] = d.angleImpulse * invH;
}
