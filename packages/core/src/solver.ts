/**
 * The step pipeline, top-down:
 *
 *   updatePairs     new contacts for shapes whose fat boxes began to overlap
 *   collide         narrow phase for awake contacts; begin/end touching; wake on touch
 *   solve           prepare contacts, then per sub-step {integrate velocities, warm start,
 *                   solve with bias, integrate positions, relax without bias};
 *                   restitution; store impulses; finalize bodies and their boxes
 *   sleep           islands that stayed slow long enough fall asleep
 *
 * The step allocates nothing once the arrays it uses have grown to the scene's size.
 */

import { BodyType, DPX, DPY, DQC, DQS, STATE_STRIDE, VX, VY, W } from './body';
import { MAX_ROTATION } from './constants';
import {
  C_NX,
  C_NY,
  C_POINT,
  C_POINT_STRIDE,
  C_RESTITUTION,
  C_FRICTION,
  CONTACT_STRIDE,
  CONTACT_TOUCHING,
  P_MAX_NORMAL_IMPULSE,
  P_NORMAL_IMPULSE,
  P_RAX,
  P_RAY,
  P_RBX,
  P_RBY,
  P_SEP,
  P_TANGENT_IMPULSE,
} from './contact';
import {
  applyContactRestitution,
  K_BIAS_RATE,
  K_FRICTION,
  K_IA,
  K_IB,
  K_IMPULSE_SCALE,
  K_MA,
  K_MASS_SCALE,
  K_MB,
  K_NX,
  K_NY,
  K_POINT,
  K_POINT_STRIDE,
  K_RESTITUTION,
  K_STRIDE,
  Q_BASE_SEP,
  Q_MAX_NORMAL_IMPULSE,
  Q_NORMAL_IMPULSE,
  Q_NORMAL_MASS,
  Q_RAX,
  Q_RAY,
  Q_RBX,
  Q_RBY,
  Q_RELATIVE_VELOCITY,
  Q_TANGENT_IMPULSE,
  Q_TANGENT_MASS,
  solveContacts,
  warmStartContacts,
} from './contact_solver';
import { growI32 } from './array';
import { AABB } from './geometry';
import { updateSleep } from './island';
import { Manifold } from './manifold_types';
import { getCollider } from './manifold';
import { makeSoft, Softness } from './softness';
import type { WorldState } from './world_state';

const now: () => number =
  typeof globalThis.performance?.now === 'function' ? () => globalThis.performance.now() : () => Date.now();

// Scratch shared by every world: the step is not re-entrant (a world is stepped by one
// thread), and worlds in one thread step one after the other.
const manifold = new Manifold();
const fatA = new AABB();
const fatB = new AABB();
const contactSoftness = new Softness();
const staticSoftness = new Softness();
let destroyList = new Int32Array(64);
let wakeList = new Int32Array(64);

/** Advances the world by dt seconds in `subSteps` sub-steps. */
export function step(w: WorldState, dt: number, subSteps: number): void {
  const profile = w.profile;
  const t0 = now();

  updatePairs(w);
  const t1 = now();

  collide(w);
  const t2 = now();

  solve(w, dt, subSteps);
  const t3 = now();

  if (w.settings.enableSleep) updateSleep(w, dt);
  const t4 = now();

  profile.pairs = t1 - t0;
  profile.collide = t2 - t1;
  profile.solve = t3 - t2;
  profile.continuous = 0;
  profile.sleep = t4 - t3;
  profile.step = t4 - t0;
  w.stepCount++;
}

/** Creates a contact for every new overlapping pair of fat boxes, in sorted pair order. */
function updatePairs(w: WorldState): void {
  const bp = w.broadPhase;
  bp.updatePairs();
  const n = bp.pairCount;
  const a = bp.pairShapeA;
  const b = bp.pairShapeB;
  for (let i = 0; i < n; i++) w.createContact(a[i]!, b[i]!);
}

/**
 * Narrow phase over the awake contacts. Contacts whose fat boxes stopped overlapping are
 * destroyed; a contact that begins touching a sleeping body wakes it.
 */
function collide(w: WorldState): void {
  const contacts = w.contacts;
  const shapes = w.shapes;
  const bodies = w.bodies;
  const bp = w.broadPhase;
  const xfA = w.xfA;
  const xfB = w.xfB;
  let destroyCount = 0;
  let wakeCount = 0;

  for (let i = 0; i < w.awakeContactCount; i++) {
    const c = w.awakeContacts[i]!;
    const sA = contacts.shapeA[c]!;
    const sB = contacts.shapeB[c]!;
    bp.getFatAABB(shapes.proxyKey[sA]!, fatA);
    bp.getFatAABB(shapes.proxyKey[sB]!, fatB);
    if (fatA.maxX < fatB.minX || fatB.maxX < fatA.minX || fatA.maxY < fatB.minY || fatB.maxY < fatA.minY) {
      if (destroyCount === destroyList.length) destroyList = growI32(destroyList, destroyCount * 2);
      destroyList[destroyCount++] = c;
      continue;
    }
    const bA = contacts.bodyA[c]!;
    const bB = contacts.bodyB[c]!;
    xfA.set(bodies.px[bA]!, bodies.py[bA]!, bodies.c[bA]!, bodies.s[bA]!);
    xfB.set(bodies.px[bB]!, bodies.py[bB]!, bodies.c[bB]!, bodies.s[bB]!);
    const fn = getCollider(shapes.typeOf(sA), shapes.typeOf(sB))!;
    fn(shapes.geometry[sA]!, xfA, shapes.geometry[sB]!, xfB, manifold);
    storeManifold(w, c, bA, bB);

    const wasTouching = (contacts.flags[c]! & CONTACT_TOUCHING) !== 0;
    const touching = manifold.pointCount > 0;
    if (touching && !wasTouching) {
      contacts.flags[c] = contacts.flags[c]! | CONTACT_TOUCHING;
      const sleeper = bodies.awake[bA] === 1 ? bB : bA;
      if (bodies.awake[sleeper] !== 1 && bodies.type[sleeper] !== BodyType.Static) {
        if (wakeCount === wakeList.length) wakeList = growI32(wakeList, wakeCount * 2);
        wakeList[wakeCount++] = sleeper;
      }
    } else if (!touching && wasTouching) {
      contacts.flags[c] = contacts.flags[c]! & ~CONTACT_TOUCHING;
    }
  }

  for (let i = 0; i < destroyCount; i++) w.destroyContact(destroyList[i]!, false);
  for (let i = 0; i < wakeCount; i++) w.wakeBody(wakeList[i]!);
}

/**
 * Copies the scratch manifold into the contact record: anchors relative to each body's
 * center of mass, and the previous step's impulses carried over by feature id.
 */
function storeManifold(w: WorldState, c: number, bA: number, bB: number): void {
  const contacts = w.contacts;
  const bodies = w.bodies;
  const d = contacts.data;
  const base = c * CONTACT_STRIDE;
  const p0 = base + C_POINT;
  const p1 = p0 + C_POINT_STRIDE;
  const oldCount = contacts.pointCount[c]!;
  const oldId0 = oldCount > 0 ? contacts.id0[c]! : -1;
  const oldId1 = oldCount > 1 ? contacts.id1[c]! : -1;
  const ni0 = d[p0 + P_NORMAL_IMPULSE]!;
  const ti0 = d[p0 + P_TANGENT_IMPULSE]!;
  const ni1 = d[p1 + P_NORMAL_IMPULSE]!;
  const ti1 = d[p1 + P_TANGENT_IMPULSE]!;

  const m = manifold;
  const count = m.pointCount;
  contacts.pointCount[c] = count;
  if (count === 0) return;
  d[base + C_NX] = m.normalX;
  d[base + C_NY] = m.normalY;

  // offsets from each body origin to its center of mass, in world orientation
  const cA = bodies.c[bA]!;
  const sA = bodies.s[bA]!;
  const oAx = cA * bodies.lcx[bA]! - sA * bodies.lcy[bA]!;
  const oAy = sA * bodies.lcx[bA]! + cA * bodies.lcy[bA]!;
  const cB = bodies.c[bB]!;
  const sB = bodies.s[bB]!;
  const oBx = cB * bodies.lcx[bB]! - sB * bodies.lcy[bB]!;
  const oBy = sB * bodies.lcx[bB]! + cB * bodies.lcy[bB]!;
  const abx = bodies.px[bA]! - bodies.px[bB]!;
  const aby = bodies.py[bA]! - bodies.py[bB]!;

  for (let k = 0; k < count; k++) {
    const p = k === 0 ? p0 : p1;
    const ax = k === 0 ? m.ax0 : m.ax1;
    const ay = k === 0 ? m.ay0 : m.ay1;
    const id = k === 0 ? m.id0 : m.id1;
    d[p + P_RAX] = ax - oAx;
    d[p + P_RAY] = ay - oAy;
    d[p + P_RBX] = ax + abx - oBx;
    d[p + P_RBY] = ay + aby - oBy;
    d[p + P_SEP] = k === 0 ? m.sep0 : m.sep1;
    let ni = 0;
    let ti = 0;
    if (id === oldId0) {
      ni = ni0;
      ti = ti0;
    } else if (id === oldId1) {
      ni = ni1;
      ti = ti1;
    }
    d[p + P_NORMAL_IMPULSE] = ni;
    d[p + P_TANGENT_IMPULSE] = ti;
    d[p + P_MAX_NORMAL_IMPULSE] = 0;
    if (k === 0) contacts.id0[c] = id;
    else contacts.id1[c] = id;
  }
}

function solve(w: WorldState, dt: number, subSteps: number): void {
  const h = dt / subSteps;
  const invH = 1 / h;
  const settings = w.settings;
  const k = w.constraints;
  const state = w.bodies.state;

  prepareContacts(w, h);

  const maxPush = settings.maxContactPushSpeed;
  for (let i = 0; i < subSteps; i++) {
    integrateVelocities(w, h);
    warmStartContacts(k, state);
    solveContacts(k, state, invH, true, maxPush);
    integratePositions(w, h);
    solveContacts(k, state, invH, false, maxPush);
  }
  applyContactRestitution(k, state, settings.restitutionThreshold);
  storeImpulses(w);
  finalizeBodies(w, dt);
}

/** Flattens the touching awake contacts into solver constraints. */
function prepareContacts(w: WorldState, h: number): void {
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

/** Gravity, forces and damping for every awake dynamic body. */
function integrateVelocities(w: WorldState, h: number): void {
  const bodies = w.bodies;
  const state = bodies.state;
  const gx = w.settings.gravityX;
  const gy = w.settings.gravityY;
  const maxLinear = w.settings.maxLinearSpeed;
  const maxLinearSq = maxLinear * maxLinear;
  const maxAngular = MAX_ROTATION / h;
  const maxAngularSq = maxAngular * maxAngular;
  for (let i = 0; i < w.awakeBodyCount; i++) {
    const b = w.awakeBodies[i]!;
    if (bodies.type[b] !== BodyType.Dynamic) continue;
    const o = b * STATE_STRIDE;
    const invMass = bodies.invMass[b]!;
    const mass = bodies.mass[b]!;
    const gs = bodies.gravityScale[b]!;
    const linearDamping = 1 / (1 + h * bodies.linearDamping[b]!);
    const angularDamping = 1 / (1 + h * bodies.angularDamping[b]!);
    let vx = h * invMass * (bodies.fx[b]! + mass * gs * gx) + linearDamping * state[o + VX]!;
    let vy = h * invMass * (bodies.fy[b]! + mass * gs * gy) + linearDamping * state[o + VY]!;
    let av = h * bodies.invInertia[b]! * bodies.torque[b]! + angularDamping * state[o + W]!;
    // clamp to keep a blown-up body from destroying the rest of the scene
    const vSq = vx * vx + vy * vy;
    if (vSq > maxLinearSq) {
      const ratio = maxLinear / Math.sqrt(vSq);
      vx *= ratio;
      vy *= ratio;
    }
    if (av * av > maxAngularSq) av = av > 0 ? maxAngular : -maxAngular;
    state[o + VX] = vx;
    state[o + VY] = vy;
    state[o + W] = av;
  }
}

/** Moves the in-step position and rotation deltas of every awake body. */
function integratePositions(w: WorldState, h: number): void {
  const state = w.bodies.state;
  for (let i = 0; i < w.awakeBodyCount; i++) {
    const o = w.awakeBodies[i]! * STATE_STRIDE;
    const hw = h * state[o + W]!;
    const qc = state[o + DQC]!;
    const qs = state[o + DQS]!;
    // first-order rotation update, renormalised: no trig in the step
    const c = qc - hw * qs;
    const s = qs + hw * qc;
    const inv = 1 / Math.sqrt(c * c + s * s);
    state[o + DQC] = c * inv;
    state[o + DQS] = s * inv;
    state[o + DPX] = state[o + DPX]! + h * state[o + VX]!;
    state[o + DPY] = state[o + DPY]! + h * state[o + VY]!;
  }
}

/** Copies the accumulated impulses back to the contacts for next step's warm start. */
function storeImpulses(w: WorldState): void {
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

/**
 * Applies the step's deltas to the body transforms, clears forces, advances sleep
 * timers and moves the broad-phase proxies of shapes that left their fat boxes.
 */
function finalizeBodies(w: WorldState, dt: number): void {
  const bodies = w.bodies;
  const shapes = w.shapes;
  const state = bodies.state;
  const bp = w.broadPhase;
  const sleepOn = w.settings.enableSleep;
  for (let i = 0; i < w.awakeBodyCount; i++) {
    const b = w.awakeBodies[i]!;
    const o = b * STATE_STRIDE;
    const dqc = state[o + DQC]!;
    const dqs = state[o + DQS]!;
    const qc0 = bodies.c[b]!;
    const qs0 = bodies.s[b]!;
    let qc = dqc * qc0 - dqs * qs0;
    let qs = dqs * qc0 + dqc * qs0;
    const inv = 1 / Math.sqrt(qc * qc + qs * qs);
    qc *= inv;
    qs *= inv;
    const cx = bodies.cx[b]! + state[o + DPX]!;
    const cy = bodies.cy[b]! + state[o + DPY]!;
    bodies.cx[b] = cx;
    bodies.cy[b] = cy;
    bodies.c[b] = qc;
    bodies.s[b] = qs;
    const lcx = bodies.lcx[b]!;
    const lcy = bodies.lcy[b]!;
    bodies.px[b] = cx - (qc * lcx - qs * lcy);
    bodies.py[b] = cy - (qs * lcx + qc * lcy);
    state[o + DPX] = 0;
    state[o + DPY] = 0;
    state[o + DQC] = 1;
    state[o + DQS] = 0;
    bodies.fx[b] = 0;
    bodies.fy[b] = 0;
    bodies.torque[b] = 0;

    const vx = state[o + VX]!;
    const vy = state[o + VY]!;
    const av = state[o + W]!;
    if (sleepOn && bodies.enableSleep[b] === 1) {
      const threshold = bodies.sleepThreshold[b]!;
      const extent = bodies.maxExtent[b]!;
      const slow =
        vx * vx + vy * vy <= threshold * threshold && av * av * extent * extent <= threshold * threshold;
      bodies.sleepTime[b] = slow ? bodies.sleepTime[b]! + dt : 0;
    } else {
      bodies.sleepTime[b] = 0;
    }

    for (let s = bodies.shapeHead[b]!; s !== -1; s = shapes.next[s]!) {
      w.computeShapeBox(s);
      const key = shapes.proxyKey[s]!;
      if (key === -1) continue;
      bp.getFatAABB(key, fatA);
      const minX = shapes.minX[s]!;
      const minY = shapes.minY[s]!;
      const maxX = shapes.maxX[s]!;
      const maxY = shapes.maxY[s]!;
      if (minX < fatA.minX || minY < fatA.minY || maxX > fatA.maxX || maxY > fatA.maxY) {
        const m = w.marginFor(b);
        bp.moveProxy(key, minX - m, minY - m, maxX + m, maxY + m);
      }
    }
  }
}
