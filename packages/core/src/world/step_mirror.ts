/**
 * What a helper worker needs of a step besides the world's shared columns
 * (world/shared_memory.ts), mirrored into shared memory by the calling thread: the step
 * context and the settings (the inputs block), and the shapes' geometry (objects, which no
 * typed array holds: encoded once per shape when it changes). The helper's side reads them
 * into its world view (world/world_view.ts). One layout, stated here, for both sides.
 *
 * The inputs block: a dispatch counter, the geometry epoch, the context epoch, the two
 * per-sub-step switches and the contact constraints' two, then every number and boolean
 * of the step context and the settings in the order a fresh object lists them
 * (`inputFields`). The switches are written at every dispatch; the rest only when the
 * context was derived anew (its dt, sub-step count or settings version changed), so a
 * steady step writes seven numbers a stage.
 */

import { growF64, growI32, sharedBuffer } from '../base/array.js';
import { MAX_POLYGON_VERTICES } from '../base/constants.js';
import { StepContext } from '../dynamics/step_context.js';
import {
  Capsule,
  ChainSegment,
  Circle,
  type Geometry,
  type Polygon,
  polygonOf,
  Segment,
  ShapeType,
} from '../geometry/geometry.js';
import { WorldSettings } from './world_settings.js';
import type { WorldState } from './world_state.js';

/** Words of the inputs block before the mirrored fields. */
export enum In {
  /** Counts the dispatches that wrote the block: a helper reloads when it moved. */
  SEQ = 0,
  /** Counts geometry changes: a helper decodes the shapes whose stamp moved. */
  GEOMETRY_EPOCH = 1,
  /** Counts full rewrites of the fields: a helper reloads them all. */
  FIELDS_EPOCH = 2,
  SECOND_POINT_FIRST = 3,
  SEPARATIONS_STORED = 4,
  /** The contact constraints' two switches, set once a step before the sweeps (finishPrepare). */
  TRACKING = 5,
  TRACK_MAX_IMPULSE = 6,
  FIELDS = 7,
}

/** A mirrored field: the object it lives on and its key, numbers and booleans only. */
export type InputField = readonly [root: 'stepContext' | 'settings', path: readonly string[]];

function listFields(root: InputField[0], o: object, path: string[], out: InputField[]): void {
  for (const [key, v] of Object.entries(o)) {
    if (typeof v === 'number' || typeof v === 'boolean') out.push([root, [...path, key]]);
    else if (v !== null && typeof v === 'object' && !ArrayBuffer.isView(v))
      listFields(root, v as object, [...path, key], out);
  }
}

/** The mirrored fields, in block order: a fresh step context's, then fresh settings'. */
export function inputFields(): readonly InputField[] {
  const out: InputField[] = [];
  listFields('stepContext', new StepContext(), [], out);
  listFields('settings', new WorldSettings(), [], out);
  return out;
}

/** Doubles per shape in the geometry mirror: a type, then the largest geometry (a polygon). */
export const GEOMETRY_STRIDE = 5 + 4 * MAX_POLYGON_VERTICES;

/** Writes `g` (of `type`) into `out` at `o`. */
function encodeGeometry(type: ShapeType, g: Geometry, out: Float64Array, o: number): void {
  out[o] = type;
  switch (type) {
    case ShapeType.Circle: {
      const c = g as Circle;
      out[o + 1] = c.cx;
      out[o + 2] = c.cy;
      out[o + 3] = c.radius;
      return;
    }
    case ShapeType.Capsule: {
      const c = g as Capsule;
      out.set([c.c1x, c.c1y, c.c2x, c.c2y, c.radius], o + 1);
      return;
    }
    case ShapeType.Segment: {
      const s = g as Segment;
      out.set([s.p1x, s.p1y, s.p2x, s.p2y], o + 1);
      return;
    }
    case ShapeType.ChainSegment: {
      const s = g as ChainSegment;
      out.set([s.g1x, s.g1y, s.p1x, s.p1y, s.p2x, s.p2y, s.g2x, s.g2y], o + 1);
      return;
    }
    case ShapeType.Polygon: {
      const p = g as Polygon;
      out.set([p.count, p.radius, p.centroidX, p.centroidY], o + 1);
      const n = MAX_POLYGON_VERTICES;
      out.set(p.vx, o + 5);
      out.set(p.vy, o + 5 + n);
      out.set(p.nx, o + 5 + 2 * n);
      out.set(p.ny, o + 5 + 3 * n);
    }
  }
}

/** The geometry written at `o` by encodeGeometry: a new object with the same bits. */
export function decodeGeometry(d: Float64Array, o: number): Geometry {
  const x = (k: number): number => d[o + k]!;
  switch (d[o] as ShapeType) {
    case ShapeType.Circle:
      return new Circle(x(1), x(2), x(3));
    case ShapeType.Capsule:
      return new Capsule(x(1), x(2), x(3), x(4), x(5));
    case ShapeType.Segment:
      return new Segment(x(1), x(2), x(3), x(4));
    case ShapeType.ChainSegment:
      return new ChainSegment(x(1), x(2), x(3), x(4), x(5), x(6), x(7), x(8));
    default: {
      const n = MAX_POLYGON_VERTICES;
      return polygonOf({
        count: x(1),
        radius: x(2),
        centroidX: x(3),
        centroidY: x(4),
        vx: d.subarray(o + 5, o + 5 + n),
        vy: d.subarray(o + 5 + n, o + 5 + 2 * n),
        nx: d.subarray(o + 5 + 2 * n, o + 5 + 3 * n),
        ny: d.subarray(o + 5 + 3 * n, o + 5 + 4 * n),
      });
    }
  }
}

function readField(w: WorldState, f: InputField): number {
  let o: unknown = w[f[0]];
  for (const key of f[1]) o = (o as Record<string, unknown>)[key];
  return typeof o === 'boolean' ? (o ? 1 : 0) : (o as number);
}

/** The calling thread's mirror of one world's step inputs and geometry (shared memory). */
export class StepMirror {
  readonly fields = inputFields();
  readonly inputs = new Float64Array(sharedBuffer(8 * (In.FIELDS + this.fields.length)));
  /** GEOMETRY_STRIDE doubles per shape slot. */
  geometry = new Float64Array(sharedBuffer(8 * 64 * GEOMETRY_STRIDE));
  /** Per shape slot: bumped when its record changed. */
  stamps = new Int32Array(sharedBuffer(4 * 64));
  /** The geometry object each record holds (a new geometry is a new object). */
  #owner: (Geometry | null)[] = [];
  #dt = -1;
  #subSteps = -1;
  #settingsVersion = -1;
  #ctxVersion = -1;
  #geometryStep = -1;

  /**
   * Before a dispatch: the switches, the fields when the context was derived anew, the
   * geometry once a step. Allocates nothing in a steady step.
   */
  write(w: WorldState): void {
    const inputs = this.inputs;
    const ctx = w.stepContext;
    if (w.stepCount !== this.#geometryStep) {
      this.#geometryStep = w.stepCount;
      this.#syncGeometry(w);
    }
    if (
      ctx.dt !== this.#dt ||
      ctx.subSteps !== this.#subSteps ||
      ctx.settingsVersion !== this.#ctxVersion ||
      w.settings.version !== this.#settingsVersion
    ) {
      this.#dt = ctx.dt;
      this.#subSteps = ctx.subSteps;
      this.#ctxVersion = ctx.settingsVersion;
      this.#settingsVersion = w.settings.version;
      const fields = this.fields;
      for (let i = 0; i < fields.length; i++) inputs[In.FIELDS + i] = readField(w, fields[i]!);
      inputs[In.FIELDS_EPOCH]!++;
    }
    inputs[In.SECOND_POINT_FIRST] = ctx.secondPointFirst;
    inputs[In.SEPARATIONS_STORED] = ctx.separationsStored ? 1 : 0;
    inputs[In.TRACKING] = w.constraints.tracking ? 1 : 0;
    inputs[In.TRACK_MAX_IMPULSE] = w.constraints.trackMaxImpulse ? 1 : 0;
    inputs[In.SEQ]!++;
  }

  /** Encodes the shapes whose geometry object changed since the last sync. */
  #syncGeometry(w: WorldState): void {
    const shapes = w.shapes;
    const n = shapes.pool.next;
    if (n > this.stamps.length) {
      this.stamps = growI32(this.stamps, n);
      this.geometry = growF64(this.geometry, this.stamps.length * GEOMETRY_STRIDE);
    }
    const owner = this.#owner;
    while (owner.length < n) owner.push(null);
    let changed = false;
    for (let s = 0; s < n; s++) {
      const g = shapes.geometry[s] ?? null;
      if (g === owner[s]) continue;
      owner[s] = g;
      if (g === null) continue;
      encodeGeometry(shapes.type[s] as ShapeType, g, this.geometry, s * GEOMETRY_STRIDE);
      this.stamps[s]!++;
      changed = true;
    }
    if (changed) this.inputs[In.GEOMETRY_EPOCH]!++;
  }
}
