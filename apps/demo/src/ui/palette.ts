/** The demo's colours that scenes share. */

import { DEFAULT_PALETTE } from '@impulse/react';

/**
 * What the legend shows for each body state, as <PhysicsCanvas> draws them by default: the
 * palette's first colour awake, that colour dimmed 55 % toward slate asleep (canvas/body_style.ts),
 * and the static fill.
 */
export const STATE_COLORS = {
  awake: DEFAULT_PALETTE[0]!,
  sleeping: 'rgb(138, 107, 52)',
  static: '#1f2937',
} as const;

/** A scene's highlight colour (the heavy body, the naive spring, the wrecking ball): not in the palette. */
export const HIGHLIGHT = '#ef4444';
