import { useLayoutEffect, useRef } from 'react';
import { useRuntime } from '../context.js';
import type { DebugContext, DebugDrawer, Matrix } from '../debug_draw.js';
import { usePhysicsFrame } from '../hooks/use_physics_frame.js';

/**
 * The debug overlay: every body's shapes outlined, and the contact points with their
 * normals, on a canvas fixed over the viewport (it takes no pointer events).
 * `<Physics debug>` renders one; it can also be placed by hand.
 *
 * It draws in the coordinates the bodies' elements are drawn in: the page (less its
 * scroll) for HTML, the `<svg>`'s screen matrix (its place on the page, its viewBox) for
 * SVG. That matrix is read when the overlay mounts, when the page scrolls or resizes and
 * when the set of elements changes, not every frame.
 *
 * The canvas is there from the first render; its drawing (debug_draw.ts) is a module of
 * its own, loaded when the first overlay mounts, so an app that never shows the overlay
 * does not load it. Frames before it arrives draw nothing.
 */
type DrawModule = typeof import('../debug_draw.js');

/** The drawing module, loaded by the first overlay that mounts. */
let drawModule: Promise<DrawModule> | null = null;

export function PhysicsDebug({ zIndex = 1000 }: { zIndex?: number }) {
  const runtime = useRuntime('<PhysicsDebug>');
  const canvas = useRef<HTMLCanvasElement>(null);
  const state = useRef<{
    /** The drawing module, once loaded. */
    draw: DrawModule | null;
    ctx: DebugContext | null;
    drawer: DebugDrawer | null;
    client: unknown;
    screen: Matrix;
    /** The matrix must be read again (scroll, resize, elements changed). */
    stale: boolean;
    targets: number;
  }>({
    draw: null,
    ctx: null,
    drawer: null,
    client: null,
    screen: { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 },
    stale: true,
    targets: -1,
  });
  useLayoutEffect(() => {
    const el = canvas.current;
    state.current.ctx = (el?.getContext('2d') as DebugContext | null) ?? null;
    // The worker publishes contact points only while an overlay draws them.
    const client = runtime.client;
    client.setDebugContacts(true);
    const view = el?.ownerDocument.defaultView ?? null;
    const stale = () => {
      state.current.stale = true;
      runtime.loop.invalidate();
    };
    view?.addEventListener('scroll', stale, { passive: true, capture: true });
    view?.addEventListener('resize', stale);
    // Redraw now: the loop skips frames while nothing moves.
    runtime.loop.invalidate();
    let mounted = true;
    drawModule ??= import('../debug_draw.js');
    drawModule.then(
      (module) => {
        if (!mounted) return;
        state.current.draw = module;
        runtime.loop.invalidate();
      },
      (error: unknown) => {
        // the chunk did not load (offline, a redeploy): the next overlay to mount tries again
        drawModule = null;
        console.warn('<PhysicsDebug>: the debug overlay could not load its drawing', error);
      },
    );
    return () => {
      mounted = false;
      view?.removeEventListener('scroll', stale, { capture: true });
      view?.removeEventListener('resize', stale);
      if (!client.isDisposed()) client.setDebugContacts(false);
    };
  }, [runtime]);
  usePhysicsFrame((frame) => {
    const el = canvas.current;
    const s = state.current;
    if (!el || !s.ctx || !s.draw) return;
    const client = runtime.client;
    if (s.client !== client) {
      s.drawer = new s.draw.DebugDrawer(client);
      s.client = client;
    }
    const view = el.ownerDocument.defaultView;
    const targets = runtime.loop.targets;
    if (s.stale || s.targets !== targets.size || targets.stale) {
      s.stale = false;
      s.targets = targets.size;
      s.screen = s.draw.screenMatrix(targets.svgRoot(), view);
    }
    const width = view?.innerWidth ?? el.width;
    const height = view?.innerHeight ?? el.height;
    if (el.width !== width) el.width = width;
    if (el.height !== height) el.height = height;
    s.drawer!.draw(s.ctx, frame, width, height, s.screen);
  });
  return (
    <canvas ref={canvas} style={{ position: 'fixed', left: 0, top: 0, pointerEvents: 'none', zIndex }} />
  );
}
