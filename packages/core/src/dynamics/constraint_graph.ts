/**
 * Constraint graph colouring: the order in which the soft step solves its contacts.
 *
 * Every step the touching awake contacts are coloured greedily, in awake order, so that no
 * two contacts of one colour move a common body: a contact takes the lowest colour above
 * every colour its moving bodies already have (a bit mask per body), so that each body's
 * contacts are solved in their awake order, the order the step solved in before it had
 * colours, until one of its bodies reaches the last colour; then the lowest colour neither
 * body has. The lowest free colour alone (Box2D v3's rule for two moving bodies) settled
 * stacks less well: more boxes moved past the manifold-reuse threshold, and the narrow
 * phase's extra work cost the single thread 7 % on a large pyramid (docs/parallel-step.md,
 * "Cost on one thread"). A body that does not move
 * (static, or kinematic with no -0 velocity component: see isFixed) takes no colour at all,
 * so a whole row of boxes on the ground can share one. Within a colour the contacts are
 * independent, so any order, and any split of the colour between workers, gives the same
 * bits; the sweeps run colour after colour. Contacts that find every colour taken on one of
 * their bodies go to the overflow, solved first and on one thread (Box2D v3's design,
 * constraint_graph.c; it keeps its colours between steps and updates them on events; we
 * derive them from the awake order, which adds no state to snapshots or rollback, and keep
 * the last step's only while every input is the same: sameInputs).
 *
 * The colouring writes the constraints' places: overflow first (in awake order), then colour
 * by colour, within a colour the two-point contacts first, flagged in pairs that the sweeps
 * run two at a time, then the one-point ones, which the sweeps run as one run
 * (contact_solver.ts). Within each of these runs the contacts are ordered by the lowest
 * awake index of their moving bodies (a counting sort, stable): a colour's blocks then cut
 * the bodies where the body stages' blocks cut them, so a thread touches the same bodies in
 * every stage and their data stay in its core's cache (docs/parallel-step.md, "Keeping each
 * body's data on one core"). The same bits: contacts of one colour commute.
 *
 * Regions (GRAPH_REGION_MIN_CONSTRAINTS or more constraints): the awake bodies are cut into
 * GRAPH_REGION_COUNT ranges of awake index with about equal constraint counts, and the
 * layout becomes the overflow, each region's interior constraints (in the order above,
 * restricted to the region), then the seam constraints (moving bodies in two regions),
 * coloured again among themselves. A region's constraints are one block, run in order by
 * one thread; two regions share no moving body, so a sweep is one phase of region blocks
 * plus a phase per seam colour, a few barriers instead of 24 (docs/parallel-step.md,
 * "Regions"). Every thread count solves in this order, one thread as one range.
 */

import type { DynamicsState } from './dynamics_state.js';
import {
  type ConstraintGraph,
  GRAPH_REGION_COUNT,
  GRAPH_REGION_MIN_CONSTRAINTS,
} from './constraint_graph_store.js';

/** Body solver state (body_state_layout.ts), a local copy as in contact_solver.ts. */
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

/** This file's layout copy, for the pinning test (test/dynamics/layouts.test.ts). */
export const layoutCopy = { bodyState: S } as const;

/** Constants inlined in the loops (enums: see contact_solver.ts), pinned by a test. */
enum L {
  /** A constraint's meta record: state offset A, state offset B, point count | pair flag, contact. */
  META = 4,
  /** GRAPH_COLOUR_COUNT: the overflow's index in the per-colour arrays. */
  OVERFLOW = 24,
  /** A bit per colour. */
  ALL = 0xffffff,
  /** Sort key of a body that does not move: above every awake index. */
  NO_KEY = 0x7fffffff,
}

/** Pair flag of the meta point count (contact_solver.ts: PAIRED_TWO_POINTS = 2 | 4). */
enum F {
  PAIRED = 4,
}

/** The colouring's own constants, for the pinning test (test/world/step_executor.test.ts). */
export const graphLayout = { overflow: L.OVERFLOW, allColours: L.ALL, pairFlag: F.PAIRED } as const;

/**
 * Colours the touching awake contacts and writes each one's meta record (body state
 * offsets, point count with the pair flag, contact) at its place in the constraints'
 * `meta`, read after the graph's reserve: with the WebAssembly kernel both live in the
 * kernel's memory, whose growth re-takes every view there. Returns the constraint count. Two loops over the contacts, each in its own function (see
 * docs/core-design.md: V8 compiles a hot loop on its own, and code compiled in the first
 * loop of a function would keep bailing out in the next).
 */
export function colourContacts(w: DynamicsState, g: ConstraintGraph): number {
  g.reserve(w.awakeContactCount, w.bodies.capacity, w.awakeBodyCount);
  // the colouring is a function of its inputs alone: when they are last step's, so are the
  // places and meta records it wrote, which nothing else writes (a resting pile: 9.6 M of
  // pyramid 100's 150 M a step)
  if (sameInputs(w, g) === g.keyCount) return g.colourStart[L.OVERFLOW]!;
  const n = assignColours(w, g);
  g.keyCount = n;
  sortByBody(g, n, w.awakeBodyCount + 1);
  layOut(w, g, n);
  return n;
}

/**
 * The layout of `n` coloured and sorted constraints (after assignColours and sortByBody, or
 * the kernel's colouring, which leaves the same words): the regions from
 * GRAPH_REGION_MIN_CONSTRAINTS, then the places and meta records.
 */
export function layOut(w: DynamicsState, g: ConstraintGraph, n: number): void {
  const buckets = w.awakeBodyCount + 1;
  // the regions are a function of the constraints alone (never of the thread count), so
  // every thread count solves in the same order
  const regions = n >= GRAPH_REGION_MIN_CONSTRAINTS ? GRAPH_REGION_COUNT : 0;
  g.regionCount = regions;
  g.groupCount = regions * L.OVERFLOW + L.OVERFLOW;
  if (regions > 0) {
    cutRegions(g, n, buckets, regions);
    groupContacts(g, n, regions);
  }
  // meta read now, after the reserve (which may have moved it)
  placeConstraints(w, g, w.constraints.meta, n);
}

/**
 * The count of touching awake contacts when their inputs are those of the last colouring,
 * -2 at the first that differs (no keyCount: -1 is "colour this step"): the same contacts in the same order, with the same point
 * counts and bodies, each body moving or not as then (isFixed reads velocities: a
 * kinematic body's -0) and at the same awake index (the awake body count the colouring
 * also reads changes nothing then: every awake index is below it); the caller compares the
 * count. Exact, so it needs no event to invalidate it (a
 * restore, loadState or edit changes an input or nothing), and a restored world colours
 * once then keeps, with the bits of a world that never kept. Stops at the first difference: a churning pile (the
 * tumbler) pays a few contacts. Nothing after the loop but the return: V8 compiles the loop
 * on entry (OSR) during its first call, and an operation after it with no type feedback yet
 * deoptimised that code at the end of every later call (callgrind, pyramid 100).
 */
function sameInputs(w: DynamicsState, g: ConstraintGraph): number {
  const count = g.keyCount;
  const contacts = w.contacts;
  const bodies = w.bodies;
  const invMass = bodies.invMass;
  const invInertia = bodies.invInertia;
  const state = bodies.state;
  const cBodyA = contacts.bodyA;
  const cBodyB = contacts.bodyB;
  const cPointCount = contacts.pointCount;
  const awake = w.awakeContacts;
  const awakeCount = w.awakeContactCount;
  const awakeIndex = bodies.awakeIndex;
  const contactOf = g.contactOf;
  const inputs = g.inputs;
  let n = 0;
  for (let i = 0; i < awakeCount; i++) {
    const c = awake[i]!;
    const pointCount = cPointCount[c]!;
    if (pointCount === 0) continue;
    if (n === count) return -2;
    const bA = cBodyA[c]!;
    const bB = cBodyB[c]!;
    const o = n * 4;
    const differ =
      (contactOf[n]! ^ c) |
      (inputs[o]! ^ ((bA << 2) | pointCount)) |
      (inputs[o + 1]! ^ bB) |
      (inputs[o + 2]! ^ (isFixed(invMass, invInertia, state, bA) ? L.NO_KEY : awakeIndex[bA]!)) |
      (inputs[o + 3]! ^ (isFixed(invMass, invInertia, state, bB) ? L.NO_KEY : awakeIndex[bB]!));
    if (differ !== 0) return -2;
    n++;
  }
  return n;
}

/** First loop: each contact's colour, in awake order; the counts per colour; its inputs (sameInputs). */
function assignColours(w: DynamicsState, g: ConstraintGraph): number {
  const contacts = w.contacts;
  const bodies = w.bodies;
  const invMass = bodies.invMass;
  const invInertia = bodies.invInertia;
  const state = bodies.state;
  const cBodyA = contacts.bodyA;
  const cBodyB = contacts.bodyB;
  const cPointCount = contacts.pointCount;
  const awake = w.awakeContacts;
  const awakeCount = w.awakeContactCount;
  const awakeIndex = bodies.awakeIndex;
  const awakeBodyCount = w.awakeBodyCount;
  const masks = g.bodyColours;
  const colourOf = g.colourOf;
  const contactOf = g.contactOf;
  const bucketOf = g.bucketOf;
  const counts = g.counts;
  const twoPoint = g.groupTwo;
  const inputs = g.inputs;
  counts.fill(0);
  twoPoint.fill(0);
  let n = 0;
  for (let i = 0; i < awakeCount; i++) {
    const c = awake[i]!;
    const pointCount = cPointCount[c]!;
    if (pointCount === 0) continue;
    const bA = cBodyA[c]!;
    const bB = cBodyB[c]!;
    const movesA = !isFixed(invMass, invInertia, state, bA);
    const movesB = !isFixed(invMass, invInertia, state, bB);
    const maskA = movesA ? masks[bA]! : 0;
    const maskB = movesB ? masks[bB]! : 0;
    const taken = maskA | maskB;
    const free = ~taken & L.ALL;
    // the lowest free colour above every colour the bodies already have, so that a body's
    // contacts are solved in their awake order (see the header); when the highest is
    // taken, the lowest free colour; none free: the overflow
    const above = taken === 0 ? free : free & ~((2 << (31 - Math.clz32(taken))) - 1);
    const pick = above !== 0 ? above : free;
    const bit = pick & -pick;
    const colour = pick === 0 ? L.OVERFLOW : 31 - Math.clz32(bit);
    if (movesA) masks[bA] = maskA | bit;
    if (movesB) masks[bB] = maskB | bit;
    colourOf[n] = colour;
    contactOf[n] = c;
    // the sort key: the lowest awake index of a moving body; the overflow keeps awake order
    const rankA = movesA ? awakeIndex[bA]! : L.NO_KEY;
    const rankB = movesB ? awakeIndex[bB]! : L.NO_KEY;
    const key = Math.min(rankA, rankB);
    const o = n * 4;
    inputs[o] = (bA << 2) | pointCount;
    inputs[o + 1] = bB;
    inputs[o + 2] = rankA;
    inputs[o + 3] = rankB;
    bucketOf[n] = colour !== L.OVERFLOW && key >= 0 && key < awakeBodyCount ? key + 1 : 0;
    counts[colour] = counts[colour]! + 1;
    twoPoint[colour] = twoPoint[colour]! + (pointCount === 2 ? 1 : 0);
    n++;
  }
  return n;
}

/**
 * Second loop: the contacts' awake-order positions sorted by bucket into `g.order` (a
 * counting sort over `buckets` buckets: stable, so the overflow, all in bucket 0, keeps its
 * awake order, in which it is solved).
 */
function sortByBody(g: ConstraintGraph, n: number, buckets: number): void {
  // one function per loop: with three loops in one, V8 (Node 20) compiled the first on entry
  // (OSR) during the first call and deoptimised at the second loop at every later call (the
  // smash scene: 160 times in 160 steps; scripts/deopt_survey.mjs)
  const cursor = g.bucketStart;
  cursor.fill(0, 0, buckets);
  countBuckets(g.bucketOf, cursor, n);
  bucketStarts(cursor, buckets);
  placeInBuckets(g.bucketOf, cursor, g.order, n);
}

function countBuckets(bucketOf: Int32Array, count: Int32Array, n: number): void {
  for (let j = 0; j < n; j++) {
    const b = bucketOf[j]!;
    count[b] = count[b]! + 1;
  }
}

/** Turns bucket sizes into bucket starts. */
function bucketStarts(cursor: Int32Array, buckets: number): void {
  let at = 0;
  for (let b = 0; b < buckets; b++) {
    const size = cursor[b]!;
    cursor[b] = at;
    at += size;
  }
}

function placeInBuckets(bucketOf: Int32Array, cursor: Int32Array, order: Int32Array, n: number): void {
  for (let j = 0; j < n; j++) {
    const b = bucketOf[j]!;
    const place = cursor[b]!;
    cursor[b] = place + 1;
    order[place] = j;
  }
}

/**
 * Cuts the awake bodies into `regions` ranges of awake index holding about equal numbers of
 * constraints (by their sort key: the lowest awake index of their moving bodies), from the
 * counting sort's bucket ends (sortByBody leaves `bucketStart[b]` at bucket b's end). A
 * function of the colouring's inputs alone, so a kept colouring keeps its regions.
 */
function cutRegions(g: ConstraintGraph, n: number, buckets: number, regions: number): void {
  const ends = g.bucketStart;
  const regionOf = g.regionOfBucket;
  // bucket 0: the overflow and the contacts with no moving body (region 0's)
  const base = ends[0]!;
  const total = n - base;
  const last = regions - 1;
  let r = 0;
  let next = (base + Math.floor(total / regions)) | 0;
  regionOf[0] = 0;
  for (let b = 1; b < buckets; b++) {
    regionOf[b] = r;
    const full = ends[b]! >= next && r < last;
    r = full ? r + 1 : r;
    next = full ? (base + Math.floor((total * (r + 1)) / regions)) | 0 : next;
  }
}

/**
 * With regions, each contact's layout group in place of its colour, in awake order: a
 * contact whose moving bodies lie in one region is that region's, in its colour (group
 * r·24 + colour), so that an interior body's constraints keep their order; a seam contact
 * (moving bodies in two regions) is coloured again among the seams alone, the lowest colour
 * free on both bodies (Box2D v3's rule: few colours, few barriers), group R·24 + colour; the
 * overflow stays the overflow (group R·24 + 24). Counts the groups.
 */
function groupContacts(g: ConstraintGraph, n: number, regions: number): void {
  const colourOf = g.colourOf;
  const inputs = g.inputs;
  const regionOf = g.regionOfBucket;
  const masks = g.seamColours;
  const counts = g.counts;
  const twoPoint = g.groupTwo;
  const seams = regions * L.OVERFLOW;
  const overflow = seams + L.OVERFLOW;
  counts.fill(0);
  twoPoint.fill(0);
  for (let j = 0; j < n; j++) {
    const colour = colourOf[j]!;
    const o = j * 4;
    const rankA = inputs[o + 2]!;
    const rankB = inputs[o + 3]!;
    const first = inputs[o]!;
    const bA = first >> 2;
    const bB = inputs[o + 1]!;
    // a body that does not move has no region (-1); the bucket is the lowest awake index + 1
    const rA = rankA === L.NO_KEY ? -1 : regionOf[rankA + 1]!;
    const rB = rankB === L.NO_KEY ? -1 : regionOf[rankB + 1]!;
    const seam = rA >= 0 && rB >= 0 && rA !== rB;
    const maskA = seam ? masks[bA]! : 0;
    const maskB = seam ? masks[bB]! : 0;
    const free = ~(maskA | maskB) & L.ALL;
    const bit = free & -free;
    if (seam) {
      masks[bA] = maskA | bit;
      masks[bB] = maskB | bit;
    }
    const seamGroup = free === 0 ? overflow : seams + 31 - Math.clz32(bit);
    // not a seam: both bodies in one region, or one (or none) moving
    const inside = rA > rB ? rA : rB;
    const interior = (inside > 0 ? inside * L.OVERFLOW : 0) + colour;
    const group = colour === L.OVERFLOW ? overflow : seam ? seamGroup : interior;
    colourOf[j] = group;
    counts[group] = counts[group]! + 1;
    twoPoint[group] = twoPoint[group]! + ((first & 3) === 2 ? 1 : 0);
  }
}

/**
 * Third loop, in the sorted order: the places (overflow, then colour by colour), the meta
 * records; clears the masks.
 */
function placeConstraints(w: DynamicsState, g: ConstraintGraph, meta: Int32Array, n: number): void {
  const contacts = w.contacts;
  const cBodyA = contacts.bodyA;
  const cBodyB = contacts.bodyB;
  const cPointCount = contacts.pointCount;
  const masks = g.bodyColours;
  const colourOf = g.colourOf;
  const contactOf = g.contactOf;
  const seamMasks = g.seamColours;
  const counts = g.counts;
  const twoPoint = g.groupTwo;
  const start = g.groupStart;
  const nextTwo = g.nextTwo;
  const nextOther = g.nextOther;
  const order = g.order;
  const bucketOf = g.bucketOf;
  const bucketAt = g.bucketAt;
  // the overflow first, then the groups (the regions' colours, then the seams' colours, or
  // with no regions the colours); two-point contacts first within each
  const overflow = g.groupCount;
  let at = counts[overflow]!;
  nextTwo[overflow] = 0;
  nextOther[overflow] = 0;
  for (let group = 0; group < overflow; group++) {
    start[group] = at;
    nextTwo[group] = at;
    nextOther[group] = at + twoPoint[group]!;
    at += counts[group]!;
  }
  start[overflow] = at;
  publishStarts(g);
  for (let i = 0; i < n; i++) {
    const j = order[i]!;
    const c = contactOf[j]!;
    const colour = colourOf[j]!;
    const pointCount = cPointCount[c]!;
    const bA = cBodyA[c]!;
    const bB = cBodyB[c]!;
    masks[bA] = 0;
    masks[bB] = 0;
    seamMasks[bA] = 0;
    seamMasks[bB] = 0;
    let place: number;
    let flag = 0;
    if (colour === overflow) {
      // overflow contacts may share bodies: solved one by one, in awake order, never paired
      place = nextTwo[colour]!;
      nextTwo[colour] = place + 1;
    } else if (pointCount === 2) {
      // pairs at even offsets from the colour's start (a sweep checks its block's end)
      place = nextTwo[colour]!;
      nextTwo[colour] = place + 1;
      // (per group: a pair never spans two regions' runs of one colour)
      const offset = place - start[colour]!;
      flag = (offset & 1) === 0 && offset + 1 < twoPoint[colour]! ? F.PAIRED : 0;
    } else {
      // one-point contacts after the two-point ones, unflagged: the sweeps run a colour's
      // one-point constraints as one run (contact_solver.ts solveOnePoints), not in pairs
      place = nextOther[colour]!;
      nextOther[colour] = place + 1;
    }
    bucketAt[place] = bucketOf[j]!;
    const m4 = place * L.META;
    meta[m4] = bA * S.STRIDE;
    meta[m4 + 1] = bB * S.STRIDE;
    meta[m4 + 2] = pointCount | flag;
    meta[m4 + 3] = c;
  }
}

/**
 * The colours' starts and two-point counts (of the seams, with regions: the runs the
 * executor cuts by body) and the regions' starts, from the groups'.
 */
function publishStarts(g: ConstraintGraph): void {
  const regions = g.regionCount;
  const seams = regions * L.OVERFLOW;
  const groupStart = g.groupStart;
  for (let c = 0; c <= L.OVERFLOW; c++) {
    g.colourStart[c] = groupStart[seams + c]!;
    g.twoPointCounts[c] = g.groupTwo[seams + c]!;
  }
  for (let r = 0; r <= regions; r++) g.regionStart[r] = groupStart[r * L.OVERFLOW]!;
}

/** Words of one block in a cut table: two ranges, [s1, e1) and [s2, e2). */
export const CUT_BLOCK_WORDS = 4;

/**
 * Cuts colour range [start, end) into `blocks` blocks where the body stages would cut its
 * constraints' sort keys (block b holds the keys of awake bodies [⌊n·b/blocks⌋,
 * ⌊n·(b+1)/blocks⌋) of n awake bodies), so that each thread solves the constraints of the
 * bodies it integrates. The colour's two-point and one-point runs are each sorted by key
 * (placeConstraints), so a block is two ranges, one in each run: block b's four words
 * (CUT_BLOCK_WORDS) from `out[4 * b]`. False (out untouched) when the range is not one
 * colour's.
 */
export function cutColourByBody(
  g: ConstraintGraph,
  awakeBodies: number,
  start: number,
  end: number,
  blocks: number,
  out: Int32Array,
): boolean {
  const starts = g.colourStart;
  let colour = 0;
  while (colour < L.OVERFLOW && starts[colour] !== start) colour++;
  if (colour === L.OVERFLOW || starts[colour + 1] !== end) return false;
  cutColour(g, awakeBodies, colour, blocks, out, 0, 1);
  return true;
}

/**
 * Cuts every colour into `threads` blocks by body (as cutColourByBody), for a stage over
 * all constraints (preparing, storing impulses) run by the threads that solve them: block
 * t·24 + c is thread t's share of colour c, so thread t's own share of the 24·threads blocks
 * (claimBlocks: from ⌊t·n/T⌋) is its share of every colour. Returns the block count, or 0
 * when some constraints are in the overflow (not in a colour: cut them evenly then).
 */
export function cutSharesByBody(
  g: ConstraintGraph,
  awakeBodies: number,
  threads: number,
  out: Int32Array,
): number {
  const regions = g.regionCount;
  if (g.overflowCount !== 0) return 0;
  if (regions === 0) {
    for (let c = 0; c < L.OVERFLOW; c++) cutColour(g, awakeBodies, c, threads, out, c, L.OVERFLOW);
    return (L.OVERFLOW * threads) | 0;
  }
  // with regions, block t·25 is thread t's regions (the ones it claims first in a sweep's
  // region phase), block t·25 + 1 + c its share of seam colour c
  const stride = L.OVERFLOW + 1;
  const starts = g.regionStart;
  for (let t = 0; t < threads; t++) {
    const o = t * stride * CUT_BLOCK_WORDS;
    const end = starts[Math.floor((regions * (t + 1)) / threads)]!;
    out[o] = starts[Math.floor((regions * t) / threads)]!;
    out[o + 1] = end;
    out[o + 2] = end;
    out[o + 3] = end;
  }
  for (let c = 0; c < L.OVERFLOW; c++) cutColour(g, awakeBodies, c, threads, out, c + 1, stride);
  return (stride * threads) | 0;
}

/** Cuts colour `colour` into `blocks` blocks by body; block b at block place first + b·stride of `out`. */
function cutColour(
  g: ConstraintGraph,
  awakeBodies: number,
  colour: number,
  blocks: number,
  out: Int32Array,
  first: number,
  stride: number,
): void {
  const start = g.colourStart[colour]!;
  const end = g.colourStart[colour + 1]!;
  const mid = start + g.twoPointCounts[colour]!;
  const keys = g.bucketAt;
  let s1 = start;
  let s2 = mid;
  for (let b = 0; b < blocks; b++) {
    // bucket = awake index + 1: the first place whose key is in the next block's bodies
    const bucket = (Math.floor((awakeBodies * (b + 1)) / blocks) + 1) | 0;
    const e1 = b + 1 === blocks ? mid : lowerBound(keys, s1, mid, bucket);
    const e2 = b + 1 === blocks ? end : lowerBound(keys, s2, end, bucket);
    const o = (first + b * stride) * CUT_BLOCK_WORDS;
    out[o] = s1;
    out[o + 1] = e1;
    out[o + 2] = s2;
    out[o + 3] = e2;
    s1 = e1;
    s2 = e2;
  }
}

/** The first place in [from, to) of sorted `keys` whose key is at least `key` (to if none). */
function lowerBound(keys: Int32Array, from: number, to: number, key: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (keys[m]! < key) lo = m + 1;
    else hi = m;
  }
  return lo;
}

/**
 * True when the sweeps leave the body's velocity bits unchanged whatever the constraint
 * order: no inverse mass or inertia (so v - 0 * p), and no -0 component (-0 - -0 = +0).
 * Such a body takes no colour: contacts of one colour may share it, and solved at once
 * they all write it back unchanged.
 */
export function isFixed(
  invMass: Float64Array,
  invInertia: Float64Array,
  state: Float64Array,
  b: number,
): boolean {
  if (invMass[b] !== 0 || invInertia[b] !== 0) return false;
  const o = b * S.STRIDE;
  return (
    !isNegativeZeroAt(state, o + S.VX) &&
    !isNegativeZeroAt(state, o + S.VY) &&
    !isNegativeZeroAt(state, o + S.W)
  );
}

/**
 * True when a[i] is -0. It takes the array and the index, not the value: a double handed
 * to a call V8 does not inline is boxed (52 boxed velocities a step in the tumbler, one
 * process in four, when the colouring loop's budget no longer reached this test).
 */
function isNegativeZeroAt(a: Float64Array, i: number): boolean {
  const v = a[i]!;
  return v === 0 && 1 / v < 0;
}
