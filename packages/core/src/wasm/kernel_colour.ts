/**
 * The constraint graph's colouring in the kernel (docs/wasm-kernel.md, "The colouring in the
 * kernel"): where the arrays it reads and writes are (scripts/wasm/kernel_colour_wat.mjs
 * COLOUR_ARRAYS), and its one call a step, in place of dynamics/contact_solver.ts
 * colourConstraints: the same reserves first (they may grow arrays, so move the memory),
 * then the kernel's colourContacts.
 */

import type { JointsState } from '../joints/joints_state.js';
import type { KernelCore } from '../world/contact_kernel_hook.js';

/** The kernel's exports of kernel_colour_wat.mjs. */
export interface ColourExports {
  setColourLayout(...offsets: number[]): void;
  colour(keyCount: number, awakeContacts: number, awakeBodies: number, regionMin: number): number;
}

/**
 * colourConstraints by the kernel: returns the constraint count, also left in `k.count`
 * and, as the JS's colourContacts leaves it, in the graph's `keyCount` (on a kept colouring
 * the count it returns is the kept one's, the same number).
 */
export function colourInKernel(x: () => ColourExports, core: KernelCore, w: JointsState): number {
  const k = w.constraints;
  const g = k.graph;
  const contacts = w.awakeContactCount;
  k.reserve(contacts);
  g.reserve(contacts, w.bodies.capacity, w.awakeBodyCount);
  // after the reserves, which may have bound a new instance
  const r = x().colour(g.keyCount, contacts, w.awakeBodyCount, core.regionMin);
  const n = r < 0 ? -1 - r : r;
  g.keyCount = n;
  k.count = n;
  // a layout in regions is the JS's, from the kernel's colours and sort; a kept one stands
  if (r < 0) core.layOut(w, n);
  if (n >= core.regionMin) return n;
  // below the regions the kernel lays out colour by colour: the layout's groups are the
  // colours, as the JS's publishStarts leaves them with no regions
  const colours = g.colourStart.length - 1;
  g.regionCount = 0;
  g.groupCount = colours;
  for (let c = 0; c <= colours; c++) {
    g.groupStart[c] = g.colourStart[c]!;
    g.groupTwo[c] = g.twoPointCounts[c]!;
  }
  g.regionStart[0] = g.colourStart[0]!;
  return n;
}
