/**
 * The data of one world: its stores (bodies, shapes, contacts, joints), the broad phase,
 * the awake lists, settings, events and scratch. `WorldState` holds data only; the
 * writes that keep it consistent live with their concept, as Box2D's body.c, shape.c,
 * contact.c, joint.c and solver_set.c do:
 *
 * - bodies: create, destroy, type change, mass (dynamics/body.ts);
 * - shapes and broad-phase proxies (dynamics/shape.ts);
 * - contacts and the awake-contact list (dynamics/contact.ts);
 * - the awake-body list, waking and sleeping (dynamics/island.ts);
 * - joints (joints/joint.ts).
 *
 * Each layer names what it reads of this state in an interface of its own
 * (dynamics/dynamics_state.ts, joints/joints_state.ts), which `WorldState` implements, so
 * no module below the world layer imports this one.
 *
 * Those functions trust their input: validation happens once, in world.ts, before any
 * of them is called, so a rejected public call never gets this far.
 */

import { BodyStore } from '../dynamics/body_store.js';
import { BroadPhase } from '../collision/broad_phase.js';
import { pairFilter } from '../dynamics/contact.js';
import { ContactStore } from '../dynamics/contact_store.js';
import { AWAKE_PAIR_STRIDE } from '../dynamics/awake_contacts.js';
import { ContactConstraints } from '../dynamics/contact_constraints.js';
import { EventBuffers } from '../dynamics/events.js';
import { bindJointCallbacks } from '../joints/joint.js';
import { JointStore } from '../joints/joint_store.js';
import { StepContext } from '../dynamics/step_context.js';
import { AABB, MassData } from '../geometry/geometry.js';
import { Transform } from '../base/math.js';
import { PairTable } from '../collision/pair_table.js';
import { QuadCache } from '../collision/manifold.js';
import { ShapeStore } from '../dynamics/shape_store.js';
import { SensorState } from '../dynamics/sensor_state.js';
import { replaceArraysOnce } from '../base/array.js';
import type { RollbackState } from './rollback_state.js';
import { shareWorldMemory } from './shared_memory.js';
import type { ActiveSolver } from '../types/solver.js';
import { WorldSettings } from './world_settings.js';
import type { AttachedContactKernel } from './contact_kernel_hook.js';
import { serialExecutor, type StepExecutor } from './step_executor.js';
import { type ChainRecord, Profile } from '../dynamics/dynamics_state.js';
import type { JointsState } from '../joints/joints_state.js';
import {
  type FrictionMixer,
  mixFrictionDefault,
  mixRestitutionDefault,
  type RestitutionMixer,
} from '../types/world_def.js';

/**
 * The last stamp handed out. Stamps are unique among every world of this module, so a
 * state's stamp names one world's content (rollback.ts, "The fast path"). They never
 * wrap: a state kept for long must not meet its stamp again. A field rather than a module
 * variable: past 2^30 it holds a double, which a field keeps in place where a module
 * variable would take a new heap number at each change.
 */
const rollbackStamps = { last: 0 };

/**
 * What the rollback fast path keeps for one world (world/rollback.ts, "The fast
 * path"). Kept by `adopt`: the test switch and counters belong to the world object.
 */
export class RollbackCache {
  /**
   * Names the world's rollback content: what a state holds and what coding it reads. A new
   * one after every change of either (markRollbackChanged); a step of a world at rest
   * keeps it (the step counter, which it changes, is patched instead).
   */
  stamp = ++rollbackStamps.last;
  /** A state saved or skip-loaded at some stamp; its bytes are the world's while that is `stamp`. */
  last: RollbackState | null = null;
  /** Tests: every save encodes and every load decodes (the path the fast one must equal). */
  fullPathOnly = false;
  /** Tests: saves that patched the step counter, that copied `last`, that encoded. */
  patchedSaves = 0;
  copiedSaves = 0;
  fullSaves = 0;
  /** Tests: loads that only set the step counter, that decoded. */
  skippedLoads = 0;
  fullLoads = 0;
}

/**
 * Gives the world's rollback content a new stamp. Called before every method of World that
 * the table of methods classifies as a write (world/write_marks.ts installWriteMarks: one
 * wrapper, not a call in each method), by a step unless the world was at rest
 * (world/solver.ts step), by a load that decodes, by `adopt` (the content replaced whole)
 * and by the character mover when it pushes a body. A call too many only costs a full save
 * or load; one missing would let a save keep stale bytes.
 */
export function markRollbackChanged(w: WorldState): void {
  w.rollback.stamp = ++rollbackStamps.last;
}

export class WorldState implements JointsState {
  readonly settings = new WorldSettings();
  readonly profile = new Profile();
  readonly bodies = new BodyStore();
  readonly shapes = new ShapeStore();
  readonly contacts = new ContactStore();
  readonly chains: (ChainRecord | null)[] = [];
  readonly chainFree: number[] = [];
  readonly chainGeneration: number[] = [];
  readonly broadPhase: BroadPhase;
  /** Shape pair -> contact slot, for "does this pair already have a contact". */
  readonly pairs = new PairTable();
  frictionMixer: FrictionMixer = mixFrictionDefault;
  restitutionMixer: RestitutionMixer = mixRestitutionDefault;

  /** Non-static bodies that are awake, in a deterministic order. */
  awakeBodies = new Int32Array(64);
  awakeBodyCount = 0;
  /** Contacts with at least one awake body: the ones the narrow phase updates. */
  awakeContacts = new Int32Array(64);
  awakeContactCount = 0;
  /** Per awake contact, its shapes and bodies (dynamics/awake_contacts.ts AWAKE_PAIR_STRIDE). */
  awakeContactPairs = new Int32Array(64 * AWAKE_PAIR_STRIDE);
  /** The narrow phase's verdict per awake contact (world/narrow_phase.ts CollideStatus). */
  collideStatus = new Uint8Array(64);
  /** The bodies' finish's bits per awake body (world/finalize_bodies.ts FinalizeStatus). */
  finalizeStatus = new Uint8Array(64);
  /**
   * gatherCollide's int32 view of `collideStatus` (world/solver.ts), remade when that array
   * is. In an object of its own: the sharing pass (shared_memory.ts) moves every typed-array
   * field of the world to its own buffer, which would part the view from the bytes.
   */
  readonly collideStatusWords = { bytes: new Uint8Array(0), words: new Int32Array(0) };
  readonly constraints = new ContactConstraints();
  readonly events = new EventBuffers();
  /** Sensor shapes and their current overlaps (dynamics/sensor.ts). */
  readonly sensors = new SensorState();
  readonly joints = new JointStore();
  readonly stepContext = new StepContext();
  /**
   * Runs the soft step's stages in blocks (world/step_executor.ts): the single-threaded
   * loop, or a pool of solver workers; the bits are the same.
   */
  stepExecutor: StepExecutor = serialExecutor;
  /** The alternative solver, or null for the soft step (world/solver_interface.ts). */
  solver: ActiveSolver | null = null;
  /** Joints solved this step, in slot order. */
  activeJoints = new Int32Array(16);
  activeJointCount = 0;
  /** Active joints this step with a finite break force or torque (joints/joint_solver.ts). */
  breakableJointCount = 0;
  /** Joint events since the last step began: handles, and 1 = broken / 0 = removed. */
  jointEventIds: number[] = [];
  jointEventBroken: number[] = [];
  stepCount = 0;
  /** Dynamic bodies that moved far enough this step to be swept (continuous collision). */
  fastBodies = new Int32Array(16);
  fastBodyCount = 0;
  /** Set while step() runs: the structure may not change from inside it. */
  locked = false;
  /** The rollback fast path's stamp and last state (world/rollback.ts). */
  readonly rollback = new RollbackCache();
  /** The hot stores live on shared memory (WorldDef.sharedMemory, world/shared_memory.ts). */
  sharedMemory = false;
  /** The contact sweeps' WebAssembly kernel (WorldDef.contactKernel), or null for the JS. */
  contactKernel: AttachedContactKernel | null = null;

  // scratch, preallocated once
  readonly xfA = new Transform();
  readonly xfB = new Transform();
  readonly aabb = new AABB();
  readonly massData = new MassData();
  /** The narrow phase's per-shape quadrilateral records (collision/manifold.ts). */
  readonly quadCache = new QuadCache();
  wakeStack = new Int32Array(64);

  constructor() {
    this.broadPhase = new BroadPhase((a, b) => pairFilter(this, a, b));
    bindJointCallbacks(this);
    replaceArraysOnce(this);
  }

  /**
   * Takes over the whole content of `other` (a state just filled by a snapshot), keeping
   * this object, so that whoever holds this state sees the restored world. The callbacks
   * that refer to the state are bound to this object again.
   */
  adopt(other: WorldState): void {
    const rollback = this.rollback;
    const sharedMemory = this.sharedMemory;
    const stepExecutor = this.stepExecutor;
    const contactKernel = this.contactKernel;
    Object.assign(this, other);
    // who runs the stages is the world's, not the content's, as the memory is
    this.stepExecutor = stepExecutor;
    // the same cache, with a new stamp: the content is another
    (this as { rollback: RollbackCache }).rollback = rollback;
    // the memory is the world's choice, not the content's: a restored world stays shared
    this.sharedMemory = sharedMemory;
    if (sharedMemory) shareWorldMemory(this);
    // and so is the kernel, whose memory takes the new stores
    this.contactKernel = contactKernel;
    if (contactKernel !== null) contactKernel.adopt(this);
    markRollbackChanged(this);
    this.broadPhase.setPairFilter((a, b) => pairFilter(this, a, b));
    bindJointCallbacks(this);
  }
  // The joint module's hooks (bound by joints/joint.ts bindJointCallbacks): contacts and
  // islands consult joints through them without importing the joint layer.

  /** False when a joint between the bodies disables collision. */
  jointFilter: ((bodyA: number, bodyB: number) => boolean) | null = null;

  // scratch of the island walks (dynamics/island.ts)
  visited = new Int32Array(64);
  visitStamp = 0;

  /** Links jointed bodies into islands. */
  linkJointIslands: ((union: (a: number, b: number) => void) => void) | null = null;

  /** Pushes the sleeping bodies jointed to `body`. */
  wakeJointNeighbours: ((body: number, top: number) => number) | null = null;

  /** Reports (as removed) and frees every joint of a body that is being destroyed. */
  destroyBodyJoints: ((body: number) => void) | null = null;
}
