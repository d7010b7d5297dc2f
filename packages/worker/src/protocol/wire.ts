/**
 * What crosses the thread boundary. Structured clone keeps plain data but not classes,
 * and the core checks geometry with `instanceof`; user data may be anything (a DOM node,
 * a function) and stays on the main thread, in the mirror world. So command arguments
 * are encoded on the way out (geometry tagged, user data dropped) and revived in the
 * worker before the call (host/revive.ts).
 */
import { Capsule, Circle, type Geometry, Polygon, Segment } from '@impulse/core/contract';
import type { CommandName } from './world_methods.js';

export type WireGeometry =
  | { kind: 'circle'; cx: number; cy: number; radius: number }
  | { kind: 'capsule'; c1x: number; c1y: number; c2x: number; c2y: number; radius: number }
  | { kind: 'segment'; p1x: number; p1y: number; p2x: number; p2y: number }
  | {
      kind: 'polygon';
      count: number;
      radius: number;
      centroidX: number;
      centroidY: number;
      vx: Float64Array;
      vy: Float64Array;
      nx: Float64Array;
      ny: Float64Array;
    };

/** One queued call: the command and its (encoded) arguments. */
export type WireCommand = readonly [name: CommandName, args: readonly unknown[]];

export function encodeGeometry(g: Geometry): WireGeometry {
  if (g instanceof Circle) return { kind: 'circle', cx: g.cx, cy: g.cy, radius: g.radius };
  if (g instanceof Capsule) {
    return { kind: 'capsule', c1x: g.c1x, c1y: g.c1y, c2x: g.c2x, c2y: g.c2y, radius: g.radius };
  }
  if (g instanceof Segment) return { kind: 'segment', p1x: g.p1x, p1y: g.p1y, p2x: g.p2x, p2y: g.p2y };
  if (g instanceof Polygon) {
    return {
      kind: 'polygon',
      count: g.count,
      radius: g.radius,
      centroidX: g.centroidX,
      centroidY: g.centroidY,
      vx: g.vx.slice(0, g.count),
      vy: g.vy.slice(0, g.count),
      nx: g.nx.slice(0, g.count),
      ny: g.ny.slice(0, g.count),
    };
  }
  throw new TypeError('encodeGeometry: not a shape geometry of @impulse/core');
}

/** A shallow copy of a definition without its user data (which stays on the main thread). */
function withoutUserData(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || !('userData' in value)) return value;
  const { userData: _kept, ...rest } = value as Record<string, unknown>;
  return rest;
}

/** The argument that holds a geometry, for the commands that take one. */
export const GEOMETRY_ARG: Partial<Record<CommandName, number>> = {
  createCircleShape: 1,
  createCapsuleShape: 1,
  createPolygonShape: 1,
  createSegmentShape: 1,
};

export function encodeCommand(name: CommandName, args: readonly unknown[]): WireCommand {
  const g = GEOMETRY_ARG[name];
  const out = new Array<unknown>(args.length);
  for (let i = 0; i < args.length; i++) {
    out[i] = i === g ? encodeGeometry(args[i] as Geometry) : withoutUserData(args[i]);
  }
  return [name, out];
}
