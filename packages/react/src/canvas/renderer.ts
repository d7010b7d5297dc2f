/**
 * What a body renderer is given each frame, and what it must do: draw every slot whose
 * `slotStyle` is not -1 with the style table's style, bodies of static styles first.
 * The classification (which slot has which style this frame) is done once by the canvas
 * component; renderers only draw.
 */
import type { DrawEntry } from './draw_list.js';
import type { StyleTable } from './body_style.js';
import type { CanvasCamera } from './camera.js';

export interface RenderFrame {
  /** One BodyRecord per slot (the frame loop's array). */
  records: Float64Array;
  slotCount: number;
  /** The draw entry of each slot (undefined or stale: not drawn; slotStyle says which). */
  entries: readonly (DrawEntry | undefined)[];
  /** Style id per slot this frame; -1: not drawn. */
  slotStyle: Int32Array;
  /** 1 for slots of static bodies (drawn first). */
  slotStatic: Uint8Array;
  styles: StyleTable;
  camera: CanvasCamera;
  background: string;
  /** Draw the grid (grid.ts) over the background, under the bodies. */
  grid: boolean;
}

export type RendererKind = 'canvas2d' | 'webgl';

export interface BodyRenderer {
  readonly kind: RendererKind;
  /** The canvas's size changed (CSS px, device pixel ratio). */
  resize(width: number, height: number, dpr: number): void;
  /** Clears and draws the bodies. */
  draw(frame: RenderFrame): void;
  dispose(): void;
}
