/**
 * A chain's segments, from its checked def: each segment carries its neighbours as ghost
 * vertices (the previous and next points of a loop; an open chain's ends extend their own
 * segment), and every segment shares one shape def. Stated once here for the world
 * (dynamics/shape.ts createChain) and for the worker client's structure-only mirror.
 */

import type { ChainDef, ShapeDef } from '../types/shape_def.js';
import type { Vec2 } from '../base/math.js';
import { ChainSegment } from './geometry.js';

/** The shape def every segment of the chain is made with. */
export function chainShapeDef(d: ChainDef): ShapeDef {
  return {
    density: 0,
    friction: d.friction,
    restitution: d.restitution,
    material: d.material,
    filter: d.filter,
    enableContactEvents: d.enableContactEvents,
    isSensor: false,
    updateBodyMass: false,
    userData: d.userData,
  };
}

/** The chain's segments in order, with their ghost vertices. */
export function chainSegments(d: ChainDef): ChainSegment[] {
  const n = d.points.length;
  const segmentCount = d.loop ? n : n - 1;
  const pt = (i: number): Vec2 => d.points[((i % n) + n) % n]!;
  const out: ChainSegment[] = [];
  for (let i = 0; i < segmentCount; i++) {
    const p1 = pt(i);
    const p2 = pt(i + 1);
    let g1: Vec2;
    let g2: Vec2;
    if (d.loop) {
      g1 = pt(i - 1);
      g2 = pt(i + 2);
    } else {
      g1 = i === 0 ? { x: 2 * p1.x - p2.x, y: 2 * p1.y - p2.y } : pt(i - 1);
      g2 = i === segmentCount - 1 ? { x: 2 * p2.x - p1.x, y: 2 * p2.y - p1.y } : pt(i + 2);
    }
    out.push(new ChainSegment(g1.x, g1.y, p1.x, p1.y, p2.x, p2.y, g2.x, g2.y));
  }
  return out;
}
