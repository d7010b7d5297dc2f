/**
 * The worker's end of what crosses the thread boundary (protocol/wire.ts encodes it): a
 * command's tagged geometry made the core's classes again before the call.
 */
import { Capsule, Circle, type Polygon, Segment } from '@impulse/core';
import { polygonOf } from '@impulse/core/mirror-kit';
import type { CommandName } from '../protocol/world_methods.js';
import { GEOMETRY_ARG, type WireGeometry } from '../protocol/wire.js';

export function reviveGeometry(w: WireGeometry): Circle | Capsule | Segment | Polygon {
  switch (w.kind) {
    case 'circle':
      return new Circle(w.cx, w.cy, w.radius);
    case 'capsule':
      return new Capsule(w.c1x, w.c1y, w.c2x, w.c2y, w.radius);
    case 'segment':
      return new Segment(w.p1x, w.p1y, w.p2x, w.p2y);
    case 'polygon':
      return polygonOf(w);
  }
}

/** The arguments as the core expects them (geometry revived); the array is reused in place. */
export function reviveArgs(name: CommandName, args: unknown[]): unknown[] {
  const g = GEOMETRY_ARG[name];
  if (g !== undefined) args[g] = reviveGeometry(args[g] as WireGeometry);
  return args;
}
