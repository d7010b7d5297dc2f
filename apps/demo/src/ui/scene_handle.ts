/**
 * What the shell (stats overlay, transport badge) and the test hook need from the scene on
 * screen: a canvas scene (Sim) or the UI-physics scene, whose bodies are React's.
 */
import type { BodyId, Vec2 } from '@impulse/core';
import type { PhysicsClient } from '@impulse/worker';

export type Backend = 'worker' | 'inline';

export interface Perf {
  /** Main-thread time spent reading transforms and drawing, per frame (ms, smoothed); NaN if not measured. */
  workMs: number;
  /** Of workMs: reading the transforms (ms, smoothed). */
  readMs: number;
  /** Time between animation frames (ms, smoothed). */
  frameMs: number;
  fps: number;
  frames: number;
}

/**
 * Counts display frames into `perf` (the smoothed frame time and rate, and `frames`) until
 * the returned function is called; `each` runs after every count (a handle copying its
 * renderer's timings).
 */
export function startFrameClock(perf: Perf, each?: () => void): () => void {
  let raf = 0;
  let last = 0;
  const tick = (now: number) => {
    raf = requestAnimationFrame(tick);
    if (last > 0) {
      perf.frameMs += 0.1 * (now - last - perf.frameMs);
      perf.fps = 1000 / perf.frameMs;
    }
    last = now;
    perf.frames++;
    each?.();
  };
  raf = requestAnimationFrame(tick);
  return () => cancelAnimationFrame(raf);
}

export interface SceneHandle {
  readonly client: PhysicsClient;
  readonly backend: Backend;
  readonly perf: Perf;
  /**
   * A body the browser test drags (a free, dynamic one); null: the test picks the highest slow
   * body. A scene whose bodies start static offers none until they can move.
   */
  testBody: BodyId | null;
  /** The bodies that can move now (a static piece is not listed until it turns dynamic). */
  dynamicBodies(): BodyId[];
  /** A body's position in the viewport (CSS pixels). */
  bodyPagePoint(body: BodyId): Vec2 | null;
  /** A viewport point in world coordinates. */
  pageToWorld(x: number, y: number): Vec2 | null;
  /**
   * The body a pointer holds, else null. A page scene sees the press but not the body: 0 while
   * a pointer is down there.
   */
  draggedBody(): BodyId | null;
  /** The short status line a scene shows on the stage (blow-ups, broken joints), or ''. */
  note?: string;
  /** Bodies of `<Physics>`' machinery, not of the scene (the drag anchor, once made): left out of the count. */
  readonly hiddenBodies: number;
  /** The renderer drawing the scene, where it is not the Sim's Canvas 2D. */
  readonly renderer?: string;
  /** React renders of the scene's components since it mounted (the UI scene counts them). */
  reactRenders?(): number;
  /** Worlds side by side (the solver lab's panes); the handle answers for the focused one. */
  paneCount?(): number;
  /** Makes pane `index` the one the handle answers for. */
  focusPane?(index: number): void;
}
