/**
 * Joint colouring: the order in which the step solves its joints, on any thread count
 * (docs/parallel-step.md, "Joints on helpers").
 *
 * Every step the active joints are coloured among themselves in slot order with Box2D v3's
 * joint rule (constraint_graph.c, b2AssignJointColor): each takes the lowest colour that
 * neither of its moving bodies has yet (a body that does not move, `isFixed`, takes no
 * colour: its velocity bits are written back unchanged), and a joint whose bodies leave no
 * colour free goes to the overflow. Joints of one colour share no moving body, so they
 * commute exactly: solved in any order, or split between any threads, they give the same
 * bits. The step solves them colour after colour, then the overflow in slot order, before
 * the contact colours of each pass, on one thread as on several, so the bits do not depend
 * on the thread count. The rule lets a chain's joints alternate between two colours instead
 * of following each other, so the joint grid's 19,794 joints need 4 colours.
 *
 * Within a colour the joints solved from their rows alone (every kind that solves
 * anything: joint_rows.ts) come first, for the executor's blocks; the others (filter
 * joints) follow and run on the calling thread.
 */

import { growI32 } from '../base/array.js';
import { GRAPH_COLOUR_COUNT } from '../dynamics/constraint_graph_store.js';
import { isFixed } from '../dynamics/constraint_graph.js';
import type { JointColours } from './joint_colours.js';
import type { JointsState } from './joints_state.js';

/** The overflow's index in the per-colour arrays. */
const OVERFLOW = GRAPH_COLOUR_COUNT;
/** A body's mask with every colour taken. */
const ALL_COLOURS = (1 << GRAPH_COLOUR_COUNT) - 1;

/**
 * Colours the active joints (after prepareJoints) and lays them out in
 * `JointStore.solveOrder`. Two loops, each in its own function (see colourContacts).
 */
export function colourJoints(w: JointsState): void {
  const joints = w.joints;
  const jc = joints.colours;
  const n = w.activeJointCount;
  if (jc.colourOf.length < n) jc.colourOf = growI32(jc.colourOf, n);
  if (joints.solveOrder.length < n) joints.solveOrder = growI32(joints.solveOrder, n);
  // the contacts' masks: all zero between their colouring's loops, and zero again after ours
  w.constraints.graph.reserve(0, w.bodies.capacity);
  assignJointColours(w, jc, n);
  placeJoints(w, jc, n);
}

/** First loop: each active joint's colour, in slot order; the counts per colour. */
function assignJointColours(w: JointsState, jc: JointColours, n: number): void {
  const joints = w.joints;
  const bodies = w.bodies;
  const invMass = bodies.invMass;
  const invInertia = bodies.invInertia;
  const state = bodies.state;
  const masks = w.constraints.graph.bodyColours;
  const active = w.activeJoints;
  const rowOnly = joints.rowOnly;
  const colourOf = jc.colourOf;
  const counts = jc.counts;
  const rowCounts = jc.rowCounts;
  counts.fill(0);
  rowCounts.fill(0);
  for (let i = 0; i < n; i++) {
    const j = active[i]!;
    const bA = joints.bodyA[j]!;
    const bB = joints.bodyB[j]!;
    const movesA = !isFixed(invMass, invInertia, state, bA);
    const movesB = !isFixed(invMass, invInertia, state, bB);
    const maskA = movesA ? masks[bA]! : 0;
    const maskB = movesB ? masks[bB]! : 0;
    // the lowest colour free on both moving bodies; none free: the overflow, which marks
    // no body (an overflow joint is solved after every colour)
    const free = ~(maskA | maskB) & ALL_COLOURS;
    const bit = free & -free;
    const colour = free === 0 ? OVERFLOW : 31 - Math.clz32(bit);
    if (movesA) masks[bA] = maskA | bit;
    if (movesB) masks[bB] = maskB | bit;
    colourOf[i] = colour;
    counts[colour] = counts[colour]! + 1;
    rowCounts[colour] = rowCounts[colour]! + rowOnly[i]!;
  }
}

/** Second loop: the places (colour by colour, row-only joints first, the overflow last); clears the masks. */
function placeJoints(w: JointsState, jc: JointColours, n: number): void {
  const joints = w.joints;
  const masks = w.constraints.graph.bodyColours;
  const active = w.activeJoints;
  const rowOnly = joints.rowOnly;
  const order = joints.solveOrder;
  const colourOf = jc.colourOf;
  const counts = jc.counts;
  const rowCounts = jc.rowCounts;
  const start = jc.start;
  const rowEnd = jc.rowEnd;
  const nextRow = jc.nextRow;
  const nextOther = jc.nextOther;
  let at = 0;
  for (let colour = 0; colour <= OVERFLOW; colour++) {
    start[colour] = at;
    nextRow[colour] = at;
    // the overflow is solved in slot order on the calling thread: no row-only part
    const rows = colour === OVERFLOW ? 0 : rowCounts[colour]!;
    rowEnd[colour] = at + rows;
    nextOther[colour] = at + rows;
    at += counts[colour]!;
  }
  for (let i = 0; i < n; i++) {
    const j = active[i]!;
    masks[joints.bodyA[j]!] = 0;
    masks[joints.bodyB[j]!] = 0;
    const colour = colourOf[i]!;
    let place: number;
    if (colour !== OVERFLOW && rowOnly[i] === 1) {
      place = nextRow[colour]!;
      nextRow[colour] = place + 1;
    } else {
      place = nextOther[colour]!;
      nextOther[colour] = place + 1;
    }
    order[place] = i;
  }
}
