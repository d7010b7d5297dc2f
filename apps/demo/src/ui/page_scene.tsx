import type { BodyId } from '@impulse/core';
import { usePhysics } from '@impulse/react';
import { useLayoutEffect, useState } from 'react';
import { type CanvasSceneHandle, Publish, type StageView } from './CanvasScene';

/**
 * Publishes a scene whose bodies `<PhysicsCanvas>` does not draw (HTML elements, a Pixi
 * stage): page points come from `<Physics>`' mapping, there are no draw timings to show,
 * and a pointer pressed anywhere counts as a drag (the renderer cannot say which body it
 * holds).
 */
export function PublishPage({
  renderer,
  onScene,
}: {
  /** What the test hook reports as the renderer. */
  renderer: string;
  onScene: (s: CanvasSceneHandle | null) => void;
}) {
  const api = usePhysics();
  const [view] = useState<{ current: StageView | null }>({ current: null });
  useLayoutEffect(() => {
    const press = watchPointerPress();
    view.current = {
      perf: { readMs: Number.NaN, drawMs: Number.NaN, frames: 0 },
      renderer,
      toPage: (p) => {
        const s = api.worldToScreen(p);
        return { x: s.x - window.scrollX, y: s.y - window.scrollY };
      },
      fromPage: (x, y) => api.screenToWorld({ x: x + window.scrollX, y: y + window.scrollY }),
      draggedBody: () => (press.down ? (0 as BodyId) : null),
    };
    return () => {
      press.stop();
      view.current = null;
    };
  }, [api, renderer, view]);
  return <Publish canvas={view} onScene={onScene} />;
}

/** Whether a pointer is down anywhere on the page (capture phase: a body's own handler cannot hide it). */
function watchPointerPress(): { readonly down: boolean; stop(): void } {
  const state = {
    down: false,
    stop: () => {
      window.removeEventListener('pointerdown', press, true);
      window.removeEventListener('pointerup', release, true);
    },
  };
  const press = () => {
    state.down = true;
  };
  const release = () => {
    state.down = false;
  };
  window.addEventListener('pointerdown', press, true);
  window.addEventListener('pointerup', release, true);
  return state;
}
