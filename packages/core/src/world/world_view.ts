/**
 * A helper worker's view of a world: an object with the fields the step's block functions
 * read (world/narrow_phase.ts, world/solver_stages.ts), built from the world's shared
 * columns (`sharedStores`, keyed `store.field`) and the calling thread's mirror of the step
 * inputs and geometry (world/step_mirror.ts). The columns are the world's own memory, so a
 * block run on the view reads and writes what it would on the calling thread.
 *
 * A view holds one generation of the columns: when a store grows, the calling thread
 * publishes the new ones between stages and the helper builds a new view. What changes
 * without new buffers (the switches of a sub-step, the settings, a shape's geometry) is
 * read by `refreshWorldView` before a block runs, when its counters moved.
 */

import { Transform } from '../base/math.js';
import type { Column } from '../base/columns.js';
import { StepContext } from '../dynamics/step_context.js';
import { QuadCache } from '../collision/manifold.js';
import type { Geometry } from '../geometry/geometry.js';
import { AABB, MassData } from '../geometry/geometry.js';
import { decodeGeometry, GEOMETRY_STRIDE, In, type InputField, inputFields } from './step_mirror.js';
import { WorldSettings } from './world_settings.js';
import type { WorldState } from './world_state.js';

/** The names of the mirror's columns among the published stores. */
export const MirrorColumn = {
  inputs: 'mirror.inputs',
  geometry: 'mirror.geometry',
  stamps: 'mirror.stamps',
} as const;

/** The columns a block needs: a view is refused without them (the calling thread runs it). */
export const REQUIRED_COLUMNS = [
  'world.awakeContacts',
  'world.awakeContactPairs',
  'world.awakeBodies',
  'world.collideStatus',
  'world.finalizeStatus',
  'broadPhase.shapeFat',
  'broadPhase.prevFat',
  'moveIndex.0',
  'moveIndex.1',
  'moveIndex.2',
  'staticTree.box',
  'staticTree.node',
  'kinematicTree.box',
  'kinematicTree.node',
  'dynamicTree.box',
  'dynamicTree.node',
  'pairQueries.item',
  'pairQueries.box',
  'pairQueries.range',
  'pairQueries.hits',
  'pairQueries.meta',
  'quads.data',
  'bodies.state',
  'contacts.data',
  'contacts.reference',
  'constraints.data',
  'constraints.meta',
  'constraints.relaxAgain',
  'joints.rows',
  'joints.axialRows',
  'joints.solveOrder',
  MirrorColumn.inputs,
  MirrorColumn.geometry,
  MirrorColumn.stamps,
] as const;

/** A helper's world view: the world's shape for the block functions, plus its counters. */
export interface WorldView {
  /** What the block functions take. */
  readonly world: WorldState;
  readonly inputs: Float64Array;
  readonly geometryData: Float64Array;
  readonly stamps: Int32Array;
  readonly geometry: (Geometry | null)[];
  readonly seenStamps: Int32Array;
  readonly fields: readonly InputField[];
  seq: number;
  fieldsEpoch: number;
  geometryEpoch: number;
}

/** The first required column missing from `stores`, or null. */
export function missingColumn(stores: Readonly<Record<string, Column>>): string | null {
  for (const name of REQUIRED_COLUMNS) if (stores[name] === undefined) return name;
  return null;
}

/** Builds a view over `stores` (sharedStores plus the mirror's columns). */
export function createWorldView(stores: Readonly<Record<string, Column>>): WorldView {
  const missing = missingColumn(stores);
  if (missing !== null) throw new Error(`createWorldView: the stores lack ${missing}`);
  const objects: Record<string, Record<string, unknown>> = {};
  for (const [name, column] of Object.entries(stores)) {
    const dot = name.indexOf('.');
    const store = name.slice(0, dot);
    objects[store] ??= {};
    objects[store][name.slice(dot + 1)] = column;
  }
  const geometry: (Geometry | null)[] = [];
  const quadCache = new QuadCache();
  quadCache.data = stores['quads.data'] as Float64Array<ArrayBuffer>;
  // every record is current (the calling thread caches a shape's quadrilateral when it is
  // made): owning the view's geometry makes collideQuadShapes never rewrite one
  quadCache.owner = geometry as QuadCache['owner'];
  // Every store object is a fresh literal (a spread): an object given more than 16 fields
  // by computed keys, as above, is in V8's dictionary mode (bodies has 38, joints 22), and
  // each field load in the blocks' loops was a hash lookup: the helper's body blocks ran
  // 4-5 times as long as the calling thread's (docs/parallel-step.md, "Keeping each body's
  // data on one core").
  const world = {
    ...objects.world,
    bodies: { ...objects.bodies },
    shapes: { ...objects.shapes, geometry },
    contacts: { ...objects.contacts },
    // the two switches refreshWorldView sets: present from the start, as on the real store
    constraints: { ...objects.constraints, tracking: true, trackMaxImpulse: false },
    joints: { ...objects.joints },
    // what the pair queries' walks read (collision/pair_query.ts PairQuerySource)
    broadPhase: {
      ...objects.broadPhase,
      trees: [{ ...objects.staticTree }, { ...objects.kinematicTree }, { ...objects.dynamicTree }],
      moveIndex: [objects.moveIndex!['0'], objects.moveIndex!['1'], objects.moveIndex!['2']],
      queries: { ...objects.pairQueries },
    },
    quadCache,
    stepContext: new StepContext(),
    settings: new WorldSettings(),
    xfA: new Transform(),
    xfB: new Transform(),
    aabb: new AABB(),
    massData: new MassData(),
  } as unknown as WorldState;
  return {
    world,
    inputs: stores[MirrorColumn.inputs] as Float64Array,
    geometryData: stores[MirrorColumn.geometry] as Float64Array,
    stamps: stores[MirrorColumn.stamps] as Int32Array,
    geometry,
    seenStamps: new Int32Array(0),
    fields: inputFields(),
    seq: -1,
    fieldsEpoch: -1,
    geometryEpoch: -1,
  };
}

function writeField(w: WorldState, f: InputField, v: number): void {
  let o = w[f[0]] as unknown as Record<string, unknown>;
  const path = f[1];
  for (let i = 0; i < path.length - 1; i++) o = o[path[i]!] as Record<string, unknown>;
  const key = path[path.length - 1]!;
  o[key] = typeof o[key] === 'boolean' ? v !== 0 : v;
}

/** Reads what the calling thread mirrored since this view last looked (before a block). */
export function refreshWorldView(view: WorldView): void {
  const inputs = view.inputs;
  const seq = inputs[In.SEQ]!;
  if (seq === view.seq) return;
  view.seq = seq;
  const w = view.world;
  if (inputs[In.FIELDS_EPOCH] !== view.fieldsEpoch) {
    view.fieldsEpoch = inputs[In.FIELDS_EPOCH]!;
    const fields = view.fields;
    for (let i = 0; i < fields.length; i++) writeField(w, fields[i]!, inputs[In.FIELDS + i]!);
  }
  w.stepContext.secondPointFirst = inputs[In.SECOND_POINT_FIRST]!;
  w.stepContext.separationsStored = inputs[In.SEPARATIONS_STORED] !== 0;
  w.constraints.tracking = inputs[In.TRACKING] !== 0;
  w.constraints.trackMaxImpulse = inputs[In.TRACK_MAX_IMPULSE] !== 0;
  if (inputs[In.GEOMETRY_EPOCH] !== view.geometryEpoch) {
    view.geometryEpoch = inputs[In.GEOMETRY_EPOCH]!;
    decodeChanged(view);
  }
}

/** Decodes the shapes whose stamp moved since the view last read them. */
function decodeChanged(view: WorldView): void {
  const stamps = view.stamps;
  let seen = view.seenStamps;
  if (seen.length < stamps.length) {
    const grown = new Int32Array(stamps.length);
    grown.set(seen);
    seen = grown;
    (view as { seenStamps: Int32Array }).seenStamps = seen;
  }
  const geometry = view.geometry;
  while (geometry.length < stamps.length) geometry.push(null);
  for (let s = 0; s < stamps.length; s++) {
    const stamp = stamps[s]!;
    if (stamp === seen[s]) continue;
    seen[s] = stamp;
    geometry[s] = decodeGeometry(view.geometryData, s * GEOMETRY_STRIDE);
  }
}
