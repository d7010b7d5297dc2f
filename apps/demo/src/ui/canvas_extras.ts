/** What the demo's canvas scenes draw besides the bodies (in `<PhysicsCanvas onDraw>`). */
import type { CanvasCamera } from '@impulse/react';

const GRID = 'rgba(148, 163, 184, 0.06)';

/** A faint metre grid (5 m or 20 m when zoomed out), aligned with the world origin. */
export function drawGrid(ctx: CanvasRenderingContext2D, camera: CanvasCamera): void {
  const k = camera.scale;
  const step = k >= 18 ? 1 : k >= 4 ? 5 : 20;
  const px = step * k;
  ctx.beginPath();
  let x = camera.originX % px;
  if (x < 0) x += px;
  for (; x < camera.width; x += px) {
    ctx.moveTo(Math.round(x) + 0.5, 0);
    ctx.lineTo(Math.round(x) + 0.5, camera.height);
  }
  let y = camera.originY % px;
  if (y < 0) y += px;
  for (; y < camera.height; y += px) {
    ctx.moveTo(0, Math.round(y) + 0.5);
    ctx.lineTo(camera.width, Math.round(y) + 0.5);
  }
  ctx.strokeStyle = GRID;
  ctx.lineWidth = 1;
  ctx.stroke();
}
