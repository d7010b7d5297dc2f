/**
 * The worker's end of what crosses the thread boundary (protocol/wire.ts encodes it): a
 * command's tagged geometry made the core's classes again before the call.
 */
import { Capsule, Circle, Polygon, Segment } from '@impulse/core';
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
    case 'polygon': {
      const p = new Polygon();
      p.count = w.count;
      p.radius = w.radius;
      p.centroidX = w.centroidX;
      p.centroidY = w.centroidY;
      p.vx.set(w.vx);
      p.vy.set(w.vy);
      p.nx.set(w.nx);
      p.ny.set(w.ny);
      return p;
    }
  }
}

/** The arguments as the core expects them (geometry revived); the array is reused in place. */
export function reviveArgs(name: CommandName, args: unknown[]): unknown[] {
  const g = GEOMETRY_ARG[name];
  if (g !== undefined) args[g] = reviveGeometry(args[g] as WireGeometry);
  return args;
}
