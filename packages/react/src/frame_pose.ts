/**
 * A body's pose in a rendered frame, read without allocating: what a frame callback or a
 * canvas view function needs to follow a body (a camera, a label over it).
 */
import { BodyRecord } from '@impulse/core/contract';
import type { PhysicsFrame } from './frame_loop.js';

/** A body's position (m) and angle (rad) as a frame shows it. */
export interface FramePose {
  x: number;
  y: number;
  angle: number;
}

/**
 * Writes into `out` the pose of `body` (a body's or a character's api: anything with a
 * `slot`) in `frame`, interpolated as drawn. Returns false, leaving `out` as it was, when
 * the body is not in the frame (not created yet, or gone).
 */
export function readFramePose(frame: PhysicsFrame, body: { readonly slot: number }, out: FramePose): boolean {
  const slot = body.slot;
  if (slot < 0 || slot >= frame.slotCount) return false;
  const o = slot * BodyRecord.Size;
  const r = frame.records;
  // a free slot has id 0 (the body is gone, or not published yet)
  if (r[o + BodyRecord.Id] === 0) return false;
  out.x = r[o + BodyRecord.X]!;
  out.y = r[o + BodyRecord.Y]!;
  out.angle = Math.atan2(r[o + BodyRecord.S]!, r[o + BodyRecord.C]!);
  return true;
}
