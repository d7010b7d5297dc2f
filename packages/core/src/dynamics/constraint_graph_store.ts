/**
 * The constraint graph's data: this step's colours, the order in which the soft step solves
 * its contacts (the colouring is constraint_graph.ts; docs/parallel-step.md).
 */

import { growI32, replaceArraysOnce } from '../base/array.js';

/**
 * Colours a step may use. 24 as Box2D v3: a pile of boxes needs about 8, and a body with
 * more than 24 moving neighbours is rare enough to go to the overflow.
 */
export const GRAPH_COLOUR_COUNT = 24;

/** This step's colours. */
export class ConstraintGraph {
  /** Per body: a bit per colour of this step's contacts on it; all 0 between steps. */
  bodyColours = new Int32Array(64);
  /** Per contact, in awake order: its colour (GRAPH_COLOUR_COUNT: the overflow). */
  colourOf = new Int32Array(64);
  /** Per contact, in awake order: the contact. */
  contactOf = new Int32Array(64);
  /**
   * Per contact, in awake order: its sort bucket, 1 + the lowest awake index of its moving
   * bodies (0: the overflow, which keeps the awake order).
   */
  bucketOf = new Int32Array(64);
  /** The contacts' awake-order positions sorted by bucket (stable): the order they are placed in. */
  order = new Int32Array(64);
  /** Per constraint place: its contact's bucket (the sort key), for cutting a colour by body. */
  bucketAt = new Int32Array(64);
  /**
   * The inputs of the last colouring besides `contactOf` (constraint_graph.ts sameInputs),
   * four words per contact in awake order: body A << 2 | point count, body B, and each
   * body's rank, its awake index when it moves, else NO_KEY.
   */
  inputs = new Int32Array(256);
  /** Contacts of the last colouring; -1: colour this step (before the first; tests set it). */
  keyCount = -1;
  /** Per bucket (awake body + 1), the counting sort's cursor. */
  bucketStart = new Int32Array(64);
  /** Contacts per colour, the overflow last, and how many of them have two points. */
  readonly counts = new Int32Array(GRAPH_COLOUR_COUNT + 1);
  readonly twoPointCounts = new Int32Array(GRAPH_COLOUR_COUNT + 1);
  /**
   * First constraint of colour c; `colourStart[GRAPH_COLOUR_COUNT]` is the constraint count.
   * The overflow is [0, colourStart[0]).
   */
  readonly colourStart = new Int32Array(GRAPH_COLOUR_COUNT + 1);
  /** Layout cursors: next place of a two-point and of another contact, per colour. */
  readonly nextTwo = new Int32Array(GRAPH_COLOUR_COUNT + 1);
  readonly nextOther = new Int32Array(GRAPH_COLOUR_COUNT + 1);

  constructor() {
    replaceArraysOnce(this);
  }

  reserve(contacts: number, bodies: number, awakeBodies = 0): void {
    if (contacts > this.colourOf.length) {
      this.colourOf = growI32(this.colourOf, contacts);
      this.contactOf = growI32(this.contactOf, contacts);
      this.bucketOf = growI32(this.bucketOf, contacts);
      this.order = growI32(this.order, contacts);
      this.bucketAt = growI32(this.bucketAt, contacts);
      this.inputs = growI32(this.inputs, contacts * 4);
    }
    if (bodies > this.bodyColours.length) this.bodyColours = growI32(this.bodyColours, bodies);
    if (awakeBodies + 1 > this.bucketStart.length)
      this.bucketStart = growI32(this.bucketStart, awakeBodies + 1);
  }

  /** Constraints in the overflow. */
  get overflowCount(): number {
    return this.colourStart[0]!;
  }
}
