/**
 * Reads of what the step changes (poses, velocities, awake, boxes, contact points), from
 * the newest frame the host published, with no message. A body the host has not published
 * yet (created or put since the last step) reads as the mirror has it. Each read checks
 * its arguments with the mirror first, so a bad id throws the core's message.
 */
import {
  AABB,
  atan2,
  BodyRecord,
  type BodyId,
  type BodyPose,
  computeShapeAABB,
  ContactPointRecord,
  type JointType,
  localizeJointDef,
  type QueryAABB,
  type ShapeId,
  Transform,
  type Vec2,
} from '@impulse/core/mirror-kit';
import { Record } from '../protocol/frame_layout.js';
import type { ClientContext } from './context.js';

export class FrameReads {
  private readonly record = new Float64Array(Record.Size);
  private readonly scratchTransform = new Transform();
  private readonly scratchAABB = new AABB();

  constructor(private readonly ctx: ClientContext) {}

  /** Copies body `bodyId`'s newest record into `record`; false when it is not published yet. */
  private readBody(bodyId: BodyId): boolean {
    const { mirror, link } = this.ctx;
    return link.reader.readRecord(mirror.getBodySlot(bodyId), bodyId, this.record);
  }

  getBodyPosition(bodyId: BodyId): Vec2 {
    const created = this.ctx.mirror.getBodyPosition(bodyId); // checks the id, with the core's message
    if (!this.readBody(bodyId)) return created;
    return { x: this.record[BodyRecord.X]!, y: this.record[BodyRecord.Y]! };
  }

  getBodyRotation(bodyId: BodyId): { c: number; s: number } {
    const q = this.ctx.mirror.getBodyRotation(bodyId);
    if (this.readBody(bodyId)) {
      q.c = this.record[BodyRecord.C]!;
      q.s = this.record[BodyRecord.S]!;
    }
    return q;
  }

  getBodyAngle(bodyId: BodyId): number {
    const q = this.getBodyRotation(bodyId);
    return atan2(q.s, q.c);
  }

  getShapeAABB(shapeId: ShapeId): QueryAABB {
    const mirror = this.ctx.mirror;
    const created = mirror.getShapeAABB(shapeId); // the core's checks; the box where it was made
    if (!this.readBody(mirror.getShapeBody(shapeId))) return created;
    const r = this.record;
    const xf = this.scratchTransform.set(
      r[BodyRecord.X]!,
      r[BodyRecord.Y]!,
      r[BodyRecord.C]!,
      r[BodyRecord.S]!,
    );
    const box = computeShapeAABB(
      mirror.getShapeType(shapeId),
      mirror.getShapeGeometry(shapeId),
      xf,
      this.scratchAABB,
    );
    return { minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY };
  }

  getBodyWorldCenter(bodyId: BodyId): Vec2 {
    const mirror = this.ctx.mirror;
    const lc = mirror.getBodyLocalCenter(bodyId);
    return this.toWorld(bodyId, lc.x, lc.y, mirror.getBodyWorldCenter(bodyId));
  }

  getBodyWorldPoint(bodyId: BodyId, localPoint: Vec2): Vec2 {
    const created = this.ctx.mirror.getBodyWorldPoint(bodyId, localPoint); // the core's checks
    return this.toWorld(bodyId, localPoint.x, localPoint.y, created);
  }

  getBodyLocalPoint(bodyId: BodyId, worldPoint: Vec2): Vec2 {
    const created = this.ctx.mirror.getBodyLocalPoint(bodyId, worldPoint);
    if (!this.readBody(bodyId)) return created;
    const r = this.record;
    const dx = worldPoint.x - r[BodyRecord.X]!;
    const dy = worldPoint.y - r[BodyRecord.Y]!;
    const c = r[BodyRecord.C]!;
    const s = r[BodyRecord.S]!;
    return { x: c * dx + s * dy, y: -s * dx + c * dy };
  }

  /** `(lx, ly)` of the body's frame in world coordinates; `unpublished` before its first step. */
  private toWorld(bodyId: BodyId, lx: number, ly: number, unpublished: Vec2): Vec2 {
    if (!this.readBody(bodyId)) return unpublished;
    const r = this.record;
    const c = r[BodyRecord.C]!;
    const s = r[BodyRecord.S]!;
    return { x: r[BodyRecord.X]! + c * lx - s * ly, y: r[BodyRecord.Y]! + s * lx + c * ly };
  }

  getBodyLinearVelocity(bodyId: BodyId): Vec2 {
    const created = this.ctx.mirror.getBodyLinearVelocity(bodyId);
    if (!this.readBody(bodyId)) return created;
    return { x: this.record[BodyRecord.VX]!, y: this.record[BodyRecord.VY]! };
  }

  getBodyAngularVelocity(bodyId: BodyId): number {
    const w = this.ctx.mirror.getBodyAngularVelocity(bodyId);
    return this.readBody(bodyId) ? this.record[BodyRecord.W]! : w;
  }

  isBodyAwake(bodyId: BodyId): boolean {
    const awake = this.ctx.mirror.isBodyAwake(bodyId);
    return this.readBody(bodyId) ? this.record[BodyRecord.Awake] === 1 : awake;
  }

  readBodyTransforms(out: Float64Array, stride: number, offset: number, alpha: number): number {
    return this.ctx.link.reader.readBodies(out, stride, offset, alpha);
  }

  readContactPoints(out: Float64Array, stride: number): number {
    if (!(out instanceof Float64Array)) {
      throw new TypeError(`readContactPoints: out must be a Float64Array, got ${String(out)}`);
    }
    if (!Number.isInteger(stride) || stride < ContactPointRecord.Size) {
      throw new RangeError(
        `readContactPoints: stride must be an integer >= ${ContactPointRecord.Size}, got ${stride}`,
      );
    }
    return this.ctx.link.reader.readContactPoints(out, stride);
  }

  /**
   * A joint definition with its world points turned into local forms from the poses this
   * thread sees (the newest published step), so the mirror and the host store the same
   * joint: the host, stepping on, would otherwise resolve them from later poses.
   */
  localizeJoint(type: JointType, def: unknown): unknown {
    if (typeof def !== 'object' || def === null) return def;
    const d = def as { bodyA?: unknown; bodyB?: unknown };
    const a = d.bodyA as BodyId;
    const b = d.bodyB as BodyId;
    const mirror = this.ctx.mirror;
    if (!mirror.isValidBody(a) || !mirror.isValidBody(b)) return def; // the mirror says why
    return localizeJointDef(type, def, this.poseOf(a), this.poseOf(b));
  }

  private poseOf(bodyId: BodyId): BodyPose {
    if (this.readBody(bodyId)) {
      const r = this.record;
      return { x: r[BodyRecord.X]!, y: r[BodyRecord.Y]!, c: r[BodyRecord.C]!, s: r[BodyRecord.S]! };
    }
    const p = this.ctx.mirror.getBodyPosition(bodyId);
    const q = this.ctx.mirror.getBodyRotation(bodyId);
    return { x: p.x, y: p.y, c: q.c, s: q.s };
  }
}
