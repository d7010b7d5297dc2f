/**
 * Keeps what walls held inside them when the walls move in (`<Bounds>` after its container
 * or the window shrank). Walls are static bodies that are teleported, not swept: a body
 * the new wall lands on is pushed out of whichever side is nearer, and one left beyond the
 * new wall falls for ever. So, in the same commit as the walls move (before any step), every
 * movable body that was inside the old walls and reaches past the new ones is moved back
 * inside by the least translation, keeping its angle and velocity.
 */
import { type BodyId, BodyRecord, BodyType } from '@impulse/core/contract';
import type { PhysicsClient } from '@impulse/worker';

/** An axis-aligned box in world units; a missing wall is an infinite side. */
export interface WallBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Moves the bodies held in `before` into `after`. Returns how many were moved. */
export function containBodies(client: PhysicsClient, before: WallBox, after: WallBox): number {
  const records = new Float64Array(client.getBodySlotCount() * BodyRecord.Size);
  const slots = client.readBodyTransforms(records);
  let moved = 0;
  for (let slot = 0; slot < slots; slot++) {
    const id = records[slot * BodyRecord.Size + BodyRecord.Id]! as BodyId;
    if (id === 0 || !client.isValidBody(id) || client.getBodyType(id) === BodyType.Static) continue;
    const shapes = client.getBodyShapes(id);
    if (shapes.length === 0) continue;
    let minX = Number.POSITIVE_INFINITY;
    let minY = Number.POSITIVE_INFINITY;
    let maxX = Number.NEGATIVE_INFINITY;
    let maxY = Number.NEGATIVE_INFINITY;
    for (const shape of shapes) {
      const box = client.getShapeAABB(shape);
      minX = Math.min(minX, box.minX);
      minY = Math.min(minY, box.minY);
      maxX = Math.max(maxX, box.maxX);
      maxY = Math.max(maxY, box.maxY);
    }
    const cx = (minX + maxX) / 2;
    const cy = (minY + maxY) / 2;
    // Only what the old walls held: a body elsewhere in the world is not theirs to move.
    if (!(cx >= before.minX && cx <= before.maxX && cy >= before.minY && cy <= before.maxY)) continue;
    const dx = shift(minX, maxX, after.minX, after.maxX);
    const dy = shift(minY, maxY, after.minY, after.maxY);
    if (dx === 0 && dy === 0) continue;
    const p = client.getBodyPosition(id);
    client.setBodyTransform(id, { x: p.x + dx, y: p.y + dy }, client.getBodyAngle(id));
    client.setBodyAwake(id, true);
    moved++;
  }
  return moved;
}

/** The least shift that brings [lo, hi] inside [min, max] (centered when it is wider). */
function shift(lo: number, hi: number, min: number, max: number): number {
  if (hi - lo >= max - min) return (min + max) / 2 - (lo + hi) / 2;
  if (lo < min) return min - lo;
  if (hi > max) return max - hi;
  return 0;
}
