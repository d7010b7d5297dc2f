/**
 * The debug overlay's drawing, free of React: every body's shapes outlined on a 2D canvas
 * from one frame's records (awake bodies in one colour, sleeping and static ones in
 * another), and the touching contact points the worker publishes for it (a dot and the
 * normal). A body's shapes are read once from the client and cached by body id (a
 * recreated body has a new id). A debugging aid: it allocates a little per shape drawn.
 */
import {
  BodyRecord,
  type BodyId,
  Capsule,
  Circle,
  ContactPointRecord,
  type Geometry,
  type JointId,
  JointType,
  Polygon,
  Segment,
} from '@impulse/core/contract';
import type { PhysicsClient, PhysicsStats } from '@impulse/worker';
import type { PhysicsFrame } from './frame_loop.js';

/** The 2D context calls the overlay makes (so tests can record them). */
export type DebugContext = Pick<
  CanvasRenderingContext2D,
  | 'save'
  | 'restore'
  | 'setTransform'
  | 'clearRect'
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'arc'
  | 'closePath'
  | 'stroke'
  | 'lineWidth'
  | 'strokeStyle'
  | 'fillRect'
  | 'fillStyle'
>;

const AWAKE = '#2ea043';
const ASLEEP = '#8b949e';
const CONTACT = '#f85149';
/** Length of a drawn contact normal, and the size of a contact dot (m). */
const NORMAL_LENGTH = 0.3;
const DOT = 0.06;

const JOINT = '#d29922';

type DebugClient = Pick<
  PhysicsClient,
  | 'isValidBody'
  | 'getBodyShapes'
  | 'getShapeGeometry'
  | 'readContactPoints'
  | 'getBodyJoints'
  | 'isValidJoint'
  | 'getJointBodyA'
  | 'getJointBodyB'
  | 'getJointLocalAnchors'
  | 'getBodySlot'
  | 'getStats'
  | 'getJointType'
>;

/** A 2D affine matrix, as DOMMatrix and canvas `setTransform` take it. */
export interface Matrix {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}

const IDENTITY: Matrix = { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 };

/** A joint as drawn: its bodies and anchors (fixed at creation), read once. */
interface JointSketch {
  joint: JointId;
  bodyA: BodyId;
  bodyB: BodyId;
  ax: number;
  ay: number;
  bx: number;
  by: number;
}

export class DebugDrawer {
  private readonly shapes = new Map<number, Geometry[]>();
  private readonly client: DebugClient;
  private points = new Float64Array(256 * ContactPointRecord.Size);
  /** Each body's joints, read once per body id (a joint is drawn from its body A). */
  private readonly joints = new Map<number, JointSketch[]>();
  private jointCount = -1;
  private readonly stats = {} as PhysicsStats;

  constructor(client: DebugClient) {
    this.client = client;
  }

  /**
   * Draws `frame` into `ctx`. `screen` maps the screen coordinates the bodies' elements are
   * drawn in (page px, or an SVG's user units) to the canvas's pixels: for a canvas fixed
   * over the viewport, the page less the scroll, or the SVG's screen matrix.
   */
  draw(
    ctx: DebugContext,
    frame: PhysicsFrame,
    width: number,
    height: number,
    screen: Matrix = IDENTITY,
  ): void {
    const m = frame.mapping;
    const r = frame.records;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, width, height);
    // World → screen (scale, flip, origin), then screen → canvas.
    const sy = m.flipY ? -m.scale : m.scale;
    const k = screen;
    ctx.setTransform(
      k.a * m.scale,
      k.b * m.scale,
      k.c * sy,
      k.d * sy,
      k.a * m.originX + k.c * m.originY + k.e,
      k.b * m.originX + k.d * m.originY + k.f,
    );
    ctx.lineWidth = 1 / (m.scale * Math.hypot(k.a, k.b));
    // One path per colour: two strokes for every body, whatever their number.
    for (const awake of [1, 0]) {
      ctx.strokeStyle = awake === 1 ? AWAKE : ASLEEP;
      ctx.beginPath();
      for (let slot = 0; slot < frame.slotCount; slot++) {
        const o = slot * BodyRecord.Size;
        const id = r[o + BodyRecord.Id]!;
        if (id === 0 || (r[o + BodyRecord.Awake] === 1 ? 1 : 0) !== awake) continue;
        const shapes = this.shapesOf(id);
        const x = r[o + BodyRecord.X]!;
        const y = r[o + BodyRecord.Y]!;
        const c = r[o + BodyRecord.C]!;
        const s = r[o + BodyRecord.S]!;
        for (const g of shapes) outline(ctx, g, x, y, c, s);
      }
      ctx.stroke();
    }
    this.drawJoints(ctx, frame);
    this.drawContacts(ctx);
    ctx.restore();
    if (this.shapes.size > frame.slotCount * 2 + 64) this.evict();
  }

  /** Each joint as a line between its two anchors, from the bodies' poses in this frame. */
  private drawJoints(ctx: DebugContext, frame: PhysicsFrame): void {
    // Joints made since the bodies' joints were read: read them again.
    const count = this.client.getStats(this.stats).jointCount;
    if (count !== this.jointCount) {
      this.joints.clear();
      this.jointCount = count;
    }
    const r = frame.records;
    ctx.strokeStyle = JOINT;
    ctx.beginPath();
    for (let slot = 0; slot < frame.slotCount; slot++) {
      const id = r[slot * BodyRecord.Size + BodyRecord.Id]!;
      if (id === 0) continue;
      for (const j of this.jointsOf(id)) {
        if (!this.client.isValidJoint(j.joint)) continue;
        const a = this.client.isValidBody(j.bodyA) ? this.client.getBodySlot(j.bodyA) * BodyRecord.Size : -1;
        const b = this.client.isValidBody(j.bodyB) ? this.client.getBodySlot(j.bodyB) * BodyRecord.Size : -1;
        if (
          a < 0 ||
          b < 0 ||
          a >= frame.slotCount * BodyRecord.Size ||
          b >= frame.slotCount * BodyRecord.Size
        ) {
          continue;
        }
        ctx.moveTo(worldX(r, a, j.ax, j.ay), worldY(r, a, j.ax, j.ay));
        ctx.lineTo(worldX(r, b, j.bx, j.by), worldY(r, b, j.bx, j.by));
      }
    }
    ctx.stroke();
  }

  private jointsOf(id: number): JointSketch[] {
    let list = this.joints.get(id);
    if (!list) {
      const body = id as BodyId;
      list = [];
      if (this.client.isValidBody(body)) {
        for (const joint of this.client.getBodyJoints(body)) {
          if (this.client.getJointBodyA(joint) !== body) continue; // drawn once, from body A
          // A mouse joint (a drag) has no anchor on body A: a line to it would start at the origin.
          if (this.client.getJointType(joint) === JointType.Mouse) continue;
          const { localAnchorA, localAnchorB } = this.client.getJointLocalAnchors(joint);
          list.push({
            joint,
            bodyA: body,
            bodyB: this.client.getJointBodyB(joint),
            ax: localAnchorA.x,
            ay: localAnchorA.y,
            bx: localAnchorB.x,
            by: localAnchorB.y,
          });
        }
      }
      this.joints.set(id, list);
    }
    return list;
  }

  /** The newest frame's contact points (published while the overlay asks for them). */
  private drawContacts(ctx: DebugContext): void {
    let n = this.client.readContactPoints(this.points);
    if (n * ContactPointRecord.Size > this.points.length) {
      this.points = new Float64Array(n * 2 * ContactPointRecord.Size);
      n = this.client.readContactPoints(this.points);
    }
    const p = this.points;
    ctx.strokeStyle = CONTACT;
    ctx.fillStyle = CONTACT;
    ctx.beginPath();
    for (let k = 0; k < n; k++) {
      const o = k * ContactPointRecord.Size;
      const x = p[o + ContactPointRecord.X]!;
      const y = p[o + ContactPointRecord.Y]!;
      ctx.fillRect(x - DOT / 2, y - DOT / 2, DOT, DOT);
      ctx.moveTo(x, y);
      ctx.lineTo(
        x + NORMAL_LENGTH * p[o + ContactPointRecord.NX]!,
        y + NORMAL_LENGTH * p[o + ContactPointRecord.NY]!,
      );
    }
    ctx.stroke();
  }

  private shapesOf(id: number): Geometry[] {
    let list = this.shapes.get(id);
    if (!list) {
      const body = id as BodyId;
      list = this.client.isValidBody(body)
        ? this.client.getBodyShapes(body).map((shape) => this.client.getShapeGeometry(shape))
        : [];
      this.shapes.set(id, list);
    }
    return list;
  }

  /** Forgets bodies that are gone (their ids are never reused: the generation changes). */
  private evict(): void {
    for (const id of this.shapes.keys()) {
      if (!this.client.isValidBody(id as BodyId)) this.shapes.delete(id);
    }
  }
}

/** A point of the frame's record at `o` (local coordinates) in world coordinates. */
function worldX(r: Float64Array, o: number, lx: number, ly: number): number {
  return r[o + BodyRecord.X]! + r[o + BodyRecord.C]! * lx - r[o + BodyRecord.S]! * ly;
}

function worldY(r: Float64Array, o: number, lx: number, ly: number): number {
  return r[o + BodyRecord.Y]! + r[o + BodyRecord.S]! * lx + r[o + BodyRecord.C]! * ly;
}

function outline(ctx: DebugContext, g: Geometry, x: number, y: number, c: number, s: number): void {
  const px = (lx: number, ly: number) => x + c * lx - s * ly;
  const py = (lx: number, ly: number) => y + s * lx + c * ly;
  if (g instanceof Polygon) {
    for (let i = 0; i < g.count; i++) {
      const vx = g.vx[i]!;
      const vy = g.vy[i]!;
      if (i === 0) ctx.moveTo(px(vx, vy), py(vx, vy));
      else ctx.lineTo(px(vx, vy), py(vx, vy));
    }
    ctx.closePath();
  } else if (g instanceof Circle) {
    const cx = px(g.cx, g.cy);
    const cy = py(g.cx, g.cy);
    ctx.moveTo(cx + g.radius, cy);
    ctx.arc(cx, cy, g.radius, 0, 2 * Math.PI);
    // A spoke shows the rotation.
    ctx.moveTo(cx, cy);
    ctx.lineTo(cx + c * g.radius, cy + s * g.radius);
  } else if (g instanceof Capsule) {
    const ax = px(g.c1x, g.c1y);
    const ay = py(g.c1x, g.c1y);
    const bx = px(g.c2x, g.c2y);
    const by = py(g.c2x, g.c2y);
    const angle = Math.atan2(by - ay, bx - ax);
    // A new subpath: in a path shared by many shapes, an arc would join the last point.
    ctx.moveTo(ax + g.radius * Math.cos(angle + Math.PI / 2), ay + g.radius * Math.sin(angle + Math.PI / 2));
    ctx.arc(ax, ay, g.radius, angle + Math.PI / 2, angle + (3 * Math.PI) / 2);
    ctx.arc(bx, by, g.radius, angle - Math.PI / 2, angle + Math.PI / 2);
    ctx.closePath();
  } else if (g instanceof Segment) {
    ctx.moveTo(px(g.p1x, g.p1y), py(g.p1x, g.p1y));
    ctx.lineTo(px(g.p2x, g.p2y), py(g.p2x, g.p2y));
  }
}

/** Screen coordinates → viewport pixels: the SVG's screen matrix, or the page less its scroll. */
export function screenMatrix(svg: SVGSVGElement | null, view: Window | null): Matrix {
  const ctm = svg?.getScreenCTM?.();
  if (ctm) return { a: ctm.a, b: ctm.b, c: ctm.c, d: ctm.d, e: ctm.e, f: ctm.f };
  return { a: 1, b: 0, c: 0, d: 1, e: -(view?.scrollX ?? 0), f: -(view?.scrollY ?? 0) };
}
