/**
 * Persistent ray casts: registered once, cast by the host after every step, their results
 * published in the frame beside the poses (RayResult slots), so a character's ground probe
 * or a laser sensor is read synchronously every frame, with no message. Each result counts
 * the times the ray began and stopped hitting, so a reader that skips frames still learns
 * of both.
 */
import type { QueryFilter, World } from '@impulse/core';
import { MAX_PERSISTENT_RAYS, RAYS, RayResult } from '../protocol/frame_layout.js';

export class PersistentRays {
  private readonly ids = new Float64Array(MAX_PERSISTENT_RAYS);
  /** Origin and translation of each ray: 4 doubles a slot. */
  private readonly rays = new Float64Array(MAX_PERSISTENT_RAYS * 4);
  private readonly filters: (Partial<QueryFilter> | undefined)[] = new Array(MAX_PERSISTENT_RAYS).fill(
    undefined,
  );
  private readonly results = new Float64Array(MAX_PERSISTENT_RAYS * RayResult.Size);
  private readonly origin = { x: 0, y: 0 };
  private readonly translation = { x: 0, y: 0 };
  private count = 0;

  /** Registers (or replaces) the ray in `slot`. */
  set(
    slot: number,
    id: number,
    ox: number,
    oy: number,
    tx: number,
    ty: number,
    filter: Partial<QueryFilter> | null,
  ): void {
    if (this.ids[slot] === 0) this.count++;
    this.ids[slot] = id;
    this.filters[slot] = filter ?? undefined;
    this.results.fill(0, slot * RayResult.Size, (slot + 1) * RayResult.Size);
    this.results[slot * RayResult.Size + RayResult.Id] = id;
    this.move(slot, ox, oy, tx, ty);
  }

  /** Moves a registered ray (ignored for a free slot: the ray was destroyed meanwhile). */
  move(slot: number, ox: number, oy: number, tx: number, ty: number): void {
    const o = slot * 4;
    this.rays[o] = ox;
    this.rays[o + 1] = oy;
    this.rays[o + 2] = tx;
    this.rays[o + 3] = ty;
  }

  remove(slot: number): void {
    if (this.ids[slot] !== 0) this.count--;
    this.ids[slot] = 0;
    this.filters[slot] = undefined;
    this.results.fill(0, slot * RayResult.Size, (slot + 1) * RayResult.Size);
  }

  /** Casts every registered ray against the world as it is now. */
  evaluate(world: World): void {
    if (this.count === 0) return;
    for (let slot = 0; slot < MAX_PERSISTENT_RAYS; slot++) {
      if (this.ids[slot] === 0) continue;
      const o = slot * 4;
      this.origin.x = this.rays[o]!;
      this.origin.y = this.rays[o + 1]!;
      this.translation.x = this.rays[o + 2]!;
      this.translation.y = this.rays[o + 3]!;
      const hit = world.castRayClosest(this.origin, this.translation, this.filters[slot]);
      const r = slot * RayResult.Size;
      const res = this.results;
      const was = res[r + RayResult.Hit] === 1;
      if (hit && !was) res[r + RayResult.BeganCount]!++;
      if (!hit && was) res[r + RayResult.EndedCount]!++;
      res[r + RayResult.Hit] = hit ? 1 : 0;
      res[r + RayResult.PointX] = hit ? hit.point.x : 0;
      res[r + RayResult.PointY] = hit ? hit.point.y : 0;
      res[r + RayResult.NormalX] = hit ? hit.normal.x : 0;
      res[r + RayResult.NormalY] = hit ? hit.normal.y : 0;
      res[r + RayResult.Fraction] = hit ? hit.fraction : 1;
      res[r + RayResult.Shape] = hit ? hit.shapeId : 0;
      res[r + RayResult.Body] = hit ? hit.bodyId : 0;
    }
  }

  /** Copies the results into a frame. */
  write(frame: Float64Array): void {
    frame.set(this.results, RAYS);
  }
}
