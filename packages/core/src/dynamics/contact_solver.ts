/**
 * The soft-step contact solver.
 *
 * Constraints are prepared once per step into one flat Float64Array in solver order
 * (the constraint graph's: overflow, then colour by colour, constraint_graph.ts); the
 * sub-step loop then sweeps that array with no indirection but the two body state
 * offsets. Every stage here works on a range [start, end) of constraints: a block of one
 * colour, which any worker may run (world/step_executor.ts). Anchors are fixed at the start of the step (relative to each center of mass)
 * and the current separation is tracked from the bodies' position deltas, so no contact
 * geometry is recomputed inside the sub-steps:
 *   s = dot(dpB - dpA + qB rB - qA rA, n) + (s0 - dot(rB - rA, n))
 *
 * Normal impulses are clamped to stay non-negative and friction to the Coulomb cone
 * |lambda_t| <= mu lambda_n, on accumulated impulses (so warm starting is exact).
 */

import { colourContacts } from './constraint_graph.js';
import type { StepContext } from './step_context.js';
import type { DynamicsState } from './dynamics_state.js';
import { CONTACT_ENABLE_EVENTS } from './awake_contacts.js';
import type { ContactConstraints } from './contact_constraints.js';

// Layouts read in the hot loops, copied here because an imported binding costs a load (or,
// under some test runners, a getter call) per use. They are enums, not consts: the
// TypeScript transform (esbuild) inlines enum members as literals, while a module-level
// const stays a context-slot load with a TDZ (hole) check at every use in optimized code.
// A test (test/dynamics/layouts.test.ts) pins them to body_state_layout.ts and
// contact_layout.ts.

/** Body solver state (body_state_layout.ts). */
enum S {
  VX = 0,
  VY = 1,
  W = 2,
  DPX = 4,
  DPY = 5,
  DQC = 6,
  DQS = 7,
  STRIDE = 8,
}

/** Contact record (contact_layout.ts); point k at POINT + k * POINT_STRIDE. */
enum C {
  NX = 0,
  NY = 1,
  FRICTION = 2,
  RESTITUTION = 3,
  POINT = 4,
  POINT_STRIDE = 8,
  STRIDE = 20,
}

/** A point of a contact record (contact_layout.ts). */
enum P {
  RAX = 0,
  RAY = 1,
  RBX = 2,
  RBY = 3,
  SEP = 4,
  NORMAL_IMPULSE = 5,
  TANGENT_IMPULSE = 6,
  MAX_NORMAL_IMPULSE = 7,
}

/** This file's layout copies, for the pinning test. */
export const layoutCopy = { bodyState: S, record: C, point: P } as const;

/** A prepared constraint; point k at POINT + k * POINT_STRIDE. */
enum K {
  NX = 0,
  NY = 1,
  FRICTION = 2,
  RESTITUTION = 3,
  MA = 4,
  IA = 5,
  MB = 6,
  IB = 7,
  BIAS_RATE = 8,
  MASS_SCALE = 9,
  IMPULSE_SCALE = 10,
  POINT = 11,
  POINT_STRIDE = 12,
  STRIDE = 35,
}

/** A point of a prepared constraint. */
enum Q {
  RAX = 0,
  RAY = 1,
  RBX = 2,
  RBY = 3,
  BASE_SEP = 4,
  NORMAL_IMPULSE = 5,
  TANGENT_IMPULSE = 6,
  MAX_NORMAL_IMPULSE = 7,
  NORMAL_MASS = 8,
  TANGENT_MASS = 9,
  RELATIVE_VELOCITY = 10,
  /** Separation stored by the relax pass for the next sub-step's solve pass (see solveContacts). */
  SEPARATION = 11,
}

/** Stride of a prepared constraint. */
export const K_STRIDE = K.STRIDE;

/**
 * Indices into the constraint and state arrays are masked with this. V8 then knows an
 * index plus a small offset stays an int32 and drops the overflow check of every such
 * addition in the sweeps (about a hundred per paired iteration; 3-4 % of a small
 * pyramid's step). Math.imul does the same for the products that make the bases.
 */
enum IX {
  MASK = 0x1fffffff,
}

/** Values of the meta point-count field (the point count is its low two bits). */
enum M {
  /** First of two adjacent two-point constraints that share no moving body: run interleaved. */
  PAIRED_TWO_POINTS = 2 | 4,
  /** The pair bit. */
  PAIRED = 4,
}

/** The meta values of paired constraints, for the colouring's pinning test. */
export const PAIRED_TWO_POINTS = M.PAIRED_TWO_POINTS;

/**
 * Applies last sub-step's accumulated impulses at the start of a sub-step, to constraints
 * [start, end): a block of one colour, or the overflow (which holds no pairs).
 */
export function warmStartContacts(
  k: ContactConstraints,
  state: Float64Array,
  start: number,
  end: number,
): void {
  const d = k.data;
  const meta = k.meta;
  // the first pass only reaches the back edge (see solveContacts)
  let i = start - 1;
  while (i < end) {
    if (i < start) {
      i = start;
      continue;
    }
    const kind = meta[(Math.imul(i, 4) & IX.MASK) + 2]!;
    // a pair whose second constraint lies past the block's end is run one by one (tests
    // ordered as in solveContacts)
    if (kind !== M.PAIRED_TWO_POINTS || i + 1 >= end) {
      if ((kind & 3) === 1) {
        // one point (as warmStartOne), here: most of a pile's constraints
        const base = Math.imul(i, K.STRIDE) & IX.MASK;
        const m4 = Math.imul(i, 4) & IX.MASK;
        const oa = meta[m4]! & IX.MASK;
        const ob = meta[m4 + 1]! & IX.MASK;
        const p0 = base + K.POINT;
        const nx = d[base + K.NX]!;
        const ny = d[base + K.NY]!;
        const mA = d[base + K.MA]!;
        const iA = d[base + K.IA]!;
        const mB = d[base + K.MB]!;
        const iB = d[base + K.IB]!;
        const ni = d[p0 + Q.NORMAL_IMPULSE]!;
        const ti = d[p0 + Q.TANGENT_IMPULSE]!;
        // tangent = (ny, -nx)
        const px = ni * nx + ti * ny;
        const py = ni * ny - ti * nx;
        const wa = state[oa + S.W]! - iA * (d[p0 + Q.RAX]! * py - d[p0 + Q.RAY]! * px);
        const vax = state[oa + S.VX]! - mA * px;
        const vay = state[oa + S.VY]! - mA * py;
        const wb = state[ob + S.W]! + iB * (d[p0 + Q.RBX]! * py - d[p0 + Q.RBY]! * px);
        const vbx = state[ob + S.VX]! + mB * px;
        const vby = state[ob + S.VY]! + mB * py;
        state[oa + S.VX] = vax;
        state[oa + S.VY] = vay;
        state[oa + S.W] = wa;
        state[ob + S.VX] = vbx;
        state[ob + S.VY] = vby;
        state[ob + S.W] = wb;
        i++;
        continue;
      }
      warmStartOne(d, meta, state, i);
      i++;
      continue;
    }
    // two independent two-point constraints, interleaved (their colour shares no moving body: constraint_graph.ts)
    const iX = i;
    const iY = i + 1;
    const baseX = Math.imul(iX, K.STRIDE) & IX.MASK;
    const mX = Math.imul(iX, 4) & IX.MASK;
    const oaX = meta[mX]! & IX.MASK;
    const obX = meta[mX + 1]! & IX.MASK;
    const nxX = d[baseX + K.NX]!;
    const nyX = d[baseX + K.NY]!;
    const mAX = d[baseX + K.MA]!;
    const iAX = d[baseX + K.IA]!;
    const mBX = d[baseX + K.MB]!;
    const iBX = d[baseX + K.IB]!;
    let vaxX = state[oaX + S.VX]!;
    let vayX = state[oaX + S.VY]!;
    let waX = state[oaX + S.W]!;
    let vbxX = state[obX + S.VX]!;
    let vbyX = state[obX + S.VY]!;
    let wbX = state[obX + S.W]!;
    const p0X = baseX + K.POINT;
    const p1X = p0X + K.POINT_STRIDE;
    const baseY = Math.imul(iY, K.STRIDE) & IX.MASK;
    const mY = Math.imul(iY, 4) & IX.MASK;
    const oaY = meta[mY]! & IX.MASK;
    const obY = meta[mY + 1]! & IX.MASK;
    const nxY = d[baseY + K.NX]!;
    const nyY = d[baseY + K.NY]!;
    const mAY = d[baseY + K.MA]!;
    const iAY = d[baseY + K.IA]!;
    const mBY = d[baseY + K.MB]!;
    const iBY = d[baseY + K.IB]!;
    let vaxY = state[oaY + S.VX]!;
    let vayY = state[oaY + S.VY]!;
    let waY = state[oaY + S.W]!;
    let vbxY = state[obY + S.VX]!;
    let vbyY = state[obY + S.VY]!;
    let wbY = state[obY + S.W]!;
    const p0Y = baseY + K.POINT;
    const p1Y = p0Y + K.POINT_STRIDE;
    {
      const ni = d[p0X + Q.NORMAL_IMPULSE]!;
      const ti = d[p0X + Q.TANGENT_IMPULSE]!;
      // tangent = (ny, -nx)
      const px = ni * nxX + ti * nyX;
      const py = ni * nyX - ti * nxX;
      waX -= iAX * (d[p0X + Q.RAX]! * py - d[p0X + Q.RAY]! * px);
      vaxX -= mAX * px;
      vayX -= mAX * py;
      wbX += iBX * (d[p0X + Q.RBX]! * py - d[p0X + Q.RBY]! * px);
      vbxX += mBX * px;
      vbyX += mBX * py;
    }
    {
      const ni = d[p0Y + Q.NORMAL_IMPULSE]!;
      const ti = d[p0Y + Q.TANGENT_IMPULSE]!;
      // tangent = (ny, -nx)
      const px = ni * nxY + ti * nyY;
      const py = ni * nyY - ti * nxY;
      waY -= iAY * (d[p0Y + Q.RAX]! * py - d[p0Y + Q.RAY]! * px);
      vaxY -= mAY * px;
      vayY -= mAY * py;
      wbY += iBY * (d[p0Y + Q.RBX]! * py - d[p0Y + Q.RBY]! * px);
      vbxY += mBY * px;
      vbyY += mBY * py;
    }
    {
      const ni = d[p1X + Q.NORMAL_IMPULSE]!;
      const ti = d[p1X + Q.TANGENT_IMPULSE]!;
      // tangent = (ny, -nx)
      const px = ni * nxX + ti * nyX;
      const py = ni * nyX - ti * nxX;
      waX -= iAX * (d[p1X + Q.RAX]! * py - d[p1X + Q.RAY]! * px);
      vaxX -= mAX * px;
      vayX -= mAX * py;
      wbX += iBX * (d[p1X + Q.RBX]! * py - d[p1X + Q.RBY]! * px);
      vbxX += mBX * px;
      vbyX += mBX * py;
    }
    {
      const ni = d[p1Y + Q.NORMAL_IMPULSE]!;
      const ti = d[p1Y + Q.TANGENT_IMPULSE]!;
      // tangent = (ny, -nx)
      const px = ni * nxY + ti * nyY;
      const py = ni * nyY - ti * nxY;
      waY -= iAY * (d[p1Y + Q.RAX]! * py - d[p1Y + Q.RAY]! * px);
      vaxY -= mAY * px;
      vayY -= mAY * py;
      wbY += iBY * (d[p1Y + Q.RBX]! * py - d[p1Y + Q.RBY]! * px);
      vbxY += mBY * px;
      vbyY += mBY * py;
    }
    state[oaX + S.VX] = vaxX;
    state[oaX + S.VY] = vayX;
    state[oaX + S.W] = waX;
    state[obX + S.VX] = vbxX;
    state[obX + S.VY] = vbyX;
    state[obX + S.W] = wbX;
    state[oaY + S.VX] = vaxY;
    state[oaY + S.VY] = vayY;
    state[oaY + S.W] = waY;
    state[obY + S.VX] = vbxY;
    state[obY + S.VY] = vbyY;
    state[obY + S.W] = wbY;
    i += 2;
  }
}

/** Warm start of one constraint. */
function warmStartOne(d: Float64Array, meta: Int32Array, state: Float64Array, i: number): void {
  {
    const base = Math.imul(i, K.STRIDE) & IX.MASK;
    const m4 = Math.imul(i, 4) & IX.MASK;
    const oa = meta[m4]! & IX.MASK;
    const ob = meta[m4 + 1]! & IX.MASK;
    const pointCount = meta[m4 + 2]! & 3;
    const nx = d[base + K.NX]!;
    const ny = d[base + K.NY]!;
    const mA = d[base + K.MA]!;
    const iA = d[base + K.IA]!;
    const mB = d[base + K.MB]!;
    const iB = d[base + K.IB]!;
    let vax = state[oa + S.VX]!;
    let vay = state[oa + S.VY]!;
    let wa = state[oa + S.W]!;
    let vbx = state[ob + S.VX]!;
    let vby = state[ob + S.VY]!;
    let wb = state[ob + S.W]!;
    for (let j = 0; j < pointCount; j++) {
      const p = base + K.POINT + j * K.POINT_STRIDE;
      const ni = d[p + Q.NORMAL_IMPULSE]!;
      const ti = d[p + Q.TANGENT_IMPULSE]!;
      // tangent = (ny, -nx)
      const px = ni * nx + ti * ny;
      const py = ni * ny - ti * nx;
      wa -= iA * (d[p + Q.RAX]! * py - d[p + Q.RAY]! * px);
      vax -= mA * px;
      vay -= mA * py;
      wb += iB * (d[p + Q.RBX]! * py - d[p + Q.RBY]! * px);
      vbx += mB * px;
      vby += mB * py;
    }
    state[oa + S.VX] = vax;
    state[oa + S.VY] = vay;
    state[oa + S.W] = wa;
    state[ob + S.VX] = vbx;
    state[ob + S.VY] = vby;
    state[ob + S.W] = wb;
  }
}

/**
 * One Gauss-Seidel sweep over the contacts [start, end) (a block of one colour, or the
 * overflow). With `useBias` the soft push-out acts on overlap (solve); without it only
 * speculative gaps are honoured (relax), which removes the energy the push-out added.
 * Returns how many constraints the relax pass flagged to relax again (see relaxAgain).
 */
export function solveContacts(
  k: ContactConstraints,
  state: Float64Array,
  ctx: StepContext,
  useBias: boolean,
  start: number,
  end: number,
): number {
  const d = k.data;
  const meta = k.meta;
  const biasOn = useBias ? 1 : 0;
  // which point of each pair goes first this sub-step (StepContext.secondPointFirst)
  const first = (ctx.secondPointFirst & 1) * K.POINT_STRIDE;
  const second = K.POINT_STRIDE - first;
  // Positions move only between the solve and the relax pass of a sub-step, so the relax
  // pass stores the separations it computes and the next sub-step's solve pass reads them
  // back instead of recomputing them from the position deltas (the same bits).
  // (int32 flags: see solveOnePoints)
  const storedOn = useBias && ctx.separationsStored ? 1 : 0;
  // largest normal impulses only when something reads them (ContactConstraints.trackMaxImpulse)
  const track = k.tracking;
  const trackOn = track ? 1 : 0;
  // Arithmetic is done unconditionally and results picked with selects: an operation that
  // never ran while V8 collected type feedback (a speculative point in a resting pyramid)
  // deoptimises this whole loop the first time it runs, and the interpreter then boxes
  // every double for hundreds of steps until the function is optimised again.
  // The relax pass flags the constraints it changed a lot (see relaxAgain), branch-free;
  // the solve pass clears the flags of the constraints it runs one by one (harmless: the
  // relax pass that follows sets every flag again).
  const again = k.relaxAgain;
  let n = 0;
  // Every call runs in the interpreter (or baseline code) until its loop's first back edge,
  // where V8 enters the loop's compiled code, and in some processes V8 compiles this
  // function only that way (on-stack replacement) for thousands of steps: once its first
  // optimised code is thrown away, ticks of V8's tiering counter land in the loop whose
  // compiled code it already has, and it does not optimise the function again. Everything
  // the interpreter runs then boxes its doubles: the 40-base pyramid allocated 100 KB a
  // step, one paired iteration per call. So the first pass does no work but reach the
  // back edge, and the code before the loop reads no double (the context's doubles are
  // read where they are used, in the loop).
  let i = start - 1;
  while (i < end) {
    if (i < start) {
      i = start;
      continue;
    }
    const kind = meta[(Math.imul(i, 4) & IX.MASK) + 2]!;
    // a pair whose second constraint lies past the block's end is run one by one; the
    // test for one point comes second so that a two-point pair passes two tests, not three
    // (0.2 % of the 100-base pyramid's sweeps)
    if (kind !== M.PAIRED_TWO_POINTS || i + 1 >= end) {
      if ((kind & 3) === 1) {
        // the one-point constraints that follow, in one call: solved one after the other,
        // as one by one (the one-point constraints of a colour come after its two-point ones)
        let j = i + 1;
        while (j < end && (meta[(Math.imul(j, 4) & IX.MASK) + 2]! & 3) === 1) j++;
        n += solveOnePoints(d, meta, state, i, j, ctx, useBias, track, again);
        i = j;
        continue;
      }
      const changed = solveOne(d, meta, state, i, ctx, useBias, track);
      again[i] = changed;
      n += changed;
      i++;
      continue;
    }
    const ih = ctx.invH;
    const negMaxPush = -ctx.maxPushSpeed;
    // two independent two-point constraints, interleaved (their colour shares no moving body: constraint_graph.ts)
    const iX = i;
    const iY = i + 1;
    const baseX = Math.imul(iX, K.STRIDE) & IX.MASK;
    const mX = Math.imul(iX, 4) & IX.MASK;
    const oaX = meta[mX]! & IX.MASK;
    const obX = meta[mX + 1]! & IX.MASK;
    const nxX = d[baseX + K.NX]!;
    const nyX = d[baseX + K.NY]!;
    const mAX = d[baseX + K.MA]!;
    const iAX = d[baseX + K.IA]!;
    const mBX = d[baseX + K.MB]!;
    const iBX = d[baseX + K.IB]!;
    let vaxX = state[oaX + S.VX]!;
    let vayX = state[oaX + S.VY]!;
    let waX = state[oaX + S.W]!;
    let vbxX = state[obX + S.VX]!;
    let vbyX = state[obX + S.VY]!;
    let wbX = state[obX + S.W]!;
    const p0X = baseX + K.POINT + first;
    const p1X = baseX + K.POINT + second;
    // the relax pass (biasOn 0) is rigid and pushes nothing out
    const rateX = biasOn !== 0 ? d[baseX + K.BIAS_RATE]! : 0;
    const msX = biasOn !== 0 ? d[baseX + K.MASS_SCALE]! : 1;
    const isX = biasOn !== 0 ? d[baseX + K.IMPULSE_SCALE]! : 0;
    const rax0X = d[p0X + Q.RAX]!;
    const ray0X = d[p0X + Q.RAY]!;
    const rbx0X = d[p0X + Q.RBX]!;
    const rby0X = d[p0X + Q.RBY]!;
    const rax1X = d[p1X + Q.RAX]!;
    const ray1X = d[p1X + Q.RAY]!;
    const rbx1X = d[p1X + Q.RBX]!;
    const rby1X = d[p1X + Q.RBY]!;
    let s0X: number;
    let s1X: number;
    if (storedOn !== 0) {
      s0X = d[p0X + Q.SEPARATION]!;
      s1X = d[p1X + Q.SEPARATION]!;
    } else {
      const qacX = state[oaX + S.DQC]!;
      const qasX = state[oaX + S.DQS]!;
      const qbcX = state[obX + S.DQC]!;
      const qbsX = state[obX + S.DQS]!;
      const dpxX = state[obX + S.DPX]! - state[oaX + S.DPX]!;
      const dpyX = state[obX + S.DPY]! - state[oaX + S.DPY]!;
      s0X =
        (dpxX + (qbcX * rbx0X - qbsX * rby0X - (qacX * rax0X - qasX * ray0X))) * nxX +
        (dpyX + (qbsX * rbx0X + qbcX * rby0X - (qasX * rax0X + qacX * ray0X))) * nyX +
        d[p0X + Q.BASE_SEP]!;
      s1X =
        (dpxX + (qbcX * rbx1X - qbsX * rby1X - (qacX * rax1X - qasX * ray1X))) * nxX +
        (dpyX + (qbsX * rbx1X + qbcX * rby1X - (qasX * rax1X + qacX * ray1X))) * nyX +
        d[p1X + Q.BASE_SEP]!;
    }
    if (biasOn === 0) {
      d[p0X + Q.SEPARATION] = s0X;
      d[p1X + Q.SEPARATION] = s1X;
    }
    const spec0X = s0X * ih;
    const push0X = rateX * s0X;
    const open0X = s0X > 0;
    const bias0X = open0X ? spec0X : push0X < negMaxPush ? negMaxPush : push0X;
    const massScale0X = open0X ? 1 : msX;
    const impulseScale0X = open0X ? 0 : isX;
    const spec1X = s1X * ih;
    const push1X = rateX * s1X;
    const open1X = s1X > 0;
    const bias1X = open1X ? spec1X : push1X < negMaxPush ? negMaxPush : push1X;
    const massScale1X = open1X ? 1 : msX;
    const impulseScale1X = open1X ? 0 : isX;
    const nm0X = -d[p0X + Q.NORMAL_MASS]! * massScale0X;
    const nm1X = -d[p1X + Q.NORMAL_MASS]! * massScale1X;
    const oldN0X = d[p0X + Q.NORMAL_IMPULSE]!;
    const oldN1X = d[p1X + Q.NORMAL_IMPULSE]!;
    const oldT0X = d[p0X + Q.TANGENT_IMPULSE]!;
    const oldT1X = d[p1X + Q.TANGENT_IMPULSE]!;
    const tm0X = d[p0X + Q.TANGENT_MASS]!;
    const tm1X = d[p1X + Q.TANGENT_MASS]!;
    const frictionX = d[baseX + K.FRICTION]!;
    let ni0X = 0;
    let ni1X = 0;
    const baseY = Math.imul(iY, K.STRIDE) & IX.MASK;
    const mY = Math.imul(iY, 4) & IX.MASK;
    const oaY = meta[mY]! & IX.MASK;
    const obY = meta[mY + 1]! & IX.MASK;
    const nxY = d[baseY + K.NX]!;
    const nyY = d[baseY + K.NY]!;
    const mAY = d[baseY + K.MA]!;
    const iAY = d[baseY + K.IA]!;
    const mBY = d[baseY + K.MB]!;
    const iBY = d[baseY + K.IB]!;
    let vaxY = state[oaY + S.VX]!;
    let vayY = state[oaY + S.VY]!;
    let waY = state[oaY + S.W]!;
    let vbxY = state[obY + S.VX]!;
    let vbyY = state[obY + S.VY]!;
    let wbY = state[obY + S.W]!;
    const p0Y = baseY + K.POINT + first;
    const p1Y = baseY + K.POINT + second;
    // the relax pass (biasOn 0) is rigid and pushes nothing out
    const rateY = biasOn !== 0 ? d[baseY + K.BIAS_RATE]! : 0;
    const msY = biasOn !== 0 ? d[baseY + K.MASS_SCALE]! : 1;
    const isY = biasOn !== 0 ? d[baseY + K.IMPULSE_SCALE]! : 0;
    const rax0Y = d[p0Y + Q.RAX]!;
    const ray0Y = d[p0Y + Q.RAY]!;
    const rbx0Y = d[p0Y + Q.RBX]!;
    const rby0Y = d[p0Y + Q.RBY]!;
    const rax1Y = d[p1Y + Q.RAX]!;
    const ray1Y = d[p1Y + Q.RAY]!;
    const rbx1Y = d[p1Y + Q.RBX]!;
    const rby1Y = d[p1Y + Q.RBY]!;
    let s0Y: number;
    let s1Y: number;
    if (storedOn !== 0) {
      s0Y = d[p0Y + Q.SEPARATION]!;
      s1Y = d[p1Y + Q.SEPARATION]!;
    } else {
      const qacY = state[oaY + S.DQC]!;
      const qasY = state[oaY + S.DQS]!;
      const qbcY = state[obY + S.DQC]!;
      const qbsY = state[obY + S.DQS]!;
      const dpxY = state[obY + S.DPX]! - state[oaY + S.DPX]!;
      const dpyY = state[obY + S.DPY]! - state[oaY + S.DPY]!;
      s0Y =
        (dpxY + (qbcY * rbx0Y - qbsY * rby0Y - (qacY * rax0Y - qasY * ray0Y))) * nxY +
        (dpyY + (qbsY * rbx0Y + qbcY * rby0Y - (qasY * rax0Y + qacY * ray0Y))) * nyY +
        d[p0Y + Q.BASE_SEP]!;
      s1Y =
        (dpxY + (qbcY * rbx1Y - qbsY * rby1Y - (qacY * rax1Y - qasY * ray1Y))) * nxY +
        (dpyY + (qbsY * rbx1Y + qbcY * rby1Y - (qasY * rax1Y + qacY * ray1Y))) * nyY +
        d[p1Y + Q.BASE_SEP]!;
    }
    if (biasOn === 0) {
      d[p0Y + Q.SEPARATION] = s0Y;
      d[p1Y + Q.SEPARATION] = s1Y;
    }
    const spec0Y = s0Y * ih;
    const push0Y = rateY * s0Y;
    const open0Y = s0Y > 0;
    const bias0Y = open0Y ? spec0Y : push0Y < negMaxPush ? negMaxPush : push0Y;
    const massScale0Y = open0Y ? 1 : msY;
    const impulseScale0Y = open0Y ? 0 : isY;
    const spec1Y = s1Y * ih;
    const push1Y = rateY * s1Y;
    const open1Y = s1Y > 0;
    const bias1Y = open1Y ? spec1Y : push1Y < negMaxPush ? negMaxPush : push1Y;
    const massScale1Y = open1Y ? 1 : msY;
    const impulseScale1Y = open1Y ? 0 : isY;
    const nm0Y = -d[p0Y + Q.NORMAL_MASS]! * massScale0Y;
    const nm1Y = -d[p1Y + Q.NORMAL_MASS]! * massScale1Y;
    const oldN0Y = d[p0Y + Q.NORMAL_IMPULSE]!;
    const oldN1Y = d[p1Y + Q.NORMAL_IMPULSE]!;
    const oldT0Y = d[p0Y + Q.TANGENT_IMPULSE]!;
    const oldT1Y = d[p1Y + Q.TANGENT_IMPULSE]!;
    const tm0Y = d[p0Y + Q.TANGENT_MASS]!;
    const tm1Y = d[p1Y + Q.TANGENT_MASS]!;
    const frictionY = d[baseY + K.FRICTION]!;
    let ni0Y = 0;
    let ni1Y = 0;
    {
      const dvx = vbxX - wbX * rby0X - (vaxX - waX * ray0X);
      const dvy = vbyX + wbX * rbx0X - (vayX + waX * rax0X);
      const vn = dvx * nxX + dvy * nyX;
      let impulse = nm0X * (vn + bias0X) - impulseScale0X * oldN0X;
      let acc = oldN0X + impulse;
      if (acc < 0) acc = 0;
      impulse = acc - oldN0X;
      d[p0X + Q.NORMAL_IMPULSE] = acc;
      ni0X = acc;
      if (trackOn !== 0) {
        const max = d[p0X + Q.MAX_NORMAL_IMPULSE]!;
        d[p0X + Q.MAX_NORMAL_IMPULSE] = impulse > max ? impulse : max;
      }
      const px = impulse * nxX;
      const py = impulse * nyX;
      vaxX -= mAX * px;
      vayX -= mAX * py;
      waX -= iAX * (rax0X * py - ray0X * px);
      vbxX += mBX * px;
      vbyX += mBX * py;
      wbX += iBX * (rbx0X * py - rby0X * px);
    }
    {
      const dvx = vbxY - wbY * rby0Y - (vaxY - waY * ray0Y);
      const dvy = vbyY + wbY * rbx0Y - (vayY + waY * rax0Y);
      const vn = dvx * nxY + dvy * nyY;
      let impulse = nm0Y * (vn + bias0Y) - impulseScale0Y * oldN0Y;
      let acc = oldN0Y + impulse;
      if (acc < 0) acc = 0;
      impulse = acc - oldN0Y;
      d[p0Y + Q.NORMAL_IMPULSE] = acc;
      ni0Y = acc;
      if (trackOn !== 0) {
        const max = d[p0Y + Q.MAX_NORMAL_IMPULSE]!;
        d[p0Y + Q.MAX_NORMAL_IMPULSE] = impulse > max ? impulse : max;
      }
      const px = impulse * nxY;
      const py = impulse * nyY;
      vaxY -= mAY * px;
      vayY -= mAY * py;
      waY -= iAY * (rax0Y * py - ray0Y * px);
      vbxY += mBY * px;
      vbyY += mBY * py;
      wbY += iBY * (rbx0Y * py - rby0Y * px);
    }
    {
      const dvx = vbxX - wbX * rby1X - (vaxX - waX * ray1X);
      const dvy = vbyX + wbX * rbx1X - (vayX + waX * rax1X);
      const vn = dvx * nxX + dvy * nyX;
      let impulse = nm1X * (vn + bias1X) - impulseScale1X * oldN1X;
      let acc = oldN1X + impulse;
      if (acc < 0) acc = 0;
      impulse = acc - oldN1X;
      d[p1X + Q.NORMAL_IMPULSE] = acc;
      ni1X = acc;
      if (trackOn !== 0) {
        const max = d[p1X + Q.MAX_NORMAL_IMPULSE]!;
        d[p1X + Q.MAX_NORMAL_IMPULSE] = impulse > max ? impulse : max;
      }
      const px = impulse * nxX;
      const py = impulse * nyX;
      vaxX -= mAX * px;
      vayX -= mAX * py;
      waX -= iAX * (rax1X * py - ray1X * px);
      vbxX += mBX * px;
      vbyX += mBX * py;
      wbX += iBX * (rbx1X * py - rby1X * px);
    }
    {
      const dvx = vbxY - wbY * rby1Y - (vaxY - waY * ray1Y);
      const dvy = vbyY + wbY * rbx1Y - (vayY + waY * rax1Y);
      const vn = dvx * nxY + dvy * nyY;
      let impulse = nm1Y * (vn + bias1Y) - impulseScale1Y * oldN1Y;
      let acc = oldN1Y + impulse;
      if (acc < 0) acc = 0;
      impulse = acc - oldN1Y;
      d[p1Y + Q.NORMAL_IMPULSE] = acc;
      ni1Y = acc;
      if (trackOn !== 0) {
        const max = d[p1Y + Q.MAX_NORMAL_IMPULSE]!;
        d[p1Y + Q.MAX_NORMAL_IMPULSE] = impulse > max ? impulse : max;
      }
      const px = impulse * nxY;
      const py = impulse * nyY;
      vaxY -= mAY * px;
      vayY -= mAY * py;
      waY -= iAY * (rax1Y * py - ray1Y * px);
      vbxY += mBY * px;
      vbyY += mBY * py;
      wbY += iBY * (rbx1Y * py - rby1Y * px);
    }
    {
      // tangent = (ny, -nx)
      const dvx = vbxX - wbX * rby0X - (vaxX - waX * ray0X);
      const dvy = vbyX + wbX * rbx0X - (vayX + waX * rax0X);
      const vt = dvx * nyX + dvy * -nxX;
      const maxFriction = frictionX * ni0X;
      let acc = oldT0X - tm0X * vt;
      const minFriction = -maxFriction;
      acc = acc < minFriction ? minFriction : acc > maxFriction ? maxFriction : acc;
      const impulse = acc - oldT0X;
      d[p0X + Q.TANGENT_IMPULSE] = acc;
      const px = impulse * nyX;
      const py = impulse * -nxX;
      vaxX -= mAX * px;
      vayX -= mAX * py;
      waX -= iAX * (rax0X * py - ray0X * px);
      vbxX += mBX * px;
      vbyX += mBX * py;
      wbX += iBX * (rbx0X * py - rby0X * px);
    }
    {
      // tangent = (ny, -nx)
      const dvx = vbxY - wbY * rby0Y - (vaxY - waY * ray0Y);
      const dvy = vbyY + wbY * rbx0Y - (vayY + waY * rax0Y);
      const vt = dvx * nyY + dvy * -nxY;
      const maxFriction = frictionY * ni0Y;
      let acc = oldT0Y - tm0Y * vt;
      const minFriction = -maxFriction;
      acc = acc < minFriction ? minFriction : acc > maxFriction ? maxFriction : acc;
      const impulse = acc - oldT0Y;
      d[p0Y + Q.TANGENT_IMPULSE] = acc;
      const px = impulse * nyY;
      const py = impulse * -nxY;
      vaxY -= mAY * px;
      vayY -= mAY * py;
      waY -= iAY * (rax0Y * py - ray0Y * px);
      vbxY += mBY * px;
      vbyY += mBY * py;
      wbY += iBY * (rbx0Y * py - rby0Y * px);
    }
    {
      // tangent = (ny, -nx)
      const dvx = vbxX - wbX * rby1X - (vaxX - waX * ray1X);
      const dvy = vbyX + wbX * rbx1X - (vayX + waX * rax1X);
      const vt = dvx * nyX + dvy * -nxX;
      const maxFriction = frictionX * ni1X;
      let acc = oldT1X - tm1X * vt;
      const minFriction = -maxFriction;
      acc = acc < minFriction ? minFriction : acc > maxFriction ? maxFriction : acc;
      const impulse = acc - oldT1X;
      d[p1X + Q.TANGENT_IMPULSE] = acc;
      const px = impulse * nyX;
      const py = impulse * -nxX;
      vaxX -= mAX * px;
      vayX -= mAX * py;
      waX -= iAX * (rax1X * py - ray1X * px);
      vbxX += mBX * px;
      vbyX += mBX * py;
      wbX += iBX * (rbx1X * py - rby1X * px);
    }
    {
      // tangent = (ny, -nx)
      const dvx = vbxY - wbY * rby1Y - (vaxY - waY * ray1Y);
      const dvy = vbyY + wbY * rbx1Y - (vayY + waY * rax1Y);
      const vt = dvx * nyY + dvy * -nxY;
      const maxFriction = frictionY * ni1Y;
      let acc = oldT1Y - tm1Y * vt;
      const minFriction = -maxFriction;
      acc = acc < minFriction ? minFriction : acc > maxFriction ? maxFriction : acc;
      const impulse = acc - oldT1Y;
      d[p1Y + Q.TANGENT_IMPULSE] = acc;
      const px = impulse * nyY;
      const py = impulse * -nxY;
      vaxY -= mAY * px;
      vayY -= mAY * py;
      waY -= iAY * (rax1Y * py - ray1Y * px);
      vbxY += mBY * px;
      vbyY += mBY * py;
      wbY += iBY * (rbx1Y * py - rby1Y * px);
    }
    state[oaX + S.VX] = vaxX;
    state[oaX + S.VY] = vayX;
    state[oaX + S.W] = waX;
    state[obX + S.VX] = vbxX;
    state[obX + S.VY] = vbyX;
    state[obX + S.W] = wbX;
    state[oaY + S.VX] = vaxY;
    state[oaY + S.VY] = vayY;
    state[oaY + S.W] = waY;
    state[obY + S.VX] = vbxY;
    state[obY + S.VY] = vbyY;
    state[obY + S.W] = wbY;
    if (biasOn === 0) {
      const changeX = (Math.abs(ni0X - oldN0X) + Math.abs(ni1X - oldN1X)) * (mAX + mBX);
      const changeY = (Math.abs(ni0Y - oldN0Y) + Math.abs(ni1Y - oldN1Y)) * (mAY + mBY);
      const againSpeed = ctx.relaxAgainSpeed;
      const flagX = changeX > againSpeed ? 1 : 0;
      const flagY = changeY > againSpeed ? 1 : 0;
      again[iX] = flagX;
      again[iY] = flagY;
      n += flagX + flagY;
    }
    i += 2;
  }
  return n;
}

/**
 * The one-point constraints [start, end) of a sweep, one after the other as solveOne runs
 * them (the same bits), in one call: a colour's one-point constraints are adjacent
 * (constraint_graph.ts). The tumbler's sweeps took 30.4 M instructions a step with pairs
 * (each pair one call, the arithmetic written out for both), 27.4 M so (callgrind,
 * docs/contact-churn.md). The relax pass writes each one's relax-again flag to `again`;
 * returns how many it flagged.
 */
function solveOnePoints(
  d: Float64Array,
  meta: Int32Array,
  state: Float64Array,
  start: number,
  end: number,
  ctx: StepContext,
  useBias: boolean,
  track: boolean,
  again: Int32Array,
): number {
  const invH = ctx.invH;
  const negMaxPush = -ctx.maxPushSpeed;
  const againSpeed = ctx.relaxAgainSpeed;
  // The flags as int32s, read once: a boolean parameter or field has no known type in
  // optimized code, so each test of it in the loop was a full truthiness check (Smi,
  // false, empty string, undetectable, heap number, BigInt: about 15 instructions).
  const biasOn = useBias ? 1 : 0;
  // separations stored by the last relax pass (see solveContacts)
  const storedOn = useBias && ctx.separationsStored ? 1 : 0;
  const trackOn = track ? 1 : 0;
  let n = 0;
  for (let c = start; c < end; c++) {
    const base = Math.imul(c, K.STRIDE) & IX.MASK;
    const m4 = Math.imul(c, 4) & IX.MASK;
    const oa = meta[m4]! & IX.MASK;
    const ob = meta[m4 + 1]! & IX.MASK;
    const nx = d[base + K.NX]!;
    const ny = d[base + K.NY]!;
    const mA = d[base + K.MA]!;
    const iA = d[base + K.IA]!;
    const mB = d[base + K.MB]!;
    const iB = d[base + K.IB]!;
    let vax = state[oa + S.VX]!;
    let vay = state[oa + S.VY]!;
    let wa = state[oa + S.W]!;
    let vbx = state[ob + S.VX]!;
    let vby = state[ob + S.VY]!;
    let wb = state[ob + S.W]!;
    const p0 = base + K.POINT;
    const rax0 = d[p0 + Q.RAX]!;
    const ray0 = d[p0 + Q.RAY]!;
    const rbx0 = d[p0 + Q.RBX]!;
    const rby0 = d[p0 + Q.RBY]!;
    // the relax pass is rigid and pushes nothing out
    const rate = biasOn !== 0 ? d[base + K.BIAS_RATE]! : 0;
    const ms = biasOn !== 0 ? d[base + K.MASS_SCALE]! : 1;
    const is = biasOn !== 0 ? d[base + K.IMPULSE_SCALE]! : 0;
    let s0: number;
    if (storedOn !== 0) {
      s0 = d[p0 + Q.SEPARATION]!;
    } else {
      // current separation from the bodies' motion during this step
      const qac = state[oa + S.DQC]!;
      const qas = state[oa + S.DQS]!;
      const qbc = state[ob + S.DQC]!;
      const qbs = state[ob + S.DQS]!;
      const dpx = state[ob + S.DPX]! - state[oa + S.DPX]!;
      const dpy = state[ob + S.DPY]! - state[oa + S.DPY]!;
      s0 =
        (dpx + (qbc * rbx0 - qbs * rby0 - (qac * rax0 - qas * ray0))) * nx +
        (dpy + (qbs * rbx0 + qbc * rby0 - (qas * rax0 + qac * ray0))) * ny +
        d[p0 + Q.BASE_SEP]!;
    }
    if (biasOn === 0) d[p0 + Q.SEPARATION] = s0;
    // speculative (s > 0): allow closing the gap within this sub-step, no more
    const spec = s0 * invH;
    const push = rate * s0;
    const open = s0 > 0;
    const bias = open ? spec : push < negMaxPush ? negMaxPush : push;
    const massScale = open ? 1 : ms;
    const impulseScale = open ? 0 : is;
    const oldN = d[p0 + Q.NORMAL_IMPULSE]!;
    let ni0 = 0;
    {
      const dvx = vbx - wb * rby0 - (vax - wa * ray0);
      const dvy = vby + wb * rbx0 - (vay + wa * rax0);
      const vn = dvx * nx + dvy * ny;
      let impulse = -d[p0 + Q.NORMAL_MASS]! * massScale * (vn + bias) - impulseScale * oldN;
      let acc = oldN + impulse;
      if (acc < 0) acc = 0;
      impulse = acc - oldN;
      d[p0 + Q.NORMAL_IMPULSE] = acc;
      ni0 = acc;
      if (trackOn !== 0) {
        const max = d[p0 + Q.MAX_NORMAL_IMPULSE]!;
        d[p0 + Q.MAX_NORMAL_IMPULSE] = impulse > max ? impulse : max;
      }
      const px = impulse * nx;
      const py = impulse * ny;
      vax -= mA * px;
      vay -= mA * py;
      wa -= iA * (rax0 * py - ray0 * px);
      vbx += mB * px;
      vby += mB * py;
      wb += iB * (rbx0 * py - rby0 * px);
    }
    {
      // friction, tangent = (ny, -nx)
      const friction = d[base + K.FRICTION]!;
      const tx = ny;
      const ty = -nx;
      const dvx = vbx - wb * rby0 - (vax - wa * ray0);
      const dvy = vby + wb * rbx0 - (vay + wa * rax0);
      const vt = dvx * tx + dvy * ty;
      const old = d[p0 + Q.TANGENT_IMPULSE]!;
      const maxFriction = friction * ni0;
      let acc = old - d[p0 + Q.TANGENT_MASS]! * vt;
      const minFriction = -maxFriction;
      acc = acc < minFriction ? minFriction : acc > maxFriction ? maxFriction : acc;
      const impulse = acc - old;
      d[p0 + Q.TANGENT_IMPULSE] = acc;
      const px = impulse * tx;
      const py = impulse * ty;
      vax -= mA * px;
      vay -= mA * py;
      wa -= iA * (rax0 * py - ray0 * px);
      vbx += mB * px;
      vby += mB * py;
      wb += iB * (rbx0 * py - rby0 * px);
    }
    state[oa + S.VX] = vax;
    state[oa + S.VY] = vay;
    state[oa + S.W] = wa;
    state[ob + S.VX] = vbx;
    state[ob + S.VY] = vby;
    state[ob + S.W] = wb;
    if (biasOn === 0) {
      // relax pass: 1 when this constraint changed its bodies' relative speed a lot (as
      // solveOne's flag, point 1's change being 0 there)
      const change = (Math.abs(ni0 - oldN) + 0) * (mA + mB);
      const flag = change > againSpeed ? 1 : 0;
      again[c] = flag;
      n += flag;
    }
  }
  return n;
}

/**
 * A second relax sweep over the constraints [start, end) that the first one changed by
 * more than RELAX_AGAIN_SPEED (StepContext.relaxAgainSpeed), in solve order. One sweep
 * passes a correction one contact along a chain; where a pile is still moving apart or
 * absorbing an impact, a second one takes back most of what the first left (see
 * constants.ts). Run after the whole relax pass, colour by colour as it.
 */
export function relaxAgain(
  k: ContactConstraints,
  state: Float64Array,
  ctx: StepContext,
  start: number,
  end: number,
): void {
  const d = k.data;
  const meta = k.meta;
  const flags = k.relaxAgain;
  const track = k.tracking;
  for (let i = start; i < end; i++) {
    if (flags[i] !== 0) solveOne(d, meta, state, i, ctx, false, track);
  }
}

/** One constraint of a sweep (one or two points, or a point pair run alone). */
function solveOne(
  d: Float64Array,
  meta: Int32Array,
  state: Float64Array,
  i: number,
  ctx: StepContext,
  useBias: boolean,
  track: boolean,
): number {
  const invH = ctx.invH;
  const maxPushSpeed = ctx.maxPushSpeed;
  // (int32 flags: see solveOnePoints)
  const biasOn = useBias ? 1 : 0;
  const trackOn = track ? 1 : 0;
  {
    const base = Math.imul(i, K.STRIDE) & IX.MASK;
    const m4 = Math.imul(i, 4) & IX.MASK;
    const oa = meta[m4]! & IX.MASK;
    const ob = meta[m4 + 1]! & IX.MASK;
    const pointCount = meta[m4 + 2]! & 3;
    const nx = d[base + K.NX]!;
    const ny = d[base + K.NY]!;
    const mA = d[base + K.MA]!;
    const iA = d[base + K.IA]!;
    const mB = d[base + K.MB]!;
    const iB = d[base + K.IB]!;

    let vax = state[oa + S.VX]!;
    let vay = state[oa + S.VY]!;
    let wa = state[oa + S.W]!;
    let vbx = state[ob + S.VX]!;
    let vby = state[ob + S.VY]!;
    let wb = state[ob + S.W]!;
    const qac = state[oa + S.DQC]!;
    const qas = state[oa + S.DQS]!;
    const qbc = state[ob + S.DQC]!;
    const qbs = state[ob + S.DQS]!;
    const dpx = state[ob + S.DPX]! - state[oa + S.DPX]!;
    const dpy = state[ob + S.DPY]! - state[oa + S.DPY]!;
    // separations stored by the last relax pass (see solveContacts)
    const storedOn = useBias && ctx.separationsStored ? 1 : 0;
    // every operand is computed unconditionally (see solveContacts)
    const negMaxPush = -maxPushSpeed;
    const rate = biasOn !== 0 ? d[base + K.BIAS_RATE]! : 0;
    const ms = biasOn !== 0 ? d[base + K.MASS_SCALE]! : 1;
    const is = biasOn !== 0 ? d[base + K.IMPULSE_SCALE]! : 0;

    // point 0 (or point 1 of two, on the sub-steps that solve the second point first)
    const first = pointCount === 2 ? (ctx.secondPointFirst & 1) * K.POINT_STRIDE : 0;
    const p0 = base + K.POINT + first;
    const rax0 = d[p0 + Q.RAX]!;
    const ray0 = d[p0 + Q.RAY]!;
    const rbx0 = d[p0 + Q.RBX]!;
    const rby0 = d[p0 + Q.RBY]!;
    let ni0: number;
    // accumulated normal impulses before this sweep (point 1's stay 0 for one point)
    let old0 = 0;
    let old1 = 0;
    let acc1 = 0;
    {
      // current separation from the bodies' motion during this step
      const prx = qbc * rbx0 - qbs * rby0 - (qac * rax0 - qas * ray0);
      const pry = qbs * rbx0 + qbc * rby0 - (qas * rax0 + qac * ray0);
      const s =
        storedOn !== 0 ? d[p0 + Q.SEPARATION]! : (dpx + prx) * nx + (dpy + pry) * ny + d[p0 + Q.BASE_SEP]!;
      if (biasOn === 0) d[p0 + Q.SEPARATION] = s;
      // speculative (s > 0): allow closing the gap within this sub-step, no more
      const spec = s * invH;
      const push = rate * s;
      const open = s > 0;
      const bias = open ? spec : push < negMaxPush ? negMaxPush : push;
      const massScale = open ? 1 : ms;
      const impulseScale = open ? 0 : is;
      const dvx = vbx - wb * rby0 - (vax - wa * ray0);
      const dvy = vby + wb * rbx0 - (vay + wa * rax0);
      const vn = dvx * nx + dvy * ny;
      const old = d[p0 + Q.NORMAL_IMPULSE]!;
      old0 = old;
      let impulse = -d[p0 + Q.NORMAL_MASS]! * massScale * (vn + bias) - impulseScale * old;
      let acc = old + impulse;
      if (acc < 0) acc = 0;
      impulse = acc - old;
      d[p0 + Q.NORMAL_IMPULSE] = acc;
      ni0 = acc;
      if (trackOn !== 0) {
        const max = d[p0 + Q.MAX_NORMAL_IMPULSE]!;
        d[p0 + Q.MAX_NORMAL_IMPULSE] = impulse > max ? impulse : max;
      }
      const px = impulse * nx;
      const py = impulse * ny;
      vax -= mA * px;
      vay -= mA * py;
      wa -= iA * (rax0 * py - ray0 * px);
      vbx += mB * px;
      vby += mB * py;
      wb += iB * (rbx0 * py - rby0 * px);
    }

    if (pointCount === 2) {
      const p1 = base + K.POINT + K.POINT_STRIDE - first;
      const rax1 = d[p1 + Q.RAX]!;
      const ray1 = d[p1 + Q.RAY]!;
      const rbx1 = d[p1 + Q.RBX]!;
      const rby1 = d[p1 + Q.RBY]!;
      let ni1: number;
      {
        const prx = qbc * rbx1 - qbs * rby1 - (qac * rax1 - qas * ray1);
        const pry = qbs * rbx1 + qbc * rby1 - (qas * rax1 + qac * ray1);
        const s =
          storedOn !== 0 ? d[p1 + Q.SEPARATION]! : (dpx + prx) * nx + (dpy + pry) * ny + d[p1 + Q.BASE_SEP]!;
        if (biasOn === 0) d[p1 + Q.SEPARATION] = s;
        // speculative (s > 0): allow closing the gap within this sub-step, no more
        const spec = s * invH;
        const push = rate * s;
        const open = s > 0;
        const bias = open ? spec : push < negMaxPush ? negMaxPush : push;
        const massScale = open ? 1 : ms;
        const impulseScale = open ? 0 : is;
        const dvx = vbx - wb * rby1 - (vax - wa * ray1);
        const dvy = vby + wb * rbx1 - (vay + wa * rax1);
        const vn = dvx * nx + dvy * ny;
        const old = d[p1 + Q.NORMAL_IMPULSE]!;
        old1 = old;
        let impulse = -d[p1 + Q.NORMAL_MASS]! * massScale * (vn + bias) - impulseScale * old;
        let acc = old + impulse;
        if (acc < 0) acc = 0;
        impulse = acc - old;
        d[p1 + Q.NORMAL_IMPULSE] = acc;
        ni1 = acc;
        acc1 = acc;
        if (trackOn !== 0) {
          const max = d[p1 + Q.MAX_NORMAL_IMPULSE]!;
          d[p1 + Q.MAX_NORMAL_IMPULSE] = impulse > max ? impulse : max;
        }
        const px = impulse * nx;
        const py = impulse * ny;
        vax -= mA * px;
        vay -= mA * py;
        wa -= iA * (rax1 * py - ray1 * px);
        vbx += mB * px;
        vby += mB * py;
        wb += iB * (rbx1 * py - rby1 * px);
      }

      // friction, tangent = (ny, -nx)
      const friction = d[base + K.FRICTION]!;
      const tx = ny;
      const ty = -nx;
      {
        const dvx = vbx - wb * rby0 - (vax - wa * ray0);
        const dvy = vby + wb * rbx0 - (vay + wa * rax0);
        const vt = dvx * tx + dvy * ty;
        const old = d[p0 + Q.TANGENT_IMPULSE]!;
        const maxFriction = friction * ni0;
        let acc = old - d[p0 + Q.TANGENT_MASS]! * vt;
        const minFriction = -maxFriction;
        acc = acc < minFriction ? minFriction : acc > maxFriction ? maxFriction : acc;
        const impulse = acc - old;
        d[p0 + Q.TANGENT_IMPULSE] = acc;
        const px = impulse * tx;
        const py = impulse * ty;
        vax -= mA * px;
        vay -= mA * py;
        wa -= iA * (rax0 * py - ray0 * px);
        vbx += mB * px;
        vby += mB * py;
        wb += iB * (rbx0 * py - rby0 * px);
      }
      {
        const dvx = vbx - wb * rby1 - (vax - wa * ray1);
        const dvy = vby + wb * rbx1 - (vay + wa * rax1);
        const vt = dvx * tx + dvy * ty;
        const old = d[p1 + Q.TANGENT_IMPULSE]!;
        const maxFriction = friction * ni1;
        let acc = old - d[p1 + Q.TANGENT_MASS]! * vt;
        const minFriction = -maxFriction;
        acc = acc < minFriction ? minFriction : acc > maxFriction ? maxFriction : acc;
        const impulse = acc - old;
        d[p1 + Q.TANGENT_IMPULSE] = acc;
        const px = impulse * tx;
        const py = impulse * ty;
        vax -= mA * px;
        vay -= mA * py;
        wa -= iA * (rax1 * py - ray1 * px);
        vbx += mB * px;
        vby += mB * py;
        wb += iB * (rbx1 * py - rby1 * px);
      }
    } else {
      // friction, tangent = (ny, -nx)
      const friction = d[base + K.FRICTION]!;
      const tx = ny;
      const ty = -nx;
      const dvx = vbx - wb * rby0 - (vax - wa * ray0);
      const dvy = vby + wb * rbx0 - (vay + wa * rax0);
      const vt = dvx * tx + dvy * ty;
      const old = d[p0 + Q.TANGENT_IMPULSE]!;
      const maxFriction = friction * ni0;
      let acc = old - d[p0 + Q.TANGENT_MASS]! * vt;
      const minFriction = -maxFriction;
      acc = acc < minFriction ? minFriction : acc > maxFriction ? maxFriction : acc;
      const impulse = acc - old;
      d[p0 + Q.TANGENT_IMPULSE] = acc;
      const px = impulse * tx;
      const py = impulse * ty;
      vax -= mA * px;
      vay -= mA * py;
      wa -= iA * (rax0 * py - ray0 * px);
      vbx += mB * px;
      vby += mB * py;
      wb += iB * (rbx0 * py - rby0 * px);
    }

    state[oa + S.VX] = vax;
    state[oa + S.VY] = vay;
    state[oa + S.W] = wa;
    state[ob + S.VX] = vbx;
    state[ob + S.VY] = vby;
    state[ob + S.W] = wb;
    // relax pass: 1 when this constraint changed its bodies' relative speed a lot (relaxAgain)
    const change = (Math.abs(ni0 - old0) + Math.abs(acc1 - old1)) * (mA + mB);
    return biasOn === 0 && change > ctx.relaxAgainSpeed ? 1 : 0;
  }
}

/**
 * Restitution after the sub-steps, on constraints [start, end): points that approached
 * faster than the threshold and actually pushed get a normal velocity of -e times their
 * approach speed. The step skips it when no constraint is bouncy. Takes the world, not
 * the threshold: a double handed to a function V8 does not inline is boxed at every call,
 * and like the sweeps (see solveContacts) the first pass only reaches the back edge.
 */
export function applyContactRestitution(w: DynamicsState, start: number, end: number): void {
  const k = w.constraints;
  const state = w.bodies.state;
  const d = k.data;
  const meta = k.meta;
  for (let i = start - 1; i < end; i++) {
    if (i < start) continue;
    const base = i * K.STRIDE;
    const e = d[base + K.RESTITUTION]!;
    if (e === 0) continue;
    const threshold = w.settings.restitutionThreshold;
    const oa = meta[i * 4]!;
    const ob = meta[i * 4 + 1]!;
    const pointCount = meta[i * 4 + 2]! & 3;
    const nx = d[base + K.NX]!;
    const ny = d[base + K.NY]!;
    const mA = d[base + K.MA]!;
    const iA = d[base + K.IA]!;
    const mB = d[base + K.MB]!;
    const iB = d[base + K.IB]!;
    let vax = state[oa + S.VX]!;
    let vay = state[oa + S.VY]!;
    let wa = state[oa + S.W]!;
    let vbx = state[ob + S.VX]!;
    let vby = state[ob + S.VY]!;
    let wb = state[ob + S.W]!;
    for (let j = 0; j < pointCount; j++) {
      const p = base + K.POINT + j * K.POINT_STRIDE;
      const approach = d[p + Q.RELATIVE_VELOCITY]!;
      if (approach > -threshold || d[p + Q.MAX_NORMAL_IMPULSE]! === 0) continue;
      const rax = d[p + Q.RAX]!;
      const ray = d[p + Q.RAY]!;
      const rbx = d[p + Q.RBX]!;
      const rby = d[p + Q.RBY]!;
      const dvx = vbx - wb * rby - (vax - wa * ray);
      const dvy = vby + wb * rbx - (vay + wa * rax);
      const vn = dvx * nx + dvy * ny;
      const old = d[p + Q.NORMAL_IMPULSE]!;
      let acc = old - d[p + Q.NORMAL_MASS]! * (vn + e * approach);
      if (acc < 0) acc = 0;
      const impulse = acc - old;
      d[p + Q.NORMAL_IMPULSE] = acc;
      const max = d[p + Q.MAX_NORMAL_IMPULSE]!;
      d[p + Q.MAX_NORMAL_IMPULSE] = impulse > max ? impulse : max;
      const px = impulse * nx;
      const py = impulse * ny;
      vax -= mA * px;
      vay -= mA * py;
      wa -= iA * (rax * py - ray * px);
      vbx += mB * px;
      vby += mB * py;
      wb += iB * (rbx * py - rby * px);
    }
    state[oa + S.VX] = vax;
    state[oa + S.VY] = vay;
    state[oa + S.W] = wa;
    state[ob + S.VX] = vbx;
    state[ob + S.VY] = vby;
    state[ob + S.W] = wb;
  }
}

/** Bits of what a block of the prepare stage found (prepareContactRange). */
export enum PreparedFlag {
  /** A point approaches fast enough for restitution or a hit event to read its maximum. */
  FAST = 1,
  /** A constraint has a non-zero restitution. */
  BOUNCY = 2,
}

/**
 * Colours the touching awake contacts (constraint_graph.ts), which orders the constraints
 * and writes their meta records; returns the constraint count, also left in `k.count`.
 * The constraints' doubles are written next, block by block (prepareContactRange), and
 * finishPrepare reads what the blocks found.
 */
export function colourConstraints(w: DynamicsState): number {
  const k = w.constraints;
  k.reserve(w.awakeContactCount);
  const n = colourContacts(w, k.graph);
  k.count = n;
  return n;
}

/**
 * Writes constraints [start, end) from their contacts and the bodies' velocities at the
 * start of the step; returns PreparedFlag bits for what it found.
 */
export function prepareContactRange(w: DynamicsState, ctx: StepContext, start: number, end: number): number {
  const k = w.constraints;
  const contacts = w.contacts;
  const bodies = w.bodies;
  const state = bodies.state;
  const invMass = bodies.invMass;
  const invInertia = bodies.invInertia;
  const kd = k.data;
  const meta = k.meta;
  const cd = contacts.data;
  const cBodyA = contacts.bodyA;
  const cBodyB = contacts.bodyB;
  const warm = ctx.enableWarmStarting ? 1 : 0;
  const cBiasRate = ctx.contactSoftness.biasRate;
  const cMassScale = ctx.contactSoftness.massScale;
  const cImpulseScale = ctx.contactSoftness.impulseScale;
  const sBiasRate = ctx.staticSoftness.biasRate;
  const sMassScale = ctx.staticSoftness.massScale;
  const sImpulseScale = ctx.staticSoftness.impulseScale;
  // approach speeds (negative relative normal velocity) from which restitution or a hit
  // event reads a point's largest normal impulse; NaN counts as fast, as it does there
  const approachLimit = -Math.min(w.settings.restitutionThreshold, w.settings.hitEventThreshold);
  // The bits are gathered in the loop and returned as they are: an operation after the
  // loop that had not run when the loop was compiled (the tests `fast !== 0` and
  // `bouncy !== 0` that made the bits here) has no type feedback, and deoptimised that
  // code at the end of every call (one deopt a step, tumbler and pyramid).
  let found = 0;
  for (let n = start; n < end; n++) {
    const m4 = Math.imul(n, 4) & IX.MASK;
    const c = meta[m4 + 3]!;
    const pointCount = meta[m4 + 2]! & 3;
    const bA = cBodyA[c]!;
    const bB = cBodyB[c]!;
    const mA = invMass[bA]!;
    const iA = invInertia[bA]!;
    const mB = invMass[bB]!;
    const iB = invInertia[bB]!;
    const base = Math.imul(n, K.STRIDE) & IX.MASK;
    const cb = Math.imul(c, C.STRIDE) & IX.MASK;
    const oa = meta[m4]! & IX.MASK;
    const ob = meta[m4 + 1]! & IX.MASK;
    const nx = cd[cb + C.NX]!;
    const ny = cd[cb + C.NY]!;
    kd[base + K.NX] = nx;
    kd[base + K.NY] = ny;
    kd[base + K.FRICTION] = cd[cb + C.FRICTION]!;
    const restitution = cd[cb + C.RESTITUTION]!;
    kd[base + K.RESTITUTION] = restitution;
    found |= restitution !== 0 ? PreparedFlag.BOUNCY : 0;
    kd[base + K.MA] = mA;
    kd[base + K.IA] = iA;
    kd[base + K.MB] = mB;
    kd[base + K.IB] = iB;
    const isStatic = mA === 0 || mB === 0;
    kd[base + K.BIAS_RATE] = isStatic ? sBiasRate : cBiasRate;
    kd[base + K.MASS_SCALE] = isStatic ? sMassScale : cMassScale;
    kd[base + K.IMPULSE_SCALE] = isStatic ? sImpulseScale : cImpulseScale;

    const vax = state[oa + S.VX]!;
    const vay = state[oa + S.VY]!;
    const wa = state[oa + S.W]!;
    const vbx = state[ob + S.VX]!;
    const vby = state[ob + S.VY]!;
    const wb = state[ob + S.W]!;
    for (let q = 0; q < pointCount; q++) {
      const src = cb + C.POINT + (q & 1) * C.POINT_STRIDE;
      const p = base + K.POINT + (q & 1) * K.POINT_STRIDE;
      const rax = cd[src + P.RAX]!;
      const ray = cd[src + P.RAY]!;
      const rbx = cd[src + P.RBX]!;
      const rby = cd[src + P.RBY]!;
      kd[p + Q.RAX] = rax;
      kd[p + Q.RAY] = ray;
      kd[p + Q.RBX] = rbx;
      kd[p + Q.RBY] = rby;
      kd[p + Q.BASE_SEP] = cd[src + P.SEP]! - ((rbx - rax) * nx + (rby - ray) * ny);
      kd[p + Q.NORMAL_IMPULSE] = warm * cd[src + P.NORMAL_IMPULSE]!;
      kd[p + Q.TANGENT_IMPULSE] = warm * cd[src + P.TANGENT_IMPULSE]!;
      kd[p + Q.MAX_NORMAL_IMPULSE] = 0;
      const rnA = rax * ny - ray * nx;
      const rnB = rbx * ny - rby * nx;
      const kNormal = mA + mB + iA * rnA * rnA + iB * rnB * rnB;
      kd[p + Q.NORMAL_MASS] = kNormal > 0 ? 1 / kNormal : 0;
      // tangent = (ny, -nx)
      const rtA = rax * -nx - ray * ny;
      const rtB = rbx * -nx - rby * ny;
      const kTangent = mA + mB + iA * rtA * rtA + iB * rtB * rtB;
      kd[p + Q.TANGENT_MASS] = kTangent > 0 ? 1 / kTangent : 0;
      const dvx = vbx - wb * rby - (vax - wa * ray);
      const dvy = vby + wb * rbx - (vay + wa * rax);
      const relativeVelocity = dvx * nx + dvy * ny;
      kd[p + Q.RELATIVE_VELOCITY] = relativeVelocity;
      found |= relativeVelocity > approachLimit ? 0 : PreparedFlag.FAST;
    }
  }
  return found;
}

/** Takes in what the prepare blocks found (their PreparedFlag bits, or-ed). */
export function finishPrepare(k: ContactConstraints, found: number): void {
  k.bouncy = (found & PreparedFlag.BOUNCY) !== 0;
  k.trackMaxImpulse = (found & PreparedFlag.FAST) !== 0;
  // The sweeps also track on a world's first solve with constraints, so that the tracking
  // code has run (and V8 has type feedback for it) before the sweeps are optimised: code
  // that never ran deoptimises the whole sweep the first time it does (see solveContacts).
  // storeImpulses keeps those maxima out of the contacts, so results never depend on it.
  k.tracking = k.trackMaxImpulse || !k.primed;
  if (k.count > 0) k.primed = true;
}

/** Copies the accumulated impulses of constraints [start, end) back to their contacts for next step's warm start. */
export function storeImpulses(w: DynamicsState, start: number, end: number): void {
  const k = w.constraints;
  const kd = k.data;
  const meta = k.meta;
  const cd = w.contacts.data;
  // an int32, not the boolean: this runs from its loop's OSR code, where a boolean local
  // is an untyped value and each test of it a full truthiness check (see solveOnePoints)
  const keepMax = k.trackMaxImpulse ? 1 : 0;
  // the first pass only reaches the back edge (see solveContacts): 64-70 B a step in 3 of
  // 8 processes of the allocation survey on the 40-base pyramid without it
  for (let i = start - 1; i < end; i++) {
    if (i < start) continue;
    const base = Math.imul(i, K.STRIDE) & IX.MASK;
    const m4 = Math.imul(i, 4) & IX.MASK;
    const cb = Math.imul(meta[m4 + 3]!, C.STRIDE) & IX.MASK;
    const pointCount = meta[m4 + 2]! & 3;
    for (let j = 0; j < pointCount; j++) {
      const p = base + K.POINT + (j & 1) * K.POINT_STRIDE;
      const dst = cb + C.POINT + (j & 1) * C.POINT_STRIDE;
      cd[dst + P.NORMAL_IMPULSE] = kd[p + Q.NORMAL_IMPULSE]!;
      cd[dst + P.TANGENT_IMPULSE] = kd[p + Q.TANGENT_IMPULSE]!;
      cd[dst + P.MAX_NORMAL_IMPULSE] = keepMax !== 0 ? kd[p + Q.MAX_NORMAL_IMPULSE]! : 0;
    }
  }
}

/**
 * Hit events: a touching contact with events enabled reports its fastest approaching
 * point that actually pushed, when the approach speed exceeds the threshold.
 */
export function reportHitEvents(w: DynamicsState, threshold: number): void {
  const k = w.constraints;
  const kd = k.data;
  const meta = k.meta;
  const contacts = w.contacts;
  const bodies = w.bodies;
  const pool = w.shapes.pool;
  // No point approached faster than the threshold, so none can report a hit (the first
  // solve of a world runs the loop anyway, as it tracks: see finishPrepare).
  if (!k.tracking) return;
  // read once: the loop runs from its OSR code, which checks the owner's map at each read
  const count = k.count;
  const contactFlags = contacts.flags;
  for (let i = 0; i < count; i++) {
    const base = i * K.STRIDE;
    const pointCount = meta[i * 4 + 2]! & 3;
    // `* 1` makes it a double local: seeded straight from the argument, V8 keeps the loop
    // maximum tagged and boxes every new best
    let best = threshold * 1;
    let bestPoint = -1;
    for (let j = 0; j < pointCount; j++) {
      const p = base + K.POINT + j * K.POINT_STRIDE;
      const approach = -kd[p + Q.RELATIVE_VELOCITY]!;
      if (approach > best && kd[p + Q.MAX_NORMAL_IMPULSE]! > 0) {
        best = approach;
        bestPoint = p;
      }
    }
    // the contact's flag last: most constraints approach slower than the threshold, and
    // the flags, indexed by contact, are a load from another part of memory per constraint
    if (bestPoint === -1) continue;
    const c = meta[i * 4 + 3]!;
    if ((contactFlags[c]! & CONTACT_ENABLE_EVENTS) === 0) continue;
    const bA = contacts.bodyA[c]!;
    w.events.pushHit(
      pool.handle(contacts.shapeA[c]!),
      pool.handle(contacts.shapeB[c]!),
      bodies.cx[bA]! + kd[bestPoint + Q.RAX]!,
      bodies.cy[bA]! + kd[bestPoint + Q.RAY]!,
      kd[base + K.NX]!,
      kd[base + K.NY]!,
      best,
    );
  }
}
