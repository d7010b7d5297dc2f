/**
 * What the dynamics layer reads and writes of a world: the stores, the broad phase, the
 * awake lists, settings, events and scratch. The world's state (world/world_state.ts)
 * implements it; the operations of this layer (body.ts, shape.ts, contact.ts, island.ts,
 * ...) take it as their first argument, as Box2D's body.c takes a `b2World*`. Declared
 * here, below the world, so that no module of this layer names a type of a layer above it
 * (test/layers.test.ts): the joint layer extends it (joints/joints_state.ts) and reaches
 * back only through the hooks at the end.
 */

import type { Transform } from '../base/math.js';
import type { BroadPhase } from '../collision/broad_phase.js';
import type { QuadCache } from '../collision/manifold.js';
import type { PairTable } from '../collision/pair_table.js';
import type { AABB, MassData } from '../geometry/geometry.js';
import type { FrictionMixer, RestitutionMixer, WorldScalarSettings } from '../types/world_def.js';
import type { BodyStore } from './body_store.js';
import type { ContactStore } from './contact_store.js';
import type { ContactConstraints } from './contact_constraints.js';
import type { EventBuffers } from './events.js';
import type { SensorState } from './sensor_state.js';
import type { ShapeStore } from './shape_store.js';
import type { StepContext } from './step_context.js';

/** The settings as the step reads them: flat fields (world/world_settings.ts fills them). */
export interface StepSettings extends WorldScalarSettings {
  gravityX: number;
  gravityY: number;
  /** Bumped by every change of the settings above, so the step refreshes what it derived. */
  version: number;
}

/** Step timings in milliseconds, overwritten by every step. */
export class Profile {
  step = 0;
  pairs = 0;
  collide = 0;
  solve = 0;
  continuous = 0;
  sleep = 0;
  sensors = 0;
  /** Bodies swept by continuous collision in the last step. */
  sweptBodies = 0;
  /** Time-of-impact computations in the last step. */
  toiCalls = 0;
}

/** A chain: the ordered segment shapes it created, for destroying it as one. */
export interface ChainRecord {
  body: number;
  shapes: number[];
}

export interface DynamicsState {
  readonly settings: StepSettings;
  readonly profile: Profile;
  readonly bodies: BodyStore;
  readonly shapes: ShapeStore;
  readonly contacts: ContactStore;
  readonly chains: (ChainRecord | null)[];
  readonly chainFree: number[];
  readonly chainGeneration: number[];
  readonly broadPhase: BroadPhase;
  /** Shape pair -> contact slot, for "does this pair already have a contact". */
  readonly pairs: PairTable;
  frictionMixer: FrictionMixer;
  restitutionMixer: RestitutionMixer;

  /** Non-static bodies that are awake, in a deterministic order. */
  awakeBodies: Int32Array;
  awakeBodyCount: number;
  /** Contacts with at least one awake body: the ones the narrow phase updates. */
  awakeContacts: Int32Array;
  awakeContactCount: number;
  /** Per awake contact, its shapes and bodies (dynamics/awake_contacts.ts AWAKE_PAIR_STRIDE). */
  awakeContactPairs: Int32Array;
  /** The narrow phase's verdict per awake contact (world/narrow_phase.ts CollideStatus). */
  collideStatus: Uint8Array;
  /** The bodies' finish's bits per awake body (world/finalize_bodies.ts FinalizeStatus). */
  finalizeStatus: Uint8Array;
  readonly constraints: ContactConstraints;
  readonly events: EventBuffers;
  /** Sensor shapes and their current overlaps (sensor.ts). */
  readonly sensors: SensorState;
  readonly stepContext: StepContext;
  /** Dynamic bodies that moved far enough this step to be swept (continuous collision). */
  fastBodies: Int32Array;
  fastBodyCount: number;

  // scratch, preallocated once
  readonly xfA: Transform;
  readonly xfB: Transform;
  readonly aabb: AABB;
  readonly massData: MassData;
  /** The narrow phase's per-shape quadrilateral records (collision/manifold.ts). */
  readonly quadCache: QuadCache;
  wakeStack: Int32Array;
  // scratch of the island walks (island.ts)
  visited: Int32Array;
  visitStamp: number;

  // The joint layer's hooks (bound by joints/joint.ts bindJointCallbacks): contacts and
  // islands consult joints through them without importing the joint layer.

  /** False when a joint between the bodies disables collision. */
  jointFilter: ((bodyA: number, bodyB: number) => boolean) | null;
  /** Links jointed bodies into islands. */
  linkJointIslands: ((union: (a: number, b: number) => void) => void) | null;
  /** Pushes the sleeping bodies jointed to `body`. */
  wakeJointNeighbours: ((body: number, top: number) => number) | null;
  /** Reports (as removed) and frees every joint of a body that is being destroyed. */
  destroyBodyJoints: ((body: number) => void) | null;
}
