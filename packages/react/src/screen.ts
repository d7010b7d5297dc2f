/**
 * World ↔ screen mapping. The world is in meters, y up; the screen in CSS pixels (or SVG
 * user units), y down. `scale` is pixels per meter, `originX/Y` the screen point of the
 * world origin, and `flipY` (default true) turns y-up into y-down. One mutable object per
 * `<Physics>`, read by the frame loop every frame (no allocation) and updated in place
 * when the props change.
 */
import type { Vec2 } from '@impulse/core';

export interface ScreenMapping {
  /** Pixels per meter. */
  scale: number;
  /** Screen x (px) of the world origin. */
  originX: number;
  /** Screen y (px) of the world origin. */
  originY: number;
  /** True (default): world y up is screen y down. */
  flipY: boolean;
}

export function createMapping(
  scale = 100,
  origin: Readonly<Vec2> = { x: 0, y: 0 },
  flipY = true,
): ScreenMapping {
  checkMapping(scale, origin);
  return { scale, originX: origin.x, originY: origin.y, flipY };
}

export function checkMapping(scale: number, origin: Readonly<Vec2>): void {
  if (!(scale > 0 && Number.isFinite(scale))) {
    throw new RangeError(`<Physics>: scale must be a positive number of pixels per meter, got ${scale}`);
  }
  if (!Number.isFinite(origin.x) || !Number.isFinite(origin.y)) {
    throw new RangeError(`<Physics>: origin must be a finite point, got (${origin.x}, ${origin.y})`);
  }
}

export function worldToScreenX(m: ScreenMapping, x: number): number {
  return m.originX + m.scale * x;
}

export function worldToScreenY(m: ScreenMapping, y: number): number {
  return m.flipY ? m.originY - m.scale * y : m.originY + m.scale * y;
}

/** A world angle (radians, counter-clockwise) as a screen angle (radians, clockwise when flipped). */
export function worldToScreenAngle(m: ScreenMapping, angle: number): number {
  return m.flipY ? -angle : angle;
}

export function screenToWorldX(m: ScreenMapping, px: number): number {
  return (px - m.originX) / m.scale;
}

export function screenToWorldY(m: ScreenMapping, py: number): number {
  return m.flipY ? (m.originY - py) / m.scale : (py - m.originY) / m.scale;
}

export function worldToScreen(m: ScreenMapping, p: Readonly<Vec2>): Vec2 {
  return { x: worldToScreenX(m, p.x), y: worldToScreenY(m, p.y) };
}

export function screenToWorld(m: ScreenMapping, p: Readonly<Vec2>): Vec2 {
  return { x: screenToWorldX(m, p.x), y: screenToWorldY(m, p.y) };
}
