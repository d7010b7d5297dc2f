/**
 * Joint definitions from world points, as planck.js and Box2D v2 users write them.
 *
 * A definition may place the joint with world coordinates instead of each body's frame:
 * `anchor` (one world point for both bodies), `anchorA` / `anchorB` (one world point per
 * body) and, for the axis joints (prismatic, wheel), `axis` (a world direction). They are
 * turned into the local forms (`localAnchorA`, `localAnchorB`, `localAxisA`) from the
 * bodies' poses at creation, which is all the solver ever stores. A definition placed
 * with world points also measures its rest configuration from those poses, unless it
 * gives the value itself:
 *   - revolute, weld, prismatic: `referenceAngle` = angle of B minus angle of A now, so
 *     limits, motors and springs count from the pose the user built (with 0, bodies
 *     created at an angle had their limits somewhere else, and snapped there);
 *   - distance: `length` = distance between the two world anchors now.
 * A definition that gives only local forms keeps the old defaults (referenceAngle 0,
 * length 1): existing definitions simulate exactly as before.
 *
 * Giving both the world and the local form of one thing is an error naming both fields.
 */

import type { Vec2 } from '../base/math.js';
import { MAX_COORDINATE } from '../base/constants.js';
import { checkKnownFields, checkVec2Within, fail } from '../base/validate.js';
import type { JointsState } from './joints_state.js';
import { checkAxis } from './joint_checks.js';
import { relativeAngle } from './joint_angle.js';
import type { JointTypeEntry } from './registry.js';

/** Fields every joint definition takes, besides its type's own (`JointTypeEntry.keys`). */
export const COMMON_JOINT_KEYS: readonly string[] = [
  'bodyA',
  'bodyB',
  'anchor',
  'anchorA',
  'anchorB',
  'localAnchorA',
  'localAnchorB',
  'collideConnected',
  'breakForce',
  'breakTorque',
  'userData',
];

/** Pairs of fields that say the same thing in world and in local coordinates. */
const EXCLUSIVE: readonly (readonly [string, string, string])[] = [
  ['anchor', 'anchorA', 'anchor is the anchor of both bodies'],
  ['anchor', 'anchorB', 'anchor is the anchor of both bodies'],
  ['anchor', 'localAnchorA', 'anchor is the anchor of both bodies, in world coordinates'],
  ['anchor', 'localAnchorB', 'anchor is the anchor of both bodies, in world coordinates'],
  ['anchorA', 'localAnchorA', 'the same anchor in world and in local coordinates'],
  ['anchorB', 'localAnchorB', 'the same anchor in world and in local coordinates'],
  ['axis', 'localAxisA', 'the same axis in world and in local coordinates'],
];

type Def = Readonly<Record<string, unknown>>;

/**
 * Checks the field names of a joint definition (before anything else is looked at): no
 * field outside the common ones and the type's own, and no field given in both its world
 * and its local form.
 */
export function checkJointDefFields(fn: string, entry: JointTypeEntry, def: object): void {
  checkKnownFields(fn, def, [...COMMON_JOINT_KEYS, ...entry.keys], `${entry.name} joints`);
  const d = def as Def;
  for (const [world, local, why] of EXCLUSIVE) {
    if (d[world] !== undefined && d[local] !== undefined) {
      fail(fn, world, `left out when ${local} is given (${why})`, d[world]);
    }
  }
}

/** The anchors in each body's frame, and the type fields derived from world points. */
export interface ResolvedJointDef {
  localA: Vec2;
  localB: Vec2;
  /** Type-specific fields the definition left out and the world points determine. */
  derived: Record<string, unknown>;
}

/** A body's pose: origin and rotation (cosine, sine). */
export interface BodyPose {
  x: number;
  y: number;
  c: number;
  s: number;
}

/**
 * Turns the world forms of a definition into local ones, for bodies `a` and `b` (live,
 * distinct slots). Checks the world points it reads; writes nothing.
 */
export function resolveJointDef(
  w: JointsState,
  fn: string,
  entry: JointTypeEntry,
  def: object,
  a: number,
  b: number,
): ResolvedJointDef {
  return resolveJointDefAt(fn, entry, def, poseOf(w, a), poseOf(w, b));
}

function poseOf(w: JointsState, body: number): BodyPose {
  const bodies = w.bodies;
  return { x: bodies.px[body]!, y: bodies.py[body]!, c: bodies.c[body]!, s: bodies.s[body]! };
}

/**
 * The same from the bodies' poses as given: the world's own, or the poses a client of a
 * world in another thread last saw (the worker resolves world points before sending, so
 * both sides store the same local forms).
 */
export function resolveJointDefAt(
  fn: string,
  entry: JointTypeEntry,
  def: object,
  pa: BodyPose,
  pb: BodyPose,
): ResolvedJointDef {
  const d = def as Def;
  const derived: Record<string, unknown> = {};
  const anchor = d.anchor === undefined ? undefined : checkPoint(fn, 'anchor', d.anchor);
  const anchorA = d.anchorA === undefined ? anchor : checkPoint(fn, 'anchorA', d.anchorA);
  const anchorB = d.anchorB === undefined ? anchor : checkPoint(fn, 'anchorB', d.anchorB);
  const localA =
    anchorA === undefined
      ? checkPoint(fn, 'localAnchorA', d.localAnchorA ?? { x: 0, y: 0 })
      : toLocal(pa, anchorA.x, anchorA.y);
  const localB =
    anchorB === undefined
      ? checkPoint(fn, 'localAnchorB', d.localAnchorB ?? { x: 0, y: 0 })
      : toLocal(pb, anchorB.x, anchorB.y);
  let fromWorld = anchorA !== undefined || anchorB !== undefined;

  if (entry.worldAxis && d.axis !== undefined) {
    const axis = checkAxis(fn, 'axis', d.axis);
    derived.localAxisA = { x: pa.c * axis.x + pa.s * axis.y, y: -pa.s * axis.x + pa.c * axis.y };
    fromWorld = true;
  }
  if (fromWorld && entry.worldReferenceAngle && d.referenceAngle === undefined) {
    derived.referenceAngle = relativeAngle(pb.c, pb.s, pa.c, pa.s);
  }
  if (fromWorld && entry.worldLength && d.length === undefined) {
    const wa = anchorA ?? toWorld(pa, localA);
    const wb = anchorB ?? toWorld(pb, localB);
    const length = Math.sqrt((wb.x - wa.x) * (wb.x - wa.x) + (wb.y - wa.y) * (wb.y - wa.y));
    if (!(length > 0)) {
      fail(fn, 'length', 'given when the world anchors coincide (the rest length must be > 0)', length);
    }
    derived.length = length;
  }
  Object.assign(derived, entry.completeDef(d));
  return { localA, localB, derived };
}

/** An anchor: each component a coordinate, in [-MAX_COORDINATE, MAX_COORDINATE] m. */
function checkPoint(fn: string, field: string, v: unknown): Vec2 {
  return checkVec2Within(fn, field, v, MAX_COORDINATE, 'm');
}

function toLocal(p: BodyPose, x: number, y: number): Vec2 {
  const dx = x - p.x;
  const dy = y - p.y;
  return { x: p.c * dx + p.s * dy, y: -p.s * dx + p.c * dy };
}

function toWorld(p: BodyPose, l: Vec2): Vec2 {
  return { x: p.x + p.c * l.x - p.s * l.y, y: p.y + p.s * l.x + p.c * l.y };
}

/** World-form fields, which `localizeJointDef` replaces by local ones. */
const WORLD_FORMS = ['anchor', 'anchorA', 'anchorB', 'axis'] as const;

/**
 * A copy of a joint definition with its world points (anchor, anchorA, anchorB, axis)
 * turned into local forms from the given poses, and what they determine (referenceAngle,
 * length) filled in; a definition without world points is returned as it is. The world
 * does this itself at creation; a client of a world in another thread calls it with the
 * poses it last saw, so its mirror and the worker store the same joint.
 */
export function localizeJointDef<D extends object>(
  fn: string,
  entry: JointTypeEntry,
  def: D,
  pa: BodyPose,
  pb: BodyPose,
): D {
  const d = def as Def;
  if (WORLD_FORMS.every((k) => d[k] === undefined)) return def;
  const { localA, localB, derived } = resolveJointDefAt(fn, entry, def, pa, pb);
  const out: Record<string, unknown> = { ...d, localAnchorA: localA, localAnchorB: localB, ...derived };
  for (const k of WORLD_FORMS) delete out[k];
  return out as D;
}
