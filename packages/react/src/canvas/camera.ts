/**
 * A canvas's world → canvas mapping (CSS pixels, y down): `sx = ox + k x`, `sy = oy - k y`.
 * Either it fits a world box (`view`) into the canvas below and beside the padding, or it
 * takes `<Physics>`' scale and origin, measured from the canvas's top-left corner.
 */
import type { Vec2 } from '@impulse/core';
import type { ScreenMapping } from '../screen.js';

/** The part of the world to keep in view (m). */
export interface CanvasViewBox {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** Space (CSS px) kept free at the canvas's edges when fitting a view box (an overlay, a toolbar). */
export interface CanvasPadding {
  top?: number;
  right?: number;
  bottom?: number;
  left?: number;
}

export class CanvasCamera {
  /** Pixels per meter. */
  scale = 100;
  /** Canvas point (CSS px) of the world origin. */
  originX = 0;
  originY = 0;
  /** Canvas size (CSS px). */
  width = 1;
  height = 1;

  toScreenX(x: number): number {
    return this.originX + this.scale * x;
  }

  toScreenY(y: number): number {
    return this.originY - this.scale * y;
  }

  toWorldX(sx: number): number {
    return (sx - this.originX) / this.scale;
  }

  toWorldY(sy: number): number {
    return (this.originY - sy) / this.scale;
  }

  toWorld(sx: number, sy: number): Vec2 {
    return { x: this.toWorldX(sx), y: this.toWorldY(sy) };
  }

  /** Fits `view` (the whole box visible, its bottom on the padded bottom edge, centered across). */
  fit(view: CanvasViewBox, padding: CanvasPadding): void {
    const top = padding.top ?? 8;
    const right = padding.right ?? 8;
    const bottom = padding.bottom ?? 8;
    const left = padding.left ?? 8;
    const w = Math.max(1, this.width - left - right);
    const h = Math.max(1, this.height - top - bottom);
    this.scale = Math.max(1e-6, Math.min(w / (view.x1 - view.x0), h / (view.y1 - view.y0)));
    this.originX = left + w / 2 - this.scale * 0.5 * (view.x0 + view.x1);
    this.originY = this.height - bottom + this.scale * view.y0;
  }

  /** Takes a `<Physics>` mapping (y flipped or not: a canvas draws y up). */
  follow(m: Readonly<ScreenMapping>): void {
    this.scale = m.scale;
    this.originX = m.originX;
    this.originY = m.originY;
  }
}
