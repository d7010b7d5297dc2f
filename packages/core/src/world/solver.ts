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

import { DPX, DPY, DQC, DQS, originFromCenter, STATE_STRIDE, VX, VY, W } from '../dynamics/body.js';
import {
  MAX_ROTATION,
  MAX_SOLVED_ROTATION,
  RELAX_AGAIN_SPEED,
  SPECULATIVE_DISTANCE,
} from '../base/constants.js';
import { reuseManifold, reusesManifold, updateContactManifold } from '../dynamics/contact.js';
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
import { AABB, type ShapeType } from '../geometry/geometry.js';
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
import { collideShapes } from '../collision/manifold.js';
import type { StepContext } from '../dynamics/step_context.js';
import type { ActiveSolver, SolverInstance } from './solver_interface.js';
import { markRollbackChanged, type WorldState } from './world_state.js';
import { createContact, destroyContact } from '../dynamics/contact.js';
import { updateSensors } from '../dynamics/sensor.js';
import { wakeBody } from '../dynamics/island.js';
import { computeShapeBox, fatBoxOf } from '../dynamics/shape.js';
import { BodyType } from '../types/body_def.js';
import { CONTACT_ENABLE_EVENTS, CONTACT_TOUCHING } from '../dynamics/awake_contacts.js';

const now: () => number =
  typeof globalThis.performance?.now === 'function' ? () => globalThis.performance.now() : () => Date.now();

// Scratch shared by every world: the step is not re-entrant (a world is stepped by one
// thread), and worlds in one thread step one after the other. Only scratch that is written
// before it is read within a call may be shared: the narrow phase's manifold is not (its
// second point outlives a one-point manifold into the contact record), so it is the
// world's (WorldState.manifold).
const fatBox = new AABB(0.5, 0.5, 0.5, 0.5);

/** Record offsets are masked with this so that V8 knows an offset plus a small constant stays an int32 (see contact_solver.ts IX). */
enum IX {
  MASK = 0x1fffffff,
}

/** Advances the world by dt seconds in `subSteps` sub-steps. */
export function step(w: WorldState, dt: number, subSteps: number): void {
  const timed = w.settings.enableProfile;
  const t0 = timed ? now() : 0;
  const atRest = isAtRest(w);
  w.jointEventIds.length = 0;
  w.jointEventBroken.length = 0;
  w.events.beginStep();

  updatePairs(w);
  const t1 = timed ? now() : 0;

  // The step's loops record what happens to a few of their items (a contact that ends, a
  // proxy that leaves its fat box) in lists sized here, and the work on those few is
  // called from here, after each loop, only when there is some: see collide.
  reserveStepLists(w);
  collide(w);
  if (collideChanged > 0 || collideParted > 0) finishCollide(w, collideChanged, collideParted);
  const t2 = timed ? now() : 0;

  w.events.reserveHits(w.awakeContactCount); // a hit at most per contact constraint
  // an alternative solver (world/solver_interface.ts) replaces the solve stage: one test a step
  if (w.solver === null) solve(w, dt, subSteps);
  else solveWith(w, w.solver, dt, subSteps);
  if (refitCount > 0) refitProxies(w, refitCount);
  const t3 = timed ? now() : 0;

  solveContinuous(w);
  recordMoves(w);
  const t4 = timed ? now() : 0;

  if (w.settings.enableSleep) updateSleep(w, dt);
  const t5 = timed ? now() : 0;

  // sensor overlaps at the final poses: events in the step the overlap starts or ends
  const sensorsChanged = updateSensors(w);
  const t6 = timed ? now() : 0;
  // The step's one rollback rule (world/rollback.ts, "The fast path"): it renews the
  // stamp unless it changed nothing a state holds but the step counter, which it patches:
  // it began at rest, its sensor pass changed no overlap (the overlap set is part of a
  // state), and no body is awake after it (a guard: a step at rest wakes none).
  if (!atRest || sensorsChanged || w.awakeBodyCount !== 0) markRollbackChanged(w);

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

/**
 * True when the step will change nothing a rollback state holds but the step counter and
 * the sensors' overlap set (checked after the sensor pass): no body or contact is awake,
 * so the narrow phase, the solver, continuous collision and sleep have nothing to do and
 * nothing can wake (joints are solved only with an awake body), and no proxy waits in the
 * move buffer, so no pair is made. Such a step keeps the rollback stamp; any other renews
 * it (see step).
 */
function isAtRest(w: WorldState): boolean {
  return w.awakeBodyCount === 0 && w.awakeContactCount === 0 && w.broadPhase.moveCountPending === 0;
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
 *
 * The loop only does what every contact does: what happens to a few (destroyed, began or
 * stopped touching) is recorded branch-free in lists, and the step applies them
 * afterwards, in the loop's order (finishCollide). V8 compiles a path that never ran
 * before it optimised a function as a deoptimisation, so the first contact to end after
 * that (a box settling at step 90 of a pile) threw the whole loop back to the
 * interpreter, which boxes every double; and a function whose loop has been compiled on
 * its own (on-stack replacement) enters that loop code on every call, after one iteration
 * in the interpreter, and V8 counts too little interpreted work to optimise the whole
 * function again for thousands of steps (docs/core-design.md).
 */
function collide(w: WorldState): void {
  const contacts = w.contacts;
  const shapes = w.shapes;
  const bodies = w.bodies;
  const fat = w.broadPhase.shapeFat;
  const xfA = w.xfA;
  const xfB = w.xfB;
  const m = w.manifold;
  const quads = w.quadCache;
  const awake = w.awakeContacts;
  const awakeCount = w.awakeContactCount;
  const cShapeA = contacts.shapeA;
  const cShapeB = contacts.shapeB;
  const cBodyA = contacts.bodyA;
  const cBodyB = contacts.bodyB;
  const flags = contacts.flags;
  const pointCount = contacts.pointCount;
  const shapeType = shapes.type;
  const geometry = shapes.geometry;
  const px = bodies.px;
  const py = bodies.py;
  const qc = bodies.c;
  const qs = bodies.s;
  // both lists hold every awake contact (reserveStepLists)
  const parted = partedList;
  const changed = changedList;
  let partedCount = 0;
  let changedCount = 0;
  const sMinX = shapes.minX;
  const sMinY = shapes.minY;
  const sMaxX = shapes.maxX;
  const sMaxY = shapes.maxY;
  // Imported constants read once, as an unboxed double and an int: inside the loop an
  // imported binding is a module-cell load with a hole check at every use, and a double
  // held as a tagged local is unboxed (map check, load) at every use.
  const spec = SPECULATIVE_DISTANCE + 0;
  const touchingBit = CONTACT_TOUCHING | 0;

  for (let i = 0; i < awakeCount; i++) {
    const c = awake[i]!;
    const sA = cShapeA[c]!;
    const sB = cShapeB[c]!;
    // the fat boxes, one record per shape (BroadPhase.shapeFat: minX, minY, maxX, maxY);
    // the mask tells V8 that the offsets plus 3 stay int32 (no overflow checks)
    const fA = (sA << 2) & IX.MASK;
    const fB = (sB << 2) & IX.MASK;
    const outside =
      fat[fA + 2]! < fat[fB]! ||
      fat[fB + 2]! < fat[fA]! ||
      fat[fA + 3]! < fat[fB + 1]! ||
      fat[fB + 3]! < fat[fA + 1]!;
    parted[partedCount] = c;
    partedCount += outside ? 1 : 0;
    if (outside) continue;
    const f = flags[c]!;
    const wasTouching = (f & touchingBit) !== 0;
    // The shapes' own boxes farther apart than the speculative distance: no manifold point
    // can exist. Most contacts of a tumbling pile of small boxes are such fat-box
    // neighbours, and one that had no points before has nothing to update.
    const apart =
      sMaxX[sA]! + spec < sMinX[sB]! ||
      sMaxX[sB]! + spec < sMinX[sA]! ||
      sMaxY[sA]! + spec < sMinY[sB]! ||
      sMaxY[sB]! + spec < sMinY[sA]!;
    if (apart && !wasTouching) continue;
    const bA = cBodyA[c]!;
    const bB = cBodyB[c]!;
    const typeA = shapeType[sA]! as ShapeType;
    const typeB = shapeType[sB]! as ShapeType;
    // a contact whose shapes moved apart keeps the empty manifold
    m.clear();
    if (!apart) {
      // a touching pair that keeps its manifold (polygons that barely moved) stays touching
      if (wasTouching && reusesManifold(typeA, typeB) && reuseManifold(w, c, bA, bB, pointCount[c]!))
        continue;
      xfA.set(px[bA]!, py[bA]!, qc[bA]!, qs[bA]!);
      xfB.set(px[bB]!, py[bB]!, qc[bB]!, qs[bB]!);
      collideShapes(quads, sA, typeA, geometry[sA]!, xfA, sB, typeB, geometry[sB]!, xfB, m);
    }
    // A contact that was not touching has no points (finishCollide keeps the flag and the
    // count together), so one that still has none has nothing to write: about 2,500 of the
    // tumbler's near pairs a step.
    if (wasTouching || m.pointCount > 0) updateContactManifold(w, c, bA, bB, m);
    changed[changedCount] = c;
    changedCount += m.pointCount > 0 !== wasTouching ? 1 : 0;
  }
  collideChanged = changedCount;
  collideParted = partedCount;
}

// The step loops' lists, shared by every world like the scratch above, with the counts the
// last loop left in them: contacts whose fat boxes parted or that began or stopped touching
// (collide), shapes that left their fat boxes (finalizeBodies).
let partedList = new Int32Array(64);
let changedList = new Int32Array(64);
let wakeList = new Int32Array(64);
let refitList = new Int32Array(64);
let collideParted = 0;
let collideChanged = 0;
let refitCount = 0;
let fastBodyCount = 0;

/**
 * Gives the loops' lists room for every item they could record, before they run: growing
 * one inside a loop would be a path first taken late (see collide). Fast bodies and escaped
 * proxies are bounded by every body and shape: joints that break in the step wake bodies.
 */
function reserveStepLists(w: WorldState): void {
  const contacts = w.awakeContactCount;
  if (contacts > partedList.length) {
    partedList = growI32(partedList, contacts);
    changedList = growI32(changedList, contacts);
  }
  const bodies = w.bodies.pool.next;
  if (bodies > w.fastBodies.length) w.fastBodies = growI32(w.fastBodies, bodies);
  const shapes = w.shapes.pool.next;
  if (shapes > refitList.length) refitList = growI32(refitList, shapes);
}

/**
 * What collide recorded, in the order it met it: contacts that began touching (flag,
 * begin event, a sleeping body to wake) or stopped (flag, end event), then contacts whose
 * fat boxes parted (destroyed), then the bodies woken.
 */
function finishCollide(w: WorldState, changedCount: number, partedCount: number): void {
  const contacts = w.contacts;
  const flags = contacts.flags;
  const bodies = w.bodies;
  let wakeCount = 0;
  for (let i = 0; i < changedCount; i++) {
    const c = changedList[i]!;
    const f = flags[c]!;
    const sA = contacts.shapeA[c]!;
    const sB = contacts.shapeB[c]!;
    if (contacts.pointCount[c]! > 0) {
      flags[c] = f | CONTACT_TOUCHING;
      if ((f & CONTACT_ENABLE_EVENTS) !== 0) w.events.pushBegin(shapeHandle(w, sA), shapeHandle(w, sB));
      const bA = contacts.bodyA[c]!;
      const bB = contacts.bodyB[c]!;
      const sleeper = bodies.awake[bA] === 1 ? bB : bA;
      if (bodies.awake[sleeper] !== 1 && bodies.type[sleeper] !== BodyType.Static) {
        if (wakeCount === wakeList.length) wakeList = growI32(wakeList, wakeCount * 2);
        wakeList[wakeCount++] = sleeper;
      }
    } else {
      flags[c] = f & ~CONTACT_TOUCHING;
      if ((f & CONTACT_ENABLE_EVENTS) !== 0) w.events.pushEnd(shapeHandle(w, sA), shapeHandle(w, sB));
    }
  }
  for (let i = 0; i < partedCount; i++) destroyContact(w, partedList[i]!, false);
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
  finalizeBodies(w);
  w.fastBodyCount = fastBodyCount;
}

/**
 * The solve stage under an alternative solver: its one call, then the soft step's own
 * finish (bodies moved, boxes, sleep timers, fast bodies). The step context is kept up to
 * date as the soft step keeps it, so that finalizeBodies reads this step's dt and a switch
 * back to the soft step finds it current.
 */
function solveWith(w: WorldState, active: ActiveSolver, dt: number, subSteps: number): void {
  const ctx = w.stepContext;
  if (ctx.dt !== dt || ctx.subSteps !== subSteps || ctx.settingsVersion !== w.settings.version) {
    updateStepContext(w, dt, subSteps);
  }
  // no soft-step constraints this step: nothing may read last step's
  w.constraints.count = 0;
  w.activeJointCount = 0;
  w.breakableJointCount = 0;
  // every solver's instance is the step's kind (solver_interface.ts); the public type hides the state
  (active.instance as SolverInstance).solve(w, dt);
  finalizeBodies(w);
  w.fastBodyCount = fastBodyCount;
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

/**
 * Gravity, forces and damping into the velocity of every awake dynamic body.
 *
 * Everything is read inside the loop, here and in integratePositions and finalizeBodies:
 * their loops run a few times a step over every awake body, so with hundreds of bodies V8
 * optimises them during their first call, and code before the loop had run only before
 * the function had a feedback vector (V8 allocates them lazily, after some work), so it
 * was compiled as a deoptimisation. The next call deoptimised there, and from then on every
 * call entered the loop's own compiled code (on-stack replacement) after one iteration in
 * the interpreter, which boxed its doubles (1.7 KB a step in a jointed scene of a thousand
 * bodies, one process in three), while V8, counting only interpreted work, did not
 * optimise the whole function again for thousands of steps. Inside the loop every read has
 * run by then. Counts go out through module variables, whose stores need no feedback.
 */
export function integrateVelocities(w: WorldState, ctx: StepContext): void {
  for (let i = 0; i < w.awakeBodyCount; i++) {
    const bodies = w.bodies;
    const b = w.awakeBodies[i]!;
    if (bodies.type[b] !== BodyType.Dynamic) continue;
    const h = ctx.h;
    const state = bodies.state;
    const gx = w.settings.gravityX;
    const gy = w.settings.gravityY;
    const maxLinear = ctx.maxLinearSpeed;
    const maxLinearSq = maxLinear * maxLinear;
    const maxAngularSq = ctx.maxAngularSpeed * ctx.maxAngularSpeed;
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

/** Moves the in-step position and rotation deltas of every awake body (see integrateVelocities). */
export function integratePositions(w: WorldState, ctx: StepContext): void {
  for (let i = 0; i < w.awakeBodyCount; i++) {
    const b = w.awakeBodies[i]!;
    const h = ctx.h;
    const state = w.bodies.state;
    const maxLinear = ctx.maxLinearSpeed;
    const maxLinearSq = maxLinear * maxLinear;
    const maxAngular = ctx.maxSolvedAngularSpeed;
    const o = b * STATE_STRIDE;
    // A dynamic body's speed limits again, the angular one looser (a solve may legitimately
    // spin a light body past the limit on entry): a solve that diverges (contradicting
    // constraints, extreme mass ratios) could otherwise move it without bound, the next
    // solve would diverge faster, and the numbers overflow. Kinematic bodies move as set.
    const vSq = state[o + VX]! * state[o + VX]! + state[o + VY]! * state[o + VY]!;
    const av = state[o + W]!;
    if ((vSq > maxLinearSq || av * av > maxAngular * maxAngular) && w.bodies.type[b] === BodyType.Dynamic) {
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
 * timers and lists the fast bodies (for continuous collision) and the shapes that left
 * their fat boxes (refitProxies moves their proxies after the loop). Everything is read
 * inside the loop and the counts are left in module variables, for the reasons given at
 * integrateVelocities.
 */
function finalizeBodies(w: WorldState): void {
  let fastCount = 0;
  let escapedCount = 0;
  for (let i = 0; i < w.awakeBodyCount; i++) {
    const bodies = w.bodies;
    const shapes = w.shapes;
    const state = bodies.state;
    const settings = w.settings;
    const dt = w.stepContext.dt;
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
    // A body that moved more than half its thinnest extent could have skipped a thin wall.
    // Listed branch-free (the list has room for every body, reserveStepLists): a path only
    // a fast body takes would deoptimise the loop the first time one came (see collide).
    const minSweep = settings.continuousMinSpeed * dt;
    const half = 0.5 * bodies.minExtent[b]!;
    const dispSq = dpx * dpx + dpy * dpy;
    const dynamic = bodies.type[b] === BodyType.Dynamic;
    const far = dispSq > half * half;
    const swept = dispSq > minSweep * minSweep;
    w.fastBodies[fastCount] = b;
    fastCount += settings.enableContinuous && dynamic && far && swept ? 1 : 0;
    bodies.cx[b] = cx;
    bodies.cy[b] = cy;
    bodies.c[b] = qc;
    bodies.s[b] = qs;
    originFromCenter(bodies, b, bodies.cx, bodies.cy, bodies.c, bodies.s, bodies.px, bodies.py, b);
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
    if (settings.enableSleep && bodies.enableSleep[b] === 1) {
      const threshold = bodies.sleepThreshold[b]!;
      const extent = bodies.maxExtent[b]!;
      const slow =
        vx * vx + vy * vy <= threshold * threshold && av * av * extent * extent <= threshold * threshold;
      bodies.sleepTime[b] = slow ? bodies.sleepTime[b]! + dt : 0;
    } else {
      bodies.sleepTime[b] = 0;
    }

    const fat = w.broadPhase.shapeFat;
    for (let s = bodies.shapeHead[b]!; s !== -1; s = shapes.next[s]!) {
      computeShapeBox(w, s);
      if (shapes.proxyKey[s] === -1) continue;
      const f = 4 * s;
      const escaped =
        shapes.minX[s]! < fat[f]! ||
        shapes.minY[s]! < fat[f + 1]! ||
        shapes.maxX[s]! > fat[f + 2]! ||
        shapes.maxY[s]! > fat[f + 3]!;
      refitList[escapedCount] = s;
      escapedCount += escaped ? 1 : 0;
    }
  }
  fastBodyCount = fastCount;
  refitCount = escapedCount;
}

/**
 * The proxies of the shapes that left their fat boxes this step, in the order
 * finalizeBodies met them, take a new fat box. Box2D v3: the leaf takes the new fat box and
 * its ancestors only grow; the enlarged part of the tree is rebuilt when it is next
 * searched. Static trees are not enlarged.
 */
function refitProxies(w: WorldState, count: number): void {
  const shapes = w.shapes;
  const bp = w.broadPhase;
  for (let i = 0; i < count; i++) {
    const s = refitList[i]!;
    const key = shapes.proxyKey[s]!;
    fatBoxOf(w, s, fatBox);
    if ((key & 3) === 0) bp.moveProxy(key, fatBox);
    else bp.enlargeProxy(key, fatBox);
  }
}
