/**
 * Rollback: the compact part of a world that stepping changes, saved into and
 * loaded from a caller-owned buffer (rollback netcode keeps a ring of these and
 * re-simulates). The full snapshot (snapshot.ts) stays the format for save games.
 *
 * A state is loaded into the same world it was taken from, or one with the same
 * structure: same live bodies (and types), shapes, chains and joints, with the same slots
 * and generations. A structural fingerprint is saved and checked first; a mismatch
 * throws before anything is written.
 *
 * What bit-exact continuation needs, and so what is saved:
 * - the step counter;
 * - every non-static body's pose, velocity, sleep time, awake flag and pending forces;
 * - the awake body list in its exact order (the solver order);
 * - every non-static shape's tight box and its proxy's fat box; the set of proxies in the
 *   move buffer. The trees are not saved: a changed fat box is enlarged into the tree as
 *   the step does, and the tree's shape then differs, but pairs are sorted by shape index
 *   before contacts are created (design notes, "Contact order is canonical"), so tree
 *   shape never changes a result;
 * - the contacts: the slot pool's free list in order (contacts have no generations: no
 *   handle names one), and per live contact its slot, shapes, flags, point count, the
 *   record (mixed friction and restitution, normal, points with warm-start impulses) and,
 *   while it has points and both shapes are polygons, the reference that manifold reuse
 *   compares against; the awake contact list in its exact order. The pair table is
 *   brought up to date by its differences;
 * - every body's contact list, in its exact order (waking floods through the lists in list
 *   order): the live contacts are saved in an order that rebuilds every list when each is
 *   linked at the head of its bodies' lists in turn, as createContact links them
 *   (orderContacts), instead of the lists' links;
 * - per joint: enabled (broken), last reaction, and its type's parameters and warm-start
 *   impulses (the joint files' save/load functions, through the registry).
 *
 * Not saved (rewritten by the step before it reads them): the in-step deltas, the joint
 * solver rows and temporaries, islands (not persistent), the narrow phase's quadrilateral
 * cache (a memo of geometry), events (outputs of one step), settings and mixers (inputs).
 *
 * Saved as a flag instead of its value, where the saved data gives the value bit for bit
 * (each one checked when saving: where it does not hold, the value is saved):
 * - a body's origin: the step sets it from the center of mass and the rotation;
 * - zero velocity, sleep time and forces (sleeping bodies);
 * - a shape's tight box: computeShapeBox of the pose (not after continuous collision moved
 *   the pose without recomputing it);
 * - a proxy's fat box: the tight box grown by the margin (not once the body has moved
 *   inside it since);
 * - equal mixed friction and restitution: the previous contact's;
 * - zero impulses and zero largest normal impulses (the settled pile's are all zero);
 * - a reference pose equal to the body's current pose;
 * - the record's normal, anchors and separations: the narrow phase last wrote them
 *   (updateContactManifold at the reference poses), or manifold reuse did, at the poses
 *   the bodies had at the start of their last step: the start-of-step center and rotation
 *   (`c0x`, `c0y`, `q0c`, `q0s`, not in a snapshot), which the body then carries. For a
 *   pair with a round shape (no reference) the narrow phase at those poses gives it.
 * Those derivations (rollback_derive.ts) call the functions the step calls, each the one
 * owner of its rule: the origin from originFromCenter (dynamics/body.ts), tight boxes from
 * shapeBoxAtPose and fat boxes from fatBoxOf (dynamics/shape.ts), the narrow phase from
 * collideShapes (collision/manifold.ts: the quadrilateral cache or the collide table),
 * which pairs keep a reference from reusesManifold, and updateContactManifold and
 * reuseManifold (dynamics/contact.ts), run on the contact with the bodies' pose arrays set
 * to the poses in question for the call and put back after, so they cannot drift from the
 * step's math.
 *
 * The modules: this one holds the state object and the fast path; rollback_format.ts the
 * header, the flag and mode bits and the fingerprint; rollback_coding.ts the integers and
 * the coded doubles; rollback_derive.ts the derivations; rollback_order.ts the contact
 * order; rollback_encode.ts and rollback_decode.ts the save and the load.
 *
 * Not saved and not checked: a reference's manifold and feature ids. The narrow phase run
 * at the reference poses gives them back: it is their only writer, and it writes the poses
 * it ran at along with its result (updateContactManifold), and shape geometry never
 * changes. Checking would cost a narrow phase per touching contact on every save; a test
 * pins it instead ("a touching polygon contact holds the narrow phase result at its
 * reference poses"). Loading runs the narrow phase only for the contacts whose slot does
 * not already hold that pair at those reference poses.
 *
 * Doubles that no flag covers are saved whole, except where the world gives a close
 * prediction: start-of-step poses (against the pose), fat boxes (against the tight box
 * grown by the margin), reference poses (against the bodies' poses) and every cosine
 * (against the one its sine gives) are saved as the XOR of their bits with the
 * prediction's, low bytes only (putXor).
 *
 * The buffer is two typed arrays that grow by doubling and are then reused: doubles (the
 * step counter first), and bytes (header, flags, coded doubles and LEB128 integers,
 * zigzag-coded where they can be negative). Saving into the same state every frame, and
 * loading one, allocates nothing.
 *
 * The fast path. A step of a world at rest (no body awake, nothing waiting to pair)
 * changes nothing a state holds but the step counter, so a state saved then stays that
 * world's state, counter apart. The world's content has a stamp (WorldState.rollback): a
 * number unique among all worlds, renewed by every change of what a state holds or of
 * what its coding reads (markRollbackChanged): by every method of World that the table of
 * methods classifies as a write (world/world_methods.ts, through one wrapper installed on
 * World's prototype; user data alone keeps it), by a step unless the world was at rest and
 * its sensor pass changed no overlap (world/solver.ts step), by a full load, by restore
 * (WorldState.adopt), by a character mover that pushes a body. A save records the stamp in
 * its state. While the world's stamp is a state's, saving into that state only writes the
 * step counter (its first double), and loading it only sets the world's; saving into
 * another state copies the bytes of the one the world last saved or loaded at that stamp.
 * A state is no less whole for it: its bytes are those a full save would write, and they
 * load on their own into any world of the same structure at any later time. A state keeps
 * its stamp only with its bytes: copyFrom copies it, and giving a state other arrays (a
 * state received from another thread) clears it. A load that decodes gives the world a new
 * stamp, named by no state yet (a save of the decoded world need not give back the loaded
 * bytes: masses, which the coding reads, may have changed since). One body awake and every
 * step renews the stamp: a state is one stream (bodies in slot order, contacts in list
 * order, each coded against the one before), and patching the awake part into it is not
 * done; such a world saves and loads in full.
 *
 * Measured (examples/rollback_cost.mjs): on the pile of 200 boxes of
 * test/world/rollback_state.test.ts, 181 B a body (version 2: 601 B), saving 155-170 us
 * and loading 135-155 us, against 235-245 us for a step of the pile with sleep off; the
 * same pile at rest, 191 B a body, saves in 0.1-0.2 us and loads in 0.2 us, its step
 * taking 0.5-1.2 us. With one box awake beside it: 160 and 145-150 us against a step of
 * 2.3 us (docs/core-design.md).
 */

import { decodeRollbackState } from './rollback_decode.js';
import { encodeRollbackState } from './rollback_encode.js';
import { checkRollbackState } from './rollback_format.js';
import type { RollbackState } from './rollback_state.js';
import { markRollbackChanged, type WorldState } from './world_state.js';

// ---------------------------------------------------------------------------------------
// The fast path

/**
 * Saves the world's rollback state into `out`. While the world's content has the stamp
 * `out` was saved at, its bytes are already this save's but for the step counter: that is
 * patched. Else, while the world keeps a state saved at its stamp, that one is copied.
 * Else the state is encoded.
 */
export function saveRollbackState(w: WorldState, out: RollbackState): void {
  const cache = w.rollback;
  if (!cache.fullPathOnly) {
    if (out.stamp === cache.stamp) {
      patchStepCount(w, out);
      cache.patchedSaves++;
      return;
    }
    const last = cache.last;
    if (last !== null && last.stamp === cache.stamp) {
      out.copyFrom(last);
      patchStepCount(w, out);
      cache.last = out;
      cache.copiedSaves++;
      return;
    }
  }
  // no stamp while the bytes are being written (they are the save's only once it is done)
  out.stamp = 0;
  encodeRollbackState(w, out);
  out.stamp = cache.stamp;
  out.stampStepCount = w.stepCount;
  cache.last = out;
  cache.fullSaves++;
}

/** The step counter is the state's first double: the one value a world at rest changes. */
function patchStepCount(w: WorldState, out: RollbackState): void {
  out.f[0] = w.stepCount;
  out.stampStepCount = w.stepCount;
}

/**
 * Loads `state` into `w`, or throws (writing nothing) when it does not fit (see
 * checkRollbackState). A state saved at the world's current stamp holds the world's own
 * content but for the step counter: only that is set (the structure is the one it was
 * saved with, since a change of structure changes the stamp). Else the state is checked
 * and decoded, and the world's content takes a new stamp: the decoded content is named by
 * no state yet (a save of it is not certain to give back the loaded bytes, when the
 * coding's inputs, masses for one, changed since).
 */
export function loadRollbackState(w: WorldState, state: RollbackState): void {
  const cache = w.rollback;
  if (!cache.fullPathOnly && state.stamp === cache.stamp) {
    w.stepCount = state.stampStepCount;
    cache.last = state;
    cache.skippedLoads++;
    return;
  }
  checkRollbackState(w, state);
  markRollbackChanged(w);
  decodeRollbackState(w, state);
  cache.fullLoads++;
}

/** The feature World's saveState and loadState call (world_features.ts). */
export const rollbackFeature = { save: saveRollbackState, load: loadRollbackState };
