/**
 * Box2D v3's rain, smash and spinner benchmarks described as plain lists of bodies, shapes
 * and revolute joints (meters, y up), body for body in the order of the core's builders
 * (`rainScene`, `smashScene`, `spinnerScene` in @impulse/core/scenes), so that every peer
 * builds them with one generic builder. These scenes mix shapes (capsules, rounded
 * polygons, a closed chain), so they are not box lists like the pyramids.
 */

/** A shape in its body's frame. Polygons are counter-clockwise; a loop is a closed chain whose
 * segments collide on their right side only (Box2D's chain; the spinner's points turn clockwise,
 * so the inside is solid against what is inside). */
export type ShapeGeom =
  | { type: 'polygon'; points: number[]; radius: number }
  | { type: 'circle'; x: number; y: number; radius: number }
  | { type: 'capsule'; x1: number; y1: number; x2: number; y2: number; radius: number }
  | { type: 'loop'; points: number[] };

/** A shape with its material and Box2D-style filter (group < 0: never collide within the group). */
export interface ShapeSpec {
  geom: ShapeGeom;
  density: number;
  friction: number;
  restitution: number;
  category: number;
  mask: number;
  group: number;
}

export interface BodySpec {
  dynamic: boolean;
  x: number;
  y: number;
  vx: number;
  linearDamping: number;
  shapes: ShapeSpec[];
}

/** A revolute joint between bodies a and b (indices), anchors in their frames. */
export interface JointSpec {
  a: number;
  b: number;
  ax: number;
  ay: number;
  bx: number;
  by: number;
  /** Angle of b minus angle of a at which the joint angle is zero (rad). */
  referenceAngle: number;
  limit: { lower: number; upper: number } | null;
  motor: { speed: number; maxTorque: number } | null;
  spring: { hertz: number; dampingRatio: number } | null;
}

/** Where the scene's bodies must stay: a box or a disc (a center outside has escaped). */
export type Region =
  | { type: 'box'; minX: number; minY: number; maxX: number; maxY: number }
  | { type: 'disc'; cx: number; cy: number; radius: number };

/** Bodies created while the scene runs (rain): a template dropped into slots on a schedule. */
export interface SpawnSpec {
  /** One human: bodies relative to its feet, joints between its bodies. */
  template: { bodies: BodySpec[]; joints: JointSpec[] };
  /** Feet position of each slot, x0, y0, x1, ... (slot = (row * columns + column) * groupSize + i). */
  slots: Float64Array;
  rows: number;
  columns: number;
  groupSize: number;
  /** A column drops every `period` steps, the first before step 0 (Box2D's StepRain). */
  period: number;
}

export interface BodiesDesc {
  kind: 'bodies';
  gravityY: number;
  bodies: BodySpec[];
  joints: JointSpec[];
  spawn: SpawnSpec | null;
  /**
   * Start positions (x, y) of the tracked bodies: the dynamic bodies in creation order, then
   * for rain every slot's bones; a slot not dropped yet reads as its start pose.
   */
  tracked: Float64Array;
  region: Region;
}

// ------------------------------------------------------------------ human

/** Box2D's benchmark human (shared/human.c), as the core's HUMAN_BONES: center height, capsule
 * (y1, y2, radius), linear damping, parent, pivot height, limits and reference angle (fractions
 * of pi), friction scale, foot. */
const BONES: [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  boolean,
][] = [
  [0.95, -0.02, 0.02, 0.095, 0, -1, 0, 0, 0, 0, 1, false],
  [1.2, -0.135, 0.135, 0.09, 0, 0, 1.0, -0.25, 0, 0, 0.5, false],
  [1.475, -0.038, 0.039, 0.075, 0.1, 1, 1.4, -0.3, 0.1, 0, 0.25, false],
  [0.775, -0.125, 0.125, 0.06, 0, 0, 0.9, -0.05, 0.4, 0, 1, false],
  [0.475, -0.155, 0.125, 0.045, 0, 3, 0.625, -0.5, -0.02, 0, 0.5, true],
  [0.775, -0.125, 0.125, 0.06, 0, 0, 0.9, -0.05, 0.4, 0, 1, false],
  [0.475, -0.155, 0.125, 0.045, 0, 5, 0.625, -0.5, -0.02, 0, 0.5, true],
  [1.225, -0.125, 0.125, 0.035, 0, 1, 1.35, -0.1, 0.8, 0, 0.5, false],
  [0.975, -0.125, 0.125, 0.03, 0.1, 7, 1.1, -0.2, 0.3, 0.25, 0.1, false],
  [1.225, -0.125, 0.125, 0.035, 0, 1, 1.35, -0.1, 0.8, 0, 0.5, false],
  [0.975, -0.125, 0.125, 0.03, 0.1, 9, 1.1, -0.2, 0.3, 0.25, 0.1, false],
];

/** The bones of a human, for counting. */
export const HUMAN_BONES: readonly unknown[] = BONES;

const FOOT = [-0.03, -0.185, 0.11, -0.185, 0.11, -0.16, -0.03, -0.14];

function humanTemplate(): { bodies: BodySpec[]; joints: JointSpec[] } {
  const bodies: BodySpec[] = [];
  const joints: JointSpec[] = [];
  for (const [y, y1, y2, radius, damping, parent, pivotY, lower, upper, ref, frictionScale, foot] of BONES) {
    const shapes: ShapeSpec[] = [
      {
        geom: { type: 'capsule', x1: 0, y1, x2: 0, y2, radius },
        density: 1,
        friction: 0.2,
        restitution: 0,
        category: 2,
        mask: 3,
        group: 0, // set per human: -(i + 1)
      },
    ];
    if (foot) {
      shapes.push({
        geom: { type: 'polygon', points: FOOT, radius: 0.015 },
        density: 1,
        friction: 0.05,
        restitution: 0,
        category: 2,
        mask: 1,
        group: 0,
      });
    }
    bodies.push({ dynamic: true, x: 0, y, vx: 0, linearDamping: damping, shapes });
    if (parent >= 0) {
      joints.push({
        a: parent,
        b: bodies.length - 1,
        ax: 0,
        ay: pivotY - BONES[parent]![0],
        bx: 0,
        by: pivotY - y,
        referenceAngle: ref * Math.PI,
        limit: { lower: lower * Math.PI, upper: upper * Math.PI },
        motor: { speed: 0, maxTorque: frictionScale * 0.05 },
        spring: { hertz: 5, dampingRatio: 0.5 },
      });
    }
  }
  return { bodies, joints };
}

/** A static body holding one shape of default material. */
function staticShape(geom: ShapeGeom, friction = 0.6): ShapeSpec {
  return { geom, density: 1, friction, restitution: 0, category: 1, mask: 0xffff, group: 0 };
}

function boxPoints(hx: number, hy: number, cx = 0, cy = 0): number[] {
  return [cx - hx, cy - hy, cx + hx, cy - hy, cx + hx, cy + hy, cx - hx, cy + hy];
}

// ------------------------------------------------------------------ the scenes

/** Box2D's rain (see rainScene in the core): shelves of 0.5 m boxes, humans dropped a column at a time. */
export function describeRain(
  rows: number,
  columns: number,
  groupSize: number,
  gridCount: number,
): BodiesDesc {
  const size = 0.5;
  const shapes: ShapeSpec[] = [];
  for (let r = 0; r < rows; r++) {
    let x = -0.5 * gridCount * size;
    for (let j = 0; j <= gridCount; j++) {
      shapes.push(
        staticShape({ type: 'polygon', points: boxPoints(0.5 * size, 0.5 * size, x, 45 * r), radius: 0 }),
      );
      x += size;
    }
  }
  const template = humanTemplate();
  const slots = new Float64Array(2 * rows * columns * groupSize);
  const tracked: number[] = [];
  const span = gridCount * size;
  let n = 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      for (let i = 0; i < groupSize; i++) {
        const x = -0.5 * span + (span / columns) * (c + 0.5) + 0.5 * i;
        const y = 40 + 45 * r;
        slots[n++] = x;
        slots[n++] = y;
        for (const b of template.bodies) tracked.push(x, y + b.y);
      }
    }
  }
  return {
    kind: 'bodies',
    gravityY: -10,
    bodies: [{ dynamic: false, x: 0, y: 0, vx: 0, linearDamping: 0, shapes }],
    joints: [],
    spawn: { template, slots, rows, columns, groupSize, period: 8 },
    tracked: Float64Array.from(tracked),
    // the shelves' ends, the drop height of the top row and a margin
    region: { type: 'box', minX: -0.5 * span - 5, minY: -5, maxX: 0.5 * span + 5, maxY: 45 * rows + 5 },
  };
}

/** Box2D's smash (see smashScene in the core): no gravity, an 8 m box at 40 m/s into a block of 0.4 m boxes. */
export function describeSmash(columns: number, rows: number): BodiesDesc {
  const box = (h: number, density: number): ShapeSpec[] => [
    {
      geom: { type: 'polygon', points: boxPoints(h, h), radius: 0 },
      density,
      friction: 0.6,
      restitution: 0,
      category: 1,
      mask: 0xffff,
      group: 0,
    },
  ];
  const bodies: BodySpec[] = [{ dynamic: true, x: -20, y: 0, vx: 40, linearDamping: 0, shapes: box(4, 8) }];
  const d = 0.4;
  const small = box(0.5 * d, 1);
  for (let i = 0; i < columns; i++) {
    for (let j = 0; j < rows; j++) {
      bodies.push({
        dynamic: true,
        x: i * d + 30,
        y: (j - rows / 2) * d,
        vx: 0,
        linearDamping: 0,
        shapes: small,
      });
    }
  }
  return {
    kind: 'bodies',
    gravityY: 0,
    bodies,
    joints: [],
    spawn: null,
    tracked: Float64Array.from(bodies.flatMap((b) => [b.x, b.y])),
    // nothing explodes: no fragment flung a kilometre (the smasher covers 40 m a second)
    region: { type: 'box', minX: -1000, minY: -1000, maxX: 1000, maxY: 1000 },
  };
}

/** The spinner's loop: 360 points on a circle of radius 40 about (0, 32), turning clockwise (as the core's). */
export function spinnerLoop(count = 360): number[] {
  const out: number[] = [];
  const c = Math.cos((-2 * Math.PI) / count);
  const s = Math.sin((-2 * Math.PI) / count);
  let px = 40;
  let py = 0;
  for (let i = 0; i < count; i++) {
    out.push(px, py + 32);
    const nx = c * px - s * py;
    py = s * px + c * py;
    px = nx;
  }
  return out;
}

/** Box2D's spinner (see spinnerScene in the core): a motorised paddle stirring mixed bodies in a loop. */
export function describeSpinner(bodyCount: number): BodiesDesc {
  const bodies: BodySpec[] = [
    {
      dynamic: false,
      x: 0,
      y: 0,
      vx: 0,
      linearDamping: 0,
      shapes: [staticShape({ type: 'loop', points: spinnerLoop() }, 0.1)],
    },
    {
      dynamic: true,
      x: 0,
      y: 12,
      vx: 0,
      linearDamping: 0,
      shapes: [
        {
          geom: { type: 'polygon', points: boxPoints(0.4, 20), radius: 0.2 },
          density: 1,
          friction: 0,
          restitution: 0,
          category: 1,
          mask: 0xffff,
          group: 0,
        },
      ],
    },
  ];
  const joints: JointSpec[] = [
    {
      a: 0,
      b: 1,
      ax: 0,
      ay: 12,
      bx: 0,
      by: 0,
      referenceAngle: 0,
      limit: null,
      motor: { speed: 5, maxTorque: 1e12 },
      spring: null,
    },
  ];
  const material = { density: 0.25, friction: 0.1, restitution: 0.1, category: 1, mask: 0xffff, group: 0 };
  const kinds: ShapeGeom[] = [
    { type: 'capsule', x1: -0.25, y1: 0, x2: 0.25, y2: 0, radius: 0.25 },
    { type: 'circle', x: 0, y: 0, radius: 0.35 },
    { type: 'polygon', points: boxPoints(0.35, 0.35), radius: 0 },
  ];
  let x = -23;
  let y = 2;
  for (let i = 0; i < bodyCount; i++) {
    bodies.push({
      dynamic: true,
      x,
      y,
      vx: 0,
      linearDamping: 0,
      shapes: [{ geom: kinds[i % 3]!, ...material }],
    });
    x += 0.5;
    if (x >= 23) {
      x = -23;
      y += 0.5;
    }
  }
  return {
    kind: 'bodies',
    gravityY: -10,
    bodies,
    joints,
    spawn: null,
    tracked: Float64Array.from(bodies.slice(1).flatMap((b) => [b.x, b.y])),
    region: { type: 'disc', cx: 0, cy: 32, radius: 40 },
  };
}

/**
 * Which columns drop before step `stepIndex` (Box2D's StepRain): every `period` steps the
 * next column until all are full, then the oldest again; -1 when none.
 */
export function rainColumnAt(stepIndex: number, spawn: SpawnSpec): number {
  if (stepIndex % spawn.period !== 0) return -1;
  const k = stepIndex / spawn.period;
  return k % spawn.columns;
}
