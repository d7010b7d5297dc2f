/**
 * Shapes as plain data (so they can be props, compared and re-created), and their
 * conversion to the core's geometry and shape definitions. Sizes are in meters.
 */
import {
  type BodyId,
  type ChainDefInput,
  Capsule,
  Circle,
  CosSin,
  checkCapsule,
  checkChainDef,
  checkCircle,
  checkPolygon,
  checkSegment,
  checkShapeDef,
  cosSin,
  Polygon,
  Segment,
  type Filter,
  type Geometry,
  defaultFilter,
  makeCapsule,
  makeCircle,
  makeOffsetBox,
  makePolygon,
  makeRoundedBox,
  makeSegment,
  type ShapeDef,
  type ShapeId,
  type Vec2,
} from '@impulse/core/contract';
import type { World } from '@impulse/core';

/** Material and collision settings of a shape. Unset fields take the core's defaults. */
export interface ShapeMaterial {
  /** kg/m². Default 1. */
  density?: number;
  /** Coulomb friction. Default 0.6. */
  friction?: number;
  /** Bounciness, 0 (none) to 1. Default 0. */
  restitution?: number;
  /** Material id for custom mixers. Default 0. */
  material?: number;
  /** Collision filter; unset fields keep the defaults (category 1, collides with all). */
  filter?: Partial<Filter>;
  /** Detects overlaps (sensor events) and never pushes. Default false. */
  isSensor?: boolean;
  /** Report contact begin/end for this shape. Default true. */
  enableContactEvents?: boolean;
}

/**
 * A shape as data. Sizes are full sizes: a box is `width` × `height` meters, where the core's
 * `makeBox(hx, hy)` takes half sizes (half-size fields are rejected, see shapeGeometry).
 */
export type ShapeSpec =
  | ({
      type: 'box';
      /** Full width and height (m): twice the core's `makeBox` half sizes. */
      width: number;
      height: number;
      /** Center of the box in the body's frame (m). Default (0, 0). */
      offset?: Vec2;
      /** Rotation of the box in the body's frame (rad). Default 0. */
      angle?: number;
      /** Corner radius (m); the outer size stays width × height. Default 0. */
      radius?: number;
    } & ShapeMaterial)
  | ({ type: 'circle'; radius: number; offset?: Vec2 } & ShapeMaterial)
  | ({ type: 'capsule'; center1: Vec2; center2: Vec2; radius: number } & ShapeMaterial)
  | ({ type: 'polygon'; points: readonly Vec2[]; radius?: number } & ShapeMaterial)
  | ({ type: 'segment'; point1: Vec2; point2: Vec2 } & ShapeMaterial)
  | ({
      type: 'chain';
      /**
       * At least 2 points (3 for a loop), in the body's frame (m). A chain collides on the
       * right of its direction: ground walked on from above runs right to left.
       */
      points: readonly Vec2[];
      /** Close the chain back to the first point. Default false. */
      loop?: boolean;
    } & ChainMaterial);

/**
 * What a chain takes of the material: a chain's segments have no mass and are never
 * sensors, so `density` and `isSensor` are not among them.
 */
export type ChainMaterial = Omit<ShapeMaterial, 'density' | 'isSensor'>;

const MATERIAL_KEYS = [
  'density',
  'friction',
  'restitution',
  'material',
  'filter',
  'isSensor',
  'enableContactEvents',
] as const satisfies readonly (keyof ShapeMaterial)[];

/** The fields each shape type takes (besides `type` and the material). */
const SHAPE_KEYS: Record<ShapeSpec['type'], readonly string[]> = {
  box: ['width', 'height', 'offset', 'angle', 'radius'],
  circle: ['radius', 'offset'],
  capsule: ['center1', 'center2', 'radius'],
  polygon: ['points', 'radius'],
  segment: ['point1', 'point2'],
  chain: ['points', 'loop'],
};

/** Material fields a chain has no use for (its segments have no mass and never sense). */
const NOT_CHAIN_KEYS = new Set<string>(['density', 'isSensor']);

/** Half-size names (the core's `makeBox(hx, hy)` and other engines'): a spec takes full sizes. */
const HALF_SIZE_KEYS = new Set(['hx', 'hy', 'halfWidth', 'halfHeight', 'halfExtents', 'size']);

/**
 * The core geometry of a spec. A box takes full sizes (`width`, `height`), where the core's
 * `makeBox(hx, hy)` takes half sizes: a half-size field (`hx`, `halfWidth`) is rejected, not
 * ignored, so the two conventions cannot be mixed silently. Errors name the prop
 * (`shapes[0].width`) and keep the core's message for what only the core checks.
 * `where` names the spec in messages: `useBody: shapes[0]`, `<Shape>`.
 */
export function shapeGeometry(spec: ShapeSpec, where = 'useBody: shape'): Geometry {
  checkSpecFields(spec, where);
  if (spec.type === 'chain') {
    throw new TypeError(`${where}: a chain is many segment shapes, not one geometry (see buildShape)`);
  }
  try {
    return coreGeometry(spec);
  } catch (error) {
    if (error instanceof Error) error.message = `${where}: ${error.message}`;
    throw error;
  }
}

/** Checks a spec's type and field names (and a box's sizes), naming `where`. */
function checkSpecFields(spec: ShapeSpec, where: string): void {
  const known = SHAPE_KEYS[spec.type];
  if (known === undefined) {
    throw new TypeError(
      `${where}.type must be box, circle, capsule, polygon, segment or chain, got ${String((spec as { type: unknown }).type)}`,
    );
  }
  for (const key of Object.keys(spec)) {
    if (spec.type === 'chain' && NOT_CHAIN_KEYS.has(key)) {
      throw new RangeError(`${where}: a chain takes no '${key}' (its segments have no mass and never sense)`);
    }
    if (key === 'type' || known.includes(key) || (MATERIAL_KEYS as readonly string[]).includes(key)) continue;
    if (spec.type === 'box' && HALF_SIZE_KEYS.has(key)) {
      throw new RangeError(
        `${where}: a box takes its full width and height (m), got '${key}': write { type: 'box', width: 2 * hx, height: 2 * hy } (the core's makeBox(hx, hy) takes half sizes)`,
      );
    }
    throw new RangeError(
      `${where}: unknown field '${key}' (a ${spec.type} takes: ${known.join(', ')}, and the material)`,
    );
  }
  if (spec.type === 'box') {
    for (const key of ['width', 'height'] as const) {
      const v = spec[key];
      if (!(typeof v === 'number' && v > 0 && Number.isFinite(v))) {
        throw new RangeError(`${where}.${key} must be a positive full ${key} in meters, got ${String(v)}`);
      }
    }
  }
}

function coreGeometry(spec: Exclude<ShapeSpec, { type: 'chain' }>): Geometry {
  switch (spec.type) {
    case 'box': {
      const hw = spec.width / 2;
      const hh = spec.height / 2;
      const r = spec.radius ?? 0;
      const ox = spec.offset?.x ?? 0;
      const oy = spec.offset?.y ?? 0;
      const angle = spec.angle ?? 0;
      if (r === 0) return makeOffsetBox(hw, hh, ox, oy, angle);
      if (ox === 0 && oy === 0 && angle === 0) return makeRoundedBox(hw - r, hh - r, r);
      // The core's cosSin: the same rotation the core would compute for makeOffsetBox.
      const { c, s } = cosSin(angle, new CosSin());
      const corners = [
        [-1, -1],
        [1, -1],
        [1, 1],
        [-1, 1],
      ].map(([u, v]) => {
        const x = u! * (hw - r);
        const y = v! * (hh - r);
        return { x: ox + c * x - s * y, y: oy + s * x + c * y };
      });
      return makePolygon(corners, r);
    }
    case 'circle':
      return makeCircle(spec.offset?.x ?? 0, spec.offset?.y ?? 0, spec.radius);
    case 'capsule':
      return makeCapsule(spec.center1.x, spec.center1.y, spec.center2.x, spec.center2.y, spec.radius);
    case 'polygon':
      return makePolygon(spec.points, spec.radius ?? 0);
    case 'segment':
      return makeSegment(spec.point1.x, spec.point1.y, spec.point2.x, spec.point2.y);
  }
}

/** The core shape def of a material, with only the fields that are set. */
export function shapeDef(m: ShapeMaterial, userData: unknown): Partial<ShapeDef> {
  const d: Partial<ShapeDef> = { userData };
  if (m.density !== undefined) d.density = m.density;
  if (m.friction !== undefined) d.friction = m.friction;
  if (m.restitution !== undefined) d.restitution = m.restitution;
  if (m.material !== undefined) d.material = m.material;
  if (m.filter !== undefined) d.filter = { ...defaultFilter(), ...m.filter };
  if (m.isSensor !== undefined) d.isSensor = m.isSensor;
  if (m.enableContactEvents !== undefined) d.enableContactEvents = m.enableContactEvents;
  return d;
}

/** The `create*Shape` commands a world (or client) has. */
export type ShapeFactory = Pick<
  World,
  'createPolygonShape' | 'createCircleShape' | 'createCapsuleShape' | 'createSegmentShape'
>;

/**
 * Checks one shape as `createShape` would create it, with the core's own checks and the
 * names of the world method it calls (`createPolygonShape: density ...`), so a bad shape
 * throws before anything reaches a world, which may be in another thread.
 */
export function checkShape(geometry: Geometry, def: Partial<ShapeDef>): void {
  const fn = shapeMethod(geometry);
  if (geometry instanceof Polygon) checkPolygon(fn, 'polygon', geometry);
  else if (geometry instanceof Capsule) checkCapsule(fn, 'capsule', geometry);
  else if (geometry instanceof Segment) checkSegment(fn, 'segment', geometry);
  else checkCircle(fn, 'circle', geometry);
  checkShapeDef(fn, def);
}

/** The world method that creates a shape of `geometry` (in createShape's order of tests). */
function shapeMethod(geometry: Geometry): keyof ShapeFactory {
  if (geometry instanceof Polygon) return 'createPolygonShape';
  if (geometry instanceof Capsule) return 'createCapsuleShape';
  if (geometry instanceof Segment) return 'createSegmentShape';
  if (geometry instanceof Circle) return 'createCircleShape';
  throw new TypeError('useBody: chain segments cannot be body shapes');
}

/** Creates one shape of `geometry` on `body`. */
export function createShape(
  world: ShapeFactory,
  body: BodyId,
  geometry: Geometry,
  def: Partial<ShapeDef>,
): ShapeId {
  if (geometry instanceof Polygon) return world.createPolygonShape(body, geometry, def);
  if (geometry instanceof Capsule) return world.createCapsuleShape(body, geometry, def);
  if (geometry instanceof Segment) return world.createSegmentShape(body, geometry, def);
  if (geometry instanceof Circle) return world.createCircleShape(body, geometry, def);
  throw new TypeError('useBody: chain segments cannot be body shapes');
}

/** A shape spec made ready for a world: one geometry and its def, or a chain's def. */
export type BuiltShape =
  | { kind: 'shape'; geometry: Geometry; def: Partial<ShapeDef> }
  | { kind: 'chain'; def: ChainDefInput };

/**
 * Turns a spec into what the world creates, its material over `base` (the body's). A
 * chain takes what a chain has of the material (a body's `density` and `isSensor` are
 * for its other shapes). Throws, naming `where`, for a spec the world would refuse.
 */
export function buildShape(spec: ShapeSpec, base: ShapeMaterial, where: string): BuiltShape {
  if (spec.type !== 'chain') {
    const geometry = shapeGeometry(spec, where);
    return { kind: 'shape', geometry, def: shapeDef({ ...base, ...pickSet(spec) }, undefined) };
  }
  checkSpecFields(spec, where);
  const m = { ...base, ...pickSet(spec) };
  const def: ChainDefInput = { points: spec.points, loop: spec.loop ?? false };
  if (m.friction !== undefined) def.friction = m.friction;
  if (m.restitution !== undefined) def.restitution = m.restitution;
  if (m.material !== undefined) def.material = m.material;
  if (m.filter !== undefined) def.filter = m.filter;
  if (m.enableContactEvents !== undefined) def.enableContactEvents = m.enableContactEvents;
  return { kind: 'chain', def };
}

/** The material fields `m` sets (a spec's own, or a body's), leaving out the unset ones. */
function pickSet(m: ShapeMaterial): ShapeMaterial {
  const out: Record<string, unknown> = {};
  for (const key of MATERIAL_KEYS) {
    const v = (m as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = v;
  }
  return out as ShapeMaterial;
}

/** Checks a built shape with the core's checks under the name of the world method it calls. */
export function checkBuiltShape(shape: BuiltShape): void {
  if (shape.kind === 'shape') checkShape(shape.geometry, shape.def);
  else checkChainDef('createChain', shape.def);
}

/** Creates a built shape on `body`; returns its shape ids (a chain's segments, in order). */
export function createBuiltShape(
  world: ShapeFactory & Pick<World, 'createChain' | 'getChainSegments'>,
  body: BodyId,
  shape: BuiltShape,
): ShapeId[] {
  if (shape.kind === 'shape') return [createShape(world, body, shape.geometry, shape.def)];
  return world.getChainSegments(world.createChain(body, shape.def));
}
