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
 *
 * The solve stage's work over bodies and constraints goes through the world's step
 * executor (step_executor.ts) in blocks, constraints colour by colour
 * (dynamics/constraint_graph.ts); the rest runs here.
 */

import { MAX_ROTATION, MAX_SOLVED_ROTATION, RELAX_AGAIN_SPEED } from '../base/constants.js';
import { colourConstraints, finishPrepare, reportHitEvents } from '../dynamics/contact_solver.js';
import { GRAPH_COLOUR_COUNT, GRAPH_REGION_MIN_CONSTRAINTS } from '../dynamics/constraint_graph_store.js';
import { layOut } from '../dynamics/constraint_graph.js';
import { runSolverBlock, SolverStage } from './solver_stages.js';
import { REGION_PHASE_BIT, serialExecutor, type StepExecutor } from './step_executor.js';
import { growI32, growU8, placements, sharedGeneration } from '../base/array.js';
import type { KernelCore } from './contact_kernel_hook.js';
import { CollideStatus } from './narrow_phase.js';
import { AABB } from '../geometry/geometry.js';
import { solveContinuous } from '../dynamics/continuous.js';
import { updateSleep } from '../dynamics/island.js';
import {
  finishJoints,
  prepareJoints,
  solveJointsInOrder,
  trackJointPeaks,
  warmStartJointsInOrder,
} from '../joints/joint_solver.js';
import { colourJoints } from '../joints/joint_graph.js';
import { makeSoft } from '../dynamics/softness.js';
import type { ActiveSolver, SolverInstance } from './solver_interface.js';
import { markRollbackChanged, type WorldState } from './world_state.js';
import { createContact, destroyContact } from '../dynamics/contact.js';
import { updateSensors } from '../dynamics/sensor.js';
import { wakeBody } from '../dynamics/island.js';
import { fatBoxOf } from '../dynamics/shape.js';
import { FinalizeStatus, leftFatBox } from './finalize_bodies.js';
import { BodyType } from '../types/body_def.js';
import { CONTACT_ENABLE_EVENTS, CONTACT_TOUCHING } from '../dynamics/awake_contacts.js';

// the body stages as the alternative solvers (src/solvers) call them: every awake body
export { integratePositions, integrateVelocities } from '../dynamics/body_integration.js';

const now: () => number =
  typeof globalThis.performance?.now === 'function' ? () => globalThis.performance.now() : () => Date.now();

/** What the WebAssembly contact kernel reuses of the step (WorldDef.contactKernel). */
export const KERNEL_CORE: KernelCore = {
  runSolverBlock,
  placements,
  stage: SolverStage,
  colourCount: GRAPH_COLOUR_COUNT,
  sharedGeneration,
  regionMin: GRAPH_REGION_MIN_CONSTRAINTS,
  layOut: (w, n) => layOut(w, w.constraints.graph, n),
};

// Scratch shared by every world: the step is not re-entrant (a world is stepped by one
// thread), and worlds in one thread step one after the other.
const fatBox = new AABB(0.5, 0.5, 0.5, 0.5);

/** Advances the world by dt seconds in `subSteps` sub-steps. */
export function step(w: WorldState, dt: number, subSteps: number): void {
  const timed = w.settings.enableProfile;
  const t0 = timed ? now() : 0;
  const atRest = isAtRest(w);
  const ex = w.stepExecutor;
  if (ex.beginStep !== undefined) ex.beginStep();
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
  if (ex.endStep !== undefined) ex.endStep();
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
  // set before the loop: code after a long loop deoptimised at every call (see
  // scripts/deopt_survey.mjs; the joint grid: every step)
  events.moveCount = n;
  for (let i = 0; i < n; i++) events.moveBody[i] = pool.handle(w.awakeBodies[i]!);
}

/**
 * Creates a contact for every new overlapping pair of fat boxes, in sorted pair order. With
 * an executor other than the single-threaded one, the moved proxies' tree walks are a
 * stage (SolverStage.QueryPairs) that it may hand to helpers; the pair filter and contact
 * creation stay here, in the same order, so the pairs are the same. With the WebAssembly
 * contact kernel, the walks are one call of the kernel's (the same hits), and so is the
 * dynamic tree's self-walk (the same candidates).
 */
function updatePairs(w: WorldState): void {
  const bp = w.broadPhase;
  const ex = w.stepExecutor;
  const kernel = w.contactKernel;
  if (ex === serialExecutor && kernel === null) {
    bp.updatePairs();
  } else {
    // with the kernel, the walks by it: in blocks on any thread when helpers share its
    // memory, else in one call on this thread
    const m = bp.queueQueries();
    if (m > 0) {
      if (kernel === null || (ex !== serialExecutor && kernel.beforeQueries(w)))
        ex.runStage(w, SolverStage.QueryPairs, 0, m);
      else kernel.queryPairs(w, m);
    }
    // with the kernel, the dynamic tree's self-walk in it too (the same candidates)
    bp.takeQueries(m, kernel);
  }
  const n = bp.pairCount;
  const a = bp.pairShapeA;
  const b = bp.pairShapeB;
  for (let i = 0; i < n; i++) createContact(w, a[i]!, b[i]!);
}

function shapeHandle(w: WorldState, s: number): number {
  return w.shapes.pool.handle(s);
}

/**
 * Narrow phase over the awake contacts, in blocks (world/narrow_phase.ts collideBlock).
 * Contacts whose fat boxes stopped overlapping are destroyed; a contact that begins
 * touching a sleeping body wakes it.
 *
 * The blocks only do what every contact does: what happens to a few (destroyed, began or
 * stopped touching) is a status byte per contact, gathered here in awake order only when
 * some block reported one, and the step applies them afterwards (finishCollide). V8
 * compiles a path that never ran before it optimised a function as a deoptimisation, so
 * the first contact to end after that (a box settling at step 90 of a pile) threw the
 * whole loop back to the interpreter, which boxes every double; and a function whose loop
 * has been compiled on its own (on-stack replacement) enters that loop code on every call,
 * after one iteration in the interpreter, and V8 counts too little interpreted work to
 * optimise the whole function again for thousands of steps (docs/core-design.md).
 */
function collide(w: WorldState): void {
  const n = w.awakeContactCount;
  const ex = w.stepExecutor;
  // the WebAssembly kernel's collide block on one thread (src/wasm/collide_block.ts)
  const result = n > 0 ? runWhole(w, ex, ex === serialExecutor, SolverStage.Collide, n) : 0;
  collideChanged = 0;
  collideParted = 0;
  if (result !== 0) gatherCollide(w, n);
}

/**
 * The contacts that parted or changed, in awake order, from the blocks' status bytes. Most
 * bytes are Kept (0): they are read four at a time through an int32 view of the same memory
 * (`collideStatus` is 4-byte aligned and its length a multiple of four: reserveStepLists),
 * and only a word with a status in it is read byte by byte. The last word's bytes past n
 * are left from earlier steps and skipped.
 */
function gatherCollide(w: WorldState, n: number): void {
  const awake = w.awakeContacts;
  const status = w.collideStatus;
  const view = w.collideStatusWords;
  if (view.bytes !== status) {
    view.bytes = status;
    view.words = new Int32Array(status.buffer, status.byteOffset, status.length >> 2);
  }
  const words = view.words;
  const parted = partedList;
  const changed = changedList;
  let partedCount = 0;
  let changedCount = 0;
  const wordCount = (n + 3) >> 2;
  for (let k = 0; k < wordCount; k++) {
    if (words[k] === 0) continue;
    const end = Math.min(4 * k + 4, n);
    for (let i = 4 * k; i < end; i++) {
      const s = status[i]!;
      if (s === CollideStatus.Kept) continue;
      if (s === CollideStatus.Parted) parted[partedCount++] = awake[i]!;
      else changed[changedCount++] = awake[i]!;
    }
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
  // a whole number of words, for gatherCollide's int32 view
  if (contacts > w.collideStatus.length) w.collideStatus = growU8(w.collideStatus, (contacts + 3) & ~3);
  const bodies = w.bodies.pool.next;
  if (bodies > w.fastBodies.length) w.fastBodies = growI32(w.fastBodies, bodies);
  if (bodies > w.finalizeStatus.length) w.finalizeStatus = growU8(w.finalizeStatus, bodies);
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
  const ctx = w.stepContext;
  const ex = w.stepExecutor;
  if (ctx.dt !== dt || ctx.subSteps !== subSteps || ctx.settingsVersion !== settings.version) {
    updateStepContext(w, dt, subSteps);
  }

  prepareJoints(w, ctx);
  // the colouring runs on this thread: with the kernel, by it (a layout in regions by the
  // JS, from its colours: constraint_graph.ts layOut)
  const count = w.contactKernel?.colour(w) ?? colourConstraints(w);
  // (an executor of its own decides `inline` at this stage and releases its helpers at
  // StoreImpulses: the kernel takes those two only from the serial one)
  const serial = ex === serialExecutor;
  // the kernel's blocks through the executor, on any thread, read the step's doubles from
  // its memory: written once here (its own sweeps write theirs)
  if (!serial) w.contactKernel?.writeParams(w);
  finishPrepare(k, count > 0 ? runWhole(w, ex, serial, SolverStage.PrepareContacts, count) : 0);
  // The executor may decide `inline` when it is handed a stage (the worker's decides it at
  // PrepareContacts, from the constraint count): read once, after that, and kept for the
  // whole step, so every stage of the step takes the same path. (When one thread left the
  // joints uncoloured, an answer read before PrepareContacts and changed by it sent the
  // joint stages to a colour order left by an earlier step: docs/parallel-step.md.)
  const inline = ex.inline === true;
  // the joints' colour order, the order every thread count solves them in
  if (w.activeJointCount > 0) colourJoints(w);

  for (let i = 0; i < subSteps; i++) {
    ctx.secondPointFirst = (i >> 1) & 1;
    ctx.separationsStored = i > 0;
    runBodies(w, ex, inline, SolverStage.IntegrateVelocities);
    runJoints(w, ex, inline, SolverStage.JointWarmStart);
    runColours(w, ex, inline, SolverStage.WarmStart, ALL_COLOURS);
    runJoints(w, ex, inline, SolverStage.JointSolve);
    runColours(w, ex, inline, SolverStage.Solve, ALL_COLOURS);
    runBodies(w, ex, inline, SolverStage.IntegratePositions);
    runJoints(w, ex, inline, SolverStage.JointRelax);
    // the constraints the relax pass changed a lot, relaxed once more after it, in the
    // colours that have some
    const again = runColours(w, ex, inline, SolverStage.Relax, ALL_COLOURS);
    if (again !== 0) runColours(w, ex, inline, SolverStage.RelaxAgain, again);
    trackJointPeaks(w, ctx);
  }
  if (k.bouncy) runColours(w, ex, inline, SolverStage.Restitution, ALL_COLOURS);
  reportHitEvents(w, settings.hitEventThreshold);
  if (count > 0) runWhole(w, ex, serial, SolverStage.StoreImpulses, count);
  finishJoints(w, ctx);
  finalizeBodies(w);
  w.fastBodyCount = fastBodyCount;
}

/**
 * Runs a stage over its items [0, count) at once (PrepareContacts, StoreImpulses, the body
 * stages): by the WebAssembly kernel when the world has one and `here` (the stage may run
 * on this thread), with the same bits, else through the executor.
 */
function runWhole(w: WorldState, ex: StepExecutor, here: boolean, stage: SolverStage, count: number): number {
  const kernel = w.contactKernel;
  return here && kernel !== null ? kernel.sweep(w, stage, count) : ex.runStage(w, stage, 0, count);
}

/** Runs a body stage over every awake body (by the kernel as runWhole does); returns its result. */
function runBodies(w: WorldState, ex: StepExecutor, inline: boolean, stage: SolverStage): number {
  const n = w.awakeBodyCount;
  return n > 0 ? runWhole(w, ex, inline, stage, n) : 0;
}

/**
 * Runs a joint stage (JointWarmStart, JointSolve or JointRelax) over the active joints in
 * their colour order (joints/joint_graph.ts): colour by colour, each colour's joints with
 * object data here and its row-only joints through the executor, then the overflow here in
 * slot order. `inline` (the executor's answer for this step, see solve): all of them here in
 * one loop, in the same order; the same bits (joints of one colour commute).
 */
function runJoints(w: WorldState, ex: StepExecutor, inline: boolean, stage: SolverStage): void {
  const n = w.activeJointCount;
  if (n === 0) return;
  if (inline) {
    runJointsHere(w, stage, 0, n);
    return;
  }
  const jc = w.joints.colours;
  const start = jc.start;
  const rowEnd = jc.rowEnd;
  const overflow = start[GRAPH_COLOUR_COUNT]!;
  if (ex.runColours !== undefined && rowsOnly(start, rowEnd)) {
    // every coloured joint is row-only: the sweep at once (one dispatch, a barrier per colour)
    ex.runColours(w, stage, start, COLOUR_BITS);
    if (n > overflow) runJointsHere(w, stage, overflow, n);
    return;
  }
  for (let c = 0; c < GRAPH_COLOUR_COUNT; c++) {
    const s = start[c]!;
    const e = start[c + 1]!;
    const r = rowEnd[c]!;
    if (e > r) runJointsHere(w, stage, r, e);
    if (r > s) ex.runStage(w, stage, s, r);
  }
  if (n > overflow) runJointsHere(w, stage, overflow, n);
}

/** True when no joint colour holds a joint with object data (each colour's rows end it). */
function rowsOnly(start: Int32Array, rowEnd: Int32Array): boolean {
  for (let c = 0; c < GRAPH_COLOUR_COUNT; c++) if (rowEnd[c] !== start[c + 1]) return false;
  return true;
}

/** Runs a joint stage on the calling thread over the places [from, to) of the colour order. */
function runJointsHere(w: WorldState, stage: SolverStage, from: number, to: number): void {
  if (stage === SolverStage.JointWarmStart) warmStartJointsInOrder(w, from, to);
  else solveJointsInOrder(w, w.stepContext, stage === SolverStage.JointSolve, from, to);
}

/** The overflow's bit in a colour mask (runColours). */
const OVERFLOW_BIT = 1 << GRAPH_COLOUR_COUNT;
/** Every colour, not the overflow. */
const COLOUR_BITS = OVERFLOW_BIT - 1;
/** The regions' bit in a colour mask: every region's interior constraints (REGION_PHASE_BIT). */
const REGION_BIT = REGION_PHASE_BIT;
/** Every colour, the regions and the overflow. */
const ALL_COLOURS = OVERFLOW_BIT | COLOUR_BITS | REGION_BIT;

/**
 * Runs a constraint stage on the colours of `mask` (bit c: colour c; OVERFLOW_BIT: the
 * overflow; REGION_BIT: the regions): the overflow here, in its order (its constraints may
 * share bodies), then the regions, each whole by one thread (an executor with no
 * runColours: all of them here), then colour after colour through the executor (`inline`:
 * all of them in one loop here, the same order). Returns the mask of the colours whose
 * result was not 0.
 */
function runColours(
  w: WorldState,
  ex: StepExecutor,
  inline: boolean,
  stage: SolverStage,
  mask: number,
): number {
  const starts = w.constraints.graph.colourStart;
  if (inline) {
    // one thread: the overflow and every colour in one loop, in the same order (and the
    // relax-again pass over all of them, as it runs only where the relax pass flagged)
    const count = starts[GRAPH_COLOUR_COUNT]!;
    if (count === 0) return 0;
    // the WebAssembly kernel, when the world has one, runs the contact sweeps and
    // restitution (same bits)
    const r = w.contactKernel?.sweep(w, stage, count) ?? runSolverBlock(w, stage, 0, count);
    return r !== 0 ? ALL_COLOURS : 0;
  }
  const graph = w.constraints.graph;
  const overflow = graph.overflowCount;
  const regions = graph.regionCount;
  const regionStart = graph.regionStart;
  let results = 0;
  if (overflow > 0 && (mask & OVERFLOW_BIT) !== 0 && runSolverBlock(w, stage, 0, overflow) !== 0) {
    results = OVERFLOW_BIT;
  }
  // an executor that takes the whole sweep at once (one dispatch: a phase of the regions,
  // then a barrier per colour)
  if (ex.runColours !== undefined) {
    const sweep = mask & (COLOUR_BITS | (regions > 0 ? REGION_BIT : 0));
    return results | ex.runColours(w, stage, starts, sweep, regionStart, regions);
  }
  const regionsEnd = regionStart[regions]!;
  if (regions > 0 && (mask & REGION_BIT) !== 0 && regionsEnd > overflow) {
    if (runSolverBlock(w, stage, overflow, regionsEnd) !== 0) results |= REGION_BIT;
  }
  for (let c = 0; c < GRAPH_COLOUR_COUNT; c++) {
    const start = starts[c]!;
    const end = starts[c + 1]!;
    if (end > start && ((mask >> c) & 1) !== 0 && ex.runStage(w, stage, start, end) !== 0) results |= 1 << c;
  }
  return results;
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
 * Applies the step's deltas to the body transforms, clears forces, advances sleep timers
 * and recomputes the shapes' boxes, in blocks (world/finalize_bodies.ts); then lists the
 * fast bodies (for continuous collision) and the shapes that left their fat boxes
 * (refitProxies moves their proxies after the solve) from the blocks' status bytes, in
 * awake order. The counts are left in module variables, as collide leaves its own.
 */
function finalizeBodies(w: WorldState): void {
  // with the kernel, by it: in blocks on any thread when helpers share its memory, else in
  // one pass on this thread
  const kernel = w.contactKernel;
  const n = w.awakeBodyCount;
  if (kernel !== null && n > 0 && w.stepExecutor !== serialExecutor && kernel.beforeFinish(w, n))
    gatherFinalized(w, n, w.stepExecutor.runStage(w, SolverStage.FinalizeBodies, 0, n));
  else gatherFinalized(w, n, runBodies(w, w.stepExecutor, true, SolverStage.FinalizeBodies));
}

/**
 * The fast bodies and the shapes out of their fat boxes, in awake order then shape order,
 * from the status bytes of finalizeBodyRange (their boxes are this step's, the fat boxes
 * untouched since: the same test gives the same answer).
 */
function gatherFinalized(w: WorldState, n: number, result: number): void {
  fastBodyCount = 0;
  refitCount = 0;
  if (result === 0) return;
  const status = w.finalizeStatus;
  const awake = w.awakeBodies;
  const fast = w.fastBodies;
  const shapes = w.shapes;
  const head = w.bodies.shapeHead;
  const tight = shapes.box;
  const fat = w.broadPhase.shapeFat;
  let fastCount = 0;
  let escapedCount = 0;
  for (let i = 0; i < n; i++) {
    const flags = status[i]!;
    if (flags === 0) continue;
    const b = awake[i]!;
    if ((flags & FinalizeStatus.Fast) !== 0) fast[fastCount++] = b;
    if ((flags & FinalizeStatus.Escaped) === 0) continue;
    for (let s = head[b]!; s !== -1; s = shapes.next[s]!) {
      if (shapes.proxyKey[s] !== -1 && leftFatBox(tight, fat, s)) refitList[escapedCount++] = s;
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
