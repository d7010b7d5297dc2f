import type { CanvasCamera } from '@impulse/react';

/**
 * Draws a scene's status line (the mass ratio, blow-ups) at the stage's top right, from a
 * canvas scene's `onDraw`. A string read per frame: no React render when it changes.
 */
export function drawStageNote(ctx: CanvasRenderingContext2D, camera: CanvasCamera, note: string): void {
  if (!note) return;
  ctx.font = '600 13px system-ui, sans-serif';
  ctx.textAlign = 'right';
  ctx.fillStyle = '#cbd5e1';
  // a narrow stage wraps the stats strip onto three rows: the note goes below it
  ctx.fillText(note, camera.width - 14, camera.width < 560 ? 100 : 26);
  ctx.textAlign = 'start';
}
