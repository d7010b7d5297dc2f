import { useLayoutEffect, useRef } from 'react';
import { useRuntime } from '../context.js';
import { type DebugContext, DebugDrawer } from '../debug_draw.js';
import { usePhysicsFrame } from '../hooks/use_physics_frame.js';

/**
 * The debug overlay: every body's shapes outlined, and the contact points with their
 * normals, on a canvas fixed over the viewport (it takes no pointer events). `<Physics debug>` renders one; it can also be placed by hand.
 */
export function PhysicsDebug({ zIndex = 1000 }: { zIndex?: number }) {
  const runtime = useRuntime('<PhysicsDebug>');
  const canvas = useRef<HTMLCanvasElement>(null);
  const state = useRef<{ ctx: DebugContext | null; drawer: DebugDrawer | null; client: unknown }>({
    ctx: null,
    drawer: null,
    client: null,
  });
  useLayoutEffect(() => {
    const el = canvas.current;
    state.current.ctx = (el?.getContext('2d') as DebugContext | null) ?? null;
    // The worker publishes contact points only while an overlay draws them.
    const client = runtime.client;
    client.setDebugContacts(true);
    // Redraw now: the loop skips frames while nothing moves.
    runtime.loop.invalidate();
    return () => {
      if (!client.isDisposed()) client.setDebugContacts(false);
    };
  }, [runtime]);
  usePhysicsFrame((frame) => {
    const el = canvas.current;
    const s = state.current;
    if (!el || !s.ctx) return;
    const client = runtime.client;
    if (s.client !== client) {
      s.drawer = new DebugDrawer(client);
      s.client = client;
    }
    const view = el.ownerDocument.defaultView;
    const width = view?.innerWidth ?? el.width;
    const height = view?.innerHeight ?? el.height;
    if (el.width !== width) el.width = width;
    if (el.height !== height) el.height = height;
    s.drawer!.draw(s.ctx, frame, width, height, view?.scrollX ?? 0, view?.scrollY ?? 0);
  });
  return (
    <canvas ref={canvas} style={{ position: 'fixed', left: 0, top: 0, pointerEvents: 'none', zIndex }} />
  );
}
