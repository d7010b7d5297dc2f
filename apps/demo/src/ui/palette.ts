/** The demo's colours that scenes share. */

/** A scene's highlight colour (the heavy body, the naive spring, the wrecking ball): not in the palette. */
export const HIGHLIGHT = '#ef4444';
