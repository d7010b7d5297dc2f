import type { CanvasCamera } from '@impulse/react';

interface Point {
  x: number;
  y: number;
}

const COILS = 12;

/**
 * A coil spring from `top` (on the ceiling) to `bottom` (the bob's top), in world
 * coordinates, with its name and tuning written above the ceiling. Drawn every frame:
 * plain numbers, no allocation beyond the label strings the caller keeps.
 */
export function drawSpring(
  ctx: CanvasRenderingContext2D,
  camera: CanvasCamera,
  top: Point,
  bottom: Point,
  color: string,
  label: string,
  sub: string,
): void {
  const x0 = camera.toScreenX(top.x);
  const y0 = camera.toScreenY(top.y);
  const x1 = camera.toScreenX(bottom.x);
  const y1 = camera.toScreenY(bottom.y);
  const amp = Math.max(4, 0.18 * camera.scale);
  const dx = x1 - x0;
  const dy = y1 - y0;
  const len = Math.hypot(dx, dy) || 1;
  const nx = -dy / len;
  const ny = dx / len;
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  for (let i = 1; i < 2 * COILS; i++) {
    const t = i / (2 * COILS);
    const side = i % 2 === 0 ? -1 : 1;
    ctx.lineTo(x0 + dx * t + nx * amp * side, y0 + dy * t + ny * amp * side);
  }
  ctx.lineTo(x1, y1);
  ctx.strokeStyle = color;
  ctx.lineWidth = 2;
  ctx.stroke();
  // on a narrow stage the columns are close: shorter labels in a smaller font
  const narrow = 7 * camera.scale < 150;
  const above = camera.toScreenY(top.y + 0.5);
  ctx.textAlign = 'center';
  ctx.fillStyle = '#e5e7eb';
  ctx.font = narrow ? '600 11px system-ui, sans-serif' : '600 13px system-ui, sans-serif';
  ctx.fillText(narrow ? label.split(' ')[0]! : label, x0, above - (narrow ? 20 : 26));
  ctx.fillStyle = '#94a3b8';
  ctx.font = narrow ? '10px system-ui, sans-serif' : '12px system-ui, sans-serif';
  ctx.fillText(narrow ? sub.split(',')[0]! : sub, x0, above - (narrow ? 7 : 9));
  ctx.textAlign = 'start';
}
