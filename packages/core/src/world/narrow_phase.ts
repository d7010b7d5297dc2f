/**
 * The narrow phase as a block function: `collideBlock(w, start, end)` updates the awake
 * contacts `awakeContacts[start .. end)` and writes, per awake index, what the step must do
 * with each afterwards (`CollideStatus`) into `w.collideStatus`. A block touches only its
 * own contacts' manifolds and status bytes, so blocks may run on any thread in any order
 * (world/step_executor.ts); the step then reads the statuses in awake order, so the lists
 * it acts on (began or stopped touching, parted) are the same whoever ran which block.
 *
 * It reads: the contacts (their shapes and bodies from `awakeContactPairs`), the shapes' types, geometry and tight boxes (`shapes.box`), the fat boxes
 * (`broadPhase.shapeFat`), the body poses and centres, and the quadrilateral cache; it
 * writes the contacts' manifold records (`updateContactManifold`, kept whole: the contact
 * layout is its own) and its status bytes. Scratch (the manifold, the two transforms) is
 * per thread: the manifold below is this module's, the transforms the world's (`xfA`,
 * `xfB`; a helper's world view has its own).
 */

import { reuseManifold, reusesManifold, updateContactManifold } from '../dynamics/contact.js';
import type { ShapeType } from '../geometry/geometry.js';
import { Manifold } from '../collision/manifold_types.js';
import { collideShapes } from '../collision/manifold.js';
import type { DynamicsState } from '../dynamics/dynamics_state.js';

/**
 * What a contact's narrow phase left for the step (one byte per awake index). An enum, so
 * that the loops below read literals, not an exported object through its module cell.
 */
export enum CollideStatus {
  /** Nothing: updated (or skipped), touching as before. */
  Kept = 0,
  /** The fat boxes no longer overlap: the contact is destroyed. */
  Parted = 1,
  /** It began or stopped touching: flag, event, maybe a body to wake. */
  Changed = 2,
}

// per thread: a helper has its own module instance
const manifold = new Manifold();

/** Record offsets are masked with this so that V8 knows an offset plus a small constant stays an int32 (see contact_solver.ts IX). */
enum IX {
  MASK = 0x1fffffff,
}

/**
 * Constants of the loops below, as literals: an imported const is a module-cell load with
 * a hole check at every use. Pinned to their definitions by test/dynamics/layouts.test.ts.
 */
enum K {
  /** dynamics/awake_contacts.ts CONTACT_TOUCHING */
  TOUCHING = 1,
  /** base/constants.ts SPECULATIVE_DISTANCE (4 × LINEAR_SLOP, the same double) */
  SPECULATIVE_DISTANCE = 0.02,
}

/** This file's constant copies, for the pinning test. */
export const constantsCopy = {
  CONTACT_TOUCHING: K.TOUCHING,
  SPECULATIVE_DISTANCE: K.SPECULATIVE_DISTANCE,
} as const;

/**
 * Narrow phase of awake contacts [start, end); returns the or of their statuses (0: the
 * step has nothing to finish). See collide in world/solver.ts for why the loop is shaped so.
 */
export function collideBlock(w: DynamicsState, start: number, end: number): number {
  const contacts = w.contacts;
  const shapes = w.shapes;
  const bodies = w.bodies;
  const fat = w.broadPhase.shapeFat;
  const xfA = w.xfA;
  const xfB = w.xfB;
  const m = manifold;
  const quads = w.quadCache;
  const awake = w.awakeContacts;
  // the contacts' shapes and bodies by awake index, read in order (dynamics/awake_contacts.ts)
  const pairs = w.awakeContactPairs;
  const status = w.collideStatus;
  const flags = contacts.flags;
  const pointCount = contacts.pointCount;
  const shapeType = shapes.type;
  const geometry = shapes.geometry;
  const px = bodies.px;
  const py = bodies.py;
  const qc = bodies.c;
  const qs = bodies.s;
  const tight = shapes.box;
  let result = 0;

  // The first pass only reaches the back edge, and no double is made before the loop: as
  // in the contact sweeps (contact_solver.ts, solveContacts), a process where V8 enters
  // this loop's compiled code by on-stack replacement at every call runs everything
  // before the first back edge in the interpreter, boxing each double it makes (the
  // allocation survey saw 337-354 B a step on the 40-base pyramid in 3 of 8 processes).
  for (let i = start - 1; i < end; i++) {
    if (i < start) continue;
    const c = awake[i]!;
    // entry i at AWAKE_PAIR_STRIDE (4) * i; masked as the fat-box offsets below
    const e = (i << 2) & IX.MASK;
    const sA = pairs[e]!;
    const sB = pairs[e + 1]!;
    // the fat boxes, one record per shape (BroadPhase.shapeFat: minX, minY, maxX, maxY);
    // the mask tells V8 that the offsets plus 3 stay int32 (no overflow checks)
    const fA = (sA << 2) & IX.MASK;
    const fB = (sB << 2) & IX.MASK;
    const outside =
      fat[fA + 2]! < fat[fB]! ||
      fat[fB + 2]! < fat[fA]! ||
      fat[fA + 3]! < fat[fB + 1]! ||
      fat[fB + 3]! < fat[fA + 1]!;
    // branch-free: every path writes its status (Kept unless set below)
    const parted = outside ? CollideStatus.Parted : CollideStatus.Kept;
    status[i] = parted;
    result |= parted;
    if (outside) continue;
    const f = flags[c]!;
    const wasTouching = (f & K.TOUCHING) !== 0;
    // The shapes' own boxes farther apart than the speculative distance: no manifold point
    // can exist. Most contacts of a tumbling pile of small boxes are such fat-box
    // neighbours, and one that had no points before has nothing to update.
    // Their tight boxes (ShapeStore.box) sit at the same offsets as the fat ones.
    const spec = K.SPECULATIVE_DISTANCE + 0;
    const apart =
      tight[fA + 2]! + spec < tight[fB]! ||
      tight[fB + 2]! + spec < tight[fA]! ||
      tight[fA + 3]! + spec < tight[fB + 1]! ||
      tight[fB + 3]! + spec < tight[fA + 1]!;
    if (apart && !wasTouching) continue;
    const bA = pairs[e + 2]!;
    const bB = pairs[e + 3]!;
    const typeA = shapeType[sA]! as ShapeType;
    const typeB = shapeType[sB]! as ShapeType;
    // a touching pair that keeps its manifold (polygons that barely moved) stays touching
    if (!apart && wasTouching && reusesManifold(typeA, typeB) && reuseManifold(w, c, bA, bB, pointCount[c]!))
      continue;
    // a contact whose shapes moved apart keeps the empty manifold; every field reset, since
    // updateContactManifold copies the second point of a one-point manifold too
    m.reset();
    if (!apart) {
      xfA.set(px[bA]!, py[bA]!, qc[bA]!, qs[bA]!);
      xfB.set(px[bB]!, py[bB]!, qc[bB]!, qs[bB]!);
      collideShapes(quads, sA, typeA, geometry[sA]!, xfA, sB, typeB, geometry[sB]!, xfB, m);
    }
    // A contact that was not touching has no points (finishCollide keeps the flag and the
    // count together), so one that still has none has nothing to write: about 2,500 of the
    // tumbler's near pairs a step.
    if (wasTouching || m.pointCount > 0) updateContactManifold(w, c, bA, bB, m);
    const changed = m.pointCount > 0 !== wasTouching ? CollideStatus.Changed : CollideStatus.Kept;
    status[i] = changed;
    result |= changed;
  }
  return result;
}
