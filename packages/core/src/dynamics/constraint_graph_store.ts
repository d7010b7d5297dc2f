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

/**
 * Regions a large step's bodies are split into (constraint_graph.ts, docs/parallel-step.md
 * "Regions"): each region's interior constraints are one block one thread solves whole.
 * Four, not eight: fewer seams, and the benchmark's spinner keeps all its bodies in this
 * order (it lost 3 with eight; any order is a draw there, see the doc).
 */
export const GRAPH_REGION_COUNT = 4;

/**
 * Constraints (touching awake contacts) from which a step is split into regions; below it
 * one region, today's layout. Above the tumbler's peak (7,833, its first steps), so the
 * churning tumbler keeps today's order and does not pay the grouping and the seams on one
 * thread; below pyramid 100 (14,950) and the spinner (12,802 or more).
 */
export const GRAPH_REGION_MIN_CONSTRAINTS = 10_000;

/**
 * Layout groups: per region a group per colour, then the seam colours, then the overflow
 * (a step of one region has only the last 25: its colours and the overflow); the length of
 * the groups' arrays (groupStart, counts).
 */
export const GRAPH_GROUPS = GRAPH_REGION_COUNT * GRAPH_COLOUR_COUNT + GRAPH_COLOUR_COUNT + 1;

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
  /**
   * Regions besides the first (0: the step is one region, laid out colour by colour). With
   * R > 1 regions, regionCount is R and the layout is the overflow, each region's interior
   * constraints (group r·24 + c: region r, colour c), then the seam colours.
   */
  regionCount = 0;
  /** Per region r < regionCount, its first constraint; regionStart[regionCount] = colourStart[0]. */
  readonly regionStart = new Int32Array(GRAPH_REGION_COUNT + 1);
  /** Per awake body + 1 (a sort bucket), its region (with regions). */
  regionOfBucket = new Int32Array(64);
  /** Per body, a bit per seam colour of this step's seam constraints on it; all 0 between steps. */
  seamColours = new Int32Array(64);
  /**
   * Contacts per layout group (regionCount · 24 interior groups, 24 colours, the overflow
   * last: groupCount), and how many of them have two points.
   */
  readonly counts = new Int32Array(GRAPH_GROUPS);
  readonly groupTwo = new Int32Array(GRAPH_GROUPS);
  /** First constraint of each group; groupStart[groupCount] is the constraint count. */
  readonly groupStart = new Int32Array(GRAPH_GROUPS);
  /** Groups before the overflow's: the runs a sweep takes two at a time (contact_kernel.ts). */
  groupCount = GRAPH_COLOUR_COUNT;
  /** Two-point contacts per colour (of the seams, with regions), the overflow's last. */
  readonly twoPointCounts = new Int32Array(GRAPH_COLOUR_COUNT + 1);
  /**
   * First constraint of colour c (of the seams, with regions); `colourStart[GRAPH_COLOUR_COUNT]`
   * is the constraint count. The overflow is [0, overflowCount).
   */
  readonly colourStart = new Int32Array(GRAPH_COLOUR_COUNT + 1);
  /** Layout cursors: next place of a two-point and of another contact, per group. */
  readonly nextTwo = new Int32Array(GRAPH_GROUPS);
  readonly nextOther = new Int32Array(GRAPH_GROUPS);

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
    if (bodies > this.bodyColours.length) {
      this.bodyColours = growI32(this.bodyColours, bodies);
      this.seamColours = growI32(this.seamColours, bodies);
    }
    if (awakeBodies + 1 > this.bucketStart.length) {
      this.bucketStart = growI32(this.bucketStart, awakeBodies + 1);
      this.regionOfBucket = growI32(this.regionOfBucket, awakeBodies + 1);
    }
  }

  /** Constraints in the overflow. */
  get overflowCount(): number {
    return this.regionCount > 0 ? this.regionStart[0]! : this.colourStart[0]!;
  }
}
