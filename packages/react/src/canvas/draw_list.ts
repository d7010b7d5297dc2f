/**
 * What a canvas draws for each body, kept by body slot (the index of the body's record in
 * the frame): its shapes in the body's frame, its type and its resolved style. An entry is
 * built from the client's mirror the first frame a slot shows a body id it has not seen
 * (a new body, or a recreated one), so the steady state reads only the frame's records and
 * allocates nothing.
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
} from '@impulse/core/contract';
import type { PhysicsClient } from '@impulse/worker';

export type DrawShape =
  | { kind: 'poly'; xs: Float64Array; ys: Float64Array; count: number; radius: number }
  | { kind: 'circle'; cx: number; cy: number; r: number }
  | { kind: 'capsule'; x1: number; y1: number; x2: number; y2: number; r: number }
  | { kind: 'segment'; x1: number; y1: number; x2: number; y2: number };

export interface DrawEntry {
  id: BodyId;
  type: BodyType;
  shapes: DrawShape[];
  /** Every shape is a sensor: drawn as an outline. */
  sensor: boolean;
  /** Per shape, THIN_FLOATS numbers: its thinnest width (m) and the line that draws it when thinner than a pixel (see `thinLine`). */
  thin: Float64Array;
  /** Style ids (see StyleTable) per state; -1: not drawn. */
  awake: number;
  asleep: number;
  dragged: number;
  /** A key for the set of shapes (WebGL groups bodies of equal shapes into one mesh). */
  meshKey: string;
  /** The renderer's mesh for `meshKey` (-1: not made yet). */
  mesh: number;
}

/** The mirror reads a draw list needs (a subset of the client, so tests can fake it). */
export type DrawSource = Pick<
  PhysicsClient,
  'isValidBody' | 'getBodyType' | 'getBodyShapes' | 'getShapeGeometry' | 'isShapeSensor' | 'getBodyUserData'
>;

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
  if (g instanceof Segment || g instanceof ChainSegment)
    return { kind: 'segment', x1: g.p1x, y1: g.p1y, x2: g.p2x, y2: g.p2y };
  throw new TypeError('<PhysicsCanvas>: a shape of unknown geometry');
}

/** Numbers per shape in `DrawEntry.thin`: width across (m), then the line's ends x1, y1, x2, y2 (body frame). */
export const THIN_FLOATS = 5;

/**
 * The shape's thinnest width across (m, its rounding included) and, written at `o` in
 * `out` after the width, the line along its length through its middle: what a renderer
 * draws in its place when the width is under a pixel, where a fill would cover a fraction
 * of a pixel and fade out (a 5 mm card at 30 px/m is 0.15 px wide). A segment is a line
 * already: infinitely wide here, so it is never replaced.
 */
export function thinLine(s: DrawShape, out: Float64Array, o: number): void {
  switch (s.kind) {
    case 'segment':
      out.set([Number.POSITIVE_INFINITY, s.x1, s.y1, s.x2, s.y2], o);
      return;
    case 'circle':
      out.set([2 * s.r, s.cx - s.r, s.cy, s.cx + s.r, s.cy], o);
      return;
    case 'capsule': {
      const len = Math.hypot(s.x2 - s.x1, s.y2 - s.y1) || 1;
      const ux = ((s.x2 - s.x1) / len) * s.r;
      const uy = ((s.y2 - s.y1) / len) * s.r;
      out.set([2 * s.r, s.x1 - ux, s.y1 - uy, s.x2 + ux, s.y2 + uy], o);
      return;
    }
    case 'poly': {
      // a convex polygon's width is least across one of its edges: for each edge, the
      // deepest corner behind it along the edge's normal
      let best = Number.POSITIVE_INFINITY;
      for (let i = 0; i < s.count; i++) {
        const j = i + 1 === s.count ? 0 : i + 1;
        const len = Math.hypot(s.xs[j]! - s.xs[i]!, s.ys[j]! - s.ys[i]!);
        if (len === 0) continue;
        const ux = (s.xs[j]! - s.xs[i]!) / len;
        const uy = (s.ys[j]! - s.ys[i]!) / len;
        let nMin = Number.POSITIVE_INFINITY;
        let nMax = Number.NEGATIVE_INFINITY;
        let uMin = Number.POSITIVE_INFINITY;
        let uMax = Number.NEGATIVE_INFINITY;
        for (let k = 0; k < s.count; k++) {
          const n = -uy * s.xs[k]! + ux * s.ys[k]!;
          const u = ux * s.xs[k]! + uy * s.ys[k]!;
          nMin = Math.min(nMin, n);
          nMax = Math.max(nMax, n);
          uMin = Math.min(uMin, u);
          uMax = Math.max(uMax, u);
        }
        if (nMax - nMin >= best) continue;
        best = nMax - nMin;
        const mid = 0.5 * (nMin + nMax);
        const a = uMin - s.radius;
        const b = uMax + s.radius;
        // back from (u, n) coordinates: p = u (ux, uy) + n (-uy, ux)
        out.set(
          [best + 2 * s.radius, a * ux - mid * uy, a * uy + mid * ux, b * ux - mid * uy, b * uy + mid * ux],
          o,
        );
      }
      if (best === Number.POSITIVE_INFINITY)
        out.set([2 * s.radius, s.xs[0]!, s.ys[0]!, s.xs[0]!, s.ys[0]!], o);
      return;
    }
  }
}

function shapeKey(s: DrawShape): string {
  switch (s.kind) {
    case 'poly':
      return `p${s.radius}:${Array.from(s.xs, (x, i) => `${x},${s.ys[i]}`).join(';')}`;
    case 'circle':
      return `c${s.cx},${s.cy},${s.r}`;
    case 'capsule':
      return `k${s.x1},${s.y1},${s.x2},${s.y2},${s.r}`;
    case 'segment':
      return `s${s.x1},${s.y1},${s.x2},${s.y2}`;
  }
}

/** True when the body-local point (lx, ly) is inside the shape, grown by `slop` meters. */
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
        const side = (ex * (ly - s.ys[i]!) - ey * (lx - s.xs[i]!)) / Math.hypot(ex, ey);
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

/** Builds a body's draw entry; `style` fills in its style ids. A body that is gone gets an empty entry. */
export function buildEntry(
  source: DrawSource,
  id: BodyId,
  style: (entry: DrawEntry, userData: unknown) => void,
): DrawEntry {
  const shapes: DrawShape[] = [];
  if (!source.isValidBody(id)) {
    return {
      id,
      type: BodyType.Static,
      shapes,
      sensor: false,
      thin: new Float64Array(0),
      awake: -1,
      asleep: -1,
      dragged: -1,
      meshKey: '',
      mesh: -1,
    };
  }
  let sensors = 0;
  const ids = source.getBodyShapes(id);
  for (const shape of ids) {
    shapes.push(toDrawShape(source.getShapeGeometry(shape)));
    if (source.isShapeSensor(shape)) sensors++;
  }
  const thin = new Float64Array(shapes.length * THIN_FLOATS);
  for (let i = 0; i < shapes.length; i++) thinLine(shapes[i]!, thin, i * THIN_FLOATS);
  const entry: DrawEntry = {
    id,
    type: source.getBodyType(id),
    shapes,
    sensor: shapes.length > 0 && sensors === shapes.length,
    thin,
    awake: -1,
    asleep: -1,
    dragged: -1,
    meshKey: shapes.map(shapeKey).join('|'),
    mesh: -1,
  };
  if (shapes.length > 0) style(entry, source.getBodyUserData(id));
  return entry;
}
