/**
 * Joint colouring: the order in which the step solves its joints when several threads share
 * the work (docs/parallel-step.md, "Joints on helpers").
 *
 * On one thread the joints are solved before the contacts in each pass, in slot order
 * (joint_solver.ts). To solve them in blocks the active joints are coloured among
 * themselves with the contacts' rule (dynamics/constraint_graph.ts), in slot order: each
 * takes the lowest colour above every colour its moving bodies already have, so each body's
 * joints keep their slot order, and joints that share no moving body commute exactly (a body
 * that does not move, `isFixed`, takes no colour: its velocity bits are written back
 * unchanged). Unlike the contacts' rule there is no fallback to a lower free colour, which
 * would reorder a body's joints: a joint that finds its bodies at the last colour goes to
 * the overflow, and so does every later joint on a body that has an overflow joint (the
 * mask's overflow bit), so the overflow, solved last in slot order, keeps each body's order
 * too. The joint colours run before the contact colours of the same pass, as the joints did
 * before the contacts, so the bits are the slot order's whatever the thread count: the
 * single-threaded step (`inline` executor) keeps its plain slot-order loops and never
 * colours.
 *
 * Within a colour the joints solved from their rows alone (plain revolute joints:
 * revolute_rows.ts) come first, for the executor's blocks; the others, whose solver data
 * are objects only the calling thread sees, follow and run on the calling thread.
 */

import { growI32 } from '../base/array.js';
import { GRAPH_COLOUR_COUNT } from '../dynamics/constraint_graph_store.js';
import { isFixed } from '../dynamics/constraint_graph.js';
import type { JointColours } from './joint_colours.js';
import type { JointsState } from './joints_state.js';

/** The overflow's index in the per-colour arrays, and its bit in a body's mask. */
const OVERFLOW = GRAPH_COLOUR_COUNT;

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
    const taken = maskA | maskB;
    // one above the highest colour taken (the overflow bit is the highest of all)
    const colour = taken === 0 ? 0 : Math.min(32 - Math.clz32(taken), OVERFLOW);
    const bit = 1 << colour;
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
