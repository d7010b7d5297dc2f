/**
 * What the renderer draws for each body: the shapes the scene created, kept by body slot
 * (the index of the body's record in the transform buffer). Built once when a shape is
 * created, read every frame; nothing here allocates per frame.
 */
import {
  type BodyId,
  BodyType,
  Capsule,
  ChainSegment,
  Circle,
  type Geometry,
  Polygon,
  Segment,
} from '@impulse/core';

export type DrawShape =
  | { kind: 'poly'; xs: Float64Array; ys: Float64Array; count: number; radius: number }
  | { kind: 'circle'; cx: number; cy: number; r: number }
  | { kind: 'capsule'; x1: number; y1: number; x2: number; y2: number; r: number }
  | { kind: 'segment'; x1: number; y1: number; x2: number; y2: number };

export interface BodyDraw {
  id: BodyId;
  type: BodyType;
  shapes: DrawShape[];
  /** Index into the awake palette (varied per body so a pile reads as separate bodies). */
  tint: number;
  /** Optional fixed colour (a scene's highlight), drawn instead of the state colour while awake. */
  color: string | null;
  /** Draw `color` asleep too. */
  colorAlways: boolean;
  /** Sensors are drawn as outlines only. */
  sensor: boolean;
}

export function toDrawShape(g: Geometry): DrawShape {
  if (g instanceof Polygon) {
    return {
      kind: 'poly',
      xs: g.vx.slice(0, g.count),
      ys: g.vy.slice(0, g.count),
      count: g.count,
      radius: g.radius,
    };
  }
  if (g instanceof Circle) return { kind: 'circle', cx: g.cx, cy: g.cy, r: g.radius };
  if (g instanceof Capsule)
    return { kind: 'capsule', x1: g.c1x, y1: g.c1y, x2: g.c2x, y2: g.c2y, r: g.radius };
  if (g instanceof Segment) return { kind: 'segment', x1: g.p1x, y1: g.p1y, x2: g.p2x, y2: g.p2y };
  if (g instanceof ChainSegment) return { kind: 'segment', x1: g.p1x, y1: g.p1y, x2: g.p2x, y2: g.p2y };
  throw new Error('draw list: unknown geometry');
}

/** True when the body-local point (lx, ly) is inside the shape, grown by `slop` metres. */
export function shapeContains(s: DrawShape, lx: number, ly: number, slop: number): boolean {
  switch (s.kind) {
    case 'circle': {
      const dx = lx - s.cx;
      const dy = ly - s.cy;
      const r = s.r + slop;
      return dx * dx + dy * dy <= r * r;
    }
    case 'capsule':
      return segmentDistance(lx, ly, s.x1, s.y1, s.x2, s.y2) <= s.r + slop;
    case 'segment':
      return segmentDistance(lx, ly, s.x1, s.y1, s.x2, s.y2) <= slop;
    case 'poly': {
      // counter-clockwise convex polygon: inside when left of (or within slop of) every edge
      const grow = s.radius + slop;
      for (let i = 0; i < s.count; i++) {
        const j = i + 1 === s.count ? 0 : i + 1;
        const ex = s.xs[j]! - s.xs[i]!;
        const ey = s.ys[j]! - s.ys[i]!;
        const len = Math.hypot(ex, ey);
        const side = (ex * (ly - s.ys[i]!) - ey * (lx - s.xs[i]!)) / len;
        if (side < -grow) return false;
      }
      return true;
    }
  }
}

function segmentDistance(px: number, py: number, x1: number, y1: number, x2: number, y2: number): number {
  const ex = x2 - x1;
  const ey = y2 - y1;
  const ll = ex * ex + ey * ey;
  let t = ll > 0 ? ((px - x1) * ex + (py - y1) * ey) / ll : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  return Math.hypot(px - (x1 + t * ex), py - (y1 + t * ey));
}

export function newBodyDraw(id: BodyId, type: BodyType | undefined, tint: number): BodyDraw {
  return {
    id,
    type: type ?? BodyType.Static,
    shapes: [],
    tint,
    color: null,
    colorAlways: false,
    sensor: false,
  };
}
