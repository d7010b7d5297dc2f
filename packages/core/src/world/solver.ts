/**
 * The step pipeline, top-down:
 *
 *   updatePairs     new contacts for shapes whose fat boxes began to overlap
 *   collide         narrow phase for awake contacts; begin/end touching; wake on touch
 *   solve           prepare contacts, then per sub-step {integrate velocities, warm start,
 *                   solve with bias, integrate positions, relax without bias, relax
 *                   again the contacts that relax changed a lot};
 *                   restitution; store impulses; finalize bodies and their boxes
 *   sleep           islands that stayed slow long enough fall asleep
 *   sensors         every sensor's overlaps at the final poses; begin/end events
 *
 * The step allocates nothing once the arrays it uses have grown to the scene's size.
 */

import { BodyType, DPX, DPY, DQC, DQS, STATE_STRIDE, VX, VY, W } from '../dynamics/body.js';
import {
  MAX_ROTATION,
  MAX_SOLVED_ROTATION,
  RELAX_AGAIN_SPEED,
  SPECULATIVE_DISTANCE,
} from '../base/constants.js';
import {
  CONTACT_ENABLE_EVENTS,
  CONTACT_TOUCHING,
  reuseManifold,
  updateContactManifold,
} from '../dynamics/contact.js';
import {
  applyContactRestitution,
  prepareContacts,
  relaxAgain,
  reportHitEvents,
  solveContacts,
  storeImpulses,
  warmStartContacts,
} from '../dynamics/contact_solver.js';
import { growI32 } from '../base/array.js';
import { AABB, type Polygon, ShapeType } from '../geometry/geometry.js';
import { solveContinuous } from '../dynamics/continuous.js';
import { updateSleep } from '../dynamics/island.js';
import {
  finishJoints,
  prepareJoints,
  solveJoints,
  trackJointPeaks,
  warmStartJoints,
} from '../joints/joint_solver.js';
import { makeSoft } from '../dynamics/softness.js';
import { Manifold } from '../collision/manifold_types.js';
import { collidePolygonShapes, getCollider } from '../collision/manifold.js';
import type { StepContext } from '../dynamics/step_context.js';
import type { WorldState } from './world_state.js';
import { createContact, destroyContact } from '../dynamics/contact.js';
import { updateSensors } from '../dynamics/sensor.js';
import { wakeBody } from '../dynamics/island.js';
import { computeShapeBox, marginFor } from '../dynamics/shape.js';

const now: () => number =
  typeof globalThis.performance?.now === 'function' ? () => globalThis.performance.now() : () => Date.now();

// Scratch shared by every world: the step is not re-entrant (a world is stepped by one
// thread), and worlds in one thread step one after the other.
const manifold = new Manifold();
const fatBox = new AABB(0.5, 0.5, 0.5, 0.5);
let destroyList = new Int32Array(64);
let wakeList = new Int32Array(64);

/** Advances the world by dt seconds in `subSteps` sub-steps. */
export function step(w: WorldState, dt: number, subSteps: number): void {
  const timed = w.settings.enableProfile;
  const t0 = timed ? now() : 0;
  w.jointEventIds.length = 0;
  w.jointEventBroken.length = 0;
  w.events.beginStep();

  updatePairs(w);
  const t1 = timed ? now() : 0;

  collide(w);
  const t2 = timed ? now() : 0;

  solve(w, dt, subSteps);
  const t3 = timed ? now() : 0;

  solveContinuous(w);
  recordMoves(w);
  const t4 = timed ? now() : 0;

  if (w.settings.enableSleep) updateSleep(w, dt);
  const t5 = timed ? now() : 0;

  // sensor overlaps at the final poses: events in the step the overlap starts or ends
  updateSensors(w);
  const t6 = timed ? now() : 0;

  const profile = w.profile;
  profile.pairs = t1 - t0;
  profile.collide = t2 - t1;
  profile.solve = t3 - t2;
  profile.continuous = t4 - t3;
  profile.sleep = t5 - t4;
  profile.sensors = t6 - t5;
  profile.step = t6 - t0;
  w.events.markStepEnd();
  w.stepCount++;
}

/** Every awake body moved (or may have): list them for transform buffers. */
function recordMoves(w: WorldState): void {
  const events = w.events;
  const n = w.awakeBodyCount;
  events.reserveMoves(n);
  const pool = w.bodies.pool;
  for (let i = 0; i < n; i++) events.moveBody[i] = pool.handle(w.awakeBodies[i]!);
  events.moveCount = n;
}

/** Creates a contact for every new overlapping pair of fat boxes, in sorted pair order. */
function updatePairs(w: WorldState): void {
  const bp = w.broadPhase;
  bp.updatePairs();
  const n = bp.pairCount;
  const a = bp.pairShapeA;
  const b = bp.pairShapeB;
  for (let i = 0; i < n; i++) createContact(w, a[i]!, b[i]!);
}

function shapeHandle(w: WorldState, s: number): number {
  return w.shapes.pool.handle(s);
}

/**
 * Narrow phase over the awake contacts. Contacts whose fat boxes stopped overlapping are
 * destroyed; a contact that begins touching a sleeping body wakes it.
 */
function collide(w: WorldState): void {
  const contacts = w.contacts;
  const shapes = w.shapes;
  const bodies = w.bodies;
  const trees = w.broadPhase.trees;
  const xfA = w.xfA;
  const xfB = w.xfB;
  const m = manifold;
  const quads = w.quadCache;
  const awake = w.awakeContacts;
  const awakeCount = w.awakeContactCount;
  const cShapeA = contacts.shapeA;
  const cShapeB = contacts.shapeB;
  const cBodyA = contacts.bodyA;
  const cBodyB = contacts.bodyB;
  const flags = contacts.flags;
  const pointCount = contacts.pointCount;
  const proxyKey = shapes.proxyKey;
  const shapeType = shapes.type;
  const geometry = shapes.geometry;
  const px = bodies.px;
  const py = bodies.py;
  const qc = bodies.c;
  const qs = bodies.s;
  let destroyCount = 0;
  let wakeCount = 0;
  const sMinX = shapes.minX;
  const sMinY = shapes.minY;
  const sMaxX = shapes.maxX;
  const sMaxY = shapes.maxY;
  const spec = SPECULATIVE_DISTANCE;

  for (let i = 0; i < awakeCount; i++) {
    const c = awake[i]!;
    const sA = cShapeA[c]!;
    const sB = cShapeB[c]!;
    // fat boxes straight from the trees (proxy key = id << 2 | tree)
    const keyA = proxyKey[sA]!;
    const keyB = proxyKey[sB]!;
    const treeA = trees[keyA & 3]!;
    const treeB = trees[keyB & 3]!;
    const idA = keyA >> 2;
    const idB = keyB >> 2;
    if (
      treeA.maxX[idA]! < treeB.minX[idB]! ||
      treeB.maxX[idB]! < treeA.minX[idA]! ||
      treeA.maxY[idA]! < treeB.minY[idB]! ||
      treeB.maxY[idB]! < treeA.minY[idA]!
    ) {
      if (destroyCount === destroyList.length) destroyList = growI32(destroyList, destroyCount * 2);
      destroyList[destroyCount++] = c;
      continue;
    }
    const f = flags[c]!;
    // The shapes' own boxes farther apart than the speculative distance: no manifold point
    // can exist. Most contacts of a tumbling pile of small boxes are such fat-box
    // neighbours, and one that had no points before has nothing to update.
    const apart =
      sMaxX[sA]! + spec < sMinX[sB]! ||
      sMaxX[sB]! + spec < sMinX[sA]! ||
      sMaxY[sA]! + spec < sMinY[sB]! ||
      sMaxY[sB]! + spec < sMinY[sA]!;
    if (apart && (f & CONTACT_TOUCHING) === 0) continue;
    const bA = cBodyA[c]!;
    const bB = cBodyB[c]!;
    const typeA = shapeType[sA]! as ShapeType;
    const typeB = shapeType[sB]! as ShapeType;
    const polygons = typeA === ShapeType.Polygon && typeB === ShapeType.Polygon;
    if (apart) {
      m.clear();
    } else if (polygons) {
      // A touching polygon pair that has barely moved keeps its manifold (and stays
      // touching). Only polygons: their normal is a face of A and turns with it, where a
      // round shape's normal follows the centers, and a stale one kept a packed pile of
      // circles creeping.
      if ((f & CONTACT_TOUCHING) !== 0 && reuseManifold(w, c, bA, bB, pointCount[c]!)) continue;
      xfA.set(px[bA]!, py[bA]!, qc[bA]!, qs[bA]!);
      xfB.set(px[bB]!, py[bB]!, qc[bB]!, qs[bB]!);
      collidePolygonShapes(quads, sA, geometry[sA] as Polygon, xfA, sB, geometry[sB] as Polygon, xfB, m);
    } else {
      xfA.set(px[bA]!, py[bA]!, qc[bA]!, qs[bA]!);
      xfB.set(px[bB]!, py[bB]!, qc[bB]!, qs[bB]!);
      getCollider(typeA, typeB)!(geometry[sA]!, xfA, geometry[sB]!, xfB, m);
    }
    updateContactManifold(w, c, bA, bB, m);

    const wasTouching = (f & CONTACT_TOUCHING) !== 0;
    const touching = m.pointCount > 0;
    if (touching && !wasTouching) {
      flags[c] = f | CONTACT_TOUCHING;
      if ((f & CONTACT_ENABLE_EVENTS) !== 0) w.events.pushBegin(shapeHandle(w, sA), shapeHandle(w, sB));
      const sleeper = bodies.awake[bA] === 1 ? bB : bA;
      if (bodies.awake[sleeper] !== 1 && bodies.type[sleeper] !== BodyType.Static) {
        if (wakeCount === wakeList.length) wakeList = growI32(wakeList, wakeCount * 2);
        wakeList[wakeCount++] = sleeper;
      }
    } else if (!touching && wasTouching) {
      flags[c] = f & ~CONTACT_TOUCHING;
      if ((f & CONTACT_ENABLE_EVENTS) !== 0) w.events.pushEnd(shapeHandle(w, sA), shapeHandle(w, sB));
    }
  }

  for (let i = 0; i < destroyCount; i++) destroyContact(w, destroyList[i]!, false);
  for (let i = 0; i < wakeCount; i++) wakeBody(w, wakeList[i]!);
}

function solve(w: WorldState, dt: number, subSteps: number): void {
  const settings = w.settings;
  const k = w.constraints;
  const state = w.bodies.state;
  const ctx = w.stepContext;
  if (ctx.dt !== dt || ctx.subSteps !== subSteps || ctx.settingsVersion !== settings.version) {
    updateStepContext(w, dt, subSteps);
  }

  prepareJoints(w, ctx);
  prepareContacts(w, ctx);

  for (let i = 0; i < subSteps; i++) {
    ctx.secondPointFirst = (i >> 1) & 1;
    ctx.separationsStored = i > 0;
    integrateVelocities(w, ctx);
    warmStartJoints(w);
    warmStartContacts(k, state);
    solveJoints(w, ctx, true);
    solveContacts(k, state, ctx, true);
    integratePositions(w, ctx);
    solveJoints(w, ctx, false);
    solveContacts(k, state, ctx, false);
    relaxAgain(k, state, ctx);
    trackJointPeaks(w, ctx);
  }
  applyContactRestitution(k, state, settings.restitutionThreshold);
  reportHitEvents(w, settings.hitEventThreshold);
  storeImpulses(w);
  finishJoints(w, ctx);
  finalizeBodies(w, dt);
}

/** Derives the sub-step and the softness of contacts and rigid joint axes. */
function updateStepContext(w: WorldState, dt: number, subSteps: number): void {
  const settings = w.settings;
  const ctx = w.stepContext;
  const h = dt / subSteps;
  ctx.dt = dt;
  ctx.subSteps = subSteps;
  ctx.settingsVersion = settings.version;
  ctx.h = h;
  ctx.invH = 1 / h;
  ctx.maxPushSpeed = settings.maxContactPushSpeed;
  ctx.relaxAgainSpeed = RELAX_AGAIN_SPEED;
  ctx.maxLinearSpeed = settings.maxLinearSpeed;
  ctx.maxAngularSpeed = MAX_ROTATION / h;
  ctx.maxSolvedAngularSpeed = MAX_SOLVED_ROTATION / h;
  ctx.enableWarmStarting = settings.enableWarmStarting;
  // contacts stiffer than a quarter of the sub-step rate would ring; static contacts are
  // twice as stiff because only one body moves, under the same cap
  const maxHertz = 0.25 / h;
  const contactHertz = Math.min(settings.contactHertz, maxHertz);
  makeSoft(contactHertz, settings.contactDampingRatio, h, ctx.contactSoftness);
  makeSoft(Math.min(2 * contactHertz, maxHertz), settings.contactDampingRatio, h, ctx.staticSoftness);
  // joints are stiffer than contacts and as stiff as the sub-step rate allows
  makeSoft(Math.min(settings.jointHertz, maxHertz), settings.jointDampingRatio, h, ctx.jointSoftness);
}

/** Gravity, forces and damping for every awake dynamic body. */
function integrateVelocities(w: WorldState, ctx: StepContext): void {
  const h = ctx.h;
  const bodies = w.bodies;
  const state = bodies.state;
  const gx = w.settings.gravityX;
  const gy = w.settings.gravityY;
  const maxLinear = ctx.maxLinearSpeed;
  const maxLinearSq = maxLinear * maxLinear;
  const maxAngularSq = ctx.maxAngularSpeed * ctx.maxAngularSpeed;
  for (let i = 0; i < w.awakeBodyCount; i++) {
    const b = w.awakeBodies[i]!;
    if (bodies.type[b] !== BodyType.Dynamic) continue;
    const o = b * STATE_STRIDE;
    const invMass = bodies.invMass[b]!;
    const mass = bodies.mass[b]!;
    const gs = bodies.gravityScale[b]!;
    const linearDamping = 1 / (1 + h * bodies.linearDamping[b]!);
    const angularDamping = 1 / (1 + h * bodies.angularDamping[b]!);
    const vx = h * invMass * (bodies.fx[b]! + mass * gs * gx) + linearDamping * state[o + VX]!;
    const vy = h * invMass * (bodies.fy[b]! + mass * gs * gy) + linearDamping * state[o + VY]!;
    const av = h * bodies.invInertia[b]! * bodies.torque[b]! + angularDamping * state[o + W]!;
    state[o + VX] = vx;
    state[o + VY] = vy;
    state[o + W] = av;
    // clamp to keep a blown-up body from destroying the rest of the scene
    if (vx * vx + vy * vy > maxLinearSq || av * av > maxAngularSq) clampSpeed(state, o, ctx, false);
  }
}

/** Moves the in-step position and rotation deltas of every awake body. */
function integratePositions(w: WorldState, ctx: StepContext): void {
  const h = ctx.h;
  const state = w.bodies.state;
  const maxLinear = ctx.maxLinearSpeed;
  const maxLinearSq = maxLinear * maxLinear;
  const maxAngular = ctx.maxSolvedAngularSpeed;
  const type = w.bodies.type;
  for (let i = 0; i < w.awakeBodyCount; i++) {
    const b = w.awakeBodies[i]!;
    const o = b * STATE_STRIDE;
    // A dynamic body's speed limits again, the angular one looser (a solve may legitimately
    // spin a light body past the limit on entry): a solve that diverges (contradicting
    // constraints, extreme mass ratios) could otherwise move it without bound, the next
    // solve would diverge faster, and the numbers overflow. Kinematic bodies move as set.
    const vSq = state[o + VX]! * state[o + VX]! + state[o + VY]! * state[o + VY]!;
    const av = state[o + W]!;
    if ((vSq > maxLinearSq || av * av > maxAngular * maxAngular) && type[b] === BodyType.Dynamic) {
      clampSpeed(state, o, ctx, true);
    }
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

/**
 * Scales the velocity in state record o down to the step's limits: the entry limits, or
 * after a solve (`afterSolve`) the looser angular one (a boolean, not the limits, crosses
 * the call: doubles would be boxed).
 */
function clampSpeed(state: Float64Array, o: number, ctx: StepContext, afterSolve: boolean): void {
  const maxLinear = ctx.maxLinearSpeed;
  const vx = state[o + VX]!;
  const vy = state[o + VY]!;
  const vSq = vx * vx + vy * vy;
  if (vSq > maxLinear * maxLinear) {
    // a squared speed that overflowed would give a ratio of 0 (a stop, not a clamp):
    // measure the speed on components scaled by the larger one instead
    const m = Math.max(Math.abs(vx), Math.abs(vy));
    const speed =
      vSq === Infinity ? m * Math.sqrt((vx / m) * (vx / m) + (vy / m) * (vy / m)) : Math.sqrt(vSq);
    const ratio = maxLinear / speed;
    state[o + VX] = vx * ratio;
    state[o + VY] = vy * ratio;
  }
  const maxAngular = afterSolve ? ctx.maxSolvedAngularSpeed : ctx.maxAngularSpeed;
  const av = state[o + W]!;
  if (av > maxAngular) state[o + W] = maxAngular;
  else if (av < -maxAngular) state[o + W] = -maxAngular;
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
  const trees = bp.trees;
  const sleepOn = w.settings.enableSleep;
  const continuousOn = w.settings.enableContinuous;
  const minSweep = w.settings.continuousMinSpeed * dt;
  const minSweepSq = minSweep * minSweep;
  w.fastBodyCount = 0;
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
    const dpx = state[o + DPX]!;
    const dpy = state[o + DPY]!;
    bodies.c0x[b] = bodies.cx[b]!;
    bodies.c0y[b] = bodies.cy[b]!;
    bodies.q0c[b] = qc0;
    bodies.q0s[b] = qs0;
    const cx = bodies.cx[b]! + dpx;
    const cy = bodies.cy[b]! + dpy;
    // a body that moved more than half its thinnest extent could have skipped a thin wall
    if (continuousOn && bodies.type[b] === BodyType.Dynamic) {
      const half = 0.5 * bodies.minExtent[b]!;
      const dispSq = dpx * dpx + dpy * dpy;
      if (dispSq > half * half && dispSq > minSweepSq) {
        if (w.fastBodyCount === w.fastBodies.length)
          w.fastBodies = growI32(w.fastBodies, w.fastBodyCount * 2);
        w.fastBodies[w.fastBodyCount++] = b;
      }
    }
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
      computeShapeBox(w, s);
      const key = shapes.proxyKey[s]!;
      if (key === -1) continue;
      const tree = trees[key & 3]!;
      const id = key >> 2;
      const minX = shapes.minX[s]!;
      const minY = shapes.minY[s]!;
      const maxX = shapes.maxX[s]!;
      const maxY = shapes.maxY[s]!;
      if (minX < tree.minX[id]! || minY < tree.minY[id]! || maxX > tree.maxX[id]! || maxY > tree.maxY[id]!) {
        const m = marginFor(w, b);
        fatBox.minX = minX - m;
        fatBox.minY = minY - m;
        fatBox.maxX = maxX + m;
        fatBox.maxY = maxY + m;
        // Box2D v3: the leaf takes the new fat box and its ancestors only grow; the
        // enlarged part of the tree is rebuilt when it is next searched. Static trees are
        // not enlarged.
        if ((key & 3) === 0) bp.moveProxy(key, fatBox);
        else bp.enlargeProxy(key, fatBox);
      }
    }
  }
}
