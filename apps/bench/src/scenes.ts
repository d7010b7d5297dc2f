/**
 * The benchmark scenes, described once in engine-neutral terms (meters, y up, gravity
 * (0, -10), 60 Hz) so that every peer engine builds exactly the same geometry. Impulse
 * builds its worlds with the core's shared builders (`@impulse/core/scenes`); the
 * description here mirrors those builders body for body, in the same order, and a test
 * checks that the two agree.
 */

import { type BodiesDesc, describeRain, describeSmash, describeSpinner, HUMAN_BONES } from './scenes_box2d';

export type { BodiesDesc } from './scenes_box2d';

export const GRAVITY_Y = -10;
export const TIME_STEP = 1 / 60;
export const FRICTION = 0.6;
export const DENSITY = 1;

/** Which scene, with its size. */
export type SceneSpec =
  | { kind: 'pyramid'; base: number }
  | { kind: 'manyPyramids'; columns: number; rows: number; base: number }
  | { kind: 'jointGrid'; rows: number; columns: number }
  | { kind: 'tumbler'; gridCount: number }
  | { kind: 'rain'; rows: number; columns: number; groupSize: number; gridCount: number }
  | { kind: 'smash'; columns: number; rows: number }
  | { kind: 'spinner'; bodyCount: number };

/** The scenes of a full run, by id. */
export const SCENES: Record<string, SceneSpec> = {
  pyramid20: { kind: 'pyramid', base: 20 },
  pyramid40: { kind: 'pyramid', base: 40 },
  pyramid70: { kind: 'pyramid', base: 70 },
  pyramid100: { kind: 'pyramid', base: 100 },
  manyPyramids: { kind: 'manyPyramids', columns: 20, rows: 10, base: 10 },
  jointGrid: { kind: 'jointGrid', rows: 100, columns: 100 },
  tumbler: { kind: 'tumbler', gridCount: 45 },
  rain: { kind: 'rain', rows: 5, columns: 40, groupSize: 5, gridCount: 500 },
  smash: { kind: 'smash', columns: 120, rows: 80 },
  spinner: { kind: 'spinner', bodyCount: 6076 },
};

export function sceneLabel(spec: SceneSpec): string {
  switch (spec.kind) {
    case 'pyramid':
      return `pyramid base ${spec.base}`;
    case 'manyPyramids':
      return `${spec.columns}×${spec.rows} pyramids of base ${spec.base}`;
    case 'jointGrid':
      return `joint grid ${spec.rows}×${spec.columns}`;
    case 'tumbler':
      return `tumbler, ${spec.gridCount * spec.gridCount} boxes`;
    case 'rain':
      return `rain, ${spec.rows * spec.columns * spec.groupSize} ragdolls`;
    case 'smash':
      return `smash, ${spec.columns * spec.rows} boxes`;
    case 'spinner':
      return `spinner, ${spec.bodyCount} bodies`;
  }
}

/** A static shape: a box (center, half extents) or a two-sided segment. */
export type StaticShape =
  | { type: 'box'; cx: number; cy: number; hx: number; hy: number }
  | { type: 'segment'; x1: number; y1: number; x2: number; y2: number };

/** Dynamic boxes (all the same size) on static ground: the pyramid scenes. */
export interface BoxesDesc {
  kind: 'boxes';
  statics: StaticShape[];
  halfSize: number;
  /** Box centers, x0, y0, x1, y1, ... in the core builders' creation order. */
  boxes: Float64Array;
  /** Indices (into the boxes) of each pyramid's apex. */
  apexes: number[];
}

/** Box2D v3's joint grid: circles 1 m apart, joined to their right and lower neighbours. */
export interface JointGridDesc {
  kind: 'jointGrid';
  rows: number;
  columns: number;
  radius: number;
  /** Body (c * rows + r) is at (c, -r); `pinned[i]` is 1 for the static ones. */
  positions: Float64Array;
  pinned: Uint8Array;
  /** Joints as [bodyA, bodyB, localAx, localAy, localBx, localBy] in creation order. */
  joints: Float64Array;
}

/** Box2D v3's tumbler: a kinematic hollow box turning at a constant rate, full of boxes. */
export interface TumblerDesc {
  kind: 'tumbler';
  centerX: number;
  centerY: number;
  /** rad/s, counter-clockwise. */
  angularSpeed: number;
  /** The four walls, in the tumbler's frame. */
  walls: { cx: number; cy: number; hx: number; hy: number }[];
  /** Inner half width of the hollow (m): a box center beyond it has escaped. */
  innerHalf: number;
  halfSize: number;
  boxes: Float64Array;
}

export type SceneDesc = BoxesDesc | JointGridDesc | TumblerDesc | BodiesDesc;

/** Number of dynamic bodies in a scene (the x axis of the chart). */
export function dynamicBodyCount(spec: SceneSpec): number {
  switch (spec.kind) {
    case 'pyramid':
      return (spec.base * (spec.base + 1)) / 2;
    case 'manyPyramids':
      return ((spec.columns * spec.rows * spec.base * (spec.base + 1)) / 2) | 0;
    case 'jointGrid': {
      const mid = Math.floor(spec.columns / 2);
      const pinned = Math.min(spec.columns - 1, mid + 3) - Math.max(0, mid - 3) + 1;
      return spec.rows * spec.columns - pinned;
    }
    case 'tumbler':
      return spec.gridCount * spec.gridCount;
    case 'rain':
      return spec.rows * spec.columns * spec.groupSize * HUMAN_BONES.length;
    case 'smash':
      return spec.columns * spec.rows + 1;
    case 'spinner':
      return spec.bodyCount + 1;
  }
}

/** Boxes of a pyramid, as `addPyramid` in the core places them (bottom row first). */
function pushPyramid(out: number[], base: number, h: number, ox: number, oy: number): number {
  for (let row = 0; row < base; row++) {
    const count = base - row;
    const y = oy + (2 * row + 1) * h;
    const x0 = ox - (count - 1) * h;
    for (let i = 0; i < count; i++) out.push(x0 + 2 * h * i, y);
  }
  return out.length / 2 - 1; // the apex: the last box
}

export function describeScene(spec: SceneSpec): SceneDesc {
  switch (spec.kind) {
    case 'pyramid': {
      // pyramidScene: addGround(max(40, 1.5 base)) with its top at y = 0, then the pyramid
      const boxes: number[] = [];
      const apex = pushPyramid(boxes, spec.base, 0.5, 0, 0);
      const hw = Math.max(40, spec.base * 1.5);
      return {
        kind: 'boxes',
        statics: [{ type: 'box', cx: 0, cy: -1, hx: hw, hy: 1 }],
        halfSize: 0.5,
        boxes: Float64Array.from(boxes),
        apexes: [apex],
      };
    }
    case 'manyPyramids': {
      // manyPyramidsScene: one segment shelf per row of pyramids
      const h = 0.5;
      const width = spec.base * 2 * h + 2;
      const rowHeight = spec.base * 2 * h + 2;
      const statics: StaticShape[] = [];
      const boxes: number[] = [];
      const apexes: number[] = [];
      for (let r = 0; r < spec.rows; r++) {
        const y = r * rowHeight;
        const half = width * spec.columns * 0.5 + 1;
        statics.push({ type: 'segment', x1: -half, y1: y, x2: half, y2: y });
        for (let c = 0; c < spec.columns; c++) {
          const x = -width * spec.columns * 0.5 + (c + 0.5) * width;
          apexes.push(pushPyramid(boxes, spec.base, h, x, y));
        }
      }
      return { kind: 'boxes', statics, halfSize: h, boxes: Float64Array.from(boxes), apexes };
    }
    case 'jointGrid': {
      const { rows, columns } = spec;
      const mid = Math.floor(columns / 2);
      const positions = new Float64Array(2 * rows * columns);
      const pinned = new Uint8Array(rows * columns);
      const joints: number[] = [];
      let n = 0;
      for (let c = 0; c < columns; c++) {
        for (let r = 0; r < rows; r++) {
          positions[2 * n] = c;
          positions[2 * n + 1] = -r;
          pinned[n] = r === 0 && c >= mid - 3 && c <= mid + 3 ? 1 : 0;
          if (r > 0) joints.push(n - 1, n, 0, -0.5, 0, 0.5);
          if (c > 0) joints.push(n - rows, n, 0.5, 0, -0.5, 0);
          n++;
        }
      }
      return {
        kind: 'jointGrid',
        rows,
        columns,
        radius: 0.4,
        positions,
        pinned,
        joints: Float64Array.from(joints),
      };
    }
    case 'tumbler': {
      const a = 0.125;
      const g = spec.gridCount;
      const boxes = new Float64Array(2 * g * g);
      let n = 0;
      let y = -1.1 * a * g + 10;
      for (let i = 0; i < g; i++) {
        let x = -1.1 * a * g;
        for (let j = 0; j < g; j++) {
          boxes[n++] = x;
          boxes[n++] = y;
          x += 2.1 * a;
        }
        y += 2.1 * a;
      }
      return {
        kind: 'tumbler',
        centerX: 0,
        centerY: 10,
        angularSpeed: (25 * Math.PI) / 180,
        walls: [
          { cx: 10, cy: 0, hx: 0.5, hy: 10 },
          { cx: -10, cy: 0, hx: 0.5, hy: 10 },
          { cx: 0, cy: 10, hx: 10, hy: 0.5 },
          { cx: 0, cy: -10, hx: 10, hy: 0.5 },
        ],
        innerHalf: 9.5,
        halfSize: a,
        boxes,
      };
    }
    case 'rain':
      return describeRain(spec.rows, spec.columns, spec.groupSize, spec.gridCount);
    case 'smash':
      return describeSmash(spec.columns, spec.rows);
    case 'spinner':
      return describeSpinner(spec.bodyCount);
  }
}
