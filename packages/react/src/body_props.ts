/**
 * A body's props and how each one reaches the world: the one table that says which props
 * a setter changes in place (mutable) and which recreate the body (immutable). The README's
 * props table is this table; a test walks it.
 */
import {
  type BodyId,
  BodyType,
  defaultBodyDef,
  type Filter,
  type ShapeId,
  type Vec2,
} from '@impulse/core/contract';
import type { PhysicsClient } from '@impulse/worker';
import type { BodyEventHandlers } from './contact_router.js';
import type { DragProps } from './drag.js';
import type { ShapeMaterial, ShapeSpec } from './shapes.js';

export type BodyTypeName = 'static' | 'kinematic' | 'dynamic';

/** What `useBody` and `<Body>` take. Positions in meters, angles in radians, y up. */
export interface BodyOptions extends ShapeMaterial, BodyEventHandlers, DragProps {
  /** Default 'dynamic'. */
  type?: BodyTypeName;
  /**
   * World position (m). Default: the center of the element the ref is attached to (an
   * element-measured body), else (0, 0). Changing it teleports the body.
   */
  position?: Vec2;
  /** Angle (rad, counter-clockwise). Changing it teleports the body. */
  angle?: number;
  linearVelocity?: Vec2;
  angularVelocity?: number;
  linearDamping?: number;
  angularDamping?: number;
  gravityScale?: number;
  /** Speed (m/s) below which the body counts as resting. */
  sleepThreshold?: number;
  fixedRotation?: boolean;
  /** Continuous collision against dynamic bodies too. */
  bullet?: boolean;
  /** Awake at creation; changing it wakes or puts to sleep. */
  awake?: boolean;
  enableSleep?: boolean;
  userData?: unknown;
  /**
   * The body's shapes (m). Without them the body is one box the size of the element its
   * ref is attached to (measured in pixels, divided by the scale).
   */
  shapes?: readonly ShapeSpec[];
  /** Can be grabbed with a pointer (mouse, pen, finger). Default: the `<Physics draggable>` setting. */
  draggable?: boolean;
}

/** How a prop change reaches the world. */
export type PropKind = 'setter' | 'recreate' | 'handler' | 'runtime';

export interface LiveBodyRef {
  client: PhysicsClient;
  id: BodyId;
  shapes: ShapeId[];
}

type Setter = (body: LiveBodyRef, value: unknown, props: BodyOptions) => void;

const defaults = defaultBodyDef();

export const BODY_TYPES: Readonly<Record<BodyTypeName, BodyType>> = {
  static: BodyType.Static,
  kinematic: BodyType.Kinematic,
  dynamic: BodyType.Dynamic,
};

export function toBodyType(type: BodyTypeName | undefined): BodyType {
  if (type === undefined) return BodyType.Dynamic;
  const t = BODY_TYPES[type];
  if (t === undefined) {
    throw new RangeError(`useBody: type must be 'static', 'kinematic' or 'dynamic', got ${String(type)}`);
  }
  return t;
}

function teleport(body: LiveBodyRef, _value: unknown, props: BodyOptions): void {
  const { client, id } = body;
  client.setBodyTransform(
    id,
    props.position ?? client.getBodyPosition(id),
    props.angle ?? client.getBodyAngle(id),
  );
}

function eachShape(body: LiveBodyRef, f: (id: ShapeId) => void): void {
  for (const s of body.shapes) f(s);
}

/**
 * Every prop, classified. Setters run in this order after a render that changed them; a
 * prop set back to undefined gets the core's default.
 */
export const BODY_PROPS: {
  readonly [K in keyof Required<BodyOptions>]: { kind: PropKind; setter?: Setter };
} = {
  type: { kind: 'setter', setter: (b, v) => b.client.setBodyType(b.id, toBodyType(v as BodyTypeName)) },
  position: { kind: 'setter', setter: teleport },
  angle: { kind: 'setter', setter: teleport },
  linearVelocity: {
    kind: 'setter',
    setter: (b, v) => b.client.setBodyLinearVelocity(b.id, (v as Vec2) ?? defaults.linearVelocity),
  },
  angularVelocity: {
    kind: 'setter',
    setter: (b, v) => b.client.setBodyAngularVelocity(b.id, (v as number) ?? defaults.angularVelocity),
  },
  linearDamping: {
    kind: 'setter',
    setter: (b, v) => b.client.setBodyLinearDamping(b.id, (v as number) ?? defaults.linearDamping),
  },
  angularDamping: {
    kind: 'setter',
    setter: (b, v) => b.client.setBodyAngularDamping(b.id, (v as number) ?? defaults.angularDamping),
  },
  gravityScale: {
    kind: 'setter',
    setter: (b, v) => b.client.setBodyGravityScale(b.id, (v as number) ?? defaults.gravityScale),
  },
  sleepThreshold: {
    kind: 'setter',
    setter: (b, v) => b.client.setBodySleepThreshold(b.id, (v as number) ?? defaults.sleepThreshold),
  },
  fixedRotation: {
    kind: 'setter',
    setter: (b, v) => b.client.setBodyFixedRotation(b.id, (v as boolean) ?? defaults.fixedRotation),
  },
  bullet: {
    kind: 'setter',
    setter: (b, v) => b.client.setBodyBullet(b.id, (v as boolean) ?? defaults.isBullet),
  },
  awake: { kind: 'setter', setter: (b, v) => b.client.setBodyAwake(b.id, (v as boolean) ?? true) },
  enableSleep: {
    kind: 'setter',
    setter: (b, v) => b.client.enableBodySleep(b.id, (v as boolean) ?? defaults.enableSleep),
  },
  userData: { kind: 'setter', setter: (b, v) => b.client.setBodyUserData(b.id, v) },
  density: {
    kind: 'setter',
    setter: (b, v) => eachShape(b, (s) => b.client.setShapeDensity(s, (v as number) ?? 1)),
  },
  friction: {
    kind: 'setter',
    setter: (b, v) => eachShape(b, (s) => b.client.setShapeFriction(s, (v as number) ?? 0.6)),
  },
  restitution: {
    kind: 'setter',
    setter: (b, v) => eachShape(b, (s) => b.client.setShapeRestitution(s, (v as number) ?? 0)),
  },
  filter: {
    kind: 'setter',
    setter: (b, v) =>
      eachShape(b, (s) =>
        b.client.setShapeFilter(s, {
          categoryBits: 1,
          maskBits: 0xffffffff,
          groupIndex: 0,
          ...(v as Partial<Filter>),
        }),
      ),
  },
  enableContactEvents: {
    kind: 'setter',
    setter: (b, v) => eachShape(b, (s) => b.client.enableShapeContactEvents(s, (v as boolean) ?? true)),
  },
  shapes: { kind: 'recreate' },
  isSensor: { kind: 'recreate' },
  material: { kind: 'recreate' },
  draggable: { kind: 'runtime' },
  onContactBegin: { kind: 'handler' },
  onContactEnd: { kind: 'handler' },
  onHit: { kind: 'handler' },
  onSensorEnter: { kind: 'handler' },
  onSensorExit: { kind: 'handler' },
  onSleep: { kind: 'handler' },
  onWake: { kind: 'handler' },
  onDragStart: { kind: 'handler' },
  onDrag: { kind: 'handler' },
  onDragEnd: { kind: 'handler' },
  dragConstraint: { kind: 'runtime' },
};

const ORDER = Object.keys(BODY_PROPS) as (keyof BodyOptions)[];

/** Plain-data equality: numbers, strings, booleans, arrays and plain objects; anything else by identity. */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  if (Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype)
    return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

export interface PropDiff {
  recreate: boolean;
  setters: (keyof BodyOptions)[];
  /** A handler appeared or disappeared (the event subscriptions may change). */
  handlersChanged: boolean;
  draggableChanged: boolean;
}

/** What changed from `prev` to `next`, by the table. Unknown props are ignored. */
export function diffBodyProps(prev: BodyOptions, next: BodyOptions): PropDiff {
  const diff: PropDiff = { recreate: false, setters: [], handlersChanged: false, draggableChanged: false };
  let teleported = false;
  for (const key of ORDER) {
    const a = prev[key];
    const b = next[key];
    const entry = BODY_PROPS[key];
    if (entry.kind === 'handler') {
      if ((a === undefined) !== (b === undefined)) diff.handlersChanged = true;
      continue;
    }
    // userData may be any object: compared by identity; the rest as plain data.
    if (key === 'userData' ? Object.is(a, b) : sameData(a, b)) continue;
    if (entry.kind === 'recreate') diff.recreate = true;
    else if (entry.kind === 'runtime') diff.draggableChanged = true;
    else if (key === 'position' || key === 'angle') {
      // One teleport for a position and angle changed together.
      if (!teleported) diff.setters.push(key);
      teleported = true;
    } else diff.setters.push(key);
  }
  return diff;
}

/** Runs the setters of `diff` on a live body. */
export function applySetters(
  body: LiveBodyRef,
  keys: readonly (keyof BodyOptions)[],
  props: BodyOptions,
): void {
  for (const key of keys) BODY_PROPS[key].setter!(body, props[key], props);
}
