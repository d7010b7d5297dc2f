/**
 * The joint colours' data: this step's colours of the active joints, when several threads
 * share the step (the colouring is joint_graph.ts; docs/parallel-step.md).
 */

import { GRAPH_COLOUR_COUNT } from '../dynamics/constraint_graph_store.js';

/** This step's joint colours (laid out in `JointStore.solveOrder`). */
export class JointColours {
  /** Per active joint (place in the active list): its colour (GRAPH_COLOUR_COUNT: the overflow). */
  colourOf = new Int32Array(0);
  /** Joints per colour, the overflow last, and how many of them are solved from rows alone. */
  readonly counts = new Int32Array(GRAPH_COLOUR_COUNT + 1);
  readonly rowCounts = new Int32Array(GRAPH_COLOUR_COUNT + 1);
  /**
   * First place of colour c in `solveOrder`; `start[GRAPH_COLOUR_COUNT]` is the overflow's,
   * which runs to the active joint count.
   */
  readonly start = new Int32Array(GRAPH_COLOUR_COUNT + 1);
  /** End of colour c's row-only joints: [start[c], rowEnd[c]) go to the executor. */
  readonly rowEnd = new Int32Array(GRAPH_COLOUR_COUNT + 1);
  /** Layout cursors per colour: next place of a row-only joint and of another. */
  readonly nextRow = new Int32Array(GRAPH_COLOUR_COUNT + 1);
  readonly nextOther = new Int32Array(GRAPH_COLOUR_COUNT + 1);
}
