/**
 * The grid behind the bodies (`<PhysicsCanvas grid>`): faint lines on round meters that
 * give a scene its scale. The spacing follows the zoom so lines stay at least 18 px
 * apart (1 m, else 5 m, else 20 m); a renderer draws them right after clearing, so bodies
 * cover them.
 */
import { parseColor, type Rgba } from './body_style.js';
import type { CanvasCamera } from './camera.js';

/** The grid's colour: slate at 6 % over the background. */
export const GRID_RGBA: Rgba = [148, 163, 184, 0.06];

/** Line spacing (m) at `scale` px per meter. */
export function gridStep(scale: number): number {
  return scale >= 18 ? 1 : scale >= 4 ? 5 : 20;
}

/** Distance between grid lines in canvas CSS px. */
export function gridSpacingPx(camera: CanvasCamera): number {
  return gridStep(camera.scale) * camera.scale;
}

/**
 * The first line at or after 0 (CSS px) of lines through whole multiples of the step,
 * given the world origin's canvas coordinate (`camera.originX` or `originY`); the next ones
 * follow `gridSpacingPx` apart. (Plain numbers, not a callback: drawn every frame.)
 */
export function firstGridLine(origin: number, spacingPx: number): number {
  const p = origin % spacingPx;
  return p < 0 ? p + spacingPx : p;
}

/** The grid colour laid over an opaque background (WebGL clears with it: no blending). */
export function gridOver(background: string): Rgba {
  const b = parseColor(background);
  const a = GRID_RGBA[3];
  return [
    b[0] + (GRID_RGBA[0] - b[0]) * a,
    b[1] + (GRID_RGBA[1] - b[1]) * a,
    b[2] + (GRID_RGBA[2] - b[2]) * a,
    1,
  ];
}
