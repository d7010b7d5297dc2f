/**
 * The soft step's body stages: velocities from forces, then positions from velocities,
 * each over a range of awake bodies (a block of world/step_executor.ts). A body's update
 * reads and writes only that body.
 */

import type { StepContext } from './step_context.js';
import type { DynamicsState } from './dynamics_state.js';

/**
 * Body solver state (body_state_layout.ts), a copy for the body stages here and in
 * world/finalize_bodies.ts: an imported const is a module-cell load with a hole check at
 * every use in their loops (about ten instructions, a dozen uses a body), an enum member
 * a literal the bundler writes in. MASK bounds a record offset so that V8 knows the offset
 * plus a field stays an int32 (no overflow checks).
 */
export enum BS {
  VX = 0,
  VY = 1,
  W = 2,
  DPX = 4,
  DPY = 5,
  DQC = 6,
  DQS = 7,
  STRIDE = 8,
  MASK = 0x1ffffff8,
}

/** BodyType.Dynamic (types/body_def.ts) as a literal, for the same loops and the same reason. */
export enum BodyKind {
  Dynamic = 2,
}

/** This file's copies, for the pinning test (test/dynamics/layouts.test.ts). */
export const bodyTypeCopy = { Dynamic: BodyKind.Dynamic } as const;
/** The body state layout copy, for the pinning test. */
export const bodyStateCopy = {
  VX: BS.VX,
  VY: BS.VY,
  W: BS.W,
  DPX: BS.DPX,
  DPY: BS.DPY,
  DQC: BS.DQC,
  DQS: BS.DQS,
  STRIDE: BS.STRIDE,
} as const;

/** Integrates the velocities of every awake body (the alternative solvers' entry). */
export function integrateVelocities(w: DynamicsState, ctx: StepContext): void {
  integrateVelocityRange(w, ctx, 0, w.awakeBodyCount);
}

/** Integrates the positions of every awake body (the alternative solvers' entry). */
export function integratePositions(w: DynamicsState, ctx: StepContext): void {
  integratePositionRange(w, ctx, 0, w.awakeBodyCount);
}

/**
 * Gravity, forces and damping into the velocity of the awake dynamic bodies [start, end)
 * (indices into the awake list).
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
export function integrateVelocityRange(w: DynamicsState, ctx: StepContext, start: number, end: number): void {
  for (let i = start; i < end; i++) {
    const bodies = w.bodies;
    const b = w.awakeBodies[i]!;
    if (bodies.type[b] !== BodyKind.Dynamic) continue;
    const h = ctx.h;
    const state = bodies.state;
    const gx = w.settings.gravityX;
    const gy = w.settings.gravityY;
    const o = Math.imul(b, BS.STRIDE) & BS.MASK;
    const invMass = bodies.invMass[b]!;
    const mass = bodies.mass[b]!;
    const gs = bodies.gravityScale[b]!;
    const linearDamping = 1 / (1 + h * bodies.linearDamping[b]!);
    const angularDamping = 1 / (1 + h * bodies.angularDamping[b]!);
    const vx = h * invMass * (bodies.fx[b]! + mass * gs * gx) + linearDamping * state[o + BS.VX]!;
    const vy = h * invMass * (bodies.fy[b]! + mass * gs * gy) + linearDamping * state[o + BS.VY]!;
    const av = h * bodies.invInertia[b]! * bodies.torque[b]! + angularDamping * state[o + BS.W]!;
    state[o + BS.VX] = vx;
    state[o + BS.VY] = vy;
    state[o + BS.W] = av;
    // clamp to keep a blown-up body from destroying the rest of the scene
    limitSpeed(state, o, ctx, false, true);
  }
}

/**
 * Moves the in-step position and rotation deltas of the awake bodies [start, end) (see
 * integrateVelocityRange).
 */
export function integratePositionRange(w: DynamicsState, ctx: StepContext, start: number, end: number): void {
  for (let i = start; i < end; i++) {
    const b = w.awakeBodies[i]!;
    const h = ctx.h;
    const state = w.bodies.state;
    const o = Math.imul(b, BS.STRIDE) & BS.MASK;
    // A dynamic body's speed limits again, the angular one looser (a solve may legitimately
    // spin a light body past the limit on entry): a solve that diverges (contradicting
    // constraints, extreme mass ratios) could otherwise move it without bound, the next
    // solve would diverge faster, and the numbers overflow. Kinematic bodies move as set.
    limitSpeed(state, o, ctx, true, w.bodies.type[b] === BodyKind.Dynamic);
    const hw = h * state[o + BS.W]!;
    const qc = state[o + BS.DQC]!;
    const qs = state[o + BS.DQS]!;
    // first-order rotation update, renormalised: no trig in the step
    const c = qc - hw * qs;
    const s = qs + hw * qc;
    const inv = 1 / Math.sqrt(c * c + s * s);
    state[o + BS.DQC] = c * inv;
    state[o + BS.DQS] = s * inv;
    state[o + BS.DPX] = state[o + BS.DPX]! + h * state[o + BS.VX]!;
    state[o + BS.DPY] = state[o + BS.DPY]! + h * state[o + BS.VY]!;
  }
}

/**
 * Scales the velocity in state record o down to the step's limits if it is past one of them
 * (and `limited`): the entry limits, or after a solve (`afterSolve`) the looser angular one.
 *
 * Called for every body, and branch-free: every operation runs at every call and the
 * results are picked with selects. As a function called only for a body past a limit (a
 * few times a step in a scene with a spinning motor), V8 often optimised its callers before
 * it had run 8 times (before it had the feedback vector inlining needs), so it stayed a
 * real call; it then ran in the interpreter, boxing every double (640 bytes a step, in 4
 * of 8 processes of the probe's solver scene under PGS with V8's default tiering:
 * scripts/alloc_survey.ts, docs/core-design.md), for the thousands
 * of calls it took V8 to optimise it alone, and its path for the other limit, first taken
 * later, deoptimised it again. Only tagged values and a boolean cross the call: doubles
 * would be boxed.
 */
function limitSpeed(
  state: Float64Array,
  o: number,
  ctx: StepContext,
  afterSolve: boolean,
  limited: boolean,
): void {
  const maxLinear = ctx.maxLinearSpeed;
  const maxAngular = afterSolve ? ctx.maxSolvedAngularSpeed : ctx.maxAngularSpeed;
  const vx = state[o + BS.VX]!;
  const vy = state[o + BS.VY]!;
  const av = state[o + BS.W]!;
  const vSq = vx * vx + vy * vy;
  const linearOver = vSq > maxLinear * maxLinear;
  const angularOver = av * av > maxAngular * maxAngular;
  // a squared speed that overflowed would give a ratio of 0 (a stop, not a clamp):
  // measure the speed on components scaled by the larger one instead
  const m = Math.max(Math.abs(vx), Math.abs(vy));
  const ux = vx / m;
  const uy = vy / m;
  const scaledSpeed = m * Math.sqrt(ux * ux + uy * uy);
  const ratio = maxLinear / (vSq === Infinity ? scaledSpeed : Math.sqrt(vSq));
  const cx = vx * ratio;
  const cy = vy * ratio;
  const scale = limited && linearOver;
  state[o + BS.VX] = scale ? cx : vx;
  state[o + BS.VY] = scale ? cy : vy;
  // the angular limit applies to a body past either limit (as when this was a call made
  // only then)
  const negMaxAngular = -maxAngular;
  const above = av > maxAngular;
  const below = av < negMaxAngular;
  const clamped = above ? maxAngular : below ? negMaxAngular : av;
  state[o + BS.W] = limited && (linearOver || angularOver) ? clamped : av;
}
