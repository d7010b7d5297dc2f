/**
 * On a phone a canvas scene's stage is as tall as its view box needs at the stage's width
 * (the box fitted edge to edge, plus the canvas's padding), and no taller than every stage's
 * 62dvh: a wide scene (the bridge, the mass ratios) then fills its stage instead of sitting
 * small at the bottom of a tall, mostly empty one, and its controls come up the page. The
 * CSS that sizes the stage (styles.css, "narrow screens") reads these variables; a view
 * that is a function (a camera that follows a body) sets none and keeps 62dvh.
 */
import type { CanvasPadding, CanvasViewBox, CanvasViewFn } from '@impulse/react';
import type { CSSProperties } from 'react';

export function stageFitStyle(
  view: CanvasViewBox | CanvasViewFn,
  padding: Required<CanvasPadding>,
): CSSProperties | undefined {
  if (typeof view === 'function') return undefined;
  return {
    '--view-aspect': (view.y1 - view.y0) / (view.x1 - view.x0),
    '--view-pad-x': `${padding.left + padding.right}px`,
    '--view-pad-y': `${padding.top + padding.bottom}px`,
  } as CSSProperties;
}
