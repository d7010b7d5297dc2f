import { useEffect, useLayoutEffect, useRef } from 'react';
import { useRuntime } from '../context.js';
import type { FrameCallback } from '../frame_loop.js';

/**
 * Calls `callback` on each display frame that shows new transforms, with every body's
 * (interpolated) record: for canvas, Pixi or three.js renderers. The frame object and its
 * array are reused: read them inside the callback. No React render is involved; the
 * latest callback is used without re-subscribing.
 */
export function usePhysicsFrame(callback: FrameCallback): void {
  const runtime = useRuntime('usePhysicsFrame');
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  useEffect(() => runtime.loop.addCallback((frame) => latest.current(frame)), [runtime]);
}
